"""The settings record: :class:`Settings` with its defaults, checked when it is made, and read from a parsed file.

Pure Python (no Qt). :func:`from_json` turns a parsed settings file into settings, a bad value for one key falling
back to that key's default and an unknown key ignored, each noted in one line; :func:`problems` lists every problem
with the values the dialog holds.

>>> s = Settings()
>>> s.banking, s.seats, s.procedure
('house', 6, 'ace')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from trainer.i18n.translation import _
from trainer.settings.fields import (
    _CHECKS,
    PAYOUT_ROUNDINGS,
    SettingsError,
    _clashes,
    _is_int,
    _is_number,
    _quoted,
)

SETTINGS_VERSION = 1
"""The ``version`` written into the settings file; a later release migrates older files up from it."""


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
    run_round_irregularities: bool = field(default=True, compare=False)
    """Train ▸ Run the round: now and then a round brings an irregularity (exam rounds bring some anyway)."""
    class_store_url: str = field(default="", compare=False)
    """The class store the window opens (Settings ▸ Class store), never with its password; "" for this station's
    own store."""
    language: str = field(default="", compare=False)
    """The language the trainer speaks (Settings ▸ Language): one of ``trainer.i18n.translation.LANGUAGES``, or ""
    before one is chosen (the first start then takes the system's and keeps it)."""

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
        raise SettingsError("file", _("expected an object of settings, found {kind}").format(kind=type(data).__name__))
    notes: list[str] = []
    values = DEFAULTS.as_dict()
    for key, raw in data.items():
        if key == "version":
            continue
        if key not in values:
            notes.append(_("unknown key {key} ignored").format(key=_quoted(key)))
            continue
        value = _coerce(key, raw)
        problem = _CHECKS[key](value)
        if problem:
            notes.append(_("{key} reset to {value}: {problem}").format(key=_quoted(key), value=_shown(values[key]),
                                                                        problem=problem))
            continue
        values[key] = value
    for _pass in range(len(FIELD_NAMES)):  # each pass settles at least one clash; fallbacks never clash again
        clashes = _clashes(values)
        if not clashes:
            break
        clash = clashes[0]
        notes.append(_("{key} reset to {value}: {problem}").format(key=_quoted(clash.key),
                                                                    value=_shown(clash.fallback),
                                                                    problem=clash.message))
        values[clash.key] = clash.fallback
    return Settings(**values), notes


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    return str(value)

