"""Cards chosen on purpose for the scenario generator.

A :class:`Shoe` holds the cards not yet placed in a scenario and draws from a seeded random source.
Hands are built the way an instructor sets up a table: first the few community cards that make the wanted
hand possible (:func:`partial_board`), then random community cards, then hole cards picked at random from
*every* pair of the remaining cards that gives the wanted hand (:meth:`Shoe.pick_hole`: about a thousand
evaluations, a couple of milliseconds). Nothing is dealt at random in the hope that it matches.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from trainer.engine.cards import FULL_DECK, SUIT_CHARS, Card
from trainer.engine.evaluator import Category, HandValue, evaluate

Hole = tuple[Card, Card]
HoleTest = Callable[[Hole, HandValue], bool]

ROYAL_RANKS = (10, 11, 12, 13, 14)


class ScenarioError(RuntimeError):
    """The cards asked for cannot be put together (a bug in a situation's construction)."""


def straight_ranks(top: int) -> list[int]:
    """The five ranks of the straight to ``top`` (5 = the wheel, ace low).

    >>> straight_ranks(5), straight_ranks(14)
    ([14, 2, 3, 4, 5], [10, 11, 12, 13, 14])
    """
    return [14 if rank == 1 else rank for rank in range(top - 4, top + 1)]


class Shoe:
    """The cards still free in a scenario being built."""

    def __init__(self, rng: random.Random, used: Iterable[Card] = ()) -> None:
        self.rng = rng
        taken = set(used)
        self.left: list[Card] = [card for card in FULL_DECK if card not in taken]

    def has(self, *cards: Card) -> bool:
        return len(set(cards)) == len(cards) and all(card in self.left for card in cards)

    def take(self, *cards: Card) -> tuple[Card, ...]:
        """Remove ``cards`` (they must all be free)."""
        if not self.has(*cards):
            raise ScenarioError(f"cards {' '.join(map(str, cards))} are not all free")
        for card in cards:
            self.left.remove(card)
        return cards

    def draw(self, count: int = 1, where: Callable[[Card], bool] | None = None) -> tuple[Card, ...]:
        """``count`` random free cards (that pass ``where``)."""
        pool = [card for card in self.left if where is None or where(card)]
        if len(pool) < count:
            raise ScenarioError(f"only {len(pool)} free cards fit, {count} needed")
        return self.take(*self.rng.sample(pool, count))

    def holes(self, board: Sequence[Card], test: HoleTest) -> list[Hole]:
        """Every pair of free cards that passes ``test`` with ``board``."""
        cards = tuple(board)
        out: list[Hole] = []
        for first, second in combinations(self.left, 2):
            hole = (first, second)
            if test(hole, evaluate((first, second, *cards))):
                out.append(hole)
        return out

    def pick_hole(self, board: Sequence[Card], test: HoleTest) -> Hole | None:
        """A random pair among all the free pairs that pass ``test`` (taken from the shoe), or None."""
        found = self.holes(board, test)
        if not found:
            return None
        first, second = self.rng.choice(found)
        self.take(first, second)
        return (first, second) if self.rng.random() < 0.5 else (second, first)


def partial_board(shoe: Shoe, category: Category) -> list[Card]:
    """A few community cards (taken from ``shoe``) with which two hole cards can make ``category``.

    Up to three of a kind any board will do (none are needed); the others need three cards of a straight,
    a flush, a straight flush or a royal flush, or a pair for a full house or four of a kind.
    """
    rng = shoe.rng
    for _ in range(50):
        suit = rng.choice(SUIT_CHARS)
        if category <= Category.THREE_OF_A_KIND:
            return []
        if category is Category.STRAIGHT:
            ranks = rng.sample(straight_ranks(rng.randint(5, 14)), 3)
            suits = rng.sample(SUIT_CHARS, 3)
            cards = [Card.of(rank, s) for rank, s in zip(ranks, suits, strict=True)]
        elif category is Category.FLUSH:
            cards = [Card.of(rank, suit) for rank in rng.sample(range(2, 15), 3)]
        elif category in (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND):
            rank = rng.randint(2, 14)
            cards = [Card.of(rank, s) for s in rng.sample(SUIT_CHARS, 2)]
        elif category is Category.STRAIGHT_FLUSH:
            cards = [Card.of(rank, suit) for rank in rng.sample(straight_ranks(rng.randint(5, 13)), 3)]
        else:
            cards = [Card.of(rank, suit) for rank in rng.sample(ROYAL_RANKS, 3)]
        if shoe.has(*cards):
            shoe.take(*cards)
            return cards
    raise ScenarioError(f"no free cards for a {category.label}")


def fill_board(shoe: Shoe, fixed: Sequence[Card], positions: Sequence[int] | None = None) -> list[Card]:
    """Five community cards: ``fixed`` at ``positions`` (random places when None), the rest random from ``shoe``."""
    if len(fixed) > 5:
        raise ScenarioError(f"{len(fixed)} community cards asked for, a board has 5")
    slots = list(positions) if positions is not None else shoe.rng.sample(range(5), len(fixed))
    board: list[Card | None] = [None] * 5
    for slot, card in zip(slots, fixed, strict=True):
        board[slot] = card
    rest = iter(shoe.draw(board.count(None)))
    return [card if card is not None else next(rest) for card in board]


def exactly(category: Category) -> HoleTest:
    """A hole test: the seven cards make exactly ``category``."""
    return lambda _hole, hand: hand.category is category


def board_for(shoe: Shoe, categories: Sequence[Category]) -> list[Card]:
    """A board on which hole cards can make each of ``categories`` (their partial boards together, when they
    fit in five cards; otherwise the highest one's), the rest random."""
    rng = shoe.rng
    wanted = sorted(set(categories), reverse=True)
    saved = list(shoe.left)
    fixed: list[Card] = []
    for category in wanted:
        extra = partial_board(shoe, category)
        if len(fixed) + len(extra) > 5 or (fixed and rng.random() < 0.25):
            shoe.left.extend(extra)
            shoe.left.sort()
            continue
        fixed += extra
    if not fixed and wanted and wanted[0] > Category.THREE_OF_A_KIND:
        shoe.left = saved
        fixed = partial_board(shoe, wanted[0])
    return fill_board(shoe, fixed)

