"""Paths are written into, never replaced: backup, profile export and the reports refuse anything that is not a
regular file or a new path, follow a symlink to its target, and exit 1 with one line when they cannot write."""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.store.conftest import hand
from trainer.cli import main
from trainer.store import Store

WRITERS: dict[str, Callable[[str], list[str]]] = {
    "backup": lambda target: ["backup", target],
    "export": lambda target: ["profile", "export", "Ana", target],
    "csv report": lambda target: ["report", "--format", "csv", "--out", target],
    "pdf report": lambda target: ["report", "--format", "pdf", "--out", target],
}


@pytest.fixture(autouse=True)
def _qt_for_the_pdf(request: pytest.FixtureRequest) -> None:
    """The PDF writer needs a Qt application: the test session's own (pytest-qt), so later GUI tests share it."""
    if "pdf" in str(getattr(request.node, "callspec", None) and request.node.callspec.params.get("writer")):
        request.getfixturevalue("qapp")


@pytest.fixture
def data(tmp_path: Path) -> str:
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        ana = store.add_profile("Ana")
        store.record_item(ana, hand(seed=5))
    return str(folder)


def _run(data: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["--data-dir", data, *argv])
    return status, capsys.readouterr().err


def _one_line(err: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("writer", WRITERS)
def test_a_folder_is_refused_and_left_as_it_was(writer: str, data: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    status, err = _run(data, WRITERS[writer](str(folder)), capsys)
    assert status == 1 and "is a folder, not a file" in err
    _one_line(err)
    assert folder.is_dir() and [entry.name for entry in folder.iterdir()] == ["keep.txt"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_fifo_is_refused_and_left_a_fifo(writer: str, data: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    status, err = _run(data, WRITERS[writer](str(fifo)), capsys)
    assert status == 1 and "is a FIFO" in err
    _one_line(err)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["data", "pipe"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_device_node_is_refused_and_left_a_device(writer: str, data: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    before = os.lstat(os.devnull)
    status, err = _run(data, WRITERS[writer](os.devnull), capsys)
    assert status == 1 and "is a device" in err
    _one_line(err)
    after = os.lstat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_symlink_stays_a_link_and_its_target_gets_the_content(writer: str, data: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real" / "file"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link"
    link.symlink_to(real)
    status, err = _run(data, WRITERS[writer](str(link)), capsys)
    assert status == 0, err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes() != b"old" and real.stat().st_size > 0
    assert sorted(entry.name for entry in real.parent.iterdir()) == ["file"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_read_only_file_is_refused_and_kept(writer: str, data: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "locked"
    target.write_text("keep me")
    target.chmod(0o444)
    status, err = _run(data, WRITERS[writer](str(target)), capsys)
    assert status == 1 and "is read-only" in err
    _one_line(err)
    assert target.read_text() == "keep me"


@pytest.mark.parametrize("writer", WRITERS)
def test_an_empty_name_is_refused(writer: str, data: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, err = _run(data, WRITERS[writer](""), capsys)
    assert status == 1 and "empty name" in err
    _one_line(err)
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["data"]


@pytest.mark.parametrize("writer", [name for name in WRITERS if name != "backup"])  # a backup makes its folder
def test_a_missing_folder_is_named_and_nothing_is_made(writer: str, data: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    status, err = _run(data, WRITERS[writer](str(tmp_path / "nowhere" / "file")), capsys)
    assert status == 1 and "no folder" in err
    _one_line(err)
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("writer", WRITERS)
def test_an_existing_file_is_replaced_whole_keeping_its_permissions(writer: str, data: str, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "previous"
    target.write_text("previous content")
    target.chmod(0o640)
    status, err = _run(data, WRITERS[writer](str(target)), capsys)
    assert status == 0, err
    assert target.read_text(errors="replace") != "previous content"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["data", "previous"]


def test_an_empty_data_folder_name_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--data-dir", "", "profile", "list"]) == 2
    err = capsys.readouterr().err
    assert "empty" in err and "--data-dir" in err
    _one_line(err)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("suffix", ["", "-wal"])
def test_the_store_itself_is_never_written_over(writer: str, suffix: str, data: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    own = Path(data) / f"progress.sqlite3{suffix}"
    before = own.read_bytes() if own.exists() else None
    status, err = _run(data, WRITERS[writer](str(own)), capsys)
    assert status == 1 and "progress store itself" in err
    _one_line(err)
    assert (own.read_bytes() if own.exists() else None) == before
    with Store.open(data) as store:
        assert store.item_count() == 1


def test_a_csv_report_that_fails_half_way_leaves_the_previous_report_whole(
        data: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.store import reports

    target = tmp_path / "class.csv"
    assert _run(data, WRITERS["csv report"](str(target)), capsys)[0] == 0
    previous = target.read_bytes()

    def half_then_fail(store: Store, profiles: object, out: io.TextIOBase) -> int:
        out.write("profile,date\n")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(reports, "write_csv", half_then_fail)
    status, err = _run(data, WRITERS["csv report"](str(target)), capsys)
    assert status == 1 and "No space left on device" in err
    _one_line(err)
    assert target.read_bytes() == previous
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["class.csv", "data"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_new_file_gets_the_usual_permissions(writer: str, data: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    mask = os.umask(0o022)
    try:
        status, err = _run(data, WRITERS[writer](str(tmp_path / "new")), capsys)
    finally:
        os.umask(mask)
    assert status == 0, err
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o644


@pytest.mark.parametrize("writer", WRITERS)
def test_a_dangling_symlink_gets_its_target_made_and_a_loop_is_refused(writer: str, data: str, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "made")
    status, err = _run(data, WRITERS[writer](str(link)), capsys)
    assert status == 0, err
    assert link.is_symlink() and (tmp_path / "made").stat().st_size > 0
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    status, err = _run(data, WRITERS[writer](str(loop)), capsys)
    assert status == 1
    _one_line(err)
    assert loop.is_symlink() and os.readlink(loop) == str(loop)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_hard_linked_file_is_refused_and_both_names_keep_the_one_file(writer: str, data: str, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A new file renamed over one name would split the two names into two files: refused in one line instead."""
    target, other = tmp_path / "out", tmp_path / "other name"
    target.write_text("mine")
    os.link(target, other)
    status, err = _run(data, WRITERS[writer](str(target)), capsys)
    assert status == 1 and "has 2 names (hard links)" in err
    _one_line(err)
    assert os.path.samefile(target, other) and target.read_text() == "mine"
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["data", "other name", "out"]


FULL_DISK = """
import resource, signal, sys
import trainer.gui.progress.pdf as pdf
from trainer.cli import main

data, target, room = sys.argv[1], sys.argv[2], int(sys.argv[3])
write_pdf = pdf.write_pdf


def on_a_full_disk(*args, **kwargs):
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG, as on a full disk
    resource.setrlimit(resource.RLIMIT_FSIZE, (room, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    return write_pdf(*args, **kwargs)


pdf.write_pdf = on_a_full_disk  # the store is opened and read before: only the report meets the full disk
sys.exit(main(["--data-dir", data, "report", "--format", "pdf", "--out", target]))
"""


def test_a_pdf_report_on_a_full_disk_keeps_the_good_one_and_never_says_wrote(data: str, tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str],
                                                                              qapp: object) -> None:
    """The disk has room for half the report (a file-size limit in a child process): the report written before
    is left whole, the command exits 1 with one line, and it does not say "Wrote"."""
    import subprocess
    import sys

    target = tmp_path / "good.pdf"
    assert main(["--data-dir", data, "report", "--format", "pdf", "--out", str(target)]) == 0
    good = target.read_bytes()
    assert good.startswith(b"%PDF-") and "Wrote" in capsys.readouterr().out
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", FULL_DISK, data, str(target), str(len(good) // 2)], cwd=root,
                          env={**os.environ, "PYTHONPATH": str(root), "QT_QPA_PLATFORM": "offscreen"},
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1 and "Wrote" not in done.stdout, (done.stdout, done.stderr)
    _one_line(done.stderr)
    assert "cannot write" in done.stderr and str(target) in done.stderr
    assert target.read_bytes() == good
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["data", "good.pdf"]


def test_a_target_named_with_control_characters_is_named_escaped_in_the_error_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "profile", "add", "Ana"]) == 0
    capsys.readouterr()
    target = tmp_path / "no such folder" / "x\x1b[2J\ny.sqlite3"
    assert main(["--data-dir", str(data), "profile", "export", "Ana", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and "\\x1b[2J\\ny.sqlite3" in err
