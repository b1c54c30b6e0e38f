"""The trainer's settings: what the table looks like and how rounds are dealt, remembered between runs.

Pure Python (no Qt): :class:`Settings` is a frozen record whose every field is checked when it is made, and
:class:`SettingsStore` keeps it as JSON in the user's configuration folder. Loading never fails: a file that
cannot be read or parsed is moved aside (``settings.json.bad-<timestamp>``) and the defaults are used; a
bad value for one key falls back to that key's default; an unknown key is ignored. Each of those is reported
in one line for the window to show once.

Dealing procedure default: a house-banked (Washington) table uses the ACE / iDeal shuffler by default, a
player-dealer (California) table the automatic shuffler dealing two at a time. :func:`default_procedure` gives
the default for a banking, and the settings dialog switches to it when the banking changes.

The settings live in four modules, each named here so one import serves every caller:
:mod:`trainer.settings.fields` (the choices, the limits and each field's check), :mod:`trainer.settings.record`
(the record, its defaults, reading it from a parsed file), :mod:`trainer.settings.table` (the engine's table rules
and round dealer built from settings) and :mod:`trainer.settings.file` (the file on disk).

>>> s = Settings()
>>> s.banking, s.seats, s.procedure
('house', 6, 'ace')
>>> Settings(banking="player-dealer", seats=7)
Traceback (most recent call last):
...
trainer.settings.fields.SettingsError: seats: a player-dealer table has 6 or 8 positions, not 7
"""

from __future__ import annotations

from trainer.settings.fields import (
    BANKINGS,
    DECK_BACK_COLOURS,
    HOUSE_SEATS,
    MAX_SPEED,
    MIN_SPEED,
    ON_FOLD_CHOICES,
    PAYOUT_ROUNDING_LABELS,
    PAYOUT_ROUNDINGS,
    PLAYER_DEALER_POSITIONS,
    PROCEDURE_LABELS,
    PROCEDURES,
    QUIZ_MODES,
    SPEED_STEPS,
    WAGER_CEILING,
    WAGER_FLOOR,
    SettingsError,
    collection_choices,
    collection_title,
    default_procedure,
    game_title,
    paytable_choices,
    paytable_title,
    speed_text,
    step_speed,
)
from trainer.settings.file import MAX_FILE_BYTES, SettingsStore, default_settings_path
from trainer.settings.record import DEFAULTS, FIELD_NAMES, SETTINGS_VERSION, Settings, from_json, problems
from trainer.settings.table import TABLE_FIELDS, new_session, settings_game, table_changed, table_rules
from trainer.userdirs import APP_DIR_NAME

__all__ = [
    "APP_DIR_NAME",
    "BANKINGS",
    "DECK_BACK_COLOURS",
    "DEFAULTS",
    "FIELD_NAMES",
    "HOUSE_SEATS",
    "MAX_FILE_BYTES",
    "MAX_SPEED",
    "MIN_SPEED",
    "ON_FOLD_CHOICES",
    "PAYOUT_ROUNDINGS",
    "PAYOUT_ROUNDING_LABELS",
    "PLAYER_DEALER_POSITIONS",
    "PROCEDURES",
    "PROCEDURE_LABELS",
    "QUIZ_MODES",
    "SETTINGS_VERSION",
    "SPEED_STEPS",
    "TABLE_FIELDS",
    "WAGER_CEILING",
    "WAGER_FLOOR",
    "Settings",
    "SettingsError",
    "SettingsStore",
    "collection_choices",
    "collection_title",
    "default_procedure",
    "default_settings_path",
    "from_json",
    "game_title",
    "new_session",
    "paytable_choices",
    "paytable_title",
    "problems",
    "settings_game",
    "speed_text",
    "step_speed",
    "table_changed",
    "table_rules",
]
