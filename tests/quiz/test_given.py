"""The step as the trainee gave it: the chips a wrong answer moves in exam mode."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.settlement import Step
from trainer.engine.wagers import Action, Outcome, Phase, Wager
from trainer.quiz.given import as_given


def step(action: Action, amount: str, net: str, wager: Wager = Wager.BLIND) -> Step:
    return Step(2, wager, action, Decimal(amount), Decimal(net), Phase.SETTLE, Outcome.WIN, "rule", "blind")


def test_a_short_payout_moves_what_was_paid_and_keeps_the_stake_a_pay_keeps() -> None:
    given = as_given(step(Action.PAY, "15", "15"), Action.PAY, Decimal(10), Decimal(10))
    assert (given.action, given.amount, given.net) == (Action.PAY, Decimal(10), Decimal(10))


def test_a_pay_with_nothing_cut_moves_nothing() -> None:
    given = as_given(step(Action.TAKE, "10", "-10"), Action.PAY, None, Decimal(10))
    assert (given.amount, given.net) == (Decimal(0), Decimal(0))


def test_a_take_of_a_winning_wager_takes_the_whole_stake() -> None:
    given = as_given(step(Action.PAY, "15", "15"), Action.TAKE, None, Decimal(10))
    assert (given.action, given.amount, given.net) == (Action.TAKE, Decimal(10), Decimal(-10))


def test_a_take_with_an_amount_takes_that_amount() -> None:
    given = as_given(step(Action.TAKE, "10", "-10"), Action.TAKE, Decimal(4), Decimal(10))
    assert (given.amount, given.net) == (Decimal(4), Decimal(-4))


def test_a_push_or_a_return_leaves_the_stake_and_nets_nothing() -> None:
    for action in (Action.PUSH, Action.RETURN):
        given = as_given(step(Action.TAKE, "10", "-10"), action, None, Decimal(10))
        assert (given.action, given.amount, given.net) == (action, Decimal(10), Decimal(0))
