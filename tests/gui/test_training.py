"""The Train and Help menus: drills, the deck count, the session's results and the lessons."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QListWidget, QTextBrowser

from tests.typed import present
from trainer.gui.main_window import MainWindow
from trainer.gui.table.director import Durations
from trainer.gui.training import LessonsDialog, ResultsDialog, open_drills, open_lessons
from trainer.lessons import load_lessons
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode, ScoreBook, SetResult
from trainer.settings import DEFAULTS, SettingsStore

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    messages: list[str] = []
    win = MainWindow(DEFAULTS, store=SettingsStore(tmp_path / "settings.json"), notify=messages.append,
                     durations=Durations.tiny(), rng=random.Random(3))
    win.messages = messages  # type: ignore[attr-defined]
    qtbot.addWidget(win)
    win.show()
    return win


def test_the_window_has_a_score_book_and_the_training_menus(window: MainWindow) -> None:
    assert isinstance(window.book, ScoreBook)
    titles = [action.text() for action in window.menuBar().actions()]
    assert "T&rain" in titles and "&Help" in titles
    names = {action.objectName() for action in window.actions()}
    assert {"drills", "deckCount", "results", "lessons"} <= names


def test_lessons_open_on_the_topic_asked_and_show_its_text(window: MainWindow) -> None:
    dialog = open_lessons(window, "bad-beat")
    assert isinstance(dialog, LessonsDialog)
    assert dialog.current_topic == "bad-beat"
    page = dialog.findChild(QTextBrowser, "lessonPage")
    assert page is not None and "hand that was beaten" in page.toPlainText()
    syllabus = dialog.findChild(QListWidget, "syllabus")
    assert syllabus is not None and syllabus.count() == len(load_lessons())
    dialog.close()


def test_a_corrupt_lesson_is_reported_once_and_the_rest_still_open(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    source = next(iter(load_lessons().values())).path
    (folder / "good.md").write_text(Path(source).read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "broken.md").write_text("no front matter here", encoding="utf-8")
    monkeypatch.setattr("trainer.resources.lessons_dir", lambda: folder)
    dialog = open_lessons(window)
    assert present(dialog.findChild(QListWidget, "syllabus")).count() == 1
    assert len(window.messages) == 1 and "broken.md" in window.messages[0]  # type: ignore[attr-defined]
    dialog.close()


def test_results_list_what_the_session_scored(window: MainWindow) -> None:
    book: ScoreBook = window.book
    book.record(ItemResult("blind", "seed 4", 5, 4, (Mistake(ErrorKind.WRONG_AMOUNT, "$15", "$10"),), 12.0,
                           Mode.PRACTICE))
    dialog = ResultsDialog(book, window)
    assert dialog.table.rowCount() == 1
    assert present(dialog.table.item(0, 3)).text() == "80.0 %"  # as the panel says it (one decimal)
    assert "wrong amount" in present(dialog.table.item(0, dialog.COLUMNS.index("Mistakes"))).text()


def test_results_tell_steps_right_from_wrong_attempts(window: MainWindow) -> None:
    """The score is steps; mistakes are attempts: 41 of 44 steps right with 13 wrong attempts is said so."""
    book: ScoreBook = window.book
    order = Mistake(ErrorKind.ORDER, "Seat 7: push the Ante $10", "Seat 5: push the Ante $10")
    book.record(ItemResult("settlement", "round 1", 44, 41, (order,) * 13, 80.0, Mode.EXAM, wrong_attempts=13))
    exam = SetResult("settlement", Mode.EXAM, [book.items()[0]], pass_mark=90.0)
    book.record_set(exam)
    dialog = ResultsDialog(book, window)
    columns = dialog.COLUMNS
    assert present(dialog.table.item(0, columns.index("Steps right"))).text() == "41 of 44"
    assert present(dialog.table.item(0, columns.index("Wrong attempts"))).text() == "13"
    summary = dialog.summary.text()
    assert "This session: 41 of 44 steps right (93.2 %) · 3 steps wrong · 13 wrong attempts" in summary
    assert "settlement (exam): 41 of 44 steps right (93.2 %) · 3 steps wrong · 13 wrong attempts · passed" in summary


def test_the_drills_dialog_opens_from_the_window(window: MainWindow) -> None:
    dialog = open_drills(window)
    assert dialog.isVisible()
    dialog.close()
    QApplication.processEvents()
