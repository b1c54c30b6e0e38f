"""An exam set run in the Drills window (not on the table) is kept as the trainee's own exam attempt at its pass
mark, like one on the table: taken to its end, or left part-way (then not passed). It shows on the Progress
screen, in the PDF report and, item by item, in the CSV with the counts every screen uses. Offscreen."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pypdf
import pytest
from PySide6.QtWidgets import QApplication, QLabel

from tests.gui.test_progress_wiring import WAIT, Station, station, stored
from tests.typed import present
from trainer.drills.decision_drills import DecisionItem
from trainer.drills.names import exam_name
from trainer.gui.drills.question_form import DrillForm
from trainer.gui.main_window import MainWindow
from trainer.gui.progress.pdf import write_pdf
from trainer.gui.training import open_drills
from trainer.scoring import Mode
from trainer.store.instructor import attempts
from trainer.store.reports import CSV_COLUMNS, trainee_report, write_csv

pytestmark = pytest.mark.gui

__all__ = ["station"]


def _exam_in_the_drills_window(window: MainWindow, count: int) -> tuple[Any, DrillForm]:
    """The Drills window with pairs-quick started in exam mode for ``count`` hands."""
    dialog = open_drills(window)
    picker = dialog.picker  # type: ignore[attr-defined]
    picker.select("pairs-quick")
    picker.mode.setCurrentIndex(picker.mode.findData(Mode.EXAM))
    picker.count.setValue(count)
    picker.start()
    form = dialog.form  # type: ignore[attr-defined]
    assert isinstance(form, DrillForm) and form.mode is Mode.EXAM
    return dialog, form


def _answer(form: DrillForm, *, right: bool) -> None:
    """Answer the one decision of the hand on show: what the rules pay, or that amount and one more."""
    item = form.item
    assert isinstance(item, DecisionItem) and item.current is not None
    action, amount = item.current.expected
    form.submit(f"{action.value} {amount if right else amount + 1}")


def test_an_exam_set_of_the_drills_window_is_kept_as_an_attempt_and_reported(qtbot: Any, station: Station,
                                                                              tmp_path: Path) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    dialog, form = _exam_in_the_drills_window(window, 2)
    _answer(form, right=True)
    form.next_item()
    _answer(form, right=False)
    assert attempts(store) == []  # no attempt before the set is over
    form.next_item()  # the score of the set: the set is over
    profile = present(room.profile)
    qtbot.waitUntil(lambda: bool(attempts(store, profile)), timeout=WAIT)
    (attempt,) = attempts(store, profile)
    items = store.items(profile)
    assert [item.mode for item in items] == [Mode.EXAM, Mode.EXAM]
    assert (attempt.exam, attempt.kind, attempt.pass_mark) == ("Own exam: pairs-quick", "own", 90.0)
    assert attempt.steps == sum(item.steps for item in items) and attempt.correct == sum(i.correct for i in items)
    assert attempt.correct < attempt.steps and not attempt.passed  # one hand paid wrong: under 90 %
    assert trainee_report(store, profile).attempts == [attempt]
    write_pdf([trainee_report(store, profile)], tmp_path / "ana.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(tmp_path / "ana.pdf").pages)
    assert "No exam taken yet" not in text  # the exam's name may wrap in its cell: "pairs- quick"
    assert exam_name("Own exam: pairs-quick") in text and "90 % 1/2" in text and "not passed" in text
    out = io.StringIO()
    assert write_csv(store, [profile], out) == 2
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert tuple(rows[0])[:len(CSV_COLUMNS)] == CSV_COLUMNS  # the contract's columns first, as they were
    assert [row["mode"] for row in rows] == ["exam", "exam"]
    assert {(row["exam"], row["exam set by"], row["pass mark"], row["exam verdict"]) for row in rows} == {
        ("Own exam: pairs-quick", "trainee", "90", "not passed")}
    assert [(row["mistakes"], row["wrong attempts"], row["steps left to the table"]) for row in rows] == [
        ("0", "0", "0"), ("1", "1", "0")]  # the second hand: its one step wrong, by one wrong answer
    progress = present(room.open_progress())
    line = present(progress.findChild(QLabel, "progressExams")).text()
    assert exam_name("Own exam: pairs-quick") in line and "pass mark 90 %" in line and "not passed" in line
    assert "No exam taken yet" not in line
    progress.close()
    dialog.close()


def test_an_exam_set_left_part_way_in_the_drills_window_is_kept_as_not_passed(qtbot: Any,
                                                                             station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    dialog, form = _exam_in_the_drills_window(window, 3)
    _answer(form, right=True)
    dialog.show_picker()  # Back to the drills (once the trainee said yes to leaving)
    profile = present(room.profile)
    qtbot.waitUntil(lambda: bool(attempts(store, profile)), timeout=WAIT)
    (attempt,) = attempts(store, profile)
    assert attempt.exam == "Own exam: pairs-quick" and attempt.score == 100.0 and not attempt.passed
    dialog.close()
    for _ in range(3):
        QApplication.processEvents()
    assert len(attempts(store, profile)) == 1  # closing the window after it keeps nothing more


def test_a_practice_set_of_the_drills_window_is_no_exam_attempt(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store = stored(window)
    dialog = open_drills(window)
    picker = dialog.picker  # type: ignore[attr-defined]
    picker.select("pairs-quick")
    picker.count.setValue(1)
    picker.start()
    form = dialog.form  # type: ignore[attr-defined]
    _answer(form, right=True)
    form.next_item()
    for _ in range(3):
        QApplication.processEvents()
    assert len(store.items()) == 1 and attempts(store) == []
    dialog.close()
