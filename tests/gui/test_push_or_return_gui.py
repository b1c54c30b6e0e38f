"""The table's settlement panel grades through the same rule as every other grader: the house dealer's Ante
refund may be pushed (U) or returned (R), seeds 002 and 004 say "refunds" (rules-notes §2); a typed amount in
whole cents is read as typed."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtGui import QValidator

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
from trainer.gui.quiz.panel import SettlementPanel
from trainer.quiz.amounts import read_amount

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
def test_the_panels_amount_entry_takes_and_reads_whole_cents(qtbot: Any, typed: str, amount: str) -> None:
    """3 to 2 on $33.33, 5 % of a $87,654.25 meter, a room's 1 to 3 on $7 (rules-notes §5): the entry lets the
    trainee type each one and reads it as typed."""
    panel = SettlementPanel()
    qtbot.addWidget(panel)
    validator = panel.amount.validator()
    assert validator is not None
    checked = validator.validate(typed, len(typed))
    assert isinstance(checked, tuple) and checked[0] == QValidator.State.Acceptable
    assert read_amount(typed) == Decimal(amount)
