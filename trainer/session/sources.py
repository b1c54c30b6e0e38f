"""Where the table's rounds come from: a :class:`RoundSource` gives the next round and its felt.

- :class:`SettingsRounds`: the user's table, simulated players dealt by the settings (endless);
- :class:`DrillRounds`: a settlement drill's hands, each on the felt its scenario needs (a set number);
- :class:`ReplayRound`: one given round, played again.

A source also names what its hands are scored under (``settlement`` for the user's table, else the drill).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from trainer.engine.round import PlayedRound, RoundDealer
from trainer.scoring import Mode
from trainer.session.felt import Felt, scenario_felt, settings_felt
from trainer.session.records import TableRound
from trainer.settings import Settings, new_session, table_changed

if TYPE_CHECKING:  # the drills load with a drill's rounds, not with the user's table (a quicker start)
    from trainer.drills.scenario_round import Scenario
    from trainer.drills.settlement_drills import SettlementDrill, SettlementItem

TABLE_DRILL = "settlement"
"""The name the hands of the user's own table are scored under."""


class RoundSource(Protocol):
    """Gives the table its rounds."""

    @property
    def name(self) -> str:
        """What the hands are scored under."""
        ...

    @property
    def rounds_left(self) -> int | None:
        """How many rounds it still has (None: no end)."""
        ...

    def next_round(self) -> TableRound | None:
        """The next round and its felt (None when there is none left)."""
        ...


class SettingsRounds:
    """The user's own table: rounds of simulated players dealt by the settings, the button and the meter
    carried from round to round by one :class:`~trainer.engine.round.RoundDealer` (a new one when the
    settings change how rounds are dealt)."""

    name = TABLE_DRILL
    rounds_left: int | None = None

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        self.settings = settings
        self.rng = rng
        self._dealer: RoundDealer | None = None

    def use_settings(self, settings: Settings) -> None:
        """Deal by ``settings`` from the next round (the same table goes on when only the look changed)."""
        if table_changed(self.settings, settings):
            self._dealer = None
        self.settings = settings

    @property
    def felt(self) -> Felt:
        """The felt of the user's table."""
        return settings_felt(self.settings)

    def next_round(self) -> TableRound:
        if self._dealer is None:
            self._dealer = new_session(self.settings, self.rng)
        return TableRound(self._dealer.next_round(), self.felt)


class DrillRounds:
    """``count`` hands of a settlement drill from ``seed``, dealt with the two decks' backs alternating. With
    ``banking`` (an instructor's exam) every hand is on a table of that banking with the pay tables
    ``paytables`` names (``ValueError`` when the drill deals no such table)."""

    def __init__(self, drill: SettlementDrill, mode: Mode, count: int, seed: int,
                 deck_backs: tuple[str, str] = ("red", "blue"), *, banking: str | None = None,
                 paytables: Mapping[str, str] | None = None) -> None:
        self.drill = drill
        self.mode = mode
        self.count = count
        self.seed = seed
        self.deck_backs = deck_backs
        rng = random.Random(seed)
        self.own_tables = banking is not None
        """Every hand on the tables an exam names (not the drill's own): a hand is dealt again as its round."""
        if banking is not None:
            self.items: tuple[SettlementItem, ...] = tuple(
                drill.items_on(rng, count, mode, banking=banking, paytables=paytables or {}))
        else:
            self.items = tuple(drill.items(rng, count, mode))
        self.dealt = 0

    @property
    def name(self) -> str:
        return self.drill.name

    @property
    def rounds_left(self) -> int:
        return len(self.items) - self.dealt

    @property
    def scenario(self) -> Scenario | None:
        """The scenario of the hand dealt last."""
        return self.items[self.dealt - 1].scenario if self.dealt else None

    def next_round(self) -> TableRound | None:
        if self.dealt >= len(self.items):
            return None
        from trainer.drills.played import played_round
        from trainer.drills.scenario_round import table_line

        scenario = self.items[self.dealt].scenario
        self.dealt += 1
        colour = self.deck_backs[(self.dealt - 1) % 2]
        caption = f"Drill {self.name}, hand {self.dealt} of {self.count} · {table_line(scenario)}"
        return TableRound(played_round(scenario, self.dealt, colour), scenario_felt(scenario), caption)


@runtime_checkable
class RetriedRounds(Protocol):
    """A source that deals a hand again until it is settled right (My mistakes): told how each hand went."""

    def scored(self, number: int, right: bool) -> None:
        """Round ``number`` of the source was settled, right (every step) or not."""
        ...


class ReplayRound:
    """One round played again on ``felt`` (its hand scored under ``name``)."""

    def __init__(self, played: PlayedRound, felt: Felt, *, name: str = TABLE_DRILL,
                 caption: str | None = None) -> None:
        self.played = played
        self.felt = felt
        self.name = name
        self.caption = caption
        self._dealt = False

    @property
    def rounds_left(self) -> int:
        return 0 if self._dealt else 1

    def next_round(self) -> TableRound | None:
        if self._dealt:
            return None
        self._dealt = True
        return TableRound(self.played, self.felt, self.caption)


__all__ = ["TABLE_DRILL", "DrillRounds", "ReplayRound", "RetriedRounds", "RoundSource", "SettingsRounds"]
