"""The class report is a contract: the same figures from a class store's server as from the station's own store
for the same items, and each trainee's part the same as their own report."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import psycopg

from tests.store.conftest import Clock, hand
from trainer.scoring import Mode, SetResult
from trainer.store import Store
from trainer.store.classroom import ClassStore
from trainer.store.instructor import Exam, record_attempt, save_exam
from trainer.store.records import ProfileId
from trainer.store.reports import TraineeReport, class_report, trainee_report
from trainer.store.skills import SkillKind, catalogue


def _score_a_class(store: Store, clock: Clock) -> None:
    """Three trainees' weeks: several drills and situations, more items of one skill than a mastery window holds,
    wrong hands, wrong attempts and steps the table finished, speed sets."""
    situations = [entry.name for entry in catalogue().values() if entry.kind is SkillKind.SITUATION][:4]
    for number, name in enumerate(("Ana", "Bo", "Cy")):
        trainee = store.profile_or_new(name)
        for day in range(3):
            for count in range(25 if number == 0 else 6):
                situation = situations[(count + number) % len(situations)]
                result = hand(situation, "flush", 100 + count, correct=6 - (count + day) % 3,
                              seconds=8.0 + count % 5, mode=Mode.SPEED if count % 4 == 0 else Mode.PRACTICE)
                if count % 5 == 0:
                    result = dataclasses.replace(result, wrong_attempts=result.steps - result.correct + 2,
                                                 left_to_table=1 if result.correct < result.steps else 0)
                store.record_item(trainee, result)
                clock.advance(minutes=2)
            store.record_item(trainee, hand("trips", "full-house", 7, drill="trips", correct=5, seconds=30.0))
            clock.advance(days=1)


def _plain(reports: list[TraineeReport]) -> list[object]:
    """The reports without the ids that differ between two stores."""
    return [(report.profile.name, dataclasses.replace(report, attempts=[dataclasses.replace(attempt, uid="")
                                                                        for attempt in report.attempts],
                                                      profile=dataclasses.replace(report.profile, id=ProfileId(0),
                                                                                  uid="", created="")))
            for report in reports]


def test_the_class_report_from_the_server_is_the_report_from_the_stations_own_store(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    owner, instructor, station = class_urls
    exam = Exam("Final", "blind", hands=2, pass_mark=75.0, time_limit_minutes=10.0)
    found = []
    stores: tuple[tuple[Callable[[Clock], Store], Clock], ...] = (
        (lambda c: Store.open(tmp_path / "alone", clock=c), Clock()),
        (lambda c: ClassStore.open_class(station, tmp_path / "station", clock=c), Clock()))
    for opened, clock in stores:
        with opened(clock) as store:
            _score_a_class(store, clock)
            if isinstance(store, ClassStore):
                assert store.waiting() == 0
                with ClassStore.open_class(instructor, tmp_path / "desk") as desk:
                    saved = save_exam(desk, exam)
            else:
                saved = save_exam(store, exam)
            record_attempt(store, store.profile("Bo"), saved, SetResult("blind", Mode.EXAM, [hand(seed=9)] * 2),
                           seconds=100.0)
        with opened(clock) if not isinstance(store, ClassStore) else ClassStore.open_class(
                instructor, tmp_path / "desk") as reader:
            whole = class_report(reader)
            assert _plain(whole) == _plain([trainee_report(reader, profile) for profile in reader.profiles()])
            found.append(whole)
    alone, shared = found
    assert [report.profile.name for report in shared] == ["Ana", "Bo", "Cy"]
    ana = alone[0]
    for report in shared:  # as Python's numbers, not the server's decimals
        assert {type(value) for value in dataclasses.astuple(report.totals)} <= {int, float, str}
    assert ana.totals.items == 78 and ana.totals.days == 3
    assert ana.totals.wrong_attempts > ana.totals.steps_wrong and ana.totals.left_to_table > 0
    assert [(entry.skill.name, entry.items) for entry in ana.drills] == [("blind", 50), ("trips", 3)]  # a window: 50
    assert [attempt.exam for attempt in alone[1].attempts] == ["Final"]
    assert _plain(shared) == _plain(alone)
    with psycopg.connect(owner) as connection:
        assert connection.execute("SELECT count(*) FROM item").fetchone() == (78 + 2 * 21,)


def test_the_pdf_report_of_a_class_store_has_a_station_column_and_a_stations_own_store_none(
        tmp_path: Path, class_urls: tuple[str, str, str], add_station: Callable[[str], str]) -> None:
    from trainer.gui.progress.pdf import build_document
    from trainer.store.classroom import with_stations
    from trainer.store.reports import StationCount

    _owner, instructor, _station = class_urls
    clock = Clock()
    for name, count in (("front-1", 2), ("back-2", 3)):
        with ClassStore.open_class(add_station(name), tmp_path / name, clock=clock) as store:
            for seed in range(count):
                store.record_item(store.profile_or_new("Ana"), hand(seed=seed))
                clock.advance(minutes=1)
            store.record_item(store.profile_or_new("Bo" if name == "back-2" else "Cy"), hand(seed=9))
    with ClassStore.open_class(instructor, tmp_path / "desk") as desk:
        reports = with_stations(desk, class_report(desk))
        one = with_stations(desk, [trainee_report(desk, desk.profile("Ana"))])
    assert [(report.profile.name, report.stations) for report in reports] == [
        ("Ana", (StationCount("back-2", 3, "2025-03-03T09:04:00+00:00"),
                 StationCount("front-1", 2, "2025-03-03T09:01:00+00:00"))),
        ("Bo", (StationCount("back-2", 1, "2025-03-03T09:05:00+00:00"),)),
        ("Cy", (StationCount("front-1", 1, "2025-03-03T09:02:00+00:00"),))]
    assert one[0].stations == reports[0].stations
    with psycopg.connect(instructor, autocommit=True) as connection:  # a correction: the server keeps count
        connection.execute("DELETE FROM item WHERE profile_id = (SELECT id FROM profile WHERE name = 'Bo')")
        connection.execute("DELETE FROM item WHERE id = (SELECT min(item.id) FROM item JOIN profile ON "
                           "profile.id = item.profile_id WHERE name = 'Ana' AND station = 'back-2')")
    with ClassStore.open_class(instructor, tmp_path / "desk") as desk:
        after = with_stations(desk, class_report(desk))
    assert [(report.profile.name, [(seen.station, seen.items) for seen in report.stations or ()])
            for report in after] == [("Ana", [("back-2", 2), ("front-1", 2)]), ("Bo", []), ("Cy", [("front-1", 1)])]
    text = build_document(reports, "Class report").toPlainText()
    assert "Stations" in text and "back-2, front-1" in text and "Last item" in text
    with Store.open(tmp_path / "alone") as alone:
        alone.record_item(alone.profile_or_new("Ana"), hand())
        plain = with_stations(alone, class_report(alone))
    assert plain[0].stations is None
    assert "Stations" not in build_document(plain, "Class report").toPlainText()


def test_the_class_csv_made_on_the_server_is_the_stations_csv_with_a_station_column(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    import csv

    from trainer.store.classroom import save_class_csv
    from trainer.store.reports import save_csv

    _owner, instructor, station = class_urls
    names = ("=HYPERLINK(\"x\")", "Ana;Bo", "-Cy, the second", "Di")
    stores: tuple[tuple[Callable[[Clock], Store], Path | None], ...] = (
        (lambda c: Store.open(tmp_path / "alone", clock=c), tmp_path / "alone.csv"),
        (lambda c: ClassStore.open_class(station, tmp_path / "st", clock=c), None))
    for opened, target in stores:
        clock = Clock()
        with opened(clock) as store:
            for number, name in enumerate(names):
                for seed in range(3):
                    result = hand(seed=seed, correct=6 - seed, seconds=7.25 + number)
                    if seed == 1:
                        result = dataclasses.replace(result, wrong_attempts=4, left_to_table=1)
                    store.record_item(store.profile_or_new(name), result)
                    clock.advance(minutes=1)
            if target is not None:
                save_csv(store, store.profiles(), target)
    with ClassStore.open_class(instructor, tmp_path / "desk") as desk:
        assert save_class_csv(desk, desk.profiles(), tmp_path / "class.csv") == 12
    alone = (tmp_path / "alone.csv").read_text(encoding="utf-8")
    shared = (tmp_path / "class.csv").read_text(encoding="utf-8")
    mine = list(csv.reader(alone.splitlines()))
    theirs = list(csv.reader(shared.splitlines()))
    assert theirs[0] == [*mine[0], "station"]
    assert [row[:-1] for row in theirs[1:]] == mine[1:]
    assert {row[-1] for row in theirs[1:]} == {"station-1"}
    assert sorted({row[0] for row in theirs[1:]}) == ["'-Cy, the second", "'=HYPERLINK(\"x\")", "Ana;Bo", "Di"]
    assert '\n"Ana;Bo",' in shared  # a semicolon (a spreadsheet's separator in some languages): quoted


def test_a_trainee_without_items_has_no_accuracy_in_the_report(tmp_path: Path) -> None:
    from trainer.gui.progress.pdf import build_document

    with Store.open(tmp_path) as store:
        store.record_item(store.profile_or_new("Ana"), hand(correct=3))
        store.add_profile("Zed")
        text = build_document(class_report(store), "Class report").toPlainText()
    assert "50.0 %" in text and "100.0 %" not in text
    assert "Zed\n0\n—" in text and "accuracy —;" in text
