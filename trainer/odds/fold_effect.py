"""What ``bad_beat_on_fold = "lose"`` costs the player, by seeded simulation under the simple strategy (§9).

With the default rule (``"action"``) a folded hand keeps its Bad Beat, and a fold below three of a kind can never
win it, so the exact never-fold figures hold whatever the player does. With ``"lose"`` every fold loses the bet:
the house edge grows by what the folded hands that would have been paid bring back. That depends on when the
player folds, so it is simulated: random deals, the player following :class:`~trainer.engine.strategy.BasicStrategy`.

Deals are drawn in chunks, each from its own seed (``seed`` and the chunk's number), so a figure does not depend on
how many processes drew it.

>>> from trainer.engine.paytables import load_paytables
>>> effect = fold_effect([load_paytables().bad_beat("BBB-02")], hands=2_000, seed=7)["BBB-02"]
>>> effect.hands, effect.extra_edge >= 0
(2000, True)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from trainer.engine.bad_beat_odds import category_table, hand_strengths
from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.evaluator import Category
from trainer.engine.paytables import Paytable
from trainer.engine.processes import worker_pool
from trainer.engine.strategy import (
    RIVER_OUTS_LIMIT,
    flop_raise,
    made_hand_uses_hole_card,
    preflop_raise,
)
from trainer.odds.sidebets import returned_per_unit

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]

CHUNK = 20_000
"""Deals per chunk (each chunk has its own seed)."""


@dataclass(frozen=True)
class FoldEffect:
    """The house edge added by ``bad_beat_on_fold = "lose"`` on one table, with its standard error."""

    table_id: str
    hands: int
    seed: int
    extra_edge: float
    standard_error: float
    folded_winners: int

    def as_json(self) -> dict[str, object]:
        return {"bad_beat_on_fold": "lose", "strategy": "simple", "method": "simulation", "hands": self.hands,
                "seed": self.seed, "extra_house_edge": self.extra_edge, "standard_error": self.standard_error,
                "folded_winners": self.folded_winners}


def nine_card_deals(rng: random.Random, hands: int) -> Iterator[list[Card]]:
    """``hands`` deals of nine cards, each exactly what ``rng.sample(FULL_DECK, 9)`` draws, drawn faster.

    :meth:`random.Random.sample` takes nine cards from a pool of the 52, each time at an index below the cards
    left, read from ``getrandbits(6)`` until one is below (every count from 52 down to 44 has six bits): the same
    calls to the generator, so the same cards, without a Python call per card.
    """
    getrandbits = rng.getrandbits
    for _ in range(hands):
        pool = list(FULL_DECK)
        cards = []
        for left in range(52, 43, -1):
            index = getrandbits(6)
            while index >= left:
                index = getrandbits(6)
            cards.append(pool[index])
            pool[index] = pool[left - 1]
        yield cards


_FIRST_LEFT, _LAST_LEFT = 52, 44  # the cards left to draw from, first card to ninth


def nine_card_deal_array(seed: int, hands: int) -> IntArray:
    """The first ``hands`` deals :func:`nine_card_deals` makes from ``random.Random(seed)``, as rows of nine card
    indices, drawn with numpy.

    The generator's state is handed to numpy's Mersenne Twister, which gives the same 32-bit words; a draw is a
    word's top six bits, and the draws of 52 and up, which no card takes, are left out. Which draws a deal takes
    hangs on those refused before it, so: for each card of a deal (one limit each) the next draw it could take is
    found for every place at once, which gives every place the place where a deal started there ends; the deals'
    starts follow one from the other (found by doubling the step), and their cards are then drawn from their
    pools all at once."""
    if hands < 1:
        return np.empty((0, 9), dtype=np.int64)
    _version, internal, _gauss = random.Random(seed).getstate()
    twister = np.random.MT19937()
    twister.state = {"bit_generator": "MT19937",
                     "state": {"key": np.array(internal[:-1], dtype=np.uint32), "pos": internal[-1]}}
    draws = np.empty(0, dtype=np.int32)
    more = 13 * hands + 64  # a deal takes 12.1 words on average, 9.9 of them below 52
    while True:
        new = (twister.random_raw(more) >> 26).astype(np.int32)
        draws = np.concatenate([draws, new[new < _FIRST_LEFT]])
        found = _deal_draws(draws, hands)
        if found is not None:
            break
        more = 13 * hands + 64
    rows = np.arange(hands)
    pool = np.tile(np.arange(52, dtype=np.int64), (hands, 1))
    cards = np.empty((hands, 9), dtype=np.int64)
    for place, (left, taken) in enumerate(zip(range(_FIRST_LEFT, _LAST_LEFT - 1, -1), found, strict=True)):
        index = draws[taken]
        cards[:, place] = pool[rows, index]
        pool[rows, index] = pool[rows, left - 1]
    return cards


def _deal_draws(draws: Int32Array, hands: int) -> list[Int32Array] | None:
    """For the first ``hands`` deals of ``draws`` (all below 52), the place of the draw each of their nine cards
    takes (one array per card); None when the draws end first."""
    length = len(draws)
    nexts = [np.arange(length + 1, dtype=np.int32)]  # the first card takes any draw below 52
    for left in range(_FIRST_LEFT - 1, _LAST_LEFT - 1, -1):
        # per card: at each place, the first place from there on whose draw that card takes (length: none)
        taken = draws < left
        places = np.append(np.flatnonzero(taken).astype(np.int32), np.int32(length))
        before = np.zeros(length + 1, dtype=np.int32)  # at each place, how many draws before it the card takes
        np.cumsum(taken, out=before[1:])
        nexts.append(places[before])
    step = np.arange(length + 1, dtype=np.int32)
    for following in nexts:  # where a deal started at each place ends, plus one; length + 1: unfinished
        step = following[np.minimum(step, length)] + 1
    one_step = np.append(np.minimum(step, length + 1), np.int32(length + 1))
    starts, steps = np.zeros(1, dtype=np.int32), one_step
    while len(starts) < hands:  # the deals' starts, doubled: those after each start so far, as many steps on
        starts = np.concatenate([starts, steps[starts]])
        steps = steps[steps]
    starts = starts[:hands]
    if one_step[starts[-1]] > length:
        return None
    taken_at = []
    at = starts
    for following in nexts:
        at = following[at]
        taken_at.append(at)
        at = at + 1
    return taken_at


Job = tuple[int, int, tuple[tuple[float, ...], ...]]
"""A chunk's seed, its deals and each table's returns by category."""
Result = tuple[list[float], list[float], list[int]]
"""Per table, the sum and the sum of squares of the lost returns, and the count of such deals."""
JOBS_AT_ONCE = 64
"""Chunks handed to the workers at a time."""


def _chunk(job: Job) -> Result:
    """One chunk: per table, the sum and the sum of squares of the lost returns, and the count of such deals.

    The deals' hands are valued all at once; the strategy is played on the few where the beaten hand is three
    of a kind or better (:func:`_folds`), and their returns added in the deals' order."""
    seed, hands, tables = job
    sums = [0.0] * len(tables)
    squares = [0.0] * len(tables)
    counts = [0] * len(tables)
    deals = nine_card_deal_array(seed, hands)
    board = deals[:, 4:]
    category = category_table()
    player = hand_strengths(np.concatenate([deals[:, :2], board], axis=1))
    dealer = hand_strengths(np.concatenate([deals[:, 2:4], board], axis=1))
    beaten = category[np.minimum(player, dealer)]
    paying = np.flatnonzero((beaten >= Category.THREE_OF_A_KIND) & (player != dealer))
    folded = _folds(deals[paying], player[paying])
    for beaten_category, fold in zip(beaten[paying].tolist(), folded, strict=True):
        if not fold:
            continue
        for index, returned in enumerate(tables):
            value = returned[beaten_category]
            if value:
                sums[index] += value
                squares[index] += value * value
                counts[index] += 1
    return sums, squares, counts


def _folds(deals: IntArray, player: IntArray) -> list[bool]:
    """Whether the player folds each deal under the simple strategy (:class:`BasicStrategy`, as
    :func:`~trainer.engine.strategy.play_hand` plays it), given the player's strengths.

    The decisions before the river, and the made hand on it, are the strategy's own functions, deal by deal;
    the dealer's outs on the river (:func:`~trainer.engine.strategy.dealer_outs`: the unseen cards that give
    the dealer, with the board, a better hand than the player's) are counted for the deals left all at once."""
    rows = deals.tolist()
    folded = [False] * len(rows)
    to_the_river = []
    for place, row in enumerate(rows):
        hole, board = [FULL_DECK[card] for card in row[:2]], [FULL_DECK[card] for card in row[4:]]
        if not (preflop_raise(hole) or flop_raise(hole, board[:3]) or made_hand_uses_hole_card(hole, board)):
            to_the_river.append(place)
    if not to_the_river:
        return folded
    river = deals[to_the_river]
    seen = np.zeros((len(river), 52), dtype=np.bool_)
    np.put_along_axis(seen, np.concatenate([river[:, :2], river[:, 4:]], axis=1), True, axis=1)
    row, card = np.nonzero(~seen)
    strengths = hand_strengths(np.concatenate([river[row, 4:], card[:, None]], axis=1))
    outs = np.bincount(row, strengths > player[to_the_river][row], len(river))
    for place, count in zip(to_the_river, outs.tolist(), strict=True):
        folded[place] = count >= RIVER_OUTS_LIMIT
    return folded


def _returns(table: Paytable) -> tuple[float, ...]:
    """What the table gives back per unit wagered for a beaten hand of each category (0: not paid)."""
    values = []
    for category in Category:
        line = table.line_for(category.label)
        values.append(float(returned_per_unit(line.odds)) if line else 0.0)
    return tuple(values)


def _spread(pool: Pool, jobs: Iterator[Job]) -> Iterator[Result]:
    """The chunks' results from ``pool``, the jobs handed over :data:`JOBS_AT_ONCE` at a time (a pool takes all
    it is given at once: the job list is never whole in memory)."""
    while batch := list(itertools.islice(jobs, JOBS_AT_ONCE)):
        yield from pool.imap_unordered(_chunk, batch)


def fold_effect(
    tables: Sequence[Paytable], hands: int = 400_000, seed: int = 2024, workers: int = 1,
    progress: Callable[[int, int], None] | None = None, pool: Pool | None = None,
) -> dict[str, FoldEffect]:
    """Per table, the house edge added when every fold loses the Bad Beat (``hands`` simulated deals), on
    ``workers`` processes or in ``pool``, a pool of workers already started, when given."""
    if hands < 1:
        raise ValueError(f"the simulation needs at least one deal, not {hands}")
    returns = tuple(_returns(table) for table in tables)
    chunks = -(-hands // CHUNK)
    jobs = ((seed * 100_003 + number, min(CHUNK, hands - number * CHUNK), returns) for number in range(chunks))
    totals = [0.0] * len(tables)
    squares = [0.0] * len(tables)
    winners = [0] * len(tables)

    def add(result: Result, done: int) -> None:
        for index in range(len(tables)):
            totals[index] += result[0][index]
            squares[index] += result[1][index]
            winners[index] += result[2][index]
        if progress is not None:
            progress(done, chunks)

    if pool is not None:
        for done, result in enumerate(_spread(pool, jobs), 1):
            add(result, done)
    elif workers <= 1:
        for done, job in enumerate(jobs, 1):
            add(_chunk(job), done)
    else:
        with worker_pool(workers) as own_pool:
            for done, result in enumerate(_spread(own_pool, jobs), 1):
                add(result, done)
    effects = {}
    for index, table in enumerate(tables):
        mean = totals[index] / hands
        variance = max(squares[index] / hands - mean * mean, 0.0)
        effects[table.id] = FoldEffect(table.id, hands, seed, mean, math.sqrt(variance / hands), winners[index])
    return effects
