"""The cards on the layout for the deck-count drill: a :class:`Spread` as a dealer spreads them, drawn as text
(the GUI draws the same record)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from trainer.engine.cards import Card
from trainer.engine.words import suit_name

Arrangement = Literal["line", "rows"]


@dataclass(frozen=True)
class Spread:
    """Cards spread on the layout, as a dealer spreads them: what the GUI draws and the terminal prints.

    ``backs`` is the back colour of every card; ``stuck`` holds the index ``i`` of every card stuck under
    card ``i + 1`` (only a sliver of it shows); ``turned`` the cards lying the other way up from the rest (a
    duplicate turned over to see its back). ``groups`` are the sizes of the groups left to right (``"line"``)
    or row by row (``"rows"``), each with its label when ``labels`` is given.

    >>> from trainer.engine.cards import FULL_DECK
    >>> s = Spread(tuple(FULL_DECK[:3]), False, ("red",) * 3, stuck=frozenset({1}))
    >>> s.count, s.picture()
    (3, '▮▏▮')
    """

    cards: tuple[Card, ...]
    face_up: bool
    backs: tuple[str, ...]
    stuck: frozenset[int] = frozenset()
    groups: tuple[int, ...] = ()
    labels: tuple[str, ...] = ()
    arrangement: Arrangement = "line"
    turned: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if len(self.backs) != len(self.cards):
            raise ValueError(f"a spread of {len(self.cards)} cards needs {len(self.cards)} back colours")
        if self.groups and sum(self.groups) != len(self.cards):
            raise ValueError(f"groups {self.groups} do not add up to the {len(self.cards)} cards")
        if self.labels and len(self.labels) != len(self.group_sizes):
            raise ValueError("a spread needs one label per group, or none")
        if any(not 0 <= i < len(self.cards) - 1 for i in self.stuck):
            raise ValueError("a stuck card lies under the next card of the spread")
        if any(not 0 <= i < len(self.cards) for i in self.turned):
            raise ValueError("a turned card must be in the spread")

    @property
    def count(self) -> int:
        """How many cards the spread holds (a stuck card counts: it is there)."""
        return len(self.cards)

    @property
    def group_sizes(self) -> tuple[int, ...]:
        return self.groups or (len(self.cards),)

    def grouped(self) -> list[tuple[str, range]]:
        """Each group's label (``""`` without labels) and the indexes of its cards."""
        result, start = [], 0
        for number, size in enumerate(self.group_sizes):
            result.append((self.labels[number] if self.labels else "", range(start, start + size)))
            start += size
        return result

    def shows_face(self, index: int) -> bool:
        """True when card ``index`` lies face up."""
        return self.face_up != (index in self.turned)

    def picture(self, main_back: str | None = None) -> str:
        """The spread as text: faces as ``Qh``; backs as ``▮`` (``▯`` for another back than ``main_back``);
        a card stuck under the next one as the sliver ``▏``. Groups are separated by spaces, rows by lines."""
        main_back = main_back or (self.backs[0] if self.backs else "")
        parts = []
        for label, indexes in self.grouped():
            text = self._group_picture(indexes, main_back)
            parts.append(f"{suit_name(label)}: {text}" if label else text)  # a suit's label in the language
        return ("\n" if self.arrangement == "rows" else "  ").join(parts)

    def _group_picture(self, indexes: range, main_back: str) -> str:
        if self.face_up and not self.turned:
            return " ".join(str(self.cards[i]) for i in indexes)
        marks = []
        for i in indexes:
            if self.shows_face(i):
                marks.append(f" {self.cards[i]} ")
            elif i in self.stuck:
                marks.append("▏")
            else:
                marks.append("▮" if self.backs[i] == main_back else "▯")
        return "".join(marks)


def face_down(cards: Sequence[Card], colour: str, **options: Any) -> Spread:
    """A face-down spread of ``cards`` all with ``colour`` backs."""
    return Spread(tuple(cards), False, (colour,) * len(cards), **options)
