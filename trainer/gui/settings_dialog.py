"""The Settings dialog: every :class:`~trainer.settings.Settings` field in five tabs, checked as it is edited.

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
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.games import Game, game_named, games
from trainer.gui.game_choices import (
    CUSTOM,
    CUSTOM_TITLE,
    FIELD_LABELS,
    fee_option_text,
    fill_box,
    game_choice_text,
    limits_text,
    narrowable,
    select,
)
from trainer.settings import (
    BANKINGS,
    DECK_BACK_COLOURS,
    DEFAULTS,
    HOUSE_SEATS,
    PAYOUT_ROUNDING_LABELS,
    PLAYER_DEALER_POSITIONS,
    PROCEDURE_LABELS,
    PROCEDURES,
    SPEED_STEPS,
    WAGER_CEILING,
    WAGER_FLOOR,
    Settings,
    collection_choices,
    collection_title,
    default_procedure,
    game_title,
    paytable_choices,
    paytable_title,
    problems,
    settings_game,
    speed_text,
)

_BANKING_LABELS = {"house": "House-banked (Washington)", "player-dealer": "Player-dealer (California)"}
_SIDE_BETS = (
    ("trips", "offer_trips", "trips_paytable", "Trips"),
    ("bad_beat", "offer_bad_beat", "bad_beat_paytable", "Bad Beat"),
    ("pairs", "offer_pairs", "pairs_paytable", "Ultimate Pairs"),
    ("progressive", "offer_progressive", "progressive_paytable", "Progressive"),
)
_ON_FOLD_LABELS = {"action": "Stays in action", "lose": "Lost with the hand"}
_HOUSE_RULES = (
    ("bad_beat_on_fold", "Bad Beat on a &fold:", [(text, key) for key, text in _ON_FOLD_LABELS.items()],
     "A folded hand of three of a kind or better keeps its Bad Beat in action (rules notes); "
     "'Lost with the hand' collects it at the fold."),
    ("progressive_on_fold", "Progressive on a f&old:", [(text, key) for key, text in _ON_FOLD_LABELS.items()],
     "A folded hand's Progressive is still paid on its seven cards (rules notes); "
     "'Lost with the hand' collects it at the fold."),
    ("round_payouts_to", "&Round payouts:", [(text, key) for key, text in PAYOUT_ROUNDING_LABELS.items()],
     "Exact pays every cent (3 to 2 on $5 is $7.50); a chip rounds every payout down to it."),
)
"""The house-rule fields: settings name, label, choices (shown text, value) and the line that explains it."""


def _combo(items: list[tuple[str, Any]], name: str) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    for text, data in items:
        box.addItem(text, data)
    return box


def _dollars(name: str, maximum: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(WAGER_FLOOR, maximum)
    spin.setPrefix("$")
    spin.setGroupSeparatorShown(True)
    spin.setAccelerated(True)
    return spin


class SettingsDialog(QDialog):
    """Edits a copy of the settings; :meth:`result_settings` is the edited record once it is accepted."""

    changed = Signal()
    """Any field changed (the inline messages and the OK button have been updated)."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle("Settings")
        self._original = settings
        self._loading = False
        self._errors: dict[str, QLabel] = {}
        self._items: dict[str, list[tuple[str, Any]]] = {}
        """Every choice of each box that a game narrows, by settings name (shown text, value)."""
        self.tabs = QTabWidget()
        self.tabs.addTab(self._table_tab(), "Table")
        self.tabs.addTab(self._paytables_tab(), "Pay tables")
        self.tabs.addTab(self._limits_tab(), "Limits")
        self.tabs.addTab(self._animation_tab(), "Animation && sound")
        self.tabs.addTab(self._cards_tab(), "Cards")
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
        restore.setToolTip("Put every setting back to its default (the window's place is kept)")
        restore.clicked.connect(self.restore_defaults)
        note = QLabel("Table changes apply from the next round.")
        note.setObjectName("note")
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.summary)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self._connect()
        self._reserve_widths()
        self.load(settings)

    # --- building ------------------------------------------------------------------------------------------

    def _form(self) -> tuple[QWidget, QFormLayout]:
        page = QWidget()
        form = QFormLayout(page)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        return page, form

    def _add_row(self, form: QFormLayout, label: str, field: QWidget, *keys: str) -> None:
        """A row with its field and, under it, a red line for each key's problem (hidden while fine)."""
        form.addRow(label, field)
        for key in keys:
            error = QLabel()
            error.setObjectName(f"error_{key}")
            error.setWordWrap(True)
            error.setStyleSheet("color: #b00020;")
            error.hide()
            form.addRow("", error)
            self._errors[key] = error

    def _table_tab(self) -> QWidget:
        page, form = self._form()
        self.game = _combo([(game_choice_text(game), game.id) for game in games()] + [(CUSTOM_TITLE, CUSTOM)],
                           "game")
        self.game.setToolTip("The documents' games fill the table with their own defaults and choices; the custom "
                             "table is any combination the room deals")
        self.game_note = QLabel()
        self.game_note.setObjectName("gameNote")
        self.game_note.setWordWrap(True)
        self.game_note.setStyleSheet("color: #555555;")
        self._items["banking"] = [(text, key) for key, text in _BANKING_LABELS.items()]
        self._items["procedure"] = [(PROCEDURE_LABELS[p], p) for p in PROCEDURES]
        self.banking = narrowable(_combo(self._items["banking"], "banking"))
        self.seats = QComboBox()
        self.seats.setObjectName("seats")
        # Refilled when the banking changes: the box grows to "8 positions (…)" instead of cutting it.
        self.seats.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.procedure = narrowable(_combo(self._items["procedure"], "procedure"))
        self.careless = QCheckBox("Simulated players sometimes make poor choices (3x raises, folded pairs)")
        self.careless.setObjectName("careless_players")
        form.addRow("&Game:", self.game)
        form.addRow(self.game_note)
        self._add_row(form, "&Banking:", self.banking, "banking")
        self._add_row(form, "&Seats:", self.seats, "seats")
        self._add_row(form, "&Dealing procedure:", self.procedure, "procedure")
        self._add_row(form, "Players:", self.careless, "careless_players")
        return page

    def _paytables_tab(self) -> QWidget:
        page, form = self._form()
        self.offer: dict[str, QCheckBox] = {}
        self.paytable: dict[str, QComboBox] = {}
        for kind, offer_key, table_key, label in _SIDE_BETS:
            # Pairs tables are numbered (1..6) in the settings, named in the engine's data
            items: list[tuple[str, Any]] = [
                (paytable_title(kind, i), int(i) if kind == "pairs" else i) for i in paytable_choices(kind)
            ]
            self._items[table_key] = items
            box = narrowable(_combo(items, table_key))
            check = QCheckBox("offered")
            check.setObjectName(offer_key)
            row = QWidget()
            row_layout = QHBoxLayout(row)
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.addWidget(check)
            row_layout.addWidget(box, 1)
            self.offer[offer_key] = check
            self.paytable[table_key] = box
            self._add_row(form, f"{label}:", row, offer_key, table_key)
        hint = QLabel("A player-dealer table offers Trips and Bad Beat only; Bad Beat is offered with Trips.")
        hint.setWordWrap(True)
        form.addRow(hint)
        form.addRow(self._house_rules_group())
        return page

    def _house_rules_group(self) -> QGroupBox:
        group = QGroupBox("House rules")
        group.setObjectName("houseRules")
        form = QFormLayout(group)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.house_rules: dict[str, QComboBox] = {}
        for key, label, items, explanation in _HOUSE_RULES:
            box = _combo(items, key)
            self.house_rules[key] = box
            self._add_row(form, label, box, key)
            line = QLabel(explanation)
            line.setObjectName(f"explain_{key}")
            line.setWordWrap(True)
            line.setStyleSheet("color: #555555;")
            form.addRow(line)
        return group

    def _limits_tab(self) -> QWidget:
        page, form = self._form()
        self.min_wager = _dollars("min_wager", WAGER_CEILING)
        self.max_wager = _dollars("max_wager", WAGER_CEILING)
        self.bank = _dollars("player_dealer_bank", 10 * WAGER_CEILING)
        self.collection = narrowable(_combo([(f"{collection_title(i)} [{i}]", i) for i in collection_choices()],
                                 "collection_schedule"))
        self._add_row(form, "Table m&inimum:", self.min_wager, "min_wager")
        self._add_row(form, "Table ma&ximum:", self.max_wager, "max_wager")
        self._add_row(form, "Player-dealer &bank:", self.bank, "player_dealer_bank")
        self._add_row(form, "&Collection schedule:", self.collection, "collection_schedule")
        self.limits_note = QLabel()
        self.limits_note.setObjectName("limitsNote")
        self.limits_note.setWordWrap(True)
        self.limits_note.setStyleSheet("color: #555555;")
        form.addRow(self.limits_note)
        return page

    def _animation_tab(self) -> QWidget:
        page, form = self._form()
        self.speed = _combo([(speed_text(s), s) for s in SPEED_STEPS], "animation_speed")
        self.volume = QSlider(Qt.Orientation.Horizontal)
        self.volume.setObjectName("volume")
        self.volume.setRange(0, 100)
        self.volume.setMinimumWidth(200)
        self.volume_text = QLabel()
        volume_row = QWidget()
        volume_layout = QHBoxLayout(volume_row)
        volume_layout.setContentsMargins(0, 0, 0, 0)
        volume_layout.addWidget(self.volume, 1)
        volume_layout.addWidget(self.volume_text)
        self.muted = QCheckBox("Mute all sounds")
        self.muted.setObjectName("muted")
        self._add_row(form, "Animation &speed:", self.speed, "animation_speed")
        self._add_row(form, "&Volume:", volume_row, "volume")
        self._add_row(form, "", self.muted, "muted")
        return page

    def _cards_tab(self) -> QWidget:
        page, form = self._form()
        self.four_colour = QCheckBox("Four-colour deck (clubs green, diamonds blue)")
        self.four_colour.setObjectName("four_colour")
        colours = [(c.capitalize(), c) for c in DECK_BACK_COLOURS]
        self.back_one = _combo(colours, "deck_back_1")
        self.back_two = _combo(colours, "deck_back_2")
        self._add_row(form, "", self.four_colour, "four_colour")
        self._add_row(form, "First deck &back:", self.back_one)
        self._add_row(form, "Second deck b&ack:", self.back_two, "deck_backs")
        return page

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
            for _kind, offer_key, table_key, _label in _SIDE_BETS:
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
        }
        for key, box in self.house_rules.items():
            values[key] = box.currentData()
        for _kind, offer_key, table_key, _label in _SIDE_BETS:
            values[offer_key] = self.offer[offer_key].isChecked()
            values[table_key] = self.paytable[table_key].currentData()
        if values["seats"] is None:
            values["seats"] = 0
        return values

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
                                   start_page_at_start=self._original.start_page_at_start))

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
            items = [(f"{n} positions (player-dealer among them)", n) for n in PLAYER_DEALER_POSITIONS]
        else:
            items = [(f"{n} seat{'s' if n > 1 else ''}", n) for n in HOUSE_SEATS]
        game = self.chosen_game()
        offered: list[Any] | None = None
        if game is not None and game.banking.value == banking:
            offered = [n for _, n in items if (n <= game.positions if game.is_house else n == game.positions)]
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
        for kind, _offer_key, table_key, _label in _SIDE_BETS:
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
            return "Any combination the room deals; the three games above fill in their own."
        return (f"{game.title} ({', '.join(game.documents)}): each box lists the game's choices first; one below "
                "the line makes this the room's custom table.")

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
        for _kind, offer_key, table_key, _label in _SIDE_BETS:
            self.offer[offer_key].setChecked(values[offer_key])
            select(self.paytable[table_key], values[table_key])
        self.min_wager.setValue(values["min_wager"])
        self.max_wager.setValue(values["max_wager"])
        self.bank.setValue(values["player_dealer_bank"])
        select(self.collection, values["collection_schedule"])

    def _leave_game(self, game: Game, found: dict[str, str]) -> None:
        """The fields are no longer a table of ``game``: show the custom table, all choices open, and say why."""
        key, problem = next(iter(found.items()))
        label = FIELD_LABELS.get(key, key)
        reason = problem if problem.startswith(label) else f"{label}: {problem}"
        values = self.values()
        self._loading = True
        try:
            select(self.game, CUSTOM)
            self._fill_for_game(None, values["banking"], values["seats"])
        finally:
            self._loading = False
        self.game_note.setText(f"Now the room's custom table, no longer {game_title(game)}: {reason}.")

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
        for offer_key in ("offer_pairs", "offer_progressive"):
            self.offer[offer_key].setEnabled(not player_dealer)
        for _kind, offer_key, table_key, _label in _SIDE_BETS:
            self.paytable[table_key].setEnabled(self.offer[offer_key].isChecked())
        self.bank.setEnabled(player_dealer)
        self.collection.setEnabled(player_dealer)
        self.volume_text.setText(f"{self.volume.value()} %")
        found = self.problems()
        for key, label in self._errors.items():
            label.setText(found.get(key, ""))
            label.setVisible(key in found)
        self.summary.setText(
            f"Fix {len(found)} setting{'s' if len(found) > 1 else ''} before saving." if found else ""
        )
        self.summary.setVisible(bool(found))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not found)
        self.changed.emit()

    def accept(self) -> None:
        """Close with OK only when every field is fine."""
        if self.problems():
            return
        super().accept()
