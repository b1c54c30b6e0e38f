"""Help ▸ Keys reads whole: both columns fit the table's width (no sideways scrolling), so the headings "Keys" and
"What they do" and every description show in full, at the dialog's own size."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction, QFontMetrics, QKeySequence
from PySide6.QtWidgets import QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from tests.typed import present
from trainer.gui.help_dialogs import keys_dialog

pytestmark = pytest.mark.gui


def test_the_keys_table_fits_its_width_with_its_headings_whole(qtbot: QtBot) -> None:
    owner = QWidget()
    qtbot.addWidget(owner)
    actions = []
    for key, text in (("N", "Deal a new round"),
                      ("Ctrl+,", "Change the table, pay tables, limits, animation and sound, and a good deal more "
                                 "that makes this line longer than the dialog is wide"),
                      ("Ctrl+Shift+I", "Instructor…")):
        action = QAction(text, owner)
        action.setShortcut(QKeySequence(key))
        actions.append(action)
    dialog = keys_dialog(actions, owner)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.findChild(QTableWidget, "keysTable")
    assert table is not None
    header = table.horizontalHeader()
    assert header.length() <= table.viewport().width()  # nothing off to the right
    metrics = QFontMetrics(header.font())
    for column, title in enumerate(("Keys", "What they do")):
        assert present(table.horizontalHeaderItem(column)).text() == title
        assert metrics.horizontalAdvance(title) + 8 <= header.sectionSize(column)
    long_row = next(row for row in range(table.rowCount()) if "longer" in present(table.item(row, 1)).text())
    assert table.rowHeight(long_row) > table.rowHeight(0)  # the long description wraps onto a second line
