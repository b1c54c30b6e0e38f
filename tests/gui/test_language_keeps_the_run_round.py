"""Switching the language (Settings ▸ Language, then OK) while a round is being run keeps that round on the felt:
the cards dealt so far, the wagers and the panel's count of acts stay, and the round goes on from the act it was
at. Switched back again, the same. (A switch once seemed to leave the felt empty under "Round 3 · 14 of 15".)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from tests.gui.test_language_gui import choose_language
from tests.gui.test_runround import do_engine_act, idle
from trainer.gui.language import install_qt_translations
from trainer.gui.main_window import MainWindow
from trainer.gui.table.director import Durations
from trainer.gui.table.items import CardItem
from trainer.i18n.translation import current_language, set_language
from trainer.quiz.round_script import Task
from trainer.scoring import Mode
from trainer.settings import DEFAULTS, SettingsStore

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    yield
    set_language("en")
    install_qt_translations("en")


def cards_on_the_felt(window: MainWindow) -> list[tuple[str, float, float]]:
    """Every card shown on the felt and where it lies."""
    scene = window.scene
    assert scene is not None
    return sorted((repr(item), item.pos().x(), item.pos().y()) for item in scene.items()
                  if isinstance(item, CardItem) and item.isVisible())


@pytest.mark.parametrize("language", ["es", "qps"])
def test_a_switch_while_running_the_round_keeps_the_round_on_the_felt(qtbot: Any, tmp_path: Path,
                                                                        language: str) -> None:
    window = MainWindow(DEFAULTS.replace(seats=4, start_page_at_start=False),
                        store=SettingsStore(tmp_path / "settings.json"), notify=lambda _text: None,
                        durations=Durations.tiny(), rng=random.Random(3))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    controller = window.run_round
    assert controller.set_mode(Mode.PRACTICE)
    idle(qtbot, controller)
    run = controller.run
    assert run is not None
    dealt = 0
    while dealt < 5:  # the acts before the deal, then five cards out
        due = run.expected()
        assert due is not None
        dealt += due.task is Task.DEAL
        do_engine_act(qtbot, controller)
    QApplication.processEvents()
    scene, table, before = window.scene, controller.table, cards_on_the_felt(window)
    due, progress = run.expected(), controller.panel.progress.text()
    assert table is not None and len(table.dealt) == 5 and len(before) >= 5

    for switched in (language, "en"):
        if switched == "qps":  # a test language: Settings lists it only while it is spoken
            window.switch_language(switched)
        else:
            choose_language(qtbot, window, switched)
        QApplication.processEvents()
        assert current_language() == switched
        assert window.scene is scene and controller.table is table and controller.run is run, "the same round"
        assert cards_on_the_felt(window) == before and len(table.dealt) == 5, "the felt keeps the cards dealt"
        assert run.expected() == due, "the round goes on from the act it was at"
        assert controller.panel.progress.text() != "" and progress.split(" ")[1] in controller.panel.progress.text()
    do_engine_act(qtbot, controller)
    assert len(table.dealt) == 6, "and goes on"
