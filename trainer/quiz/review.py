"""The review of a settled hand, as every screen shows it: one row per step, the counts that add up, and a text form.

A row is the engine's step beside the trainee's **first** attempt at it, exactly as given, with the verdict and the
mistakes that attempt made (each with its kind and the rule it broke: for an order mistake the ordering rule, not
the wager's payout rule). A later correction never replaces the first attempt. Steps the table finished, or never
done, are *not done* and count wrong. Attempts on a wager with nothing to settle (not placed, already settled) get
rows of their own after the steps: they are wrong attempts, not steps.

The score counts steps: a wrong step counts one mistake (its first), a step the table finished counts "left to the
table"; every wrong try is a wrong attempt. :class:`Tally` names them ("3 steps wrong · 13 wrong attempts").
The GUI's review and ``uth-trainer grade --text`` render the same :class:`ReviewLine` cells.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from trainer.engine.settlement import Settlement, Step
from trainer.i18n.translation import N_, _, ngettext
from trainer.quiz.judging import DEALER_RULE, Attempt, dealer_text
from trainer.quiz.order import key_of
from trainer.scoring import ErrorKind, ItemResult, Mistake

ORDER_KINDS = (ErrorKind.ORDER, ErrorKind.MISSED_REFUND_PASS)
NOTHING = "—"
NOT_DONE_TEXT = N_("— (not done)")


class RowVerdict(StrEnum):
    """What the review says of one row."""

    RIGHT = "right"
    WRONG = "wrong"
    NOT_DONE = "not done"


@dataclass(frozen=True)
class ReviewLine:
    """One row of the review: the engine's step (``expected``), the trainee's first attempt at it (``given``),
    whether it was right, and the rule (the one broken, on a wrong row). ``step`` is False for an attempt on a
    wager with nothing to settle (a wrong attempt, not a step); ``tries`` counts the attempts at the step and
    ``wrong_tries`` the wrong ones among them."""

    expected: str
    given: str
    correct: bool
    rule: str
    verdict: RowVerdict = RowVerdict.RIGHT
    mistakes: tuple[Mistake, ...] = ()
    tries: int = 0
    wrong_tries: int = 0
    step: bool = True

    def cells(self) -> tuple[str, str, str, str]:
        """The row as a screen shows it: mark, correct step, your step, rule."""
        return ("✓" if self.correct else "✗", self.expected, self.given, self.rule)


def broken_rules(mistakes: Sequence[Mistake]) -> str:
    """The rules a wrong attempt broke, with their kinds: ``Order (Seat 7: push the Ante $10 was due): Settle right
    to left, from the highest seat down, one seat at a time``."""
    parts = []
    for mistake in mistakes:
        name = mistake.kind.label.capitalize()
        if mistake.kind in ORDER_KINDS:
            parts.append(_("{kind} ({due}): {rule}").format(kind=name, due=_due_text(mistake.expected),
                                                            rule=mistake.rule))
        else:
            parts.append(_("{kind}: {rule}").format(kind=name, rule=mistake.rule))
    return "; ".join(parts)


def _due_text(expected: str) -> str:
    before = _("{step} before {later}").format(step="", later="")  # " before ", as the order mistake says it
    return expected if before in expected else _("{step} was due").format(step=expected)


def step_line(expected: str, rule: str, attempts: Sequence[Attempt]) -> ReviewLine:
    """The row of one step from every attempt at it (in the order made)."""
    if not attempts:
        return ReviewLine(expected, _(NOT_DONE_TEXT), False, _("Not done: {rule}").format(rule=rule),
                          RowVerdict.NOT_DONE)
    first = attempts[0]
    wrong = sum(attempt.wrong for attempt in attempts)
    if first.wrong:
        return ReviewLine(expected, first.given, False, broken_rules(first.mistakes), RowVerdict.WRONG,
                          first.mistakes, len(attempts), wrong)
    return ReviewLine(expected, first.given, True, rule, RowVerdict.RIGHT, (), len(attempts), wrong)


def step_mistake(line: ReviewLine) -> Mistake:
    """The one mistake a wrong step counts: its first attempt's first mistake, or, for a step not done, that the
    table finished it."""
    if line.mistakes:
        return line.mistakes[0]
    not_done = _("Not done: {rule}").format(rule="")
    return Mistake(ErrorKind.LEFT_TO_TABLE, line.expected, _(NOT_DONE_TEXT), line.rule.removeprefix(not_done))


def stray_line(attempt: Attempt) -> ReviewLine:
    """The row of an attempt on a wager with nothing to settle."""
    return ReviewLine(NOTHING, attempt.given, False, broken_rules(attempt.mistakes), RowVerdict.WRONG,
                      attempt.mistakes, 1, 1, step=False)


def review_lines(settlement: Settlement, steps: Sequence[Step], attempts: Sequence[Attempt], *,
                 dealer: bool = True) -> list[ReviewLine]:
    """The review model: the dealer's announcement (when it was asked), every step to settle in the engine's
    order, then the attempts on wagers with nothing to settle."""
    lines = []
    if dealer:
        announced = [attempt for attempt in attempts if attempt.submission is None]
        lines.append(step_line(dealer_text(settlement.dealer.category, settlement.dealer_qualifies), _(DEALER_RULE),
                               announced))
    for step in steps:
        lines.append(step_line(step.describe(), step.rule,
                               [attempt for attempt in attempts if attempt.key == key_of(step)]))
    lines += [stray_line(attempt) for attempt in attempts if attempt.submission is not None and attempt.step is None]
    return lines


@dataclass(frozen=True)
class Tally:
    """Steps and wrong attempts, told apart: the score is steps; a step may take several wrong attempts."""

    steps: int
    right: int
    wrong_attempts: int
    left_to_table: int = 0
    """Steps the table finished (among the wrong steps)."""

    @property
    def wrong_steps(self) -> int:
        return self.steps - self.right

    @property
    def percent(self) -> float:
        return 100.0 if self.steps == 0 else 100.0 * self.right / self.steps

    def text(self) -> str:
        """``41 of 44 steps right (93.2 %) · 3 steps wrong · 13 wrong attempts``.

        >>> Tally(44, 41, 13).text()
        '41 of 44 steps right (93.2 %) · 3 steps wrong · 13 wrong attempts'
        >>> Tally(2, 2, 0).text()
        '2 of 2 steps right (100.0 %) · 0 steps wrong · 0 wrong attempts'
        >>> Tally(15, 10, 7, 4).text()
        '10 of 15 steps right (66.7 %) · 5 steps wrong · 7 wrong attempts · 4 steps left to the table'
        """
        parts = [
            ngettext("{right} of {steps} steps right ({percent:.1f} %)",
                     "{right} of {steps} steps right ({percent:.1f} %)", self.steps).format(
                right=self.right, steps=self.steps, percent=self.percent),
            ngettext("{count} step wrong", "{count} steps wrong", self.wrong_steps).format(count=self.wrong_steps),
            ngettext("{count} wrong attempt", "{count} wrong attempts", self.wrong_attempts).format(
                count=self.wrong_attempts),
        ]
        if self.left_to_table:
            parts.append(ngettext("{count} step left to the table", "{count} steps left to the table",
                                  self.left_to_table).format(count=self.left_to_table))
        return " · ".join(parts)


def tally_of(items: Iterable[ItemResult]) -> Tally:
    """The tally of scored items (an item that does not count its wrong attempts counts one per mistake)."""
    steps = right = attempts = left = 0
    for item in items:
        steps += item.steps
        right += item.correct
        attempts += item.attempts_wrong
        left += item.left_to_table
    return Tally(steps, right, attempts, left)


def tally_of_lines(lines: Iterable[ReviewLine]) -> Tally:
    """The tally of a review: its step rows, and every wrong attempt (first attempts or not, stray or not). A row
    not done is a step wrong; whether the table finished it is the item's to say (:func:`tally_of`)."""
    steps = right = attempts = 0
    for line in lines:
        if line.step:
            steps += 1
            right += line.correct
        attempts += line.wrong_tries
    return Tally(steps, right, attempts)


def mistakes_text(items: Iterable[ItemResult]) -> str:
    """The wrong steps by their first mistake's kind: ``Mistakes: order 3, wrong amount 1`` or ``No
    mistakes.``."""
    kinds = Counter(mistake.kind for item in items for mistake in item.mistakes)
    if not kinds:
        return _("No mistakes.")
    return _("Mistakes: {kinds}").format(
        kinds=", ".join(f"{kind.label} {count}" for kind, count in kinds.most_common()))


def review_text(lines: Sequence[ReviewLine], title: str = "") -> str:
    """The review as text, one row a line (mark, correct step, your step, rule), the tally first."""
    out = [title] if title else []
    out.append(tally_of_lines(lines).text())
    for line in lines:
        mark, expected, given, rule = line.cells()
        out.append(f"{mark} {expected}  |  {given}  |  {rule}")
    return "\n".join(out)
