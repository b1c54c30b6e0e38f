"""The window in Spanish: chosen in Settings (kept), at the first start from the system's language, ``--lang`` for
one run; switched at once without losing the round in progress; every text of the window and of the Settings dialog
in Spanish, with a mnemonic of its own in each menu. Expected words come from the glossary (trainer/i18n/es.toml)."""

from __future__ import annotations

import json
import re
import textwrap
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QGroupBox,
    QLabel,
    QListWidget,
    QMenu,
    QTabWidget,
    QWidget,
)

from tests.gui.test_app import child_env, run, settings_file
from tests.gui.test_settlement_quiz_gui import (  # noqa: F401 (open_window: a fixture)
    HOUSE,
    announce_right,
    answer_rest_by_keys,
    deal,
    has_pay_and_take,
    open_window,
    seed_for,
    settle_right,
)
from trainer.gui.language import install_qt_translations, speak
from trainer.gui.main_window import MainWindow
from trainer.gui.settings_dialog import SettingsDialog
from trainer.i18n.translation import current_language, set_language

pytestmark = pytest.mark.gui

GLOSSARY = tomllib.loads((Path(__file__).resolve().parents[2] / "trainer" / "i18n" / "es.toml").read_text("utf-8"))
TERMS: dict[str, str] = GLOSSARY["terms"]
KEPT_IN_ENGLISH = set(GLOSSARY["english"]["words"])
MENU_BAR_ES = ["&Archivo", "&Mesa", "&Sonido", "&Entrenar", "&Herramientas", "A&yuda"]
MENU_BAR_EN = ["&File", "&Table", "S&ound", "T&rain", "Too&ls", "&Help"]


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """Whatever a test switches to, the next one starts in English (the language is the process's)."""
    yield
    set_language("en")
    install_qt_translations("en")


def menu_bar(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def choose_language(qtbot: Any, window: MainWindow, language: str) -> None:
    """Settings ▸ Language, then OK, as the trainee does it."""
    dialog = window.open_settings()
    assert isinstance(dialog, SettingsDialog)
    dialog.language.setCurrentIndex(dialog.language.findData(language))
    with qtbot.waitSignal(dialog.finished, timeout=5000):
        dialog.accept()


# --- switching with a round in progress ---------------------------------------------------------------------


def test_switching_language_keeps_the_round_and_the_steps_settled(
    qtbot: Any, open_window: Callable[..., MainWindow], tmp_path: Path  # noqa: F811 (the fixture imported)
) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    quiz = deal(qtbot, window)
    core = quiz.quiz
    assert core is not None
    announce_right(qtbot, quiz)
    first = core.next_step()
    assert first is not None
    settle_right(qtbot, quiz, first)
    played, following = window.played, core.next_step()
    assert played is not None
    assert following is not None and following is not first
    round_heading = window.round_log.lines()[0]
    assert menu_bar(window) == MENU_BAR_EN

    choose_language(qtbot, window, "es")

    assert current_language() == "es"
    assert window.played is played and quiz.quiz is core and window.settling
    assert core.next_step() is following, "the step settled stays settled"
    assert menu_bar(window) == MENU_BAR_ES
    assert window.new_round_action.text() == "&Nueva ronda"
    assert window.quiz_menu.title() == "Liquídela &usted"
    panel = quiz.panel
    assert panel.confirm_button.text() == "Confirmar (Intro)"
    assert [button.text() for button in panel.action_buttons.values()] == [
        f"{TERMS['pay'].capitalize()} P", f"{TERMS['take'].capitalize()} T", f"{TERMS['push'].capitalize()} U",
        f"{TERMS['return'].capitalize()} R"]
    assert panel.step_box.title() == "2 · Liquidar las apuestas"
    assert panel.announced.text().startswith("Crupier: ") and "califica" in panel.announced.text()
    assert panel.score.text().startswith("Esta mano: ")
    assert panel.title.text() == "Liquídela usted · Práctica — cada paso se comprueba"
    log = window.round_log.lines()
    assert log[0].startswith(f"Ronda {played.number} · mazo ") and log[0] != round_heading
    assert any(line.startswith("Asiento ") and TERMS["Ante"] in line and TERMS["Blind"] in line for line in log)
    assert window.phase_label.text() == "Fase: su liquidación"
    assert window.settings.language == "es"
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["language"] == "es", "the choice is kept"

    choose_language(qtbot, window, "en")

    assert current_language() == "en" and menu_bar(window) == MENU_BAR_EN
    assert window.new_round_action.text() == "&New round" and panel.confirm_button.text() == "Confirm (Enter)"
    assert window.round_log.lines()[0] == round_heading
    assert window.played is played and quiz.quiz is core and core.next_step() is following
    answer_rest_by_keys(qtbot, quiz)
    assert quiz.quiz is None and not window.settling, "the round goes on to its end"
    assert panel.progress.text().startswith("Hand settled (")

    choose_language(qtbot, window, "es")

    progress = panel.progress.text()
    assert progress.startswith("Mano liquidada (") and "Reparta la próxima mano (N)" in progress


def test_ok_in_settings_keeps_a_language_given_for_this_run_only(qtbot: Any, tmp_path: Path) -> None:
    from tests.gui.table_support import FakeSound
    from trainer.settings import DEFAULTS, SettingsStore

    speak("es")  # as --lang es does, the settings keeping English as the choice
    window = MainWindow(DEFAULTS.replace(language="en"), store=SettingsStore(tmp_path / "settings.json"),
                        notify=lambda _text: None, sound=FakeSound())
    qtbot.addWidget(window)
    dialog = window.open_settings()
    assert isinstance(dialog, SettingsDialog) and dialog.language.currentData() == "es", "the language spoken"
    with qtbot.waitSignal(dialog.finished, timeout=5000):
        dialog.accept()
    assert current_language() == "es" and menu_bar(window)[1] == "&Mesa"
    assert window.settings.language == "en", "OK alone does not make --lang the choice"

    choose_language(qtbot, window, "en")

    assert current_language() == "en" and menu_bar(window) == MENU_BAR_EN and window.settings.language == "en"


def test_the_lessons_open_in_the_language_spoken(qtbot: Any, tmp_path: Path) -> None:
    from trainer.gui.training import LessonsDialog, open_lessons

    _texts, window = window_and_settings(qtbot, tmp_path, "es")
    dialog = open_lessons(window, "ante-play")
    assert isinstance(dialog, LessonsDialog) and dialog.windowTitle() == "Lecciones"
    titles = [dialog.syllabus.item(row).text() for row in range(dialog.syllabus.count())]
    assert f"{TERMS['Ante'].capitalize()} y Play" in titles and "Ante and Play" not in titles
    dialog.show()
    qtbot.waitExposed(dialog)
    room = dialog.syllabus.viewport().width()
    metrics = dialog.syllabus.fontMetrics()
    cut = [title for title in titles if metrics.horizontalAdvance(title) > room]
    assert cut == [], f"the syllabus ({room} px) cuts {cut}"
    dialog.close()


# --- every text in Spanish ------------------------------------------------------------------------------------

PROPER_NAMES = {"UTH Dealer Trainer", "Trips", "Bad Beat", "Ultimate Pairs", "English", "español", "Washington UTH",
                "California UTH", "California UTH Bad Beat Bonus", "OK", "ACE / iDeal", "Deck Mate"}
"""Texts that are the same in both languages: the product's name, the wagers' names the layout prints, the
games' names, the languages named in themselves."""
NOT_A_WORD = re.compile(r"^[\s\d$.,:%x×–—·()\[\]/+✔○⏱⌫-]*$")
"""Amounts, counts, speeds and marks: nothing to translate."""

KEY_HINT = re.compile(r"\s*\([^()]{1,3}\)$")
"""A key named after a text ("No more bets (B)"): the text is what is compared."""
PAYTABLE_ID = re.compile(r"((Trips|Bad Beat|Ultimate Pairs) )?([A-Z]{1,3}-?\d{1,2}|\d{1,2}|[A-Z]{2})")
"""A pay table's id or name (UTH-01, BBB-02, 01, CA, Trips UTH-01, Ultimate Pairs 3): the layout's names."""


def texts_of(root: QWidget) -> list[tuple[str, str]]:
    """(what, text) for every text a person reads on ``root``: actions, menus, buttons, labels, group boxes, tabs,
    in the order Qt lists them (the same for the same window built twice)."""
    found: list[tuple[str, str]] = []
    for obj in [root, *root.findChildren(QWidget), *root.findChildren(QAction)]:
        name = f"{type(obj).__name__} {obj.objectName()}"
        if isinstance(obj, QAction):
            if obj.isSeparator():
                continue
            found.append((name, obj.text()))
            found.append((name + " tip", obj.toolTip()))
        elif isinstance(obj, QMenu):
            found.append((name, obj.title()))
        elif isinstance(obj, QAbstractButton | QLabel):
            found.append((name, obj.text()))
        elif isinstance(obj, QGroupBox):
            found.append((name, obj.title()))
        elif isinstance(obj, QTabWidget):
            found.extend((f"{name} tab {i}", obj.tabText(i)) for i in range(obj.count()))
        elif isinstance(obj, QListWidget):
            found.extend((f"{name} item {i}", obj.item(i).text()) for i in range(obj.count()))
        elif isinstance(obj, QComboBox):
            found.extend((f"{name} item {i}", obj.itemText(i)) for i in range(obj.count()))
        if isinstance(obj, QWidget) and obj.isWindow():
            found.append((name + " title", obj.windowTitle()))
    return found


def same_in_both(text: str) -> bool:
    bare = KEY_HINT.sub("", text.replace("&", "").strip()).removesuffix(":")
    return (not bare or bool(NOT_A_WORD.match(bare)) or bare in PROPER_NAMES
            or bare in KEPT_IN_ENGLISH or PAYTABLE_ID.fullmatch(bare) is not None)


def window_and_settings(qtbot: Any, tmp_path: Path, language: str) -> tuple[list[tuple[str, str]], MainWindow]:
    """A window built in ``language`` and what it shows, its Settings and Keys dialogs open."""
    from tests.gui.table_support import FakeSound
    from trainer.settings import DEFAULTS, SettingsStore

    speak(language)
    window = MainWindow(DEFAULTS, store=SettingsStore(tmp_path / f"{language}.json"), notify=lambda _text: None,
                        sound=FakeSound())
    qtbot.addWidget(window)
    window.quiz.set_mode(None)
    return shown_texts(qtbot, window), window


def shown_texts(qtbot: Any, window: MainWindow) -> list[tuple[str, str]]:
    """What ``window`` shows with its Settings and Keys dialogs open (closed and gone again afterwards)."""
    dialog = window.open_settings()
    texts = texts_of(window)
    keys = window.open_keys()
    texts += [(f"keys {name}", text) for name, text in texts_of(keys)]
    for opened in (dialog, keys):
        opened.close()
    qtbot.waitUntil(lambda: not window.findChildren(QDialog), timeout=5000)
    return texts


def test_every_text_of_the_window_and_its_settings_is_spanish(qtbot: Any, tmp_path: Path) -> None:
    english, _window_en = window_and_settings(qtbot, tmp_path, "en")
    spanish, _window_es = window_and_settings(qtbot, tmp_path, "es")
    assert [name for name, _text in english] == [name for name, _text in spanish]
    left = [f"{name}: {en!r}" for (name, en), (_name, es) in zip(english, spanish, strict=True)
            if en == es and not same_in_both(en)]
    assert left == [], "\n".join(left)
    assert sum(1 for (_n, en), (_m, es) in zip(english, spanish, strict=True) if en != es) > 150


@pytest.mark.parametrize(("built_in", "switched_to"), [("es", "en"), ("en", "es")])
def test_a_window_switched_shows_what_a_window_built_in_that_language_shows(
    qtbot: Any, tmp_path: Path, built_in: str, switched_to: str
) -> None:
    expected, _window = window_and_settings(qtbot, tmp_path, switched_to)
    _texts, window = window_and_settings(qtbot, tmp_path, built_in)
    window.switch_language(switched_to)
    switched = shown_texts(qtbot, window)
    differ = [f"{name}: {shown!r}, built: {wanted!r}" for (name, shown), (_name, wanted)
              in zip(switched, expected, strict=True) if shown != wanted]
    assert differ == [], "\n".join(differ)


def test_each_menu_has_a_mnemonic_of_its_own_for_every_command_in_spanish(qtbot: Any, tmp_path: Path) -> None:
    _texts, window = window_and_settings(qtbot, tmp_path, "es")
    menus = [window.menuBar(), *window.findChildren(QMenu)]
    checked = 0
    for menu in menus:
        letters: dict[str, str] = {}
        for action in menu.actions():
            if action.isSeparator():
                continue
            text = action.text()
            match = re.search(r"&([^&])", text)
            if match is None:
                continue
            letter = match.group(1).lower()
            where = menu.objectName() or (menu.title() if isinstance(menu, QMenu) else "the menu bar")
            assert letter not in letters, f"{where}: {letters[letter]!r} and {text!r}"
            letters[letter] = text
            checked += 1
    assert checked > 30


# --- at start: the saved choice, the system's language, --lang ------------------------------------------------

START_AND_SAY = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox
    from trainer.cli import main
    from trainer.gui.app import create_application

    create_application(["uth-trainer"])

    def check():
        window = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"][0]
        print("MENUS", "|".join(action.text() for action in window.menuBar().actions()), flush=True)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        print("QT", box.button(QDialogButtonBox.StandardButton.Cancel).text(), flush=True)
        window.close()

    QTimer.singleShot(300, check)
    sys.exit(main(sys.argv[1:]))
""")


def start(arguments: list[str], system_language: str) -> list[str]:
    result = run(["-c", START_AND_SAY, *arguments],
                 child_env(QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy", LANGUAGE=system_language,
                           LC_ALL=None, LANG=None))
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.splitlines() if line.startswith(("MENUS", "QT"))]


def saved_language(dirs: dict[str, Path]) -> str:
    return str(json.loads(settings_file(dirs).read_text(encoding="utf-8"))["language"])


def test_the_first_start_speaks_the_systems_language_and_keeps_it(user_dirs: dict[str, Path]) -> None:
    assert start([], "es") == ["MENUS " + "|".join(MENU_BAR_ES), "QT Cancelar"]
    assert saved_language(user_dirs) == "es"
    assert start([], "en") == ["MENUS " + "|".join(MENU_BAR_ES), "QT Cancelar"], "the choice kept wins"


def test_lang_on_the_command_line_is_for_that_run_only(user_dirs: dict[str, Path]) -> None:
    assert start([], "en") == ["MENUS " + "|".join(MENU_BAR_EN), "QT Cancel"]
    assert start(["--lang", "es"], "en") == ["MENUS " + "|".join(MENU_BAR_ES), "QT Cancelar"]
    assert saved_language(user_dirs) == "en", "--lang is not saved as the choice"
    assert start([], "es") == ["MENUS " + "|".join(MENU_BAR_EN), "QT Cancel"]


# --- the settlement panel's words -------------------------------------------------------------------------------


def test_a_mistake_is_told_in_spanish_with_its_kind_rule_and_topic() -> None:
    from trainer.gui.quiz.texts import mistakes_html
    from trainer.i18n.translation import speaking
    from trainer.scoring import ErrorKind, Mistake

    mistake = Mistake(ErrorKind.WRONG_ACTION, "Seat 3: take the Ante $20", "Seat 3: pay the Ante $1",
                      "A fold loses the Ante and the Blind", "fold")
    with speaking("es"):
        shown = mistakes_html([mistake])
    assert "Acción incorrecta" in shown and "Esperado: Seat 3" in shown and "Usted: Seat 3" in shown
    assert "<i>Regla:</i>" in shown and "<i>Tema:</i> Retirarse" in shown and shown.endswith("Corríjalo y siga.")
    assert "<i>Rule:</i>" in mistakes_html([mistake]), "English again outside the block"


def test_the_clock_and_the_seats_take_the_spanish_plural_forms() -> None:
    from trainer.gui.quiz.texts import clock_text
    from trainer.gui.status_bar import table_summary
    from trainer.i18n.translation import ngettext, speaking
    from trainer.settings import DEFAULTS

    with speaking("es"):
        text, on_target = clock_text(None, None, 3.0)
        forms = [ngettext("{seconds} s · {count} decision · {each} s each",
                          "{seconds} s · {count} decisions · {each} s each", n).format(seconds="2.0", count=n,
                                                                                        each="2.0")
                 for n in (1, 3, 1_000_000)]
        one_seat = table_summary(DEFAULTS.replace(seats=1))
    assert text == "Objetivo: 3.0 s por decisión" and on_target is None
    assert forms == ["2.0 s · 1 decisión · 2.0 s cada una", "2.0 s · 3 decisiones · 2.0 s cada una",
                     "2.0 s · 1000000 de decisiones · 2.0 s cada una"]
    assert f"1 {TERMS['seat']} ·" in one_seat and "asientos" not in one_seat


# --- the felt ---------------------------------------------------------------------------------------------------

FELT_ES = {"ante": "INICIAL", "blind": "CIEGA", "play": "PLAY", "trips": "TRIPS", "bad_beat": "BAD BEAT"}
"""The words the felt prints in Spanish: the short form of the glossary's "apuesta inicial" and "ciega"; Play,
Trips and Bad Beat in English, as the glossary keeps them."""


def printed_words(window: MainWindow) -> dict[str, str]:
    scene = window.scene
    assert scene is not None
    return {spot.wager: spot.label for spot in scene.geometry.seat(1).spots.values()}


def test_the_felt_prints_its_words_in_the_language_spoken(qtbot: Any, tmp_path: Path) -> None:
    from trainer.gui.table.captions import fold_count_text

    _texts, window = window_and_settings(qtbot, tmp_path, "en")
    empty = window.scene
    assert printed_words(window)["ante"] == "ANTE"
    assert empty is not None and empty.config.inscription == "Dealer only plays with a pair or higher"

    window.switch_language("es")

    assert window.scene is not empty, "an empty felt is drawn again at once"
    words = printed_words(window)
    assert {wager: words[wager] for wager in FELT_ES} == FELT_ES
    assert window.scene is not None
    config = window.scene.config
    assert config.inscription.startswith(f"El {TERMS['dealer']} ")
    titles = [title for title, _lines in config.paytables]
    assert titles[0] == TERMS["Blind"].capitalize() and titles[1].startswith("Trips ")
    hands = [line[0] for _title, lines in config.paytables for line in lines if isinstance(line, tuple)]
    assert TERMS["royal flush"] in hands and TERMS["full house"] in hands
    assert fold_count_text(2) == "RETIRADA · 2 CARTAS" and fold_count_text(1) == "RETIRADA · 1 CARTA"


def test_a_felt_with_a_round_on_it_keeps_the_round_and_speaks_from_the_next_deal(
    qtbot: Any, open_window: Callable[..., MainWindow]  # noqa: F811 (the fixture imported)
) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    quiz = deal(qtbot, window)
    scene, played = window.scene, window.played
    assert scene is not None and scene.arrivals

    window.switch_language("es")

    assert window.scene is scene and window.played is played and scene.arrivals, "the round stays on its felt"
    assert printed_words(window)["ante"] == "ANTE"
    announce_right(qtbot, quiz)
    answer_rest_by_keys(qtbot, quiz)
    qtbot.waitUntil(window.session.can_deal, timeout=10000)  # the table clears the settled round first
    deal(qtbot, window)
    assert window.scene is not scene and printed_words(window)["ante"] == FELT_ES["ante"]


def settle(qtbot: Any, listed: QListWidget) -> None:
    """Let the panel holding ``listed`` settle, at once rather than after a fixed wait: every resize, fitting and
    layout it posted is done (a zero timer posted now comes back after them), and the list's own delayed layout of
    its items (a 100 ms timer in its ``Adjust`` mode) is run now; until the list and its items stay where they are."""

    def where() -> tuple[object, ...]:
        return (listed.geometry(), listed.viewport().size(),
                tuple(listed.visualItemRect(listed.item(row)) for row in range(listed.count())))

    for _round in range(20):
        before = where()
        with qtbot.waitCallback(timeout=10_000) as done:
            QTimer.singleShot(0, done)
        QApplication.sendPostedEvents()
        listed.executeDelayedItemsLayout()
        if where() == before:
            return
    pytest.fail("the side panel never settles: its list keeps changing its size")


def test_the_dealers_hands_all_show_in_spanish_hand_after_hand(qtbot: Any, tmp_path: Path) -> None:
    """The Spanish hand names fit two columns only while the side panel shows no scroll bar: once the panel has
    settled, every name is inside the list, on the next hand too (the list fitted after its resize, not within
    it)."""
    import random

    from tests.gui.table_support import FakeSound
    from trainer.gui.table.director import Durations
    from trainer.scoring import Mode
    from trainer.settings import DEFAULTS, SettingsStore

    speak("es")
    window = MainWindow(DEFAULTS, store=SettingsStore(tmp_path / "settings.json"), notify=lambda _text: None,
                        sound=FakeSound(), durations=Durations.tiny(), rng=random.Random(3))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.quiz.set_mode(Mode.PRACTICE)
    listed = window.quiz.panel.categories

    def cut() -> list[str]:
        inside = listed.height() - listed.frameWidth()
        return [listed.item(row).text() for row in range(listed.count())
                if listed.visualItemRect(listed.item(row)).bottom() > inside
                or listed.visualItemRect(listed.item(row)).right() > listed.viewport().width()]

    for _hand in range(2):
        deal(qtbot, window)
        settle(qtbot, listed)  # its scroll bar shown or not, the list fitted to the width left
        assert cut() == []
        assert listed.item(3).text() == f"3  {TERMS['three of a kind']}"
        window.skip_to_end()
        qtbot.waitUntil(window.session.can_deal, timeout=10000)
