"""The Settings dialog's *Table* tab: the game, the banking, the seats, the dealing procedure and the players."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QWidget

from trainer.engine.games import games
from trainer.gui.game_choices import CUSTOM, CUSTOM_TITLE, game_choice_text, narrowable
from trainer.gui.settings_tabs.form import ErrorRows, combo, form_of
from trainer.i18n.translation import N_, _
from trainer.settings import PROCEDURE_LABELS, PROCEDURES

BANKING_LABELS = {"house": N_("House-banked (Washington)"), "player-dealer": N_("Player-dealer (California)")}


class TableTab(QWidget):
    """The game (the documents' three, then the room's custom table) and the table fields a game narrows.

    :attr:`items` holds every choice of the banking and procedure boxes (shown text, value), by settings name.
    """

    def __init__(self, rows: ErrorRows) -> None:
        super().__init__()
        form = form_of(self)
        self.game = combo([(game_choice_text(game), game.id) for game in games()] + [(_(CUSTOM_TITLE), CUSTOM)],
                          "game")
        self.game.setToolTip(_("The documents' games fill the table with their own defaults and choices; the "
                               "custom table is any combination the room deals"))
        self.game_note = QLabel()
        self.game_note.setObjectName("gameNote")
        self.game_note.setWordWrap(True)
        self.game_note.setStyleSheet("color: #555555;")
        self.items: dict[str, list[tuple[str, Any]]] = {}
        self.items["banking"] = [(_(text), key) for key, text in BANKING_LABELS.items()]
        self.items["procedure"] = [(_(PROCEDURE_LABELS[p]), p) for p in PROCEDURES]
        self.banking = narrowable(combo(self.items["banking"], "banking"))
        self.seats = QComboBox()
        self.seats.setObjectName("seats")
        # Refilled when the banking changes: the box grows to "8 positions (…)" instead of cutting it.
        self.seats.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.procedure = narrowable(combo(self.items["procedure"], "procedure"))
        self.careless = QCheckBox(_("Simulated players sometimes make poor choices (3x raises, folded pairs)"))
        self.careless.setObjectName("careless_players")
        form.addRow(_("&Game:"), self.game)
        form.addRow(self.game_note)
        rows.add(form, _("&Banking:"), self.banking, "banking")
        rows.add(form, _("&Seats:"), self.seats, "seats")
        rows.add(form, _("&Dealing procedure:"), self.procedure, "procedure")
        rows.add(form, _("Players:"), self.careless, "careless_players")
