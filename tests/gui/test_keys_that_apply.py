"""In the window, E while the next hand of an exam is dealt, or while the trainee settles it (the amount field in
focus too), does nothing: no exam hand is settled by the table for the trainee, the exam goes on. Offscreen, real
animation durations (so the deal is still on when E is pressed)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.table_support import FakeSound
from tests.gui.test_drill_on_table import settle_correctly
from trainer.gui.main_window import MainWindow
from trainer.gui.table.director import Durations
from trainer.session import SessionState
from trainer.settings import DEFAULTS, SettingsStore

pytestmark = pytest.mark.gui

WAIT = 20_000


def test_e_never_hands_an_exam_hand_to_the_table(qtbot: Any, tmp_path: Path) -> None:
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
    assert not window.skip_action.isEnabled()  # settling an exam hand: no key gives it to the table
    qtbot.keyClick(window, Qt.Key.Key_E)
    qtbot.keyClick(window, Qt.Key.Key_E)
    state: SessionState = session.state  # (read again: mypy sees the state narrowed by the assertion above)
    quiz = session.quiz
    assert state is SessionState.TRAINEE_SETTLING and quiz is not None and result.items == []
    controller = window.quiz
    controller.announce(quiz.settlement.dealer.category, quiz.settlement.dealer_qualifies)
    amount = controller.panel.amount
    qtbot.waitUntil(amount.hasFocus, timeout=WAIT)  # right after the announcement the amount has the focus
    qtbot.keyClick(amount, Qt.Key.Key_E)
    assert amount.text() == "" and session.quiz is quiz and result.items == []
    settle_correctly(qtbot, window)
    assert len(result.items) == 1 and result.items[0].correct == result.items[0].steps
    qtbot.waitUntil(lambda: session.state is SessionState.DEALING, timeout=WAIT)  # hand 2 dealt by itself
    qtbot.keyClick(window, Qt.Key.Key_E)
    qtbot.keyClick(window, Qt.Key.Key_E)
    assert session.state is not SessionState.TABLE_SETTLING and len(result.items) == 1
    assert session.set_result is result and session.hand_number in (1, 2) and session.set_hands == 3
