"""Run the round: after a wager is clicked on the felt, P / T / U / R settle it as in settle it yourself (the same
keys, the same effect, everywhere a wager is settled). Offscreen, one-millisecond animations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from tests.gui.test_runround import HOUSE, do_engine_act, idle, make_window, start
from tests.gui.test_settlement_quiz_gui import settle_by_keys
from tests.typed import present
from trainer.quiz.round_script import Task
from trainer.scoring import Mode

pytestmark = pytest.mark.gui


def test_the_action_keys_settle_a_wager_clicked_on_the_felt_in_a_run_round(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=10_000)
    controller = start(qtbot, window, Mode.PRACTICE)
    run = controller.run
    assert run is not None
    for _ in range(400):
        due = run.expected()
        assert due is not None
        if due.task is Task.SETTLE:
            break
        do_engine_act(qtbot, controller)
    settled = 0
    while (step := run.quiz.next_step()) is not None and settled < 3:
        present(window.view).setFocus()  # a click on the felt gives the felt the focus first
        controller._spot_clicked(step.seat, step.wager.value)  # then the wager clicked is chosen
        assert QApplication.focusWidget() is controller.panel.settlement.amount
        before = len(run.quiz.pending())
        settle_by_keys(qtbot, step)  # Esc, P / T / U / R, the amount for a pay, Enter
        idle(qtbot, controller)
        assert len(run.quiz.pending()) == before - 1, step.describe()
        settled += 1
    assert settled >= 1 and run.result().correct == run.result().steps


def test_each_run_round_key_belongs_to_one_enabled_action_while_rounds_are_run(qtbot: Any, tmp_path: Path) -> None:
    """Two enabled actions on one key make Qt run neither (an ambiguous shortcut): V voids a run round, it does not
    also review the last settled hand, and E is Game Over, not skip to the end."""
    window = make_window(qtbot, tmp_path, HOUSE)
    controller = start(qtbot, window, Mode.PRACTICE)
    enabled = [action for action in window.findChildren(QAction) if action.isEnabled()]
    for name, action in controller.actions.items():
        key = action.shortcut()
        sharing = [other.objectName() for other in enabled if key in other.shortcuts()]
        assert sharing == [action.objectName()], (name, key.toString(), sharing)
    controller.set_mode(None)
    assert present(window.action("reviewHandKey")).isEnabled()
