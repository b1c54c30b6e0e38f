"""The Settings dialog: every :class:`~trainer.settings.Settings` field in five tabs, checked as it is edited.

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

from trainer.settings import (
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
    paytable_choices,
    paytable_title,
    problems,
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


def _select(box: QComboBox, data: Any) -> None:
    index = box.findData(data)
    if index >= 0:
        box.setCurrentIndex(index)


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
        self.banking = _combo([(text, key) for key, text in _BANKING_LABELS.items()], "banking")
        self.seats = QComboBox()
        self.seats.setObjectName("seats")
        # Refilled when the banking changes: the box grows to "8 positions (…)" instead of cutting it.
        self.seats.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.procedure = _combo([(PROCEDURE_LABELS[p], p) for p in PROCEDURES], "procedure")
        self.careless = QCheckBox("Simulated players sometimes make poor choices (3x raises, folded pairs)")
        self.careless.setObjectName("careless_players")
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
            box = _combo(items, table_key)
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
        self.collection = _combo([(f"{collection_title(i)} [{i}]", i) for i in collection_choices()],
                                 "collection_schedule")
        self._add_row(form, "Table m&inimum:", self.min_wager, "min_wager")
        self._add_row(form, "Table ma&ximum:", self.max_wager, "max_wager")
        self._add_row(form, "Player-dealer &bank:", self.bank, "player_dealer_bank")
        self._add_row(form, "&Collection schedule:", self.collection, "collection_schedule")
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
        self.banking.currentIndexChanged.connect(self._banking_changed)
        for box in (self.seats, self.procedure, self.collection, self.speed, self.back_one, self.back_two,
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
            _select(self.banking, settings.banking)
            self._fill_seats(settings.banking, settings.seats)
            _select(self.procedure, settings.procedure)
            self.careless.setChecked(settings.careless_players)
            for _kind, offer_key, table_key, _label in _SIDE_BETS:
                self.offer[offer_key].setChecked(getattr(settings, offer_key))
                _select(self.paytable[table_key], getattr(settings, table_key))
            for key, box in self.house_rules.items():
                _select(box, getattr(settings, key))
            self.min_wager.setValue(settings.min_wager)
            self.max_wager.setValue(settings.max_wager)
            self.bank.setValue(settings.player_dealer_bank)
            _select(self.collection, settings.collection_schedule)
            _select(self.speed, settings.animation_speed)
            if self.speed.currentData() != settings.animation_speed:  # a speed between the steps
                self.speed.addItem(speed_text(settings.animation_speed), settings.animation_speed)
                self.speed.setCurrentIndex(self.speed.count() - 1)
            self.volume.setValue(round(settings.volume * 100))
            self.muted.setChecked(settings.muted)
            self.four_colour.setChecked(settings.four_colour)
            _select(self.back_one, settings.deck_backs[0])
            _select(self.back_two, settings.deck_backs[1])
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

    # --- reacting ------------------------------------------------------------------------------------------

    def _fill_seats(self, banking: str, seats: int | None) -> None:
        was_loading, self._loading = self._loading, True
        self.seats.clear()
        if banking == "player-dealer":
            for n in PLAYER_DEALER_POSITIONS:
                self.seats.addItem(f"{n} positions (player-dealer among them)", n)
        else:
            for n in HOUSE_SEATS:
                self.seats.addItem(f"{n} seat{'s' if n > 1 else ''}", n)
        _select(self.seats, seats if seats is not None else 6)
        if self.seats.currentData() != seats:
            _select(self.seats, 6)
        self._loading = was_loading

    def _banking_changed(self) -> None:
        if self._loading:
            return
        banking = self.banking.currentData()
        self._fill_seats(banking, self.seats.currentData())
        _select(self.procedure, default_procedure(banking))
        if banking == "player-dealer":
            self.offer["offer_pairs"].setChecked(False)
            self.offer["offer_progressive"].setChecked(False)
        self._refresh()

    def _refresh(self) -> None:
        """Enable what applies to this banking, show each problem under its field, and gate OK on none."""
        if self._loading:
            return
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
