"""Reading the trainee's answers in the deck-count drill: yes/no, a count, cards or none, a deck colour, a hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trainer.engine.cards import Card, CardError, parse_card
from trainer.engine.dealing import HOLE_CARDS
from trainer.engine.words import colour_name
from trainer.i18n import plain

NONE_WORDS = frozenset({"-", "none", "no", "0", "nothing"})


def parse_yes_no(text: str) -> bool | None:
    """``y``/``yes`` (``s``/``sí``) → True, ``n``/``no`` → False, anything else None (unreadable)."""
    word = text.strip().lower()
    return True if word in ("y", "yes", "s", "si", "sí") else False if word in ("n", "no") else None


def parse_count(text: str) -> int | None:
    """A number of cards 0..999."""
    word = text.strip()
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 3 else None


FLOOR_WORDS = frozenset({"floor", "supervisor", "piso", "supervisor de piso"})
"""Calling the floor supervisor, in English or in the glossary's Spanish."""


@dataclass(frozen=True)
class CountAnswer:
    """A count of cards, or the floor called (with the count, when given)."""

    count: int | None
    floor: bool = False


def parse_count_or_floor(text: str) -> CountAnswer | None:
    """``34`` a count; ``floor`` (``piso``) the floor called, the count beside it optional (``34 floor``).

    >>> parse_count_or_floor("35"), parse_count_or_floor("34 floor"), parse_count_or_floor("floor")
    (CountAnswer(count=35, floor=False), CountAnswer(count=34, floor=True), CountAnswer(count=None, floor=True))
    """
    words = plain(text.strip()).replace(",", " ").split()
    floor = any(word in FLOOR_WORDS for word in words) or plain(text.strip()) in FLOOR_WORDS
    rest = [word for word in words if word not in FLOOR_WORDS and word not in ("call", "the", "de", "llamar", "al")]
    if len(rest) > 1:
        return None
    count = parse_count(rest[0]) if rest else None
    if rest and count is None:
        return None
    return CountAnswer(count, floor) if floor or count is not None else None


def parse_cards_or_none(text: str) -> tuple[Card, ...] | None:
    """``Qh`` or ``Qh 10s`` → the cards; ``-`` or ``none`` → no card; None when unreadable."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and words[0].lower() in NONE_WORDS:
        return ()
    try:
        return tuple(parse_card(word) for word in words) or None
    except CardError:
        return None


def colour_parser(colours: Sequence[str]) -> Callable[[str], str | None]:
    """Read one of ``colours`` from its name or its first letters (``r`` for red), in English or in the language
    shown (``a`` or ``azul`` for blue in Spanish)."""

    def parse(text: str) -> str | None:
        word = plain(text.strip())
        found = [colour for colour in colours if word and colour.startswith(word)]
        if len(found) != 1:  # the colour's name in the language shown ("rojo"), or its first letters
            found = [colour for colour in colours if word and plain(colour_name(colour)).startswith(word)]
        return found[0] if len(found) == 1 else None

    return parse


@dataclass(frozen=True)
class HandAnswer:
    """The trainee's word on a folded hand: two cards, or flagged (with the count, when given)."""

    two_cards: bool
    count: int | None = None


def parse_hand_answer(text: str) -> HandAnswer | None:
    """``Y`` (or ``2``) two cards; ``N`` flag it; a digit: flag it with that count."""
    word = text.strip().lower()
    yes = parse_yes_no(word)
    if yes is not None:
        return HandAnswer(yes)
    count = parse_count(word)
    if count is None:
        return None
    return HandAnswer(count == HOLE_CARDS, count)
