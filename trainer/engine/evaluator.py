"""Poker hand values: the best five of five, six or seven cards, as a dealer reads them.

Every five-card poker hand falls into one of 7,462 classes. :func:`evaluate` names the class of the best
five cards as a :class:`HandValue`: its ``strength`` runs from 1 (seven-five-four-three-deuce of mixed suits)
to 7,462 (a royal flush), the higher hand wins and equal strengths tie, because suits never break ties.

>>> dealer = evaluate("Kh 7d 2c 9d Ts Jh 3s")
>>> dealer.name, format_cards(dealer.cards)
('high card', 'Kh Jh Ts 9d 7d')
>>> player = evaluate(["Ah", "Kh", "Qd", "Jh", "Ts", "2c", "2d"])
>>> player.describe(), format_cards(player.cards), player > dealer
('ace-high straight', 'Ah Kh Qd Jh Ts', True)
>>> evaluate("5h 4d 3c 2s Ac") < evaluate("6h 5d 4c 3s 2c")
True

How it is fast: a :class:`~trainer.engine.cards.Card` is an ``int``, so each card has a precomputed key
that packs three counters side by side in one integer, and the key of a hand is the sum of its cards' keys:

* bits 0..51 hold one bit per card, suit by suit (``13 * suit + rank``): a sum with fewer bits than cards
  means a card was given twice, and thirteen of these bits read off the ranks held in one suit;
* bits 52..67 count the cards of each suit, four bits apiece, each counter starting at 3: a counter's top
  bit is set exactly when its suit holds five cards or more, so one ``&`` tells a flush;
* bits 68 and up hold the rank key, the counts of each rank in base 5 in two fields: the deuce to the eight
  (``5 ** rank``) in the low 17 bits, the nine to the ace above; the key is shared by exactly the hands with
  the same ranks.

Without a flush the rank key's two fields find its strength in a flat table of every rank multiset of up to
seven cards (:class:`_RankIndex`: two small arrays give the place, no dictionary, no loop over the cards'
combinations); with a flush the suit's thirteen rank bits index a table of the best flush or straight flush
among them. The tables are computed beforehand from the list of the 7,462 classes (:func:`build_tables`) and
read at import from ``data/evaluator-tables.bin`` as arrays; a test checks the file against a fresh computation.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from enum import IntEnum
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Final

from trainer.engine.cards import (
    FULL_DECK,
    Card,
    CardError,
    check_unique,
    format_cards,
    parse_card,
)
from trainer.engine.words import hand_name, rank_high, rank_name, rank_plural
from trainer.i18n.translation import _ as gettext  # not `_`: this module names loop variables `_`
from trainer.resources import engine_data_dir

__all__ = ["Category", "HandValue", "category_of_strength", "evaluate"]


class Category(IntEnum):
    """The kinds of poker hand, weakest first; a royal flush is the top straight flush, named on its own."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """The category in words: ``three of a kind``."""
        return _LABELS[self]


_LABELS: Final = (
    "high card", "one pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush", "royal flush",
)
_SUITED: Final = frozenset({Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH})

HAND_CLASSES: Final = 7462
"""How many different five-card poker hands there are once suits are ignored; the top ``strength``."""

_Ranks = tuple[int, ...]
"""Rank indexes (0 = deuce .. 12 = ace) of a five-card hand in the order a dealer announces them."""


# -- The 7,462 classes ---------------------------------------------------------------------------------------


def _descending_subsets(ranks: Iterable[int], size: int) -> list[_Ranks]:
    """Every ``size``-subset of ``ranks``, each high to low, weakest first (in lexicographic order)."""
    return sorted(tuple(sorted(subset, reverse=True)) for subset in combinations(ranks, size))


def _others(*ranks: int) -> list[int]:
    return [rank for rank in range(13) if rank not in ranks]


def _hand_classes() -> list[tuple[Category, _Ranks]]:
    """Every five-card class, weakest first, as its category and its ranks in announcement order."""
    straights: list[_Ranks] = [(3, 2, 1, 0, 12)] + [tuple(range(top, top - 5, -1)) for top in range(4, 13)]
    straight_sets = {frozenset(straight) for straight in straights}
    unpaired = [ranks for ranks in _descending_subsets(range(13), 5) if frozenset(ranks) not in straight_sets]
    c = Category
    return [
        *((c.HIGH_CARD, ranks) for ranks in unpaired),
        *((c.ONE_PAIR, (p, p, *kick)) for p in range(13) for kick in _descending_subsets(_others(p), 3)),
        *((c.TWO_PAIR, (hi, hi, lo, lo, k)) for hi in range(13) for lo in range(hi) for k in _others(hi, lo)),
        *((c.THREE_OF_A_KIND, (t, t, t, *k)) for t in range(13) for k in _descending_subsets(_others(t), 2)),
        *((c.STRAIGHT, ranks) for ranks in straights),
        *((c.FLUSH, ranks) for ranks in unpaired),
        *((c.FULL_HOUSE, (t, t, t, p, p)) for t in range(13) for p in _others(t)),
        *((c.FOUR_OF_A_KIND, (q, q, q, q, k)) for q in range(13) for k in _others(q)),
        *((c.STRAIGHT_FLUSH, ranks) for ranks in straights[:-1]),
        (c.ROYAL_FLUSH, straights[-1]),
    ]


# -- Lookup tables -------------------------------------------------------------------------------------------

_LOW_RANKS: Final = 7  # deuce .. eight: their counts are the rank key's low field, nine .. ace its high field
_LOW_FIELD_BITS: Final = 17  # 5 ** 7 = 78,125 low keys fit in 17 bits
_LOW_KEYS: Final = 5**_LOW_RANKS
_HIGH_KEYS: Final = 5 ** (13 - _LOW_RANKS)
_LOW_MASK: Final = (1 << _LOW_FIELD_BITS) - 1
_RANK_WEIGHT: Final[tuple[int, ...]] = tuple(
    5**rank if rank < _LOW_RANKS else 5 ** (rank - _LOW_RANKS) << _LOW_FIELD_BITS for rank in range(13)
)
"""Each rank's share of a rank key: a hand's counts per rank, in base 5, split in two bit fields."""
_MOST_CARDS: Final = 7
_CARD_BITS: Final = (1 << 52) - 1
_SUIT_COUNT_SHIFT: Final = 52
_SUIT_COUNT_START: Final = 0x3333 << _SUIT_COUNT_SHIFT  # each suit's counter starts at 3 ...
_FLUSH_BITS: Final = 0x8888 << _SUIT_COUNT_SHIFT  # ... so its top bit is set from five cards of the suit
_RANK_SUM_SHIFT: Final = 68
_TABLES_FILE: Final = "evaluator-tables.bin"
_TABLES_MAGIC: Final = b"UTH-EVAL-2\n"


def _card_key(card: Card) -> int:
    rank, suit = divmod(int(card), 4)
    rank_sum = _RANK_WEIGHT[rank] << _RANK_SUM_SHIFT
    return rank_sum | (1 << (_SUIT_COUNT_SHIFT + 4 * suit)) | (1 << (13 * suit + rank))


def _rank_counts(ranks: int, size: int) -> list[tuple[int, ...]]:
    """Every way to hold at most four of each of ``ranks`` ranks, ``size`` cards in all, as counts per rank."""
    if ranks == 0:
        return [()] if size == 0 else []
    return [(count, *rest) for count in range(min(4, size) + 1) for rest in _rank_counts(ranks - 1, size - count)]


def _field_value(counts: Sequence[int]) -> int:
    return sum(count * 5**rank for rank, count in enumerate(counts))


class _RankIndex:
    """Where a rank key's strength sits in the strength table: ``base[high field] + offset[low field]``.

    The low field's multisets (deuce .. eight) are numbered by size, then in a fixed order within a size, so the
    ``offset`` of a low field is its number; a high field (nine .. ace) of ``n`` cards owns a block of the table
    as long as the number of low multisets of at most ``7 - n`` cards, starting at its ``base``. Both lists are
    indexed by the field's value; values that no hand of at most seven cards makes point nowhere (0).
    """

    def __init__(self) -> None:
        self.offset = [0] * _LOW_KEYS
        self.low_sizes: list[int] = []  # low multisets of at most 0, 1, .. 7 cards
        number = 0
        for size in range(_MOST_CARDS + 1):
            for counts in _rank_counts(_LOW_RANKS, size):
                self.offset[_field_value(counts)] = number
                number += 1
            self.low_sizes.append(number)
        self.base = [0] * _HIGH_KEYS
        self.length = 0
        for size in range(_MOST_CARDS + 1):
            for counts in _rank_counts(13 - _LOW_RANKS, size):
                self.base[_field_value(counts)] = self.length
                self.length += self.low_sizes[_MOST_CARDS - size]


def _rank_strengths(classes: Sequence[tuple[Category, _Ranks]]) -> dict[int, int]:
    """Rank key -> strength of the best unsuited five, for every multiset of five, six or seven ranks."""
    layer = {
        sum(_RANK_WEIGHT[rank] for rank in ranks): strength
        for strength, (category, ranks) in enumerate(classes, 1)
        if category not in _SUITED
    }
    table = dict(layer)
    for _ in range(2):  # a six-rank multiset is as good as its best five, a seven as its best six
        bigger: dict[int, int] = {}
        for key, strength in layer.items():
            for rank, weight in enumerate(_RANK_WEIGHT):
                if _count_of(key, rank) < 4 and bigger.get(key + weight, 0) < strength:
                    bigger[key + weight] = strength
        table.update(bigger)
        layer = bigger
    return table


def _count_of(key: int, rank: int) -> int:
    """How many cards of ``rank`` a rank key counts."""
    field = key & _LOW_MASK if rank < _LOW_RANKS else key >> _LOW_FIELD_BITS
    weight = _RANK_WEIGHT[rank] if rank < _LOW_RANKS else _RANK_WEIGHT[rank] >> _LOW_FIELD_BITS
    return field // weight % 5


def _flush_strengths(classes: Sequence[tuple[Category, _Ranks]]) -> list[int]:
    """Thirteen rank bits of one suit (five to seven of them set) -> strength of the best flush in them."""
    table = [0] * (1 << 13)
    for strength, (category, ranks) in enumerate(classes, 1):
        if category in _SUITED:
            table[sum(1 << rank for rank in ranks)] = strength
    for size in (6, 7):
        for ranks in combinations(range(13), size):
            bits = sum(1 << rank for rank in ranks)
            table[bits] = max(table[bits & ~(1 << rank)] for rank in ranks)
    return table


def build_tables() -> bytes:
    """The lookup tables computed from the 7,462 classes, as the bytes of ``data/evaluator-tables.bin``.

    The file is a header line, then four tables, each its length (4 bytes) and its entries: the rank index's
    ``base`` (4 bytes each) and ``offset`` (2 bytes each), the strengths of the rank keys in the order of the
    index (2 bytes each, 0 where fewer than five cards), and the 8,192 flush strengths (2 bytes each);
    little-endian. ``python -c "from trainer.engine.evaluator import write_tables; write_tables()"`` writes it
    again.
    """
    classes = _hand_classes()
    index = _RankIndex()
    strengths = array("H", bytes(2 * index.length))
    for key, strength in _rank_strengths(classes).items():
        strengths[index.base[key >> _LOW_FIELD_BITS] + index.offset[key & _LOW_MASK]] = strength
    parts = (array("I", index.base), array("H", index.offset), strengths, array("H", _flush_strengths(classes)))
    chunks = [_TABLES_MAGIC]
    for part in parts:
        if sys.byteorder != "little":
            part.byteswap()
        chunks += [len(part).to_bytes(4, "little"), part.tobytes()]
    return b"".join(chunks)


def write_tables() -> Path:
    """Write :func:`build_tables` to the engine's data folder; the path written."""
    path = engine_data_dir() / _TABLES_FILE
    path.write_bytes(build_tables())
    return path


def _load_tables() -> tuple[array[int], array[int], array[int], array[int]]:
    """The rank index (base, offset), the rank-key strengths and the flush strengths (see :func:`build_tables`)."""
    data = (engine_data_dir() / _TABLES_FILE).read_bytes()
    if not data.startswith(_TABLES_MAGIC):
        raise RuntimeError(f"{_TABLES_FILE} is not the evaluator's tables; reinstall the trainer")
    parts = (array("I"), array("H"), array("H"), array("H"))
    start = len(_TABLES_MAGIC)
    for part in parts:
        count = int.from_bytes(data[start:start + 4], "little")
        start += 4
        part.frombytes(data[start:start + part.itemsize * count])
        start += part.itemsize * count
        if len(part) != count:
            raise RuntimeError(f"{_TABLES_FILE} is cut short; reinstall the trainer")
        if sys.byteorder != "little":
            part.byteswap()
    if start != len(data) or len(parts[0]) != _HIGH_KEYS or len(parts[1]) != _LOW_KEYS or len(parts[3]) != 1 << 13:
        raise RuntimeError(f"{_TABLES_FILE} does not have the tables' sizes; reinstall the trainer")
    return parts


def rank_strength(rank_key: int) -> int:
    """The strength, on ranks alone, of the cards whose rank weights (:data:`_RANK_WEIGHT`) sum to ``rank_key``;
    0 for fewer than five cards or a sum no hand of at most seven cards makes (five of a rank)."""
    low, high = rank_key & _LOW_MASK, rank_key >> _LOW_FIELD_BITS
    if low >= _LOW_KEYS or high >= _HIGH_KEYS:
        return 0
    return _RANK_STRENGTH[_RANK_BASE[high] + _RANK_OFFSET[low]]


def _spellings(card: Card) -> set[str | Card]:
    """The card and the usual ways to write it, read without a call to the parser (others still parse)."""
    text = str(card)
    rank, suit = text[0], text[1]
    ranks = {rank, rank.lower(), "10"} if rank == "T" else {rank, rank.lower()}
    return {card} | {r + s for r in ranks for s in (suit, suit.upper())}


CLASSES_BY_CATEGORY: Final = (1277, 2860, 858, 858, 10, 1277, 156, 156, 9, 1)
"""How many of the 7,462 classes each category has, high card first (:func:`_hand_classes` makes them)."""
_CATEGORY_OF: Final[tuple[Category, ...]] = (Category.HIGH_CARD, *(
    category for category, count in zip(Category, CLASSES_BY_CATEGORY, strict=True) for _ in range(count)))


@cache
def _ranks_by_strength() -> tuple[_Ranks, ...]:
    """Every class's ranks in announcement order, by strength (made when a hand is first described: the window
    starts without it)."""
    return ((), *(ranks for _, ranks in _hand_classes()))


_RANK_BASE, _RANK_OFFSET, _RANK_STRENGTH, _FLUSH_STRENGTH = _load_tables()
_KEY_OF: Final[dict[str | Card, int]] = {
    spelling: _card_key(card) for card in FULL_DECK for spelling in _spellings(card)
}
_KEY_BY_INDEX: Final[list[int]] = [_card_key(card) for card in FULL_DECK] + [0] * len(FULL_DECK)
"""The keys by card index; a number off the deck (52 and up, or negative back to -104) has key 0, so it is not
counted as a card and the hand is read the careful way."""
_new_value: Final = object.__new__
_CARD_OF_BIT: Final[dict[int, Card]] = {_card_key(card) & _CARD_BITS: card for card in FULL_DECK}
_CARD_OF: Final[dict[str | Card, Card]] = {
    spelling: card for card in FULL_DECK for spelling in _spellings(card)
}


# -- Hand values ---------------------------------------------------------------------------------------------


def category_of_strength(strength: int) -> Category:
    """The category of a hand strength (1..7462).

    >>> category_of_strength(7462).label, category_of_strength(1).label
    ('royal flush', 'high card')
    """
    if not 1 <= strength <= HAND_CLASSES:
        raise ValueError(f"hand strength {strength} is not 1..{HAND_CLASSES}")
    return _CATEGORY_OF[strength]


class HandValue:
    """What a hand is worth: compares by ``strength`` (higher wins, equal ties), made by :func:`evaluate`."""

    __slots__ = ("_best", "_key", "_strength")
    _best: tuple[Card, ...]

    def __init__(self, strength: int, key: int) -> None:
        self._strength = strength
        self._key = key  # the hand's key (see the module's notes): its cards are the low 52 bits

    @property
    def strength(self) -> int:
        """1..7462, one number per five-card class; 7462 is a royal flush."""
        return self._strength

    @property
    def category(self) -> Category:
        return _CATEGORY_OF[self._strength]

    @property
    def name(self) -> str:
        """The category in words: ``full house``."""
        return _LABELS[_CATEGORY_OF[self._strength]]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The best five cards as a dealer announces them: groups by size then rank, wheel as 5-4-3-2-A."""
        try:
            return self._best
        except AttributeError:
            self._best = _best_five(self._strength, self._key)
            return self._best

    def describe(self) -> str:
        """The hand in dealer English.

        >>> evaluate("As Ad 7c 7h Ah").describe(), evaluate("Ks Kd 7c 4h 2h").describe()
        ('aces full of sevens', 'pair of kings')
        """
        return _describe(_CATEGORY_OF[self._strength], _ranks_by_strength()[self._strength])

    def __lt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self._strength < other._strength
        return NotImplemented

    def __le__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self._strength <= other._strength
        return NotImplemented

    def __gt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self._strength > other._strength
        return NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self._strength >= other._strength
        return NotImplemented

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self._strength == other._strength
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._strength)

    def __repr__(self) -> str:
        return f"<HandValue {self._strength} {self.name}: {format_cards(self.cards)}>"


def evaluate(cards: str | Iterable[str | Card]) -> HandValue:
    """The value of the best five of 5, 6 or 7 cards, given as cards, as texts or as one text.

    Raises :class:`~trainer.engine.cards.CardError` for a text that is not a card, a card given twice or a
    count other than 5, 6 or 7.

    >>> evaluate("As Kd Qh Jc Ts").describe()
    'ace-high straight'
    >>> evaluate("As Kd Qh Jc")
    Traceback (most recent call last):
    ...
    trainer.engine.cards.CardError: a poker hand is 5, 6 or 7 cards, not 4
    """
    kind = type(cards)
    if kind is tuple or kind is list:  # the usual case, seven cards in a tuple or list, unrolled
        key_of = _KEY_BY_INDEX
        try:
            c1, c2, c3, c4, c5, c6, c7 = cards  # type: ignore[str-unpack]  # a list or tuple; other counts: below
            # a text is a TypeError, a number off the deck an IndexError or a key 0: read the careful way below
            key = (_SUIT_COUNT_START + key_of[c1] + key_of[c2] + key_of[c3] + key_of[c4]  # type: ignore[index]
                   + key_of[c5] + key_of[c6] + key_of[c7])  # type: ignore[index]
        except (ValueError, IndexError, TypeError):
            pass
        else:
            if (key & _CARD_BITS).bit_count() == 7:  # seven cards of the deck, none twice
                value = _new_value(HandValue)
                value._key = key
                if key & _FLUSH_BITS:
                    value._strength = _flush_strength(key)
                else:
                    ranks = key >> _RANK_SUM_SHIFT
                    value._strength = _RANK_STRENGTH[_RANK_BASE[ranks >> _LOW_FIELD_BITS]
                                                     + _RANK_OFFSET[ranks & _LOW_MASK]]
                return value
    return _evaluate_any(cards)


def _evaluate_any(cards: str | Iterable[str | Card]) -> HandValue:
    """:func:`evaluate` for any input: five or six cards, other spellings, and the errors."""
    hand = _as_tuple(cards)
    count = len(hand)
    if count < 5 or count > 7:
        raise CardError(f"a poker hand is 5, 6 or 7 cards, not {count}")
    key = _SUIT_COUNT_START
    try:
        for card in hand:
            key += _KEY_OF[card]
    except (KeyError, TypeError):  # a spelling outside the table ('K♠', '10h'), or not a card at all
        return _evaluate_any(tuple(_read(card) for card in hand))
    if (key & _CARD_BITS).bit_count() != count:
        _raise_duplicate(hand)
    return HandValue(_strength_of_key(key), key)


def _strength_of_key(key: int) -> int:
    if key & _FLUSH_BITS:
        return _flush_strength(key)
    ranks = key >> _RANK_SUM_SHIFT
    return _RANK_STRENGTH[_RANK_BASE[ranks >> _LOW_FIELD_BITS] + _RANK_OFFSET[ranks & _LOW_MASK]]


def _flush_strength(key: int) -> int:
    """The strength of a hand with five or more cards of one suit (at most one suit can have five of seven)."""
    suit = (((key & _FLUSH_BITS) >> _SUIT_COUNT_SHIFT).bit_length() - 4) // 4
    return _FLUSH_STRENGTH[(key >> (13 * suit)) & 0x1FFF]


def _as_tuple(cards: str | Iterable[str | Card]) -> tuple[str | Card, ...]:
    if isinstance(cards, str):
        return tuple(cards.replace(",", " ").split())
    return tuple(cards)


def _read(card: str | Card) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def _raise_duplicate(hand: Iterable[str | Card]) -> None:
    check_unique(_CARD_OF[card] for card in hand)
    raise CardError(f"a card appears twice in {hand}")  # not reached: check_unique names the card


def _strength(cards: Iterable[Card]) -> int:
    """The strength of 5..7 distinct cards, unchecked: for tests and for finding the best five."""
    return _strength_of_key(_SUIT_COUNT_START + sum(_KEY_OF[card] for card in cards))


def _best_five(strength: int, key: int) -> tuple[Card, ...]:
    """The first five (taking the cards high to low) that make ``strength``, in announcement order.

    Read off the key, not searched: a flush or straight flush is its ranks in the flush's suit (at most one suit
    holds five of seven cards); any other hand is its ranks, each rank's cards taken from the highest suit down,
    as many as the hand has of it (those are the first, taking the cards high to low)."""
    ranks = _ranks_by_strength()[strength]
    if key & _FLUSH_BITS:
        suit = (((key & _FLUSH_BITS) >> _SUIT_COUNT_SHIFT).bit_length() - 4) // 4
        return tuple([FULL_DECK[4 * rank + suit] for rank in ranks])
    held = key & _CARD_BITS
    cards: list[Card] = []
    previous = -1
    for rank in ranks:  # a rank's copies are side by side
        if rank != previous:
            previous = rank
            cards += _CARDS_OF_RANK[rank][(held >> rank) & _ONE_RANK][:ranks.count(rank)]
    if len(cards) != 5:
        raise ValueError(f"the cards of key {key:#x} do not make hand strength {strength}")
    return tuple(cards)


_ONE_RANK: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The card bits of the deuces; shifted by a rank, of that rank's cards (one bit per suit)."""
_CARDS_OF_RANK: Final[tuple[dict[int, tuple[Card, ...]], ...]] = tuple(
    {sum(1 << (13 * suit) for suit in suits): tuple(FULL_DECK[4 * rank + suit] for suit in sorted(suits, reverse=True))
     for size in range(5) for suits in combinations(range(4), size)}
    for rank in range(13)
)
"""For each rank, its cards a hand holds (the bits of :data:`_ONE_RANK`) -> those cards, highest suit first."""


# -- Dealer English ------------------------------------------------------------------------------------------


def _rank_name(rank_index: int) -> str:
    return rank_name(rank_index + 2)


def _plural(rank_index: int) -> str:
    return rank_plural(rank_index + 2)


def _describe(category: Category, ranks: _Ranks) -> str:
    top, third, fourth = ranks[0], ranks[2], ranks[3]
    match category:
        case Category.HIGH_CARD:
            return gettext("{rank} high").format(rank=_rank_name(top))
        case Category.ONE_PAIR:
            return gettext("pair of {ranks}").format(ranks=_plural(top))
        case Category.TWO_PAIR:
            return gettext("two pair, {high} and {low}").format(high=_plural(top), low=_plural(third))
        case Category.THREE_OF_A_KIND:
            return gettext("three {ranks}").format(ranks=_plural(top))
        case Category.FULL_HOUSE:
            return gettext("{ranks} full of {filled}").format(ranks=_plural(top), filled=_plural(fourth))
        case Category.FOUR_OF_A_KIND:
            return gettext("four {ranks}").format(ranks=_plural(top))
        case Category.ROYAL_FLUSH:
            return gettext("royal flush")
        case _:  # straight, flush, straight flush
            return gettext("{high} {category}").format(high=rank_high(top + 2), category=hand_name(category.label))
