"""The Bad Beat's fold-loses simulation drawn and played with arrays deals exactly what the reference draws and
folds exactly where the simple strategy folds; its job list is never whole in memory."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from trainer.engine.bad_beat_odds import hand_strengths
from trainer.engine.cards import FULL_DECK
from trainer.engine.paytables import load_paytables
from trainer.engine.strategy import BasicStrategy, play_hand
from trainer.odds import fold_effect as simulation


@pytest.mark.parametrize("seed", [0, 7, 2024 * 100_003 + 3])
@pytest.mark.parametrize("hands", [1, 2, 3_000])
def test_deal_arrays_hold_the_cards_the_reference_deals(seed: int, hands: int) -> None:
    expected = [[int(card) for card in deal] for deal in simulation.nine_card_deals(random.Random(seed), hands)]
    assert simulation.nine_card_deal_array(seed, hands).tolist() == expected


def test_array_hand_strengths_are_the_evaluators() -> None:
    from trainer.engine.evaluator import evaluate

    deals = simulation.nine_card_deal_array(11, 2_000)
    for size in (5, 6, 7):
        hands = deals[:, :size]
        expected = [evaluate([FULL_DECK[card] for card in row]).strength for row in hands.tolist()]
        assert hand_strengths(hands).tolist() == expected


def test_the_simulation_folds_exactly_where_the_simple_strategy_folds() -> None:
    deals = simulation.nine_card_deal_array(5, 6_000)
    player = hand_strengths(np.concatenate([deals[:, :2], deals[:, 4:]], axis=1))
    folded = simulation._folds(deals, player)
    strategy = BasicStrategy()
    expected = [play_hand(strategy, [FULL_DECK[c] for c in row[:2]], [FULL_DECK[c] for c in row[4:]])[0] == 0
                for row in deals.tolist()]
    assert folded == expected
    assert 0 < sum(folded) < len(folded)


class _StopError(Exception):
    pass


class _CountingPool:
    """Stands for a pool of workers: counts the jobs it is handed and answers each with nothing lost."""

    def __init__(self) -> None:
        self.handed = 0

    def imap_unordered(self, _work: Any, jobs: Any) -> Any:
        jobs = list(jobs)
        self.handed += len(jobs)
        return iter([([0.0], [0.0], [0])] * len(jobs))


def test_a_huge_simulation_hands_its_jobs_over_a_few_at_a_time() -> None:
    pool = _CountingPool()

    def stop_after_the_first(done: int, total: int) -> None:
        assert total == 10**20 // simulation.CHUNK
        raise _StopError

    with pytest.raises(_StopError):
        simulation.fold_effect([load_paytables().bad_beat("BBB-02")], hands=10**20, progress=stop_after_the_first,
                               pool=pool)  # type: ignore[arg-type]  # a stand-in for a pool
    assert 0 < pool.handed <= simulation.JOBS_AT_ONCE
