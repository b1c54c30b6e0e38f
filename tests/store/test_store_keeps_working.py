"""The store keeps working, or says why in one line: a read-only file, folder or companion file, another program
holding the store, programs creating the same profile or the same new store at once. No traceback, and the quiz
goes on with its scored items kept."""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.store.conftest import hand
from trainer.cli import main
from trainer.cli.store import QuizRecorder
from trainer.store import Store, StoreError, store_path
from trainer.store import db as store_db

PROCESS_SECONDS = 120


@contextmanager
def read_only(*paths: Path) -> Iterator[None]:
    """``paths`` made read-only for the test's process: no write permission, and for the administrator (whom
    permissions do not stop) the immutable attribute too."""
    modes = {path: stat.S_IMODE(path.stat().st_mode) for path in paths}
    immutable = os.geteuid() == 0
    for path in paths:
        path.chmod(modes[path] & ~0o222)
        if immutable:
            subprocess.run(["chattr", "+i", str(path)], check=True)
    try:
        yield
    finally:
        for path in paths:
            if immutable:
                subprocess.run(["chattr", "-i", str(path)], check=True)
            path.chmod(modes[path])


def _contents(folder: Path) -> dict[str, bytes]:
    return {entry.name: entry.read_bytes() for entry in folder.iterdir() if entry.is_file()}


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        store.record_item(store.add_profile("Ana"), hand(seed=1))
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return folder


def _one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err and "sqlite3." not in err, err
    return err


def _quiz(data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("15\n15\n15\n"))
    status = main(["--data-dir", str(data), "quiz", "--topic", "payouts-1", "--count", "3", "--seed", "8",
                   "--profile", "Ana"])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.needs("chattr")
@pytest.mark.parametrize("which", ["the store file", "its -wal file", "its -shm file", "its folder"])
def test_a_read_only_store_says_so_in_one_line_and_the_quiz_goes_on(
        which: str, data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = store_path(data)
    wal = path.with_name(path.name + "-wal")
    with Store.open(data):  # the -wal file is there while a trainer has the store open
        pass
    shm = path.with_name(path.name + "-shm")
    if which != "its folder":  # as a trainer left them; a folder without them cannot even be opened
        wal.touch()
        shm.touch()
    target = {"the store file": path, "its -wal file": wal, "its -shm file": shm, "its folder": data}[which]
    before = _contents(data)
    with read_only(target):
        status, out, err = _quiz(data, capsys, monkeypatch)
        if which == "its folder":  # the store cannot even be opened: said before the first item, nothing scored
            assert status == 2 and out == "" and "read-only" in _one_line(err)
        else:
            assert status == 0 and "Score " in out  # the quiz ran to its end
            assert "could not be saved" in err and "read-only" in err and "Traceback" not in err
        assert "damaged" not in err
        assert not list(data.glob("*.corrupt-*"))
        for argv in (["profile", "add", "Bea"], ["backup", str(data.parent / "copy.sqlite3")]):
            status = main(["--data-dir", str(data), *argv])
            err = capsys.readouterr().err
            if status:
                assert "read-only" in _one_line(err) and "damaged" not in err
    assert _contents(data).keys() >= {path.name}
    assert _contents(data)[path.name] == before[path.name]  # nothing lost, nothing half written
    with Store.open(data) as store:
        assert [profile.name for profile in store.profiles()] == ["Ana"]
        assert store.item_count() == 1


@pytest.mark.needs("chattr")
def test_a_read_only_empty_folder_is_not_called_damaged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    with read_only(folder):
        assert main(["--data-dir", str(folder), "profile", "add", "Bea"]) == 2
        err = _one_line(capsys.readouterr().err)
    assert "read-only" in err and "damaged" not in err
    assert list(folder.iterdir()) == []


def test_a_store_held_by_another_program_says_it_is_busy_and_nothing_is_lost(
        data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_db, "BUSY_SECONDS", 0.2)  # the wait before "busy" (10 s in use)
    holder = sqlite3.connect(store_path(data), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program writing, and not letting go
    try:
        assert main(["--data-dir", str(data), "profile", "add", "Bea"]) == 2
        err = _one_line(capsys.readouterr().err)
        assert "is busy" in err and "over 0.2 s" in err
        status, out, err = _quiz(data, capsys, monkeypatch)
        assert status == 0 and "Score " in out
        assert "could not be saved" in err and "busy" in err
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with Store.open(data) as store:
        assert [profile.name for profile in store.profiles()] == ["Ana"]


def test_the_quiz_keeps_the_items_it_could_not_save_and_saves_them_with_the_next(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_db, "BUSY_SECONDS", 0.2)
    said = io.StringIO()
    store = Store.open(data)
    recorder = QuizRecorder(store, store.profile("Ana"), seed=8, count=3, stderr=said)
    holder = sqlite3.connect(store_path(data), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    recorder.book.record(hand(seed=2))
    assert len(recorder.pending) == 1 and "could not be saved" in said.getvalue()
    holder.execute("ROLLBACK")
    holder.close()
    recorder.book.record(hand(seed=3))
    assert recorder.pending == []
    assert "saved" in said.getvalue().splitlines()[-1]
    recorder.close()
    with Store.open(data) as again:
        assert [item.seed for item in again.items(again.profile("Ana"))] == [1, 2, 3]


def test_a_profile_added_by_another_program_meanwhile_is_one_line(data: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with Store.open(data) as mine, Store.open(data) as theirs:
        assert mine.find_profile("Cy") is None
        theirs.add_profile("Cy")
        with monkeypatch.context() as looked_before:  # mine looked before the other program added it
            looked_before.setattr(mine, "find_profile", lambda _name: None)
            with pytest.raises(StoreError, match="already exists"):
                mine.add_profile("Cy")
        assert mine.profile_or_new("Cy").uid == theirs.profile("Cy").uid


def _processes(argvs: list[list[str]], stdin: str) -> list[subprocess.CompletedProcess[str]]:
    """Run the commands as real processes at the same time; each must end within the time allowed."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    started = [subprocess.Popen([sys.executable, "-m", "trainer", *argv], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
               for argv in argvs]
    done = []
    for process in started:
        out, err = process.communicate(stdin, timeout=PROCESS_SECONDS)
        done.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return done


@pytest.mark.parametrize("round_number", range(3))
def test_four_quizzes_on_a_new_store_all_keep_their_items(round_number: int, tmp_path: Path) -> None:
    data = tmp_path / f"new-{round_number}"
    runs = _processes([["--data-dir", str(data), "quiz", "--topic", "payouts-1", "--count", "2", "--seed",
                        str(seat), "--profile", "Ana"] for seat in range(4)], "15\n15\n")
    for run in runs:
        assert run.returncode == 0 and run.stderr == "", run.stderr
    with Store.open(data) as store:
        assert [profile.name for profile in store.profiles()] == ["Ana"]
        assert store.item_count() == 8
        assert store.connection.execute("PRAGMA user_version").fetchone()[0] == store_db.schema_version()


def test_programs_adding_the_same_profile_at_once_end_with_one_profile_and_clear_lines(tmp_path: Path) -> None:
    data = tmp_path / "data"
    Store.open(data).close()
    runs = _processes([["--data-dir", str(data), "profile", "add", "Dee"] for _ in range(4)], "")
    assert sorted(run.returncode for run in runs)[0] == 0
    for run in runs:
        if run.returncode:
            assert run.returncode == 2 and "already exists" in _one_line(run.stderr)
    with Store.open(data) as store:
        assert [profile.name for profile in store.profiles()] == ["Dee"]


def test_migrations_run_inside_one_exclusive_transaction(tmp_path: Path) -> None:
    path = tmp_path / "data" / "progress.sqlite3"
    Store.open(path=path, upgrade_to=1).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA journal_mode=WAL")
    holder.execute("BEGIN")
    holder.execute("SELECT count(*) FROM profile").fetchone()  # a reader: it keeps its own view of version 1
    with Store.open(path=path) as store:
        assert store.connection.execute("PRAGMA user_version").fetchone()[0] == store_db.schema_version()
    assert holder.execute("PRAGMA user_version").fetchone()[0] == 1  # it saw no rung half applied
    holder.execute("COMMIT")
    assert holder.execute("PRAGMA user_version").fetchone()[0] == store_db.schema_version()
    holder.close()


def test_a_store_file_that_vanishes_is_made_again(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    Store.open(folder).close()
    shutil.rmtree(folder)
    with Store.open(folder) as store:
        assert json.loads(json.dumps([profile.name for profile in store.profiles()])) == []


@pytest.mark.needs("chattr")
def test_grade_with_a_profile_on_a_read_only_store_still_grades_and_says_the_hand_was_not_saved(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = Path(__file__).parents[2] / "packaging" / "samples" / "grade.json"
    before = store_path(data).read_bytes()
    with read_only(store_path(data)):
        assert main(["--data-dir", str(data), "grade", "--profile", "Ana", str(sample)]) == 0
        captured = capsys.readouterr()
    assert {"steps", "score"} <= set(json.loads(captured.out))  # the hand was graded all the same
    assert "could not be saved" in _one_line(captured.err) and "the grade stands" in captured.err
    assert store_path(data).read_bytes() == before


def test_an_exam_attempt_the_store_cannot_keep_is_still_marked(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.scoring import Mode, SetResult
    from trainer.store.instructor import AttemptNotSavedError, Exam, record_attempt, save_exam

    monkeypatch.setattr(store_db, "BUSY_SECONDS", 0.2)
    with Store.open(data) as store:
        exam = save_exam(store, Exam("Blind check", "blind", 1, 90.0, 10.0))
        holder = sqlite3.connect(store_path(data), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(AttemptNotSavedError, match="busy") as raised:
                record_attempt(store, store.profile("Ana"), exam, SetResult("blind", Mode.EXAM, [hand(seed=4)]))
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert (raised.value.attempt.score, raised.value.attempt.passed) == (100.0, True)
        assert store.connection.execute("SELECT count(*) FROM attempt").fetchone()[0] == 0


def test_grade_with_a_profile_on_a_read_only_data_folder_still_prints_the_grade_and_says_it_stands(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = Path(__file__).parents[2] / "packaging" / "samples" / "grade.json"
    before = _contents(data)
    with read_only(data):
        assert main(["--data-dir", str(data), "grade", "--profile", "Ana", str(sample)]) == 0
        captured = capsys.readouterr()
        assert main(["--data-dir", str(data), "grade", "--profile", "Newcomer", str(sample)]) == 0
        newcomer = capsys.readouterr()
    for run in (captured, newcomer):
        assert {"steps", "score"} <= set(json.loads(run.out))  # graded all the same
        err = _one_line(run.err)
        assert "the grade stands" in err and "read-only" in err and "damaged" not in err
    assert _contents(data) == before  # nothing written, nothing moved aside


def test_grade_tells_on_its_own_stderr_that_it_replaced_a_damaged_store_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = Path(__file__).parents[2] / "packaging" / "samples" / "grade.json"
    data = tmp_path / "data"
    data.mkdir()
    damaged = b"not a database " * 600
    store_path(data).write_bytes(damaged)
    assert main(["--data-dir", str(data), "grade", "--profile", "Ana", str(sample)]) == 0
    captured = capsys.readouterr()
    assert {"steps", "score"} <= set(json.loads(captured.out))
    err = captured.err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "damaged" in err and ".corrupt-" in err
    [aside] = data.glob("progress.sqlite3.corrupt-*")
    assert aside.read_bytes() == damaged  # what the user had is kept
    assert main(["--data-dir", str(data), "grade", "--profile", "Ana", str(sample)]) == 0
    assert capsys.readouterr().err == ""  # told once: the next command has nothing to tell
    with Store.open(data) as store:
        assert store.item_count(store.profile("Ana")) == 2
