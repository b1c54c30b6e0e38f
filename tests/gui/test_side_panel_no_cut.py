"""Once the settlement panel's scroll bar shows (a low window, the feedback open), nothing of the panel is cut at
its right edge: the panel is as wide as the room left beside the scroll bar, its texts wrap inside it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.test_legibility import settling_at, window  # noqa: F401 (the window fixture)
from tests.gui.test_side_panel_fits import settling_with_feedback
from trainer.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


def cut_at_the_right(window: MainWindow) -> list[str]:  # noqa: F811 (a window, not the fixture)
    """Every label and button of the settlement panel that runs past the room beside the scroll bar."""
    scroll = window.round_log.prompt_scroll
    viewport = scroll.viewport()
    room = viewport.width()
    cut = [f"the panel, {window.round_log.prompt_area.width()} px in {room}"] if (
        window.round_log.prompt_area.width() > room) else []
    for widget in window.round_log.prompt_area.findChildren(QWidget):
        if isinstance(widget, (QLabel, QPushButton)) and widget.isVisible() and widget.width() > 0:
            right = widget.mapTo(viewport, QPoint(widget.width(), 0)).x()
            if right > room:
                cut.append(f"{widget.objectName() or type(widget).__name__} ({widget.text()[:20]!r}) by {right - room}")
    return cut


@pytest.mark.parametrize("size", [(1024, 700), (1366, 768)])
def test_nothing_of_the_dealers_hand_box_is_cut(window: MainWindow, qtbot: QtBot,  # noqa: F811
                                                 size: tuple[int, int]) -> None:
    settling_at(window, qtbot, size)
    assert window.quiz.panel.not_qualifies.isVisible()
    assert not (cut := cut_at_the_right(window)), "cut at the right: " + "; ".join(cut)


@pytest.mark.parametrize("size", [(1024, 700), (1366, 768)])
def test_nothing_of_the_panel_is_cut_beside_its_scroll_bar(window: MainWindow, qtbot: QtBot,  # noqa: F811
                                                           size: tuple[int, int]) -> None:
    settling_with_feedback(window, qtbot, size)  # the feedback shows: the panel grows
    scroll = window.round_log.prompt_scroll
    assert scroll.verticalScrollBar().isVisible(), "the case this test is about: the panel scrolls"
    assert not (cut := cut_at_the_right(window)), "cut at the right: " + "; ".join(cut)
