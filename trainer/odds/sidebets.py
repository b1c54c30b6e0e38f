"""Exact figures of the side bets for any pay table: Trips, Ultimate Pairs, Bad Beat (player never folding) and
the Progressive at a given meter (rules-notes §4, §8).

Trips and the Progressive pay on the player's best five of seven: the seven-card category counts of
:func:`trainer.odds.seven_cards.category_counts` (counted by pattern, in milliseconds) give every line, and the
Progressive's three royal lines are closed forms. Pairs pays on the two hole cards:
the 1,326 two-card hands are classified once. Bad Beat pays on the beaten hand: the deal counts by the beaten
hand's category come from :func:`trainer.engine.bad_beat_odds.bad_beat_counts`.

>>> from trainer.engine.paytables import load_paytables
>>> f"{float(trips_report(load_paytables().trips('UTH-02')).house_edge):.6f}"
'0.019040'
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from math import comb

from trainer.engine.bad_beat_odds import BadBeatCounts
from trainer.engine.cards import FULL_DECK
from trainer.engine.evaluator import Category
from trainer.engine.paytables import Odds, PayLine, Paytable
from trainer.engine.wagers import pairs_hands
from trainer.odds.report import LineFigure, OddsReport
from trainer.odds.seven_cards import category_counts

__all__ = [
    "ProgressiveFigures", "bad_beat_report", "break_even_meter", "pairs_report",
    "progressive_report", "returned_per_unit", "trips_report",
]

FIVE_CARD_HANDS = comb(52, 5)
SEVEN_CARD_HANDS = comb(52, 7)
SUITS = 4  # one royal flush per suit


def returned_per_unit(odds: Odds) -> Fraction:
    """What a winning line gives back per unit wagered, the stake included: 4 for "3 to 1", 250 for "250 for 1".

    >>> returned_per_unit(Odds.parse("3 to 2")), returned_per_unit(Odds.parse("250 for 1"))
    (Fraction(5, 2), Fraction(250, 1))
    """
    if odds.kind == "percent":
        raise ValueError("a percentage of the meter depends on the meter and the wager")
    ratio = Fraction(odds.numerator) / Fraction(odds.denominator)
    return ratio + 1 if odds.kind == "to" else ratio


def _category_lines(table: Paytable, frequency: Callable[[str], Fraction]) -> tuple[LineFigure, ...]:
    return tuple(LineFigure(line.hand, line.label, frequency(line.hand), line.odds.text, returned_per_unit(line.odds))
                 for line in table.lines)


def trips_report(table: Paytable) -> OddsReport:
    """The Trips bet on ``table``: exact over the 133,784,560 seven-card hands."""
    counts = category_counts()
    by_label = {category.label: Fraction(count, SEVEN_CARD_HANDS) for category, count in counts.items()}
    return OddsReport("trips", table.id, table.title, "exact",
                      _category_lines(table, lambda hand: by_label.get(hand, Fraction(0))),
                      notes=("Exact over all 133,784,560 seven-card hands; Trips pays on the player's best hand, "
                             "fold or not.",))


def _pairs_frequencies(table: Paytable) -> dict[str, Fraction]:
    """How often each line of a Pairs table pays, over the 1,326 hole-card hands (and the dealer's two)."""
    hands = list(combinations(FULL_DECK, 2))
    paid: dict[str, Fraction] = {}
    with_dealer = table.line_for("aa-with-dealer-aa") is not None
    dealer_aces = Fraction(1, comb(50, 2))  # the other two aces, of the dealer's 1,225 possible holdings
    for first, second in hands:
        line = table.first_line(pairs_hands((first, second)))
        if line is None:
            continue
        if with_dealer and line.hand == "aa":
            paid["aa-with-dealer-aa"] = paid.get("aa-with-dealer-aa", Fraction(0)) + dealer_aces
            paid["aa"] = paid.get("aa", Fraction(0)) + 1 - dealer_aces
        else:
            paid[line.hand] = paid.get(line.hand, Fraction(0)) + 1
    return {hand: count / len(hands) for hand, count in paid.items()}


def pairs_report(table: Paytable) -> OddsReport:
    """The Ultimate Pairs bet on ``table``: exact over the 1,326 two-card hands."""
    frequencies = _pairs_frequencies(table)
    return OddsReport("pairs", table.id, table.title, "exact",
                      _category_lines(table, lambda hand: frequencies.get(hand, Fraction(0))),
                      notes=("Exact over the 1,326 hole-card hands; Pairs pays on the hole cards alone, fold or not.",))


def bad_beat_report(table: Paytable, counts: BadBeatCounts) -> OddsReport:
    """The Bad Beat bet on ``table`` from the deal counts by the beaten hand, the player never folding."""
    beaten = {category.label: Fraction(count, counts.deals) for category, count in counts.beaten.items()}
    lines = _category_lines(table, lambda hand: beaten.get(hand, Fraction(0)))
    return OddsReport(
        "bad-beat", table.id, table.title, "exact", lines,
        notes=(f"Exact over all {counts.deals:,} deals, the player never folding. A fold below three of a kind "
               "cannot win the bet, so with bad_beat_on_fold = \"action\" these figures hold under any strategy.",),
    )


# -- Progressive ---------------------------------------------------------------------------------------------


def _progressive_frequencies() -> dict[str, Fraction]:
    """How often the player's seven cards reach each Progressive line (only the highest line counts).

    The royal lines are closed forms. Of the seven cards, the five of a royal can sit in C(7, 5) = 21 of the
    seven places equally often: the two hole cards and the flop (royal – first 5 cards) in one, the five community
    cards (community royal) in one, and in the other 19 the royal uses a hole card and needs the turn or the river
    (royal – first 7 cards). There are 4 × C(47, 2) = 4,324 seven-card royals among C(52, 7) hands, so each of the
    first two has the chance 4 in C(52, 5). The other lines come from the seven-card category counts.
    """
    counts = category_counts()
    frequency = {category.label: Fraction(count, SEVEN_CARD_HANDS) for category, count in counts.items()
                 if category is not Category.ROYAL_FLUSH}
    first_five = Fraction(SUITS, FIVE_CARD_HANDS)
    frequency["royal-first-5"] = first_five
    frequency["community-royal"] = first_five
    frequency["royal-first-7"] = Fraction(SUITS * comb(47, 2), SEVEN_CARD_HANDS) * Fraction(19, comb(7, 5))
    return frequency


class ProgressiveFigures:
    """The Progressive's exact line frequencies on a table, and its return at any meter and wager."""

    def __init__(self, table: Paytable) -> None:
        self.table = table
        self.frequency = _progressive_frequencies()

    def line_frequency(self, line: PayLine) -> Fraction:
        return self.frequency.get(line.hand, Fraction(0))

    def returned(self, line: PayLine, meter: Fraction, wager: Fraction) -> Fraction:
        """What the player gets back per unit wagered when ``line`` pays."""
        if line.odds.kind == "percent":
            return meter * Fraction(line.odds.numerator) / Fraction(line.odds.denominator) / wager
        return returned_per_unit(line.odds)

    def player_return(self, meter: Fraction, wager: Fraction) -> Fraction:
        return sum((self.line_frequency(line) * self.returned(line, meter, wager) for line in self.table.lines),
                   Fraction(0))


def break_even_meter(table: Paytable, wager: Fraction) -> Fraction | None:
    """The meter at which the bet returns exactly the wager, or None when no line pays from the meter.

    >>> from trainer.engine.paytables import load_paytables
    >>> round(float(break_even_meter(load_paytables().progressive("01"), Fraction(1))))
    165960
    """
    figures = ProgressiveFigures(table)
    fixed = figures.player_return(Fraction(0), wager)
    per_meter = figures.player_return(Fraction(1), wager) - fixed
    if per_meter == 0:
        return None
    return (1 - fixed) / per_meter


def progressive_report(table: Paytable, meter: Decimal, wager: Decimal) -> OddsReport:
    """The Progressive on ``table`` with the meter at ``meter`` and a fixed wager of ``wager``: exact."""
    figures = ProgressiveFigures(table)
    meter_f, wager_f = Fraction(meter), Fraction(wager)
    lines = tuple(
        LineFigure(line.hand, line.label, figures.line_frequency(line),
                   line.odds.text + (f" of {meter:,}" if line.odds.kind == "percent" else ""),
                   figures.returned(line, meter_f, wager_f))
        for line in table.lines
    )
    even = break_even_meter(table, wager_f)
    notes = [f"Exact from the seven-card hand frequencies, a {wager} wager with the meter at {meter:,}; "
             "\"for 1\" pays include the wager."]
    extra: dict[str, object] = {"meter": float(meter), "wager": float(wager)}
    if even is not None:
        notes.append(f"The bet breaks even with the meter at {float(even):,.2f}.")
        extra["break_even_meter"] = round(float(even), 2)
    return OddsReport("progressive", table.id, table.title, "exact", lines, notes=tuple(notes), extra=extra)

