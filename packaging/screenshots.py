"""Screenshots of the table window through one round: the deal, the flop, the river and the settlement.

    python packaging/screenshots.py [--out DIR] [--seed N] [--seats N] [--size WxH]

With no ``DISPLAY`` the script starts its own ``Xvfb :99 -screen 0 1920x1080x24`` (the next free display
number if :99 is taken), runs itself under it in a child process and stops the server afterwards. The window
is grabbed (``QWidget.grab``) when each of those phases of the round is complete (the round is played one
phase at a time with the window's Step command, so the table and the round log agree), and saved as
``01-deal.png``, ``02-flop.png``, ``03-river.png`` and ``04-settlement.png`` in ``DIR`` (default
``./screenshots``, git-ignored). Then, at 1366x768: ``05-start-page.png`` (Help ▸ Start here),
``06-practice-settling.png`` (a practice hand waiting for the trainee's settlement), ``07-magnifier.png`` (Z held
over a seat's hand), ``08-player-dealer.png`` (a player-dealer table after the reveal) and ``09-coin-in.png``
(the sensors lit and the Progressive wagers gone, before the deal). The user's settings are neither read nor
written.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
XVFB_SCREEN = "1920x1080x24"
SHOTS = (
    # (file name, the phase of the round after which the window is grabbed)
    ("01-deal.png", "deal"),
    ("02-flop.png", "flop"),
    ("03-river.png", "river-decisions"),
    ("04-settlement.png", "settlement"),  # the last phase before the table is cleared
)
MORE_SHOTS = ("05-start-page.png", "06-practice-settling.png", "07-magnifier.png", "08-player-dealer.png",
              "09-coin-in.png")
LAPTOP = (1366, 768)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Screenshots of the table through one round.")
    parser.add_argument("--out", type=Path, default=Path("screenshots"), help="folder for the PNGs")
    parser.add_argument("--seed", type=int, default=11, help="random seed of the round (default 11)")
    parser.add_argument("--seats", type=int, default=7, help="player seats, 1..7 (default 7)")
    parser.add_argument("--size", default="1920x1080", help="window size, WxH (default 1920x1080)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(raw)
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from trainer.gui.xvfb import on_a_display

    return on_a_display(__file__, raw, "screenshots", args.child, lambda: take_screenshots(args), XVFB_SCREEN)


# --- the round --------------------------------------------------------------------------------------------


def play_and_grab(window: object, out: Path) -> list[Path]:
    """Step ``window``'s next round phase by phase; after each phase of :data:`SHOTS`, save a grab."""
    from PySide6.QtCore import QEventLoop, QTimer

    saved: list[Path] = []
    loop = QEventLoop()
    window.new_round()  # type: ignore[attr-defined]
    director = window.director  # type: ignore[attr-defined]
    window.toggle_pause()  # type: ignore[attr-defined]
    plan = director.phase_names()
    last_before_cleanup = plan[plan.index("cleanup") - 1] if "cleanup" in plan else plan[-1]
    wanted = {phase if phase != "settlement" else last_before_cleanup: name for name, phase in SHOTS}

    def tick() -> None:
        if director.state == "finished":
            loop.quit()
            return
        if director.state != "paused":
            return  # a phase is still playing
        done = director.phases_run[-1] if director.phases_run else None
        if done in wanted:
            path = out / wanted.pop(done)
            window.grab().save(str(path), "PNG")  # type: ignore[attr-defined]
            saved.append(path)
        if not wanted:
            window.skip_to_end()  # type: ignore[attr-defined]
            loop.quit()
            return
        window.step()  # type: ignore[attr-defined]

    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(tick)
    timer.start()
    QTimer.singleShot(60_000, loop.quit)
    loop.exec()
    timer.stop()
    return saved


def _wait(ms: int) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def _stepped_to(window: object, phase: str) -> None:
    """Deal a round one phase at a time and stop, paused, once ``phase`` has played."""
    window.new_round(stepping=True)  # type: ignore[attr-defined]
    director = window.director  # type: ignore[attr-defined]
    for _ in range(3000):
        _wait(10)
        if director.state == "paused":
            if director.phases_run and director.phases_run[-1] == phase:
                return
            window.step()  # type: ignore[attr-defined]


def laptop_screenshots(make_window: object, out: Path, seed: int) -> list[Path]:
    """The start page, a practice hand mid settlement, the magnifier, the player-dealer table and COIN IN, each
    in a window of :data:`LAPTOP` size made by ``make_window(settings, seed)``."""
    from trainer.gui.table.magnifier import scene_point
    from trainer.scoring import Mode
    from trainer.settings import DEFAULTS

    saved: list[Path] = []
    full = DEFAULTS.replace(seats=7, offer_pairs=True, offer_progressive=True)

    def grab(widget: object, name: str) -> None:
        path = out / name
        widget.grab().save(str(path), "PNG")  # type: ignore[attr-defined]
        saved.append(path)

    window = make_window(full, seed)  # type: ignore[operator]
    page = window.open_start_page()
    _wait(200)
    grab(page, MORE_SHOTS[0])
    page.close()
    window.quiz.set_mode(Mode.PRACTICE)
    window.new_round()
    for _ in range(3000):
        if window.quiz.quiz is not None:
            break
        _wait(10)
    _wait(200)
    grab(window, MORE_SHOTS[1])
    seat = window.played.hands[len(window.played.hands) // 2].seat
    window.magnifier.hold(scene_point(window.view, window.scene.cards_at("seat", seat)[0]))
    _wait(100)
    grab(window, MORE_SHOTS[2])
    window.magnifier.release()
    window.close()
    player_dealer = DEFAULTS.replace(banking="player-dealer", seats=6, procedure="shuffler", offer_bad_beat=True)
    window = make_window(player_dealer, seed)  # type: ignore[operator]
    _stepped_to(window, "reveal")
    _wait(100)
    grab(window, MORE_SHOTS[3])
    window.skip_to_end()
    window.close()
    window = make_window(full, seed)  # type: ignore[operator]
    _stepped_to(window, "coin-in")
    _wait(100)
    grab(window, MORE_SHOTS[4])
    window.skip_to_end()
    window.close()
    return saved


def take_screenshots(args: argparse.Namespace) -> int:
    """Open the window on the current display, play one round and grab it at each moment of :data:`SHOTS`."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from PySide6.QtWidgets import QApplication

    from trainer.gui.app import create_application
    from trainer.gui.main_window import MainWindow
    from trainer.gui.table.director import Durations
    from trainer.settings import DEFAULTS, SettingsStore

    width, height = (int(n) for n in args.size.lower().split("x"))
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    create_application(["uth-trainer-screenshots"])
    settings = DEFAULTS.replace(seats=args.seats, offer_pairs=True, offer_progressive=True)
    with tempfile.TemporaryDirectory() as scratch:
        window = MainWindow(settings, store=SettingsStore(Path(scratch) / "settings.json"),
                            notify=lambda text: print(f"screenshots: {text}", file=sys.stderr),
                            durations=Durations.tiny(), rng=random.Random(args.seed))
        window.setGeometry(0, 0, width, height)
        window.show()
        QApplication.processEvents()
        saved = play_and_grab(window, out)
        window.close()

        def make_window(chosen: object, seed: int) -> MainWindow:
            made = MainWindow(chosen, store=SettingsStore(Path(scratch) / "settings.json"),  # type: ignore[arg-type]
                              notify=lambda text: print(f"screenshots: {text}", file=sys.stderr),
                              durations=Durations.tiny(), rng=random.Random(seed))
            made.setGeometry(0, 0, *LAPTOP)
            made.show()
            QApplication.processEvents()
            return made

        saved += laptop_screenshots(make_window, out, args.seed)
    for path in saved:
        print(path)
    missing = [name for name in (*(name for name, _ in SHOTS), *MORE_SHOTS) if out / name not in saved]
    if missing:
        print(f"screenshots: not taken: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
