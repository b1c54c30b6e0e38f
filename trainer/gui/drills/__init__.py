"""The focused drills on screen: the picker grouped by topic, the short question form, the payout keypad.

Each form is a self-contained ``QWidget(drill, book)`` for the main window's right-hand panel or a dialog;
:class:`DrillsDialog` is the whole thing in one window.
"""

from trainer.gui.drills.payout_form import PayoutForm
from trainer.gui.drills.picker import DrillPicker, DrillsDialog, form_for
from trainer.gui.drills.question_form import DrillForm

__all__ = ["DrillForm", "DrillPicker", "DrillsDialog", "PayoutForm", "form_for"]
