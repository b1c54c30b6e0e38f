"""A settlement step as the trainee gave it: the money a wrong answer moves.

In exam mode the quiz accepts a wrong step as given (the review shows it later), and the table moves the chips
the way the trainee said: :func:`as_given` turns the engine's step for that wager into the step the trainee
actually made, so the chips on the felt follow the answer, not the answer key.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from trainer.engine.settlement import Step
from trainer.engine.wagers import Action


def as_given(step: Step, action: Action, amount: Decimal | None, stake: Decimal) -> Step:
    """``step`` (the engine's, for the wager the trainee chose) done as the trainee did it: ``action`` with
    ``amount`` (None when nothing was cut or typed). ``stake`` is the wager on the felt.

    A pay moves the amount paid (nothing when none was given), keeping the stake a correct pay would take;
    a take takes the amount given, else the engine's take, else the whole stake; a push or a return leaves the
    stake where it is.

    >>> from trainer.engine.wagers import Outcome, Wager
    >>> due = Step(seat=3, wager=Wager.PLAY, action=Action.PAY, amount=Decimal(20), net=Decimal(20),
    ...            phase="settle", outcome=Outcome.WIN, rule="Play pays even money", topic="order")
    >>> paid = as_given(due, Action.PAY, Decimal(15), Decimal(20))
    >>> paid.action.value, paid.amount, paid.net
    ('pay', Decimal('15'), Decimal('15'))
    >>> taken = as_given(due, Action.TAKE, None, Decimal(20))
    >>> taken.action.value, taken.amount, taken.net
    ('take', Decimal('20'), Decimal('-20'))
    >>> pushed = as_given(due, Action.PUSH, None, Decimal(20))
    >>> pushed.action.value, pushed.amount, pushed.net
    ('push', Decimal('20'), Decimal('0'))
    """
    if action is Action.PAY:
        paid = amount if amount is not None else Decimal(0)
        stake_taken = step.amount - step.net if step.action is Action.PAY else Decimal(0)
        return dataclasses.replace(step, action=action, amount=paid, net=paid - stake_taken)
    if action is Action.TAKE:
        taken = amount if amount is not None else (step.amount if step.action is Action.TAKE else stake)
        return dataclasses.replace(step, action=action, amount=taken, net=-taken)
    return dataclasses.replace(step, action=action, amount=stake, net=Decimal(0))


__all__ = ["as_given"]
