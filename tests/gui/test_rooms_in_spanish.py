"""The drills windows, the progress room, the instructor's screens, the PDF report and the run-the-round panel in
Spanish: each window built twice, in English and in Spanish, shows every text of its own (labels, buttons,
actions, group boxes, tabs, table headers, placeholders, the window's title) changed, except an amount, a number,
a proper name, a key's name or a word the glossary keeps in English; the PDF reads in Spanish with a Spanish date
and the right plural forms; the CSV's header stays the English contract; retranslate() turns a window built in
English to Spanish."""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Collection, Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pypdf
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTabWidget,
    QTreeWidget,
    QWidget,
)

from tests.store.conftest import Clock, hand
from tests.typed import of_kind, present
from trainer.bench.store import fill
from trainer.drills.base import drill_named
from trainer.drills.decision_drills import DecisionItem
from trainer.drills.payouts import PayoutDrill
from trainer.engine.wagers import Action
from trainer.gui.drills import DrillForm, DrillsDialog, PayoutForm
from trainer.gui.progress import InstructorDialog, ProgressScreen, TodayView
from trainer.gui.progress.desk import Desk
from trainer.gui.progress.pdf import write_pdf
from trainer.gui.progress.words import day_count, item_count, level_name, mistake_kind, step_count
from trainer.gui.runround.panel import RunRoundPanel
from trainer.gui.runround.showing import exam_set_text
from trainer.i18n import glossary
from trainer.i18n.translation import current_language, speaking
from trainer.scoring import ItemResult, Mode, ScoreBook, SetResult
from trainer.store import Store
from trainer.store.instructor import Exam, Instructor, record_attempt, save_exam
from trainer.store.reports import trainee_report

pytestmark = pytest.mark.gui
END = datetime(2025, 3, 31, 18, 0, tzinfo=UTC)
ENGLISH_WORDS = frozenset(glossary("es").english)
KEY_SUFFIX = re.compile(r"\s*\([A-Z0-9]\)$")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "data", clock=Clock(END)) as opened:
        yield opened


# -- what a window shows --------------------------------------------------------------------------------------


def shown_texts(root: QWidget, skip: Collection[QWidget] = ()) -> list[tuple[str, str]]:
    """Every text ``root`` shows a person, as (where, text), in a fixed order: its title, then each label,
    button, group box, tab, table header, placeholder and action (those inside a widget of ``skip`` left out)."""

    def kept(widget: QWidget) -> bool:
        return not any(widget is other or other.isAncestorOf(widget) for other in skip)

    texts = [("title", root.windowTitle())]
    texts += [(f"label {w.objectName()}", w.text()) for w in root.findChildren(QLabel) if kept(w)]
    texts += [(f"button {w.objectName()}", w.text()) for w in root.findChildren(QPushButton) if kept(w)]
    texts += [(f"group {w.objectName()}", w.title()) for w in root.findChildren(QGroupBox) if kept(w)]
    for tabs in root.findChildren(QTabWidget):
        texts += [(f"tab {index}", tabs.tabText(index)) for index in range(tabs.count()) if kept(tabs)]
    for table in root.findChildren(QTableWidget):
        if kept(table):
            texts += [(f"header {table.objectName()}", present(table.horizontalHeaderItem(column)).text())
                      for column in range(table.columnCount()) if table.horizontalHeaderItem(column) is not None]
    for tree in root.findChildren(QTreeWidget):
        if kept(tree):
            header = present(tree.headerItem())
            texts += [(f"header {tree.objectName()}", header.text(column)) for column in range(tree.columnCount())]
    texts += [(f"placeholder {w.objectName()}", w.placeholderText()) for w in root.findChildren(QLineEdit)
              if kept(w) and w.placeholderText()]
    texts += [(f"action {a.objectName()}", a.text()) for a in root.findChildren(QAction)]
    return [(where, text) for where, text in texts if text]


def kept_in_english(text: str, allowed: Collection[str]) -> bool:
    """A text that reads the same in Spanish: no words (an amount, a number, a sign), a proper name or another
    text of ``allowed``, or a word the glossary keeps in English (a key's letter after it, as on the buttons)."""
    plain = KEY_SUFFIX.sub("", re.sub(r"<[^>]+>", "", text)).strip()
    return (not re.search(r"[A-Za-z]{2}", plain)) or plain in ENGLISH_WORDS or plain in allowed


def left_in_english(build: Callable[[], QWidget], qtbot: Any, *, allowed: Collection[str] = (),
                    skip: Callable[[QWidget], Collection[QWidget]] = lambda _root: ()) -> list[tuple[str, str]]:
    """The texts of the window ``build`` makes that Spanish left as they are in English."""
    shown: dict[str, list[tuple[str, str]]] = {}
    for language in ("en", "es"):
        with speaking(language):
            window = build()
            qtbot.addWidget(window)
            shown[language] = shown_texts(window, skip(window))
    english, spanish = shown["en"], shown["es"]
    assert [where for where, _text in english] == [where for where, _text in spanish]
    assert len(english) > 3
    return [(where, text) for (where, text), (_same, said) in zip(english, spanish, strict=True)
            if said == text and not kept_in_english(text, allowed)]


# -- the drills -----------------------------------------------------------------------------------------------


def test_the_drill_picker_is_spanish(qtbot: Any) -> None:
    assert left_in_english(lambda: DrillsDialog(ScoreBook()), qtbot) == []
    with speaking("es"):
        dialog = DrillsDialog(ScoreBook())
        qtbot.addWidget(dialog)
        assert dialog.windowTitle() == "Ejercicios" and dialog.picker.start_button.text() == "Empezar"
        assert dialog.picker.about.text() == "Elija un ejercicio."
        assert dialog.picker.mode.itemText(0).startswith("Práctica:")


def test_a_text_drill_answers_and_feedback_are_spanish(qtbot: Any) -> None:
    def build() -> QWidget:
        return DrillForm(drill_named("blind-quick"), ScoreBook(), count=2, seed=5, clock=FakeClock())

    # the drill's description (the window's title), the item's title, question and its hint, the hand and the
    # felt are the drill's own texts (trainer.drills), translated there
    def mine_only(window: QWidget) -> Collection[QWidget]:
        form = of_kind(window, DrillForm)
        return [form.title, form.prompt, form.heading, form.hand, form.rules, form.answers.line]

    description = drill_named("blind-quick").description
    assert left_in_english(build, qtbot, skip=mine_only, allowed={description}) == []
    with speaking("es"):
        form = DrillForm(drill_named("blind-quick"), ScoreBook(), count=2, seed=5, clock=FakeClock())
        qtbot.addWidget(form)
        assert form.progress.text() == f"Mano 1 de 2 · modo práctica · semilla {form.seed}"
        assert [button.text() for button in form.answers.action_buttons.values()] == [
            "Pagar", "Cobrar", "Empate", "Devolver"]  # the glossary's pay, take, push, return
        assert form.submit("maybe") is None and form.feedback.text().startswith("No se pudo leer 'maybe'")
        action, amount = present(of_kind(form.item, DecisionItem).current).expected
        with qtbot.waitSignal(form.item_finished):
            form.submit(f"{action.value} {amount}" if action is Action.PAY else action.value)
        assert form.prompt.text().startswith("Mano terminada: 100 % (")
        assert form.next_button.text() == "Mano siguiente" and "Esta mano: " in form.feedback.text()


def test_the_payout_drill_is_spanish(qtbot: Any) -> None:
    def build() -> QWidget:
        return PayoutForm(PayoutDrill(1), ScoreBook(), count=2, seed=3, clock=FakeClock(), tick_ms=5)

    # the question ("40 to 1 on $15") is the drill's own text (trainer.drills)
    assert left_in_english(build, qtbot, skip=lambda form: [of_kind(form, PayoutForm).question]) == []
    with speaking("es"):
        clock = FakeClock()
        form = PayoutForm(PayoutDrill(1), ScoreBook(), count=1, seed=3, clock=clock, tick_ms=5)
        qtbot.addWidget(form)
        assert form.paying_label.text() == "Pagando $0" and form.clock_label.text() == "0.0 s  (meta 5 s)"
        assert form.progress.text().startswith("1 de 1 · nivel 1: ")
        clock.now = 2.0
        form.amount.setText(str(present(form.item).question.payout))
        with qtbot.waitSignal(form.set_finished):
            form.pay()
            qtbot.mouseClick(form.next_button, Qt.MouseButton.LeftButton)
        assert form.question.text() == "Serie terminada"
        assert form.feedback.text() == "Puntuación 100.0 % (1 de 1 pasos); 1 de 1 bien y a tiempo"


# -- the progress room ----------------------------------------------------------------------------------------


def test_the_progress_screen_is_spanish_with_its_counts_and_levels(qtbot: Any, store: Store) -> None:
    fill(store, store.add_profile("Ana"), 300, days=30, end=END)
    ana = store.profile("Ana")
    assert left_in_english(lambda: ProgressScreen(store, ana), qtbot, allowed={"Ana"}) == []
    with speaking("es"):
        screen = ProgressScreen(store, ana)
        qtbot.addWidget(screen)
        assert re.search(r"300 ítems en 3\d días, acierto \d+\.\d %, \d+\.\d horas de práctica$",
                         screen.heading.text())
        assert screen.accuracy_chart.title() == "Acierto y segundos por decisión"
        assert screen.skill_box.itemText(0) == "Todos los ejercicios"
        levels = {present(screen.mastery_table.item(row, 1)).text() for row in range(screen.mastery_table.rowCount())}
        assert levels and levels <= {"nuevo", "aprendiendo", "practicado", "listo para la mesa"}
        lesson = of_kind(screen.mistakes_table.cellWidget(0, 3), QPushButton)
        assert lesson.text() == "Lección"


def test_the_today_queue_counts_in_spanish(qtbot: Any, store: Store) -> None:
    store.add_profile("Bea")
    with speaking("es"):
        view = TodayView(store, store.profile("Bea"))
        qtbot.addWidget(view)
        assert view.title.text().startswith("<b>Hoy para Bea</b>: 0 repasos pendientes, ")


def test_the_instructor_dialog_is_spanish_at_the_door_and_in_the_room(qtbot: Any, store: Store) -> None:
    store.add_profile("Ana")
    Instructor(store).set_pin("4829")
    save_exam(store, Exam("Blind check", "blind", 2, 90.0, 10.0))

    def unlocked() -> QWidget:
        dialog = InstructorDialog(store)
        dialog.pin.setText("4829")
        dialog.enter_pin()
        assert dialog.is_unlocked
        return dialog

    # the line the PIN check says is the store's own text (trainer.store), translated there
    same = {"Instructor", "PIN", "Ana", "CSV…", "PDF…"}  # the same word in Spanish, a name, the files' kinds
    room = left_in_english(unlocked, qtbot, allowed=same,
                           skip=lambda dialog: [of_kind(dialog, InstructorDialog).status])
    assert room == []
    door = left_in_english(lambda: InstructorDialog(store), qtbot, allowed=same)
    assert door == []
    with speaking("es"):
        dialog = InstructorDialog(store)
        qtbot.addWidget(dialog)
        assert dialog.windowTitle() == "Instructor" and dialog.pin_button.text() == "Desbloquear"
        tabs = dialog.room
        assert [tabs.tabText(index) for index in range(tabs.count())] == ["Exámenes", "Informes", "Perfiles"]


def test_the_instructor_writes_the_pdf_in_spanish_and_the_csv_with_its_english_header(
        qtbot: Any, store: Store, tmp_path: Path) -> None:
    fill(store, store.add_profile("Ana"), 120, days=30, end=END)
    ana = store.profile("Ana")
    exam = save_exam(store, Exam("Blind check", "blind", 2, 90.0, 10.0))
    record_attempt(store, ana, exam, SetResult("blind", Mode.EXAM, [hand(seed=1)]))
    with speaking("es"):
        targets = iter([str(tmp_path / "ana.csv"), str(tmp_path / "ana.pdf")])
        dialog = InstructorDialog(store, ask_path=lambda _title, _pattern, _save: next(targets))
        qtbot.addWidget(dialog)
        dialog.report_profile.setCurrentIndex(dialog.report_profile.findText("Ana"))
        assert dialog.write_report("csv") is not None and dialog.status.text().startswith("Escritos 120 ítems en ")
        assert dialog.write_report("pdf") is not None and re.search(r" \(\d+ páginas?\)$",
                                                                            dialog.status.text())
    with (tmp_path / "ana.csv").open(newline="", encoding="utf-8") as file:
        header = next(csv.reader(file))
    assert header == ["profile", "date", "drill", "situation", "seed", "mode", "steps", "steps right", "seconds",
                      "mistakes", "wrong attempts", "steps left to the table", "exam", "exam set by", "pass mark",
                      "exam verdict"]  # the contract, in English (the exam's columns added at its end)
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(tmp_path / "ana.pdf").pages)
    assert re.search(r"120 ítems en 3\d días \(del \d{1,2} mar 2025 al 31 mar 2025\); acierto \d+\.\d %", text)
    for spanish in ("Dominio por ejercicio", "Dominio por situación", "Intentos de examen",
                    "Errores más frecuentes", "Acierto a lo largo del tiempo", "Blind check", "aprobado", "instructor",
                    "31 mar 2025"):
        assert spanish in text
    for english in ("Mastery per drill", "Exam attempts", "Most frequent mistakes", "hours of practice",
                    "Mar 31, 2025", " items on "):
        assert english not in text


def test_the_pdf_says_one_day_and_one_item_in_the_singular(store: Store, tmp_path: Path) -> None:
    fill(store, store.add_profile("Eva"), 1, days=1, end=END)
    with speaking("es"):
        write_pdf([trainee_report(store, store.profile("Eva"))], tmp_path / "eva.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(tmp_path / "eva.pdf").pages)
    assert re.search(r"1 ítem en 1 día \(del (\d{1,2} mar 2025) al \1\)", text)
    assert "Aún no se ha hecho ningún examen." in text


def test_spanish_counts_take_their_three_plural_forms() -> None:
    with speaking("es"):
        assert [day_count(n) for n in (0, 1, 2, 1_000_000)] == ["0 días", "1 día", "2 días", "1000000 de días"]
        assert [item_count(n) for n in (1, 5)] == ["1 ítem", "5 ítems"] and step_count(1) == "1 paso"
        assert level_name("table-ready") == "listo para la mesa" and mistake_kind("miscount") == "conteo erróneo"
    assert [day_count(n) for n in (0, 1, 2)] == ["0 days", "1 day", "2 days"]  # English as it was


def test_a_progress_window_open_follows_the_switch_and_is_forgotten_once_closed(qtbot: Any, store: Store) -> None:
    store.add_profile("Ana")
    screen = ProgressScreen(store, store.profile("Ana"))
    qtbot.addWidget(screen)
    desk = Desk.__new__(Desk)  # the desk's language list alone: no table host is needed for it
    desk._in_language = []
    desk.keep_in_language(screen, screen.retranslate)
    assert present(screen.mastery_table.horizontalHeaderItem(0)).text() == "Skill"
    with speaking("es"):
        desk.retranslate()
        assert present(screen.mastery_table.horizontalHeaderItem(0)).text() == "Habilidad"
        assert screen.speed_chart.title() == "Manos por hora, modo velocidad"
    gone = QLabel()
    calls: list[str] = []
    desk.keep_in_language(gone, lambda: calls.append(current_language()))
    gone.deleteLater()
    qtbot.waitUntil(lambda: len(desk._in_language) == 1, timeout=2000)
    desk.retranslate()
    assert calls == []


# -- the run round --------------------------------------------------------------------------------------------


def test_the_run_round_panel_is_spanish_and_keeps_its_keys(qtbot: Any) -> None:
    # the settlement panel inside it is settle-it-yourself's own (trainer.gui.quiz), translated there
    left = left_in_english(RunRoundPanel, qtbot, skip=lambda panel: [of_kind(panel, RunRoundPanel).settlement])
    assert left == []
    with speaking("es"):
        panel = RunRoundPanel()
        qtbot.addWidget(panel)
        assert panel.buttons["fee"].text() == "Comisión (T)" and panel.buttons["void"].text() == "Anular (V)"
        assert panel.buttons["no_more_bets"].text() == "No more bets (B)"  # the call the documents prescribe
        assert panel.buttons["coin_in"].text() == "COIN IN (I)" and panel.buttons["game_over"].text() == "Game Over (E)"
        panel.show_fold_seat(4)
        assert panel.fold_seat.text() == "La mano retirada del asiento 4: ¿cuántas cartas?"


def test_the_run_round_panel_built_in_english_turns_spanish_on_retranslate(qtbot: Any) -> None:
    panel = RunRoundPanel()
    qtbot.addWidget(panel)
    panel.show_hand_due(3)
    assert panel.buttons["rack"].text() == "Rack (R)" and panel.acts.title() == "The round"
    with speaking("es"):
        panel.retranslate()
        assert panel.buttons["rack"].text() == "Bandeja (R)" and panel.acts.title() == "La ronda"
        assert panel.hand_seat.text() == "Asiento 3: anuncie su mano y si gana"
        assert [button.text() for button in panel.hand_buttons.values()] == ["Gana", "Pierde", "Empata"]
        assert panel.keys_help.text() == "Teclas: pase el ratón por aquí, o Ayuda ▸ Teclas."
    panel.retranslate()
    assert panel.buttons["rack"].text() == "Rack (R)" and panel.hand_seat.text().startswith("Seat 3: ")


def test_the_exam_result_of_rounds_run_says_rounds_in_the_singular_and_plural() -> None:
    def rounds(count: int) -> SetResult:
        return SetResult("run-round", Mode.EXAM, [ItemResult("run-round", f"round {n}", 20, 19, (), 60.0, Mode.EXAM)
                                                   for n in range(1, count + 1)])

    with speaking("es"):
        one, two = exam_set_text(rounds(1)), exam_set_text(rounds(2))
    assert one == ("Serie de examen terminada: 19 de 20 actos correctos en 1 ronda (95 %), aprobado (nota de aprobado "
                   "90 %).")
    assert "38 de 40 actos correctos en 2 rondas" in two
    assert exam_set_text(rounds(1)).startswith("Exam set done: 19 of 20 acts right over 1 round")


def test_the_run_round_on_the_table_follows_the_switch(qtbot: Any, tmp_path: Path) -> None:
    import random

    from trainer.gui.main_window import MainWindow
    from trainer.gui.table.director import Durations
    from trainer.settings import DEFAULTS, SettingsStore

    window = MainWindow(DEFAULTS.replace(seats=3), store=SettingsStore(tmp_path / "settings.json"),
                        notify=lambda _text: None, durations=Durations.tiny(), rng=random.Random(4))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    controller = window.run_round
    assert controller.set_mode(Mode.PRACTICE)
    qtbot.waitUntil(lambda: controller.table is None or not controller.table.busy, timeout=10_000)
    assert controller.panel.title.text().startswith("Run the round · Practice")
    with speaking("es"):
        controller.retranslate()
        assert controller.panel.title.text() == "Dirigir la ronda · Práctica — cada acto corregido al momento"
        assert controller.panel.progress.text().startswith(f"Ronda {present(controller.run).played.number} · ")
        assert controller.actions["void"].text() == "Dirigir la ronda: Anular"
        menu = present(window.findChild(QAction, "runRoundExam"))
        assert menu.text() == "&Examen: la revisión al final de la ronda"
        assert present(window.findChild(QAction, "runRoundIrregular")).text() == "&Irregularidades de vez en cuando"
    controller.retranslate()
    assert controller.actions["void"].text() == "Run the round: Void"
    controller.set_mode(None)


def test_a_review_of_an_exam_round_is_spanish() -> None:
    from trainer.gui.runround.feedback import Feedback
    from trainer.scoring import ErrorKind, Mistake

    result = ItemResult("run-round", "round 1", 10, 9,
                        (Mistake(ErrorKind.MISCOUNT, "2 cards", "3 cards", "seed 001 rule"),), 30.0, Mode.EXAM)
    with speaking("es"):
        review = Feedback.review_html(result)
        perfect = Feedback.review_html(ItemResult("run-round", "round 2", 4, 4, (), 9.0, Mode.EXAM))
    assert review.startswith("Revisión: 1 error<br><b>✗ Conteo erróneo</b><br>Esperado: 2 cards<br>Usted: 3 cards")
    assert perfect == "Revisión: todos los actos correctos (4 de 4)."


def test_amounts_stay_as_the_engine_writes_them_in_spanish(qtbot: Any) -> None:
    with speaking("es"):
        form = PayoutForm(PayoutDrill(1), ScoreBook(), count=1, seed=3, clock=FakeClock(), tick_ms=5)
        qtbot.addWidget(form)
        form.add_chip(Decimal("1000"))
        form.add_chip(Decimal("5"))
        assert form.paying_label.text() == "Pagando $1,005  (1 × $1,000, 1 × $5)"
        assert form.chip_buttons[Decimal("1000")].text() == "$1,000"


# -- legible in Spanish: nothing wider than the room it is given ------------------------------------------------


def test_the_run_round_panel_needs_no_more_width_in_spanish_than_in_english(qtbot: Any) -> None:
    """The longer Spanish words (Descargar, Rechazar, Supervisor: the card room's words) must not widen the
    panel past its column at 1366 x 768 (the acts' grid and the answers to an irregularity would be cut at its
    right edge), nor past the English where the English needs more."""
    widths = {}
    for language in ("en", "es"):
        with speaking(language):
            panel = RunRoundPanel()
            qtbot.addWidget(panel)
            panel.show_hand_due(2)
            widths[language] = panel.minimumSizeHint().width()
    from trainer.gui.side_panel import panel_width

    assert widths["es"] <= max(widths["en"], panel_width(1366)), widths


def test_the_spanish_rooms_fit_the_sizes_their_windows_open_at(qtbot: Any, store: Store) -> None:
    fill(store, store.add_profile("Ana"), 60, days=10, end=END)
    Instructor(store).set_pin("4829")
    with speaking("es"):
        drills = DrillsDialog(ScoreBook())
        instructor = InstructorDialog(store)
        screen = ProgressScreen(store, store.profile("Ana"))
        payout = PayoutForm(PayoutDrill(4), ScoreBook(), count=1, seed=3, clock=FakeClock(), tick_ms=5)
        for window in (drills, instructor, screen, payout):
            qtbot.addWidget(window)
        instructor.pin.setText("4829")
        instructor.enter_pin()
        # the sizes the app opens them at (DrillsDialog, InstructorDialog, the progress window), all within
        # 1366 x 768
        assert drills.minimumSizeHint().width() <= 900 and payout.minimumSizeHint().width() <= 900
        assert instructor.minimumSizeHint().width() <= 720 and instructor.minimumSizeHint().height() <= 520
        assert screen.minimumSizeHint().width() <= 1200 and screen.minimumSizeHint().height() <= 720


def test_a_hand_told_in_spanish_is_still_drawn_with_its_cards(qtbot: Any) -> None:
    """The drill's item says its hand in the language shown ("Tablero:", "Crupier:"): the form still draws the
    cards and the dealer's hand, with Spanish headings."""
    from types import SimpleNamespace

    from trainer.drills.settlement_drills import SettlementItem
    from trainer.gui.drills.question_form import item_html

    form = DrillForm(drill_named("qualification"), ScoreBook(), count=1, seed=2, clock=FakeClock())
    qtbot.addWidget(form)
    scenario = of_kind(form.item, SettlementItem).scenario
    told = SimpleNamespace(scenario=scenario, text="Mesa con banca de la casa\nTablero: 4h 10s Qc | 3h | 7c\n"
                                                     "Crupier: 9s Kh\nAsiento 1: Ah 2c")
    with speaking("es"):
        drawn = item_html(told)
    assert "<b>Tablero</b>" in drawn and "<b>Crupier</b>" in drawn and "<th align='left'>Asiento</th>" in drawn
    without_dealer = SimpleNamespace(scenario=scenario, text="Tablero: 4h 10s Qc | 3h | 7c\nAsiento 1: Ah 2c")
    with speaking("es"):
        assert "<b>Crupier</b>" not in item_html(without_dealer)
    assert item_html(told).startswith("<pre>")  # in English, a Spanish text is not read as a hand
