"""The trainer's settings: what the table looks like and how rounds are dealt, remembered between runs.

Pure Python (no Qt): :class:`Settings` is a frozen record whose every field is checked when it is made, and
:class:`SettingsStore` keeps it as JSON in the user's configuration folder. Loading never fails: a file that
cannot be read or parsed is moved aside (``settings.json.bad-<timestamp>``) and the defaults are used; a
bad value for one key falls back to that key's default; an unknown key is ignored. Each of those is reported
in one line for the window to show once.

Dealing procedure default: a house-banked (Washington) table uses the ACE / iDeal shuffler by default, a
player-dealer (California) table the automatic shuffler dealing two at a time. :func:`default_procedure` gives
the default for a banking, and the settings dialog switches to it when the banking changes.

>>> s = Settings()
>>> s.banking, s.seats, s.procedure
('house', 6, 'ace')
>>> Settings(banking="player-dealer", seats=7)
Traceback (most recent call last):
...
trainer.settings.SettingsError: seats: a player-dealer table has 6 or 8 positions, not 7
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import dataclasses
import errno
import json
import math
import os
import random
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import trainer.engine.table as _engine_table
from trainer.engine.dealing import Procedure
from trainer.engine.games import Game, game_of_settings
from trainer.engine.paytables import load_paytables
from trainer.engine.table import Banking, OnFold, TableRules

if TYPE_CHECKING:
    from trainer.engine.round import RoundDealer

SETTINGS_VERSION = 1
"""The ``version`` written into the settings file; a later release migrates older files up from it."""

APP_DIR_NAME = "uth-dealer-trainer"
"""The folder name under the user's configuration, data and log folders."""

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
MAX_FILE_BYTES = 1_000_000
"""A settings file is a few hundred bytes; a bigger one is set aside unread."""
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
    """The title the engine gives a pay table: ``Trips UTH-01``."""
    return load_paytables().get(kind, table_id).title


def collection_choices() -> tuple[str, ...]:
    """The engine's collection schedules: ``uth-1``..``uth-3`` (seed 003), ``bb-1``..``bb-24`` (seed 001)."""
    return tuple(load_paytables().schedule_ids())


def collection_title(schedule_id: str) -> str:
    """The title of a collection schedule: ``Collection option 1 (Bad Beat Bonus)``."""
    return load_paytables().collection(schedule_id).title


def game_title(game: Game | None) -> str:
    """A game's short name for a screen (``Washington UTH``), or ``Custom table`` for a room's own combination.

    >>> from trainer.engine.games import game_named
    >>> game_title(game_named("ca-bad-beat")), game_title(None)
    ('California UTH Bad Beat Bonus', 'Custom table')
    """
    return game.title.replace("Ultimate Texas Hold'em", "UTH") if game is not None else "Custom table"


def settings_game(settings: Settings) -> Game | None:
    """The game of the documents these settings are (rules-notes §1b), or None: the room's custom table.

    >>> settings_game(DEFAULTS).id
    'wa'
    """
    return game_of_settings(settings.as_dict())


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
        return f"{_quoted(value)} is not a known {what} (choose from {listed})"

    return check


def _flag(value: object) -> str | None:
    return None if isinstance(value, bool) else f"{_quoted(value)} is not true or false"


def _whole_dollars(low: int, high: int) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if not _is_int(value):
            return f"{_quoted(value)} is not a whole number of dollars"
        if not low <= value <= high:  # type: ignore[operator]
            return f"${value} is outside ${low:,} to ${high:,}"
        return None

    return check


def _check_seats(value: object) -> str | None:
    if not _is_int(value):
        return f"{_quoted(value)} is not a whole number"
    if value not in HOUSE_SEATS and value not in PLAYER_DEALER_POSITIONS:
        return f"{value} seats is not a table size (1 to 7 seats, or 6 or 8 player-dealer positions)"
    return None


def _check_collection(value: object) -> str | None:
    if isinstance(value, str) and value in collection_choices():
        return None
    return f"{_quoted(value)} is not a known collection schedule (such as 'bb-1' or 'uth-2')"


def _known_paytable(kind: str, what: str) -> Callable[[object], str | None]:
    """A check that the value names one of the engine's pay tables of ``kind``; Pairs tables go by number."""

    def check(value: object) -> str | None:
        choices = paytable_choices(kind)
        wanted_type = int if kind == "pairs" else str
        if type(value) is wanted_type and str(value) in choices:
            return None
        return f"{_quoted(value)} is not a known {what} (choose from {', '.join(choices)})"

    return check


def _check_speed(value: object) -> str | None:
    if not _is_number(value):
        return f"{_quoted(value)} is not a number"
    if not MIN_SPEED <= float(value) <= MAX_SPEED:  # type: ignore[arg-type]
        return f"{value}x is outside {speed_text(MIN_SPEED)} to {speed_text(MAX_SPEED)}"
    return None


def _check_volume(value: object) -> str | None:
    if not _is_number(value):
        return f"{_quoted(value)} is not a number"
    if not 0.0 <= float(value) <= 1.0:  # type: ignore[arg-type]
        return f"{value} is outside 0 to 1"
    return None


def _check_deck_backs(value: object) -> str | None:
    if not (isinstance(value, tuple) and len(value) == 2):
        return f"{_quoted(value)} is not a pair of back colours"
    for colour in value:
        if colour not in DECK_BACK_COLOURS:
            return f"{_quoted(colour)} is not a back colour (choose from {', '.join(DECK_BACK_COLOURS)})"
    if value[0] == value[1]:
        return "the two decks need different back colours, so the one in the rack can be told apart"
    return None


def _check_geometry(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        return f"{_quoted(value)} is not a saved window geometry"
    try:
        base64.b64decode(value.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        return "the saved window geometry is garbled"
    return None


def _check_profile(value: object) -> str | None:
    if not isinstance(value, str):
        return f"{_quoted(value)} is not a trainee's name"
    if len(value) > 60 or any(not char.isprintable() for char in value):
        return "the last trainee's name is not one a profile can have"
    return None


_CHECKS: dict[str, Callable[[object], str | None]] = {
    "banking": _one_of(BANKINGS, "banking"),
    "seats": _check_seats,
    "procedure": _one_of(PROCEDURES, "dealing procedure"),
    "trips_paytable": _known_paytable("trips", "Trips pay table"),
    "bad_beat_paytable": _known_paytable("bad_beat", "Bad Beat pay table"),
    "pairs_paytable": _known_paytable("pairs", "Pairs pay table"),
    "progressive_paytable": _known_paytable("progressive", "Progressive pay table"),
    "offer_trips": _flag,
    "offer_bad_beat": _flag,
    "offer_pairs": _flag,
    "offer_progressive": _flag,
    "min_wager": _whole_dollars(WAGER_FLOOR, WAGER_CEILING),
    "max_wager": _whole_dollars(WAGER_FLOOR, WAGER_CEILING),
    "player_dealer_bank": _whole_dollars(WAGER_FLOOR, 10 * WAGER_CEILING),
    "collection_schedule": _check_collection,
    "careless_players": _flag,
    "bad_beat_on_fold": _one_of(ON_FOLD_CHOICES, "Bad Beat fold rule"),
    "progressive_on_fold": _one_of(ON_FOLD_CHOICES, "Progressive fold rule"),
    "round_payouts_to": _one_of(tuple(PAYOUT_ROUNDINGS), "payout rounding"),
    "quiz_mode": _one_of(QUIZ_MODES, "Settle it yourself mode"),
    "animation_speed": _check_speed,
    "volume": _check_volume,
    "muted": _flag,
    "four_colour": _flag,
    "deck_backs": _check_deck_backs,
    "window_geometry": _check_geometry,
    "profile": _check_profile,
    "start_page_at_start": _flag,
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
        found.append(_Clash("seats", f"a player-dealer table has 6 or 8 positions, not {v['seats']}", 6))
    if not player_dealer and v["seats"] not in HOUSE_SEATS:
        found.append(_Clash("seats", f"a house-banked table has 1 to 7 seats, not {v['seats']}", 6))
    if player_dealer and v["offer_pairs"]:
        found.append(_Clash("offer_pairs", "a player-dealer table does not offer Pairs", False))
    if player_dealer and v["offer_progressive"]:
        found.append(_Clash("offer_progressive", "a player-dealer table does not offer Progressive", False))
    if v["offer_bad_beat"] and not v["offer_trips"]:
        found.append(_Clash("offer_bad_beat", "Bad Beat needs Trips: it is offered only with Trips", False))
    if v["max_wager"] < v["min_wager"]:
        found.append(_Clash("max_wager", f"the maximum ${v['max_wager']} is below the minimum "
                                         f"${v['min_wager']}", max(500, v["min_wager"])))
    if player_dealer and v["player_dealer_bank"] < v["min_wager"]:
        found.append(_Clash("player_dealer_bank", f"the bank ${v['player_dealer_bank']} is below the table "
                                                  f"minimum ${v['min_wager']}", max(1000, v["min_wager"])))
    return found


@dataclass(frozen=True)
class Settings:
    """Everything the user can set; checked on creation (a bad value raises :class:`SettingsError`).

    Amounts are whole dollars. ``seats`` counts player seats on a house-banked table and all positions
    (the player-dealer's included) on a player-dealer table. ``window_geometry`` is the window's saved
    geometry, base64, or ``None`` before the first run. ``bad_beat_on_fold`` and ``progressive_on_fold`` are the
    house rules for those wagers on a fold; ``round_payouts_to`` is ``exact``, ``0.50`` or ``1`` (round every payout
    down to that chip). ``quiz_mode`` is the last *Settle it yourself* mode, restored at start. Like the geometry it
    is the window's to keep, not the dialog's, so neither counts when two settings are compared.
    """

    banking: str = "house"
    seats: int = 6
    procedure: str = "ace"
    trips_paytable: str = "UTH-01"
    bad_beat_paytable: str = "BBB-02"
    pairs_paytable: int = 1
    progressive_paytable: str = "01"
    offer_trips: bool = True
    offer_bad_beat: bool = True
    offer_pairs: bool = False
    offer_progressive: bool = False
    min_wager: int = 5
    max_wager: int = 500
    player_dealer_bank: int = 1000
    collection_schedule: str = "bb-1"
    careless_players: bool = False
    bad_beat_on_fold: str = "action"
    progressive_on_fold: str = "action"
    round_payouts_to: str = "exact"
    animation_speed: float = 1.0
    volume: float = 0.7
    muted: bool = False
    four_colour: bool = False
    deck_backs: tuple[str, str] = ("red", "blue")
    window_geometry: str | None = field(default=None, compare=False)
    quiz_mode: str = field(default="off", compare=False)
    profile: str = field(default="", compare=False)
    start_page_at_start: bool = field(default=True, compare=False)

    def __post_init__(self) -> None:
        values = self.as_dict()
        for key, check in _CHECKS.items():
            problem = check(values[key])
            if problem:
                raise SettingsError(key, problem)
        for clash in _clashes(values):
            raise SettingsError(clash.key, clash.message)

    def as_dict(self) -> dict[str, Any]:
        """The fields by name (``deck_backs`` stays a tuple)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def to_json(self) -> dict[str, Any]:
        """What goes into the settings file: the fields, JSON types only, with the file's version."""
        data = self.as_dict()
        data["deck_backs"] = list(self.deck_backs)
        return {"version": SETTINGS_VERSION, **data}

    def replace(self, **changes: Any) -> Settings:
        """A copy with ``changes`` (checked like any new :class:`Settings`)."""
        return dataclasses.replace(self, **changes)

    @property
    def player_dealer(self) -> bool:
        """True when one seated player banks the game."""
        return self.banking == "player-dealer"

    @property
    def offered_side_bets(self) -> tuple[str, ...]:
        """The side bets on the layout, in settlement order: trips, bad_beat, pairs, progressive."""
        offered = (
            ("trips", self.offer_trips),
            ("bad_beat", self.offer_bad_beat),
            ("pairs", self.offer_pairs),
            ("progressive", self.offer_progressive),
        )
        return tuple(name for name, on in offered if on)


FIELD_NAMES = tuple(f.name for f in dataclasses.fields(Settings))
DEFAULTS = Settings()


def problems(values: Mapping[str, Any]) -> dict[str, str]:
    """Every problem with a full set of candidate ``values`` (as the dialog holds them), by field name.

    >>> problems({**DEFAULTS.as_dict(), "min_wager": 50, "max_wager": 10})
    {'max_wager': 'the maximum $10 is below the minimum $50'}
    """
    found: dict[str, str] = {}
    for key, check in _CHECKS.items():
        problem = check(values[key])
        if problem:
            found[key] = problem
    if not found:
        for clash in _clashes(values):
            found.setdefault(clash.key, clash.message)
    return found


def _coerce(key: str, value: object) -> object:
    """JSON's spelling of a value turned into the field's type where that is unambiguous."""
    if isinstance(value, Decimal):  # the file is read with exact decimals, bounded in size
        value = float(value)
    if key == "deck_backs" and isinstance(value, list):
        return tuple(value)
    if key in ("animation_speed", "volume") and _is_int(value):
        return float(value)  # type: ignore[arg-type]
    if key == "round_payouts_to" and (value is None or _is_number(value)):  # written as a number by hand
        return next((k for k, unit in PAYOUT_ROUNDINGS.items() if unit == value), value)
    return value


def from_json(data: object) -> tuple[Settings, list[str]]:
    """Settings from a parsed settings file, and the notes on what was ignored or put back to its default.

    >>> s, notes = from_json({"version": 1, "seats": 5, "colour": "pink", "muted": "yes"})
    >>> s.seats, s.muted
    (5, False)
    >>> for note in notes: print(note)
    unknown key 'colour' ignored
    'muted' reset to off: 'yes' is not true or false
    """
    if not isinstance(data, dict):
        raise SettingsError("file", f"expected an object of settings, found {type(data).__name__}")
    notes: list[str] = []
    values = DEFAULTS.as_dict()
    for key, raw in data.items():
        if key == "version":
            continue
        if key not in values:
            notes.append(f"unknown key {_quoted(key)} ignored")
            continue
        value = _coerce(key, raw)
        problem = _CHECKS[key](value)
        if problem:
            notes.append(f"{_quoted(key)} reset to {_shown(values[key])}: {problem}")
            continue
        values[key] = value
    for _ in range(len(FIELD_NAMES)):  # each pass settles at least one clash; fallbacks never clash again
        clashes = _clashes(values)
        if not clashes:
            break
        clash = clashes[0]
        notes.append(f"{_quoted(clash.key)} reset to {_shown(clash.fallback)}: {clash.message}")
        values[clash.key] = clash.fallback
    return Settings(**values), notes


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    return str(value)


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


def default_settings_path() -> Path:
    """``settings.json`` in the user's configuration folder (``appdirs.user_config_dir``)."""
    import appdirs  # type: ignore[import-untyped]  # here, so the pure parts need nothing installed

    return Path(appdirs.user_config_dir(APP_DIR_NAME, appauthor=False)) / "settings.json"


class SettingsStore:
    """The settings file: JSON, written atomically, never fatal to read.

    ``path`` defaults to :func:`default_settings_path`; tests pass a temporary one.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_settings_path()
        self.kept_because: str | None = None
        """Why :meth:`save` must leave the file as it is (read-only, or written by a newer version), or None."""

    def load(self) -> tuple[Settings, str | None]:
        """The saved settings and a one-line message when anything in the file could not be used.

        No file yet: the defaults and ``None``. A file that cannot be read or is not a settings object (not a
        regular file, too big, not UTF-8 JSON, nested too deeply, a key twice): it is moved aside as
        ``settings.json.bad-<timestamp>`` and the defaults are used. Unknown keys and bad values are noted, and
        the rest of the file is kept. A read-only file, or one written by a newer version, is read as far as it
        can be and reported; :meth:`save` then leaves it as it is.
        """
        self.kept_because = None
        try:
            raw = self._read_regular_file()
        except FileNotFoundError:
            return DEFAULTS, None
        except (OSError, ValueError) as exc:
            return DEFAULTS, self._set_aside(f"could not be read ({_reason(exc)})")
        from trainer import jsonin

        try:
            data = jsonin.loads(jsonin.decode_utf8(raw))
            settings, notes = from_json(data)
        except jsonin.JsonInputError as exc:
            return DEFAULTS, self._set_aside(f"is not a settings file (it {exc})")
        except SettingsError as exc:
            return DEFAULTS, self._set_aside(f"is not a settings file ({exc.message})")
        version = data.get("version", SETTINGS_VERSION)
        if _is_int(version) and version > SETTINGS_VERSION:
            self.kept_because = f"it was written by a newer version (settings version {version})"
            notes.insert(0, f"written by a newer version (settings version {version}): read as far as it can "
                            "be and kept as it is (changes are not saved)")
        elif version != SETTINGS_VERSION:
            notes.insert(0, f"version {_quoted(version)} read as version {SETTINGS_VERSION}")
        if _read_only(self.path):
            self.kept_because = self.kept_because or "the file is read-only"
            notes.append("the file is read-only: changes are not saved")
        if not notes:
            return settings, None
        return settings, f"Settings file {self.path}: " + "; ".join(notes) + "."

    def _read_regular_file(self) -> bytes:
        """The file's bytes, opened without blocking and read only when it is a regular file of sane size."""
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(self.path, flags)
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise ValueError("it is not a regular file")
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise ValueError(f"it is bigger than {MAX_FILE_BYTES:,} bytes")
        return raw

    def save(self, settings: Settings) -> bool:
        """Write ``settings`` atomically: a temporary file in the same folder, then ``os.replace``.

        A file that :meth:`load` found must be kept as it is (read-only, or written by a newer version:
        :attr:`kept_because`, already reported) is left untouched and False returned. Raises ``OSError`` when the
        folder cannot be written or the file has become read-only; the previous file is then untouched.
        """
        if self.kept_because is not None:
            return False
        if _read_only(self.path):
            raise PermissionError(errno.EACCES, "the settings file is read-only", str(self.path))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(settings.to_json(), indent=2, sort_keys=False) + "\n"
        fd, temp_name = tempfile.mkstemp(prefix=self.path.name + ".", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp_name, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp_name)
            raise
        return True

    def _set_aside(self, what: str) -> str:
        """Move the unusable file out of the way (kept, never deleted) and say so in one line."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = self.path.with_name(f"{self.path.name}.bad-{stamp}-{counter}")
        try:
            os.replace(self.path, target)
        except OSError:
            return f"Settings file {self.path} {what}; using the defaults."
        return f"Settings file {self.path} {what}; it was kept as {target.name} and the defaults are used."


def _read_only(path: Path) -> bool:
    """True when the file exists and is marked read-only (no write permission bit, as ``chmod a-w`` or Windows'
    read-only attribute leave it), or cannot be written by this user."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
