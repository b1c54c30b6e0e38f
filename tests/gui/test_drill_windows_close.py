"""Every drill window closes with Escape and a visible Close button, and closing a set part-way asks first (and
stays open when the trainee says no); the deck-count clock stays on one line."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton, QWidget
from pytestqt.qtbot import QtBot

from trainer.drills.base import all_drills
from trainer.gui.deck_count import DeckCountWidget
from trainer.gui.drills.leaving import LEAVE_QUESTION
from trainer.gui.drills.picker import DrillsDialog
from trainer.scoring import ItemResult, Mode, ScoreBook

pytestmark = pytest.mark.gui


class Answers:
    """The trainee's answer to "Close it anyway?", and the questions asked."""

    def __init__(self, leave: bool) -> None:
        self.leave = leave
        self.asked: list[str] = []

    def __call__(self, parent: QWidget, question: str) -> bool:
        self.asked.append(question)
        return self.leave


def deck_count(qtbot: QtBot, answers: Answers) -> DeckCountWidget:
    widget = DeckCountWidget(ScoreBook(), seed=7, count=4, tick_ms=5, spread_ms=0, confirm=answers)
    widget.setWindowFlag(Qt.WindowType.Window, True)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def one_item_done(form: Any) -> None:
    form.drill_set.record(ItemResult(form.drill_set.result.drill, "first", steps=1, correct=1))


def test_the_deck_count_window_has_a_close_button_and_escape_closes_it(qtbot: QtBot) -> None:
    answers = Answers(leave=False)
    widget = deck_count(qtbot, answers)
    button = widget.findChild(QPushButton, "close")
    assert button is not None and button.isVisible() and button.text() == "Close"
    QTest.keyClick(widget.answer_box, Qt.Key.Key_Escape)
    assert not widget.isVisible() and answers.asked == []  # nothing done yet: nothing to lose


def test_closing_the_deck_count_part_way_asks_first(qtbot: QtBot) -> None:
    answers = Answers(leave=False)
    widget = deck_count(qtbot, answers)
    one_item_done(widget)
    widget.close_button.click()
    assert widget.isVisible() and answers.asked == [LEAVE_QUESTION]  # the trainee said no
    answers.leave = True
    QTest.keyClick(widget.answer_box, Qt.Key.Key_Escape)
    assert not widget.isVisible() and len(answers.asked) == 2


def test_the_deck_count_clock_does_not_wrap(qtbot: QtBot) -> None:
    widget = deck_count(qtbot, Answers(leave=True))
    widget.resize(640, 600)
    qtbot.waitUntil(lambda: "target" in widget.clock_label.text())
    label = widget.clock_label
    assert not label.wordWrap()
    assert label.width() >= label.sizeHint().width()


def drills_dialog(qtbot: QtBot, answers: Answers) -> DrillsDialog:
    dialog = DrillsDialog(ScoreBook(), confirm=answers)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_the_drills_window_has_a_close_button_and_escape_closes_it(qtbot: QtBot) -> None:
    answers = Answers(leave=False)
    dialog = drills_dialog(qtbot, answers)
    assert dialog.close_button.isVisible() and dialog.close_button.text() == "Close"
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible() and answers.asked == []


@pytest.mark.parametrize("how", ["escape", "close", "back"])
def test_leaving_a_drill_part_way_asks_first(qtbot: QtBot, how: str) -> None:
    answers = Answers(leave=False)
    dialog = drills_dialog(qtbot, answers)
    drill = next(iter(all_drills().values()))
    form = dialog.open_drill(drill, Mode.PRACTICE, 5, 3)
    one_item_done(form)
    if how == "escape":
        QTest.keyClick(dialog, Qt.Key.Key_Escape)
    elif how == "close":
        dialog.close_button.click()
    else:
        dialog.back.click()
    assert answers.asked == [LEAVE_QUESTION]
    assert dialog.isVisible() and dialog.form is form  # the trainee said no: the set goes on
    answers.leave = True
    dialog.close_button.click()
    assert not dialog.isVisible()
