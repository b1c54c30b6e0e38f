"""Judging one thing the trainee did against the engine's step: the rules of the settlement quiz, pure.

- A take, a return or a push moves the money on the felt: with no amount it means the **whole stake**, and it is
  judged as such (a partial take given as a full one is a wrong amount). A pay needs its amount.
- Push or return, where both move nothing and the documents allow either (:func:`accepted_actions`, rules-notes
  §2): the house table's Ante refund pass, an unqualified player-dealer's Ante ("signal a push … and return the
  Ante"), a wager that pushes on its own after the player-dealer's bank is exhausted.
- A wager that is not on the layout (*not placed*) or that was settled already (*already settled*, a losing
  Progressive taken at COIN IN included) settles nothing.
- Order: :func:`order_mistake` in practice (judged against the step due at once), :func:`grade_order` in an exam
  (judged over the whole hand, so one step out of turn or one step skipped marks only that step).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.engine.evaluator import Category
from trainer.engine.settlement import Settlement, Step, format_money
from trainer.engine.table import TableRules
from trainer.engine.wagers import Action, SeatHand, Wager
from trainer.engine.words import hand_name, step_template, the_wager
from trainer.i18n.translation import N_, _
from trainer.quiz.order import COIN_IN, StepKey, in_order, key_of, order_ranks, order_rule
from trainer.scoring import ErrorKind, Mistake

DEALER_RULE = N_("The dealer qualifies with a pair or better; name the best five-card hand")


@dataclass(frozen=True)
class Submission:
    """One step as the trainee gave it: a seat's wager, an action, and the amount (None: not given)."""

    seat: int
    wager: Wager
    action: Action
    amount: Decimal | None = None

    @property
    def key(self) -> StepKey:
        return (self.seat, self.wager)

    def understood(self, stake: Decimal | None) -> Decimal | None:
        """The money the step moves: the amount given, else the whole stake (a pay with no amount moves nothing
        known: None).

        >>> Submission(5, Wager.PLAY, Action.TAKE).understood(Decimal(20))
        Decimal('20')
        >>> Submission(5, Wager.PLAY, Action.PAY).understood(Decimal(20)) is None
        True
        """
        if self.amount is not None:
            return self.amount
        return None if self.action is Action.PAY else stake

    def describe(self, stake: Decimal | None = None) -> str:
        """The step exactly as given, with what a missing amount means: ``Seat 5: take the Play (the whole $20)``.

        >>> Submission(5, Wager.PLAY, Action.TAKE).describe(Decimal(20))
        'Seat 5: take the Play (the whole $20)'
        >>> Submission(3, Wager.BLIND, Action.PAY, Decimal("7.5")).describe()
        'Seat 3: pay the Blind $7.50'
        >>> Submission(3, Wager.BLIND, Action.PAY).describe()
        'Seat 3: pay the Blind (no amount)'
        """
        if self.amount is not None:
            amount = format_money(self.amount)
        elif self.action is Action.PAY:
            amount = _("(no amount)")
        else:
            amount = "" if stake is None else _("(the whole {amount})").format(amount=format_money(stake))
        return step_template(self.action).format(seat=self.seat, wager=the_wager(self.wager), amount=amount).rstrip()


@dataclass(frozen=True)
class Attempt:
    """One thing the trainee did, judged: the words as given, the wager's engine step (None for the dealer's
    announcement and for a wager with nothing to settle), the mistakes, and whether it was taken."""

    given: str
    step: Step | None
    mistakes: tuple[Mistake, ...]
    accepted: bool
    submission: Submission | None = None
    amount: Decimal | None = None

    @property
    def wrong(self) -> bool:
        return bool(self.mistakes)

    @property
    def key(self) -> StepKey | None:
        return None if self.step is None else key_of(self.step)


def stakes_of(hands: Sequence[SeatHand]) -> dict[StepKey, Decimal]:
    """Every placed wager's stake, by seat and wager."""
    return {(hand.seat, wager): hand.stake(wager) for hand in hands for wager in hand.placed()}


def stake_of(step: Step, stakes: Mapping[StepKey, Decimal]) -> Decimal:
    """The stake of a step's wager (without the hands: the step's amount, exact for all but a partial take)."""
    return stakes.get(key_of(step), step.amount)


def accepted_actions(step: Step) -> tuple[Action, ...]:
    """The actions that settle ``step`` right, its own first: every grader (the settlement quiz, the drills'
    questions, the table's panel, ``grade``) asks this. Push or return where the engine says both are right
    (:attr:`~trainer.engine.settlement.Step.equivalent`, rules-notes §2): the house table's Ante refund pass,
    an unqualified player-dealer's Ante, a wager that pushes on its own after the bank is exhausted."""
    return (step.action, *step.equivalent)


def content_mistakes(step: Step, submission: Submission, stake: Decimal) -> tuple[Mistake, ...]:
    """A wrong action or a wrong amount for ``step`` (never both: a wrong action says it all)."""
    given = submission.describe(stake)
    if submission.action not in accepted_actions(step):
        return (Mistake(ErrorKind.WRONG_ACTION, step.describe(), given, step.rule, step.topic),)
    due = step.amount if submission.action is step.action else stake
    if submission.understood(stake) != due:
        return (Mistake(ErrorKind.WRONG_AMOUNT, step.describe(), given, step.rule, step.topic),)
    return ()


def stray_mistake(submission: Submission, settlement: Settlement, due: Step | None, settled: bool) -> Mistake:
    """A step on a wager with nothing to settle: not on the layout, or settled already (a losing Progressive at
    COIN IN included)."""
    expected = due.describe() if due is not None else _("nothing: every wager is settled")
    seat, wager = submission.seat, submission.wager.label
    given = submission.describe()
    coin_in = any(key_of(step) == submission.key and step.phase == COIN_IN for step in settlement.procedure)
    if coin_in:
        return Mistake(ErrorKind.ALREADY_SETTLED, expected, given,
                       _("Seat {seat}'s {wager} lost at COIN IN: every losing Progressive leaves the layout before "
                         "the deal").format(seat=seat, wager=wager),
                       "progressive")
    if settled:
        return Mistake(ErrorKind.ALREADY_SETTLED, expected, given,
                       _("Seat {seat}'s {wager} is already settled: each wager is settled once").format(
                           seat=seat, wager=wager), "order")
    return Mistake(ErrorKind.NOT_PLACED, expected, given,
                   _("Seat {seat}'s {wager} is not on the layout: settle only the wagers placed").format(
                       seat=seat, wager=wager), "order")


def order_mistake(table: TableRules, due: Step, chosen: Step, given: str) -> Mistake:
    """``chosen`` done while ``due`` was still to do first."""
    refund = due.phase == "refund" and chosen.phase != "refund"
    return Mistake(ErrorKind.MISSED_REFUND_PASS if refund else ErrorKind.ORDER, due.describe(), given,
                   order_rule(table, due, chosen), "qualification" if refund else "order")


def late_mistake(table: TableRules, chosen: Step, later: Step, given: str) -> Mistake:
    """``chosen`` done after ``later``, a step that comes after it."""
    refund = chosen.phase == "refund" and later.phase != "refund"
    return Mistake(ErrorKind.MISSED_REFUND_PASS if refund else ErrorKind.ORDER,
                   _("{step} before {later}").format(step=chosen.describe(), later=later.describe()), given,
                   order_rule(table, chosen, later),
                   "qualification" if refund else "order")


def dealer_mistakes(settlement: Settlement, category: Category, qualifies: bool) -> tuple[Mistake, ...]:
    """A wrong announcement of the dealer's hand (its category, or whether it qualifies)."""
    expected = dealer_text(settlement.dealer.category, settlement.dealer_qualifies)
    if category == settlement.dealer.category and qualifies == settlement.dealer_qualifies:
        return ()
    return (Mistake(ErrorKind.WRONG_DEALER_HAND, expected, dealer_text(category, qualifies), _(DEALER_RULE),
                    "qualification"),)


def dealer_text(category: Category, qualifies: bool) -> str:
    """``high card, does not qualify``."""
    if qualifies:
        return _("{hand}, qualifies").format(hand=hand_name(category.label))
    return _("{hand}, does not qualify").format(hand=hand_name(category.label))


def grade_order(steps: Sequence[Step], table: TableRules, attempts: Sequence[Attempt]) -> list[Attempt]:
    """The attempts of an exam with their order judged over the whole hand.

    The steps done are kept in order when they form the longest run that never goes back (see
    :func:`~trainer.quiz.order.in_order`); each step done outside it gets an order mistake (or a missed refund
    pass): done too early, it names the step that was due; done too late, the step it should have preceded.
    """
    ranks = order_ranks(steps, table)
    done = [index for index, attempt in enumerate(attempts) if attempt.accepted and attempt.step is not None]
    chosen_steps = [attempts[index].step for index in done]
    sequence = [ranks[key_of(step)] for step in chosen_steps if step is not None]
    keep = in_order(sequence)
    pending = list(steps)
    graded = list(attempts)
    for position, index in enumerate(done):
        attempt = attempts[index]
        chosen = attempt.step
        assert chosen is not None
        if position not in keep:
            rank = ranks[key_of(chosen)]
            due = next((step for step in pending if ranks[key_of(step)] < rank), None)
            if due is not None:
                mistake = order_mistake(table, due, chosen, attempt.given)
            else:
                later = next(step for step in chosen_steps[:position]
                             if step is not None and ranks[key_of(step)] > rank)
                mistake = late_mistake(table, chosen, later, attempt.given)
            graded[index] = replace(attempt, mistakes=(mistake, *attempt.mistakes))
        pending.remove(chosen)
    return graded
