"""Benchmark of stopping the app from outside: SIGTERM and SIGINT close the window as Quit does.

``python -m trainer.bench stop_signal [--runs N]`` starts the app offscreen in a fresh process as ``uth-trainer``
does (temporary user folders, sound off), waits until its window is up, sends the signal and measures the time
until the process has ended (its settings saved), median and slowest of ``N`` runs per signal. Target: under
2 s. Run on demand only; never a test (the tests check that the signal closes the window, not how fast).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Sequence
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench stop_signal", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per signal (default 3)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    slowest = 0.0
    for name in ("SIGTERM", "SIGINT"):
        times = [time_to_stop(getattr(signal, name)) for _ in range(max(1, args.runs))]
        slowest = max(slowest, max(times))
        print(f"{name}: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s "
              f"(target under {TARGET_SECONDS:.0f} s)")
    print("within target" if slowest < TARGET_SECONDS else "OVER TARGET")
    return 0


if __name__ == "__main__":
    sys.exit(main())
