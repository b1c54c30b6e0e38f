"""The Settings dialog: every :class:`~trainer.settings.Settings` field in seven tabs, checked as it is edited.

The *Table* tab opens with the game: the three games of the documents (Washington UTH, California UTH, California
UTH Bad Beat Bonus, rules-notes §1b), then the room's custom table. Choosing a game fills every table field with
that game's defaults, and each box then lists what the game has first (its banking, positions, dealing procedures,
pay tables, fee options with their limit per spot); the other choices stay below a line, marked "custom table".
Choosing one of those, or any value the game does not allow (a side bet it does not offer, a limit outside its
limit per spot), makes the table the room's custom table, and a line under the game says why. The dialog opens on
the settings' game, or on the custom table when they are none.

The house rules (Bad Beat and Progressive on a fold, payout rounding) are a group on the *Pay tables* tab, each
with a line that says what it does. The window's place and the last *Settle it yourself* mode are not edited here:
OK hands them back as they came in.

A value that breaks a rule (a maximum below the minimum, Bad Beat without Trips) is named in red under its
field and OK stays disabled until it is fixed. *Restore defaults* puts every field back (the window's place on
the screen is kept). Table changes apply from the next round; speed, volume and mute at once.

The *Class store* tab names the training room's class store (tested with *Connect*; see
:mod:`trainer.gui.settings_tabs.classroom`).

Each tab builds its own fields (:mod:`trainer.gui.settings_tabs`); this dialog loads them, reads them back, narrows
them to the chosen game and checks them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTabWidget, QVBoxLayout, QWidget

from trainer.engine.games import Game, game_named, games
from trainer.gui.game_choices import CUSTOM, FIELD_LABELS, fee_option_text, fill_box, limits_text, select
from trainer.gui.settings_tabs.animation import AnimationTab
from trainer.gui.settings_tabs.cards import CardsTab
from trainer.gui.settings_tabs.classroom import ClassStoreTab
from trainer.gui.settings_tabs.form import ErrorRows
from trainer.gui.settings_tabs.language import LanguageTab
from trainer.gui.settings_tabs.limits import LimitsTab
from trainer.gui.settings_tabs.paytables import SIDE_BETS, PaytablesTab
from trainer.gui.settings_tabs.table import TableTab
from trainer.i18n.translation import _, current_language, ngettext
from trainer.settings import (
    BANKINGS,
    DEFAULTS,
    HOUSE_SEATS,
    PLAYER_DEALER_POSITIONS,
    Settings,
    collection_choices,
    default_procedure,
    game_title,
    problems,
    settings_game,
    speed_text,
)


class SettingsDialog(QDialog):
    """Edits a copy of the settings; :meth:`result_settings` is the edited record once it is accepted."""

    changed = Signal()
    """Any field changed (the inline messages and the OK button have been updated)."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle(_("Settings"))
        self._original = settings
        self._loading = False
        rows = ErrorRows()
        self._errors: dict[str, QLabel] = rows.errors
        self.tabs = QTabWidget()
        table = TableTab(rows)
        self.tabs.addTab(table, _("Table"))
        paytables = self.paytables_tab = PaytablesTab(rows)
        self.tabs.addTab(paytables, _("Pay tables"))
        limits = LimitsTab(rows)
        self.tabs.addTab(limits, _("Limits"))
        animation = AnimationTab(rows)
        self.tabs.addTab(animation, _("Animation && sound"))
        cards = CardsTab(rows)
        self.tabs.addTab(cards, _("Cards"))
        self.class_store = ClassStoreTab(rows)
        self.tabs.addTab(self.class_store, _("Class store"))
        language = LanguageTab(rows)
        self.tabs.addTab(language, _("Language"))
        self.language = language.language
        self._spoken = current_language()
        """The language the window speaks as the dialog opens (``--lang`` may have chosen it for this run)."""
        self._items: dict[str, list[tuple[str, Any]]] = {**table.items, **paytables.items}
        """Every choice of each box that a game narrows, by settings name (shown text, value)."""
        self.game, self.game_note = table.game, table.game_note
        self.banking, self.seats, self.procedure, self.careless = (
            table.banking, table.seats, table.procedure, table.careless)
        self.offer, self.paytable, self.house_rules = paytables.offer, paytables.paytable, paytables.house_rules
        self.min_wager, self.max_wager, self.bank = limits.min_wager, limits.max_wager, limits.bank
        self.collection, self.limits_note = limits.collection, limits.limits_note
        self.speed, self.volume, self.volume_text, self.muted = (
            animation.speed, animation.volume, animation.volume_text, animation.muted)
        self.four_colour, self.back_one, self.back_two = cards.four_colour, cards.back_one, cards.back_two
        self.summary = QLabel()
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #b00020;")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        restore = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.setToolTip(_("Put every setting back to its default (the window's place is kept)"))
        restore.clicked.connect(self.restore_defaults)
        note = QLabel(_("Table changes apply from the next round."))
        note.setObjectName("note")
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.summary)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self._connect()
        self._reserve_widths()
        self.load(settings)

    def _connect(self) -> None:
        self.game.currentIndexChanged.connect(self._game_chosen)
        self.banking.currentIndexChanged.connect(self._banking_changed)
        self.collection.currentIndexChanged.connect(self._fee_option_changed)
        for box in (self.seats, self.procedure, self.speed, self.back_one, self.back_two,
                    *self.paytable.values(), *self.house_rules.values()):
            box.currentIndexChanged.connect(self._refresh)
        for check in (self.careless, self.muted, self.four_colour, *self.offer.values()):
            check.toggled.connect(self._refresh)
        for spin in (self.min_wager, self.max_wager, self.bank):
            spin.valueChanged.connect(self._refresh)
        self.volume.valueChanged.connect(self._refresh)
        self.class_store.url.textChanged.connect(self._refresh)

    # --- values in and out ---------------------------------------------------------------------------------

    def load(self, settings: Settings) -> None:
        """Show ``settings`` in every field."""
        self._loading = True
        try:
            game = settings_game(settings)
            select(self.game, game.id if game else CUSTOM)
            self.game_note.setText(self._game_line(game))
            self._fill_for_game(game, settings.banking, settings.seats)
            select(self.banking, settings.banking)
            self._fill_seats(settings.banking, settings.seats)
            select(self.procedure, settings.procedure)
            self.careless.setChecked(settings.careless_players)
            for _kind, offer_key, table_key, _label in SIDE_BETS:
                self.offer[offer_key].setChecked(getattr(settings, offer_key))
                select(self.paytable[table_key], getattr(settings, table_key))
            for key, box in self.house_rules.items():
                select(box, getattr(settings, key))
            self.min_wager.setValue(settings.min_wager)
            self.max_wager.setValue(settings.max_wager)
            self.bank.setValue(settings.player_dealer_bank)
            select(self.collection, settings.collection_schedule)
            select(self.speed, settings.animation_speed)
            if self.speed.currentData() != settings.animation_speed:  # a speed between the steps
                self.speed.addItem(speed_text(settings.animation_speed), settings.animation_speed)
                self.speed.setCurrentIndex(self.speed.count() - 1)
            self.volume.setValue(round(settings.volume * 100))
            self.muted.setChecked(settings.muted)
            self.four_colour.setChecked(settings.four_colour)
            select(self.back_one, settings.deck_backs[0])
            select(self.back_two, settings.deck_backs[1])
            self.class_store.url.setText(settings.class_store_url)
            select(self.language, self._spoken if settings is self._original else settings.language or self._spoken)
        finally:
            self._loading = False
        self._refresh()

    def values(self) -> dict[str, Any]:
        """The fields as they stand, by settings name (not yet checked)."""
        values: dict[str, Any] = {
            "banking": self.banking.currentData(),
            "seats": self.seats.currentData(),
            "procedure": self.procedure.currentData(),
            "careless_players": self.careless.isChecked(),
            "min_wager": self.min_wager.value(),
            "max_wager": self.max_wager.value(),
            "player_dealer_bank": self.bank.value(),
            "collection_schedule": self.collection.currentData(),
            "animation_speed": float(self.speed.currentData()),
            "volume": self.volume.value() / 100,
            "muted": self.muted.isChecked(),
            "four_colour": self.four_colour.isChecked(),
            "deck_backs": (self.back_one.currentData(), self.back_two.currentData()),
            "window_geometry": self._original.window_geometry,
            "quiz_mode": self._original.quiz_mode,
            "profile": self._original.profile,
            "start_page_at_start": self._original.start_page_at_start,
            "run_round_irregularities": self._original.run_round_irregularities,
            "class_store_url": self.class_store.url.text().strip(),
            "language": self._chosen_language(),
        }
        for key, box in self.house_rules.items():
            values[key] = box.currentData()
        for _kind, offer_key, table_key, _label in SIDE_BETS:
            values[offer_key] = self.offer[offer_key].isChecked()
            values[table_key] = self.paytable[table_key].currentData()
        if values["seats"] is None:
            values["seats"] = 0
        return values

    def chosen_language(self) -> str:
        """The language the box shows."""
        return str(self.language.currentData())

    def language_changed(self) -> bool:
        """True when the trainee chose another language than the one spoken as the dialog opened."""
        return self.chosen_language() != self._spoken

    def _chosen_language(self) -> str:
        """The language box's choice when the trainee changed it, else the choice the settings keep (the language
        spoken for this run only, ``--lang``, is not made the choice by OK)."""
        return self.chosen_language() if self.language_changed() else self._original.language or self._spoken

    def problems(self) -> dict[str, str]:
        """What is wrong with the fields as they stand, by settings name."""
        return problems(self.values())

    def result_settings(self) -> Settings:
        """The edited settings (raises :class:`~trainer.settings.SettingsError` while a problem is shown)."""
        return Settings(**self.values())

    def restore_defaults(self) -> None:
        """Every field back to its default; the window geometry, the quiz mode and the trainee stay."""
        self.load(DEFAULTS.replace(window_geometry=self._original.window_geometry,
                                   quiz_mode=self._original.quiz_mode, profile=self._original.profile,
                                   start_page_at_start=self._original.start_page_at_start,
                                   run_round_irregularities=self._original.run_round_irregularities,
                                   class_store_url=self.class_store.url.text().strip(),
                                   language=str(self.language.currentData())))

    def _reserve_widths(self) -> None:
        """Give every box a game refills the width of its longest choice under any game, so that no choice is
        ever cut (a window already shown does not grow with its boxes)."""
        boxes = (self.banking, self.seats, self.procedure, self.collection, *self.paytable.values())
        widths = dict.fromkeys(boxes, 0)
        self._loading = True
        try:
            for game in (*games(), None):
                for banking in BANKINGS:
                    if game is not None and game.banking.value != banking:
                        continue
                    self.game.setCurrentIndex(self.game.findData(game.id if game else CUSTOM))
                    self._fill_for_game(game, banking, None)
                    for box in boxes:
                        widths[box] = max(widths[box], box.sizeHint().width())
        finally:
            self._loading = False
        for box, width in widths.items():
            box.setMinimumWidth(width)

    def chosen_game(self) -> Game | None:
        """The game the box shows, or None for the room's custom table."""
        game_id = self.game.currentData()
        return None if game_id in (None, CUSTOM) else game_named(game_id)

    # --- reacting ------------------------------------------------------------------------------------------

    def _fill_seats(self, banking: str, seats: int | None) -> None:
        was_loading, self._loading = self._loading, True
        if banking == "player-dealer":
            items = [(ngettext("{count} position (player-dealer among them)",
                               "{count} positions (player-dealer among them)", n).format(count=n), n)
                     for n in PLAYER_DEALER_POSITIONS]
        else:
            items = [(ngettext("{count} seat", "{count} seats", n).format(count=n), n) for n in HOUSE_SEATS]
        game = self.chosen_game()
        offered: list[Any] | None = None
        if game is not None and game.banking.value == banking:
            offered = [n for _text, n in items if (n <= game.positions if game.is_house else n == game.positions)]
        fill_box(self.seats, items, offered, seats if seats is not None else 6)
        if self.seats.currentData() != seats:
            select(self.seats, 6 if offered is None or 6 in offered else offered[0])
        self._loading = was_loading

    def _fill_for_game(self, game: Game | None, banking: str, seats: int | None) -> None:
        """Refill the boxes a game narrows: its own choices first, the rest below a line (all, for no game).
        The boxes keep their values."""
        was_loading, self._loading = self._loading, True
        fill_box(self.banking, self._items["banking"], [game.banking.value] if game else None, banking)
        fill_box(self.procedure, self._items["procedure"], [p.value for p in game.procedures] if game else None,
              self.procedure.currentData())
        for kind, _offer_key, table_key, _label in SIDE_BETS:
            offered = [int(i) if kind == "pairs" else i for i in game.paytables_of(kind)] if game else []
            box = self.paytable[table_key]
            fill_box(box, self._items[table_key], offered or None, box.currentData())
        fees = list(game.fee_schedules) if game else []
        items = [(fee_option_text(game, i), i) for i in collection_choices()]
        fill_box(self.collection, items, fees or None, self.collection.currentData())
        self._loading = was_loading
        self._fill_seats(banking, seats)
        self.limits_note.setText(limits_text(game))

    @staticmethod
    def _game_line(game: Game | None) -> str:
        if game is None:
            return _("Any combination the room deals; the three games above fill in their own.")
        return _("{game} ({documents}): each box lists the game's choices first; one below the line makes this the "
                 "room's custom table.").format(game=game.title, documents=", ".join(game.documents))

    def _game_chosen(self) -> None:
        """A game fills every table field with its defaults and narrows the boxes; Custom opens them all."""
        if self._loading:
            return
        game = self.chosen_game()
        values = self.values()
        if game is not None:
            values.update(game.settings())
        self._loading = True
        try:
            self._fill_for_game(game, values["banking"], values["seats"])
            if game is not None:
                self._show_game_defaults(values)
            self.game_note.setText(self._game_line(game))
        finally:
            self._loading = False
        self._refresh()

    def _show_game_defaults(self, values: dict[str, Any]) -> None:
        select(self.banking, values["banking"])
        select(self.procedure, values["procedure"])
        for _kind, offer_key, table_key, _label in SIDE_BETS:
            self.offer[offer_key].setChecked(values[offer_key])
            select(self.paytable[table_key], values[table_key])
        self.min_wager.setValue(values["min_wager"])
        self.max_wager.setValue(values["max_wager"])
        self.bank.setValue(values["player_dealer_bank"])
        select(self.collection, values["collection_schedule"])

    def _leave_game(self, game: Game, found: dict[str, str]) -> None:
        """The fields are no longer a table of ``game``: show the custom table, all choices open, and say why."""
        key, problem = next(iter(found.items()))
        label = _(FIELD_LABELS[key]) if key in FIELD_LABELS else key
        reason = problem if problem.startswith(label) else _("{field}: {problem}").format(field=label, problem=problem)
        values = self.values()
        self._loading = True
        try:
            select(self.game, CUSTOM)
            self._fill_for_game(None, values["banking"], values["seats"])
        finally:
            self._loading = False
        self.game_note.setText(_("Now the room's custom table, no longer {game}: {reason}.").format(
            game=game_title(game), reason=reason))

    def _fee_option_changed(self) -> None:
        """In a game, a fee option with a limit per spot (seed 003) sets the table's limits to it."""
        if self._loading:
            return
        game = self.chosen_game()
        option = next((o for o in game.fee_options if o.schedule == self.collection.currentData()), None) \
            if game else None
        if option is not None and option.limit_per_spot is not None:
            self._loading = True
            try:
                self.min_wager.setValue(int(option.limit_per_spot[0]))
                self.max_wager.setValue(int(option.limit_per_spot[1]))
            finally:
                self._loading = False
        self._refresh()

    def _banking_changed(self) -> None:
        if self._loading:
            return
        banking = self.banking.currentData()
        self._fill_seats(banking, self.seats.currentData())
        select(self.procedure, default_procedure(banking))
        if banking == "player-dealer":
            self.offer["offer_pairs"].setChecked(False)
            self.offer["offer_progressive"].setChecked(False)
        self._refresh()

    def _refresh(self) -> None:
        """Enable what applies to this banking, show each problem under its field, and gate OK on none."""
        if self._loading:
            return
        game = self.chosen_game()
        if game is not None:
            outside = game.settings_problems(self.values())
            if outside:
                self._leave_game(game, outside)
        player_dealer = self.banking.currentData() == "player-dealer"
        self.paytables_tab.show_banking(str(self.banking.currentData()))
        for offer_key in ("offer_pairs", "offer_progressive"):
            self.offer[offer_key].setEnabled(not player_dealer)
        for _kind, offer_key, table_key, _label in SIDE_BETS:
            self.paytable[table_key].setEnabled(self.offer[offer_key].isChecked())
        self.bank.setEnabled(player_dealer)
        self.collection.setEnabled(player_dealer)
        self.volume_text.setText(f"{self.volume.value()} %")
        found = self.problems()
        for key, label in self._errors.items():
            label.setText(found.get(key, ""))
            label.setVisible(key in found)
        self.summary.setText(
            ngettext("Fix {count} setting before saving.", "Fix {count} settings before saving.",
                     len(found)).format(count=len(found)) if found else ""
        )
        self.summary.setVisible(bool(found))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not found)
        self.changed.emit()

    def accept(self) -> None:
        """Close with OK only when every field is fine."""
        if self.problems():
            return
        super().accept()
