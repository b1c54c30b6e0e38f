"""Settle it yourself: which wager is chosen for the trainee, and how S and W walk the table.

In practice, exam and speed nothing is chosen for the trainee: not after the announcement, not after the folds,
not at the refund pass, not after any step (choosing the step due would pass the order without knowing it). Only
guided mode may show what comes next: there the first step due is chosen, then each next one. S walks the seats with
something left by seat number, W a seat's wagers in the order the felt prints them (from the dealer towards the
player), Shift backwards, never in the order they are to be settled."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_settlement_quiz_gui import (
    HOUSE,
    PLAYER_DEALER,
    a_low_fold_and_a_showdown,
    announce_right,
    choose_by_keys,
    deal,
    has_pay_and_take,
    open_window,
    press,
    seed_for,
    settle_by_keys,
    steps_of,
    unqualified_with_refunds_and_a_pay,
)
from trainer.engine.table import WAGER_ORDER
from trainer.quiz.order import next_selection
from trainer.scoring import Mode
from trainer.settings import Settings

pytestmark = pytest.mark.gui

__all__ = ["open_window"]


def selected(quiz: Any) -> tuple[int, str] | None:
    seat, wager = quiz.panel.selection()
    return None if seat is None or wager is None else (seat, wager)


def due(quiz: Any) -> tuple[int, str] | None:
    key = next_selection(quiz.quiz.pending()) if quiz.quiz is not None else None
    return None if key is None else (key[0], key[1].value)


def left_by_seat(quiz: Any) -> dict[int, list[str]]:
    """What is left to settle, the seats by number, each seat's wagers as rules-notes §2 lists them (Ante, Play,
    Blind, Trips, Bad Beat, Pairs, Progressive)."""
    left: dict[int, list[str]] = {}
    for step in quiz.quiz.pending():
        left.setdefault(step.seat, []).append(step.wager.value)
    return {seat: sorted(left[seat], key=WAGER_ORDER.index) for seat in sorted(left)}


@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.EXAM, Mode.SPEED], ids=["practice", "exam", "speed"])
@pytest.mark.parametrize(("settings", "wanted"), [(HOUSE, unqualified_with_refunds_and_a_pay),
                                                  (HOUSE, a_low_fold_and_a_showdown),
                                                  (PLAYER_DEALER, has_pay_and_take)],
                         ids=["refund-pass", "folds", "player-dealer"])
def test_outside_guided_mode_nothing_is_chosen_for_the_trainee(
    qtbot: Any, open_window: Any, mode: Mode, settings: Settings, wanted: Any
) -> None:
    window = open_window(settings, seed_for(settings, wanted), mode)
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    core = quiz.quiz
    assert core is not None
    assert selected(quiz) is None  # after the announcement
    with qtbot.waitSignal(window.roundFinished, timeout=10_000):
        while (step := core.next_step()) is not None:
            choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
            settle_by_keys(qtbot, step)
            if quiz.quiz is not None:
                assert selected(quiz) is None, f"after {step.seat} {step.wager.value} ({step.phase})"
    assert quiz.panel.seat_box.count() == 0


def test_guided_mode_chooses_each_step_due_in_the_tables_order(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, unqualified_with_refunds_and_a_pay), Mode.GUIDED)
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    core = quiz.quiz
    assert core is not None
    refunds = [step for step in core.pending() if step.phase == "refund"]
    with qtbot.waitSignal(window.roundFinished, timeout=10_000):
        while (step := core.next_step()) is not None:
            assert selected(quiz) == due(quiz) == (step.seat, step.wager.value)  # Enter alone settles it
            settle_by_keys(qtbot, step)
            if step in refunds[:-1]:  # after a refund-pass push: the next seat's Ante, not this seat's Play
                following = refunds[refunds.index(step) + 1]
                assert selected(quiz) == (following.seat, "ante") != (step.seat, "play")
    assert selected(quiz) is None and quiz.panel.seat_box.count() == 0


@pytest.mark.parametrize("settings", [HOUSE, PLAYER_DEALER], ids=["house", "player-dealer"])
def test_s_walks_the_seats_by_number_and_w_a_seats_wagers_in_the_rules_order(
    qtbot: Any, open_window: Any, settings: Settings
) -> None:
    window = open_window(settings, seed_for(settings, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    left = left_by_seat(quiz)
    seats = list(left)
    assert len(seats) >= 2
    walked = []
    for _ in range(len(seats) + 1):
        press(qtbot, Qt.Key.Key_S)
        now = selected(quiz)
        assert now is not None and now[1] == left[now[0]][0]  # a seat chosen: its first wager as printed
        walked.append(now[0])
    assert walked == seats + seats[:1]  # by seat number, round again
    press(qtbot, Qt.Key.Key_S, Qt.KeyboardModifier.ShiftModifier)
    assert selected(quiz)[0] == seats[-1]  # type: ignore[index]  # Shift: back
    seat = next(s for s in seats if len(left[s]) >= 2)
    while selected(quiz)[0] != seat:  # type: ignore[index]
        press(qtbot, Qt.Key.Key_S)
    seen = [selected(quiz)[1]]  # type: ignore[index]
    for _ in left[seat][1:]:
        press(qtbot, Qt.Key.Key_W)
        seen.append(selected(quiz)[1])  # type: ignore[index]
    assert seen == left[seat]
    press(qtbot, Qt.Key.Key_W)
    assert selected(quiz) == (seat, left[seat][0])  # round again
    press(qtbot, Qt.Key.Key_W, Qt.KeyboardModifier.ShiftModifier)
    assert selected(quiz) == (seat, left[seat][-1])


def test_the_wagers_are_walked_in_the_rules_order_not_in_the_order_they_are_settled(qtbot: Any,
                                                                                   open_window: Any) -> None:
    window = open_window(PLAYER_DEALER, seed_for(PLAYER_DEALER, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    orders = {seat: [step.wager.value for step in steps_of(window.played) if step.seat == seat]
              for seat in left_by_seat(quiz)}
    seat = next(s for s, order in orders.items() if {"ante", "play"} <= set(order)
                and order.index("play") < order.index("ante"))  # a losing hand: its Play collected first
    choose_by_keys(qtbot, quiz, seat, "ante")
    press(qtbot, Qt.Key.Key_W)
    assert selected(quiz) == (seat, "play")  # the Ante walked first all the same: rules-notes §2's order


def test_a_click_on_a_seat_chooses_its_first_wager_in_the_rules_order(qtbot: Any, open_window: Any) -> None:
    window = open_window(PLAYER_DEALER, seed_for(PLAYER_DEALER, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    last = steps_of(window.played)[-1].seat
    window.scene.seatClicked.emit(last)
    assert selected(quiz) == (last, left_by_seat(quiz)[last][0])
