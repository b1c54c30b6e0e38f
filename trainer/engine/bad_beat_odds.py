"""The Bad Beat wager's exact house edge and hit frequency over every deal, the player never folding (§8).

A deal is the player's two cards, the dealer's two and the five board cards, all equally likely. The wager wins
when the hand that was beaten (the lower of the two; a tie loses) is three of a kind or better, and pays on that
hand's line (rules-notes §4, :func:`trainer.engine.wagers.resolve_bad_beat`). A deal's result therefore hangs on
one thing, the category of the beaten hand: :func:`bad_beat_counts` counts the deals by it once, and every pay
table's figures follow by arithmetic.

>>> from trainer.engine import load_paytables, parse_cards
>>> aces_on_board = bad_beat_counts(BoardClasses.of([list(parse_cards("Ah Ad Ac 7s 2d"))]))
>>> aces_on_board.deals, aces_on_board.beaten[Category.THREE_OF_A_KIND], aces_on_board.beaten[Category.FULL_HOUSE]
(1070190, 936480, 91116)
>>> f"{float(aces_on_board.hit_frequency(load_paytables().bad_beat('BBB-02'))):.2%}"
'96.02%'

How the 2,598,960 × 1,081 × 990 (2.78 trillion) deals are counted:

* boards that differ only by a renaming of the suits give the same counts, so only the 134,459 classes of
  boards are looked at, each with its weight (:func:`board_classes`);
* on a board, each of the 1,326 two-card holdings gets its strength from the evaluator's own tables: from the
  ranks alone (one table, computed once, of every five-rank board multiset with every holding), or a flush in
  the one suit the board holds three or more of (looked at only on such boards); holdings that use a board
  card are left out, which leaves 1,081;
* only a hand of three of a kind or better can be a paying beaten hand, so only those holdings are kept. A kept
  holding is the beaten hand against every stronger holding, twice over (the seats swap): counted with a sort.
  Holdings that share a card cannot both be dealt, and such pairs are exactly the pairs inside one card's group
  of holdings (a holding is never stronger than itself), so the same count within each card's group is taken
  off.

Boards go through in batches as numpy arrays; ``workers`` spreads the batches over processes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from itertools import combinations, combinations_with_replacement, product
from math import comb, factorial, prod
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from trainer.engine import evaluator as ev
from trainer.engine.evaluator import HAND_CLASSES, Category, category_of_strength
from trainer.engine.paytables import Paytable

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

__all__ = [
    "BOARDS", "BadBeatCounts", "BoardClasses", "bad_beat_counts", "board_classes", "category_table",
    "deals_per_board", "hand_strengths", "holding_strengths", "prepare_tables",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

BOARDS = comb(52, 5)
"""Five-card boards: 2,598,960."""

_STRENGTH_BITS = 13  # a strength (1..7462) sits in the low 13 bits of a sort key, its group above
_GROUPS_PER_BOARD = 53  # groups 0..51: the holdings with that card; group 52: every holding
_EVERY_HOLDING = 52
_MOST_BOARDS_PER_BATCH = (1 << 31) // (_GROUPS_PER_BOARD << _STRENGTH_BITS)  # sort keys fit in 32 bits
_TRIPS_AND_UP = tuple(category for category in Category if category >= Category.THREE_OF_A_KIND)


def deals_per_board(cards_left: int = 47) -> int:
    """Ordered (player, dealer) pairs of two-card holdings without a common card: 1,081 × 990 on a board."""
    return comb(cards_left, 2) * comb(cards_left - 2, 2)


# -- Counts and figures -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BadBeatCounts:
    """Of ``deals``, how many have a beaten hand (no tie) of each category from three of a kind up."""

    deals: int
    beaten: Mapping[Category, int]

    def wins(self, table: Paytable) -> int:
        """Deals where the wager wins on ``table``: the beaten hand has a line of the table."""
        return sum(count for category, count in self.beaten.items() if table.line_for(category.label))

    def player_result(self, table: Paytable) -> Fraction:
        """The player's expected result per unit wagered: a win nets the line's odds, every other deal loses 1."""
        returned = Fraction(0)
        for category, count in self.beaten.items():
            line = table.line_for(category.label)
            if line is not None:
                returned += count * (1 + line.odds.ratio - (0 if line.odds.kind == "to" else 1))
        return returned / self.deals - 1

    def house_edge(self, table: Paytable) -> Fraction:
        """The house edge on ``table`` as an exact fraction of the wager."""
        return -self.player_result(table)

    def hit_frequency(self, table: Paytable) -> Fraction:
        """The share of deals where the wager wins on ``table``."""
        return Fraction(self.wins(table), self.deals)

    def __add__(self, other: BadBeatCounts) -> BadBeatCounts:
        beaten = {category: self.beaten.get(category, 0) + other.beaten.get(category, 0)
                  for category in {*self.beaten, *other.beaten}}
        return BadBeatCounts(self.deals + other.deals, beaten)


# -- Board classes ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardClasses:
    """Boards, one row of five card indices (``4 * rank + suit``) each, and how many boards each stands for."""

    cards: IntArray
    weights: IntArray

    def __len__(self) -> int:
        return len(self.weights)

    def part(self, start: int, stop: int) -> BoardClasses:
        """The classes ``start`` to ``stop`` (as a slice)."""
        return BoardClasses(self.cards[start:stop], self.weights[start:stop])

    @classmethod
    def of(cls, boards: list[list[int]]) -> BoardClasses:
        """Given boards, each standing for itself alone."""
        return cls(np.array(boards, dtype=np.int64).reshape(-1, 5), np.ones(len(boards), dtype=np.int64))


def _suit_shapes() -> Iterator[tuple[int, ...]]:
    """How five cards spread over at most four suits, biggest first: (5,), (4, 1), (3, 2), ... (2, 1, 1, 1)."""

    def walk(left: int, largest: int, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield prefix
        elif len(prefix) < 4:
            for size in range(min(left, largest), 0, -1):
                yield from walk(left - size, size, (*prefix, size))

    yield from walk(5, 5, ())


@cache
def board_classes() -> BoardClasses:
    """One board of each class of boards that are the same up to the suits' names, and the class's size.

    A board is the rank sets of its four suits; renaming suits reorders them, so a class is a multiset of four
    rank sets. Suits are filled biggest first, and suits of one size take their rank sets in increasing order.
    """
    rank_sets = {size: list(combinations(range(13), size)) for size in range(1, 6)}
    rows: list[list[int]] = []
    weights: list[int] = []
    for shape in _suit_shapes():
        sizes = sorted(set(shape), reverse=True)
        # per group of suits of one size: each choice of rank sets as its cards (the group's suits follow those
        # of the bigger groups) and how many orders of its suits give the same board
        groups = []
        first_suit = 0
        for size in sizes:
            suits = shape.count(size)
            groups.append([
                ([4 * rank + first_suit + place for place, ranks in enumerate(picked) for rank in ranks],
                 prod(factorial(picked.count(ranks)) for ranks in set(picked)))
                for picked in combinations_with_replacement(rank_sets[size], suits)])
            first_suit += suits
        same_empty = factorial(4 - len(shape))  # the suits with no card are alike
        for picked in product(*groups):
            row: list[int] = []
            alike = same_empty
            for cards, alike_here in picked:
                row += cards
                alike *= alike_here
            rows.append(row)
            weights.append(factorial(4) // alike)
    return BoardClasses(np.array(rows, dtype=np.int64), np.array(weights, dtype=np.int64))


# -- Strengths ----------------------------------------------------------------------------------------------


class _Tables:
    """The evaluator's tables recast as arrays, and the 1,326 two-card holdings of the deck."""

    def __init__(self) -> None:
        holdings = list(combinations(range(52), 2))
        self.first = np.array([low for low, _ in holdings], dtype=np.int64)
        self.second = np.array([high for _, high in holdings], dtype=np.int64)
        self.first32, self.second32 = self.first.astype(np.int32), self.second.astype(np.int32)
        self.card_bits = (np.int64(1) << self.first) | (np.int64(1) << self.second)
        self.rank_pair = (self.first // 4) * 13 + self.second // 4  # the two ranks as one index 0..168
        self.suit_bits = np.zeros((4, len(holdings)), dtype=np.int64)  # the holding's ranks in each suit
        for suit in range(4):
            for cards in (self.first, self.second):
                self.suit_bits[suit] |= np.where(cards % 4 == suit, np.int64(1) << (cards // 4), 0)
        self.rank_weight = np.array(ev._RANK_WEIGHT, dtype=np.int64)
        self.flush_strength = np.array(ev._FLUSH_STRENGTH, dtype=np.int64)
        self.category = np.array([0, *(int(category_of_strength(s)) for s in range(1, HAND_CLASSES + 1))],
                                 dtype=np.int64)
        self.category32 = self.category.astype(np.int32)
        self.trips_or_better = int(np.argmax(self.category >= Category.THREE_OF_A_KIND))
        self._rank_rows: dict[int, IntArray] = {}
        self.suited_cards = np.stack([(self.suit_bits[suit] != 0).astype(np.int64)
                                      + ((self.first % 4 == suit) & (self.second % 4 == suit)) for suit in range(4)])
        """``suited_cards[suit, holding]``: how many of the holding's two cards are of ``suit``."""

    @cached_property
    def board_rank_sums(self) -> IntArray:
        """The rank keys of the 6,175 multisets of five ranks (at most four of each), sorted."""
        sums = {sum(self.rank_weight[list(ranks)].tolist()) for ranks in combinations_with_replacement(range(13), 5)
                if max(ranks.count(rank) for rank in set(ranks)) <= 4}
        return np.array(sorted(sums), dtype=np.int64)

    @cached_property
    def rank_index(self) -> tuple[IntArray, IntArray, npt.NDArray[np.uint16]]:
        """The evaluator's rank index (base, offset) and rank-key strengths as arrays (see
        :func:`trainer.engine.evaluator.rank_strength`)."""
        return (np.frombuffer(ev._RANK_BASE, dtype=np.uint32).astype(np.int64),
                np.frombuffer(ev._RANK_OFFSET, dtype=np.uint16).astype(np.int64),
                np.frombuffer(ev._RANK_STRENGTH, dtype=np.uint16))

    def five_card_strengths(self, boards: IntArray) -> IntArray:
        """The strength of each row of five cards alone."""
        base, offset, strength = self.rank_index
        keys = self.rank_weight[boards // 4].sum(axis=1)
        by_ranks = strength[base[keys >> ev._LOW_FIELD_BITS] + offset[keys & ev._LOW_MASK]].astype(np.int64)
        suits = boards % 4
        flush = (suits == suits[:, :1]).all(axis=1)
        bits = (np.int64(1) << (boards // 4)).sum(axis=1)
        result: IntArray = np.where(flush, self.flush_strength[np.where(flush, bits, 0)], by_ranks)
        return result

    def hand_strengths(self, hands: IntArray) -> IntArray:
        """The strength of each row of five to seven cards, as :func:`~trainer.engine.evaluator.evaluate` gives
        it: on ranks alone, or the best flush of the one suit with five cards or more (with seven cards, a
        flush leaves no full house or four of a kind)."""
        base, offset, strength = self.rank_index
        keys = self.rank_weight[hands // 4].sum(axis=1)
        result: IntArray = strength[base[keys >> ev._LOW_FIELD_BITS] + offset[keys & ev._LOW_MASK]].astype(np.int64)
        suits = hands % 4
        for suit in range(4):
            in_suit = suits == suit
            flush = np.flatnonzero(in_suit.sum(axis=1) >= 5)
            if len(flush):
                bits = np.where(in_suit[flush], np.int64(1) << (hands[flush] // 4), 0).sum(axis=1)
                result[flush] = self.flush_strength[bits]
        return result

    @cached_property
    def board_rank_strengths(self) -> npt.NDArray[np.int16]:
        """``[board rank multiset, holding]``: the strength on ranks alone of the five board ranks (as numbered by
        :attr:`board_rank_sums`) with the holding's two; 0 for five of a rank. Computed with the evaluator's
        tables, a block of multisets at a time."""
        base, offset, strength = self.rank_index
        pair_weight = self.rank_weight[self.first // 4] + self.rank_weight[self.second // 4]
        sums = self.board_rank_sums
        table = np.empty((len(sums), len(pair_weight)), dtype=np.int16)
        for start in range(0, len(sums), 512):
            keys = sums[start:start + 512, None] + pair_weight[None, :]
            low, high = keys & ev._LOW_MASK, keys >> ev._LOW_FIELD_BITS
            real = (low < len(offset)) & (high < len(base))  # five of a rank overflows a field (or makes 0 below)
            place = base[np.where(real, high, 0)] + offset[np.where(real, low, 0)]
            table[start:start + 512] = np.where(real, strength[place], 0)
        return table

    @cached_property
    def rank_lists(self) -> tuple[IntArray, IntArray, IntArray]:
        """Per board rank multiset (as numbered by :attr:`board_rank_sums`), the holdings that make three of a
        kind or better with it on ranks alone: where each multiset's list starts (one more than the multisets,
        the last the end), then the holdings and their strengths, list after list."""
        table = self.board_rank_strengths
        multiset, holding = np.nonzero(table >= self.trips_or_better)
        starts = np.zeros(len(table) + 1, dtype=np.int64)
        np.cumsum(np.bincount(multiset, minlength=len(table)), out=starts[1:])
        return starts, holding.astype(np.int64), table[multiset, holding].astype(np.int64)

    @cached_property
    def flush_candidates(self) -> dict[tuple[int, int], IntArray]:
        """``[suit, cards]``: the holdings with at least ``cards`` (0, 1 or 2) cards of ``suit``."""
        return {(suit, cards): np.flatnonzero(self.suited_cards[suit] >= cards)
                for suit in range(4) for cards in range(3)}

    def trips_or_better_holdings(self, boards: IntArray) -> tuple[IntArray, IntArray, IntArray]:
        """The holdings off each five-card board that make three of a kind or better with it: three arrays, the
        board's row, the holding and the strength.

        On ranks alone the holdings are read whole from :attr:`rank_lists`; a flush can only come in the one
        suit of three or more board cards, and only with a holding of enough cards of that suit: on such boards
        those holdings take the better of the flush and their strength on ranks alone instead."""
        rank_ids = np.searchsorted(self.board_rank_sums, self.rank_weight[boards // 4].sum(axis=1))
        list_starts, listed_holdings, listed_strengths = self.rank_lists
        starts, sizes = list_starts[rank_ids], list_starts[rank_ids + 1] - list_starts[rank_ids]
        board = np.repeat(np.arange(len(boards)), sizes)
        places = np.arange(len(board)) + np.repeat(starts - (np.cumsum(sizes) - sizes), sizes)
        holding, strength = listed_holdings[places], listed_strengths[places]
        suits = boards % 4
        suit_counts = np.stack([(suits == suit).sum(axis=1) for suit in range(4)], axis=1)
        flushing = np.flatnonzero(suit_counts.max(axis=1) >= 3)
        if len(flushing):
            top = suit_counts[flushing].argmax(axis=1)
            needed = 5 - suit_counts[flushing, top]  # the holding's cards of that suit a flush needs
            board_suit_bits = np.where(suits[flushing] == top[:, None], np.int64(1) << (boards[flushing] // 4),
                                       0).sum(axis=1)
            top_of, needed_of = np.zeros(len(boards), dtype=np.int64), np.full(len(boards), 3, dtype=np.int64)
            top_of[flushing], needed_of[flushing] = top, needed
            ranks_only = self.suited_cards[top_of[board], holding] < needed_of[board]
            parts = [(board[ranks_only], holding[ranks_only], strength[ranks_only])]
            for (suit, cards), candidates in self.flush_candidates.items():
                chosen = np.flatnonzero((top == suit) & (needed == cards))
                if not len(chosen):
                    continue
                flush_board = np.repeat(flushing[chosen], len(candidates))
                flush_holding = np.tile(candidates, len(chosen))
                flush = self.flush_strength[np.repeat(board_suit_bits[chosen], len(candidates))
                                            | self.suit_bits[suit, flush_holding]]
                by_ranks = self.board_rank_strengths[rank_ids[flush_board], flush_holding]
                parts.append((flush_board, flush_holding, np.maximum(flush, by_ranks)))
            board, holding, strength = (np.concatenate(arrays) for arrays in zip(*parts, strict=True))
        board_bits = (np.int64(1) << boards).sum(axis=1)
        off = (self.card_bits[holding] & board_bits[board]) == 0
        return board[off], holding[off], strength[off]

    def rank_row(self, board_ranks: int) -> IntArray:
        """For a board's rank sum: the strength, on ranks alone, that each of the 169 rank pairs makes with it."""
        row = self._rank_rows.get(board_ranks)
        if row is None:
            weight, strength = ev._RANK_WEIGHT, ev.rank_strength
            row = np.array([strength(board_ranks + weight[low] + weight[high])  # 0: five of a rank
                            for low in range(13) for high in range(13)], dtype=np.int64)
            self._rank_rows[board_ranks] = row
        return row

    def five_card_rank_strengths(self, boards: IntArray) -> npt.NDArray[np.int16]:
        """Each five-card board's strength on ranks alone with each of the 1,326 holdings (a new array)."""
        rank_ids = np.searchsorted(self.board_rank_sums, self.rank_weight[boards // 4].sum(axis=1))
        result: npt.NDArray[np.int16] = self.board_rank_strengths[rank_ids]
        return result

    def add_flushes(self, boards: IntArray, strengths: npt.NDArray[np.integer[Any]]) -> None:
        """Raise each board's ``strengths`` (one per holding) to the flush the holding makes with it, if better.
        Only a suit with three or more board cards can flush, so only such boards are looked at."""
        suits = boards % 4
        suit_counts = np.stack([(suits == suit).sum(axis=1) for suit in range(4)], axis=1)
        flushing = np.flatnonzero(suit_counts.max(axis=1) >= 3)
        if len(flushing):
            top = suit_counts[flushing].argmax(axis=1)
            board_suit_bits = np.where(suits[flushing] == top[:, None], np.int64(1) << (boards[flushing] // 4),
                                       0).sum(axis=1)
            flush = self.flush_strength[board_suit_bits[:, None] | self.suit_bits[top]]
            strengths[flushing] = np.maximum(strengths[flushing], flush)

    def strengths(self, boards: IntArray) -> tuple[IntArray, BoolArray]:
        """Each board's strength with each of the 1,326 holdings, and which holdings are off the board."""
        by_ranks: IntArray
        if boards.shape[1] == 5:
            by_ranks = self.five_card_rank_strengths(boards).astype(np.int64)
        else:
            rank_sums = self.rank_weight[boards // 4].sum(axis=1)
            distinct, which = np.unique(rank_sums, return_inverse=True)
            rank_rows = np.stack([self.rank_row(int(ranks)) for ranks in distinct])[which.reshape(-1)]
            by_ranks = rank_rows[:, self.rank_pair]
        self.add_flushes(boards, by_ranks)
        board_bits = (np.int64(1) << boards).sum(axis=1)
        off_board = (self.card_bits[None, :] & board_bits[:, None]) == 0
        return by_ranks, off_board


@cache
def _tables() -> _Tables:
    return _Tables()


def prepare_tables() -> None:
    """Build the tables the counting reads (the evaluator's as arrays, the holdings of three of a kind or better
    of each board rank multiset), which the first batch would otherwise build."""
    _tables().rank_lists  # noqa: B018  (a cached property: reading it builds it)
    _tables().flush_candidates  # noqa: B018


def category_table() -> IntArray:
    """``category_table()[strength]``: the category (0..9) of each strength 1..7462 (and 0 at 0), as an array."""
    return _tables().category


def hand_strengths(hands: IntArray) -> IntArray:
    """The strength (1..7462) of each row of five to seven distinct cards (card indices), as
    :func:`~trainer.engine.evaluator.evaluate` gives it, computed for all rows at once.

    >>> from trainer.engine.cards import parse_cards
    >>> hands = np.array([[int(card) for card in parse_cards(text)] for text in ("As Ad Ac Ks Kd 2c 3h",
    ...                   "9s 8s 7s 6s 5s Ah Ad")])
    >>> [category_of_strength(int(strength)).label for strength in hand_strengths(hands)]
    ['full house', 'straight flush']
    """
    return _tables().hand_strengths(hands)


def holding_strengths(board: list[int]) -> dict[tuple[int, int], int]:
    """The strength of the board with each of the 1,081 holdings of the cards off it, as card index pairs."""
    tables = _tables()
    strengths, off_board = tables.strengths(np.array([board], dtype=np.int64))
    return {(int(tables.first[i]), int(tables.second[i])): int(strengths[0, i]) for i in np.flatnonzero(off_board[0])}


# -- Counting -----------------------------------------------------------------------------------------------


def _beaten_counts(boards: BoardClasses) -> list[int]:
    """Deals on ``boards`` (weighted) by the category 0..9 of the beaten hand, three of a kind or better.

    In a group of holdings, a holding is the beaten hand against every holding of the group that is stronger:
    with the group's strengths sorted, each run of equal strength is beaten by all that come after it in the
    group, so every count follows from the places where the runs and the groups end.
    """
    tables = _tables()
    board, holding, strength64 = tables.trips_or_better_holdings(boards.cards)
    strength = strength64.astype(np.int32)
    base = (board * _GROUPS_PER_BOARD).astype(np.int32)
    groups = np.concatenate([base + _EVERY_HOLDING, base + tables.first32[holding], base + tables.second32[holding]])
    keys = (groups << _STRENGTH_BITS) | np.tile(strength, 3)
    keys.sort()
    length = len(keys)
    if length == 0:
        return [0] * len(Category)
    new_run = np.empty(length, dtype=np.bool_)
    new_run[0] = True
    np.not_equal(keys[1:], keys[:-1], out=new_run[1:])
    starts = np.flatnonzero(new_run)
    ends = np.append(starts[1:], length)
    runs = keys[starts]
    run_groups = runs >> _STRENGTH_BITS
    new_group = np.empty(len(runs), dtype=np.bool_)
    new_group[0] = True
    np.not_equal(run_groups[1:], run_groups[:-1], out=new_group[1:])
    group_ends = np.append(starts[np.flatnonzero(new_group)[1:]], length)
    stronger = group_ends[np.cumsum(new_group) - 1] - ends  # the holdings of the run's group that beat it
    board_of_run, group_in_board = np.divmod(run_groups, _GROUPS_PER_BOARD)
    weight = boards.weights[board_of_run]
    # a pair of holdings sharing a card is never dealt: such pairs are the pairs inside one card's group
    signed = np.where(group_in_board == _EVERY_HOLDING, weight, -weight)
    category = tables.category32[runs & ((1 << _STRENGTH_BITS) - 1)]
    # integers far below 2 ** 53 add exactly as floats; twice: the seats swap
    totals = np.bincount(category, ((ends - starts) * stronger * signed).astype(np.float64), len(Category))
    return [2 * int(total) for total in np.rint(totals)]


def bad_beat_counts(boards: BoardClasses | None = None, workers: int = 1, batch: int = 200,
                    pool: Pool | None = None) -> BadBeatCounts:
    """The deals on ``boards`` (every board by default) counted by the category of the beaten hand.

    ``workers`` > 1 spreads batches of ``batch`` boards over that many processes; or ``pool``, when given, a
    pool of workers already started (:func:`~trainer.engine.processes.worker_pool`), spreads them.
    """
    boards = board_classes() if boards is None else boards
    if not 0 < batch <= _MOST_BOARDS_PER_BATCH:
        raise ValueError(f"a batch is 1 to {_MOST_BOARDS_PER_BATCH} boards, not {batch}")
    parts = [boards.part(start, start + batch) for start in range(0, len(boards), batch)]
    totals = [0] * len(Category)
    from trainer.engine.processes import keep_freed_memory, reused_memory, worker_pool

    if pool is not None:
        for result in pool.imap_unordered(_beaten_counts, parts):
            totals = [a + b for a, b in zip(totals, result, strict=True)]
    elif workers <= 1:
        with reused_memory():
            for result in map(_beaten_counts, parts):
                totals = [a + b for a, b in zip(totals, result, strict=True)]
    else:
        with worker_pool(workers, initializer=keep_freed_memory) as own_pool:
            for result in own_pool.imap_unordered(_beaten_counts, parts):
                totals = [a + b for a, b in zip(totals, result, strict=True)]
    deals = int(boards.weights.sum()) * deals_per_board()
    return BadBeatCounts(deals, {category: totals[category] for category in _TRIPS_AND_UP})
