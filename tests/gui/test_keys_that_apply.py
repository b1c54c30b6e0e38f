"""In the window, E while the next hand of an exam is dealt does nothing: the hand is not settled for the trainee,
the exam goes on. Offscreen, real animation durations (so the deal is still on when E is pressed)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.table_support import FakeSound
from trainer.gui.main_window import MainWindow
from trainer.gui.table.director import Durations
from trainer.session import SessionState
from trainer.settings import DEFAULTS, SettingsStore

pytestmark = pytest.mark.gui

WAIT = 20_000


def test_e_during_the_deal_of_an_exam_hand_does_not_end_the_exam(qtbot: Any, tmp_path: Path) -> None:
    window = MainWindow(DEFAULTS.replace(seats=3), store=SettingsStore(tmp_path / "settings.json"),
                        notify=lambda _text: None, sound=FakeSound(),
                        durations=Durations(deal=100, flip=100, chips=20, pause=20), rng=random.Random(3))
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
    session = window.session
    session.start_exam(3)
    assert window.new_round() and session.state is SessionState.DEALING
    qtbot.keyClick(window, Qt.Key.Key_E)  # the deal of hand 1: E does not apply
    assert window.playing and session.state is SessionState.DEALING and session.quiz is None
    assert not window.skip_action.isEnabled()
    result = session.set_result
    assert result is not None and result.items == []
    qtbot.waitUntil(lambda: session.state is SessionState.TRAINEE_SETTLING,  # type: ignore[comparison-overlap]
                    timeout=WAIT)  # the deal went on (the state changes under the wait; mypy sees it narrowed)
    assert window.skip_action.isEnabled()
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        qtbot.keyClick(window, Qt.Key.Key_E)  # settling: E lets the table finish hand 1
    assert len(result.items) == 1
    qtbot.waitUntil(lambda: session.state is SessionState.DEALING, timeout=WAIT)  # hand 2 dealt by itself
    qtbot.keyClick(window, Qt.Key.Key_E)
    qtbot.keyClick(window, Qt.Key.Key_E)
    assert session.state is SessionState.DEALING and len(result.items) == 1 and session.set_result is result
    assert session.hand_number == 1 and session.set_hands == 3
