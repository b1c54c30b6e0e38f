"""The scoring API every quiz and drill reports to, and that the progress store will persist.

A quiz scores *items* (a hand settled, a payout worked out, a deck counted): each item has a number of steps,
the steps done right, the mistakes (each with its kind, what was expected, what was given, the rule and the
lesson topic) and the seconds it took. A *set* is the items of one sitting, in one mode.
:class:`ScoreBook` keeps the session's results and tells listeners (the progress store, the GUI) of each one.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from trainer.i18n.translation import N_, _, ngettext


class Mode(StrEnum):
    """How a quiz gives feedback (an instructor may fix one for an exam)."""

    GUIDED = "guided"
    """Before each step the table shows what comes next and why."""
    PRACTICE = "practice"
    """Each step is checked at once, with the rule; a wrong step is corrected before going on."""
    EXAM = "exam"
    """No feedback until the hand or set is done; then a review beside the correct answers; a pass mark."""
    SPEED = "speed"
    """A clock: hands per hour and seconds per decision against a target."""

    @property
    def shows_feedback_at_once(self) -> bool:
        return self in (Mode.GUIDED, Mode.PRACTICE, Mode.SPEED)


class ErrorKind(StrEnum):
    """The kinds of mistake counted per step."""

    ORDER = "order"
    MISSED_REFUND_PASS = "missed refund pass"
    WRONG_ACTION = "wrong action"
    WRONG_AMOUNT = "wrong amount"
    WRONG_DEALER_HAND = "wrong dealer announcement"
    NOT_PLACED = "not placed"
    ALREADY_SETTLED = "already settled"
    WRONG_ANSWER = "wrong answer"
    MISCOUNT = "miscount"
    MISSED_FAULT = "missed fault"
    FALSE_ALARM = "false alarm"
    WRONG_CARD = "wrong card"
    WRONG_DECK = "wrong deck"
    LEFT_TO_TABLE = "left to the table"
    """A step the trainee did not do: the table finished it (E, or a change of mode)."""

    @property
    def label(self) -> str:
        """The kind as a person reads it, in the current language (the value is the store's key)."""
        return _(_ERROR_KIND_LABELS[self.value])


_ERROR_KIND_LABELS = {
    "order": N_("order"), "missed refund pass": N_("missed refund pass"), "wrong action": N_("wrong action"),
    "wrong amount": N_("wrong amount"), "wrong dealer announcement": N_("wrong dealer announcement"),
    "not placed": N_("not placed"), "already settled": N_("already settled"), "wrong answer": N_("wrong answer"),
    "miscount": N_("miscount"), "missed fault": N_("missed fault"), "false alarm": N_("false alarm"),
    "wrong card": N_("wrong card"), "wrong deck": N_("wrong deck"), "left to the table": N_("left to the table"),
}


@dataclass(frozen=True)
class Mistake:
    """One wrong step: what kind, what was expected, what the trainee gave, the rule and its lesson topic."""

    kind: ErrorKind
    expected: str
    given: str
    rule: str = ""
    topic: str = ""

    def describe(self) -> str:
        if self.rule:
            return _("{kind}: expected {expected}, given {given} ({rule})").format(
                kind=self.kind.label, expected=self.expected, given=self.given, rule=self.rule)
        return _("{kind}: expected {expected}, given {given}").format(
            kind=self.kind.label, expected=self.expected, given=self.given)


@dataclass(frozen=True)
class ItemResult:
    """The score of one item: ``correct`` of ``steps`` right, with the mistakes and the time taken.

    The counts every screen and file shows, one definition: **steps**; **steps right**; **steps wrong**
    (``steps - correct``, each with one mistake in ``mistakes``: its first attempt's first mistake, or
    :attr:`ErrorKind.LEFT_TO_TABLE` for a step the table finished); **wrong attempts** (every rejected or wrong
    try, the steps' and those on a wager with nothing to settle); **steps left to the table**."""

    drill: str
    item: str
    steps: int
    correct: int
    mistakes: tuple[Mistake, ...] = ()
    seconds: float = 0.0
    mode: Mode = Mode.PRACTICE
    wrong_attempts: int | None = None
    """How many attempts were wrong (one attempt may make several mistakes); None: one per mistake."""
    left_to_table: int = 0
    """Steps the trainee did not do and the table finished (counted among the steps wrong)."""

    @property
    def steps_wrong(self) -> int:
        return self.steps - self.correct

    @property
    def attempts_wrong(self) -> int:
        """Every wrong attempt (an item that does not count them: one per mistake)."""
        return self.wrong_attempts if self.wrong_attempts is not None else len(self.mistakes)

    @property
    def score(self) -> float:
        """Percent of steps right (an item with no steps scores 100)."""
        return 100.0 if self.steps == 0 else 100.0 * self.correct / self.steps

    @property
    def perfect(self) -> bool:
        return self.correct == self.steps and not self.mistakes


def mark_text(mark: float) -> str:
    """A pass mark or a score as every screen and report writes it: whole, else with its decimals.

    >>> mark_text(80.0), mark_text(85.5), mark_text(9.5)
    ('80', '85.5', '9.5')
    """
    return f"{mark:.2f}".rstrip("0").rstrip(".")


@dataclass
class SetResult:
    """The items of one sitting in one mode."""

    drill: str
    mode: Mode
    items: list[ItemResult] = field(default_factory=list)
    pass_mark: float = 90.0
    target_seconds_per_decision: float | None = None

    @property
    def steps(self) -> int:
        return sum(item.steps for item in self.items)

    @property
    def correct(self) -> int:
        return sum(item.correct for item in self.items)

    @property
    def score(self) -> float:
        return 100.0 if self.steps == 0 else 100.0 * self.correct / self.steps

    @property
    def passed(self) -> bool:
        return self.score >= self.pass_mark

    @property
    def seconds(self) -> float:
        return sum(item.seconds for item in self.items)

    @property
    def hands_per_hour(self) -> float:
        return 0.0 if self.seconds <= 0 else 3600.0 * len(self.items) / self.seconds

    @property
    def seconds_per_decision(self) -> float:
        return 0.0 if self.steps == 0 else self.seconds / self.steps

    @property
    def on_target(self) -> bool | None:
        if self.target_seconds_per_decision is None:
            return None
        return self.seconds_per_decision <= self.target_seconds_per_decision

    def mistakes_by_kind(self) -> Counter[ErrorKind]:
        return Counter(mistake.kind for item in self.items for mistake in item.mistakes)

    def summary(self) -> str:
        """``Score 92.3 % (24 of 26 steps), passed; wrong amount 1, order 1``."""
        text = ngettext("Score {score:.1f} % ({correct} of {steps} steps)",
                        "Score {score:.1f} % ({correct} of {steps} steps)", self.steps).format(
            score=self.score, correct=self.correct, steps=self.steps)
        if self.mode is Mode.EXAM:
            text += _(", passed") if self.passed else _(", not passed (pass mark {mark} %)").format(
                mark=mark_text(self.pass_mark))
        if self.mode is Mode.SPEED and self.items:
            text += _("; {hands:.0f} per hour, {seconds:.1f} s per decision").format(
                hands=self.hands_per_hour, seconds=self.seconds_per_decision)
            if self.target_seconds_per_decision is not None:
                text += _(" (target {seconds:.1f} s)").format(seconds=self.target_seconds_per_decision)
        kinds = self.mistakes_by_kind()
        if kinds:
            text += "; " + ", ".join(f"{kind.label} {count}" for kind, count in kinds.most_common())
        return text


Listener = Callable[[ItemResult], None]


@dataclass(frozen=True)
class KeptSet:
    """A set as the book records it: the set, whether it was taken to its end (``complete``) and the items it was
    set for (``planned``).

    >>> done = SetResult("blind", Mode.EXAM, [ItemResult("blind", "1", 4, 4)])
    >>> KeptSet(done, complete=True, planned=1).hands, KeptSet(done, complete=False, planned=5).hands
    (1, 5)
    >>> KeptSet(done, complete=False, planned=1).hands
    2
    """

    result: SetResult
    complete: bool = True
    planned: int = 0

    @property
    def hands(self) -> int:
        """The hands the set counts as set for: those it had when taken to its end; when cut short, those it was
        set for, and at least one more than it had (an exam cut short never counts as complete)."""
        done = len(self.result.items)
        return done if self.complete else max(self.planned, done + 1)


SetListener = Callable[[KeptSet], None]


class ScoreBook:
    """The session's results; listeners hear of every item as it is recorded, set listeners of every set."""

    def __init__(self, keep: int = 500) -> None:
        self._items: list[ItemResult] = []
        self._sets: list[SetResult] = []
        self._listeners: list[Listener] = []
        self._set_listeners: list[SetListener] = []
        self._keep = keep

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def subscribe_sets(self, listener: SetListener) -> None:
        """Tell ``listener`` of every set recorded from now on (an exam set is kept as an attempt by it)."""
        self._set_listeners.append(listener)

    def record(self, item: ItemResult) -> None:
        self._items.append(item)
        del self._items[: -self._keep]
        for listener in self._listeners:
            listener(item)

    def record_set(self, result: SetResult, *, complete: bool = True, planned: int | None = None) -> None:
        """Keep ``result``: taken to its end (``complete``) or cut short, set for ``planned`` items (None: as many
        as it has)."""
        self._sets.append(result)
        del self._sets[: -self._keep]
        kept = KeptSet(result, complete, len(result.items) if planned is None else planned)
        for listener in list(self._set_listeners):
            listener(kept)

    def items(self, drill: str | None = None) -> list[ItemResult]:
        return [item for item in self._items if drill is None or item.drill == drill]

    def sets(self) -> list[SetResult]:
        return list(self._sets)


class Stopwatch:
    """Seconds since start, from an injectable clock so tests need not wait."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._start = clock()

    def restart(self) -> None:
        self._start = self._clock()

    def seconds(self) -> float:
        return self._clock() - self._start

