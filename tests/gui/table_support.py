"""Shared by the table tests: Qt warnings fail a test, engine rounds to play, a scene laid out for them."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from trainer.engine.dealing import Procedure
from trainer.engine.round import PlayedRound, RoundDealer
from trainer.engine.table import Banking, TableRules
from trainer.gui.table.art import ArtLibrary
from trainer.gui.table.layout import TableLayoutConfig
from trainer.gui.table.scene import TableScene
from trainer.resources import assets_dir

HOUSE_SIDE_BETS = ("trips", "bad_beat", "pairs", "progressive")
PLAYER_DEALER_SIDE_BETS = ("trips", "bad_beat")


class FakeSound:
    """Records what the window and the round ask of the sound player."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.muted = False
        self.volume = 0.7

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True

    def set_muted(self, muted: bool) -> None:
        self.muted = muted

    def set_volume(self, volume: float) -> None:
        self.volume = volume


def rules_for(banking: str) -> TableRules:
    if banking == "house":
        return TableRules()
    return TableRules(banking=Banking.PLAYER_DEALER, collection_schedule="uth-1")


def session(
    procedure: str = "ace", banking: str = "house", seats: int = 7, seed: int = 1, bank: int = 1000
) -> RoundDealer:
    side_bets = HOUSE_SIDE_BETS if banking == "house" else PLAYER_DEALER_SIDE_BETS
    return RoundDealer(
        rules_for(banking),
        Procedure(procedure),
        seats,
        random.Random(seed),
        side_bets=side_bets,
        sit_out_rate=0.0,
        player_dealer_bank=Decimal(bank),
    )


def played_round(
    procedure: str = "ace", banking: str = "house", seats: int = 7, seed: int = 1, number: int = 1
) -> PlayedRound:
    """The ``number``-th round of a seeded session."""
    table = session(procedure, banking, seats, seed)
    played = table.next_round()
    for _ in range(number - 1):
        played = table.next_round()
    return played


def config_for(played: Any, seats: int) -> TableLayoutConfig:
    """The felt for a played round's table, with its pay tables printed."""
    rules = played.table
    tables = rules.paytables
    house = str(rules.banking) == "house"
    shown = [tables.blind(), tables.trips(rules.trips_paytable), tables.bad_beat(rules.bad_beat_paytable)]
    if house:
        shown += [tables.pairs(rules.pairs_paytable), tables.progressive(rules.progressive_paytable)]
    return TableLayoutConfig(
        banking="house" if house else "player-dealer",
        seat_count=seats,
        bad_beat=True,
        pairs=house,
        progressive=house,
        paytables=tuple((t.title, tuple((line.label, line.odds.text) for line in t.lines)) for t in shown),
        inscription=rules.inscription,
    )


_ART: list[ArtLibrary] = []


def art() -> ArtLibrary:
    """One library of the shipped artwork for the whole test run (its pixmap cache is shared)."""
    if not _ART:
        _ART.append(ArtLibrary(assets_dir()))
    return _ART[0]


def scene_for(played: Any, seats: int) -> TableScene:
    return TableScene(config_for(played, seats), art())
