"""Leaving a drill window: Escape and a visible Close button close it, and a set left part-way is not lost
without asking first.

The question is a collaborator (``confirm``): the windows ask with :func:`ask_to_leave` by default, tests pass
their own answer.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from trainer.i18n.translation import N_, _

Confirm = Callable[[QWidget, str], bool]
"""Asks the trainee (over a window) whether to leave; True to leave."""

LEAVE_QUESTION = N_("The set is not finished: the items not answered yet will not be scored. Close it anyway?")
"""Marked for the catalogue; asked in the current language (:func:`may_leave`)."""


def ask_to_leave(parent: QWidget, question: str) -> bool:
    """A Yes / No message box over ``parent``; No is the default."""
    answer = QMessageBox.question(parent, _("Leave the set?"), question,
                                  QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def may_leave(parent: QWidget, part_way: bool, confirm: Confirm) -> bool:
    """True when nothing would be lost, or the trainee says to leave."""
    return not part_way or confirm(parent, _(LEAVE_QUESTION))


def close_controls(close: Callable[[], object]) -> QPushButton:
    """The Close button of a drill window (for its layout), calling ``close``; the window closes on Escape
    too (a dialog by itself, a window in its ``keyPressEvent``)."""
    button = QPushButton(_("Close"))
    button.setObjectName("close")
    button.setToolTip(_("Close this window (Esc)"))

    button.clicked.connect(close)
    return button
