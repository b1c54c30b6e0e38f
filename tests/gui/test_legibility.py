"""A table a student reads on a school's laptop: in settle-it-yourself mode, with the settlement panel open,
every face-up card is at least 64 px wide on a 1366 x 768 window (48 px at 1024 x 700), its corner index at
least 14 px tall, every chip amount at least 10 px; no button or label is clipped; every dialog closes with
Escape. Measured from the scene's geometry and the view's scale, offscreen."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from trainer.gui.legibility import CARD_TARGETS, CHIP_TEXT_TARGET, INDEX_TARGET, measure
from trainer.gui.main_window import MainWindow
from trainer.gui.side_panel import panel_width
from trainer.gui.table.director import Durations
from trainer.scoring import Mode
from trainer.settings import DEFAULTS, SettingsStore

pytestmark = pytest.mark.gui
WAIT = 10_000
SIZES = [(1024, 700), (1366, 768), (1920, 1080)]
FULL_TABLE = DEFAULTS.replace(seats=7, offer_pairs=True, offer_progressive=True)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    win = MainWindow(FULL_TABLE, store=SettingsStore(tmp_path / "settings.json"), notify=lambda text: None,
                     durations=Durations.tiny(), rng=random.Random(5))
    qtbot.addWidget(win)
    yield win


def settling_at(window: MainWindow, qtbot: QtBot, size: tuple[int, int]) -> None:
    """A practice hand dealt and waiting for the trainee, the window at ``size``."""
    window.resize(*size)
    window.show()
    window.quiz.set_mode(Mode.PRACTICE)
    window.new_round()
    qtbot.waitUntil(lambda: window.quiz.quiz is not None, timeout=WAIT)
    QApplication.processEvents()
    assert window.view is not None


@pytest.mark.parametrize("size", SIZES)
def test_cards_indices_and_chip_amounts_read_at_the_window_size(window: MainWindow, qtbot: QtBot,
                                                                  size: tuple[int, int]) -> None:
    settling_at(window, qtbot, size)
    assert window.view is not None
    figures = measure(window.view)
    assert figures.cards >= 2 + 5 + 2  # the dealer's hand, the board and at least one seat's hand face up
    wanted = CARD_TARGETS.get(size, 64.0)
    assert figures.card_width >= wanted, figures.line()
    assert figures.index_height >= INDEX_TARGET, figures.line()
    assert figures.chip_text >= CHIP_TEXT_TARGET, figures.line()


@pytest.mark.parametrize("size", SIZES)
def test_side_panel_is_a_column_and_the_table_keeps_its_size_when_the_mode_changes(
        window: MainWindow, qtbot: QtBot, size: tuple[int, int]) -> None:
    settling_at(window, qtbot, size)
    assert window.view is not None
    assert window.dock.width() == panel_width(size[0]) < size[0] / 3
    scale = window.view.transform().m11()
    window.quiz.set_mode(None)
    QApplication.processEvents()
    assert window.view.transform().m11() == pytest.approx(scale)


def test_the_side_panel_hides_and_shows_with_f9(window: MainWindow, qtbot: QtBot) -> None:
    settling_at(window, qtbot, (1366, 768))
    assert window.view is not None
    before, width = window.view.transform().m11(), window.view.width()
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert not window.dock.isVisible()
    QApplication.processEvents()
    assert window.view.width() > width and window.view.transform().m11() >= before  # the felt takes the room
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert window.dock.isVisible()


def clipped(widget: QWidget) -> bool:
    """A one-line button or label whose text is wider than the room it has."""
    if isinstance(widget, QPushButton):
        text, room = widget.text().replace("&", ""), widget.contentsRect().width() - 8
        if not widget.icon().isNull():
            room -= widget.iconSize().width() + 4
    elif isinstance(widget, QLabel) and not widget.wordWrap() and widget.textFormat() != Qt.TextFormat.RichText:
        text, room = widget.text(), widget.contentsRect().width()
    else:
        return False
    if not text or "\n" in text or "<" in text:
        return False
    return widget.fontMetrics().horizontalAdvance(text) > room + 1


@pytest.mark.parametrize("size", SIZES)
def test_no_button_or_label_is_clipped(window: MainWindow, qtbot: QtBot, size: tuple[int, int]) -> None:
    settling_at(window, qtbot, size)
    shown = [w for w in window.findChildren(QWidget) if w.isVisible() and isinstance(w, (QPushButton, QLabel))]
    assert shown
    bad = [(w.objectName(), w.text(), w.width()) for w in shown if clipped(w)]
    assert bad == []


OPENERS = ["open_start_page", "open_keys", "open_about", "open_settings"]


@pytest.mark.parametrize("opener", OPENERS)
def test_every_dialog_closes_with_escape_and_has_a_close_button(window: MainWindow, qtbot: QtBot,
                                                                opener: str) -> None:
    window.show()
    dialog = getattr(window, opener)()
    assert isinstance(dialog, QDialog)
    qtbot.waitExposed(dialog)
    buttons = [b.text().replace("&", "") for b in dialog.findChildren(QPushButton)]
    assert any(text in ("Close", "Cancel") for text in buttons), buttons
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=WAIT)
