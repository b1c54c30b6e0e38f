"""A room's administration from the command line: a trainee reset, renamed, merged or deleted stays so whatever a
station sends afterwards; the exam attempts as CSV and PDF, marked by the server."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from tests.store.conftest import hand
from trainer.cli import main
from trainer.scoring import Mode, SetResult
from trainer.store.classroom import ClassStore
from trainer.store.instructor import Exam, record_attempt, save_exam


def _counts(owner: str) -> dict[str, tuple[int, list[tuple[str, int]]]]:
    with psycopg.connect(owner) as connection:
        names = connection.execute("SELECT id, name::text FROM profile ORDER BY name").fetchall()
        return {name: (int(connection.execute("SELECT count(*) FROM item WHERE profile_id = %s",
                                              (profile_id,)).fetchone()[0]),  # type: ignore[index]
                       [(str(row[0]), int(row[1])) for row in connection.execute(
                           "SELECT station, items FROM station_total WHERE profile_id = %s ORDER BY station",
                           (profile_id,)).fetchall()])
                for profile_id, name in names}


def test_reset_rename_merge_and_delete_stay_whatever_the_stations_send(
        tmp_path: Path, class_urls: tuple[str, str, str], add_station: Callable[[str], str],
        capsys: pytest.CaptureFixture[str]) -> None:
    owner, instructor, _station = class_urls
    st_a, st_b = add_station("st-a"), add_station("st-b")
    for url, folder, scored in ((st_a, "a", (("Ana", 3), ("Bo", 2), ("Cy", 1))), (st_b, "b", (("Ana B", 2),))):
        with ClassStore.open_class(url, tmp_path / folder) as store:
            for name, count in scored:
                for seed in range(count):
                    store.record_item(store.profile_or_new(name), hand(seed=seed + 10 * len(name)))
    capsys.readouterr()
    assert main(["class", "rename-trainee", instructor, "Cy", "Cyd"]) == 0
    assert main(["class", "merge-trainees", instructor, "Ana B", "Ana"]) == 0
    assert main(["class", "reset-trainee", instructor, "Bo"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Renamed Cy to Cyd", "Merged Ana B into Ana: 2 items moved",
        "Reset Bo: 2 items deleted (with the exam attempts and review cards)"]
    assert _counts(owner) == {"Ana": (5, [("st-a", 3), ("st-b", 2)]), "Bo": (0, []), "Cyd": (1, [("st-a", 1)])}
    assert main(["class", "delete-trainee", instructor, "Cyd"]) == 0
    for folder, url in (("a", st_a), ("b", st_b)):  # each station sends its whole history again
        assert main(["--data-dir", str(tmp_path / folder), "--store", url, "class", "upload"]) == 0
    with ClassStore.open_class(st_b, tmp_path / "b") as store:  # "Ana B" at station b is Ana from now on
        store.record_item(store.local.profile("Ana B"), hand(seed=99))
    assert _counts(owner) == {"Ana": (6, [("st-a", 3), ("st-b", 3)]), "Bo": (0, [])}
    capsys.readouterr()
    assert main(["class", "delete-trainee", st_a, "Ana"]) == 2  # a station may not
    assert "may not change trainees" in capsys.readouterr().err
    assert main(["class", "rename-trainee", instructor, "Nobody", "X"]) == 2
    assert capsys.readouterr().err.strip() == "uth-trainer class rename-trainee: no trainee named Nobody in the class"


def test_report_attempts_has_one_row_per_attempt_marked_by_the_server(
        tmp_path: Path, class_urls: tuple[str, str, str], add_station: Callable[[str], str],
        capsys: pytest.CaptureFixture[str]) -> None:
    _owner, instructor, _station = class_urls
    with ClassStore.open_class(instructor, tmp_path / "desk") as desk:
        final = save_exam(desk, Exam("Final", "blind", hands=2, pass_mark=80.0, time_limit_minutes=10.0))
    with ClassStore.open_class(add_station("st-a"), tmp_path / "a") as store:
        ana = store.profile_or_new("Ana")
        right, wrong = hand(seed=1), hand(seed=2, correct=3)
        record_attempt(store, ana, final, SetResult("blind", Mode.EXAM, [right, right]), seconds=60.0)
        record_attempt(store, ana, final, SetResult("blind", Mode.EXAM, [right, wrong]), seconds=60.0)
        # an exam this station made up (as offline, with a pass mark of 1 %): the trainee's own, never the instructor's
        record_attempt(store, ana, Exam("Final1", "blind", hands=1, pass_mark=1.0, time_limit_minutes=5.0, uid="x"),
                       SetResult("blind", Mode.EXAM, [wrong]), seconds=10.0)
    target = tmp_path / "attempts.csv"
    assert main(["--data-dir", str(tmp_path / "desk"), "--store", instructor, "report", "--attempts", "--format",
                 "csv", "--out", str(target)]) == 0
    assert capsys.readouterr().out.startswith("Wrote 3 exam attempts")
    rows = list(csv.reader(target.read_text(encoding="utf-8").splitlines()))
    assert rows[0] == ["trainee", "exam", "set_by", "station", "at", "score", "pass_mark", "passed"]
    assert [(row[0], row[1], row[2], row[3], row[5], row[6], row[7]) for row in rows[1:]] == [
        ("Ana", "Final", "instructor", "st-a", "100.0", "80", "yes"),
        ("Ana", "Final", "instructor", "st-a", "75.0", "80", "no"),
        ("Ana", "Own exam: Final1", "trainee", "st-a", "50.0", "1", "yes")]
    pdf = tmp_path / "attempts.pdf"
    assert main(["--data-dir", str(tmp_path / "desk"), "--store", instructor, "report", "--attempts", "--format",
                 "pdf", "--out", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")


def test_backup_and_restore_bring_the_class_back_and_every_login_still_signs_in(
        tmp_path: Path, class_urls: tuple[str, str, str], add_station: Callable[[str], str],
        capsys: pytest.CaptureFixture[str]) -> None:
    owner, instructor, station = class_urls
    st_a = add_station("st-a")
    with ClassStore.open_class(st_a, tmp_path / "a") as store:
        for seed in range(3):
            store.record_item(store.profile_or_new("Ana"), hand(seed=seed))
    backup = tmp_path / "room.dump"
    assert main(["class", "backup", owner, str(backup)]) == 0
    assert main(["class", "delete-trainee", instructor, "Ana"]) == 0
    assert _counts(owner) == {}
    assert main(["class", "restore", owner, str(backup)]) == 0
    assert _counts(owner) == {"Ana": (3, [("st-a", 3)])}
    for url in (instructor, station, st_a):  # every password kept (the logins are the server's)
        with psycopg.connect(url) as connection:
            assert connection.execute("SELECT count(*) FROM item").fetchone() == (3,)
    with ClassStore.open_class(st_a, tmp_path / "a") as store:  # and a station goes on as before
        store.record_item(store.profile("Ana"), hand(seed=7))
    assert _counts(owner) == {"Ana": (4, [("st-a", 4)])}
    capsys.readouterr()
    assert main(["class", "restore", owner, str(tmp_path / "missing.dump")]) == 2
    assert capsys.readouterr().err.startswith("uth-trainer class restore: no backup file ")
