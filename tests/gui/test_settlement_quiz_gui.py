"""Settle it yourself: the trainee settles a hand on the table by clicks and keys, every step is judged by the
quiz core, and the score, the feedback, the review and the book show it. Offscreen, one-millisecond animations,
signal waits (never sleeps)."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from tests.gui.table_support import FakeSound
from tests.typed import present
from trainer.engine.evaluator import Category
from trainer.engine.settlement import Step
from trainer.engine.wagers import Action
from trainer.gui.main_window import MainWindow
from trainer.gui.quiz import ReviewDialog
from trainer.gui.quiz.controller import QuizController
from trainer.gui.table.director import Durations
from trainer.gui.table.money import chip_breakdown
from trainer.gui.training import LessonsDialog
from trainer.lessons import lesson_for
from trainer.scoring import ErrorKind, Mode
from trainer.settings import DEFAULTS, Settings, SettingsStore, new_session

pytestmark = pytest.mark.gui

WAIT = 10_000
HOUSE = DEFAULTS.replace(seats=4)
PLAYER_DEALER = DEFAULTS.replace(banking="player-dealer", seats=6, procedure="shuffler")
ACTION_KEYS = {Action.PAY: Qt.Key.Key_P, Action.TAKE: Qt.Key.Key_T, Action.PUSH: Qt.Key.Key_U,
               Action.RETURN: Qt.Key.Key_R}


# --- rounds of the kind a test needs ------------------------------------------------------------------------


def seed_for(settings: Settings, wanted: Callable[[Any], bool]) -> int:
    """The first seed whose first round (dealt by these settings) is ``wanted``."""
    for seed in range(3000):
        if wanted(new_session(settings, random.Random(seed)).next_round()):
            return seed
    raise AssertionError("no round of that kind in 3000 seeds")


def steps_of(played: Any) -> tuple[Step, ...]:
    return tuple(played.settlement.procedure)


def has_pay_and_take(played: Any) -> bool:
    actions = {step.action for step in steps_of(played)}
    return {Action.PAY, Action.TAKE} <= actions and len({step.seat for step in steps_of(played)}) >= 2


def unqualified_with_refunds_and_a_pay(played: Any) -> bool:
    steps = steps_of(played)
    refunds = [step for step in steps if step.phase == "refund"]
    return (not played.settlement.dealer_qualifies and len(refunds) >= 2
            and any(step.action is Action.PAY for step in steps if step.phase == "settle"))


def unqualified_with_two_live_seats(played: Any) -> bool:
    live = {step.seat for step in steps_of(played) if step.phase == "settle"}
    return not played.settlement.dealer_qualifies and len(live) >= 2


def a_low_fold_and_a_showdown(played: Any) -> bool:
    later = {step.seat for step in steps_of(played) if step.phase != "fold"}
    return bool(set(played.folded) - later) and bool(later - set(played.folded))


# --- the window and the trainee's hands ---------------------------------------------------------------------


@pytest.fixture
def open_window(qtbot: Any, tmp_path: Path) -> Callable[..., MainWindow]:
    def make(settings: Settings, seed: int, mode: Mode | None = Mode.PRACTICE) -> MainWindow:
        window = MainWindow(settings, store=SettingsStore(tmp_path / "settings.json"), notify=lambda _text: None,
                            sound=FakeSound(), durations=Durations.tiny(), rng=random.Random(seed))
        qtbot.addWidget(window)
        window.show()
        window.activateWindow()
        qtbot.waitExposed(window)
        qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
        if mode is not None:
            window.quiz.set_mode(mode)
        return window

    return make


def deal(qtbot: Any, window: MainWindow) -> QuizController:
    """Deal a round and wait until the trainee is asked to settle it."""
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert window.new_round()
    assert window.settling and window.quiz.quiz is not None
    return window.quiz


def press(qtbot: Any, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key as the trainee types it: to whatever has the focus."""
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClick(target, key, modifier)


def type_text(qtbot: Any, text: str) -> None:
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClicks(target, text)


def announce_by_keys(qtbot: Any, category: Category, qualifies: bool) -> None:
    press(qtbot, Qt.Key(int(Qt.Key.Key_0) + int(category)))
    press(qtbot, Qt.Key.Key_Y if qualifies else Qt.Key.Key_N)
    press(qtbot, Qt.Key.Key_Return)


def announce_right(qtbot: Any, quiz: QuizController) -> None:
    assert quiz.quiz is not None
    settlement = quiz.quiz.settlement
    announce_by_keys(qtbot, settlement.dealer.category, settlement.dealer_qualifies)


def click_spot(qtbot: Any, window: MainWindow, seat: int, wager: str) -> None:
    """A real click on the wagering area, through the view."""
    view = window.view
    centre = present(window.scene).geometry.spot(seat, wager).center
    with qtbot.waitSignal(present(window.scene).spotClicked, timeout=WAIT):
        QTest.mouseClick(present(view).viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         present(view).mapFromScene(QPointF(centre.x, centre.y)))


def choose_by_keys(qtbot: Any, quiz: QuizController, seat: int, wager: str) -> None:
    """S and W until the seat and the wager are chosen."""
    panel = quiz.panel
    for _ in range(10):
        if panel.selection()[0] == seat:
            break
        press(qtbot, Qt.Key.Key_S)
    for _ in range(10):
        if panel.selection()[1] == wager:
            break
        press(qtbot, Qt.Key.Key_W)
    assert panel.selection() == (seat, wager)


def settle_by_keys(qtbot: Any, step: Step, amount: Decimal | None = None, action: Action | None = None) -> None:
    """Esc (a fresh step), the action key, the amount typed for a pay, Enter."""
    press(qtbot, Qt.Key.Key_Escape)
    chosen = action or step.action
    press(qtbot, ACTION_KEYS[chosen])
    if chosen is Action.PAY:
        type_text(qtbot, str(amount if amount is not None else step.amount))
    press(qtbot, Qt.Key.Key_Return)


def cut_chips(qtbot: Any, quiz: QuizController, amount: Decimal) -> None:
    for chip in chip_breakdown(amount):
        qtbot.mouseClick(quiz.panel.chip_buttons[chip], Qt.MouseButton.LeftButton)


def answer_rest_by_keys(qtbot: Any, quiz: QuizController) -> None:
    core = quiz.quiz
    assert core is not None
    while (step := core.next_step()) is not None:
        settle_right(qtbot, quiz, step)


def settle_right(qtbot: Any, quiz: QuizController, step: Step) -> None:
    """Choose ``step``'s wager by keys and settle it as the engine does; it must be taken."""
    choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
    settle_by_keys(qtbot, step)
    assert quiz.quiz is None or quiz.quiz.next_step() is not step, feedback(quiz)


def feedback(quiz: QuizController) -> str:
    """The feedback as read on the screen (the label's markup left out)."""
    text = re.sub(r"<br>", "\n", quiz.panel.feedback.text())
    return html.unescape(re.sub(r"<[^>]+>", "", text))


# --- the table waits for the trainee ------------------------------------------------------------------------


def test_the_round_stops_after_the_showdown_and_waits_for_the_trainee(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, a_low_fold_and_a_showdown))
    quiz = deal(qtbot, window)
    played, scene = window.played, window.scene
    later = {step.seat for step in steps_of(played) if step.phase != "fold"}
    for seat in played.folded - later:  # a fold below trips: face down, its chips still on the felt
        assert [card.face_up for card in scene.cards_at("seat", seat)] == [False, False]
        assert scene.wager_amount(seat, "ante") == next(b.ante for b in played.bets if b.seat == seat)
    for seat in later:
        assert all(card.face_up for card in scene.cards_at("seat", seat))
    assert all(card.face_up for card in scene.cards_at("dealer"))
    assert scene.dealer_badge_text() == ""  # the trainee announces the dealer's hand
    assert not any("qualif" in line for line in window.round_log.lines())
    assert not window.pause_action.isEnabled() and not window.step_action.isEnabled()
    assert quiz.panel.stage == "dealer" and quiz.panel.isVisible()


# --- a hand settled right and wrong -------------------------------------------------------------------------


@pytest.mark.parametrize("settings", [HOUSE, PLAYER_DEALER], ids=["house", "player-dealer"])
def test_a_perfect_hand_by_clicks_and_keys_scores_100_and_lands_in_the_book(
    qtbot: Any, open_window: Any, settings: Settings
) -> None:
    window = open_window(settings, seed_for(settings, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    assert quiz.panel.stage == "steps" and feedback(quiz).startswith("✓")
    first = True
    core = quiz.quiz
    assert core is not None
    payouts: dict[tuple[int, str], Any] = {}

    def before_the_cleanup(phase: str) -> None:  # the players pick their payouts up at the cleanup
        if phase == "cleanup":
            payouts.update({(s.seat, s.wager.value): window.scene.payout_amount(s.seat, s.wager.value)
                            for s in steps_of(window.played) if s.action is Action.PAY})

    window.phaseChanged.connect(before_the_cleanup)
    while (step := core.next_step()) is not None:
        if first:  # one real click through the view, the rest by keys
            click_spot(qtbot, window, step.seat, step.wager.value)
            first = False
        else:
            choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
        if step.action is Action.PAY:
            press(qtbot, Qt.Key.Key_P)
            cut_chips(qtbot, quiz, step.amount)
            press(qtbot, Qt.Key.Key_Return)
        else:
            settle_by_keys(qtbot, step)
        assert feedback(quiz).startswith("✓ Right"), feedback(quiz)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        pass
    [result] = window.book.items()
    assert result.score == 100.0 and result.perfect and result.mode is Mode.PRACTICE
    assert result.steps == len(steps_of(window.played)) + 1
    steps = result.steps
    assert f"This hand: {steps} of {steps} steps right (100.0 %) · 0 steps wrong · 0 wrong attempts" in (
        quiz.panel.score.text())
    assert window.sound.played.count("right") == result.steps and "wrong" not in window.sound.played
    for step in steps_of(window.played):  # every payout stood where the trainee cut it
        if step.action is Action.PAY:
            assert payouts[step.seat, step.wager.value] == step.amount
    qtbot.keyClick(quiz.panel, Qt.Key.Key_V)  # the review of the hand
    review = quiz.review
    assert isinstance(review, ReviewDialog) and review.isVisible()
    assert len(review.lines()) == result.steps and all(line[0] == "✓" for line in review.lines())
    review.close()


def test_each_kind_of_mistake_is_caught_and_named_with_its_rule(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, unqualified_with_refunds_and_a_pay))
    quiz = deal(qtbot, window)
    core = quiz.quiz
    assert core is not None
    settlement = core.settlement
    announce_by_keys(qtbot, Category.ROYAL_FLUSH, True)
    assert "Wrong dealer announcement" in feedback(quiz) and quiz.panel.stage == "dealer"
    assert window.sound.played[-1] == "wrong"
    announce_right(qtbot, quiz)
    while (step := core.next_step()) is not None and step.phase == "fold":
        settle_right(qtbot, quiz, step)
    refunds = [step for step in core.pending() if step.phase == "refund"]
    first_settle = next(step for step in core.pending() if step.phase == "settle")
    choose_by_keys(qtbot, quiz, first_settle.seat, first_settle.wager.value)
    settle_by_keys(qtbot, first_settle)
    assert "Missed refund pass" in feedback(quiz) and "refund every Ante" in feedback(quiz)
    last_refund = refunds[-1]  # the lowest seat: refunded last, right to left
    choose_by_keys(qtbot, quiz, last_refund.seat, "ante")
    settle_by_keys(qtbot, last_refund)
    assert "Order" in feedback(quiz) and "right to left" in feedback(quiz)
    choose_by_keys(qtbot, quiz, refunds[0].seat, "ante")
    settle_by_keys(qtbot, refunds[0], action=Action.TAKE)
    assert "Wrong action" in feedback(quiz) and "Dealer does not qualify" in feedback(quiz)
    assert quiz.panel.lesson_topic == "qualification" and quiz.panel.lesson_button.isVisible()
    while (step := core.next_step()) is not None and step.action is not Action.PAY:
        settle_right(qtbot, quiz, step)
    assert step is not None
    choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
    settle_by_keys(qtbot, step, amount=step.amount + 1)
    text = feedback(quiz)
    assert "Wrong amount" in text and f"Expected: {step.describe()}" in text and step.rule in text
    lesson = lesson_for(step.topic)
    assert lesson is not None and f"Topic: {lesson.title}" in text, "a topic by its lesson's title, not its id"
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        answer_rest_by_keys(qtbot, quiz)
    [result] = window.book.items()
    # a step is wrong when its first attempt was: the announcement, the settle step taken before the refund pass,
    # the last refund taken out of turn, the first refund taken, a pay (perhaps that same settle step); each wrong
    # step counts one mistake, its first attempt's; five wrong attempts
    wrong = {"dealer"} | {(s.seat, s.wager) for s in (first_settle, last_refund, refunds[0], step)}
    kinds = {ErrorKind.WRONG_DEALER_HAND, ErrorKind.MISSED_REFUND_PASS, ErrorKind.ORDER, ErrorKind.WRONG_ACTION}
    if (step.seat, step.wager) != (first_settle.seat, first_settle.wager):
        kinds.add(ErrorKind.WRONG_AMOUNT)
    assert {mistake.kind for mistake in result.mistakes} == kinds
    assert result.steps == len(settlement.procedure) + 1 and result.correct == result.steps - len(wrong)
    assert len(result.mistakes) == len(wrong) and result.wrong_attempts == 5
    assert f"{result.correct} of {result.steps} steps right" in quiz.panel.score.text()
    assert all(f"{kind.value} 1" in quiz.panel.score.text() for kind in kinds)
    assert f"{len(wrong)} steps wrong · 5 wrong attempts" in quiz.panel.score.text()


def test_open_lesson_shows_the_topic_of_the_rule_missed(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_by_keys(qtbot, Category.ROYAL_FLUSH, True)
    assert quiz.panel.lesson_topic == "qualification"
    press(qtbot, Qt.Key.Key_L)
    lessons = [widget for widget in QApplication.topLevelWidgets()
               if isinstance(widget, LessonsDialog) and widget.isVisible()]
    assert [dialog.current_topic for dialog in lessons] == ["qualification"]
    for dialog in lessons:
        dialog.close()


def test_undo_takes_back_a_chip_then_the_whole_unconfirmed_step(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    core, panel = quiz.quiz, quiz.panel
    assert core is not None
    step = core.next_step()
    assert step is not None
    click_spot(qtbot, window, step.seat, step.wager.value)
    press(qtbot, Qt.Key.Key_P)
    for chip in ("25", "5", "1"):
        qtbot.mouseClick(panel.chip_buttons[Decimal(chip)], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.chip_buttons[Decimal(5)], Qt.MouseButton.RightButton)  # a mis-click taken back
    assert panel.chips == [Decimal(25), Decimal(1)]
    assert quiz.cutter is not None and quiz.cutter.amount == Decimal(26)  # on the felt too
    press(qtbot, Qt.Key.Key_Backspace)
    assert panel.chips == [Decimal(25)] and quiz.cutter.amount == Decimal(25)
    press(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.chips == [] and panel.action is Action.PAY
    press(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # no chip left: the whole step goes
    assert panel.action is None and panel.amount.text() == ""
    press(qtbot, Qt.Key.Key_T)
    type_text(qtbot, "12")
    press(qtbot, Qt.Key.Key_Escape)
    assert panel.action is None and panel.amount.text() == ""
    assert core.result().steps == 1 and core.next_step() is step  # nothing was submitted
    assert window.sound.played.count("wrong") == 0


# --- modes --------------------------------------------------------------------------------------------------


def test_guided_mode_lights_the_next_wager_and_says_why(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take), Mode.GUIDED)
    quiz = deal(qtbot, window)
    core = quiz.quiz
    assert core is not None
    assert quiz.panel.hint.text() == core.hint() and "Announce the dealer's hand" in core.hint()
    announce_right(qtbot, quiz)
    for _ in range(2):
        step = core.next_step()
        assert step is not None
        assert quiz.panel.hint.text() == f"Next: {step.describe()} — {step.rule}"
        assert window.scene.spot(step.seat, step.wager.value).highlighted
        settle_right(qtbot, quiz, step)
        assert not window.scene.spot(step.seat, step.wager.value).highlighted


def test_exam_shows_nothing_until_the_set_is_done_then_reviews_every_step(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take), None)
    quiz = window.quiz
    with qtbot.waitSignal(quiz.handStarted, timeout=WAIT):
        quiz.start_exam(hands=2, pass_mark=95)
    assert not window.round_log.list.isVisible()
    procedures = []
    for hand in range(2):
        core = quiz.quiz
        assert core is not None
        procedures.append(steps_of(window.played))
        announce_by_keys(qtbot, Category.ROYAL_FLUSH, False)  # wrong, and taken as given
        assert feedback(quiz) == "Noted." and quiz.panel.stage == "steps"
        step = core.next_step()
        assert step is not None
        wrong = Action.PUSH if step.action is not Action.PUSH else Action.TAKE
        choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
        settle_by_keys(qtbot, step, action=wrong)
        assert feedback(quiz) == "Noted." and quiz.panel.score.text() == ""
        assert not quiz.panel.lesson_button.isVisible()
        if hand == 0:
            with qtbot.waitSignal(quiz.handStarted, timeout=WAIT):  # the next hand comes by itself
                answer_rest_by_keys(qtbot, quiz)
            assert window.book.items() == []  # nothing told before the set is done
        else:
            with qtbot.waitSignal(quiz.setFinished, timeout=WAIT) as finished:
                answer_rest_by_keys(qtbot, quiz)
    assert "right" not in window.sound.played and "wrong" not in window.sound.played
    result = finished.args[0]
    review = quiz.review
    assert isinstance(review, ReviewDialog) and review.isVisible()
    lines = review.lines()
    assert len(lines) == sum(len(steps) + 1 for steps in procedures)
    wrong_lines = [line for line in lines if line[0] == "✗"]
    assert len(wrong_lines) == 4 and all(line[1] != line[2] for line in wrong_lines)
    assert "royal flush, does not qualify" in wrong_lines[0][2]
    assert len(review.headings()) == 2
    assert "not passed" in review.headline.text() and "pass mark 95 %" in review.headline.text()
    assert result.mode is Mode.EXAM and not result.passed and window.book.sets() == [result]
    assert len(window.book.items()) == 2 and window.round_log.list.isVisible()


def test_speed_mode_reports_hands_per_hour_and_seconds_per_decision(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take), Mode.SPEED)
    now = [100.0]
    window.quiz.clock = lambda: now[0]
    quiz = deal(qtbot, window)
    core = quiz.quiz
    assert core is not None
    now[0] += 2.0
    announce_right(qtbot, quiz)
    assert "1 decision ·" in quiz.panel.clock.text() and "2.0 s each" in quiz.panel.clock.text()
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        while (step := core.next_step()) is not None:
            choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
            now[0] += 2.0
            settle_by_keys(qtbot, step)
    [result] = window.book.items()
    decisions = len(steps_of(window.played)) + 1
    assert result.seconds == pytest.approx(2.0 * decisions)
    clock = quiz.panel.clock.text()
    assert f"{3600 / (2.0 * decisions):.0f} hands per hour" in clock
    assert "2.0 s per decision (target 3.0 s)" in clock
    assert "per hour" in quiz.panel.score.text()


def test_refund_pass_is_required_on_a_house_table_and_not_on_a_player_dealer_table(
    qtbot: Any, open_window: Any
) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, unqualified_with_two_live_seats))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    core = quiz.quiz
    assert core is not None
    while (step := core.next_step()) is not None and step.phase == "fold":
        settle_right(qtbot, quiz, step)
    play = next(step for step in core.pending() if step.phase == "settle" and step.wager.value != "ante")
    choose_by_keys(qtbot, quiz, play.seat, play.wager.value)
    settle_by_keys(qtbot, play)
    assert "Missed refund pass" in feedback(quiz)

    pd_window = open_window(PLAYER_DEALER, seed_for(PLAYER_DEALER, unqualified_with_two_live_seats))
    pd_quiz = deal(qtbot, pd_window)
    announce_right(qtbot, pd_quiz)
    pd_core = pd_quiz.quiz
    assert pd_core is not None
    assert not any(step.phase == "refund" for step in pd_core.pending())
    while (step := pd_core.next_step()) is not None and step.wager.value == "ante":
        settle_right(qtbot, pd_quiz, step)  # the Ante pushed, then the rest of the seat at once
        assert feedback(pd_quiz).startswith("✓"), feedback(pd_quiz)
    assert step is not None and step.phase == "settle"
    choose_by_keys(qtbot, pd_quiz, step.seat, step.wager.value)
    settle_by_keys(qtbot, step)
    assert feedback(pd_quiz).startswith("✓ Right")


def test_skip_to_end_lets_the_table_finish_and_the_steps_it_settles_count_wrong(
    qtbot: Any, open_window: Any
) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        press(qtbot, Qt.Key.Key_E)  # the panel leaves E to the window
    [result] = window.book.items()
    asked = len(steps_of(window.played))
    assert (result.steps, result.correct) == (asked + 1, 1)  # the steps the table settled count wrong
    assert "The table settled the rest" in quiz.panel.progress.text()
    assert not window.playing and quiz.quiz is None


def test_a_change_of_mode_lets_the_table_finish_the_hand_in_play(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        quiz.set_mode(Mode.GUIDED)
    [result] = window.book.items()
    assert (result.steps, result.correct, result.mode) == (len(steps_of(window.played)) + 1, 1, Mode.PRACTICE)
    assert [item.mode for item in window.book.sets()] == [Mode.PRACTICE]  # the practice set is recorded
    assert window.new_round()
    quiz.set_mode(None)  # during the deal: that round is settled by the table
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)
    assert len(window.book.items()) == 1 and quiz.quiz is None


def mode_of(quiz: QuizController) -> Mode | None:
    """The quiz's mode now, read through a call: the type checker keeps no mode the last assert saw."""
    return quiz.mode


def test_the_quiz_menu_keys_choose_the_mode(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, 1, None)
    quiz = window.quiz
    target: QWidget = window
    assert not quiz.panel.isVisible() and not quiz.active
    [train] = [action.menu() for action in window.menuBar().actions() if action.text() == "T&rain"]
    [submenu] = [action.menu() for action in train.actions() if action.text() == "Settle it &yourself"]
    assert [action.shortcut().toString() for action in submenu.actions() if action.text()] == [
        "Ctrl+0", "Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4", "Ctrl+E", "Ctrl+Shift+V"]
    qtbot.keyClick(target, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert mode_of(quiz) is Mode.PRACTICE and quiz.panel.isVisible()
    assert window.findChild(type(window.new_round_action), "quizPractice").isChecked()
    qtbot.keyClick(target, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert mode_of(quiz) is Mode.GUIDED
    qtbot.keyClick(target, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    assert mode_of(quiz) is Mode.SPEED and "Target: 3.0 s per decision" in quiz.panel.clock.text()
    qtbot.keyClick(target, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert mode_of(quiz) is None and not quiz.panel.isVisible()
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):  # the table settles by itself again
        assert window.new_round()
    assert not window.director or window.director.state == "finished"


def test_the_doctests_of_the_panel_and_its_controls_hold() -> None:
    import doctest

    from trainer.gui.quiz import controls, panel
    from trainer.quiz import amounts

    for module in (panel, controls):
        outcome = doctest.testmod(module)
        assert outcome.failed == 0
    assert doctest.testmod(amounts).attempted > 0  # the reader of the typed amount


# --- the mode is remembered -----------------------------------------------------------------------------------


def test_the_chosen_mode_survives_a_restart(qtbot: Any, tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "remembered" / "settings.json")

    def start() -> MainWindow:
        settings, problem = store.load()
        assert problem is None
        window = MainWindow(settings, store=store, notify=lambda _text: None, sound=FakeSound(),
                            durations=Durations.tiny(), rng=random.Random(1))
        qtbot.addWidget(window)
        return window

    first = start()
    assert first.quiz.mode is None
    assert present(first.findChild(QAction, "quizOff")).isChecked()
    present(first.findChild(QAction, "quizSpeed")).trigger()
    assert store.load()[0].quiz_mode == "speed"
    first.close()
    second = start()
    assert second.quiz.mode is Mode.SPEED
    assert present(second.findChild(QAction, "quizSpeed")).isChecked()
    assert second.quiz.panel.isVisibleTo(second)
    present(second.findChild(QAction, "quizOff")).trigger()
    assert store.load()[0].quiz_mode == "off"
    assert start().quiz.mode is None
