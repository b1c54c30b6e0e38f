"""The training room: the PIN's hash only on disk, wrong PINs slowed, exams and attempts, export and import,
the CSV report and the command line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.store.conftest import Clock, hand
from trainer.cli import main
from trainer.scoring import Mode, SetResult
from trainer.store import Store, StoreError, store_path
from trainer.store.instructor import Exam, Instructor, attempts, exams, record_attempt, save_exam
from trainer.store.reports import CSV_COLUMNS, EXAM_COLUMNS, write_csv
from trainer.store.transfer import export_profile, import_profile


class Ticks:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_only_the_pins_salted_scrypt_hash_is_on_disk(store: Store) -> None:
    Instructor(store).set_pin("482913")
    store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert b"482913" not in store.path.read_bytes()
    (value,) = store.connection.execute("SELECT value FROM setting WHERE key = 'instructor_pin'").fetchone()
    stored = json.loads(value)
    assert set(stored) == {"salt", "n", "r", "p", "hash"}
    assert "482913" not in value
    Instructor(store).set_pin("482913", current="482913")
    (again,) = store.connection.execute("SELECT value FROM setting WHERE key = 'instructor_pin'").fetchone()
    assert json.loads(again)["salt"] != stored["salt"]


def test_a_wrong_pin_is_refused_and_each_further_try_waits_longer(store: Store) -> None:
    ticks = Ticks()
    gate = Instructor(store, clock=ticks)
    gate.set_pin("4829")
    first = gate.check("1111")
    assert (first.accepted, first.wait) == (False, 1.0)
    assert not gate.check("4829").accepted            # too soon: refused without being checked
    ticks.now += 1.0
    assert gate.check("2222").wait == 2.0
    ticks.now += 2.0
    assert gate.check("3333").wait == 4.0
    ticks.now += 4.0
    assert gate.check("4829").accepted


def test_changing_the_pin_needs_the_current_one_and_a_short_pin_is_refused(store: Store) -> None:
    gate = Instructor(store)
    with pytest.raises(StoreError, match="at least 4 digits"):
        gate.set_pin("12")
    gate.set_pin("4829")
    with pytest.raises(StoreError, match="current PIN"):
        gate.set_pin("5555", current="0000")


def test_an_exam_is_defined_with_its_game_pay_tables_hands_pass_mark_and_time_limit(store: Store) -> None:
    exam = save_exam(store, Exam("Trips final", "trips", 20, 90.0, 15.0, "house", {"trips": "UTH-02"}))
    (saved,) = exams(store)
    assert saved == exam and saved.mode is Mode.EXAM and saved.paytables == {"trips": "UTH-02"}
    with pytest.raises(StoreError, match=r"no drill named 'poker'.*pass mark"):
        save_exam(store, Exam("Bad", "poker", 20, 120.0, 15.0))


def test_an_attempt_passes_at_the_pass_mark_within_the_time_limit(store: Store) -> None:
    ana = store.add_profile("Ana")
    exam = save_exam(store, Exam("Blind check", "blind", 2, 90.0, 1.0))
    good = SetResult("blind", Mode.EXAM, [hand(seed=1, seconds=20.0), hand(seed=2, seconds=20.0)])
    partly = SetResult("blind", Mode.EXAM, [hand(seed=1, correct=3), hand(seed=2, correct=6)])
    assert record_attempt(store, ana, exam, good).passed
    assert not record_attempt(store, ana, exam, good, seconds=61.0).passed
    assert not record_attempt(store, ana, exam, partly).passed
    assert [(attempt.passed, attempt.mistakes) for attempt in attempts(store, ana)] == [
        (True, 0), (False, 0), (False, 3)]


def test_export_then_import_round_trips_and_a_second_import_adds_nothing(tmp_path: Path, clock: Clock) -> None:
    with Store.open(tmp_path / "station-1", clock=clock) as one:
        ana = one.add_profile("Ana")
        for number in range(12):
            one.record_item(ana, hand(seed=number, correct=5 if number % 4 == 0 else None))
            clock.advance(minutes=2)
        record_attempt(one, ana, save_exam(one, Exam("Blind check", "blind", 2, 90.0, 10.0)),
                       SetResult("blind", Mode.EXAM, [hand(seed=1)]))
        export_profile(one, ana, tmp_path / "ana.json")
        exported = [(item.uid, item.at, item.seed, item.correct, item.mistakes) for item in one.items(ana)]
        cards = one.connection.execute("SELECT card, due, reviews FROM review_card").fetchall()
    with Store.open(tmp_path / "station-2", clock=clock) as two:
        first = import_profile(two, tmp_path / "ana.json", instructor=True)
        assert (first.items_added, first.attempts_added) == (12, 1)
        again = import_profile(two, tmp_path / "ana.json", instructor=True)
        assert (again.items_added, again.attempts_added) == (0, 0)
        ana_there = two.profile("Ana")
        assert [(item.uid, item.at, item.seed, item.correct, item.mistakes)
                for item in two.items(ana_there)] == exported
        assert ana_there.uid == ana.uid
        assert [tuple(row) for row in two.connection.execute("SELECT card, due, reviews FROM review_card")] == [
            tuple(row) for row in cards]
        assert len(attempts(two, ana_there)) == 1


def test_another_trainee_with_the_same_name_is_kept_apart(tmp_path: Path, store: Store) -> None:
    with Store.open(tmp_path / "elsewhere") as other:
        export_profile(other, other.add_profile("Ana"), tmp_path / "other-ana.json")
    store.add_profile("Ana")
    result = import_profile(store, tmp_path / "other-ana.json")
    assert (result.profile.name, result.renamed_from) == ("Ana (2)", "Ana")


def test_a_file_that_is_not_an_export_is_refused_in_one_line(tmp_path: Path, store: Store) -> None:
    (tmp_path / "notes.json").write_text('{"hello": 1}')
    with pytest.raises(StoreError, match="not a profile export"):
        import_profile(store, tmp_path / "notes.json")


def test_the_csv_report_has_one_row_per_scored_item(store: Store) -> None:
    ana, bea = store.add_profile("Ana"), store.add_profile("Bea")
    store.record_item(ana, hand(seed=11, steps=5, correct=4, seconds=9.5))
    store.record_item(bea, hand("pairs", "table 1: ak-suited", 12, drill="pairs", steps=2, seconds=3.0,
                                mode=Mode.SPEED))
    out = io.StringIO()
    assert write_csv(store, store.profiles(), out) == 2
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert tuple(rows[0]) == (*CSV_COLUMNS, *EXAM_COLUMNS)  # the contract's columns, then the exam's
    assert [(row["profile"], row["drill"], row["situation"], row["seed"], row["mode"], row["steps"],
             row["steps right"], row["seconds"]) for row in rows] == [
        ("Ana", "blind", "blind", "11", "practice", "5", "4", "9.50"),
        ("Bea", "pairs", "pairs", "12", "speed", "2", "2", "3.00")]
    assert rows[0]["date"].startswith("2025-03-03")


def test_the_command_line_lists_exports_imports_backs_up_and_reports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    assert main(["--data-dir", data, "profile", "add", "Ana"]) == 0
    with Store.open(data) as opened:
        opened.record_item(opened.profile("Ana"), hand(seed=5))
    assert main(["--data-dir", data, "profile", "list"]) == 0
    assert "Ana  1 item, last " in capsys.readouterr().out  # one item, not "1 items"
    assert main(["--data-dir", data, "profile", "export", "Ana", str(tmp_path / "ana.json")]) == 0
    assert main(["--data-dir", str(tmp_path / "other"), "profile", "import", str(tmp_path / "ana.json")]) == 0
    assert main(["--data-dir", str(tmp_path / "other"), "profile", "import", str(tmp_path / "ana.json")]) == 0
    assert "Ana: 0 items" in capsys.readouterr().out.splitlines()[-1]
    assert main(["--data-dir", data, "backup", str(tmp_path / "copy.sqlite3")]) == 0
    assert main(["--data-dir", data, "report", "--format", "csv", "--out", str(tmp_path / "class.csv")]) == 0
    assert len((tmp_path / "class.csv").read_text().splitlines()) == 2
    assert store_path(data).exists()


@pytest.mark.parametrize("argv, message", [
    (["profile", "export", "Nobody", "x.json"], "uth-trainer profile: no profile named 'Nobody'"),
    (["report", "--format", "csv", "--out", "x.csv"], "uth-trainer report: no profiles yet"),
    (["profile", "import", "missing.json"], "uth-trainer profile: cannot read missing.json"),
])
def test_command_line_errors_are_one_line_with_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch, argv: list[str],
                                                        message: str) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--data-dir", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_quiz_with_a_profile_records_each_item(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("5\n5\n5\n"))
    assert main(["--data-dir", str(tmp_path), "quiz", "--topic", "payouts-1", "--count", "3", "--seed", "8",
                 "--profile", "Cy"]) == 0
    with Store.open(tmp_path) as opened:
        items = opened.items(opened.profile("Cy"))
    assert [(item.drill, item.seed, item.replay.index if item.replay else None) for item in items] == [
        ("payouts-1", 8, 0), ("payouts-1", 8, 1), ("payouts-1", 8, 2)]
