"""The table's settlement panel grades through the same rule as every other grader: the house dealer's Ante
refund may be pushed (U) or returned (R), seeds 002 and 004 say "refunds" (rules-notes §2); a typed amount in
whole cents is read as typed."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.gui.test_settlement_quiz_gui import (
    HOUSE,
    announce_right,
    choose_by_keys,
    deal,
    feedback,
    open_window,
    seed_for,
    settle_by_keys,
    unqualified_with_two_live_seats,
)
from trainer.engine.wagers import Action
from trainer.gui.quiz.controls import parse_amount

__all__ = ["open_window"]  # the fixture, used by name


@pytest.mark.parametrize("action", [Action.PUSH, Action.RETURN])
def test_the_panel_takes_the_house_ante_refund_as_push_or_return(qtbot: Any, open_window: Any,
                                                                   action: Action) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, unqualified_with_two_live_seats))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    core = quiz.quiz
    assert core is not None
    refunds = 0
    while (step := core.next_step()) is not None and step.phase in ("fold", "refund"):
        choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
        settle_by_keys(qtbot, step, action=action if step.phase == "refund" else None)
        assert feedback(quiz).startswith("✓"), feedback(quiz)
        refunds += step.phase == "refund"
    assert refunds >= 2


@pytest.mark.parametrize(("typed", "amount"), [("49.99", "49.99"), ("$4,382.71", "4382.71"), ("2.33", "2.33")])
def test_the_panels_amount_entry_reads_whole_cents(typed: str, amount: str) -> None:
    assert parse_amount(typed) == Decimal(amount)
