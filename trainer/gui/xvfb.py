"""A virtual X server (Xvfb) for the screenshot scripts and the GUI benchmark when no display is there.

Only the X server started here is stopped, by its own process; nothing here imports Qt.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

SCREEN = "1920x1080x24"
START_SECONDS = 10.0


class XvfbError(RuntimeError):
    """Xvfb exited or did not open its socket in time."""


def free_display(first: int = 99) -> int:
    """The first display number from ``first`` with no X server (no lock file, no socket)."""
    number = first
    while Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
        number += 1
    return number


@contextmanager
def xvfb(screen: str = SCREEN) -> Iterator[int]:
    """Start Xvfb on a free display, yield its number once it listens, stop it (and only it) afterwards."""
    number = free_display()
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", screen, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        socket_path = Path(f"/tmp/.X11-unix/X{number}")
        deadline = time.monotonic() + START_SECONDS
        while not socket_path.exists():
            if server.poll() is not None or time.monotonic() > deadline:
                raise XvfbError(f"Xvfb :{number} did not start")
            time.sleep(0.05)
        yield number
    finally:
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def run_script_under_xvfb(script: str, argv: Sequence[str], name: str, screen: str = SCREEN) -> int:
    """Run ``script`` with ``argv`` and ``--child`` on a fresh Xvfb (sound off); its exit code, or 2 when Xvfb
    does not start (said on stderr after ``name``)."""
    try:
        with xvfb(screen) as number:
            env = dict(os.environ, DISPLAY=f":{number}", QT_QPA_PLATFORM="xcb", SDL_AUDIODRIVER="dummy")
            env.pop("WAYLAND_DISPLAY", None)
            return subprocess.run([sys.executable, script, *argv, "--child"], env=env, check=False).returncode
    except XvfbError as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 2


def on_a_display(script: str, argv: Sequence[str], name: str, child: bool, work: Callable[[], int],
                 screen: str = SCREEN) -> int:
    """A script's ``main``: do ``work`` when there is a display (or in the ``--child`` run, or offscreen);
    else run ``script`` again as a child on a fresh Xvfb; a one-line message and 2 when there is no Xvfb."""
    if child or os.environ.get("DISPLAY") or os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        return work()
    if shutil.which("Xvfb") is None:
        print(f"{name}: no DISPLAY and no Xvfb to start one (install xvfb)", file=sys.stderr)
        return 2
    return run_script_under_xvfb(script, argv, name, screen)
