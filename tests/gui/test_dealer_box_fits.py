"""The dealer's hand box of the settlement panel names every category whole in the narrow side panel, at the
smallest window and on a school's laptop (a category cut to "8 str" cannot be read)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.test_legibility import settling_at, window  # noqa: F401 (the window fixture)
from trainer.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("size", [(1024, 700), (1366, 768)])
def test_every_dealer_category_is_shown_whole(window: MainWindow, qtbot: QtBot,  # noqa: F811
                                              size: tuple[int, int]) -> None:
    settling_at(window, qtbot, size)
    categories = window.quiz.panel.categories
    QApplication.processEvents()
    assert categories.isVisible()
    viewport = categories.viewport().rect()
    metrics = categories.fontMetrics()
    for row in range(categories.count()):
        item = categories.item(row)
        assert item is not None
        place = categories.visualItemRect(item)
        assert viewport.contains(place), f"{item.text()!r} at {place} outside {viewport}"
        assert metrics.horizontalAdvance(item.text()) <= place.width(), f"{item.text()!r} cut at {place.width()} px"
