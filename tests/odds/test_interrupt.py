"""Ctrl-C during a cold ``odds game --workers 2`` (nothing cached: the workers are counting) ends the command with
status 130 and one line, no traceback, whether the terminal sends it to the whole process group or it reaches the
command alone; no worker is left behind."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from trainer.cli.odds import EXIT_INTERRUPTED

ROOT = Path(__file__).resolve().parents[2]


def _own_group_and_ctrl_c() -> None:
    """The child leads a process group of its own, as a terminal's foreground job does; Ctrl-C has its default
    meaning there even when the test run ignores it."""
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _read_until(leader: int, text: bytes, seconds: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while text not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the child ended: the terminal is gone
                break
            if not chunk:
                break
            seen += chunk
    return seen


def _group_left(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("to_the_group", [True, False], ids=["sent to the process group", "sent to the command"])
def test_ctrl_c_during_a_cold_game_ends_with_130_and_no_traceback(tmp_path: Path, to_the_group: bool) -> None:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    leader, follower = pty.openpty()  # standard error a terminal: the progress bar says the counting has begun
    child = subprocess.Popen([sys.executable, "-m", "trainer", "odds", "game", "--workers", "2"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=follower, cwd=ROOT, env=env,
                             preexec_fn=_own_group_and_ctrl_c)
    os.close(follower)
    try:
        begun = _read_until(leader, b"solving the game [", 120)
        assert b"solving the game [" in begun, begun
        if to_the_group:
            os.killpg(child.pid, signal.SIGINT)
        else:
            child.send_signal(signal.SIGINT)
        child.wait(timeout=30)
        deadline = time.monotonic() + 20
        while _group_left(child.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        left_behind = _group_left(child.pid)
        said = begun + _read_until(leader, b"\x00", 2)  # all there is: every process of the group has ended
    finally:
        os.close(leader)
        if child.poll() is None:
            child.kill()
    assert child.returncode == EXIT_INTERRUPTED
    text = said.decode("utf-8", "replace")
    assert "uth-trainer odds: interrupted" in text, text
    assert "Traceback" not in text and "Error" not in text and "Warning" not in text, text
    assert child.stdout is not None and child.stdout.read() == b""
    assert not left_behind, "a worker of the interrupted command is still running"
    assert not (tmp_path / "cache" / "uth-dealer-trainer" / "odds").exists() or not any(
        path.name.startswith("game") for path in (tmp_path / "cache" / "uth-dealer-trainer" / "odds").iterdir())
