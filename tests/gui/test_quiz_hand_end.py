"""Settle it yourself, the end of a hand and the review: V opens the review of the hand every time, wherever the
focus is; each hand starts with an empty dealer's-hand box; the guided "Next" line goes once the hand is done; the
review shows each step's first attempt exactly as given and the rule it broke, with the counts named as such."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_settlement_quiz_gui import (
    HOUSE,
    PLAYER_DEALER,
    WAIT,
    announce_by_keys,
    answer_rest_by_keys,
    choose_by_keys,
    deal,
    has_pay_and_take,
    open_window,
    seed_for,
    settle_by_keys,
    settle_right,
    steps_of,
    unqualified_with_refunds_and_a_pay,
)
from tests.typed import present
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action
from trainer.gui.quiz import ReviewDialog
from trainer.scoring import Mode

pytestmark = pytest.mark.gui

__all__ = ["open_window"]

TALLY = re.compile(r"(\d+) of (\d+) steps right \([\d.]+ %\) · (\d+) steps? wrong · (\d+) wrong attempts?")


def settle_hand(qtbot: Any, window: Any) -> Any:
    quiz = deal(qtbot, window)
    settlement = present(quiz.quiz).settlement
    announce_by_keys(qtbot, settlement.dealer.category, settlement.dealer_qualifies)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        answer_rest_by_keys(qtbot, quiz)
    return quiz


def test_v_opens_the_review_after_every_hand_wherever_the_focus_is(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    for hand, focus in enumerate((window.view, window.quiz.panel.amount, window)):
        quiz = settle_hand(qtbot, window)
        focus.setFocus()
        qtbot.keyClick(focus, Qt.Key.Key_V)
        review = quiz.review
        assert isinstance(review, ReviewDialog) and review.isVisible(), f"hand {hand + 1}"
        assert len(review.lines()) == len(steps_of(window.played)) + 1
        review.close()
        qtbot.waitUntil(lambda: window.quiz.review is None, timeout=WAIT)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)


def test_each_hand_starts_with_the_dealers_hand_box_empty(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    settle_hand(qtbot, window)
    quiz = deal(qtbot, window)
    panel = quiz.panel
    assert panel.stage == "dealer" and panel.dealer_box.isVisible() and panel.categories.isVisible()
    assert panel.categories.currentRow() == -1 and panel.categories.selectedItems() == []
    assert panel.qualify_group.checkedButton() is None and not panel.announced.isVisible()
    panel.announce()  # nothing chosen yet: it says so, nothing is announced
    assert "First choose the dealer's hand" in panel.feedback.text() and present(quiz.quiz).result().steps == 0


def test_the_next_line_goes_once_the_hand_is_done(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take), Mode.GUIDED)
    quiz = settle_hand(qtbot, window)
    assert not quiz.panel.hint.isVisible() and quiz.panel.hint.text() == ""
    assert quiz.panel.progress.text().startswith("Hand settled (")


def refunds_a_take_and_a_pay(played: Any) -> bool:
    """The dealer does not qualify: two refunds or more, and after them a take and a pay."""
    later = [step.action for step in steps_of(played) if step.phase == "settle"]
    return unqualified_with_refunds_and_a_pay(played) and Action.TAKE in later


def test_the_review_shows_the_first_attempt_as_given_and_the_rule_it_broke(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, refunds_a_take_and_a_pay))
    quiz = deal(qtbot, window)
    core = quiz.quiz
    assert core is not None
    settlement = core.settlement
    announce_by_keys(qtbot, settlement.dealer.category, settlement.dealer_qualifies)
    while (step := core.next_step()) is not None and step.phase == "fold":
        settle_right(qtbot, quiz, step)
    early = next(step for step in core.pending()  # taken before the refund pass: the refund pass missed
                 if step.phase == "settle" and step.action is Action.TAKE)
    choose_by_keys(qtbot, quiz, early.seat, early.wager.value)
    settle_by_keys(qtbot, early)
    pay = next(step for step in core.pending() if step.action is Action.PAY)
    while (step := core.next_step()) is not None and step != pay:
        settle_right(qtbot, quiz, step)
    choose_by_keys(qtbot, quiz, pay.seat, pay.wager.value)
    settle_by_keys(qtbot, pay, amount=pay.amount + 2)  # a wrong amount, corrected next
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        answer_rest_by_keys(qtbot, quiz)
    review = quiz.review_last_hand()
    assert review is not None
    rows = {expected: (mark, given, rule) for mark, expected, given, rule in review.lines()}
    mark, given, rule = rows[early.describe()]
    assert mark == "✗" and rule.startswith("Missed refund pass (") and "refund pass comes first" in rule
    assert early.rule not in rule  # the rule broken, not the wager's payout rule
    mark, given, rule = rows[pay.describe()]
    assert mark == "✗" and given == f"Seat {pay.seat}: pay the {pay.wager.label} ${pay.amount + 2:,.2f}".replace(
        ".00", "") and rule.startswith("Wrong amount: ")
    headline = TALLY.search(review.headline.text())
    assert headline is not None
    right, steps, wrong_steps, attempts = map(int, headline.groups())
    assert (steps, wrong_steps, attempts) == (len(steps_of(window.played)) + 1, 2, 2) and right == steps - 2
    assert "Mistakes: " in review.mistakes.text() and "missed refund pass 1" in review.mistakes.text()
    [heading] = review.headings()
    assert TALLY.search(heading) is not None and heading.startswith("Hand 1")
    review.close()


def test_a_partial_take_given_as_the_whole_stake_is_a_wrong_amount_and_reviewed_so(
    qtbot: Any, open_window: Any
) -> None:
    def partial_take(played: Any) -> bool:
        stakes = {(hand.seat, wager): hand.stake(wager) for hand in played.hands for wager in hand.placed()}
        return any(step.action is Action.TAKE and step.amount < stakes[(step.seat, step.wager)]
                   for step in played.settlement.procedure)

    window = open_window(PLAYER_DEALER, seed_for(PLAYER_DEALER, partial_take))
    quiz = deal(qtbot, window)
    core = quiz.quiz
    assert core is not None
    stakes = {(hand.seat, wager): hand.stake(wager) for hand in window.played.hands for wager in hand.placed()}
    announce_by_keys(qtbot, core.settlement.dealer.category, core.settlement.dealer_qualifies)
    while (step := core.next_step()) is not None:
        stake = stakes[(step.seat, step.wager)]
        if step.action is Action.TAKE and step.amount < stake:
            choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
            settle_by_keys(qtbot, step)  # T, Enter: no amount, so the whole stake
            assert "Wrong amount" in quiz.panel.feedback.text()
            partial = step
            quiz.panel.amount.setText(str(step.amount))  # the part the bank covers, typed
            quiz.panel.choose_action(Action.TAKE)
            quiz.panel.confirm()
        else:
            settle_right(qtbot, quiz, step)
    review = quiz.review_last_hand()
    assert review is not None
    row = next(line for line in review.lines() if line[1] == partial.describe())
    whole = f"{stakes[(partial.seat, partial.wager)]:,}"
    assert row[0] == "✗" and row[2].endswith(f"(the whole ${whole})") and row[3].startswith("Wrong amount: ")
    review.close()


def test_the_exam_verdict_names_steps_and_wrong_attempts(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take), None)
    quiz = window.quiz
    with qtbot.waitSignal(quiz.handStarted, timeout=WAIT):
        quiz.start_exam(hands=1, pass_mark=90)
    announce_by_keys(qtbot, Category.ROYAL_FLUSH, True)
    with qtbot.waitSignal(quiz.setFinished, timeout=WAIT):
        answer_rest_by_keys(qtbot, quiz)
    steps = len(steps_of(window.played)) + 1
    tally = f"{steps - 1} of {steps} steps right ({100 * (steps - 1) / steps:.1f} %) · 1 step wrong · 1 wrong attempt"
    assert tally in quiz.review.headline.text() and tally in quiz.panel.progress.text()
    assert tally in quiz.panel.score.text()
    quiz.review.close()


def test_a_drill_on_the_table_shows_its_score_before_the_users_table_comes_back(
    qtbot: Any, open_window: Any
) -> None:
    from trainer.gui.quiz.drill_on_table import start_drill

    window = open_window(HOUSE, 5, None)
    runner = start_drill(window, "trips", Mode.PRACTICE, count=2, seed=3)
    assert runner is not None
    quiz = window.quiz
    for hand in range(2):
        if quiz.quiz is None:
            with qtbot.waitSignal(quiz.handStarted, timeout=WAIT):
                window.new_round()
        core = quiz.quiz
        assert core is not None
        announce_by_keys(qtbot, core.settlement.dealer.category, core.settlement.dealer_qualifies)
        if hand == 0:
            with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
                answer_rest_by_keys(qtbot, quiz)
            assert quiz.review is None
        else:
            answer_rest_by_keys(qtbot, quiz)
            review = quiz.review  # shown while the drill's round still clears
            assert isinstance(review, ReviewDialog) and review.isVisible() and window.session.drill is not None
            assert review.headline.text().startswith("Drill trips · Practice: ")
            assert TALLY.search(review.headline.text()) is not None and len(review.headings()) == 2
            with qtbot.waitSignal(runner.finished, timeout=WAIT):
                pass
    assert window.session.drill is None and [item.drill for item in window.book.items()] == ["trips", "trips"]
    assert Decimal(1)  # the money types stay Decimal throughout


def test_a_text_drills_hand_ends_with_its_summary_and_shows_the_pay_tables_it_asks_about(qtbot: Any) -> None:
    from trainer.drills.base import all_drills
    from trainer.gui.drills import DrillForm
    from trainer.scoring import ScoreBook

    form = DrillForm(all_drills()["trips"], ScoreBook(), count=1, seed=4)
    qtbot.addWidget(form)
    scenario = form.item.scenario  # type: ignore[union-attr]
    rules = form.rules.text()
    assert f"<b>Trips {scenario.table.trips_paytable}</b>" in rules and "three of a kind" in rules.lower()
    core = form.item.quiz  # type: ignore[union-attr]
    settlement = core.settlement
    form.submit(f"{settlement.dealer.category.label} {'q' if settlement.dealer_qualifies else 'no'}")
    while (step := core.next_step()) is not None:
        form.submit(f"{step.seat} {step.wager.label} {step.action.value} {step.amount}")
    assert "This hand: " in form.feedback.text() and TALLY.search(form.feedback.text()) is not None
    assert form.hand.text() != "" and form.next_button.isEnabled()
    form.next_item()  # the set's score: the last hand stays on screen
    assert form.hand.text() != "" and TALLY.search(form.prompt.text()) is not None


def test_the_last_hands_dealer_line_goes_when_the_next_hand_is_dealt(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take), Mode.EXAM)
    quiz = window.quiz
    with qtbot.waitSignal(quiz.handStarted, timeout=WAIT):
        quiz.start_exam(hands=2, pass_mark=90)
    settlement = quiz.quiz.settlement
    announce_by_keys(qtbot, settlement.dealer.category, settlement.dealer_qualifies)
    panel = quiz.panel
    assert panel.announced.isVisible() and panel.announced.text()  # the first hand's dealer line, while settling
    with qtbot.waitSignal(window.roundStarted, timeout=WAIT):  # the exam deals its second hand by itself
        answer_rest_by_keys(qtbot, quiz)
    assert quiz.quiz is None or quiz.quiz.result().steps == 0  # the second hand is still being dealt
    assert not panel.announced.isVisible() and panel.announced.text() == ""
