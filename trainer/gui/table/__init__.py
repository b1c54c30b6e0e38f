"""The felt table: a :class:`QGraphicsScene` of the Ultimate Texas Hold'em layout and its round.

The interface the main window (and the settlement quiz) use:

``TableLayoutConfig`` (frozen dataclass, :mod:`.layout`)
    ``banking`` (``"house"`` or ``"player-dealer"``), ``seat_count`` (1..7 on a house table; 6 or 8 positions
    on a player-dealer table), side bets offered (``bad_beat``, ``pairs``, ``progressive``; Trips always),
    ``paytables`` to print (``(title, lines)``, a line being text or a ``(label, odds)`` pair),
    ``inscription``, ``four_colour``, ``deck_backs`` (two colours, e.g. ``("red", "blue")``).

``ArtLibrary(assets_dir)`` (:mod:`.art`)
    Card faces and backs and chips from SVG files (``trainer.resources.assets_dir()``). A missing or
    unreadable file raises ``AssetError(path, reason)``; its message names the file.

``TableScene(config, art)`` (:mod:`.scene`)
    ``reset_round()``, ``set_prompt(text)``, ``highlight_spot(seat, wager, on)``,
    ``highlight_seat(seat, on)``, ``highlight_dealer(on)``, ``highlight_cards(kind, seat, on)``,
    ``clear_highlights()``; signals ``spotClicked(int seat, str wager)``, ``seatClicked(int)``,
    ``dealerClicked()``, ``boardClicked()``;
    accessors ``cards_at(kind, seat=None) -> list[CardItem]`` (kinds ``seat``, ``dealer``, ``board``,
    ``rack``, ``deck``), ``chip_amount(seat, wager) -> Decimal`` (the wager plus any payout beside it),
    ``wager_amount``, ``payout_amount``, ``bank_amount()``, ``arrivals`` (every card placed, in order).
    Wager names are the engine's: ``ante``, ``blind``, ``play``, ``trips``, ``bad_beat``, ``pairs``,
    ``progressive``.

``TableView(scene, parent=None)`` (:mod:`.view`)
    A :class:`QGraphicsView` that keeps the whole table fitted (``fitInView``) on every resize.

``Durations`` and ``RoundDirector(scene, played_round, durations, sound=None)`` (:mod:`.director`)
    ``start()``, ``pause()``, ``resume()``, ``step()``, ``skip_to_end()``, ``stop()``, ``set_speed(0.25..4)``;
    signals ``phaseStarted(str)`` (``bets``, ``fee``, ``deal``, ``preflop``, ``flop``, ``turn-river``,
    ``river-decisions``, ``folds``, ``reveal``, ``refund``, ``settle:<seat>``, ``cleanup``) and
    ``finished()``.
    ``sound`` is anything with ``play(name)``; the director plays ``deal``, ``flip``, ``chips`` and
    ``shuffle``.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "ArtLibrary": "art",
    "AssetError": "art",
    "CardItem": "items",
    "ChipStack": "items",
    "Durations": "director",
    "RoundDirector": "director",
    "TableLayoutConfig": "layout",
    "TableScene": "scene",
    "TableView": "view",
    "WagerSpot": "items",
}
"""Names importable from the package; loaded on first use, so the pure modules (:mod:`.layout`,
:mod:`.money`) can be imported without Qt."""

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
