"""The counting behind the game's exact return: every board, every player holding, every dealer holding.

On one five-card board each of the player's holdings meets every dealer holding of the cards left (990 of them
with a full deck). The player's choice on the river depends only on how many of those hands he beats and loses
to, and how many of them qualify (a pair or better). So, per board: the holdings are ranked once, and for a
player holding the dealer holdings below, above and below a pair are counted among all holdings, less those that
hold either of the player's cards (inclusion-exclusion: the holdings with a given card are ranked the same way).
A sort per board of the holdings, tagged with "all" or with each of their two cards, gives all of those counts.

From the counts, per (holding, board), in Antes per dealer holding (scaled to whole numbers):

* ``A + P × D``: the result of a Play of ``P`` Antes, A the Ante and Blind part, D the Play part per Ante;
* ``R = max(A + D, -2)``: the river value after two checks (raise 1x or fold);
* ``Rs``: the river value under the simple strategy (rules-notes §9), and whether each strategy raises.

The flop decision needs these summed over the turn and river for a given flop; boards are taken one per class
of boards that are the same up to the suits, so each board's sums are spread onto the canonical flop of each
of its ten three-card subsets, with the holding renamed accordingly (see :mod:`trainer.odds.symmetry`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from trainer.engine import evaluator as ev
from trainer.engine.bad_beat_odds import _tables
from trainer.engine.evaluator import Category
from trainer.engine.processes import reused_memory
from trainer.odds.symmetry import (
    HOLDING_FIRST,
    HOLDING_PERMUTATION,
    HOLDING_SECOND,
    CardClasses,
    Deck,
    canonical_masks,
    masks,
)

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

HOLDINGS = 1326
SUMS = ("raise2", "play", "river", "river_raises", "simple_river", "simple_river_raises", "wins", "river_wins",
        "simple_river_wins")
"""The per-(flop, holding) sums over the turn and river: A + 2D, D, R, optimal 1x raises, Rs, simple 1x raises,
dealer holdings beaten, and those beaten after a 1x raise (optimal, simple)."""
_ALL = 52  # the group of every holding; groups 0..51: the holdings with that card
_PAIR = 1278  # the weakest one pair: a dealer qualifies with this strength or more
_OUTS_LIMIT = 21  # rules-notes §9: raise on the river with fewer dealer outs than this
_MADE = (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
_SUBSETS = np.array(list(combinations(range(5), 3)), dtype=np.int64)  # the ten flops of a board


@dataclass(frozen=True)
class CountSetup:
    """What every worker needs: the deck, the Blind's pays and the canonical flops."""

    deck: Deck
    blind_net: tuple[int, ...]
    """Per category 0..9: the Blind's net win per Ante, times ``scale`` (0 below the lowest paying line)."""
    scale: int
    flop_masks: IntArray
    """Every flop of the deck as a mask, sorted."""
    flop_class: IntArray
    """For each sorted flop: its class number."""
    flop_renaming: IntArray
    """For each sorted flop: a renaming of the suits that takes it to its class's canonical flop."""
    flop_classes: int

    @classmethod
    def build(cls, deck: Deck, blind_net: tuple[int, ...], scale: int, flops: CardClasses) -> CountSetup:
        every = deck.subsets(3)
        best, renaming = canonical_masks(every)
        order = np.argsort(masks(every))
        class_of = np.searchsorted(flops.canonical, best)
        return cls(deck, blind_net, scale, masks(every)[order], class_of[order], renaming[order], len(flops.cards))

    @property
    def cards_left(self) -> int:
        """Cards off a board."""
        return len(self.deck.cards) - 5

    @property
    def dealer_holdings(self) -> int:
        """Dealer holdings for a given board and player holding: 990 with a full deck."""
        left = self.cards_left - 2
        return left * (left - 1) // 2


@cache
def _six_card_rank_strengths(board_ranks: int) -> IntArray:
    """For a board's rank sum: the strength, on ranks alone, of the board and one more card of each rank."""
    weight, strength = ev._RANK_WEIGHT, ev.rank_strength
    return np.array([strength(board_ranks + weight[rank]) for rank in range(13)], dtype=np.int64)


def _board_strengths(boards: IntArray) -> IntArray:
    """The strength of each board's five cards alone."""
    return _tables().five_card_strengths(boards)


def _runs(keys: npt.NDArray[np.int32]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """For each entry of rows sorted by key: where its run of equal keys starts, and where it ends (exclusive),
    as places in the rows read as one (so only differences of two places mean something).

    The rows are read as one: a row's first key never equals the last of the row before (that one is of the group
    of every holding, the highest, which a row's first key never is), so no run crosses from one row to the next.
    """
    flat = keys.ravel()
    new = np.empty(len(flat), dtype=np.bool_)
    new[:1] = True
    np.not_equal(flat[1:], flat[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    run = np.cumsum(new, dtype=np.intp)
    run -= 1
    ends = np.append(starts[1:], len(flat))
    return starts[run].reshape(keys.shape), ends[run].reshape(keys.shape)


class BoardCounter:
    """Adds the sums of batches of boards into one accumulator of shape ``(len(SUMS), flop classes × 1326)``."""

    def __init__(self, setup: CountSetup) -> None:
        self.setup = setup
        self.tables = _tables()
        self.sums = np.zeros((len(SUMS), setup.flop_classes * HOLDINGS), dtype=np.float64)

    def add(self, boards: IntArray, sizes: IntArray) -> None:
        """Count a batch of boards, each standing for ``sizes`` boards (its class)."""
        values, holdings = self.values(boards)
        self._spread(boards, sizes, holdings, values)

    def values(self, boards: IntArray) -> tuple[FloatArray, IntArray]:
        """For each board and each player holding off it: the values summed in :data:`SUMS` (before the sums),
        shape ``(len(SUMS), boards, holdings)``, and the holdings, shape ``(boards, holdings)``."""
        setup, tables = self.setup, self.tables
        strengths, off_board = tables.strengths(boards)
        valid = off_board & setup.deck.holdings[None, :]
        rows, columns = np.nonzero(valid)
        count = len(boards)
        holding = columns.reshape(count, -1)
        strength = strengths[rows, columns].reshape(count, -1)
        below, above, pair_below = self._ranked(strength, holding)
        left = setup.dealer_holdings
        scale = setup.scale
        qualifies = strength >= _PAIR
        wins_qualified = np.where(qualifies, below - pair_below, 0)
        losses_qualified = np.where(qualifies, above, left - pair_below)
        blind = np.array(setup.blind_net, dtype=np.int64)[tables.category[strength]]
        ante_blind = scale * (wins_qualified - losses_qualified - above) + blind * below
        play = scale * (below - above)
        one_more = ante_blind + play
        fold = -2 * scale * left
        raises = one_more > fold
        simple = self._simple_river_raises(boards, holding, strength)
        values = np.stack([
            ante_blind + 2 * play, play, np.where(raises, one_more, fold), raises,
            np.where(simple, one_more, fold), simple, below, np.where(raises, below, 0), np.where(simple, below, 0),
        ]).astype(np.float64)
        return values, holding

    def _ranked(self, strength: IntArray, holding: IntArray) -> tuple[IntArray, IntArray, IntArray]:
        """Per player holding: the dealer holdings (sharing no card) below it, above it, and below a pair."""
        count, width = strength.shape
        first, second = HOLDING_FIRST[holding], HOLDING_SECOND[holding]
        tail = ((strength << 11) | holding).astype(np.int32)  # a key: group (8 bits), strength (13), holding (11)
        keys = np.empty((count, 3 * width), dtype=np.int32)
        keys[:, :width] = tail | (_ALL << 24)
        keys[:, width:2 * width] = tail | (first.astype(np.int32) << 24)
        keys[:, 2 * width:] = tail | (second.astype(np.int32) << 24)
        keys.sort(axis=1)
        group = keys >> 24
        run_start, run_end = _runs(keys >> 11)
        group_start, group_end = _runs(group)
        every = group == _ALL
        where = (np.arange(count, dtype=np.int64)[:, None] * HOLDINGS + (keys & 0x7FF)).ravel()
        size = count * HOLDINGS
        under, over = run_start - group_start, group_end - run_end
        np.negative(under, out=under, where=~every)
        np.negative(over, out=over, where=~every)
        below = np.bincount(where, under.ravel(), size).reshape(count, HOLDINGS)
        above = np.bincount(where, over.ravel(), size).reshape(count, HOLDINGS)
        weak = ((keys >> 11 & 0x1FFF) < _PAIR).ravel()
        groups = (np.arange(count, dtype=np.int64)[:, None] * 53 + group).ravel()
        weak_by_group = np.bincount(groups, weak, count * 53).reshape(count, 53).astype(np.int64)
        row = np.arange(count)[:, None]
        pair_below = (weak_by_group[:, _ALL][:, None] - weak_by_group[row, first] - weak_by_group[row, second]
                      + (strength < _PAIR))
        return (below[row, holding].astype(np.int64), above[row, holding].astype(np.int64), pair_below)

    def _simple_river_raises(self, boards: IntArray, holding: IntArray, strength: IntArray) -> npt.NDArray[np.bool_]:
        """Whether the simple strategy raises 1x on the river (rules-notes §9, :func:`~trainer.engine.strategy.
        river_raise`): a pair using a hole card, a straight or flush using one, or fewer than 21 dealer outs."""
        tables, count = self.tables, len(boards)
        first, second = HOLDING_FIRST[holding], HOLDING_SECOND[holding]
        ranks = boards // 4
        rank_bits = np.bitwise_or.reduce(np.int64(1) << ranks, axis=1)
        low, high = first // 4, second // 4
        hidden_pair = (low == high) | ((rank_bits[:, None] >> low) & 1 == 1) | ((rank_bits[:, None] >> high) & 1 == 1)
        category = tables.category[strength]
        made = np.isin(category, _MADE) & (strength > _board_strengths(boards)[:, None])
        sixes = self._six_card_strengths(boards)
        row = np.arange(count)[:, None]
        flat = np.sort((np.arange(count)[:, None] * 8192 + sixes).ravel())
        stronger = (row + 1) * 52 - np.searchsorted(flat, row * 8192 + strength, side="right")
        outs = stronger - (sixes[row, first] > strength) - (sixes[row, second] > strength)
        result: npt.NDArray[np.bool_] = hidden_pair | made | (outs < _OUTS_LIMIT)
        return result

    def _six_card_strengths(self, boards: IntArray) -> IntArray:
        """Each board with each card of the deck off it (0 for a card on the board or out of the deck)."""
        tables, count = self.tables, len(boards)
        rank_sums = tables.rank_weight[boards // 4].sum(axis=1)
        by_rank = np.stack([_six_card_rank_strengths(int(total)) for total in rank_sums])
        cards = np.arange(52)
        sixes = by_rank[:, cards // 4]
        suits = boards % 4
        counts = np.stack([(suits == suit).sum(axis=1) for suit in range(4)], axis=1)
        top = counts.argmax(axis=1)
        suit_bits = np.where(suits == top[:, None], np.int64(1) << (boards // 4), 0).sum(axis=1)
        flush = tables.flush_strength[suit_bits[:, None] | (np.int64(1) << (cards // 4))[None, :]]
        flush = np.where((cards % 4)[None, :] == top[:, None], flush, 0)
        sixes = np.maximum(sixes, flush)
        playable = np.zeros((count, 52), dtype=np.bool_)
        playable[:, self.setup.deck.cards] = True
        playable[np.arange(count)[:, None], boards] = False
        result: IntArray = np.where(playable, sixes, 0)
        return result

    def _spread(self, boards: IntArray, sizes: IntArray, holdings: IntArray, values: FloatArray) -> None:
        """Add each board's values onto the canonical flop of each of its ten flops, holdings renamed to match."""
        setup = self.setup
        flops = boards[:, _SUBSETS]  # (boards, 10, 3)
        flop_masks = (np.int64(1) << flops).sum(axis=2)
        position = np.searchsorted(setup.flop_masks, flop_masks)
        klass, renaming = setup.flop_class[position], setup.flop_renaming[position]
        renamed = HOLDING_PERMUTATION[renaming[:, :, None], holdings[:, None, :]]  # (boards, 10, holdings)
        where = klass[:, :, None] * HOLDINGS + renamed
        by_flop = [where[:, flop, :].ravel() for flop in range(len(_SUBSETS))]  # each flop's places, once
        weights = sizes.astype(np.float64)[:, None]
        for index in range(len(SUMS)):
            # added in place: no array of every (flop class, holding) per batch, as a bincount would make
            weighted = (values[index] * weights).ravel()
            for places in by_flop:
                np.add.at(self.sums[index], places, weighted)


def count_boards(setup: CountSetup, boards: IntArray, sizes: IntArray, batch: int = 128,
                 tick: Callable[[int], None] | None = None) -> FloatArray:
    """The sums of :data:`SUMS` over ``boards``; ``tick`` is told how many boards each batch held."""
    counter = BoardCounter(setup)
    with reused_memory():
        for start in range(0, len(boards), batch):
            counter.add(boards[start:start + batch], sizes[start:start + batch])
            if tick is not None:
                tick(len(boards[start:start + batch]))
    return counter.sums
