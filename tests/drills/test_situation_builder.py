"""The one builder of the situations: the focus seat, the players around it, starting again when cards do not fit."""

from __future__ import annotations

import random

import pytest

from trainer.drills.scenario_cards import ScenarioError, fill_board
from trainer.drills.scenario_round import DoesNotFitError, Scenario, house_table, open_seats
from trainer.drills.situation_builder import FILLERS_AROUND_FOCUS, SituationRound, retried, side_bet_table
from trainer.engine.games import game_named
from trainer.engine.wagers import Wager


def _focus_round(seed: int) -> Scenario:
    rng = random.Random(seed)
    round_ = SituationRound(rng, house_table(rng), focus=True)
    round_.board = fill_board(round_.shoe, [])
    round_.random_dealer()
    first, second = round_.shoe.draw(2)
    return round_.finish_focus("blind", "tie", Wager.BLIND, (first, second), side=["trips"])


def test_the_focus_seat_is_an_open_seat_with_the_situation_s_wager_and_at_most_two_players_beside_it() -> None:
    for seed in range(30):
        scenario = _focus_round(seed)
        numbers = [seat.seat for seat in scenario.seats]
        assert scenario.focus_seat in numbers and scenario.focus_wager is Wager.BLIND
        assert set(numbers) <= set(open_seats(scenario.table))
        assert 1 <= len(numbers) <= 1 + FILLERS_AROUND_FOCUS[1]
        assert scenario.seat(scenario.focus_seat).trips > 0


def test_a_round_about_one_seat_cannot_finish_before_that_seat_is_drawn() -> None:
    rng = random.Random(1)
    round_ = SituationRound(rng, house_table(rng))
    round_.board = fill_board(round_.shoe, [])
    round_.random_dealer()
    first, second = round_.shoe.draw(2)
    with pytest.raises(ScenarioError, match="no focus seat"):
        round_.finish_focus("blind", "tie", Wager.BLIND, (first, second), side=())


def test_a_build_whose_cards_do_not_fit_is_started_again_from_the_same_random_source() -> None:
    tries: list[float] = []

    @retried
    def build(rng: random.Random, variant: str) -> Scenario:
        tries.append(rng.random())
        if len(tries) < 3:
            raise DoesNotFitError
        return _focus_round(len(tries))

    build(random.Random(5), "tie")
    again = random.Random(5)
    assert tries == [again.random() for _ in range(3)]


def test_a_side_bet_table_offers_the_side_bets_asked_for() -> None:
    for seed in range(40):
        table = side_bet_table(random.Random(seed), 0.0, needs=("trips", "bad_beat"))
        assert not table.is_house and table.game is not None
        assert {"trips", "bad_beat"} <= set(game_named(table.game).side_bets)
