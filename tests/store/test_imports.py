"""Imports are checked and cannot forge: every case of the export corpus (tests/data/fuzz_exports.json) and over a
hundred crafted shapes of an export are imported; each is refused in one clean line with nothing written, or
imported with every record sound (ISO times, no more steps right than steps, exam attempts marked from their items).
"""

from __future__ import annotations

import copy
import csv
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from trainer.cli import main
from trainer.store import Store, StoreError, transfer
from trainer.store.instructor import Instructor, attempts
from trainer.store.learning import my_mistakes, today
from trainer.store.mastery import mastery
from trainer.store.progress import by_day, totals
from trainer.store.reports import write_csv
from trainer.store.transfer import import_profile

CORPUS = json.loads((Path(__file__).parents[1] / "data" / "fuzz_exports.json").read_text(encoding="utf-8"))
PLACE = "\u0000raw-value\u0000"
TABLES = ("profile", "item", "mistake", "attempt", "review_card", "day_total", "mistake_total")


def export_text(base: dict[str, Any], path: list[Any], *, value: Any = None, raw: str | None = None,
                also: Sequence[Sequence[Any]] = (), remove: bool = False) -> str:
    """The base export with the value at ``path`` changed (to ``value``, or to the raw JSON text ``raw``)."""
    data = copy.deepcopy(base)
    for where, changed in [(path, PLACE if raw is not None else value), *((p, v) for p, v in also)]:
        holder = data
        for key in where[:-1]:
            holder = holder[key]
        if remove and where is path:
            del holder[where[-1]]
        else:
            holder[where[-1]] = changed
    text = json.dumps(data, ensure_ascii=False)
    return text.replace(json.dumps(PLACE), raw) if raw is not None else text


def case_text(case: dict[str, Any]) -> str:
    raw = case.get("raw")
    if "parts" in case:
        raw = "".join(part * times for part, times in case["parts"])
    return export_text(CORPUS["base"], case["path"], value=case.get("value"), raw=raw, also=case.get("also", []))


def snapshot(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    return {table: sorted(tuple(row) for row in store.connection.execute(f"SELECT * FROM {table}"))
            for table in TABLES}


def assert_sound(store: Store) -> None:
    """Every screen and report of every profile opens, and every record holds what the rules allow."""
    for row in store.connection.execute("SELECT at, steps, correct, seed FROM item"):
        datetime.fromisoformat(row["at"])
        assert 0 <= row["correct"] <= row["steps"] <= transfer.MAX_STEPS
        assert row["seed"] is None or 0 <= row["seed"] < 2**63
    for row in store.connection.execute("SELECT score, steps, correct, passed, items FROM attempt"):
        items = json.loads(row["items"])
        assert items, "an attempt without its items is no attempt"
        steps, correct = sum(item["steps"] for item in items), sum(item["correct"] for item in items)
        assert (row["steps"], row["correct"]) == (steps, correct)
        assert row["score"] == pytest.approx(100.0 * correct / steps if steps else 100.0)
    for profile in store.profiles():
        assert profile.name.isprintable()
        store.items(profile)
        mastery(store, profile)
        today(store, profile)
        my_mistakes(store, profile)
        totals(store, profile)
        by_day(store, profile)
        attempts(store, profile)
    with open(os.devnull, "w", encoding="utf-8") as out:
        write_csv(store, store.profiles(), out)


def one_clean_line(message: str) -> None:
    assert "\n" not in message and message.isprintable() and len(message) < 600, message
    assert "Traceback" not in message and "Decimal(" not in message, message


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "station") as store:
        yield store


def _import(store: Store, tmp_path: Path, text: str, *, instructor: bool = True) -> transfer.ImportResult | str:
    source = tmp_path / "export.json"
    source.write_bytes(text.encode("utf-8", "surrogatepass"))
    before = snapshot(store)
    try:
        return import_profile(store, source, instructor=instructor)
    except StoreError as error:
        one_clean_line(str(error))
        assert snapshot(store) == before, "a refused import wrote something"
        return str(error)


@pytest.mark.parametrize("case", CORPUS["cases"], ids=[case["name"] for case in CORPUS["cases"]])
def test_each_corpus_export_is_refused_cleanly_or_imported_without_forging(case: dict[str, Any], station: Store,
                                                                           tmp_path: Path) -> None:
    if case.get("victim"):
        with station.transact() as connection:
            connection.execute("INSERT INTO profile (uid, name, created) VALUES (?, 'Bea', ?)",
                               (CORPUS["base"]["profile"]["uid"], "2025-01-01T00:00:00+00:00"))
    outcome = _import(station, tmp_path, case_text(case), instructor=case.get("instructor", True))
    if case["expect"] == "refused":
        assert isinstance(outcome, str), f"imported: {outcome}"
        assert case["message"] in outcome
        return
    assert isinstance(outcome, transfer.ImportResult), outcome
    assert_sound(station)
    assert outcome.attempts_left_out == case.get("left_out", 0)
    if "attempt" in case:
        (attempt,) = attempts(station, outcome.profile)
        assert (round(attempt.score, 6), attempt.passed) == (case["attempt"]["score"], case["attempt"]["passed"])
    if "item_at" in case:
        at = {item.uid: item.at for item in station.items(outcome.profile)}
        assert at[CORPUS["base"]["items"][0]["uid"]] == case["item_at"]
    if case.get("victim"):
        bea = station.profile("Bea")
        assert station.item_count(bea) == 0 and not attempts(station, bea)
        assert outcome.profile.name == "Mallory" and outcome.profile.uid != bea.uid
        assert import_profile(station, tmp_path / "export.json", instructor=True).items_added == 0  # found again
    if "csv_quoted" in case:
        out = tmp_path / "report.csv"
        with out.open("w", encoding="utf-8", newline="") as handle:
            write_csv(station, station.profiles(), handle)
        cells = [cell for row in csv.reader(out.open(encoding="utf-8")) for cell in row]
        assert case["csv_quoted"] in cells
        assert not any(cell.startswith(("=", "+", "@")) for cell in cells)


HOSTILE_VALUES: list[tuple[str, dict[str, Any]]] = [
    ("null", {"value": None}), ("true", {"value": True}), ("-1", {"value": -1}), ("2**64", {"raw": str(2**64)}),
    ("5,000 digits", {"raw": "9" * 5000}), ("1e999", {"raw": "1e999"}), ("NaN", {"raw": "NaN"}),
    ("empty text", {"value": ""}), ("garbage", {"value": "garbage"}), ("a list", {"value": [1]}),
    ("an object", {"value": {"a": 1}}), ("right-to-left", {"value": "\u202e=1+1"}),
    ("deep", {"raw": "[" * 40 + "]" * 40}), ("a lone surrogate", {"raw": '"\\udc80"'}),
    ("5,000 characters", {"value": "x" * 5000}),
]


def _paths(value: Any, where: list[Any]) -> Iterator[list[Any]]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield [*where, key]
            yield from _paths(inner, [*where, key])
    elif isinstance(value, list) and value:
        yield [*where, 0]
        yield from _paths(value[0], [*where, 0])


FIELD_PATHS = [path for path in _paths(CORPUS["base"], []) if path[:1] != ["format"]]
SHAPES = [(path, name, change) for path in FIELD_PATHS for name, change in HOSTILE_VALUES]


def test_the_import_fuzzer_crafts_over_a_hundred_export_shapes() -> None:
    assert len(SHAPES) + len(FIELD_PATHS) + len(CORPUS["cases"]) >= 100


@pytest.mark.parametrize("path", FIELD_PATHS, ids=[".".join(map(str, path)) for path in FIELD_PATHS])
def test_any_hostile_value_in_any_field_is_refused_cleanly_or_imported_soundly(path: list[Any], station: Store,
                                                                              tmp_path: Path) -> None:
    outcomes = []
    for name, change in HOSTILE_VALUES:
        outcome = _import(station, tmp_path, export_text(CORPUS["base"], path, **change))
        outcomes.append((name, outcome if isinstance(outcome, str) else "imported"))
        assert_sound(station)
    removed = _import(station, tmp_path, export_text(CORPUS["base"], path, remove=True))
    assert_sound(station)
    assert any(outcome != "imported" for _name, outcome in outcomes), "no hostile value was refused"
    assert removed is not None


def test_the_profile_name_and_uid_and_times_are_checked_before_anything_is_written(station: Store,
                                                                                   tmp_path: Path) -> None:
    text = export_text(CORPUS["base"], ["items", 1, "at"], value="garbage")
    message = _import(station, tmp_path, text)
    assert isinstance(message, str) and "items[1].at" in message
    assert station.profiles() == []  # not even the profile: the first item was fine, the second was not


def test_an_import_that_fails_half_way_in_the_database_leaves_nothing(station: Store, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(transfer, "rebuild_reviews", broken)
    message = _import(station, tmp_path, json.dumps(CORPUS["base"]))
    assert isinstance(message, str) and "nothing was imported" in message
    assert station.profiles() == []


def test_exam_attempts_are_not_imported_without_the_instructor(station: Store, tmp_path: Path) -> None:
    message = _import(station, tmp_path, json.dumps(CORPUS["base"]), instructor=False)
    assert isinstance(message, str) and "needs the instructor" in message and "nothing was imported" in message
    without = {**CORPUS["base"], "attempts": []}
    result = _import(station, tmp_path, json.dumps(without), instructor=False)
    assert isinstance(result, transfer.ImportResult) and result.items_added == 2


def test_the_command_line_import_with_instructor_asks_the_pin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    source = tmp_path / "ana.json"
    source.write_text(json.dumps(CORPUS["base"]), encoding="utf-8")
    with Store.open(data) as store:
        Instructor(store).set_pin("4829")
    assert main(["--data-dir", str(data), "profile", "import", str(source)]) == 2
    assert "needs the instructor (profile import --instructor" in capsys.readouterr().err
    monkeypatch.setattr("trainer.cli.store.ask_pin", lambda _prompt: "1111")
    assert main(["--data-dir", str(data), "profile", "import", "--instructor", str(source)]) == 2
    assert "wrong PIN; wait 1 s" in capsys.readouterr().err
    assert main(["--data-dir", str(data), "profile", "import", "--instructor", str(source)]) == 2
    err = capsys.readouterr().err
    assert "wait" in err and err.count("\n") == 1  # the wait is kept in the store between commands
    with Store.open(data) as store:
        assert store.profiles() == []
        with store.transact() as connection:  # the minute passes
            connection.execute("DELETE FROM setting WHERE key = 'instructor_pin_wait'")
    monkeypatch.setattr("trainer.cli.store.ask_pin", lambda _prompt: "4829")
    assert main(["--data-dir", str(data), "profile", "import", "--instructor", str(source)]) == 0
    assert "2 items and 1 exam attempt added" in capsys.readouterr().out


def test_instructor_without_a_terminal_is_refused_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    import io

    data = tmp_path / "data"
    with Store.open(data) as store:
        Instructor(store).set_pin("4829")
    source = tmp_path / "ana.json"
    source.write_text(json.dumps(CORPUS["base"]), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("4829\n"))
    assert main(["--data-dir", str(data), "profile", "import", "--instructor", str(source)]) == 2
    err = capsys.readouterr().err
    assert "at a terminal" in err and err.count("\n") == 1


def test_the_wrong_pin_wait_survives_a_new_gate(station: Store) -> None:
    now = [1000.0]
    Instructor(station, clock=lambda: now[0]).set_pin("4829")
    first = Instructor(station, clock=lambda: now[0])
    assert first.check("1111").wait == 1.0
    now[0] += 1.0
    assert first.check("2222").wait == 2.0
    with Store.open(path=station.path) as restarted:  # the trainer started again
        assert Instructor(restarted, clock=lambda: now[0]).pending_wait() == 2.0
    reopened = Instructor(station, clock=lambda: now[0])  # the dialog opened again
    assert reopened.pending_wait() == 2.0
    assert not reopened.check("4829").accepted  # too soon: not even checked
    now[0] += 2.0
    assert reopened.check("3333").wait == 4.0  # the third wrong PIN in a row
    now[0] += 4.0
    assert reopened.check("4829").accepted
    assert Instructor(station, clock=lambda: now[0]).pending_wait() == 0.0


def test_a_clock_set_back_never_makes_the_wait_longer_than_a_minute(station: Store) -> None:
    now = [10_000.0]
    gate = Instructor(station, clock=lambda: now[0])
    gate.set_pin("4829")
    gate.check("1111")
    now[0] -= 86_400.0
    assert gate.pending_wait() == 60.0


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_import_reads_a_regular_file_only(kind: str, station: Store, tmp_path: Path) -> None:
    if kind == "device":
        source = Path("/dev/zero")
    elif kind == "fifo":
        source = tmp_path / "pipe"
        os.mkfifo(source)
    else:
        source = tmp_path
    with pytest.raises(StoreError, match="not a file") as raised:
        import_profile(station, source)
    one_clean_line(str(raised.value))
    assert station.profiles() == []


def test_import_reads_at_most_the_documented_size(station: Store, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps({**CORPUS["base"], "attempts": []})
    source = tmp_path / "big.json"
    source.write_text(text + " " * 100, encoding="utf-8")
    monkeypatch.setattr(transfer, "MAX_EXPORT_BYTES", len(text) + 99)
    with pytest.raises(StoreError, match="longer than"):
        import_profile(station, source)
    source.write_text(text, encoding="utf-8")
    assert import_profile(station, source).items_added == 2


def _export_with(attempt: dict[str, Any] | None = None, **profile: str) -> str:
    """The corpus's export with its profile's fields and its attempt's changed; no attempt without ``attempt``."""
    data = copy.deepcopy(CORPUS["base"])
    data["profile"].update(profile)
    if attempt is None:
        data["attempts"] = []
    else:
        data["attempts"][0].update(attempt)
    return json.dumps(data, ensure_ascii=False)


QUARTER = [{"item": f"blind/flush/{seed}", "steps": 4, "correct": 1, "seconds": 5.0, "mistakes": []}
           for seed in range(4)]
"""Four exam hands with one step right of four: 25 %."""


def _final(station: Store) -> None:
    from trainer.store.instructor import Exam, save_exam

    save_exam(station, Exam("Final", "blind", 4, 80.0, 30.0))


def test_a_forged_instructor_pass_under_a_look_alike_exam_name_is_refused_whole(station: Store,
                                                                                 tmp_path: Path) -> None:
    _final(station)
    forged = {"exam_uid": "f0rged-exam", "exam_name": "Fin\u0430l", "items": QUARTER,
              "exam": {"hands": 1, "pass_mark": 0.0001, "time_limit_minutes": 600}}
    outcome = _import(station, tmp_path, _export_with(forged))
    assert isinstance(outcome, str)
    assert "exam_name: 'Fin\\u0430l' only looks like the exam 'Final'" in outcome
    assert "U+0430 CYRILLIC SMALL LETTER A" in outcome
    assert station.profiles() == []


def test_an_attempt_at_an_exam_this_store_does_not_hold_is_the_trainees_own_never_an_instructors(
        station: Store, tmp_path: Path) -> None:
    _final(station)
    unknown = {"exam_uid": "unknown-exam", "exam_name": "Midterm", "items": QUARTER,
               "exam": {"hands": 1, "pass_mark": 0.0001, "time_limit_minutes": 600}}
    outcome = _import(station, tmp_path, _export_with(unknown))
    assert isinstance(outcome, transfer.ImportResult) and outcome.attempts_added == 1
    (attempt,) = attempts(station, outcome.profile)
    assert (attempt.exam, attempt.kind, attempt.score) == ("Midterm", "own", 25.0)
    row = station.connection.execute("SELECT exam_uid, instructor FROM attempt").fetchone()
    assert tuple(row) == ("", 0)


@pytest.mark.parametrize("name", ["final", "FINAL", "\uff26\uff49\uff4e\uff41\uff4c"])  # the last: fullwidth letters
def test_an_attempt_named_as_an_exam_here_is_marked_by_that_exams_terms_not_the_files(
        name: str, station: Store, tmp_path: Path) -> None:
    _final(station)
    claimed = {"exam_uid": "another-station-uid", "exam_name": name, "items": QUARTER,
               "exam": {"hands": 1, "pass_mark": 0.0001, "time_limit_minutes": 600}}
    outcome = _import(station, tmp_path, _export_with(claimed))
    assert isinstance(outcome, transfer.ImportResult)
    (attempt,) = attempts(station, outcome.profile)
    assert (attempt.exam, attempt.kind, attempt.score, attempt.passed, attempt.pass_mark) == (
        "Final", "instructor", 25.0, False, 80.0)


def test_an_import_whose_items_another_trainee_has_says_why_and_makes_no_empty_profile(
        station: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "station"
    first = tmp_path / "ana.json"
    first.write_text(_export_with(), encoding="utf-8")
    assert import_profile(station, first, instructor=True).items_added == 2
    again = tmp_path / "dup.json"
    again.write_text(_export_with(name="Dup", uid="dup-uid"), encoding="utf-8")
    before = snapshot(station)
    station.close()
    assert main(["--data-dir", str(data), "profile", "import", str(again)]) == 2
    captured = capsys.readouterr()
    one_clean_line(captured.err.removesuffix("\n"))
    assert "nothing was imported" in captured.err and "2 items skipped" in captured.err
    assert "another trainee here already has them ('Ana')" in captured.err
    assert captured.out == ""
    with Store.open(data) as reopened:
        assert [profile.name for profile in reopened.profiles()] == ["Ana"]
        assert snapshot(reopened) == before


def test_an_import_adding_some_items_says_which_it_skipped_as_another_trainees(station: Store,
                                                                               tmp_path: Path) -> None:
    first = tmp_path / "ana.json"
    first.write_text(_export_with(), encoding="utf-8")
    import_profile(station, first, instructor=True)
    data = json.loads(_export_with(name="Eve", uid="eve-uid"))
    data["items"].append({**data["items"][1], "uid": "eve-own-item"})
    mixed = tmp_path / "eve.json"
    mixed.write_text(json.dumps(data), encoding="utf-8")
    result = import_profile(station, mixed, instructor=True)
    assert (result.profile.name, result.items_added, result.items_of_others) == ("Eve", 1, 2)
    assert "2 items skipped: another trainee here already has them ('Ana')" in result.describe()


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00+00:00",
                                  "2200-01-01T00:00:00+00:00", "1969-12-31T23:59:59+00:00"])
@pytest.mark.parametrize("field", [["items", 0, "at"], ["attempts", 0, "at"], ["profile", "created"]])
def test_dates_outside_a_sane_range_are_refused_in_one_line(when: str, field: list[Any], station: Store,
                                                            tmp_path: Path) -> None:
    outcome = _import(station, tmp_path, export_text(CORPUS["base"], field, value=when))
    assert isinstance(outcome, str), outcome
    assert "is not from 1970 to 2199" in outcome and when in outcome
