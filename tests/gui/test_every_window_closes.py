"""Every window the menus open has a visible Close (or Cancel) button and goes with Escape: a trainee never hunts
for the way out (lessons, drills, deck count, results, progress, Today, instructor, pay-table lab, keys, about, the
start page, an exam set, a drill on the table, settings)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from trainer.gui.main_window import MainWindow
from trainer.gui.progress_wiring import open_progress_store
from trainer.gui.table.director import Durations
from trainer.settings import DEFAULTS, SettingsStore

pytestmark = pytest.mark.gui
MENU_WINDOWS = ["lessons", "drills", "deckCount", "results", "progress", "today", "instructor", "paytableLab",
                "keys", "about", "startHere", "examSet", "drillOnTable", "settings"]


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    store, problem = open_progress_store(tmp_path / "data")
    win = MainWindow(DEFAULTS.replace(start_page_at_start=False), store=SettingsStore(tmp_path / "settings.json"),
                     notify=lambda _text: None, durations=Durations.tiny(), rng=random.Random(1),
                     progress_store=store, progress_problem=problem)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def opened_by(window: MainWindow, qtbot: Any, name: str) -> QWidget:
    action = window.findChild(QAction, name)
    assert action is not None, name
    before = set(QApplication.topLevelWidgets())
    action.trigger()
    qtbot.waitUntil(lambda: any(w.isVisible() for w in QApplication.topLevelWidgets() if w not in before),
                    timeout=10_000)
    (opened,) = [w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible()]
    return opened


@pytest.mark.parametrize("name", MENU_WINDOWS)
def test_every_window_has_a_close_button_and_goes_with_escape(window: MainWindow, qtbot: Any, name: str) -> None:
    opened = opened_by(window, qtbot, name)
    words = {button.text().replace("&", "").strip().lower() for button in opened.findChildren(QAbstractButton)
             if button.isVisible()}
    assert words & {"close", "cancel"}, f"{opened.windowTitle()}: no Close button among {sorted(words)}"
    opened.activateWindow()
    qtbot.keyClick(opened, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not opened.isVisible(), timeout=10_000)
