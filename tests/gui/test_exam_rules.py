"""An instructor's exam in the table window is the exam that was set: its hands on its own game and pay tables,
whatever the table's settings. Offscreen, one-millisecond animations, signal waits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdf
import pytest
from PySide6.QtWidgets import QApplication

from tests.gui.test_drill_on_table import settle_correctly
from tests.gui.test_progress_wiring import WAIT, Station, station, stored
from tests.typed import present
from trainer.engine.table import Banking
from trainer.gui.progress.pdf import write_pdf
from trainer.settings import DEFAULTS
from trainer.store.instructor import Exam, attempts, save_exam
from trainer.store.reports import trainee_report

pytestmark = pytest.mark.gui

__all__ = ["station"]

CALIFORNIA_TABLE = DEFAULTS.replace(banking="player-dealer", seats=6, procedure="shuffler", profile="Ana")


def test_an_exam_set_to_washington_and_uth_01_deals_washington_tables_with_uth_01(qtbot: Any,
                                                                                  station: Station) -> None:
    station.settings.save(CALIFORNIA_TABLE)  # the table's own settings: a California player-dealer game
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    exam = save_exam(store, Exam("Order on WA", "order", 3, 90.0, 20.0, banking="house",
                                 paytables={"trips": "UTH-01", "bad_beat": "BBB-01"}))
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    for hand in (1, 2, 3):
        table = present(window.played).table
        assert (table.game, table.banking, table.trips_paytable) == ("wa", Banking.HOUSE, "UTH-01"), hand
        assert table.bad_beat_paytable == "BBB-01"
        assert window.scene is not None and window.scene.config.banking == "house"
        if hand < 3:
            with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
                settle_correctly(qtbot, window)
    settle_correctly(qtbot, window)


def test_an_exam_set_with_ctrl_e_is_kept_as_the_trainees_own_attempt_and_the_pdf_lists_it(
        qtbot: Any, station: Station, tmp_path: Path) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        window.quiz.start_exam(2, 80.0)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        settle_correctly(qtbot, window)
    settle_correctly(qtbot, window)
    assert room.profile is not None
    qtbot.waitUntil(lambda: bool(attempts(store, room.profile)), timeout=WAIT)
    (attempt,) = attempts(store, room.profile)
    assert (attempt.exam, attempt.instructor, attempt.pass_mark, attempt.passed) == ("Own exam: settlement", False,
                                                                                     80.0, True)
    write_pdf([trainee_report(store, room.profile)], tmp_path / "ana.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(tmp_path / "ana.pdf").pages)
    assert "No exam taken yet" not in text
    assert "Own exam: settlement" in text and "80 %" in text and "own" in text


def test_an_instructors_exam_is_kept_once_and_marked_as_the_instructors(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    exam = save_exam(store, Exam("Qualifying", "qualification", 1, 90.0, 20.0))
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    settle_correctly(qtbot, window)
    qtbot.waitUntil(lambda: bool(station.informed), timeout=WAIT)
    for _ in range(3):  # the own-exam keeping looks once the event loop turns: it must leave this set alone
        QApplication.processEvents()
    (attempt,) = attempts(store)
    assert (attempt.exam, attempt.instructor, attempt.pass_mark) == ("Qualifying", True, 90.0)
