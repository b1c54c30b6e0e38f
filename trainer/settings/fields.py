"""What each setting may hold: the choices offered, the limits, and one check per field.

Pure Python (no Qt). Each check returns ``None`` when a value is fine, else a message in plain words naming what is
wrong; the rules between fields (a player-dealer table's positions, Bad Beat only with Trips, the limits' order) are
clashes, each naming the field that gives way and the value it falls back to.

>>> _CHECKS["seats"](7) is None, _CHECKS["seats"](9)
(True, '9 seats is not a table size (1 to 7 seats, or 6 or 8 player-dealer positions)')
"""

from __future__ import annotations

import base64
import binascii
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import trainer.engine.table as _engine_table
from trainer.engine import words
from trainer.engine.dealing import Procedure
from trainer.engine.games import Game
from trainer.engine.paytables import load_paytables
from trainer.engine.table import Banking
from trainer.engine.words import schedule_name
from trainer.i18n.translation import N_, SPOKEN, _

BANKINGS = tuple(b.value for b in Banking)
PROCEDURES = tuple(p.value for p in Procedure)
PROCEDURE_LABELS = {p.value: p.label for p in Procedure}
HOUSE_SEATS = range(1, _engine_table.HOUSE_SEATS + 1)
PLAYER_DEALER_POSITIONS = _engine_table.PLAYER_DEALER_POSITIONS
DECK_BACK_COLOURS = ("red", "blue", "green", "black")
SPEED_STEPS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0)
"""The animation speeds the Slower / Faster commands step through."""
MIN_SPEED, MAX_SPEED = SPEED_STEPS[0], SPEED_STEPS[-1]
"""The animation speed limits, 0.25x and 4x: the one definition the table and its controls use."""
WAGER_FLOOR, WAGER_CEILING = 1, 100_000
"""Table limits are whole dollars between these two."""

ON_FOLD_CHOICES = ("action", "lose")
"""What a fold does to a Bad Beat or Progressive wager: it stays in ``action`` (the default), or it ``lose``s with
the hand (rules-notes §5)."""
PAYOUT_ROUNDINGS = {"exact": None, "0.50": Decimal("0.5"), "1": Decimal(1)}
"""``round_payouts_to`` choices: payouts exact, or rounded down to a 50-cent or a one-dollar chip."""
PAYOUT_ROUNDING_LABELS = {"exact": "exact", "0.50": "$0.50", "1": "$1"}
QUIZ_MODES = ("off", "guided", "practice", "exam", "speed")
"""The *Settle it yourself* modes: ``off`` (the table settles) or a :class:`~trainer.scoring.Mode` value."""


class SettingsError(ValueError):
    """A settings value that is not allowed; ``key`` names the field, the message says why in plain words."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


def default_procedure(banking: str) -> str:
    """The dealing procedure a table of this banking uses unless told otherwise.

    >>> default_procedure("house"), default_procedure("player-dealer")
    ('ace', 'shuffler')
    """
    return "shuffler" if banking == "player-dealer" else "ace"


def speed_text(speed: float) -> str:
    """How a speed reads on the toolbar.

    >>> speed_text(1.0), speed_text(0.25), speed_text(1.5)
    ('1x', '0.25x', '1.5x')
    """
    return f"{speed:g}x"


def step_speed(speed: float, direction: int) -> float:
    """The next speed in :data:`SPEED_STEPS`, slower (``direction < 0``) or faster, clamped at the ends.

    >>> step_speed(1.0, +1), step_speed(1.0, -1), step_speed(4.0, +1), step_speed(1.2, +1)
    (1.5, 0.75, 4.0, 1.5)
    """
    if direction > 0:
        return next((s for s in SPEED_STEPS if s > speed + 1e-9), MAX_SPEED)
    return next((s for s in reversed(SPEED_STEPS) if s < speed - 1e-9), MIN_SPEED)


def paytable_choices(kind: str) -> tuple[str, ...]:
    """The ids of the engine's pay tables of ``kind`` (``trips``, ``bad_beat``, ``pairs``, ``progressive``).

    >>> paytable_choices("trips")
    ('UTH-01', 'UTH-02', 'UTH-03', 'UTH-04')
    """
    return tuple(load_paytables().ids(kind))


def paytable_title(kind: str, table_id: str | int) -> str:
    """The title the engine gives a pay table, in the current language: ``Trips UTH-01``, ``Progressive 01``
    (``Pozo progresivo 01``)."""
    return words.paytable_name(load_paytables().get(kind, table_id).title)


def collection_choices() -> tuple[str, ...]:
    """The engine's collection schedules: ``uth-1``..``uth-3`` (seed 003), ``bb-1``..``bb-24`` (seed 001)."""
    return tuple(load_paytables().schedule_ids())


def collection_title(schedule_id: str) -> str:
    """The title of a collection schedule in the current language: ``Collection option 1 (Bad Beat Bonus)``
    (``Opción de comisión 1 (Bad Beat Bonus)``: the game keeps its name).

    >>> collection_title("bb-2")
    'Collection option 2 (Bad Beat Bonus)'
    """
    return schedule_name(load_paytables().collection(schedule_id).title)


def game_title(game: Game | None) -> str:
    """A game's short name for a screen (``Washington UTH``), or ``Custom table`` for a room's own combination.

    >>> from trainer.engine.games import game_named
    >>> game_title(game_named("ca-bad-beat")), game_title(None)
    ('California UTH Bad Beat Bonus', 'Custom table')
    """
    return game.title.replace("Ultimate Texas Hold'em", "UTH") if game is not None else "Custom table"


# ----------------------------------------------------------------------------------------------------
# Checks, one per field: each returns ``None`` when the value is fine, else a message in plain words.


def _quoted(value: object) -> str:
    """A value from the settings file for a message: text in quotes with anything invisible escaped, numbers and
    lists as JSON writes them, long ones cut; never a Python repr."""
    from trainer.jsonin import shown, shown_text

    return f"'{shown_text(value, quote=False)}'" if isinstance(value, str) else shown(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    if not (_is_int(value) or isinstance(value, float)):
        return False
    return math.isfinite(float(value))  # type: ignore[arg-type]


def _one_of(choices: tuple[Any, ...], what: str) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if value in choices and type(value) is type(choices[0]):
            return None
        listed = ", ".join(repr(c) if isinstance(c, str) else str(c) for c in choices)
        return _("{value} is not a known {what} (choose from {choices})").format(
            value=_quoted(value), what=_(what), choices=listed)

    return check


def _flag(value: object) -> str | None:
    return None if isinstance(value, bool) else _("{value} is not true or false").format(value=_quoted(value))


def _whole_dollars(low: int, high: int) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if not _is_int(value):
            return _("{value} is not a whole number of dollars").format(value=_quoted(value))
        if not low <= value <= high:  # type: ignore[operator]
            return _("{value} is outside {low} to {high}").format(value=f"${value}", low=f"${low:,}",
                                                                  high=f"${high:,}")
        return None

    return check


def _check_seats(value: object) -> str | None:
    if not _is_int(value):
        return _("{value} is not a whole number").format(value=_quoted(value))
    if value not in HOUSE_SEATS and value not in PLAYER_DEALER_POSITIONS:
        return _("{count} seats is not a table size (1 to 7 seats, or 6 or 8 player-dealer positions)").format(
            count=value)
    return None


def _check_collection(value: object) -> str | None:
    if isinstance(value, str) and value in collection_choices():
        return None
    return _("{value} is not a known collection schedule (such as 'bb-1' or 'uth-2')").format(value=_quoted(value))


def _known_paytable(kind: str, what: str) -> Callable[[object], str | None]:
    """A check that the value names one of the engine's pay tables of ``kind``; Pairs tables go by number."""

    def check(value: object) -> str | None:
        choices = paytable_choices(kind)
        wanted_type = int if kind == "pairs" else str
        if type(value) is wanted_type and str(value) in choices:
            return None
        return _("{value} is not a known {what} (choose from {choices})").format(
            value=_quoted(value), what=_(what), choices=", ".join(choices))

    return check


def _check_speed(value: object) -> str | None:
    if not _is_number(value):
        return _("{value} is not a number").format(value=_quoted(value))
    if not MIN_SPEED <= float(value) <= MAX_SPEED:  # type: ignore[arg-type]
        return _("{value} is outside {low} to {high}").format(value=f"{value}x", low=speed_text(MIN_SPEED),
                                                              high=speed_text(MAX_SPEED))
    return None


def _check_volume(value: object) -> str | None:
    if not _is_number(value):
        return _("{value} is not a number").format(value=_quoted(value))
    if not 0.0 <= float(value) <= 1.0:  # type: ignore[arg-type]
        return _("{value} is outside {low} to {high}").format(value=value, low=0, high=1)
    return None


def _check_deck_backs(value: object) -> str | None:
    if not (isinstance(value, tuple) and len(value) == 2):
        return _("{value} is not a pair of back colours").format(value=_quoted(value))
    for colour in value:
        if colour not in DECK_BACK_COLOURS:
            return _("{value} is not a back colour (choose from {choices})").format(
                value=_quoted(colour), choices=", ".join(DECK_BACK_COLOURS))
    if value[0] == value[1]:
        return _("the two decks need different back colours, so the one in the rack can be told apart")
    return None


def _check_geometry(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        return _("{value} is not a saved window geometry").format(value=_quoted(value))
    try:
        base64.b64decode(value.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        return _("the saved window geometry is garbled")
    return None


def _check_profile(value: object) -> str | None:
    if not isinstance(value, str):
        return _("{value} is not a trainee's name").format(value=_quoted(value))
    if len(value) > 60 or any(not char.isprintable() for char in value):
        return _("the last trainee's name is not one a profile can have")
    return None


def _check_class_store_url(value: object) -> str | None:
    if not isinstance(value, str) or (value and not value.startswith(("postgresql://", "postgres://"))):
        return _("{value} is not a class store's URL (postgresql://USER@HOST/DATABASE)").format(value=_quoted(value))
    if len(value) > 500 or any(not char.isprintable() for char in value):
        return _("the class store's URL is not one a server can have")
    if value and urlsplit(value).password is not None:
        return _("the class store's URL is kept without its password (the keyring or ~/.pgpass keeps that)")
    return None


_CHECKS: dict[str, Callable[[object], str | None]] = {
    "banking": _one_of(BANKINGS, N_("banking")),
    "seats": _check_seats,
    "procedure": _one_of(PROCEDURES, N_("dealing procedure")),
    "trips_paytable": _known_paytable("trips", N_("Trips pay table")),
    "bad_beat_paytable": _known_paytable("bad_beat", N_("Bad Beat pay table")),
    "pairs_paytable": _known_paytable("pairs", N_("Pairs pay table")),
    "progressive_paytable": _known_paytable("progressive", N_("Progressive pay table")),
    "offer_trips": _flag,
    "offer_bad_beat": _flag,
    "offer_pairs": _flag,
    "offer_progressive": _flag,
    "min_wager": _whole_dollars(WAGER_FLOOR, WAGER_CEILING),
    "max_wager": _whole_dollars(WAGER_FLOOR, WAGER_CEILING),
    "player_dealer_bank": _whole_dollars(WAGER_FLOOR, 10 * WAGER_CEILING),
    "collection_schedule": _check_collection,
    "careless_players": _flag,
    "bad_beat_on_fold": _one_of(ON_FOLD_CHOICES, N_("Bad Beat fold rule")),
    "progressive_on_fold": _one_of(ON_FOLD_CHOICES, N_("Progressive fold rule")),
    "round_payouts_to": _one_of(tuple(PAYOUT_ROUNDINGS), N_("payout rounding")),
    "quiz_mode": _one_of(QUIZ_MODES, N_("Settle it yourself mode")),
    "animation_speed": _check_speed,
    "volume": _check_volume,
    "muted": _flag,
    "four_colour": _flag,
    "deck_backs": _check_deck_backs,
    "window_geometry": _check_geometry,
    "profile": _check_profile,
    "start_page_at_start": _flag,
    "run_round_irregularities": _flag,
    "class_store_url": _check_class_store_url,
    "language": _one_of(("", *SPOKEN), "language"),
}


@dataclass(frozen=True)
class _Clash:
    """A rule between two or more fields that the values break; ``key`` is the field that gives way."""

    key: str
    message: str
    fallback: object


def _clashes(v: Mapping[str, Any]) -> list[_Clash]:
    """The rules between fields that ``v`` breaks (each field on its own already checked)."""
    found: list[_Clash] = []
    player_dealer = v["banking"] == "player-dealer"
    if player_dealer and v["seats"] not in PLAYER_DEALER_POSITIONS:
        found.append(_Clash("seats", _("a player-dealer table has 6 or 8 positions, not {count}").format(
            count=v["seats"]), 6))
    if not player_dealer and v["seats"] not in HOUSE_SEATS:
        found.append(_Clash("seats", _("a house-banked table has 1 to 7 seats, not {count}").format(
            count=v["seats"]), 6))
    if player_dealer and v["offer_pairs"]:
        found.append(_Clash("offer_pairs", _("a player-dealer table does not offer Pairs"), False))
    if player_dealer and v["offer_progressive"]:
        found.append(_Clash("offer_progressive", _("a player-dealer table does not offer Progressive"), False))
    if v["offer_bad_beat"] and not v["offer_trips"]:
        found.append(_Clash("offer_bad_beat", _("Bad Beat needs Trips: it is offered only with Trips"), False))
    if v["max_wager"] < v["min_wager"]:
        found.append(_Clash("max_wager", _("the maximum {most} is below the minimum {least}").format(
            most=f"${v['max_wager']}", least=f"${v['min_wager']}"), max(500, v["min_wager"])))
    if player_dealer and v["player_dealer_bank"] < v["min_wager"]:
        found.append(_Clash("player_dealer_bank", _("the bank {bank} is below the table minimum {least}").format(
            bank=f"${v['player_dealer_bank']}", least=f"${v['min_wager']}"), max(1000, v["min_wager"])))
    return found

