"""Benchmark of stopping the app and the commands from outside: a signal ends them at once.

``python -m trainer.bench stop_signal [--runs N]`` starts the app offscreen in a fresh process as ``uth-trainer``
does (temporary user folders, sound off), waits until its window is up, sends the signal and measures the time
until the process has ended (its settings saved), median and slowest of ``N`` runs per signal (SIGTERM and
SIGINT close the window as Quit does). Then the same for Ctrl-C at a terminal while a command's worker
processes compute (``odds bad-beat``, ``odds game`` and ``settle --jsonl``, each with ``--workers 2``): the
whole process group gets SIGINT, and the time runs until the command has ended. Target: under 2 s. Run on
demand only; never a test (the tests check that the signal ends the app or the command cleanly, not how fast).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

TARGET_SECONDS = 2.0
OPEN_AND_WAIT = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from trainer.gui.app import create_application, run_app

    create_application(["uth-trainer"])
    QTimer.singleShot(300, lambda: print("UP", flush=True))
    sys.exit(run_app([], notify=lambda text: None))
""")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def time_to_stop(signal_number: int) -> float:
    """Seconds from sending ``signal_number`` to a window that is up until its process has ended."""
    with tempfile.TemporaryDirectory(prefix="uth-stop-") as folder:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy")
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
            env[name] = str(Path(folder) / name.lower())
        child = subprocess.Popen([sys.executable, "-c", OPEN_AND_WAIT], env=env, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, preexec_fn=_default_sigint)
        try:
            assert child.stdout is not None
            if child.stdout.readline().strip() != "UP":
                raise RuntimeError("the app did not open its window")
            sent = time.monotonic()
            child.send_signal(signal_number)
            child.wait(timeout=60)
            return time.monotonic() - sent
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()


WORKER_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("odds", "bad-beat", "--no-cache", "--workers", "2"),
    ("odds", "game", "--no-cache", "--workers", "2"),
    ("settle", "--jsonl", "--workers", "2"),
)
"""Commands that compute in worker processes; ``settle`` is given :data:`SETTLE_INPUT` and its input left open."""
SETTLE_INPUT = (json.dumps({
    "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5}],
}) + "\n").encode() * 300
WORKERS_UP = 3
"""Descendants of a command whose two workers run: the workers and their server (the resource tracker may add
one)."""


@dataclass(frozen=True)
class Interrupted:
    """How a command ended after Ctrl-C: its exit status, its standard error and the seconds it took to end."""

    status: int
    stderr: bytes
    seconds: float


def descendants(pid: int) -> int:
    """How many live processes descend from ``pid`` (its workers, their server and the resource tracker)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found, frontier = 0, {pid}
    while frontier:
        children = {child for child, parent in parents.items() if parent in frontier}
        found += len(children)
        frontier = children
    return found


def interrupt_with_workers(argv: Sequence[str], *, stdin: bytes = b"", env: Mapping[str, str] | None = None,
                           cwd: Path | None = None, wait: float = 60.0) -> Interrupted:
    """Run ``uth-trainer ARGV`` in its own process group with Ctrl-C at its default, give it ``stdin`` (the input
    left open), wait until its workers run, then send the group SIGINT as Ctrl-C at a terminal does.

    ``wait`` bounds each wait (for the workers, for the end); raises :class:`RuntimeError` when the workers never
    start and :class:`subprocess.TimeoutExpired` when the command does not end (it is killed then).
    """
    child = subprocess.Popen([sys.executable, "-m", "trainer", *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=cwd, env=None if env is None else dict(env),
                             start_new_session=True, preexec_fn=_default_sigint)
    try:
        assert child.stdin is not None
        if stdin:
            child.stdin.write(stdin)
            child.stdin.flush()
        started = time.monotonic()
        while descendants(child.pid) < WORKERS_UP and time.monotonic() - started < wait:
            time.sleep(0.05)
        if descendants(child.pid) < WORKERS_UP:
            raise RuntimeError(f"the workers of {' '.join(argv)!r} never started")
        time.sleep(0.3)
        os.killpg(child.pid, signal.SIGINT)
        interrupted = time.monotonic()
        _out, err = child.communicate(timeout=wait)
        return Interrupted(child.returncode, err, time.monotonic() - interrupted)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()


def _report(name: str, times: list[float]) -> None:
    print(f"{name}: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s "
          f"(target under {TARGET_SECONDS:.0f} s)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench stop_signal", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per signal (default 3)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    slowest = 0.0
    runs = max(1, args.runs)
    for name in ("SIGTERM", "SIGINT"):
        times = [time_to_stop(getattr(signal, name)) for _ in range(runs)]
        slowest = max(slowest, max(times))
        _report(f"the app, {name}", times)
    for command in WORKER_COMMANDS:
        stdin = SETTLE_INPUT if command[0] == "settle" else b""
        times = [interrupt_with_workers(command, stdin=stdin).seconds for _ in range(runs)]
        slowest = max(slowest, max(times))
        _report(f"Ctrl-C, uth-trainer {' '.join(command)}", times)
    print("within target" if slowest < TARGET_SECONDS else "OVER TARGET")
    return 0


if __name__ == "__main__":
    sys.exit(main())
