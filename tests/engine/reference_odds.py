"""Exact figures reproduced from first principles, for the tests: seven-card category counts, the Trips and Pairs
house edges (rules-notes §8), compared with the published values and with :mod:`trainer.odds` (which gets them
the fast way).

Seven-card counts are computed without dealing 133,784,560 hands: for every multiset of seven ranks (at most four
of a rank), the suit assignments are counted combinatorially — those that make a flush (five or more cards of one
suit, at most one suit can) by the set of ranks in the flush suit, the rest valued on ranks alone — and one concrete
hand of each kind is valued with the evaluator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, prod

from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.evaluator import Category, evaluate
from trainer.engine.paytables import Odds, Paytable
from trainer.engine.wagers import pairs_hands

SEVEN_CARD_HANDS = comb(52, 7)


def _rank_multisets(cards: int = 7, ranks: int = 13) -> Iterator[tuple[int, ...]]:
    """Every tuple of per-rank counts (0..4) summing to ``cards``."""

    def walk(rank: int, left: int, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if rank == ranks:
            if left == 0:
                yield prefix
            return
        for count in range(min(4, left) + 1):
            yield from walk(rank + 1, left - count, (*prefix, count))

    yield from walk(0, cards, ())


def _card(rank_index: int, suit_index: int) -> Card:
    return FULL_DECK[rank_index * 4 + suit_index]


def _no_flush_hand(counts: tuple[int, ...]) -> list[Card]:
    """Cards with these rank counts and suits dealt round-robin: no suit holds more than two of seven."""
    cards, suit = [], 0
    for rank_index, count in enumerate(counts):
        for _ in range(count):
            cards.append(_card(rank_index, suit % 4))
            suit += 1
    return cards


def _flush_hand(counts: tuple[int, ...], flush_ranks: tuple[int, ...]) -> list[Card]:
    """Cards with these rank counts where exactly ``flush_ranks`` hold a spade (suit 3); the rest other suits."""
    cards = []
    for rank_index, count in enumerate(counts):
        others = iter((0, 1, 2))
        for copy in range(count):
            spade = rank_index in flush_ranks and copy == 0
            cards.append(_card(rank_index, 3 if spade else next(others)))
    return cards


@cache
def seven_card_category_counts() -> dict[Category, int]:
    """How many of the 133,784,560 seven-card hands make each category (best five of seven)."""
    totals: Counter[Category] = Counter()
    for counts in _rank_multisets():
        ways = prod(comb(4, count) for count in counts)
        present = tuple(rank for rank, count in enumerate(counts) if count)
        flush_ways = 0
        for size in range(5, len(present) + 1):
            for flush_ranks in combinations(present, size):
                per_suit = prod(
                    comb(3, count - 1) if rank in flush_ranks else comb(3, count)
                    for rank, count in enumerate(counts) if count
                )
                if per_suit:
                    totals[evaluate(_flush_hand(counts, flush_ranks)).category] += 4 * per_suit
                    flush_ways += 4 * per_suit
        if ways > flush_ways:
            totals[evaluate(_no_flush_hand(counts)).category] += ways - flush_ways
    return dict(totals)


def trips_house_edge(trips: Paytable) -> Fraction:
    """The Trips bet's house edge as an exact fraction of the wager (it pays on the player's best of seven)."""
    counts = seven_card_category_counts()
    expected = Fraction(0)
    for category, count in counts.items():
        line = trips.line_for(category.label)
        win = _ratio(line.odds) if line else Fraction(-1)
        expected += win * count
    return -expected / SEVEN_CARD_HANDS


def pairs_house_edge(pairs: Paytable) -> Fraction:
    """The Pairs bet's house edge as an exact fraction: over the 1,326 two-card hands (and, for a line on the
    dealer's cards, the chance of the dealer's two from the other 50)."""
    expected = Fraction(0)
    hands = list(combinations(FULL_DECK, 2))
    with_dealer = pairs.line_for("aa-with-dealer-aa")
    dealer_aces = Fraction(1, comb(50, 2))
    for first, second in hands:
        lines = pairs_hands((first, second))
        base = pairs.first_line(lines)
        win = _ratio(base.odds) if base else Fraction(-1)
        if with_dealer is not None and "aa" in lines:
            win = dealer_aces * _ratio(with_dealer.odds) + (1 - dealer_aces) * win
        expected += win
    return -expected / len(hands)


def _ratio(odds: Odds) -> Fraction:
    return Fraction(odds.numerator) / Fraction(odds.denominator)
