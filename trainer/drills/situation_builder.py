"""The one builder of the situations: what every situation does the same way, so that each states only its cards.

A situation's build draws a table, seats a few players, picks the seat it is about (the focus), deals the cards
that make it the situation, sits random players around it and finishes the scenario; when the cards do not fit it
starts again from the same random source. :class:`SituationRound` holds those shared steps and :func:`retried`
the starting again. The order in which they draw from the random source is part of the contract: the same seed
gives the same scenario (tests/drills/test_situation_pins.py pins it).

>>> from trainer.drills.scenario_cards import fill_board
>>> rng = random.Random(3)
>>> round_ = SituationRound(rng, house_table(rng), focus=True)
>>> round_.board = fill_board(round_.shoe, [])
>>> _ = round_.random_dealer()
>>> first, second = round_.shoe.draw(2)
>>> scenario = round_.finish_focus("blind", "tie", Wager.BLIND, (first, second), side=())
>>> scenario.focus_seat == round_.focus, scenario.focus_seat in {seat.seat for seat in scenario.seats}
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from functools import wraps
from typing import Any, ParamSpec

from trainer.drills.scenario_cards import Hole, ScenarioError
from trainer.drills.scenario_round import (
    DoesNotFitError,
    RoundBuilder,
    Scenario,
    california_table,
    house_table,
    open_seats,
    with_retries,
)
from trainer.engine.dealing import Procedure
from trainer.engine.games import game_named, games
from trainer.engine.table import TableRules
from trainer.engine.wagers import Wager

P = ParamSpec("P")

FILLERS_AROUND_FOCUS = (0, 2)
"""How many random players sit around the seat a situation is about (drawn between the two)."""
FILLER_SIDE_RATE = 0.3
"""How often each of those players makes each side bet the game offers."""


def retried(build: Callable[P, Scenario]) -> Callable[P, Scenario]:
    """``build`` run again, drawing on from the same random source, until its cards fit (see
    :func:`~trainer.drills.scenario_round.with_retries`)."""

    @wraps(build)
    def run(*args: P.args, **kwargs: P.kwargs) -> Scenario:
        return with_retries(lambda: build(*args, **kwargs))

    return run


def side_bet_table(
    rng: random.Random, house_rate: float = 0.8, *, needs: tuple[str, ...] = ("trips",), trips: str | None = None,
    **changes: Any,
) -> TableRules:
    """A house table (at ``house_rate``) or a player-dealer table, of a game that offers the side bets of ``needs``
    (and the Trips table ``trips`` when given)."""
    california = [game for game in games() if not game.is_house and set(needs) <= set(game.side_bets)
                  and (trips is None or trips in game.trips_paytables)]
    house_ok = trips is None or trips in game_named("wa").trips_paytables
    pinned = {} if trips is None else {"trips_paytable": trips}
    if house_ok and (not california or rng.random() < house_rate):
        return house_table(rng, **pinned, **changes)
    table = california_table(rng, needs=needs, **changes)
    if trips is not None and table.trips_paytable != trips:
        raise DoesNotFitError
    return table


class SituationRound(RoundBuilder):
    """A round being built for a situation: the :class:`RoundBuilder` with the table's open seats (:attr:`open`,
    the seats not yet taken, in the order players are drawn from them) and the seat the situation is about
    (:attr:`focus`, drawn at once when ``focus``)."""

    def __init__(
        self, rng: random.Random, table: TableRules, procedure: Procedure | None = None, *, focus: bool = False
    ) -> None:
        super().__init__(rng, table, procedure)
        self.open: list[int] = open_seats(table)
        self.focus: int | None = self.pick_focus() if focus else None

    def pick_focus(self) -> int:
        """Draw the seat the situation is about from the open seats."""
        self.rng.shuffle(self.open)
        self.focus = self.open.pop()
        return self.focus

    def fill(self, fewest: int, most: int, *, play: str = "any", side_rate: float = 0.4) -> None:
        """Between ``fewest`` and ``most`` random players in the first open seats."""
        self.fillers(self.open[: self.rng.randint(fewest, most)], play=play, side_rate=side_rate)

    def finish_focus(
        self,
        situation: str,
        variant: str,
        wager: Wager,
        hole: Hole,
        *,
        play: str | int = "play",
        side: Iterable[str],
        amounts: Mapping[str, Decimal] | None = None,
        note: str = "",
    ) -> Scenario:
        """The focus seat with ``hole`` and its wagers, a few random players around it, and the scenario about
        the focus seat's ``wager``."""
        if self.focus is None:
            raise ScenarioError(f"{situation}: no focus seat was drawn")
        self.add_seat(self.focus, hole, play=play, side=side, amounts=amounts)
        self.fill(*FILLERS_AROUND_FOCUS, side_rate=FILLER_SIDE_RATE)
        return self.finish(situation, variant, focus_seat=self.focus, focus_wager=wager, note=note)
