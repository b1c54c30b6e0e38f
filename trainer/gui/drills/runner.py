"""One set of a drill's items, as every drill form runs it (no Qt): the items in turn, each one's result
recorded in the score book, the set recorded once at its end.

The payout keypad, the question form and the deck-count widget show items differently; the set around them is
this one thing.

>>> from trainer.scoring import ItemResult
>>> book = ScoreBook()
>>> drill_set = DrillSet(book, "demo", Mode.PRACTICE, ["first", "second"], seed=7)
>>> drill_set.next_item(), drill_set.number, drill_set.last
('first', 1, False)
>>> drill_set.record(ItemResult("demo", "first", steps=2, correct=2))
>>> drill_set.next_item(), drill_set.last, drill_set.next_item(), drill_set.over
('second', True, None, True)
>>> len(book.items()), len(book.sets()), drill_set.result.summary()
(1, 1, 'Score 100.0 % (2 of 2 steps)')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sized
from typing import Generic, TypeVar

from trainer.scoring import ItemResult, Mode, ScoreBook, SetResult

ItemT = TypeVar("ItemT")

SEED_RANGE = 1_000_000
"""A set without a seed is given one below this (shown, so the set can be replayed)."""


def new_seed(seed: int | None = None) -> int:
    """``seed``, or a fresh one for a new set of new items.

    >>> new_seed(42), 0 <= new_seed() < SEED_RANGE
    (42, True)
    """
    return seed if seed is not None else random.SystemRandom().randrange(SEED_RANGE)


class DrillSet(Generic[ItemT]):
    """A set of ``items`` of the drill ``name`` in ``mode``: ``size`` items (by default as many as ``items``
    has, when it says), numbered from 1; its :attr:`result` grows with each item recorded."""

    def __init__(self, book: ScoreBook, name: str, mode: Mode, items: Iterable[ItemT], *,
                 seed: int, size: int | None = None) -> None:
        if size is None:
            if not isinstance(items, Sized):
                raise ValueError("a set of items without a length needs its size")
            size = len(items)
        self.book = book
        self.mode = mode
        self.seed = seed
        self.size = size
        self.result = SetResult(name, mode)
        self.number = 0
        self.item: ItemT | None = None
        self.over = False
        self._items = iter(items)

    @property
    def last(self) -> bool:
        """The current item is the last of the set."""
        return self.number >= self.size

    def next_item(self) -> ItemT | None:
        """The next item; None once the set is over (the set is then recorded in the book, once)."""
        if self.over:
            return None
        item = next(self._items, None)
        if item is None:
            self.item = None
            self.over = True
            self.book.record_set(self.result, complete=True, planned=self.size)
            return None
        self.number += 1
        self.item = item
        return item

    @property
    def part_way(self) -> bool:
        """Some items are done and some are still to come: leaving now loses the rest of it (once the last item
        is answered nothing is lost, and closing asks nothing).

        >>> from trainer.scoring import ItemResult
        >>> drill_set = DrillSet(ScoreBook(), "demo", Mode.PRACTICE, ["first", "second"], seed=7)
        >>> _ = drill_set.next_item(); drill_set.part_way
        False
        >>> drill_set.record(ItemResult("demo", "first", steps=1, correct=1)); drill_set.part_way
        True
        >>> _ = drill_set.next_item(); drill_set.record(ItemResult("demo", "second", steps=1, correct=1))
        >>> drill_set.part_way
        False
        """
        return not self.over and 0 < len(self.result.items) < self.size

    def cut_short(self) -> None:
        """The set is left before its end: an exam set with items done is recorded now, cut short (it is kept as
        an attempt, not passed); any other set left part-way is no finished set and is not recorded.

        >>> book = ScoreBook()
        >>> drill_set = DrillSet(book, "demo", Mode.EXAM, ["first", "second"], seed=7)
        >>> _ = drill_set.next_item(); drill_set.record(ItemResult("demo", "first", steps=1, correct=1))
        >>> drill_set.cut_short(); drill_set.cut_short()
        >>> len(book.sets()), drill_set.over
        (1, True)
        """
        if self.over or not self.result.items:
            return
        self.over = True
        if self.mode is Mode.EXAM:
            self.book.record_set(self.result, complete=False, planned=self.size)

    def advance(self, show: Callable[[ItemT], object], over: Callable[[], object]) -> None:
        """On to the next item: ``show`` it, or, at the end of the set, call ``over``."""
        item = self.next_item()
        if item is None:
            over()
        else:
            show(item)

    def record(self, outcome: ItemResult) -> None:
        """An item is done: its result counts in the set and goes to the book."""
        self.result.items.append(outcome)
        self.book.record(outcome)


class RunsASet(Generic[ItemT]):
    """For a form that runs a :class:`DrillSet` as :attr:`drill_set`: the set's current item, number, result
    and seed, read as the form's own."""

    drill_set: DrillSet[ItemT]

    @property
    def item(self) -> ItemT | None:
        """The item on screen (None once the set is over)."""
        return self.drill_set.item

    @property
    def number(self) -> int:
        return self.drill_set.number

    @property
    def result(self) -> SetResult:
        return self.drill_set.result

    @property
    def seed(self) -> int:
        """The seed of the set (the same seed deals the same items again)."""
        return self.drill_set.seed

    @property
    def part_way(self) -> bool:
        """The set is part-way through (closing asks first)."""
        return self.drill_set.part_way
