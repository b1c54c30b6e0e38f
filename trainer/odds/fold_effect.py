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

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.evaluator import Category, evaluate
from trainer.engine.paytables import Paytable
from trainer.engine.processes import worker_pool
from trainer.engine.strategy import BasicStrategy, play_hand
from trainer.odds.sidebets import returned_per_unit

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


def _chunk(job: tuple[int, int, tuple[tuple[float, ...], ...]]) -> tuple[list[float], list[float], list[int]]:
    """One chunk: per table, the sum and the sum of squares of the lost returns, and the count of such deals."""
    seed, hands, tables = job
    player_strategy = BasicStrategy()
    sums = [0.0] * len(tables)
    squares = [0.0] * len(tables)
    counts = [0] * len(tables)
    trips = Category.THREE_OF_A_KIND
    for cards in nine_card_deals(random.Random(seed), hands):
        hole, board = cards[:2], cards[4:]
        player = evaluate((*hole, *board))
        if player.category < trips:
            continue  # the beaten hand would be the player's, below three of a kind: never paid
        dealer = evaluate((*cards[2:4], *board))
        if dealer == player:
            continue
        beaten = min(player, dealer).category
        if beaten < trips or play_hand(player_strategy, hole, board)[0]:
            continue  # nothing to pay, or the player did not fold
        for index, returned in enumerate(tables):
            value = returned[beaten]
            if value:
                sums[index] += value
                squares[index] += value * value
                counts[index] += 1
    return sums, squares, counts


def _returns(table: Paytable) -> tuple[float, ...]:
    """What the table gives back per unit wagered for a beaten hand of each category (0: not paid)."""
    values = []
    for category in Category:
        line = table.line_for(category.label)
        values.append(float(returned_per_unit(line.odds)) if line else 0.0)
    return tuple(values)


def fold_effect(
    tables: Sequence[Paytable], hands: int = 400_000, seed: int = 2024, workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, FoldEffect]:
    """Per table, the house edge added when every fold loses the Bad Beat (``hands`` simulated deals)."""
    if hands < 1:
        raise ValueError(f"the simulation needs at least one deal, not {hands}")
    returns = tuple(_returns(table) for table in tables)
    jobs = [(seed * 100_003 + number, min(CHUNK, hands - start), returns)
            for number, start in enumerate(range(0, hands, CHUNK))]
    totals = [0.0] * len(tables)
    squares = [0.0] * len(tables)
    winners = [0] * len(tables)

    def add(result: tuple[list[float], list[float], list[int]], done: int) -> None:
        for index in range(len(tables)):
            totals[index] += result[0][index]
            squares[index] += result[1][index]
            winners[index] += result[2][index]
        if progress is not None:
            progress(done, len(jobs))

    if workers <= 1:
        for done, job in enumerate(jobs, 1):
            add(_chunk(job), done)
    else:
        with worker_pool(workers) as pool:
            for done, result in enumerate(pool.imap_unordered(_chunk, jobs), 1):
                add(result, done)
    effects = {}
    for index, table in enumerate(tables):
        mean = totals[index] / hands
        variance = max(squares[index] / hands - mean * mean, 0.0)
        effects[table.id] = FoldEffect(table.id, hands, seed, mean, math.sqrt(variance / hands), winners[index])
    return effects
