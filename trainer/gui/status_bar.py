"""The window's status bar: the table in one line on the left; the phase of the round and the deck in play on
the right."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QStatusBar

from trainer.gui.table.phases import WindowState, phase_text
from trainer.i18n.translation import N_, _, ngettext
from trainer.settings import Settings, game_title, paytable_title, settings_game

WINDOW_STATES: dict[str, str] = {
    WindowState.IDLE: N_("waiting for a new round (N)"),
    WindowState.SETTLING: N_("your settlement"),
    WindowState.RUNNING: N_("you run the round (N: the next round)"),
}
"""What the window shows between phases: no round playing, the trainee settling, or running the round."""

DECK_COLOURS: dict[str, str] = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "black": N_("black")}
"""The decks' back colours, as the status bar names them."""


def status_text(phase: str) -> str:
    """The status bar's words for a phase of the round, or for the window waiting.

    >>> status_text("idle"), status_text("flop"), status_text("settle:2"), status_text("settling")
    ('waiting for a new round (N)', 'the flop', 'settling seat 2', 'your settlement')
    >>> status_text("running")
    'you run the round (N: the next round)'

    """
    state = WINDOW_STATES.get(phase)
    return _(state) if state else phase_text(phase)


def table_summary(settings: Settings) -> str:
    """One line for the status bar: the game (or the custom table), the table's size, its pay tables, its limits.

    >>> table_summary(Settings())
    'Washington UTH · 6 seats · Trips UTH-01 · Bad Beat BBB-02 · $5–$500'
    >>> table_summary(Settings(banking="player-dealer", procedure="shuffler", trips_paytable="UTH-04",
    ...                        bad_beat_paytable="CA"))
    'California UTH Bad Beat Bonus · 6 positions · Trips UTH-04 · Bad Beat (California) · $5–$500'
    >>> table_summary(Settings(offer_pairs=True, pairs_paytable=3, seats=7, procedure="shuffler"))
    'Custom table · House-banked, 7 seats · Trips UTH-01 · Bad Beat BBB-02 · Ultimate Pairs 3 · $5–$500'
    """
    game = settings_game(settings)
    if settings.player_dealer:
        size = ngettext("{count} position", "{count} positions", settings.seats).format(count=settings.seats)
    else:
        size = ngettext("{count} seat", "{count} seats", settings.seats).format(count=settings.seats)
    if game is None:
        banking = _("Player-dealer") if settings.player_dealer else _("House-banked")
        size = _("{banking}, {size}").format(banking=banking, size=size)
    names = [game_title(game), size]
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
        self._shown: dict[str, Callable[[], None]] = {}
        self.show_phase(WindowState.IDLE)
        self.show_decks(settings)
        self.show_table(settings)

    def show_phase(self, phase: str) -> None:
        self._shown["phase"] = lambda: self.phase_label.setText(_("Phase: {phase}").format(
            phase=status_text(phase)))
        self._shown["phase"]()

    def show_decks(self, settings: Settings) -> None:
        """The two decks' colours (between rounds)."""
        self._shown["deck"] = lambda: self.deck_label.setText(_("Decks: {colours}").format(
            colours=" / ".join(_(DECK_COLOURS.get(colour, colour)) for colour in settings.deck_backs)))
        self._shown["deck"]()

    def show_deck_in_play(self, colour: str) -> None:
        self._shown["deck"] = lambda: self.deck_label.setText(_("Deck in play: {colour}").format(
            colour=_(DECK_COLOURS.get(colour, colour))))
        self._shown["deck"]()

    def show_table(self, settings: Settings, caption: str = "") -> None:
        self._shown["table"] = lambda: self.table_label.setText(caption or table_summary(settings))
        self._shown["table"]()

    def retranslate(self) -> None:
        """Show the same table, phase and deck again, in the language spoken now."""
        for show in self._shown.values():
            show()
