"""The progress screens: the charts and tables of the progress screen, the profile chooser and Today queue, the
instructor dialog, and the PDF report (its text names the trainee and the skills)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pypdf
import pytest
from PySide6.QtCharts import QLineSeries
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from tests.store.conftest import Clock, hand
from tests.typed import present
from trainer.bench.store import fill
from trainer.gui.progress import InstructorDialog, ProfileChooser, ProgressScreen, TodayView
from trainer.gui.progress.pdf import write_pdf
from trainer.scoring import Mode
from trainer.store import Store
from trainer.store.instructor import Exam, Instructor, exams, record_attempt, save_exam
from trainer.store.reports import class_report, trainee_report

pytestmark = pytest.mark.gui
END = datetime(2025, 3, 31, 18, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "data", clock=Clock(END)) as opened:
        yield opened


def month_of_practice(store: Store, name: str = "Ana", items: int = 400) -> None:
    fill(store, store.add_profile(name), items, days=30, end=END)


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages)


def test_the_progress_screen_charts_a_month_per_skill_and_speed(qtbot: object, store: Store) -> None:
    month_of_practice(store)
    screen = ProgressScreen(store, store.profile("Ana"))
    qtbot.addWidget(screen)  # type: ignore[attr-defined]
    accuracy, pace = screen.accuracy_chart.series()
    days = accuracy.count()                                                             # type: ignore[attr-defined]
    assert isinstance(accuracy, QLineSeries) and isinstance(pace, QLineSeries) and 25 <= days <= 31
    assert all(0 <= point.y() <= 100 for point in accuracy.points())
    (speed,) = screen.speed_chart.series()
    assert speed.count() > 10 and all(point.y() > 0 for point in speed.points())     # type: ignore[attr-defined]
    screen.skill_box.setCurrentText("payouts-1")
    one_skill = screen.accuracy_chart.series()[0]
    assert 0 < one_skill.count() <= days                                               # type: ignore[attr-defined]
    assert screen.mastery_table.rowCount() > 5
    assert screen.mistakes_table.rowCount() > 0
    assert not screen.grab().isNull()


def test_a_frequent_mistake_opens_its_lesson_and_a_drill_on_it(qtbot: object, store: Store) -> None:
    ana = store.add_profile("Ana")
    for seed in range(3):
        store.record_item(ana, hand(seed=seed, correct=4))
    screen = ProgressScreen(store, ana)
    qtbot.addWidget(screen)  # type: ignore[attr-defined]
    assert present(screen.mistakes_table.item(0, 0)).text() == "wrong amount"
    assert present(screen.mistakes_table.item(0, 2)).text() == "6"
    with qtbot.waitSignal(screen.lessonRequested) as lesson:  # type: ignore[attr-defined]
        present(screen.findChild(QPushButton, "lesson-0")).click()
    with qtbot.waitSignal(screen.drillRequested) as drill:  # type: ignore[attr-defined]
        present(screen.findChild(QPushButton, "drill-0")).click()
    assert (lesson.args, drill.args) == (["blind"], ["blind"])


def test_the_profile_chooser_adds_and_chooses_a_trainee(qtbot: object, store: Store) -> None:
    store.add_profile("Bea")
    chooser = ProfileChooser(store)
    qtbot.addWidget(chooser)  # type: ignore[attr-defined]
    chooser.name.setText("Ana")
    chooser.add_button.click()
    assert [chooser.list.item(row).data(Qt.ItemDataRole.UserRole) for row in range(chooser.list.count())] == [
        "Ana", "Bea"]
    chooser.name.setText("ana")
    chooser.add_button.click()
    assert "already exists" in chooser.problem.text()
    with qtbot.waitSignal(chooser.profileChosen) as chosen:  # type: ignore[attr-defined]
        chooser.start_button.click()
    assert chosen.args == ["Ana"]


def test_the_today_queue_shows_mistakes_reviews_and_new_material(qtbot: object, store: Store) -> None:
    ana = store.add_profile("Ana")
    store.record_item(ana, hand(seed=9, correct=3), at=datetime(2025, 3, 1, tzinfo=UTC))
    view = TodayView(store, ana)
    qtbot.addWidget(view)  # type: ignore[attr-defined]
    lines = [view.list.item(row).text() for row in range(view.list.count())]
    assert lines[0].startswith("✗  My mistakes: 1 hand")
    assert any(line.startswith("↻  Every line of the Blind table") and line.endswith("review due (1 so far)")
               for line in lines)  # a review named by its situation in words, not its id
    assert any(line.startswith("＋") for line in lines)
    with qtbot.waitSignal(view.mistakesRequested):  # type: ignore[attr-defined]
        view.list.itemActivated.emit(view.list.item(0))
    with qtbot.waitSignal(view.drillRequested) as drill:  # type: ignore[attr-defined]
        view.list.itemActivated.emit(view.list.item(1))
    assert drill.args == ["blind"]


class Ticks:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_instructor_dialog_sets_the_pin_then_refuses_a_wrong_one_and_waits(qtbot: object, store: Store) -> None:
    dialog = InstructorDialog(store, gate=Instructor(store, clock=Ticks()))
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.pin.setText("4829")
    dialog.pin_confirm.setText("4829")
    dialog.enter_pin()
    assert dialog.is_unlocked
    again = InstructorDialog(store, gate=Instructor(store, clock=Ticks()))
    qtbot.addWidget(again)  # type: ignore[attr-defined]
    again.pin.setText("1111")
    again.enter_pin()
    assert not again.is_unlocked
    assert "Wrong PIN" in again.status.text() and not again.pin_button.isEnabled()
    qtbot.waitUntil(again.pin_button.isEnabled, timeout=3000)  # type: ignore[attr-defined]


def test_the_instructor_defines_an_exam_and_writes_reports_and_exports(qtbot: object, store: Store,
                                                                       tmp_path: Path) -> None:
    month_of_practice(store, "Ana", 200)
    Instructor(store).set_pin("4829")
    answers: list[str] = []
    dialog = InstructorDialog(store, ask_path=lambda title, pattern, save: answers.pop(0))
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.pin.setText("4829")
    dialog.enter_pin()
    dialog.exam_name.setText("Trips final")
    dialog.exam_drill.setCurrentText("Trips")  # the drill by its name; the store keeps its id
    dialog.exam_hands.setValue(25)
    assert dialog.save_exam() is not None
    assert [(exam.name, exam.drill, exam.hands) for exam in exams(store)] == [("Trips final", "trips", 25)]
    answers.extend([str(tmp_path / "class.csv"), str(tmp_path / "class.pdf")])
    assert dialog.write_report("csv") == tmp_path / "class.csv"
    assert dialog.write_report("pdf") == tmp_path / "class.pdf"
    assert "Ana" in pdf_text(tmp_path / "class.pdf")
    dialog.profile_list.setCurrentRow(0)
    answers.append(str(tmp_path / "ana.json"))
    assert dialog.export_profile() == tmp_path / "ana.json"


def test_the_pdf_report_names_the_trainee_the_skills_and_the_exam(store: Store, tmp_path: Path) -> None:
    month_of_practice(store, "Ana", 300)
    ana = store.profile("Ana")
    exam = save_exam(store, Exam("Blind check", "blind", 2, 90.0, 10.0))
    from trainer.scoring import SetResult

    record_attempt(store, ana, exam, SetResult("blind", Mode.EXAM, [hand(seed=1)]))
    pages = write_pdf([trainee_report(store, ana)], tmp_path / "ana.pdf")
    text = pdf_text(tmp_path / "ana.pdf")
    assert pages >= 1 and text.startswith("Ana")
    from trainer.store.skills import SkillKind, skill

    shown = [skill(SkillKind.SITUATION, "house-order").shown_name, skill(SkillKind.SITUATION, "trips-lines").shown_name,
             "Payouts level 1"]  # a skill by its name, never its id
    flat = " ".join(unicodedata.normalize("NFKC", text).split())  # a long name wraps in its cell
    for said in (*shown, "Blind check", "passed", "Most frequent mistakes"):
        assert said in flat
    assert "house-order" not in text and "payouts-1" not in text


def test_the_class_report_pdf_has_a_page_per_trainee(store: Store, tmp_path: Path) -> None:
    month_of_practice(store, "Ana", 100)
    month_of_practice(store, "Bea", 100)
    pages = write_pdf(class_report(store), tmp_path / "class.pdf", title="Class report")
    reader = pypdf.PdfReader(tmp_path / "class.pdf")
    assert pages == len(reader.pages) >= 3
    first = " ".join(reader.pages[0].extract_text().split())
    assert first.startswith("Class report") and "Ana" in first and "Bea" in first
