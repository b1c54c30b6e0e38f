"""The start page does what it says: "1. Read the lesson" opens the lesson it names (Settlement order), and a
trainee added under "Who is training?" is the one training from then on."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from trainer.gui.main_window import MainWindow
from trainer.gui.progress import ProfileChooser
from trainer.gui.start_page import PATH, PATH_LESSON, PathStep
from trainer.gui.table.director import Durations
from trainer.gui.training import LessonsDialog
from trainer.lessons import load_lessons_tolerant
from trainer.settings import DEFAULTS, SettingsStore
from trainer.store import Store

pytestmark = pytest.mark.gui


def test_read_the_lesson_opens_the_lesson_the_path_names(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(DEFAULTS, store=SettingsStore(tmp_path / "settings.json"), notify=lambda text: None,
                        durations=Durations.tiny(), rng=random.Random(1))
    qtbot.addWidget(window)
    window.open_path_step(PathStep.LESSON)
    [dialog] = [w for w in QApplication.topLevelWidgets() if isinstance(w, LessonsDialog) and w.isVisible()]
    lessons, _ = load_lessons_tolerant()
    assert dialog.current_topic == PATH_LESSON
    described = next(text for step, _, text in PATH if step is PathStep.LESSON)
    assert described.startswith(lessons[PATH_LESSON].title + ":")  # the title on the path is the lesson shown
    dialog.close()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "data") as opened:
        yield opened


def test_a_trainee_added_is_the_one_training(qtbot: QtBot, store: Store) -> None:
    store.add_profile("Bea")
    chooser = ProfileChooser(store)
    qtbot.addWidget(chooser)
    chooser.name.setText("Ana")
    with qtbot.waitSignal(chooser.profileChosen) as chosen:
        chooser.add_button.click()
    assert chosen.args == ["Ana"] and chooser.chosen() == "Ana"


def test_the_start_page_fits_a_small_screen(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(DEFAULTS, store=SettingsStore(tmp_path / "settings.json"), notify=lambda text: None,
                        durations=Durations.tiny(), rng=random.Random(1))
    qtbot.addWidget(window)
    page = window.progress_room.open_start_page()
    room = page.screen().availableGeometry()
    page.hide()
    page.resize(room.width() + 300, room.height() + 200)  # asked for more than the screen has
    page.show()
    assert page.width() <= room.width() and page.height() <= room.height()
