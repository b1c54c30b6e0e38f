"""Every drill item of every topic is a table of one of the documents' three games (rules-notes §1b): the game's
banking, positions, pay tables, side bets, fee option and limits, checked by the engine's own game check."""

from __future__ import annotations

import random

import pytest

from tests.typed import present
from trainer.drills.base import DrillItem, all_drills
from trainer.drills.scenario_round import Scenario
from trainer.engine.games import GAME_IDS, game_named
from trainer.scoring import Mode

SCENARIO_DRILLS = sorted(name for name, drill in all_drills().items()
                         if hasattr(drill, "situations"))



def scenario_of(item: DrillItem) -> Scenario:
    """The hand an item of a scenario drill deals."""
    scenario = getattr(item, "scenario", None)
    assert isinstance(scenario, Scenario), item.title
    return scenario


@pytest.mark.parametrize("name", SCENARIO_DRILLS)
def test_every_drill_item_over_many_seeds_is_a_table_of_one_of_the_three_games(name: str) -> None:
    drill = all_drills()[name]
    for seed in range(12):
        for item in drill.items(random.Random(seed), 8, Mode.PRACTICE):
            scenario = scenario_of(item)
            table = scenario.table
            assert table.game in GAME_IDS, (name, seed, scenario.situation)
            game = game_named(table.game)
            assert game.table_problems(table, scenario.seats) == [], (name, seed, scenario.situation)
            if not table.is_house:
                assert table.collection_schedule in game.fee_schedules
                low, high = table.min_wager, table.max_wager
                wagers = [seat.stake(wager) for seat in scenario.seats for wager in seat.placed()]
                assert low is not None and high is not None and all(low <= w <= high for w in wagers)


def test_no_california_drill_table_offers_bad_beat_and_no_bad_beat_table_has_uth_02() -> None:
    for name in SCENARIO_DRILLS:
        for item in all_drills()[name].items(random.Random(1), 30, Mode.PRACTICE):
            table, seats = scenario_of(item).table, scenario_of(item).seats
            if table.game == "ca":
                assert not any(seat.bad_beat for seat in seats) and table.trips_paytable == "UTH-02"
                assert table.collection_schedule in ("uth-1", "uth-2", "uth-3")
            if table.game == "ca-bad-beat":
                assert table.trips_paytable == "UTH-04" and present(table.collection_schedule).startswith("bb-")
                assert table.player_dealer_seat is not None and table.player_dealer_seat <= 6
                assert all(seat.seat <= 6 for seat in seats)
