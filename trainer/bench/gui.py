"""Benchmark of the table window: launch time, the cost of one frame, memory after ten rounds.

``python -m trainer.bench gui`` measures

* **launch**: a fresh ``python`` process runs the app as ``uth-trainer`` does; the time from starting the
  process to the window's first paint, median of 5 (after one uncounted first launch, which compiles the modules
  into a folder of the benchmark's own, as installing the trainer does). Target: under 0.5 s.
* **frame**: a 7-seat table with every side bet, paused in the middle of the deal (cards in flight), rendered
  at 1920x1080 into a ``QImage``; 3 runs of 50 renders, each run's median and 95th percentile in ms, and the
  main thread's processor time per render (which another busy process does not inflate, so a slow run with
  little processor time was kept waiting). Target: median and 95th percentile of all renders under 8 ms
  (so 60 frames per second hold).
* **memory**: a fresh process opens the window, plays ten rounds (each skipped to its end) and reads its
  resident memory (``VmRSS`` in ``/proc/self/status``). Target: under 300 MB.

With no ``DISPLAY``, the window processes run under an Xvfb started here when Xvfb is installed (and
stopped afterwards), else on Qt's offscreen platform; the report says which. The user's settings are never
touched: every child process gets temporary configuration folders. Run on demand only; never a test.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Qt is imported only when a GUI benchmark runs
    from trainer.gui.table.director import RoundDirector
    from trainer.gui.table.scene import TableScene

LAUNCH_TARGET_S = 0.5
FRAME_TARGET_MS = 8.0
MEMORY_TARGET_MB = 300.0
FRAME_SIZE = (1920, 1080)

LAUNCH_PROBE = """
import sys, time
from trainer.gui.app import run_app

def hook(window):
    from PySide6.QtCore import QTimer

    def painted():
        print(f"SHOWN {time.time():.6f}", flush=True)
        QTimer.singleShot(0, window.close)

    window.firstPainted.connect(painted)

sys.exit(run_app([], on_window=hook, notify=lambda text: print("NOTE", text, file=sys.stderr)))
"""

MEMORY_PROBE = """
import sys
from trainer.bench.gui import memory_after_rounds
print(f"RSS {memory_after_rounds(int(sys.argv[1])):.1f}", flush=True)
"""


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench gui", description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("launch", "frame", "memory", "legibility"), action="append",
                        help="run only this measurement (may be repeated)")
    parser.add_argument("--runs", type=int, default=5, help="launches to time (default 5)")
    parser.add_argument("--frames", type=int, default=50, help="renders to time in each run (default 50)")
    parser.add_argument("--frame-runs", type=int, default=3, help="runs of --frames renders (default 3)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds before reading memory (default 10)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    chosen = args.only or ["launch", "frame", "memory", "legibility"]
    if "launch" in chosen or "memory" in chosen:
        with display() as where:
            print(f"display: {where}")
            if "launch" in chosen:
                report_launch(args.runs)
            if "memory" in chosen:
                report_memory(args.rounds)
    if "frame" in chosen:
        report_frame(args.frames, args.frame_runs)
    if "legibility" in chosen:
        report_legibility()
    return 0


LEGIBILITY_SIZES = ((1024, 700), (1366, 768), (1920, 1080), (2560, 1440))


def report_legibility() -> None:
    """The real window at each of :data:`LEGIBILITY_SIZES`, a practice hand waiting for the trainee on a full
    seven-seat table: the smallest card, its index and the chip text, in pixels (offscreen: geometry only)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from trainer.gui.app import create_application
    from trainer.gui.legibility import CARD_TARGETS, CHIP_TEXT_TARGET, INDEX_TARGET, measure
    from trainer.gui.main_window import MainWindow
    from trainer.gui.table.director import Durations
    from trainer.scoring import Mode
    from trainer.settings import DEFAULTS, SettingsStore

    create_application(["uth-trainer-bench"])
    settings = DEFAULTS.replace(seats=7, offer_pairs=True, offer_progressive=True)
    print("legibility (settle it yourself, practice, 7 seats, the settlement panel open):")
    with tempfile.TemporaryDirectory() as scratch:
        for width, height in LEGIBILITY_SIZES:
            window = MainWindow(settings, store=SettingsStore(Path(scratch) / "settings.json"),
                                notify=lambda text: None, durations=Durations.tiny(), rng=random.Random(5))
            window.resize(width, height)
            window.show()
            window.quiz.set_mode(Mode.PRACTICE)
            window.new_round()
            deadline = time.monotonic() + 30
            while window.quiz.quiz is None and time.monotonic() < deadline:
                QApplication.processEvents()
            QApplication.processEvents()
            assert window.view is not None
            figures = measure(window.view)
            card_target = CARD_TARGETS.get((width, height), 64.0)
            ok = (figures.card_width >= card_target and figures.index_height >= INDEX_TARGET
                  and figures.chip_text >= CHIP_TEXT_TARGET)
            print(f"  {width}x{height}: {figures.line()}  (targets: card {card_target:g}, index "
                  f"{INDEX_TARGET:g}, chip text {CHIP_TEXT_TARGET:g}) {verdict(ok)}")
            window.close()
            window.deleteLater()


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


# --- where the windows go ---------------------------------------------------------------------------------


@contextmanager
def display() -> Iterator[str]:
    """Set up a display for child processes: the current one, an Xvfb started here, or offscreen."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        yield f"{os.environ.get('QT_QPA_PLATFORM') or 'desktop'} ({os.environ.get('DISPLAY') or 'wayland'})"
        return
    if os.environ.get("QT_QPA_PLATFORM") == "offscreen" or shutil.which("Xvfb") is None:
        saved = os.environ.get("QT_QPA_PLATFORM")
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        try:
            yield "offscreen (no DISPLAY, no Xvfb)"
        finally:
            _restore_env("QT_QPA_PLATFORM", saved)
        return
    from trainer.gui.xvfb import XvfbError, xvfb

    saved_display, saved_platform = os.environ.get("DISPLAY"), os.environ.get("QT_QPA_PLATFORM")
    try:
        with xvfb() as number:
            os.environ["DISPLAY"] = f":{number}"
            os.environ["QT_QPA_PLATFORM"] = "xcb"
            yield f"xcb on Xvfb :{number} (started for the benchmark)"
    except XvfbError as error:
        raise SystemExit(f"bench gui: {error}") from None
    finally:
        _restore_env("DISPLAY", saved_display)
        _restore_env("QT_QPA_PLATFORM", saved_platform)


def _restore_env(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def child_env(scratch: Path) -> dict[str, str]:
    """The environment of a measured process: this one's, with private user folders and the repository, and the
    compiled modules kept in a folder of its own (as an installed trainer has them: pip compiles a package when
    it installs it), whatever this environment says of writing them."""
    env = dict(os.environ)
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        env[name] = str(scratch / name.lower())
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    return env


# --- launch -----------------------------------------------------------------------------------------------


def launch_once(env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting a process running the app to its window's first paint, and the processor time
    (user and system) the process used in all, closing included (which other busy processes do not inflate)."""
    before = _children_cpu()
    start = time.time()
    result = subprocess.run([sys.executable, "-c", LAUNCH_PROBE], env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    shown = [line for line in result.stdout.splitlines() if line.startswith("SHOWN ")]
    if result.returncode != 0 or not shown:
        raise SystemExit(f"bench gui: the app did not start (status {result.returncode}): "
                         f"{result.stderr.strip()}")
    return float(shown[0].split()[1]) - start, _children_cpu() - before


def _children_cpu() -> float:
    """Processor seconds of the finished child processes (0 where the platform does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def report_launch(runs: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        env = child_env(Path(scratch))
        cold, _cold_cpu = launch_once(env)
        measured = [launch_once(env) for _ in range(runs)]
    times = [wall for wall, _cpu in measured]
    median = statistics.median(times)
    listed = ", ".join(f"{t:.2f}" for t in times)
    print(f"launch to window shown: median {median:.2f} s over {runs} runs ({listed}; the first launch, which "
          f"compiles the modules, {cold:.2f} s) — target < {LAUNCH_TARGET_S:g} s: {verdict(median < LAUNCH_TARGET_S)}")
    cpu = [used for _wall, used in measured]
    print(f"  processor time of a launch (start to exit, the window closed once shown): median "
          f"{statistics.median(cpu):.2f} s ({', '.join(f'{t:.2f}' for t in cpu)})")


# --- one frame --------------------------------------------------------------------------------------------


def full_table_mid_deal() -> tuple[TableScene, RoundDirector]:
    """A 7-seat table with every side bet, its round paused with the deal half done; (scene, director)."""
    from PySide6.QtCore import QEventLoop, QTimer

    from trainer.engine.dealing import Procedure
    from trainer.engine.round import RoundDealer
    from trainer.gui.main_window import layout_config
    from trainer.gui.table.art import ArtLibrary
    from trainer.gui.table.director import Durations, RoundDirector
    from trainer.gui.table.scene import TableScene
    from trainer.resources import assets_dir
    from trainer.settings import DEFAULTS, table_rules

    settings = DEFAULTS.replace(seats=7, offer_pairs=True, offer_progressive=True, procedure="deck-mate")
    dealer = RoundDealer(
        table_rules(settings), Procedure(settings.procedure), 7, random.Random(2024),
        side_bets=settings.offered_side_bets, min_wager=Decimal(5), max_wager=Decimal(500), sit_out_rate=0.0,
    )
    played = dealer.next_round()
    scene = TableScene(layout_config(settings), ArtLibrary(assets_dir()))
    director = RoundDirector(scene, played, Durations())
    dealt_to_seats = 7
    loop = QEventLoop()

    def check() -> None:
        seat_cards = [a for a in scene.arrivals if a[0] == "seat"]
        if len(seat_cards) >= dealt_to_seats:  # one card to each seat of fourteen: the middle of the deal
            director.pause()
            loop.quit()

    timer = QTimer()
    timer.setInterval(2)
    timer.timeout.connect(check)
    timer.start()
    QTimer.singleShot(60_000, loop.quit)
    director.start()
    loop.exec()
    timer.stop()
    return scene, director


class Timings:
    """Milliseconds per frame: wall-clock time and the main thread's processor time."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def add(self, wall_s: float, cpu_s: float) -> None:
        self.wall.append(wall_s * 1000)
        self.cpu.append(cpu_s * 1000)

    def extend(self, other: Timings) -> None:
        self.wall += other.wall
        self.cpu += other.cpu


def render_timings(scene: TableScene, frames: int) -> Timings:
    """Times of ``frames`` renders of ``scene`` into a 1920x1080 image (after 3 warm-ups)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    image = QImage(*FRAME_SIZE, QImage.Format.Format_ARGB32_Premultiplied)
    target = QRectF(0, 0, *FRAME_SIZE)
    hints = (QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
             | QPainter.RenderHint.TextAntialiasing)
    timings = Timings()
    for index in range(frames + 3):
        start, start_cpu = time.perf_counter(), time.thread_time()
        painter = QPainter(image)
        painter.setRenderHints(hints)
        scene.render(painter, target, scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        painter.end()
        if index >= 3:
            timings.add(time.perf_counter() - start, time.thread_time() - start_cpu)
    return timings


def view_repaint_timings(scene: TableScene, frames: int) -> Timings:
    """Times of ``frames`` full repaints of a 1920x1080 table view (after 3 warm-ups): what one frame on
    screen costs when everything must be drawn again."""
    from PySide6.QtWidgets import QApplication

    from trainer.gui.table.view import TableView

    view = TableView(scene)
    view.resize(*FRAME_SIZE)
    view.show()
    QApplication.processEvents()
    view.fit_table()
    timings = Timings()
    for index in range(frames + 3):
        start, start_cpu = time.perf_counter(), time.thread_time()
        view.viewport().repaint()
        if index >= 3:
            timings.add(time.perf_counter() - start, time.thread_time() - start_cpu)
    view.hide()
    view.setScene(None)
    view.deleteLater()
    return timings


def _stats(times: list[float]) -> tuple[float, float]:
    return statistics.median(times), sorted(times)[max(0, round(len(times) * 0.95) - 1)]


def _run_line(number: int, timings: Timings) -> str:
    median, p95 = _stats(timings.wall)
    cpu, cpu_p95 = _stats(timings.cpu)
    return (f"    run {number}: median {median:.2f} ms, p95 {p95:.2f} ms "
            f"(main thread's processor time: median {cpu:.2f} ms, p95 {cpu_p95:.2f} ms)")


def thread_pool_note() -> str:
    """Whether Qt's raster engine hands large fills to its GUI thread pool in this process."""
    if os.environ.get("QT_NO_GUI_THREADPOOL") is not None:
        return "Qt's GUI thread pool: off (QT_NO_GUI_THREADPOOL set), every fill painted in the main thread"
    return "Qt's GUI thread pool: on, large fills are shared out to other threads and waited for"


def report_frame(frames: int, runs: int = 3) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from trainer.gui.app import create_application

    create_application(["uth-trainer-bench"])
    scene, director = full_table_mid_deal()
    cards = len(scene.arrivals)
    every, lines = Timings(), []
    for number in range(1, runs + 1):
        timings = render_timings(scene, frames)
        every.extend(timings)
        lines.append(_run_line(number, timings))
    median, p95 = _stats(every.wall)
    ok = median < FRAME_TARGET_MS and p95 < FRAME_TARGET_MS
    print(f"one frame, 7 seats mid-deal ({cards} cards out) rendered at {FRAME_SIZE[0]}x{FRAME_SIZE[1]} into "
          f"a QImage: median {median:.2f} ms over {len(every.wall)} renders (p95 {p95:.2f} ms) "
          f"— target < {FRAME_TARGET_MS:g} ms (median and p95): {verdict(ok)}")
    print("\n".join(lines))
    print(f"  {thread_pool_note()}")
    view_median, view_p95 = _stats(view_repaint_timings(scene, frames).wall)
    print(f"  the same frame as a full repaint of a {FRAME_SIZE[0]}x{FRAME_SIZE[1]} table view: median "
          f"{view_median:.2f} ms (p95 {view_p95:.2f} ms)")
    director.stop()


# --- memory -----------------------------------------------------------------------------------------------


def resident_mb() -> float:
    """This process's resident memory in MB (``VmRSS``; Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise OSError("no VmRSS in /proc/self/status")


def memory_after_rounds(rounds: int) -> float:
    """Open the window as the app does, play ``rounds`` rounds skipped to their ends; resident MB after."""
    from PySide6.QtWidgets import QApplication

    from trainer.gui.app import _make_sound, create_application
    from trainer.gui.main_window import MainWindow
    from trainer.settings import DEFAULTS, SettingsStore

    create_application(["uth-trainer-bench"])
    settings = DEFAULTS.replace(seats=7, offer_pairs=True, offer_progressive=True)
    with tempfile.TemporaryDirectory() as scratch:
        sound = _make_sound(settings)
        window = MainWindow(settings, store=SettingsStore(Path(scratch) / "settings.json"),
                            notify=lambda text: None, sound=sound, rng=random.Random(5))
        window.resize(*FRAME_SIZE)
        window.show()
        QApplication.processEvents()
        for _ in range(rounds):
            if not window.new_round():
                raise SystemExit("bench gui: a round did not start")
            QApplication.processEvents()
            window.skip_to_end()
            QApplication.processEvents()
        QApplication.processEvents()
        rss = resident_mb()
        window.close()
        if sound is not None:
            sound.close()
    return rss


def report_memory(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(rounds)],
                                env=child_env(Path(scratch)), capture_output=True, text=True, timeout=300,
                                check=False)
    lines = [line for line in result.stdout.splitlines() if line.startswith("RSS ")]
    if result.returncode != 0 or not lines:
        raise SystemExit(f"bench gui: the memory run failed (status {result.returncode}): "
                         f"{result.stderr.strip()}")
    rss = float(lines[0].split()[1])
    print(f"resident memory after {rounds} rounds: {rss:.0f} MB — target < {MEMORY_TARGET_MB:g} MB: "
          f"{verdict(rss < MEMORY_TARGET_MB)}")


if __name__ == "__main__":
    sys.exit(main())
