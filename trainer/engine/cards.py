"""Playing cards: parsing, printing and the 52-card deck.

A :class:`Card` is a small ``int`` (0..51) so that the evaluator can index its tables with it directly;
it prints and parses in the usual two-character notation.

>>> parse_cards("As Kd 10h 9♣")
(Card('As'), Card('Kd'), Card('Th'), Card('9c'))
>>> str(Card.parse("qs"))
'Qs'
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.i18n.translation import _

RANK_CHARS = "23456789TJQKA"
"""Rank characters from deuce (index 0) to ace (index 12)."""
SUIT_CHARS = "cdhs"
"""Suit characters: clubs, diamonds, hearts, spades."""
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = {
    2: "deuce", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}


class CardError(ValueError):
    """A card, or a set of cards, that cannot be read or cannot occur together."""


class Card(int):
    """One card, stored as ``rank_index * 4 + suit_index``.

    ``rank`` runs 2..14 (ace high), ``suit`` is one of ``c d h s``.

    >>> c = Card.parse("Th")
    >>> c.rank, c.suit, str(c)
    (10, 'h', 'Th')
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if not 0 <= value < 52:
            raise CardError(f"card index {value} is not 0..51")
        return _DECK[value] if _DECK else int.__new__(cls, value)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card such as ``As``, ``10h``, ``td`` or ``K♠``."""
        return parse_card(text)

    @classmethod
    def of(cls, rank: int, suit: str) -> Card:
        """The card of ``rank`` (2..14) and ``suit`` (``c d h s``)."""
        return _DECK[(rank - 2) * 4 + SUIT_CHARS.index(suit)]

    @property
    def rank(self) -> int:
        """2..14, ace high."""
        return int(self) // 4 + 2

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[int(self) // 4]

    @property
    def suit(self) -> str:
        return SUIT_CHARS[int(self) % 4]

    @property
    def suit_index(self) -> int:
        return int(self) % 4

    @property
    def is_red(self) -> bool:
        return self.suit in "dh"

    def name(self) -> str:
        """The card in words, as a dealer says it: ``ace of spades``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return RANK_CHARS[int(self) // 4] + SUIT_CHARS[int(self) % 4]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_DECK: tuple[Card, ...] = ()
_DECK = tuple(Card(i) for i in range(52))
FULL_DECK: tuple[Card, ...] = _DECK
"""The 52 cards in order 2c 2d 2h 2s 3c ... As."""

_BY_TEXT: dict[str, Card] = {}
for _card in _DECK:
    for _rank in (_card.rank_char, _card.rank_char.lower()):
        for _suit in (_card.suit, _card.suit.upper()):
            _BY_TEXT[_rank + _suit] = _card
    if _card.rank == 10:
        _BY_TEXT["10" + _card.suit] = _card
        _BY_TEXT["10" + _card.suit.upper()] = _card


def parse_card(text: str | Card) -> Card:
    """Read one card; raise :class:`CardError` naming the text when it is not a card."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(_("{text!r} is not a card (expected text such as 'As' or '10h')").format(text=text))
    raw = text.strip()
    if raw and raw[-1] in SUIT_SYMBOLS:
        raw = raw[:-1] + SUIT_SYMBOLS[raw[-1]]
    card = _BY_TEXT.get(raw)
    if card is None:
        raise CardError(_("'{text}' is not a card (expected a rank 2-9, T/10, J, Q, K, A and a suit c, d, h, s)")
                        .format(text=text))
    return card


def parse_cards(cards: str | Iterable[str | Card], *, unique: bool = True) -> tuple[Card, ...]:
    """Read several cards from ``"As Kd Th"`` (spaces or commas) or from a sequence of texts or cards.

    Duplicates are an error unless ``unique`` is false.

    >>> parse_cards(["Ah", "Ah"])
    Traceback (most recent call last):
    ...
    trainer.engine.cards.CardError: duplicate card Ah
    """
    if isinstance(cards, str):
        items: Iterable[str | Card] = cards.replace(",", " ").split()
    else:
        items = cards
    result = tuple(parse_card(item) for item in items)
    if unique:
        check_unique(result)
    return result


def check_unique(cards: Iterable[Card]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(_("duplicate card {card}").format(card=card))
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    """``As Kd Th``."""
    return " ".join(str(card) for card in cards)
