"""The table the settings describe: the game of the documents they are, the engine's table rules, a dealer of
rounds, and whether a change of settings needs a new table session.

Pure Python (no Qt).
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import TYPE_CHECKING

from trainer.engine.dealing import Procedure
from trainer.engine.games import Game, game_of_settings
from trainer.engine.table import Banking, OnFold, TableRules
from trainer.settings.fields import PAYOUT_ROUNDINGS
from trainer.settings.record import Settings

if TYPE_CHECKING:
    from trainer.engine.round import RoundDealer


def settings_game(settings: Settings) -> Game | None:
    """The game of the documents these settings are (rules-notes §1b), or None: the room's custom table.

    >>> from trainer.settings.record import DEFAULTS
    >>> settings_game(DEFAULTS).id
    'wa'
    """
    return game_of_settings(settings.as_dict())


def table_rules(settings: Settings) -> TableRules:
    """The engine's table rules for these settings (limits, bank and fee included).

    >>> rules = table_rules(Settings(banking="player-dealer", collection_schedule="uth-2"))
    >>> rules.banking.value, rules.collection_schedule, rules.player_dealer_bank, rules.max_wager
    ('player-dealer', 'uth-2', Decimal('1000'), Decimal('500'))
    """
    player_dealer = settings.player_dealer
    return TableRules(
        banking=Banking(settings.banking),
        trips_paytable=settings.trips_paytable,
        bad_beat_paytable=settings.bad_beat_paytable,
        pairs_paytable=str(settings.pairs_paytable),
        progressive_paytable=settings.progressive_paytable,
        player_dealer_bank=Decimal(settings.player_dealer_bank) if player_dealer else None,
        collection_schedule=settings.collection_schedule if player_dealer else None,
        min_wager=Decimal(settings.min_wager),
        max_wager=Decimal(settings.max_wager),
        bad_beat_on_fold=_on_fold(settings.bad_beat_on_fold),
        progressive_on_fold=_on_fold(settings.progressive_on_fold),
        round_payouts_to=PAYOUT_ROUNDINGS[settings.round_payouts_to],
    )


def _on_fold(value: str) -> OnFold:
    return "lose" if value == "lose" else "action"


def new_session(settings: Settings, rng: random.Random | None = None) -> RoundDealer:
    """A table of simulated players dealing rounds by these settings (the engine's ``RoundDealer``)."""
    from trainer.engine.round import RoundDealer

    return RoundDealer(
        table_rules(settings),
        Procedure(settings.procedure),
        settings.seats,
        rng or random.Random(),
        careless=settings.careless_players,
        side_bets=settings.offered_side_bets,
        min_wager=Decimal(settings.min_wager),
        max_wager=Decimal(settings.max_wager),
        player_dealer_bank=Decimal(settings.player_dealer_bank),
        deck_colours=settings.deck_backs,
    )


TABLE_FIELDS = (
    "banking", "seats", "procedure", "trips_paytable", "bad_beat_paytable", "pairs_paytable",
    "progressive_paytable", "offer_trips", "offer_bad_beat", "offer_pairs", "offer_progressive", "min_wager",
    "max_wager", "player_dealer_bank", "collection_schedule", "careless_players", "deck_backs", "bad_beat_on_fold",
    "progressive_on_fold", "round_payouts_to",
)
"""The fields that change how rounds are dealt: a change to one of them starts a new table session."""


def table_changed(old: Settings, new: Settings) -> bool:
    """True when ``new`` deals differently from ``old`` (a new table session is needed)."""
    return any(getattr(old, name) != getattr(new, name) for name in TABLE_FIELDS)

