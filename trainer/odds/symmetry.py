"""Suit symmetry: boards, flops and two-card holdings that are the same up to renaming the four suits.

A deck here is every card of some ranks (all four suits of each), so renaming suits maps the deck to itself.
Cards are indices ``4 * rank + suit`` (rank 0 is the deuce); a two-card holding is an index into the 1,326 pairs
of the full deck in :func:`itertools.combinations` order.

>>> deck = Deck.of_ranks(range(13))
>>> len(deck.cards), len(SUIT_PERMUTATIONS)
(52, 24)
>>> classes = deck.classes(3)
>>> len(classes.cards), int(classes.sizes.sum())
(1755, 22100)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, permutations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

SUIT_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(permutations(range(4)))
"""The 24 ways to rename the suits; the first is the identity."""

HOLDINGS: tuple[tuple[int, int], ...] = tuple(combinations(range(52), 2))
HOLDING_FIRST = np.array([low for low, _ in HOLDINGS], dtype=np.int64)
HOLDING_SECOND = np.array([high for _, high in HOLDINGS], dtype=np.int64)


def _holding_index() -> IntArray:
    index = np.full((52, 52), -1, dtype=np.int64)
    for number, (low, high) in enumerate(HOLDINGS):
        index[low, high] = index[high, low] = number
    return index


HOLDING_INDEX = _holding_index()
"""``HOLDING_INDEX[a, b]``: the holding of cards ``a`` and ``b``."""

CARD_PERMUTATION = np.array([[4 * (card // 4) + perm[card % 4] for card in range(52)] for perm in SUIT_PERMUTATIONS],
                            dtype=np.int64)
"""``CARD_PERMUTATION[p, card]``: the card after the suits are renamed by permutation ``p``."""

HOLDING_PERMUTATION = HOLDING_INDEX[CARD_PERMUTATION[:, HOLDING_FIRST], CARD_PERMUTATION[:, HOLDING_SECOND]]
"""``HOLDING_PERMUTATION[p, h]``: the holding after the suits are renamed by permutation ``p``."""


def masks(cards: IntArray) -> IntArray:
    """Each row of card indices as one bit mask."""
    result: IntArray = (np.int64(1) << cards).sum(axis=1)
    return result


@dataclass(frozen=True)
class CardClasses:
    """One set of cards (a row of ``cards``) per class of sets that are the same up to the suits, the class's
    size, and its canonical mask (the least mask of the class)."""

    cards: IntArray
    sizes: IntArray
    canonical: IntArray


@dataclass(frozen=True)
class Deck:
    """The cards in play: all four suits of some ranks (the full deck, or a small one for checking by hand)."""

    ranks: tuple[int, ...]

    @classmethod
    def of_ranks(cls, ranks: Iterable[int]) -> Deck:
        chosen = tuple(sorted(set(ranks)))
        if not chosen or chosen[0] < 0 or chosen[-1] > 12:
            raise ValueError(f"ranks are 0 (deuce) to 12 (ace), not {chosen}")
        return cls(chosen)

    @cached_property
    def cards(self) -> IntArray:
        return np.array([4 * rank + suit for rank in self.ranks for suit in range(4)], dtype=np.int64)

    @cached_property
    def holdings(self) -> BoolArray:
        """Which of the 1,326 holdings are made of this deck's cards."""
        in_deck = np.zeros(52, dtype=np.bool_)
        in_deck[self.cards] = True
        return np.asarray(in_deck[HOLDING_FIRST] & in_deck[HOLDING_SECOND])

    def subsets(self, size: int) -> IntArray:
        """Every ``size``-card set of the deck, one row each, in lexicographic order."""
        return np.array(list(combinations(self.cards.tolist(), size)), dtype=np.int64).reshape(-1, size)

    def classes(self, size: int) -> CardClasses:
        """The ``size``-card sets up to the suits: a representative of each class and how many sets it stands for."""
        sets = self.subsets(size)
        canonical = canonical_masks(sets)[0]
        unique, first, counts = np.unique(canonical, return_index=True, return_counts=True)
        return CardClasses(sets[first], counts.astype(np.int64), unique)


def canonical_masks(sets: IntArray, chunk: int = 200_000) -> tuple[IntArray, IntArray]:
    """For each row of cards: the least mask over the 24 renamings of the suits, and a renaming that gives it."""
    best = np.empty(len(sets), dtype=np.int64)
    which = np.empty(len(sets), dtype=np.int64)
    for start in range(0, len(sets), chunk):
        part = sets[start:start + chunk]
        images = np.stack([masks(CARD_PERMUTATION[p][part]) for p in range(len(SUIT_PERMUTATIONS))], axis=1)
        which[start:start + chunk] = images.argmin(axis=1)
        best[start:start + chunk] = images.min(axis=1)
    return best, which


def stabilizer(cards: Iterable[int]) -> list[int]:
    """The renamings of the suits that map this set of cards to itself.

    >>> len(stabilizer([0, 4, 8])), len(stabilizer([0, 5, 10])), len(stabilizer([0, 4, 9]))
    (6, 1, 2)
    """
    target = sorted(cards)
    return [p for p in range(len(SUIT_PERMUTATIONS)) if sorted(CARD_PERMUTATION[p][target].tolist()) == target]
