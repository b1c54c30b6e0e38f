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

``Durations`` and ``RoundDirector(scene, played_round, durations, sound=None, settle_by_trainee=False)``
(:mod:`.director`)
    ``start()``, ``pause()``, ``resume()``, ``step()``, ``skip_to_end()``, ``stop()``, ``set_speed(0.25..4)``,
    ``play_step(step, payout=None)``, ``finish_settlement()``, ``phase_names()``; ``state`` (a
    ``DirectorState``); signals ``phaseStarted(str)``, ``finished()`` and ``settlementDue()``.
    ``sound`` is anything with ``play(name)``; the director plays ``deal``, ``flip``, ``chips`` and
    ``shuffle``.

``Phase``, ``DirectorState``, ``phase_text(name)`` (:mod:`.phases`, no Qt) and ``plan_round(played)``
(:mod:`.plan`, no Qt)
    The phases a round plays (``bets``, ``coin-in``, ``fee``, ``deal``, ``preflop``, ``flop``, ``turn-river``,
    ``river-decisions``, ``showdown``, ``folds``, ``reveal``, ``refund``, ``settle:<seat>``,
    ``settle-rest``, ``cleanup``), the director's states, and how a phase reads in a status bar.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what the lazy exports below load, for the type checker
    from trainer.gui.table.art import ArtLibrary, AssetError
    from trainer.gui.table.director import Durations, RoundDirector
    from trainer.gui.table.items import CardItem, ChipStack
    from trainer.gui.table.layout import TableLayoutConfig
    from trainer.gui.table.phases import DirectorState, Phase, phase_text
    from trainer.gui.table.plan import PlannedPhase, plan_round
    from trainer.gui.table.scene import TableScene
    from trainer.gui.table.spots import WagerSpot
    from trainer.gui.table.view import TableView

_EXPORTS = {
    "ArtLibrary": "art",
    "AssetError": "art",
    "CardItem": "items",
    "ChipStack": "items",
    "DirectorState": "phases",
    "Durations": "director",
    "Phase": "phases",
    "PlannedPhase": "plan",
    "RoundDirector": "director",
    "TableLayoutConfig": "layout",
    "TableScene": "scene",
    "TableView": "view",
    "WagerSpot": "spots",
    "phase_text": "phases",
    "plan_round": "plan",
}
"""Names importable from the package; loaded on first use, so the pure modules (:mod:`.layout`,
:mod:`.money`, :mod:`.phases`, :mod:`.plan`, :mod:`.captions`) can be imported without Qt."""

__all__ = [  # the names of _EXPORTS, spelt out for the tools that read them without running the module
    "ArtLibrary", "AssetError", "CardItem", "ChipStack", "DirectorState", "Durations", "Phase", "PlannedPhase",
    "RoundDirector", "TableLayoutConfig", "TableScene", "TableView", "WagerSpot", "phase_text", "plan_round",
]


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
