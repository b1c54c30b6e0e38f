"""Game protection on the table: a player attempts a prohibited act in the run round; the trainee stops it with its
button (a late wager caught), or lets it go on (missed: a mistake with its rule, seed 001 Dealing Procedures 4 a)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_runround import HOUSE, do_engine_act, idle, make_window, start
from trainer.gui.runround import RunRoundController
from trainer.quiz.protection import Prohibited, ProtectionAttempt
from trainer.quiz.round_script import Task
from trainer.quiz.run_round import RunRound
from trainer.scoring import ErrorKind, Mode

pytestmark = pytest.mark.gui


def _with_late_wager(qtbot: Any, tmp_path: Any) -> RunRoundController:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    controller = start(qtbot, window, Mode.PRACTICE)
    run = controller.run
    assert run is not None
    seat = run.played.hands[0].seat
    controller.run = RunRound(run.played, Mode.PRACTICE, drill=run.drill, item=run.item,
                              protection=ProtectionAttempt(Prohibited.LATE_WAGER, seat))
    controller._sync()
    idle(qtbot, controller)
    return controller


def _to_the_attempt(qtbot: Any, controller: RunRoundController) -> RunRound:
    run = controller.run
    assert run is not None
    while (due := run.expected()) is not None and due.task is not Task.STOP:
        do_engine_act(qtbot, controller)
    assert not controller.panel.seen.isHidden() and "slides" in controller.panel.seen.text()
    return run


def test_on_the_table_a_late_wager_is_caught_with_its_button(qtbot: Any, tmp_path: Any) -> None:
    controller = _with_late_wager(qtbot, tmp_path)
    run = _to_the_attempt(qtbot, controller)
    qtbot.mouseClick(controller.panel.buttons["stop_late"], Qt.MouseButton.LeftButton)
    idle(qtbot, controller)
    assert run.done_acts[-1][0].task is Task.STOP and not run.result().mistakes
    assert run.expected() is not None and run.expected().task is Task.DEAL  # type: ignore[union-attr]


def test_on_the_table_a_late_wager_let_go_is_a_missed_fault_with_its_rule(qtbot: Any, tmp_path: Any) -> None:
    controller = _with_late_wager(qtbot, tmp_path)
    run = _to_the_attempt(qtbot, controller)
    qtbot.mouseClick(controller.panel.buttons["carry_on"], Qt.MouseButton.LeftButton)
    idle(qtbot, controller)
    mistake = run.result().mistakes[-1]
    assert mistake.kind is ErrorKind.MISSED_FAULT and "Dealing Procedures 4 a" in mistake.rule
    wrong = controller.stop_act("stop-side-bet")
    idle(qtbot, controller)
    assert wrong is not None and wrong.mistakes[0].kind is ErrorKind.WRONG_ANSWER, "the wrong stop is named"
