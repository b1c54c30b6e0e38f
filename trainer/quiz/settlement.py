"""The settlement quiz: the trainee settles a hand step by step and every step is checked against the engine.

The trainee first announces the dealer's hand and whether it qualifies, then works the table: for each wager
the seat, the wager, the action (pay / take / push / return) and, for a pay, the amount. Each submission is
compared with the engine's ``procedure``:

- order: the wager is not the next one a dealer handles (the table's direction, folds first);
- missed refund pass: on a house table with an unqualified dealer, an Ante refund was due first;
- wrong action, wrong amount: with the rule that applies.

In guided, practice and speed modes a wrong step is not accepted: the trainee corrects it and goes on. In exam
mode every step is accepted as given and the review at the end shows each beside the correct one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.evaluator import Category
from trainer.engine.settlement import Settlement, Step, format_money
from trainer.engine.table import TableRules
from trainer.engine.wagers import Action, Wager
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode

DEALER_STEP = "dealer"


@dataclass(frozen=True)
class Verdict:
    """What the quiz says of one submission."""

    accepted: bool
    mistakes: tuple[Mistake, ...]
    expected: Step | None
    message: str

    @property
    def correct(self) -> bool:
        return not self.mistakes


@dataclass(frozen=True)
class ReviewLine:
    """One line of the review: the engine's step beside the trainee's answer for it."""

    expected: str
    given: str
    correct: bool
    rule: str


def order_rule(table: TableRules, step: Step) -> str:
    """The ordering rule that puts ``step`` where it is."""
    if step.phase == "fold":
        return "A folded hand is collected at once, in seat order, before any hand is settled"
    if step.phase == "refund":
        return ("Dealer does not qualify: first refund every Ante, right to left, "
                "before looking at any player's hand")
    if table.is_house:
        return "Settle right to left, from the highest seat down; within a seat Ante, Play, Blind, then side bets"
    return ("Settle clockwise starting with the player on the player-dealer's left; "
            "within a seat Ante, Play, Blind, Trips, Bad Beat")


def describe_step(seat: int, wager: Wager, action: Action, amount: Decimal | None) -> str:
    """The trainee's step in the engine's words: ``Seat 6: pay the Ante $10``."""
    text = f"Seat {seat}: {action.value} the {wager.label}"
    return f"{text} {format_money(amount)}" if amount is not None else text


class SettlementQuiz:
    """One hand to settle. ``settlement`` is the engine's answer key for the round."""

    def __init__(
        self,
        settlement: Settlement,
        table: TableRules,
        mode: Mode = Mode.PRACTICE,
        *,
        drill: str = "settlement",
        item: str = "",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settlement = settlement
        self.table = table
        self.mode = mode
        self.drill, self.item = drill, item
        self._clock = clock
        self._started = clock()
        self._finished: float | None = None
        self._pending: list[Step] = list(settlement.procedure)
        self._dealer_done = False
        self._faulted: set[object] = set()
        self._mistakes: list[Mistake] = []
        self._given: dict[object, str] = {}
        self.decision_times: list[float] = []
        self._last_decision = self._started

    # -- state ---------------------------------------------------------------------------------------------

    @property
    def stage(self) -> str:
        if not self._dealer_done:
            return "dealer"
        return "steps" if self._pending else "done"

    @property
    def done(self) -> bool:
        return self.stage == "done"

    def next_step(self) -> Step | None:
        """The step a dealer does next (None before the dealer's announcement or when all is settled)."""
        return self._pending[0] if self._dealer_done and self._pending else None

    def pending(self) -> list[Step]:
        return list(self._pending)

    def hint(self) -> str:
        """Guided mode: what comes next and why, in one line."""
        if not self._dealer_done:
            dealer = self.settlement.dealer
            return (f"Announce the dealer's hand: {dealer.describe()} — "
                    + ("a pair or better, the dealer qualifies" if self.settlement.dealer_qualifies
                       else "less than a pair, the dealer does not qualify"))
        step = self.next_step()
        if step is None:
            return "Every wager is settled."
        return f"Next: {step.describe()} — {step.rule}"

    # -- answers -------------------------------------------------------------------------------------------

    def announce_dealer(self, category: Category, qualifies: bool) -> Verdict:
        """The trainee names the dealer's hand category and whether it qualifies."""
        if self._dealer_done:
            return Verdict(False, (), None, "The dealer's hand is already announced")
        expected_category = self.settlement.dealer.category
        expected_qualifies = self.settlement.dealer_qualifies
        mistakes: tuple[Mistake, ...] = ()
        if category != expected_category or qualifies != expected_qualifies:
            mistakes = (Mistake(
                ErrorKind.WRONG_DEALER_HAND,
                _dealer_text(expected_category, expected_qualifies),
                _dealer_text(category, qualifies),
                "The dealer qualifies with a pair or better; name the best five-card hand",
                "qualification",
            ),)
        self._note_decision()
        self._given.setdefault(DEALER_STEP, _dealer_text(category, qualifies))
        return self._conclude(DEALER_STEP, mistakes, None, self._finish_dealer)

    def submit(self, seat: int, wager: Wager, action: Action, amount: Decimal | None = None) -> Verdict:
        """The trainee settles ``wager`` of ``seat`` with ``action`` (and ``amount``: required for a pay,
        the stake when left out for the others)."""
        if not self._dealer_done:
            return Verdict(False, (), None, "First announce the dealer's hand and whether it qualifies")
        expected = self._pending[0] if self._pending else None
        chosen = next((step for step in self._pending if step.seat == seat and step.wager is wager), None)
        self._note_decision()
        if expected is None:
            return Verdict(False, (), None, "Every wager is already settled")
        if chosen is None:
            mistake = Mistake(ErrorKind.ORDER, expected.describe(), f"seat {seat} {wager.label}",
                              f"Seat {seat} has no {wager.label} wager left to settle", "order")
            self._fault(_key(expected), mistake)
            return Verdict(False, (mistake,), expected, mistake.rule)
        mistakes = []
        if chosen is not expected:
            kind = ErrorKind.MISSED_REFUND_PASS if expected.phase == "refund" and chosen.phase != "refund" \
                else ErrorKind.ORDER
            mistakes.append(Mistake(kind, expected.describe(), chosen.describe(), order_rule(self.table, expected),
                                    "qualification" if kind is ErrorKind.MISSED_REFUND_PASS else "order"))
        given_amount = amount if amount is not None else (None if action is Action.PAY else chosen.amount)
        given = describe_step(seat, wager, action, given_amount)
        if action is not Action.PAY and amount is not None:
            given = f"Seat {seat}: {action.value} {format_money(amount)} of the {wager.label}"  # as typed
        if action is not chosen.action:
            mistakes.append(Mistake(ErrorKind.WRONG_ACTION, chosen.describe(), given, chosen.rule, chosen.topic))
        elif given_amount is None or given_amount != chosen.amount:
            mistakes.append(Mistake(ErrorKind.WRONG_AMOUNT, chosen.describe(), given, chosen.rule, chosen.topic))
        self._given.setdefault(_key(chosen), given)
        target = _key(expected) if chosen is not expected and len(mistakes) == 1 else _key(chosen)
        return self._conclude(target, tuple(mistakes), chosen, lambda: self._pending.remove(chosen), expected)

    # -- results -------------------------------------------------------------------------------------------

    def result(self) -> ItemResult:
        """The score so far: a hand cut short counts only the steps answered (or got wrong) before it stopped."""
        done: set[object] = {DEALER_STEP} if self._dealer_done else set()
        done |= {_key(step) for step in self.settlement.procedure if step not in self._pending}
        steps = len(done | self._faulted)
        seconds = (self._finished or self._clock()) - self._started
        return ItemResult(self.drill, self.item, steps, steps - len(self._faulted), tuple(self._mistakes),
                          seconds, self.mode)

    def review(self) -> list[ReviewLine]:
        """Every step, the engine's beside the trainee's."""
        dealer = self.settlement
        lines = [ReviewLine(
            _dealer_text(dealer.dealer.category, dealer.dealer_qualifies),
            self._given.get(DEALER_STEP, "—"), DEALER_STEP not in self._faulted,
            "The dealer qualifies with a pair or better")]
        for step in self.settlement.procedure:
            key = _key(step)
            lines.append(ReviewLine(step.describe(), self._given.get(key, "—"), key not in self._faulted, step.rule))
        return lines

    # -- internals -----------------------------------------------------------------------------------------

    def _conclude(self, target: object, mistakes: tuple[Mistake, ...], chosen: Step | None,
                  accept: Callable[[], None], expected: Step | None = None) -> Verdict:
        for mistake in mistakes:
            self._fault(target, mistake)
        accepted = not mistakes or self.mode is Mode.EXAM
        if accepted:
            accept()
            if self.done and self._finished is None:
                self._finished = self._clock()
        if not mistakes:
            message = "Right." if chosen is None else f"Right: {chosen.describe()}"
        elif self.mode is Mode.EXAM:
            message = "Noted."
        else:
            message = "; ".join(mistake.describe() for mistake in mistakes)
        return Verdict(accepted, mistakes, expected or chosen, message)

    def _finish_dealer(self) -> None:
        self._dealer_done = True

    def _fault(self, target: object, mistake: Mistake) -> None:
        self._faulted.add(target)
        self._mistakes.append(mistake)

    def _note_decision(self) -> None:
        now = self._clock()
        self.decision_times.append(now - self._last_decision)
        self._last_decision = now


def _key(step: Step) -> tuple[int, Wager]:
    return (step.seat, step.wager)


def _dealer_text(category: Category, qualifies: bool) -> str:
    return f"{category.label}, {'qualifies' if qualifies else 'does not qualify'}"
