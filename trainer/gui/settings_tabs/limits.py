"""The Settings dialog's *Limits* tab: the table minimum and maximum, the player-dealer's bank and the collection
schedule, with a line on the limits the chosen game allows."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from trainer.gui.game_choices import narrowable
from trainer.gui.settings_tabs.form import ErrorRows, combo, dollars, form_of
from trainer.i18n.translation import _
from trainer.settings import WAGER_CEILING, collection_choices, collection_title


class LimitsTab(QWidget):
    """The limits' spin boxes, the bank, the collection schedule and :attr:`limits_note`."""

    def __init__(self, rows: ErrorRows) -> None:
        super().__init__()
        form = form_of(self)
        self.min_wager = dollars("min_wager", WAGER_CEILING)
        self.max_wager = dollars("max_wager", WAGER_CEILING)
        self.bank = dollars("player_dealer_bank", 10 * WAGER_CEILING)
        self.collection = narrowable(combo([(f"{collection_title(i)} [{i}]", i) for i in collection_choices()],
                                     "collection_schedule"))
        rows.add(form, _("Table m&inimum:"), self.min_wager, "min_wager")
        rows.add(form, _("Table ma&ximum:"), self.max_wager, "max_wager")
        rows.add(form, _("Player-dealer &bank:"), self.bank, "player_dealer_bank")
        rows.add(form, _("&Collection schedule:"), self.collection, "collection_schedule")
        self.limits_note = QLabel()
        self.limits_note.setObjectName("limitsNote")
        self.limits_note.setWordWrap(True)
        self.limits_note.setStyleSheet("color: #555555;")
        form.addRow(self.limits_note)
