"""A drill's scenario as a round the table plays: the bets, the deal in dealing order and the decisions.

The settlement drills build :class:`~trainer.drills.scenario_round.Scenario` records; the table animates
:class:`~trainer.engine.round.PlayedRound` records. :func:`played_round` turns the one into the other (every
card lands where the scenario says) and :func:`positions` is the size of the table the scenario needs.
"""

from __future__ import annotations

from trainer.drills.scenario_round import Scenario
from trainer.engine.round import Bets, PlayedRound
from trainer.engine.table import PLAYER_DEALER_POSITIONS


def played_round(scenario: Scenario, number: int = 1, deck_colour: str = "red") -> PlayedRound:
    """The scenario as a round the table plays: its deck dealt by its procedure, its seats' decisions.

    >>> from trainer.drills.scenarios import situations_of
    >>> scenario = situations_of("blind")[0].generate(3)
    >>> played = played_round(scenario, 4, "blue")
    >>> played.number, played.deck_colour, played.settlement == scenario.settlement
    (4, 'blue', True)
    """
    bets = tuple(Bets(seat.seat, seat.ante, seat.trips, seat.bad_beat, seat.pairs, seat.progressive)
                 for seat in scenario.seats)
    return PlayedRound(number, scenario.table, scenario.procedure, scenario.deal(), bets, scenario.decisions(),
                       scenario.seats, scenario.settlement, deck_colour)


def positions(scenario: Scenario) -> int:
    """The seats of the scenario's table: 7 on a house table, on a player-dealer table the fewest positions
    (6 or 8) that hold every seat of the scenario and the player-dealer.

    >>> from trainer.drills.scenarios import situations_of
    >>> positions(situations_of("blind")[0].generate(3))
    7
    """
    table = scenario.table
    if table.is_house:
        return 7
    used = max([seat.seat for seat in scenario.seats] + [table.player_dealer_seat or 1])
    return min(count for count in sorted(PLAYER_DEALER_POSITIONS) if count >= used)


__all__ = ["played_round", "positions"]
