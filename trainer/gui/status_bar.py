"""The window's status bar: the table in one line on the left; the phase of the round and the deck in play on
the right."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QStatusBar

from trainer.gui.table.phases import phase_text
from trainer.settings import Settings, paytable_title

WINDOW_STATES = {"idle": "waiting for a new round (N)", "settling": "your settlement"}
"""What the window shows between phases: no round playing, or the trainee settling."""


def status_text(phase: str) -> str:
    """The status bar's words for a phase of the round, or for the window waiting.

    >>> status_text("idle"), status_text("flop"), status_text("settle:2"), status_text("settling")
    ('waiting for a new round (N)', 'the flop', 'settling seat 2', 'your settlement')
    """
    return WINDOW_STATES.get(phase) or phase_text(phase)


def table_summary(settings: Settings) -> str:
    """One line for the status bar.

    >>> table_summary(Settings())
    'House-banked, 6 seats · Trips UTH-01 · Bad Beat BBB-02 · $5–$500'
    """
    if settings.player_dealer:
        names = [f"Player-dealer, {settings.seats} positions"]
    else:
        names = [f"House-banked, {settings.seats} seat{'s' if settings.seats > 1 else ''}"]
    if settings.offer_trips:
        names.append(paytable_title("trips", settings.trips_paytable))
    if settings.offer_bad_beat:
        names.append(paytable_title("bad_beat", settings.bad_beat_paytable))
    if settings.offer_pairs:
        names.append(paytable_title("pairs", settings.pairs_paytable))
    if settings.offer_progressive:
        names.append(paytable_title("progressive", settings.progressive_paytable))
    names.append(f"${settings.min_wager}–${settings.max_wager:,}")
    return " · ".join(names)


class StatusLine:
    """The three labels of the status bar: the table, the phase and the deck."""

    def __init__(self, bar: QStatusBar, settings: Settings) -> None:
        self.table_label = QLabel(table_summary(settings))
        self.table_label.setObjectName("tableLabel")
        self.phase_label = QLabel()
        self.phase_label.setObjectName("phaseLabel")
        self.deck_label = QLabel()
        self.deck_label.setObjectName("deckLabel")
        bar.addWidget(self.table_label)
        bar.addPermanentWidget(self.phase_label)
        bar.addPermanentWidget(self.deck_label)
        self.show_phase("idle")
        self.show_decks(settings)

    def show_phase(self, phase: str) -> None:
        self.phase_label.setText(f"Phase: {status_text(phase)}")

    def show_decks(self, settings: Settings) -> None:
        """The two decks' colours (between rounds)."""
        self.deck_label.setText(f"Decks: {' / '.join(settings.deck_backs)}")

    def show_deck_in_play(self, colour: str) -> None:
        self.deck_label.setText(f"Deck in play: {colour}")

    def show_table(self, settings: Settings, caption: str = "") -> None:
        self.table_label.setText(caption or table_summary(settings))
