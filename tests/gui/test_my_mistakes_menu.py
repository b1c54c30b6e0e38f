"""My mistakes has its place in the Train menu and in the drill list: it deals again, on the table, the hand got
wrong. Offscreen, one-millisecond animations."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QPushButton

from tests.gui.test_drill_on_table import start
from tests.gui.test_progress_wiring import WAIT, Station, settle_wrongly, station, stored
from tests.typed import present
from trainer.drills.scenario_round import Scenario
from trainer.gui.main_window import MainWindow
from trainer.gui.training import open_drills
from trainer.store.learning import my_mistakes

pytestmark = pytest.mark.gui

__all__ = ["station"]


def _one_hand_got_wrong(qtbot: Any, window: MainWindow) -> Scenario:
    """A blind hand dealt on the table and settled with one wrong step: the trainee's one mistake."""
    runner = start(qtbot, window, "blind", count=1)
    wrong = runner.scenario
    assert wrong is not None
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_wrongly(qtbot, window)
    return wrong


def test_train_my_mistakes_deals_the_hand_got_wrong_again(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    wrong = _one_hand_got_wrong(qtbot, window)
    room = window.progress_room
    assert room.profile is not None and len(my_mistakes(stored(window), room.profile)) == 1
    action = window.findChild(QAction, "myMistakes")
    assert action is not None
    train = [menu for menu in window.menuBar().findChildren(QMenu) if menu.title().replace("&", "") == "Train"]
    assert train and action in train[0].actions()
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        action.trigger()
    assert present(window.played).settlement == wrong.settlement


def test_the_drill_list_offers_my_mistakes(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    wrong = _one_hand_got_wrong(qtbot, window)
    dialog = open_drills(window)
    button = dialog.findChild(QPushButton, "myMistakesButton")
    assert button is not None and button.isVisible()
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        button.click()
    assert present(window.played).settlement == wrong.settlement
