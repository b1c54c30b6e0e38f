"""An instructor's exam holds at the table: one pass mark, the exam's own, wherever it is shown or decided; every
hand on the exam's game and pay tables; My mistakes brings a missed exam hand back on them until it is settled
right; the CSV names the exam. Offscreen, one-millisecond animations, signal waits."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path
from typing import Any

import pypdf
import pytest
from PySide6.QtWidgets import QLabel

from tests.gui.test_drill_on_table import settle_correctly
from tests.gui.test_drills_window_exam import _answer, _exam_in_the_drills_window
from tests.gui.test_progress_wiring import WAIT, Station, settle_wrongly, station, stored
from tests.session.test_running_rounds import run_perfectly
from tests.typed import present
from trainer.gui.main_window import MainWindow
from trainer.gui.progress import InstructorDialog
from trainer.gui.progress.pdf import write_pdf
from trainer.gui.training import ResultsDialog
from trainer.scoring import ItemResult, Mode
from trainer.settings import DEFAULTS
from trainer.store.instructor import Exam, attempts, save_exam
from trainer.store.learning import my_mistakes
from trainer.store.reports import trainee_report, write_csv

pytestmark = pytest.mark.gui

__all__ = ["station"]

WA_EXAM = Exam("WA Trips final", "trips", 2, 99.5, 20.0, banking="house",
               paytables={"trips": "UTH-01", "bad_beat": "BBB-01", "pairs": "1"})
"""A Washington exam on UTH-01 / BBB-01 / Pairs 1 whose pass mark is no default (99.5 %): one step wrong fails it."""
CALIFORNIA_TABLE = DEFAULTS.replace(banking="player-dealer", seats=6, procedure="shuffler", profile="Ana")


def take_with_a_mistake(qtbot: Any, window: MainWindow, exam: Exam) -> None:
    """Start ``exam`` and settle its first hand with one step wrong, the others right."""
    room = window.progress_room
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    for hand in range(exam.hands):
        if hand:
            qtbot.waitUntil(lambda: window.quiz.quiz is not None, timeout=WAIT)
        settle_wrongly(qtbot, window) if hand == 0 else settle_correctly(qtbot, window)


def test_one_pass_mark_the_exams_in_the_panel_review_results_progress_csv_and_pdf(
        qtbot: Any, station: Station, tmp_path: Path) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    exam = save_exam(store, WA_EXAM)
    said = "pass mark 99.5 %"
    with qtbot.waitSignal(window.quiz.modeChanged, timeout=WAIT):
        assert room.start_exam(exam)
    assert said in window.quiz.panel.progress.text()  # the side panel, as the exam begins
    qtbot.waitUntil(lambda: window.quiz.quiz is not None, timeout=WAIT)
    settle_wrongly(qtbot, window)
    qtbot.waitUntil(lambda: window.quiz.quiz is not None, timeout=WAIT)
    settle_correctly(qtbot, window)
    panel = window.quiz.panel
    assert said in panel.progress.text() and "not passed" in panel.progress.text()  # the panel's verdict
    review = present(window.quiz.review)
    assert said in review.headline.text() and "not passed" in review.headline.text()
    results = ResultsDialog(window.session.book, window)
    assert said in results.summary.text() and "not passed" in results.summary.text()
    results.close()
    profile = present(room.profile)
    qtbot.waitUntil(lambda: bool(attempts(store, profile)), timeout=WAIT)
    (attempt,) = attempts(store, profile)
    assert (attempt.exam, attempt.pass_mark, attempt.passed) == ("WA Trips final", 99.5, False)
    progress = present(room.open_progress())
    line = present(progress.findChild(QLabel, "progressExams")).text()
    assert "WA Trips final" in line and "(pass mark 99.5 %)" in line and "not passed" in line
    progress.close()
    out = io.StringIO()
    write_csv(store, [profile], out)
    rows = [row for row in csv.DictReader(io.StringIO(out.getvalue())) if row["exam"]]
    assert len(rows) == 2 and {(row["pass mark"], row["exam verdict"]) for row in rows} == {("99.5", "not passed")}
    write_pdf([trainee_report(store, profile)], tmp_path / "ana.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(tmp_path / "ana.pdf").pages)
    assert "99.5 %" in text and "not passed" in text and "90 %" not in text


def test_every_hand_of_an_exam_is_on_its_game_and_pay_tables_and_a_washington_exam_offers_no_california_table(
        qtbot: Any, station: Station) -> None:
    window = station.open(qtbot, CALIFORNIA_TABLE)  # the table itself on California: the exam deals its own
    store, room = stored(window), window.progress_room
    dialog = InstructorDialog(store)
    qtbot.addWidget(dialog)
    dialog.exam_game.setCurrentIndex(dialog.exam_game.findData("house"))
    bad_beat = dialog.exam_paytables["bad_beat"]
    offered = [bad_beat.itemText(index) for index in range(bad_beat.count())]
    assert sorted(offered) == ["BBB-01", "BBB-02", "BBB-03"] and bad_beat.currentText() != "CA"
    dialog.exam_name.setText("WA Bad Beat final")
    dialog.exam_drill.setCurrentIndex(dialog.exam_drill.findData("bad-beat"))
    dialog.exam_hands.setValue(4)
    for kind, table_id in (("trips", "UTH-01"), ("bad_beat", "BBB-01"), ("pairs", "1")):
        dialog.exam_paytables[kind].setCurrentText(table_id)
    exam = present(dialog.save_exam())
    assert (exam.banking, exam.paytables["trips"], exam.paytables["bad_beat"], exam.paytables["pairs"]) == (
        "house", "UTH-01", "BBB-01", "1")
    dialog.close()
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    for hand in range(1, exam.hands + 1):
        qtbot.waitUntil(lambda: window.quiz.quiz is not None, timeout=WAIT)
        table_round = present(window.session.round)
        table = table_round.played.table
        assert (table.game, table.trips_paytable, table.bad_beat_paytable, str(table.pairs_paytable)) == (
            "wa", "UTH-01", "BBB-01", "1"), hand
        caption = table_round.caption or ""
        assert not any(other in caption for other in ("BBB-02", "BBB-03", "UTH-02", "UTH-03", "UTH-04", "CA")), (
            hand, caption)
        scenario = present(window.session.drill).scenario  # type: ignore[attr-defined]
        assert not scenario.variant.startswith(("BBB-02", "BBB-03", "CA:")), scenario.variant
        settle_correctly(qtbot, window)
    assert window.session.drill is None or window.session.drill.rounds_left == 0


def test_my_mistakes_brings_a_missed_exam_hand_back_on_its_own_tables_until_it_is_settled_right(
        qtbot: Any, station: Station) -> None:
    window = station.open(qtbot, CALIFORNIA_TABLE)
    store, room = stored(window), window.progress_room
    exam = save_exam(store, WA_EXAM)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    missed = present(window.played)
    settle_wrongly(qtbot, window)
    qtbot.waitUntil(lambda: window.quiz.quiz is not None, timeout=WAIT)
    settle_correctly(qtbot, window)
    profile = present(room.profile)
    qtbot.waitUntil(lambda: bool(attempts(store, profile)), timeout=WAIT)
    qtbot.waitUntil(lambda: window.session.drill is None and not window.playing, timeout=WAIT)
    titles = [item.title for item in store.items(profile)]
    assert len(titles) == 2 and not any(other in title for title in titles for other in ("UTH-02", "UTH-03",
                                                                                         "UTH-04"))
    (mistake,) = my_mistakes(store, profile)
    window.quiz.set_mode(None)
    for attempt in (1, 2, 3):  # wrong, wrong again, then right: it comes back each time, on the exam's tables
        qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)
        with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
            assert room.deal_mistakes() == 1 if attempt == 1 else window.new_round()  # N: the next hand
        again = present(window.played)
        assert again.table == missed.table and again.deal.board == missed.deal.board, attempt
        assert again.settlement == missed.settlement
        if attempt < 3:
            settle_wrongly(qtbot, window)
        else:
            with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
                settle_correctly(qtbot, window)
    qtbot.waitUntil(lambda: window.session.drill is None, timeout=WAIT)
    qtbot.waitUntil(lambda: my_mistakes(store, profile) == [], timeout=WAIT)
    kept = store.items(profile)
    assert len(kept) == 5 and {item.replay.key for item in kept[2:] if item.replay} == {mistake.replay.key}
    assert {item.title for item in kept[2:]} == {kept[0].title}  # each try named as the exam's hand it is
    results = ResultsDialog(window.session.book, window, history=list(reversed(
        [ItemResult(i.drill, i.title, i.steps, i.correct, i.mistakes, i.seconds, i.mode) for i in kept])))
    shown = [present(results.table.item(row, 1)).text() for row in range(results.table.rowCount())]
    assert not any(other in text for text in shown for other in ("UTH-02", "UTH-03", "UTH-04", "BBB-02", "round "))
    results.close()


def test_an_exam_drill_says_nothing_of_a_hands_score_until_the_set_ends_and_every_exam_is_kept_as_an_attempt(
        qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    dialog, form = _exam_in_the_drills_window(window, 2)
    exam_text = dialog.picker.mode.itemText(dialog.picker.mode.findData(Mode.EXAM))
    assert exam_text.startswith("Own exam: Pairs Bonus, one seat")  # the attempt, as reports name it
    for hand, right in enumerate((True, False)):
        _answer(form, right=right)
        shown = f"{form.feedback.text()} {form.prompt.text()}"
        assert "This hand" not in shown and "%" not in shown and "steps right" not in shown, shown
        assert "right" not in form.feedback.text()
        form.next_item()
        if hand == 0:
            assert "%" not in form.prompt.text()
    assert "1 of 2 steps right" in form.prompt.text()  # the set is over: now the score
    dialog.close()
    profile = present(room.profile)
    qtbot.waitUntil(lambda: len(attempts(store, profile)) == 1, timeout=WAIT)
    session = window.session  # the run round in exam mode (one round, pass mark 80 %), kept as the trainee's own
    session.start_exam(hands=1, pass_mark=80)
    session.set_mode(None)
    session.run_rounds(Mode.EXAM)
    session.deal_run(random.Random(4), irregular=False)
    run_perfectly(session)
    qtbot.waitUntil(lambda: len(attempts(store, profile)) == 2, timeout=WAIT)
    run = attempts(store, profile)[-1]
    assert (run.exam, run.kind, run.pass_mark, run.passed) == ("Own exam: run-round", "own", 80.0, True)
