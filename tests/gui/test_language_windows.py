"""The deck count, the drills, the start page and Today queue, the progress room, Results and the pay-table lab in
Spanish: each window opened once in English and once in Spanish shows no word left the same in both (labels,
buttons, group boxes, tabs, window titles, the items of lists, trees, tables and drop-down lists, tooltips), except
what the glossary keeps in English, a proper name or a drill's id; the deck count takes S for sí in Spanish as it
takes Y. Expected words come from the glossary (trainer/i18n/es.toml)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QListWidget, QTableWidget, QTreeWidget, QTreeWidgetItemIterator, QWidget

from tests.gui.test_language_gui import GLOSSARY, TERMS, same_in_both, texts_of
from trainer.drills.base import all_drills
from trainer.drills.deck_count import DRILLS as DECK_COUNT_DRILLS
from trainer.drills.deck_count.answers import parse_yes_no
from trainer.drills.deck_count.rounds import RoundCountItem
from trainer.gui.deck_count import DeckCountWidget
from trainer.gui.language import install_qt_translations, speak
from trainer.i18n.translation import set_language
from trainer.scoring import Mode, ScoreBook

pytestmark = pytest.mark.gui

DRILL_IDS = frozenset(all_drills())
"""A drill's id (``deck-count-2``) is the word ``quiz --topic`` takes: the same in every language."""


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    yield
    set_language("en")
    install_qt_translations("en")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def every_text(root: QWidget) -> list[tuple[str, str]]:
    """What ``texts_of`` reads, and the items a person reads in lists, trees, tables and drop-down lists, and the
    tooltips."""
    found = texts_of(root)
    for widget in [root, *root.findChildren(QWidget)]:
        name = f"{type(widget).__name__} {widget.objectName()}"
        found.append((name + " tip", widget.toolTip()))
        if isinstance(widget, QComboBox):
            found += [(f"{name} item {i}", widget.itemText(i)) for i in range(widget.count())]
        elif isinstance(widget, QListWidget):
            for row in range(widget.count()):
                item = widget.item(row)
                found += [(f"{name} row {row}", item.text()), (f"{name} row {row} tip", item.toolTip())]
        elif isinstance(widget, QTreeWidget):
            header = widget.headerItem()
            found += [(f"{name} header {c}", header.text(c)) for c in range(widget.columnCount())]
            nodes = QTreeWidgetItemIterator(widget)
            index = 0
            while nodes.value():
                node = nodes.value()
                for column in range(widget.columnCount()):
                    found += [(f"{name} node {index} {column}", node.text(column)),
                              (f"{name} node {index} {column} tip", node.toolTip(column))]
                index += 1
                nodes += 1
        elif isinstance(widget, QTableWidget):
            for column in range(widget.columnCount()):
                header_item = widget.horizontalHeaderItem(column)
                if header_item is not None:
                    found.append((f"{name} header {column}", header_item.text()))
            for row in range(widget.rowCount()):
                for column in range(widget.columnCount()):
                    cell = widget.item(row, column)
                    if cell is not None:
                        found += [(f"{name} cell {row} {column}", cell.text()),
                                  (f"{name} cell {row} {column} tip", cell.toolTip())]
    return found


def kept(text: str, allowed: Collection[str]) -> bool:
    """The same in both languages rightly: no word, the glossary's English, a proper name, a drill's id."""
    bare = re.sub(r"<[^>]+>", "", text).strip()
    return same_in_both(bare) or bare in DRILL_IDS or bare in allowed or not re.search(r"[A-Za-z]{2}", bare)


def left_in_english(build: Callable[[], QWidget], qtbot: Any, *,
                    allowed: Collection[str] = ()) -> tuple[list[str], list[tuple[str, str]]]:
    """The texts the window ``build`` makes left in English when it is built in Spanish, and what it showed in
    Spanish."""
    shown: dict[str, list[tuple[str, str]]] = {}
    for language in ("en", "es"):
        speak(language)
        window = build()
        qtbot.addWidget(window)
        shown[language] = every_text(window)
    speak("en")
    english, spanish = shown["en"], shown["es"]
    assert [name for name, _text in english] == [name for name, _text in spanish]
    left = [f"{name}: {en!r}" for (name, en), (_name, es) in zip(english, spanish, strict=True)
            if en == es and not kept(en, allowed)]
    return left, spanish


# -- the deck count --------------------------------------------------------------------------------------------


def deck_count(drill: str, mode: Mode = Mode.PRACTICE) -> DeckCountWidget:
    widget = DeckCountWidget(ScoreBook(), seed=7, count=4, mode=mode, clock=FakeClock(), tick_ms=5, spread_ms=0,
                             confirm=lambda _window, _question: True)
    widget.choose(drill)
    widget.start(seed=7)
    return widget


@pytest.mark.parametrize("drill", [drill.name for drill in DECK_COUNT_DRILLS])
def test_every_deck_count_drill_is_spanish(qtbot: Any, drill: str) -> None:
    left, spanish = left_in_english(lambda: deck_count(drill, Mode.GUIDED), qtbot)
    assert left == []
    said = dict(spanish)
    chooser = [text for name, text in spanish if name.startswith("QComboBox drill item")]
    assert all("Deck count" not in text for text in chooser)
    assert chooser[1].startswith("Conteo de cartas nivel 1: ")
    brief = said["QLabel brief"]
    assert TERMS["deck"] in brief, brief  # the line above the spread says the deck in Spanish
    assert not re.search(r"\b(seats|deck|spread|face|cards|round)\b", brief), brief


def test_a_yes_or_no_takes_s_in_spanish_and_the_keys_say_so(qtbot: Any) -> None:
    speak("es")
    widget = deck_count("deck-count-1")
    qtbot.addWidget(widget)
    assert widget.keys.text() == "Teclas: S o N — o el número de cartas e Intro."
    assert parse_yes_no("s") is True and parse_yes_no("sí") is True and parse_yes_no("y") is True
    asked = widget.question
    qtbot.keyClick(widget.answer_box, "s")  # one key answers, as Y does
    assert widget.question is not asked or widget._item_over
    assert not widget.feedback.text().startswith("No se pudo leer")
    assert widget.feedback.text().startswith(("✓", "✗"))
    speak("en")
    english = deck_count("deck-count-1")
    qtbot.addWidget(english)
    assert english.keys.text() == "Keys: Y or N — or the number of cards and Enter."


def test_a_deck_is_named_by_its_spanish_colour_or_its_first_letter(qtbot: Any) -> None:
    speak("es")
    widget = deck_count("deck-count-2")
    qtbot.addWidget(widget)
    item = widget.item
    assert isinstance(item, RoundCountItem)
    question = widget.question
    assert question is not None
    assert widget.keys.text() in ("Teclas: la primera letra de rojo o azul.",
                                  "Teclas: la primera letra de azul o rojo.")
    assert question.parse("a") == "blue" and question.parse("azul") == "blue" and question.parse("r") == "red"
    qtbot.keyClick(widget.answer_box, "a")
    assert "azul" in widget.feedback.text() or "rojo" in widget.feedback.text()
    assert not widget.feedback.text().startswith("No se pudo leer")


def test_the_deck_check_offers_its_answers_in_spanish() -> None:
    from trainer.drills.deck_count.deck_check import choice_word, parse_irregularity

    speak("es")
    assert (choice_word("floor"), choice_word("back")) == ("piso", "devolver")
    assert parse_irregularity("p") == "floor" and parse_irregularity("d") == "back"
    assert parse_irregularity("f") == "floor" and parse_irregularity("b") == "back"  # the English letters still


def test_the_deck_count_window_follows_the_switch(qtbot: Any) -> None:
    widget = deck_count("deck-count-3")
    qtbot.addWidget(widget)
    assert widget.brief.text().startswith("The ") and widget.new_set.text() == "New set"
    speak("es")
    widget.retranslate()
    assert widget.brief.text().startswith("El mazo ") and widget.new_set.text() == "Nueva serie"
    assert widget.windowTitle() == "Conteo del mazo"
    assert widget.chooser.itemText(3).startswith("Conteo de cartas nivel 3: ")


def test_the_glossary_keeps_the_words_these_windows_keep() -> None:
    assert {"Trips", "Bad Beat", "Play"} <= set(GLOSSARY["english"]["words"])


# -- the drills window -------------------------------------------------------------------------------------------


def test_the_drill_list_describes_every_drill_in_spanish(qtbot: Any) -> None:
    from trainer.gui.drills import DrillsDialog

    left, spanish = left_in_english(lambda: DrillsDialog(ScoreBook()), qtbot)
    assert left == []
    described = {text for name, text in spanish if re.fullmatch(r"QTreeWidget drills node \d+ 1", name)}
    assert any(text.startswith("Conteo de cartas nivel 4: ") for text in described)
    payouts = [text for text in described if " nivel 1: " in text and "5 s" in text and "3 a 2" in text]
    assert payouts, sorted(described)
    assert not any(" to 1" in text or "target" in text for text in described)


def blind_quick() -> QWidget:
    from trainer.drills.base import drill_named
    from trainer.gui.drills import DrillForm

    return DrillForm(drill_named("blind-quick"), ScoreBook(), count=2, seed=5, clock=FakeClock())


def test_a_drill_form_hints_and_pay_tables_are_spanish(qtbot: Any) -> None:
    from trainer.gui.drills import DrillForm

    # the item's own hand and question are the drill's texts (trainer.drills); the form, the hint, the pay
    # tables shown beside the hand are the window's
    left, _spanish = left_in_english(blind_quick, qtbot)
    assert left == []
    speak("es")
    form = blind_quick()
    qtbot.addWidget(form)
    assert isinstance(form, DrillForm)
    rules = form.rules.text()
    for english in ("royal flush", "straight flush", " to 1", "<b>Blind</b>"):
        assert english not in rules
    assert TERMS["royal flush"] in rules and "500 a 1" in rules and f"<b>{TERMS['Blind'].capitalize()}</b>" in rules
    hint = form.answers.line.placeholderText() or form.answers.amount.placeholderText()
    assert form.submit("maybe") is None
    feedback = form.feedback.text()
    assert feedback.startswith("No se pudo leer 'maybe': ") and "an amount alone" not in feedback
    assert TERMS["pay"] in feedback and TERMS["take"] in feedback, (feedback, hint)


def test_results_name_the_mode_in_spanish(qtbot: Any) -> None:
    from trainer.gui.drills import DrillForm
    from trainer.gui.training import ResultsDialog

    speak("es")
    form = blind_quick()
    qtbot.addWidget(form)
    assert isinstance(form, DrillForm)
    for _item in range(2):
        form.submit("take")
        form.next_item()
    dialog = ResultsDialog(form.book)
    qtbot.addWidget(dialog)
    cell = dialog.table.item(0, 2)
    assert cell is not None and cell.text() == "práctica"
    item = dialog.table.item(0, 1)
    assert item is not None
    assert re.fullmatch(rf"{TERMS['Blind'].capitalize()} · mano \d+", item.text()), item.text()
    assert "Ciega, un asiento (práctica): " in dialog.summary.text() and "blind-quick" not in dialog.summary.text()
    assert dialog.summary.text() and "(practice)" not in dialog.summary.text()


# -- the pay-table lab -------------------------------------------------------------------------------------------


def test_the_pay_table_lab_names_its_lines_and_pays_in_spanish_and_reads_them_back(qtbot: Any) -> None:
    from trainer.gui.paytable_lab import PaytableLab

    left, _spanish = left_in_english(PaytableLab, qtbot)
    assert left == []
    speak("es")
    lab = PaytableLab()
    qtbot.addWidget(lab)
    names = [lab.lines.item(row, 0).text() for row in range(lab.lines.rowCount())]  # type: ignore[union-attr]
    assert names[0] == TERMS["royal flush"] and TERMS["full house"] in names
    pays = lab.lines.item(0, 1)
    assert pays is not None and re.fullmatch(r"\d+ a \d+", pays.text())
    assert lab.current_table() is lab.registry.get(lab.kind, lab.table_id), "a pay shown in Spanish is no edit"
    pays.setText("60 a 1")
    edited = lab.current_table()
    assert str(edited.lines[0].odds.numerator) == "60" and edited.lines[0].odds.kind == "to"
    lab.bet_box.setCurrentIndex(lab.bet_box.findData("blind"))
    assert lab.table_box.currentText() == TERMS["Blind"].capitalize()


# -- the start page and the Today queue, the progress room -------------------------------------------------------


@pytest.fixture
def store(tmp_path: Any) -> Iterator[Any]:
    from datetime import UTC, datetime

    from tests.store.conftest import Clock
    from trainer.bench.store import fill
    from trainer.store import Store

    with Store.open(tmp_path / "data", clock=Clock(datetime(2025, 3, 31, 18, 0, tzinfo=UTC))) as opened:
        fill(opened, opened.add_profile("Ana"), 300, days=30, end=datetime(2025, 3, 31, 18, 0, tzinfo=UTC))
        yield opened


def test_the_start_page_and_today_queue_are_spanish(qtbot: Any, store: Any) -> None:
    from trainer.gui.progress import TraineePanel
    from trainer.gui.start_page import StartPage

    def build() -> QWidget:
        panel = TraineePanel(store, store.profile("Ana"))
        return StartPage(lambda _step: None, frozenset, side=panel, at_start=True)

    left, spanish = left_in_english(build, qtbot, allowed={"Ana"})
    assert left == []
    queue = [text for name, text in spanish if name.startswith("QListWidget todayQueue row") and "tip" not in name]
    assert queue and all(re.search(r"pendiente|nuevo|errores", text, re.IGNORECASE) for text in queue), queue
    assert not any(re.search(r"\b(Every line|The bank|folded hands first|Deck count level)\b", text)
                   for text in queue), queue


def test_the_progress_screen_tells_each_skill_in_spanish(qtbot: Any, store: Any) -> None:
    from trainer.gui.progress import ProgressScreen

    left, spanish = left_in_english(lambda: ProgressScreen(store, store.profile("Ana")), qtbot, allowed={"Ana"})
    # a mistake's rule is the trainee's record, kept as it was written when the hand was scored
    assert [line for line in left if not ("mistakesTable cell" in line and " tip: " in line)] == []
    topics = {text for name, text in spanish if re.fullmatch(r"QTableWidget mistakesTable cell \d+ 1", name)}
    assert topics and not topics & {"pairs", "qualification", "order", "trips"}, topics
    # a topic by its lesson's title, as lessons/es/ writes it
    assert topics & {"El Ultimate Pairs Bonus", "La calificación del crupier", "El orden de liquidación",
                     "El bono Trips"}, topics
    tips = [text for name, text in spanish
            if name.startswith("QTableWidget masteryTable cell") and name.endswith("tip")]
    assert tips and not any(text.startswith(("Deck count level", "Payouts level")) for text in tips)


# -- open windows follow the switch ------------------------------------------------------------------------------


def test_open_drill_and_deck_count_windows_follow_the_window_switching_language(qtbot: Any, tmp_path: Any) -> None:
    from tests.gui.table_support import FakeSound
    from trainer.gui.main_window import MainWindow
    from trainer.gui.training import open_deck_count_window, open_drills
    from trainer.settings import DEFAULTS, SettingsStore

    window = MainWindow(DEFAULTS, store=SettingsStore(tmp_path / "settings.json"), notify=lambda _text: None,
                        sound=FakeSound())
    qtbot.addWidget(window)
    drills = open_drills(window)
    deck = open_deck_count_window(window)
    assert isinstance(deck, DeckCountWidget)
    deck.choose("deck-count-3")
    tree = drills.picker.tree  # type: ignore[attr-defined]
    top = tree.topLevelItem(tree.topLevelItemCount() - 1)
    assert top.child(top.childCount() - 1).text(1).startswith("Deck count level 4: ")

    window.switch_language("es")

    assert top.child(top.childCount() - 1).text(1).startswith("Conteo de cartas nivel 4: ")
    assert tree.headerItem().text(1) != "What it drills" and drills.windowTitle() == "Ejercicios"
    assert deck.chooser.itemText(3).startswith("Conteo de cartas nivel 3: ")
    assert deck.brief.text().startswith("El mazo ") and deck.new_set.text() == "Nueva serie"
    deck._confirm = lambda _window, _question: True
    drills.close()
    deck.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    deck.close()
    qtbot.waitUntil(lambda: not window.findChildren(DeckCountWidget), timeout=5000)
    window.switch_language("en")  # the windows gone, nothing of theirs is called
    assert window.menuBar().actions()[0].text() == "&File"


def test_the_deck_checks_suit_rows_are_named_in_spanish(qtbot: Any) -> None:
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from trainer.drills.deck_count import DeckCheckItem, deck_spread

    speak("es")
    widget = deck_count("deck-count-3")
    qtbot.addWidget(widget)
    spread = deck_spread(random.Random(3), "red", "blue")
    widget.start(items=[DeckCheckItem(spread, "red", "blue", clock=FakeClock())])
    shown = {item.text() for item in widget.view.scene().items() if isinstance(item, QGraphicsSimpleTextItem)}
    assert {"tréboles", "diamantes", "corazones", "picas"} <= shown, shown
    assert not shown & {"clubs", "diamonds", "hearts", "spades"}
