"""Run the round: once the floor is called for a card showing the other deck's back, that card leaves the shuffler,
and the next round is dealt without the scene being asked to remove an item it no longer holds (no Qt warning).
Offscreen, one-millisecond animations."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import qInstallMessageHandler

from tests.gui.test_runround import HOUSE, WAIT, do_engine_act, idle, make_window, start
from trainer.quiz.round_script import Injected, Irregularity, Task
from trainer.quiz.run_round import Act
from trainer.scoring import Mode

pytestmark = pytest.mark.gui


@pytest.fixture
def qt_messages() -> Iterator[list[str]]:
    said: list[str] = []
    qInstallMessageHandler(lambda _kind, _context, text: said.append(text))
    try:
        yield said
    finally:
        qInstallMessageHandler(None)


def test_the_other_decks_card_leaves_the_shuffler_once_the_floor_is_called(
        qtbot: Any, tmp_path: Path, qt_messages: list[str]) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    controller = start(qtbot, window, Mode.PRACTICE, Injected(Irregularity.WRONG_BACK, at=4))
    run, table = controller.run, controller.table
    assert run is not None and table is not None
    while (due := run.expected()) is not None and not due.task.responds:
        do_engine_act(qtbot, controller)
    odd = table.odd_card
    assert odd is not None and odd.opacity() == 1.0, "the card with the other back is out of the shuffler"
    with qtbot.waitSignal(controller.roundFinished, timeout=WAIT):
        controller.perform(Act(Task.CALL_FLOOR))
    idle(qtbot, controller)
    assert odd.opacity() == 0.0 and table.odd_card is None
    assert controller.deal()
    idle(qtbot, controller)
    assert odd.scene() is None
    assert not [text for text in qt_messages if "removeItem" in text]


def test_after_stopping_the_run_round_the_log_shows_no_earlier_round(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE)
    window.quiz.start_exam(1)  # an exam round on the table writes its log
    qtbot.waitUntil(lambda: window.settling, timeout=WAIT)
    window.quiz.set_mode(None)
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)
    assert window.round_log.lines(), "the exam round's log"
    controller = start(qtbot, window, Mode.PRACTICE)
    controller.set_mode(None)  # Ctrl+Alt+0: stop running rounds
    assert window.round_log.list.isVisible() and window.round_log.lines() == []
