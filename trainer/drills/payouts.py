"""The payout arithmetic drill: '3 to 2 on $35', '40 to 1 on $15', '50 to 1 on $7', timed, by level.

Every odds line in use on the pay tables (Blind, Trips, Bad Beat, Pairs, the Progressive's fixed pays, and
1 to 1 for Ante and Play) belongs to a level; stakes are amounts made of the table's chips. Each level has a
speed target in seconds per answer. ``payouts`` climbs through the levels; ``payouts-1`` .. ``payouts-4``
stay on one.

>>> item = next(PayoutDrill(2).items(random.Random(1), 1, Mode.PRACTICE))
>>> item.question.odds.payout(item.question.stake) == item.question.payout
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from trainer.art import CHIP_DENOMINATIONS
from trainer.drills.answers import MONEY_HINT, read_money
from trainer.drills.base import Feedback, Question
from trainer.engine.paytables import Odds, load_paytables
from trainer.engine.settlement import format_money
from trainer.engine.words import odds_text
from trainer.i18n.translation import N_, _, speaking
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode

Clock = Callable[[], float]
CHIPS_HIGH_FIRST = tuple(sorted(CHIP_DENOMINATIONS, reverse=True))


def odds_in_use() -> list[str]:
    """Every fixed odds text on the shipped pay tables ('3 to 2', '250 for 1', ...), plus 1 to 1."""
    tables = load_paytables()
    found = {"1 to 1"}
    for kind in ("blind", "trips", "bad_beat", "pairs", "progressive"):
        for table_id in tables.ids(kind):
            for line in tables.get(kind, table_id).lines:
                if line.odds.kind != "percent":
                    found.add(line.odds.text)
    return sorted(found, key=lambda text: (Odds.parse(text).kind, Odds.parse(text).numerator
                                           / Odds.parse(text).denominator))


@dataclass(frozen=True)
class Level:
    """A level: which odds, which stakes, and the speed target in seconds per answer."""

    number: int
    title: str
    odds: tuple[str, ...]
    stakes: tuple[Decimal, ...]
    target_seconds: float


def _dollars(*values: int) -> tuple[Decimal, ...]:
    return tuple(Decimal(value) for value in values)


def build_levels() -> tuple[Level, ...]:
    every = odds_in_use()
    parsed = {text: Odds.parse(text) for text in every}

    def ratio(text: str) -> Decimal:
        odds = parsed[text]
        return odds.numerator / odds.denominator

    easy = tuple(text for text in every if text in ("1 to 1", "3 to 2", "3 to 1", "10 to 1"))
    middle = tuple(text for text in every if parsed[text].kind == "to" and text not in easy and ratio(text) <= 9)
    upper = tuple(text for text in every if parsed[text].kind == "to" and 9 < ratio(text) <= 100
                  and text not in easy)
    top = tuple(text for text in every if text not in (*easy, *middle, *upper))
    return (
        Level(1, N_("Even money and the Blind"), easy, _dollars(*range(5, 105, 5)), 5.0),
        Level(2, N_("Trips and small pays"), (*middle, "3 to 2"), _dollars(*range(1, 51)), 7.0),
        Level(3, N_("Pairs and the Bad Beat's middle lines"), upper, _dollars(*range(1, 26)), 8.0),
        Level(4, N_("Big pays and 'for 1'"), (*top, "3 to 2"), _dollars(1, 2, 3, 5, 7, 10, 15, 20, 25, 35, 50, 75),
              10.0),
    )


LEVELS = build_levels()


def chips_for(amount: Decimal) -> list[tuple[Decimal, int]]:
    """The fewest chips making ``amount``: (denomination, count), largest first.

    >>> [(str(value), count) for value, count in chips_for(Decimal("52.50"))]
    [('25', 2), ('1', 2), ('0.5', 1)]
    """
    out: list[tuple[Decimal, int]] = []
    rest = amount
    for value in CHIPS_HIGH_FIRST:
        count = int(rest // value)
        if count:
            out.append((value, count))
            rest -= value * count
    return out


def chips_text(amount: Decimal) -> str:
    """``2 × $25, 2 × $1, 1 × $0.50``."""
    return ", ".join(f"{count} × {format_money(value)}" for value, count in chips_for(amount)) or _("nothing")


@dataclass(frozen=True)
class PayoutQuestion:
    odds: Odds
    stake: Decimal

    @property
    def payout(self) -> Decimal:
        return self.odds.payout(self.stake)

    @property
    def prompt(self) -> str:
        return _("{odds} on {stake}").format(odds=odds_text(self.odds), stake=format_money(self.stake))

    def working(self) -> str:
        """How the payout is worked out, in one line."""
        odds, stake = self.odds, self.stake
        if odds.kind == "for":
            return _("{odds}: {stake} × {numerator} = {payout}, the wager is not returned").format(
                odds=odds_text(odds), stake=format_money(stake), numerator=odds.numerator,
                payout=format_money(self.payout))
        if odds.denominator == 1:
            return f"{odds_text(odds)}: {format_money(stake)} × {odds.numerator} = {format_money(self.payout)}"
        return (f"{odds_text(odds)}: {format_money(stake)} ÷ {odds.denominator} × {odds.numerator} = "
                f"{format_money(self.payout)}")


class PayoutItem:
    """One payout to work out, timed against the level's target."""

    def __init__(self, drill: str, level: Level, question: PayoutQuestion, mode: Mode,
                 clock: Clock = time.monotonic) -> None:
        self.drill, self.level, self.question, self.mode = drill, level, question, mode
        self.title = _("Level {number} · {title}: {prompt}").format(number=level.number, title=_(level.title),
                                                                    prompt=question.prompt)
        with speaking("en"):
            self.item = f"Level {level.number} · {level.title}: {question.prompt}"
            """What the scores keep: the title in English."""
        self.text = _("{prompt}   (the wager: {chips}; target {seconds:.0f} s)").format(
            prompt=question.prompt, chips=chips_text(question.stake), seconds=level.target_seconds)
        self._clock = clock
        self._started = clock()
        self._seconds: float | None = None
        self._mistake: Mistake | None = None

    def next_question(self) -> Question | None:
        if self._seconds is not None:
            return None
        return Question(_("Payout for {prompt}?").format(prompt=self.question.prompt), read_money, MONEY_HINT)

    def answer(self, value: Any) -> Feedback:
        self._seconds = self._clock() - self._started
        right = self.question.payout
        timing = _("{seconds:.1f} s (target {target:.0f} s)").format(seconds=self._seconds,
                                                                     target=self.level.target_seconds)
        if value == right:
            pace = _("on target") if self.on_target else _("too slow")
            return Feedback(True, _("Right: {amount} — pay {chips}; {timing}, {pace}").format(
                amount=format_money(right), chips=chips_text(right), timing=timing, pace=pace))
        self._mistake = Mistake(ErrorKind.WRONG_AMOUNT, format_money(right), format_money(value),
                                self.question.working(), "payouts")
        if self.mode is Mode.EXAM:
            return Feedback(False, _("Noted."), (self._mistake,))
        return Feedback(False, f"{self._mistake.describe()}; {timing}", (self._mistake,))

    @property
    def seconds(self) -> float | None:
        return self._seconds

    @property
    def on_target(self) -> bool:
        return self._seconds is not None and self._seconds <= self.level.target_seconds

    def result(self) -> ItemResult:
        answered = self._seconds is not None
        seconds = self._seconds if answered else self._clock() - self._started
        mistakes = (self._mistake,) if self._mistake else ()
        return ItemResult(self.drill, self.item, 1 if answered else 0,
                          1 if answered and not mistakes else 0, mistakes, seconds or 0.0, self.mode)


@dataclass(frozen=True)
class PayoutDrill:
    """Payouts at one level, or (``level`` None) climbing from level 1 to 4 over the set."""

    level: int | None = None

    @property
    def name(self) -> str:
        return "payouts" if self.level is None else f"payouts-{self.level}"

    @property
    def group(self) -> str:
        return N_("Payouts")

    @property
    def description(self) -> str:
        """The drill in English (``quiz --list``); :attr:`shown_description` in the current language."""
        with speaking("en"):
            return self.shown_description

    @property
    def shown_description(self) -> str:
        if self.level is None:
            return _("Payout arithmetic: every pay line in use, levels 1 to 4 in turn, timed")
        level = LEVELS[self.level - 1]
        return _("Payouts level {number}: {title} ({odds}), target {seconds:.0f} s").format(
            number=level.number, title=_(level.title),
            odds=", ".join(odds_text(Odds.parse(text)) for text in level.odds), seconds=level.target_seconds)

    def level_of(self, index: int, count: int) -> Level:
        if self.level is not None:
            return LEVELS[self.level - 1]
        return LEVELS[min(len(LEVELS) - 1, index * len(LEVELS) // max(count, 1))]

    def items(self, rng: random.Random, count: int, mode: Mode,
              clock: Clock = time.monotonic) -> Iterator[PayoutItem]:
        for index in range(count):
            level = self.level_of(index, count)
            question = PayoutQuestion(Odds.parse(rng.choice(level.odds)), rng.choice(level.stakes))
            yield PayoutItem(self.name, level, question, mode, clock)


DRILLS = (PayoutDrill(), *(PayoutDrill(level.number) for level in LEVELS))
