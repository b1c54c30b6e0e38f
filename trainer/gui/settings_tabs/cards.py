"""The Settings dialog's *Cards* tab: the four-colour deck and the two decks' back colours."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QWidget

from trainer.gui.settings_tabs.form import ErrorRows, combo, form_of
from trainer.i18n.translation import N_, _
from trainer.settings import DECK_BACK_COLOURS

BACK_COLOURS = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "black": N_("Black")}
"""The decks' back colours as the boxes name them."""


class CardsTab(QWidget):
    """The four-colour box and the two back-colour boxes (:attr:`back_one`, :attr:`back_two`)."""

    def __init__(self, rows: ErrorRows) -> None:
        super().__init__()
        form = form_of(self)
        self.four_colour = QCheckBox(_("Four-colour deck (clubs green, diamonds blue)"))
        self.four_colour.setObjectName("four_colour")
        colours = [(_(BACK_COLOURS.get(c, c.capitalize())), c) for c in DECK_BACK_COLOURS]
        self.back_one = combo(colours, "deck_back_1")
        self.back_two = combo(colours, "deck_back_2")
        rows.add(form, "", self.four_colour, "four_colour")
        rows.add(form, _("First deck &back:"), self.back_one)
        rows.add(form, _("Second deck b&ack:"), self.back_two, "deck_backs")
