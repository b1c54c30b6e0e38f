"""Settle it yourself: the selection follows the table's own settlement order. After each step taken it goes to
the next step due (after a refund-pass push, the next seat's Ante, never the same seat's Play; nothing once all is
settled); S walks the seats with something left in the table's order (right to left on a house table, clockwise
from the player-dealer's left on a player-dealer table), W a seat's wagers in that order."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_settlement_quiz_gui import (
    HOUSE,
    PLAYER_DEALER,
    announce_right,
    deal,
    has_pay_and_take,
    open_window,
    press,
    seed_for,
    settle_by_keys,
    steps_of,
    unqualified_with_refunds_and_a_pay,
)
from trainer.quiz.order import next_seat, next_selection
from trainer.settings import Settings

pytestmark = pytest.mark.gui

__all__ = ["open_window"]


def selected(quiz: Any) -> tuple[int, str] | None:
    seat, wager = quiz.panel.selection()
    return None if seat is None or wager is None else (seat, wager)


def due(quiz: Any) -> tuple[int, str] | None:
    key = next_selection(quiz.quiz.pending()) if quiz.quiz is not None else None
    return None if key is None else (key[0], key[1].value)


def test_after_a_refund_pass_push_the_selection_goes_to_the_next_seats_ante(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, unqualified_with_refunds_and_a_pay))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    core = quiz.quiz
    assert core is not None
    assert selected(quiz) == due(quiz)  # the first step due, chosen from the start
    refunds = [step for step in core.pending() if step.phase == "refund"]
    with qtbot.waitSignal(window.roundFinished, timeout=10_000):
        while (step := core.next_step()) is not None:
            assert selected(quiz) == (step.seat, step.wager.value)  # Enter alone settles the step due
            settle_by_keys(qtbot, step)
            if step in refunds[:-1]:
                following = refunds[refunds.index(step) + 1]
                assert selected(quiz) == (following.seat, "ante") != (step.seat, "play")
            if quiz.quiz is not None:
                assert selected(quiz) == due(quiz)
    assert selected(quiz) is None and quiz.panel.seat_box.count() == 0


@pytest.mark.parametrize("settings", [HOUSE, PLAYER_DEALER], ids=["house", "player-dealer"])
def test_s_walks_the_seats_in_the_tables_order_and_w_a_seats_wagers(
    qtbot: Any, open_window: Any, settings: Settings
) -> None:
    window = open_window(settings, seed_for(settings, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    core = quiz.quiz
    assert core is not None
    pending = core.pending()
    seats = list(dict.fromkeys(step.seat for step in pending))
    assert len(seats) >= 2
    if settings is HOUSE:  # the showdown's seats right to left: the highest seat first
        live = list(dict.fromkeys(step.seat for step in pending if step.phase == "settle"))
        assert live == sorted(live, reverse=True)
    walked = []
    for _ in range(len(seats) + 1):
        current = selected(quiz)
        press(qtbot, Qt.Key.Key_S)
        now = selected(quiz)
        assert now is not None and now[0] == next_seat(pending, current[0] if current else None)
        assert now[1] == next(step.wager.value for step in pending if step.seat == now[0])
        walked.append(now[0])
    assert walked[:len(seats)] == seats[1:] + seats[:1] and walked[-1] == seats[1 % len(seats)]
    seat = next(s for s in seats if sum(step.seat == s for step in pending) >= 2)
    while selected(quiz)[0] != seat:  # type: ignore[index]
        press(qtbot, Qt.Key.Key_S)
    wagers = [step.wager.value for step in pending if step.seat == seat]
    seen = [selected(quiz)[1]]  # type: ignore[index]
    for _ in wagers[1:]:
        press(qtbot, Qt.Key.Key_W)
        seen.append(selected(quiz)[1])  # type: ignore[index]
    assert seen == wagers
    press(qtbot, Qt.Key.Key_W)
    assert selected(quiz) == (seat, wagers[0])  # round again


def test_a_click_on_a_seat_chooses_its_first_wager_in_the_tables_order(qtbot: Any, open_window: Any) -> None:
    window = open_window(PLAYER_DEALER, seed_for(PLAYER_DEALER, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    core = quiz.quiz
    assert core is not None
    last = steps_of(window.played)[-1].seat
    window.scene.seatClicked.emit(last)
    assert selected(quiz) == (last, next(step.wager.value for step in core.pending() if step.seat == last))
