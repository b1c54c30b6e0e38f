"""Kinds of hand on the flop, in words a player uses, to summarise the optimal flop decision as rules and
exceptions (``uth-trainer odds game --export-strategy``)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trainer.engine.evaluator import Category
from trainer.odds.symmetry import HOLDING_FIRST, HOLDING_SECOND

IntArray = npt.NDArray[np.int64]

FLOP_KINDS = (
    "three of a kind or better",
    "two pair",
    "a pocket pair above the flop",
    "a pocket pair below the flop's top card",
    "top pair with a hole card",
    "a lower pair with a hole card",
    "four to a flush, a hole card of the suit ten or higher",
    "four to a flush, lower hole cards of the suit",
    "no pair, an ace in the hand",
    "no pair, no ace",
)


def flop_kinds(flops: IntArray) -> IntArray:
    """Per flop (rows of three cards) and holding: the number of its kind in :data:`FLOP_KINDS` (-1: the holding
    uses a flop card)."""
    from trainer.engine.bad_beat_odds import _tables

    tables = _tables()
    strengths, off = tables.strengths(flops)
    category = tables.category[strengths]
    low, high = HOLDING_FIRST // 4, HOLDING_SECOND // 4
    rank_bits = np.bitwise_or.reduce(np.int64(1) << (flops // 4), axis=1)[:, None]
    top = (flops // 4).max(axis=1)[:, None]
    pocket = (low == high)[None, :]
    high_pairs = (rank_bits >> high) & 1 == 1
    low_pairs = (rank_bits >> low) & 1 == 1
    suits = flops % 4
    flush_draw = np.zeros(strengths.shape, dtype=np.bool_)
    high_draw = np.zeros(strengths.shape, dtype=np.bool_)
    for card in (HOLDING_FIRST, HOLDING_SECOND):
        suit = card % 4
        same = (suits[:, :, None] == suit[None, None, :]).sum(axis=1) + (suit == HOLDING_FIRST % 4) + (
            suit == HOLDING_SECOND % 4)
        flush_draw |= same >= 4
        high_draw |= (same >= 4) & (card // 4 >= 8)[None, :]
    conditions = [
        category >= Category.THREE_OF_A_KIND,
        category == Category.TWO_PAIR,
        pocket & (low[None, :] > top),
        pocket,
        (high_pairs & (high[None, :] == top)) | (low_pairs & (low[None, :] == top)),
        high_pairs | low_pairs,
        high_draw,
        flush_draw,
        np.broadcast_to((high == 12)[None, :], strengths.shape),
    ]
    kinds: IntArray = np.select(conditions, list(range(len(conditions))), default=len(conditions)).astype(np.int64)
    return np.where(off, kinds, -1)
