"""The settlement quiz: the trainee settles a hand step by step and every step is checked against the engine.

The trainee first announces the dealer's hand and whether it qualifies, then works the table: for each wager
the seat, the wager, the action (pay / take / push / return) and the amount (required for a pay; for a take, a
push or a return no amount means the whole stake). Each submission is judged against the engine's ``procedure``
(:mod:`trainer.quiz.judging`): order (:mod:`trainer.quiz.order`), a missed refund pass, a wrong action, a wrong
amount, a wager not placed or already settled, each with the rule it broke.

In guided, practice and speed modes a wrong step is not accepted: the trainee corrects it and goes on, and the
order is judged against the step due at once. In exam mode every step is accepted as given and the order is
judged over the whole hand, so one step out of turn or skipped marks that step only. The review
(:mod:`trainer.quiz.review`) keeps every step's first attempt exactly as given. Coin-in steps (the losing
Progressive wagers, removed before the deal) are never asked.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.evaluator import Category
from trainer.engine.settlement import Settlement, Step
from trainer.engine.table import TableRules
from trainer.engine.wagers import Action, SeatHand, Wager
from trainer.i18n.translation import _
from trainer.quiz.judging import (
    Attempt,
    Submission,
    content_mistakes,
    dealer_mistakes,
    dealer_text,
    grade_order,
    order_mistake,
    stake_of,
    stakes_of,
    stray_mistake,
)
from trainer.quiz.order import key_of, order_ranks, order_rule, steps_to_settle
from trainer.quiz.review import ReviewLine, RowVerdict, review_lines, step_mistake
from trainer.scoring import ItemResult, Mistake, Mode

__all__ = ["DEALER_STEP", "ReviewLine", "SettlementQuiz", "Verdict", "order_rule"]

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


class SettlementQuiz:
    """One hand to settle. ``settlement`` is the engine's answer key for the round; ``hands`` give each wager's
    stake (what a take, push or return with no amount means: without them a partial take cannot be told from a
    whole one)."""

    def __init__(
        self,
        settlement: Settlement,
        table: TableRules,
        mode: Mode = Mode.PRACTICE,
        *,
        hands: Sequence[SeatHand] = (),
        drill: str = "settlement",
        item: str = "",
        clock: Callable[[], float] = time.monotonic,
        early: frozenset[str] = frozenset(),
    ) -> None:
        self.settlement = settlement
        self.early = early
        """The passes settled before the dealer's announcement (a run round takes a fold's wagers at the fold)."""
        self.table = table
        self.mode = mode
        self.drill, self.item = drill, item
        self.steps = steps_to_settle(settlement.procedure)
        self._stakes = stakes_of(hands)
        self._ranks = order_ranks(self.steps, table)
        self._clock = clock
        self._started = clock()
        self._finished: float | None = None
        self._pending: list[Step] = list(self.steps)
        self._dealer_done = False
        self._dealer_asked = True
        self._left_to_table = False
        self._attempts: list[Attempt] = []
        self.decision_times: list[float] = []
        self._last_decision = self._started

    # -- state ---------------------------------------------------------------------------------------------

    @property
    def stage(self) -> str:
        if self._left_to_table:
            return "done"
        if not self._dealer_done:
            return "dealer"
        return "steps" if self._pending else "done"

    @property
    def done(self) -> bool:
        return self.stage == "done"

    def next_step(self) -> Step | None:
        """The step a dealer does next (None before the dealer's announcement, unless it is of a pass settled
        before it, or when all is settled)."""
        if not self._pending or self._left_to_table:
            return None
        first = self._pending[0]
        return first if self._dealer_done or first.phase in self.early else None

    def asked(self) -> tuple[Step, ...]:
        """The steps the trainee settles: the procedure without the ``coin-in`` steps (done before the deal)."""
        return self.steps

    def pending(self) -> list[Step]:
        """The steps still to do, in the table's order (the selection and "next seat" follow it:
        :func:`trainer.quiz.order.next_selection`, :func:`trainer.quiz.order.next_seat`)."""
        return list(self._pending)

    def missed(self) -> list[Step]:
        """The engine's steps never done (so far)."""
        return list(self._pending)

    def stake(self, step: Step) -> Decimal:
        """The stake of ``step``'s wager."""
        return stake_of(step, self._stakes)

    def hint(self) -> str:
        """Guided mode: what comes next and why, in one line."""
        if not self._dealer_done:
            dealer = self.settlement.dealer
            if self.settlement.dealer_qualifies:
                return _("Announce the dealer's hand: {hand} — a pair or better, the dealer qualifies").format(
                    hand=dealer.describe())
            return _("Announce the dealer's hand: {hand} — less than a pair, the dealer does not qualify").format(
                hand=dealer.describe())
        step = self.next_step()
        if step is None:
            return _("Every wager is settled.")
        return _("Next: {step} — {rule}").format(step=step.describe(), rule=step.rule)

    # -- answers -------------------------------------------------------------------------------------------

    def announce_dealer(self, category: Category, qualifies: bool) -> Verdict:
        """The trainee names the dealer's hand category and whether it qualifies."""
        if self._dealer_done or self._left_to_table:
            return Verdict(False, (), None, _("The dealer's hand is already announced"))
        self._note_decision()
        mistakes = dealer_mistakes(self.settlement, category, qualifies)
        accepted = not mistakes or self.mode is Mode.EXAM
        self._attempts.append(Attempt(dealer_text(category, qualifies), None, mistakes, accepted))
        if accepted:
            self._dealer_done = True
            self._finish_if_done()
        return Verdict(accepted, mistakes, None, self._message(mistakes, None))

    def skip_dealer(self) -> None:
        """Start with the steps without asking for the dealer's announcement (not scored then)."""
        if not self._dealer_done:
            self._dealer_done, self._dealer_asked = True, False
            self._finish_if_done()

    def submit(self, seat: int, wager: Wager, action: Action, amount: Decimal | None = None) -> Verdict:
        """The trainee settles ``wager`` of ``seat`` with ``action`` and ``amount`` (required for a pay; for the
        others no amount means the whole stake)."""
        early = any(key_of(step) == (seat, wager) and step.phase in self.early for step in self._pending)
        if not self._dealer_done and not early:
            return Verdict(False, (), None, _("First announce the dealer's hand and whether it qualifies"))
        if self._left_to_table:
            return Verdict(False, (), None, _("The table settled the hand"))
        self._note_decision()
        submission = Submission(seat, wager, action, amount)
        due = self._pending[0] if self._pending else None
        chosen = next((step for step in self._pending if key_of(step) == submission.key), None)
        if chosen is None or due is None:
            settled = any(key_of(step) == submission.key for step in self.steps)
            mistake = stray_mistake(submission, self.settlement, due, settled)
            self._attempts.append(Attempt(submission.describe(), None, (mistake,), False, submission,
                                          submission.amount))
            return Verdict(False, (mistake,), due, self._message((mistake,), None))
        stake = self.stake(chosen)
        given = submission.describe(stake)
        mistakes = content_mistakes(chosen, submission, stake)
        out_of_order = self._ranks[key_of(chosen)] != self._ranks[key_of(due)]
        if out_of_order and self.mode is not Mode.EXAM:
            mistakes = (order_mistake(self.table, due, chosen, given), *mistakes)
        accepted = not mistakes or self.mode is Mode.EXAM
        self._attempts.append(Attempt(given, chosen, mistakes, accepted, submission, submission.understood(stake)))
        if accepted:
            self._pending.remove(chosen)
            self._finish_if_done()
        shown = due if out_of_order and not accepted else chosen
        return Verdict(accepted, mistakes, shown, self._message(mistakes, chosen))

    def leave_to_table(self) -> None:
        """The table finishes the hand (the trainee let it, or stopped): every step not done counts wrong."""
        if not self.done:
            self._left_to_table = True
            self._finish_if_done()

    # -- results -------------------------------------------------------------------------------------------

    def attempts(self) -> list[Attempt]:
        """Every attempt, judged (in an exam the order is judged over the whole hand)."""
        if self.mode is Mode.EXAM:
            return grade_order(self.steps, self.table, self._attempts)
        return list(self._attempts)

    def review(self) -> list[ReviewLine]:
        """The review model: every step, the engine's beside the trainee's first attempt, with the mistakes."""
        return review_lines(self.settlement, self.steps, self.attempts(), dealer=self._dealer_asked)

    def result(self) -> ItemResult:
        """The score: every step once the hand is over (a step not done counts wrong); before that, the steps
        tried so far."""
        attempts = self.attempts()
        lines = [line for line in self.review() if line.step]
        if not self.done:
            lines = [line for line in lines if line.verdict is not RowVerdict.NOT_DONE]
        seconds = (self._finished or self._clock()) - self._started
        mistakes = tuple(step_mistake(line) for line in lines if not line.correct)
        left = sum(line.verdict is RowVerdict.NOT_DONE for line in lines)
        return ItemResult(self.drill, self.item, len(lines), sum(line.correct for line in lines), mistakes,
                          seconds, self.mode, sum(attempt.wrong for attempt in attempts), left)

    # -- internals -----------------------------------------------------------------------------------------

    def _message(self, mistakes: tuple[Mistake, ...], chosen: Step | None) -> str:
        if not mistakes:
            return _("Right.") if chosen is None else _("Right: {step}").format(step=chosen.describe())
        if self.mode is Mode.EXAM:
            return _("Noted.")
        return "; ".join(mistake.describe() for mistake in mistakes)

    def _finish_if_done(self) -> None:
        if self.done and self._finished is None:
            self._finished = self._clock()

    def _note_decision(self) -> None:
        now = self._clock()
        self.decision_times.append(now - self._last_decision)
        self._last_decision = now
