"""The pseudo-language over every screen at 1366 x 768: the main window in each mode (idle, settling a hand with a
mistake, running the round), the Settings dialog's tabs and every window the menus open (lessons, drills, deck
count, results, Progress, Today, the instructor room, the pay-table lab, keys, about, the start page, an exam set,
a drill on the table): no text outside the pseudo-language's brackets (a text that escaped the catalogue) and no
one-line text cut off or running into another. The checker itself is tested: a widget given a bare string fails
it."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QTabWidget, QVBoxLayout, QWidget

from tests.gui.pseudo_support import clipped, everything, overlapping, untranslated
from tests.gui.table_support import FakeSound
from tests.gui.test_every_window_closes import MENU_WINDOWS, opened_by
from tests.gui.test_settlement_quiz_gui import (
    HOUSE,
    announce_by_keys,
    choose_by_keys,
    deal,
    has_pay_and_take,
    seed_for,
    settle_by_keys,
)
from trainer.engine.evaluator import Category
from trainer.engine.settlement import Action
from trainer.gui.language import install_qt_translations, speak
from trainer.gui.main_window import MainWindow
from trainer.gui.progress_wiring import open_progress_store
from trainer.gui.table.director import Durations
from trainer.i18n.pseudo import PSEUDO, pseudo
from trainer.i18n.translation import _, set_language
from trainer.scoring import Mode
from trainer.settings import SettingsStore

pytestmark = pytest.mark.gui
WAIT = 10_000
SIZE = (1366, 768)
FULL_TABLE = HOUSE.replace(offer_pairs=True, offer_progressive=True, start_page_at_start=False)


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    yield
    set_language("en")
    install_qt_translations("en")


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    speak(PSEUDO)
    store, problem = open_progress_store(tmp_path / "data")
    win = MainWindow(FULL_TABLE, store=SettingsStore(tmp_path / "settings.json"), notify=lambda _text: None,
                     sound=FakeSound(), durations=Durations.tiny(),
                     rng=random.Random(seed_for(FULL_TABLE, has_pay_and_take)),
                     progress_store=store, progress_problem=problem)
    qtbot.addWidget(win)
    win.resize(*SIZE)
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    qtbot.waitUntil(win.isActiveWindow, timeout=WAIT)
    return win


def problems(root: QWidget, typed: str = "") -> list[str]:
    """What ``root`` shows untranslated, cut or overlapping; ``typed``: what the trainee typed, said back as it is
    (in quotes)."""
    QApplication.processEvents()
    bare = untranslated(root)
    if typed:
        bare = [line for line in bare if f"({' '.join(word for word in typed.split() if word.isalpha())})" not in line]
    return ([f"untranslated: {line}" for line in bare] + [f"cut: {line}" for line in clipped(root)]
            + [f"overlap: {line}" for line in overlapping(root)])


# -- the checker itself -------------------------------------------------------------------------------------------


def test_the_checker_finds_a_bare_string_and_a_cut_text(qtbot: Any) -> None:
    speak(PSEUDO)
    page = QWidget()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    layout.addWidget(QLabel(_("Deal a new round")))
    layout.addWidget(QPushButton(_("Close")))
    page.resize(400, 200)
    page.show()
    qtbot.waitExposed(page)
    assert not (found := problems(page)), "\n".join(found)
    layout.addWidget(QLabel("Seat 3 pays " + _("Close")))  # a text made without the catalogue
    page.show()
    assert [line for line in problems(page) if line.startswith("untranslated")] == [
        "untranslated: QLabel : (Seat pays) in 'Seat 3 pays " + pseudo("Close") + "'"]
    narrow = QPushButton(_("Deal a new round"))
    narrow.setParent(page)
    narrow.setGeometry(0, 0, 30, 20)  # a text far wider than its button
    narrow.show()
    assert any(line.startswith("cut: QPushButton") for line in problems(page))


def test_a_pseudo_text_keeps_its_placeholders_tags_and_spaces() -> None:
    text = pseudo(" Seat {seat}: <b>%s</b> &New 100%% ")
    assert text.startswith(" [") and text.endswith("] ")
    assert "{seat}" in text and "<b>%s</b>" in text and "100%%" in text and "&Ñ" in text
    sentence = "Spread and count every folded hand"
    assert len(pseudo(sentence)) >= 1.4 * len(sentence)  # about 40 % longer, the brackets besides
    set_language(PSEUDO)
    assert _("Deal a new round") == pseudo("Deal a new round")


# -- the main window in each mode ----------------------------------------------------------------------------------


def test_the_main_window_idle_and_watching(window: MainWindow, qtbot: Any) -> None:
    assert not (found := problems(window)), "\n".join(found)
    window.quiz.set_mode(None)
    window.new_round()
    qtbot.waitUntil(lambda: window.played is not None, timeout=WAIT)
    assert not (found := problems(window)), "\n".join(found)
    painted = [text for where, text in everything(window) if where == "painted"]
    assert painted and pseudo("DEALER").upper() in painted[0], "the felt's painted words are read too"


def test_the_main_window_settling_a_hand_with_mistakes(window: MainWindow, qtbot: Any) -> None:
    window.quiz.set_mode(Mode.PRACTICE)
    quiz = deal(qtbot, window)
    core = quiz.quiz
    assert core is not None
    announce_by_keys(qtbot, Category.ROYAL_FLUSH, True)  # a wrong announcement
    assert not (found := problems(window)), "\n".join(found)
    settlement = core.settlement
    announce_by_keys(qtbot, settlement.dealer.category, settlement.dealer_qualifies)
    assert not (found := problems(window)), "\n".join(found)
    step = core.next_step()
    while step is not None and step.action is not Action.PAY:
        choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
        settle_by_keys(qtbot, step)
        step = core.next_step()
    assert step is not None
    choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
    settle_by_keys(qtbot, step, amount=step.amount + Decimal(1))  # a wrong amount: the rule and topic shown
    assert not (found := problems(window)), "\n".join(found)


def test_the_main_window_running_the_round(window: MainWindow, qtbot: Any) -> None:
    controller = window.run_round
    assert controller.set_mode(Mode.PRACTICE)
    qtbot.waitUntil(lambda: controller.table is None or not controller.table.busy, timeout=WAIT)
    assert not (found := problems(window)), "\n".join(found)


# -- the dialogs and windows ---------------------------------------------------------------------------------------


def test_every_tab_of_the_settings_dialog(window: MainWindow, qtbot: Any) -> None:
    dialog = window.open_settings()
    qtbot.waitExposed(dialog)
    tabs = dialog.findChild(QTabWidget)
    assert tabs is not None and tabs.count() >= 4
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        assert not (found := problems(dialog)), tabs.tabText(index) + "\n" + "\n".join(found)
    dialog.close()


@pytest.mark.parametrize("name", [name for name in MENU_WINDOWS if name != "settings"])
def test_every_window_the_menus_open(window: MainWindow, qtbot: Any, name: str) -> None:
    opened = opened_by(window, qtbot, name)
    opened.resize(min(opened.width(), SIZE[0]), min(opened.height(), SIZE[1]))
    assert not (found := problems(opened)), "\n".join(found)
    opened.close()


# -- the drills, the deck count, the progress room, the pay-table lab and the PDF, with content --------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def shown_at_size(qtbot: Any, widget: QWidget, size: tuple[int, int] = (1100, 700)) -> QWidget:
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.mark.parametrize("drill", ["collection-fee", "blind-quick", "dealer-hand", "player-hand", "wager-allowed",
                                   "irregularity", "controller", "procedure-order", "deal-order", "who-banks",
                                   "play-wager", "player-decision", "qualification"])
def test_a_drill_form_with_a_wrong_and_an_unread_answer(qtbot: Any, drill: str) -> None:
    from trainer.drills.base import drill_named
    from trainer.gui.drills import DrillForm
    from trainer.scoring import ScoreBook

    speak(PSEUDO)
    form = shown_at_size(qtbot, DrillForm(drill_named(drill), ScoreBook(), count=2, seed=5, clock=FakeClock()))
    assert isinstance(form, DrillForm)
    assert not (found := problems(form)), "\n".join(found)
    form.submit("pay 20")  # an answer said back, right or wrong
    assert not (found := problems(form, typed="pay 20")), "\n".join(found)
    form.submit("1")
    assert not (found := problems(form)), "\n".join(found)


@pytest.mark.parametrize("level", [1, 4])
def test_a_payout_drill(qtbot: Any, level: int) -> None:
    from trainer.drills.payouts import PayoutDrill
    from trainer.gui.drills import PayoutForm
    from trainer.scoring import ScoreBook

    speak(PSEUDO)
    form = shown_at_size(qtbot, PayoutForm(PayoutDrill(level), ScoreBook(), count=2, seed=3, clock=FakeClock(),
                                           tick_ms=5))
    assert isinstance(form, PayoutForm)
    form.amount.setText("7")
    form.pay()
    assert not (found := problems(form)), "\n".join(found)


@pytest.mark.parametrize("drill", ["deck-count-1", "deck-count-2", "deck-count-3", "deck-count-4"])
def test_each_deck_count_level_asking_and_answered(qtbot: Any, drill: str) -> None:
    from PySide6.QtCore import Qt

    from trainer.gui.deck_count import DeckCountWidget
    from trainer.scoring import ScoreBook

    speak(PSEUDO)
    widget = DeckCountWidget(ScoreBook(), seed=7, count=2, mode=Mode.PRACTICE, clock=FakeClock(), tick_ms=5,
                             spread_ms=0, confirm=lambda _window, _question: True)
    shown_at_size(qtbot, widget, SIZE)
    widget.choose(drill)
    widget.start(seed=7)
    assert not (found := problems(widget)), "\n".join(found)
    qtbot.keyClicks(widget.answer_box, "3")
    qtbot.keyClick(widget.answer_box, Qt.Key.Key_Return)
    assert not (found := problems(widget)), "\n".join(found)


FILLED_RULE = "A flush pays 3 to 2 on the Blind"
"""The rule of the mistakes the store's bench data records."""


def test_the_progress_room_and_the_pdf_with_a_trainees_work(qtbot: Any, tmp_path: Path) -> None:
    from datetime import UTC, datetime

    import pypdf

    from tests.gui.pseudo_support import escaped
    from tests.store.conftest import Clock, hand
    from trainer.bench.store import fill
    from trainer.gui.progress import InstructorDialog, ProgressScreen
    from trainer.gui.progress.pdf import write_pdf
    from trainer.scoring import SetResult
    from trainer.store import Store
    from trainer.store.instructor import Exam, record_attempt, save_exam
    from trainer.store.reports import trainee_report

    end = datetime(2025, 3, 31, 18, 0, tzinfo=UTC)
    speak(PSEUDO)
    with Store.open(tmp_path / "data", clock=Clock(end)) as store:
        fill(store, store.add_profile("Ana"), 200, days=20, end=end)
        ana = store.profile("Ana")
        exam = save_exam(store, Exam("Own exam: trips-quick", "trips-quick", 2, 90.0, 10.0))
        record_attempt(store, ana, exam, SetResult("trips-quick", Mode.EXAM, [hand(seed=1)]))
        screen = shown_at_size(qtbot, ProgressScreen(store, ana), SIZE)
        # the names and the rule a mistake was recorded with are the store's data (kept in the language spoken
        # when it was made; here the bench's English)
        assert not (found := [line for line in problems(screen) if "Ana" not in line and FILLED_RULE not in line]), \
            "\n".join(found)
        room = shown_at_size(qtbot, InstructorDialog(store, ask_path=lambda *_args: None), SIZE)
        assert not (found := [line for line in problems(room) if "Ana" not in line]), "\n".join(found)
        write_pdf([trainee_report(store, ana)], tmp_path / "ana.pdf")
    text = " ".join(unicodedata.normalize("NFKC", "\n".join(
        page.extract_text() for page in pypdf.PdfReader(tmp_path / "ana.pdf").pages)).split())
    assert "Ana" in text
    assert not (found := escaped([("pdf", text.replace("Ana", "").replace(FILLED_RULE, ""))])), "\n".join(found)


def test_the_pay_table_lab_with_its_figures(qtbot: Any) -> None:
    from trainer.gui.paytable_lab import PaytableLab

    speak(PSEUDO)
    lab = shown_at_size(qtbot, PaytableLab(), SIZE)
    assert isinstance(lab, PaytableLab)
    lab.bet_box.setCurrentIndex(0)
    with qtbot.waitSignal(lab.computed, timeout=20_000):
        lab.compute()
    assert not (found := problems(lab)), "\n".join(found)
