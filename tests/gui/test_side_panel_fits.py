"""On a school's laptop (1366 x 768) and at the smallest window, the settlement panel with its feedback showing
keeps every chip button at its full height and the round log inside the side panel: a low window scrolls the
panel, it never squashes its buttons or paints the log over the status bar."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.test_legibility import settling_at, window  # noqa: F401 (the window fixture)
from trainer.engine.wagers import Action, Wager
from trainer.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


def settling_with_feedback(window: MainWindow, qtbot: QtBot, size: tuple[int, int]) -> None:  # noqa: F811
    """The window at ``size`` settling a hand in practice, the dealer announced and one wrong step refused: the
    feedback box shows and the panel is at its tallest."""
    settling_at(window, qtbot, size)
    quiz = window.quiz
    assert quiz.quiz is not None
    dealer = quiz.quiz.settlement
    quiz.announce(dealer.dealer.category, dealer.dealer_qualifies)
    step = quiz.quiz.next_step()
    assert step is not None
    wrong = Action.TAKE if step.action is not Action.TAKE else Action.PAY
    quiz.settle(step.seat, Wager(step.wager), wrong, Decimal(1))  # practice: refused, the feedback box shows
    QApplication.processEvents()


@pytest.mark.parametrize("size", [(1024, 700), (1366, 768)])
def test_buttons_keep_their_height_and_the_log_stays_in_the_panel(window: MainWindow, qtbot: QtBot,  # noqa: F811
                                                                  size: tuple[int, int]) -> None:
    settling_with_feedback(window, qtbot, size)
    quiz = window.quiz
    for chip in quiz.panel.chip_buttons.values():
        assert chip.height() >= chip.minimumSizeHint().height(), f"{chip.text()} squashed to {chip.height()} px"
    log = window.round_log.list
    dock = window.dock
    top_left = log.mapTo(window, QPoint(0, 0))
    log_rect = QRect(top_left, log.size())
    dock_rect = QRect(dock.mapTo(window, QPoint(0, 0)), dock.size())
    assert dock_rect.contains(log_rect), f"the log {log_rect} runs out of the side panel {dock_rect}"
    status = window.statusBar()
    status_rect = QRect(status.mapTo(window, QPoint(0, 0)), status.size())
    assert not log_rect.intersects(status_rect), "the log is painted over the status bar"
