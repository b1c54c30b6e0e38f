"""The pseudo-language over every screen at 1366 x 768: the main window in each mode (idle, settling a hand with a
mistake, running the round), the Settings dialog's tabs and every window the menus open (lessons, drills, deck
count, results, Progress, Today, the instructor room, the pay-table lab, keys, about, the start page, an exam set,
a drill on the table): no text outside the pseudo-language's brackets (a text that escaped the catalogue) and no
one-line text cut off or running into another. The checker itself is tested: a widget given a bare string fails
it."""

from __future__ import annotations

import random
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


def problems(root: QWidget) -> list[str]:
    QApplication.processEvents()
    return ([f"untranslated: {line}" for line in untranslated(root)] + [f"cut: {line}" for line in clipped(root)]
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
        "untranslated: QLabel : 'Seat 3 pays " + pseudo("Close") + "' (Seat pays)"]
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
