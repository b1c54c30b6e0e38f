"""Screenshots of the settlement quiz: a hand mid-settlement in practice mode with the feedback on a wrong
step showing, and the review at the end of an exam set.

    python packaging/quiz_screenshots.py [--out DIR] [--seed N] [--seats N] [--size WxH]

With no ``DISPLAY`` the script starts its own ``Xvfb`` (the first free display from :99), runs itself under it
in a child process and stops the server afterwards. It writes ``quiz-01-practice-feedback.png`` (the window)
and ``quiz-02-exam-review.png`` (the review dialog) in ``DIR`` (default ``./screenshots``, git-ignored). The
trainee's answers are given through the settlement panel, as clicks and keys would give them. The user's
settings are neither read nor written.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
XVFB_SCREEN = "1920x1080x24"
PRACTICE_SHOT = "quiz-01-practice-feedback.png"
REVIEW_SHOT = "quiz-02-exam-review.png"


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Screenshots of the settlement quiz.")
    parser.add_argument("--out", type=Path, default=Path("screenshots"), help="folder for the PNGs")
    parser.add_argument("--seed", type=int, default=None, help="random seed of the practice hand (default: the "
                                                                  "first with a Blind paid 3 to 2 or better)")
    parser.add_argument("--seats", type=int, default=6, help="player seats, 1..7 (default 6)")
    parser.add_argument("--size", default="1920x1080", help="window size, WxH (default 1920x1080)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(raw)
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from trainer.gui.xvfb import on_a_display

    return on_a_display(__file__, raw, "quiz_screenshots", args.child, lambda: take_screenshots(args), XVFB_SCREEN)


# --- driving the window -----------------------------------------------------------------------------------


def wait_until(predicate: Callable[[], bool], seconds: float = 20.0) -> None:
    """Process events until ``predicate`` holds (or fail loudly after ``seconds``)."""
    from PySide6.QtWidgets import QApplication

    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError("the window did not get there in time")
        QApplication.processEvents()
        time.sleep(0.005)


def settle_for_a_while(seconds: float = 0.3) -> None:
    """Let running animations finish."""
    end = time.monotonic() + seconds
    wait_until(lambda: time.monotonic() > end)


def deal_hand(window: Any) -> Any:
    """Deal a round and wait until its hand waits for the trainee; the quiz of that hand."""
    window.new_round()
    wait_until(lambda: window.quiz.quiz is not None)
    return window.quiz.quiz


def announce(window: Any, right: bool = True) -> None:
    panel = window.quiz.panel
    settlement = window.quiz.quiz.settlement
    panel.choose_category(settlement.dealer.category)
    panel.choose_qualifies(settlement.dealer_qualifies if right else not settlement.dealer_qualifies)
    panel.announce()
    if not right:
        panel.choose_qualifies(settlement.dealer_qualifies)
        panel.announce()


def answer(window: Any, step: Any, *, action: Any = None, amount: Decimal | None = None) -> None:
    """Settle ``step`` as given (the engine's answer unless ``action`` / ``amount`` say otherwise); a pay is
    cut from the chip buttons, largest chips first."""
    from trainer.gui.table.money import chip_breakdown

    panel = window.quiz.panel
    panel.select(step.seat, step.wager.value)
    chosen = action or step.action
    panel.choose_action(chosen)
    if chosen.value == "pay":
        for chip in reversed(chip_breakdown(amount if amount is not None else step.amount)):
            panel.chip_buttons[chip].click()
    panel.confirm()
    settle_for_a_while(0.05)


def practice_seed(settings: Any, wanted: Callable[[Any], bool]) -> int:
    from trainer.settings import new_session

    for seed in range(1, 2000):
        if wanted(new_session(settings, random.Random(seed)).next_round()):
            return seed
    raise SystemExit("quiz_screenshots: no round of the kind wanted in 2000 seeds")


def blind_paid_mid_table(played: Any) -> bool:
    """A round of four seats or more where the first Blind paid pays more than even money (a flush or better)
    and is the second or third seat settled."""
    steps = played.settlement.procedure
    seats = list(dict.fromkeys(step.seat for step in steps if step.phase == "settle"))
    blinds = [step for step in steps if step.wager.value == "blind" and step.action.value == "pay"]
    antes = {bets.seat: bets.ante for bets in played.bets}
    return (len(seats) >= 4 and bool(blinds) and blinds[0].seat in seats[1:3]
            and blinds[0].amount > antes[blinds[0].seat])


def practice_shot(window: Any, out: Path) -> Path:
    """Practice: the first seats settled right, then a Blind paid 1 to 1 instead of 3 to 2."""
    from trainer.scoring import Mode

    window.quiz.set_mode(Mode.PRACTICE)
    quiz = deal_hand(window)
    announce(window)
    while (step := quiz.next_step()) is not None:
        if step.wager.value == "blind" and step.action.value == "pay":
            break
        answer(window, step)
    assert step is not None
    stake = window.scene.wager_amount(step.seat, "blind")
    answer(window, step, amount=stake)  # even money: the wrong amount
    settle_for_a_while(0.6)
    path = out / PRACTICE_SHOT
    window.grab().save(str(path), "PNG")
    return path


def review_shot(window: Any, out: Path) -> Path:
    """An exam set of two hands, a few steps wrong, then the review."""
    from trainer.engine.wagers import Action

    window.quiz.set_mode(None)
    wait_until(lambda: not window.playing)
    window.quiz.start_exam(2, 90)
    previous = None
    for hand in range(2):
        wait_until(lambda before=previous: window.quiz.quiz is not None and window.quiz.quiz is not before)
        quiz = previous = window.quiz.quiz
        announce(window)
        mistakes = 0
        while (step := quiz.next_step()) is not None:
            if mistakes == 0 and hand == 0 and step.action is Action.PAY:
                answer(window, step, amount=step.amount + 5)
                mistakes += 1
            elif mistakes == 0 and hand == 1 and step.action is Action.TAKE:
                answer(window, step, action=Action.PUSH)
                mistakes += 1
            else:
                answer(window, step)
    wait_until(lambda: window.quiz.review is not None and window.quiz.review.isVisible())
    settle_for_a_while(0.4)
    path = out / REVIEW_SHOT
    window.quiz.review.grab().save(str(path), "PNG")
    return path


def take_screenshots(args: argparse.Namespace) -> int:
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
    create_application(["uth-trainer-quiz-screenshots"])
    settings = DEFAULTS.replace(seats=args.seats)
    seed = args.seed if args.seed is not None else practice_seed(settings, blind_paid_mid_table)
    with tempfile.TemporaryDirectory() as scratch:
        window = MainWindow(settings, store=SettingsStore(Path(scratch) / "settings.json"),
                            notify=lambda text: print(f"quiz_screenshots: {text}", file=sys.stderr),
                            durations=Durations(deal=20, flip=20, chips=60, pause=20), rng=random.Random(seed))
        window.setGeometry(0, 0, width, height)
        window.show()
        QApplication.processEvents()
        saved = [practice_shot(window, out), review_shot(window, out)]
        window.close()
    for path in saved:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
