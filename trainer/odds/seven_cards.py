"""How many seven-card hands make each category (best five of seven), by counting patterns instead of hands.

With seven cards or fewer, a hand holding five cards of one suit cannot also hold four of a kind or a full house
(that would need eight cards), so the 133,784,560 hands split cleanly in two:

* **suited hands** (five or more cards of one suit): the suit, the set ``S`` of ranks it holds and any cards of the
  other three suits for the rest; a straight flush, a royal flush or a flush according to ``S`` alone:
  ``4 × C(39, 7 − |S|)`` hands per ``S``, over the 4,719 sets of five to seven ranks;
* **the others**, valued on their ranks alone: per *pattern* of rank counts (a pair and five singletons, two
  pairs and three singletons, ...) the suits can be chosen in ``∏ C(4, count)`` ways, less those that put five
  cards in one suit (counted once per pattern); which ranks carry the pattern decides only whether a straight is
  made, and that depends only on the set of distinct ranks.

No hand is dealt and the evaluator is not called: the whole count takes milliseconds, exactly.
``tests.engine.reference_odds.seven_card_category_counts`` gets the same numbers the slow way (one valued hand
per rank multiset and flush subset); the tests hold the two together.

>>> counts = category_counts()
>>> counts[Category.ROYAL_FLUSH], counts[Category.FULL_HOUSE], sum(counts.values())
(4324, 3473184, 133784560)
>>> category_counts(5)[Category.STRAIGHT_FLUSH]
36
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from math import comb, factorial, prod

from trainer.engine.evaluator import Category

__all__ = ["category_counts", "has_straight"]

RANKS = 13
SUITS = 4
ROYAL_RANKS = frozenset(range(8, 13))  # ten to ace
_STRAIGHTS = (*(frozenset(range(low, low + 5)) for low in range(RANKS - 4)), frozenset({12, 0, 1, 2, 3}))


def has_straight(ranks: frozenset[int]) -> bool:
    """Whether five consecutive ranks are among ``ranks`` (0 = deuce .. 12 = ace; the ace also plays low).

    >>> has_straight(frozenset({12, 0, 1, 2, 3})), has_straight(frozenset({0, 1, 2, 3, 5}))
    (True, False)
    """
    return any(straight <= ranks for straight in _STRAIGHTS)


def _suited_category(ranks: frozenset[int]) -> Category:
    if ranks >= ROYAL_RANKS:
        return Category.ROYAL_FLUSH
    return Category.STRAIGHT_FLUSH if has_straight(ranks) else Category.FLUSH


def _patterns(cards: int, largest: int = SUITS) -> list[tuple[int, ...]]:
    """Every way to write ``cards`` as a sum of rank counts 1..4, largest first: (2, 1, 1, 1, 1, 1) ..."""
    if cards == 0:
        return [()]
    return [(first, *rest) for first in range(min(cards, largest), 0, -1) for rest in _patterns(cards - first, first)]


def _rank_category(pattern: tuple[int, ...]) -> Category:
    """What a pattern of rank counts makes when no flush and no straight is among the cards."""
    if pattern[0] == 4:
        return Category.FOUR_OF_A_KIND
    if pattern[0] == 3:
        return Category.FULL_HOUSE if len(pattern) > 1 and pattern[1] >= 2 else Category.THREE_OF_A_KIND
    pairs = pattern.count(2)
    return Category.TWO_PAIR if pairs >= 2 else Category.ONE_PAIR if pairs == 1 else Category.HIGH_CARD


def _suited_choices(pattern: tuple[int, ...]) -> int:
    """In how many of the ways to give each rank of the pattern its suits some suit holds five cards or more."""
    states: Counter[tuple[int, ...]] = Counter({(0,) * SUITS: 1})
    for count in pattern:
        following: Counter[tuple[int, ...]] = Counter()
        for state, ways in states.items():
            for suits in combinations(range(SUITS), count):
                following[tuple(held + (suit in suits) for suit, held in enumerate(state))] += ways
        states = following
    return sum(ways for state, ways in states.items() if max(state) >= 5)


def _arrangements(pattern: tuple[int, ...]) -> int:
    """In how many ways the counts of a pattern go onto one set of distinct ranks: 5 for (3, 1, 1, 1, 1)."""
    return factorial(len(pattern)) // prod(factorial(times) for times in Counter(pattern).values())


@cache
def _straight_sets(size: int) -> int:
    """How many sets of ``size`` distinct ranks hold a straight."""
    return sum(has_straight(frozenset(ranks)) for ranks in combinations(range(RANKS), size)) if size >= 5 else 0


@cache
def category_counts(cards: int = 7) -> dict[Category, int]:
    """How many hands of ``cards`` cards (5 to 7) out of a 52-card deck make each category, best five of them."""
    if not 5 <= cards <= 7:
        raise ValueError(f"hands of 5 to 7 cards only, not {cards}")
    totals: Counter[Category] = Counter()
    for size in range(5, cards + 1):
        others = comb((SUITS - 1) * RANKS, cards - size)
        for ranks in combinations(range(RANKS), size):
            totals[_suited_category(frozenset(ranks))] += SUITS * others
    for pattern in _patterns(cards):
        distinct = len(pattern)
        unsuited = prod(comb(SUITS, count) for count in pattern) - _suited_choices(pattern)
        placings = _arrangements(pattern)
        straights = _straight_sets(distinct)
        totals[Category.STRAIGHT] += straights * placings * unsuited
        totals[_rank_category(pattern)] += (comb(RANKS, distinct) - straights) * placings * unsuited
    return {category: totals[category] for category in Category}
