"""The magnifier: holding Z over a hand shows that hand and the board large, the hand's name hidden until the
trainee has settled it (the trainee reads the cards); letting go shows the table again; Help ▸ Keys lists it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTableWidget
from pytestqt.qtbot import QtBot

from tests.typed import present
from trainer.gui.main_window import MainWindow
from trainer.gui.table.director import Durations
from trainer.gui.table.magnifier import HIDDEN_NAME, scene_point
from trainer.scoring import Mode
from trainer.settings import DEFAULTS, SettingsStore

pytestmark = pytest.mark.gui
WAIT = 10_000


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    win = MainWindow(DEFAULTS.replace(seats=5), store=SettingsStore(tmp_path / "settings.json"),
                     notify=lambda text: None, durations=Durations.tiny(), rng=random.Random(7))
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    yield win


def settling(qtbot: QtBot, window: MainWindow) -> None:
    window.quiz.set_mode(Mode.PRACTICE)
    window.new_round()
    qtbot.waitUntil(lambda: window.quiz.quiz is not None, timeout=WAIT)
    QApplication.processEvents()


def test_holding_the_magnifier_over_a_hand_shows_it_and_the_board_large_without_its_name(
        qtbot: QtBot, window: MainWindow) -> None:
    settling(qtbot, window)
    assert window.scene is not None and window.view is not None
    seat = window.played.hands[0].seat if window.played is not None else 1
    cards = window.scene.cards_at("seat", seat)
    shown = window.magnifier.hold(scene_point(window.view, cards[0]))
    assert shown is not None and shown.seat == seat
    assert [card.card for card in shown.hand] == [card.card for card in cards]
    assert [card.card for card in shown.board] == list(present(window.played).deal.board)
    assert shown.name == ""  # not settled yet: the trainee reads the cards
    panel = window.magnifier.panel
    assert panel is not None and panel.isVisible()
    on_table = window.view.transform().m11() * 108.0
    assert panel.card_width() > 1.5 * on_table  # large: well above the table's own cards
    image = panel.grab().toImage()
    assert image.width() == panel.width()  # it paints (no crash) and fits the view
    assert panel.width() <= window.view.viewport().width()
    window.magnifier.release()
    assert not window.magnifier.showing


def test_the_dealers_hand_is_magnified_nearest_the_dealers_cards(qtbot: QtBot, window: MainWindow) -> None:
    settling(qtbot, window)
    assert window.scene is not None and window.view is not None
    dealer = window.scene.cards_at("dealer")
    shown = window.magnifier.hold(scene_point(window.view, dealer[1]))
    assert shown is not None and shown.seat is None and shown.title == "Dealer" and shown.name == ""


def test_the_hands_name_shows_once_the_table_has_settled_it(qtbot: QtBot, window: MainWindow) -> None:
    window.new_round(stepping=True)
    director = window.director
    assert director is not None and window.scene is not None and window.view is not None
    window.skip_to_end()
    qtbot.waitUntil(lambda: window.director is None, timeout=WAIT)
    # After the round the cards are in the rack: nothing to magnify.
    assert window.magnifier.hold() is None
    assert director.hand_settled(None)
    settled_seat = window.played.settlement.seats[0].seat if window.played is not None else 1
    assert director.hand_settled(settled_seat)


def test_z_held_in_the_window_shows_and_letting_go_hides(qtbot: QtBot, window: MainWindow) -> None:
    settling(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
    handle = window.windowHandle()
    assert handle is not None
    QTest.keyPress(handle, Qt.Key.Key_Z)
    assert window.magnifier.showing
    QTest.keyRelease(handle, Qt.Key.Key_Z)
    assert not window.magnifier.showing


def test_help_keys_lists_the_magnifier(qtbot: QtBot, window: MainWindow) -> None:
    dialog = window.open_keys()
    table = dialog.findChild(QTableWidget, "keysTable")
    assert table is not None
    rows = [present(table.item(row, 0)).text() for row in range(table.rowCount())]
    assert "Hold Z" in rows
    dialog.close()


def test_the_hidden_name_says_why() -> None:
    assert "settled" in HIDDEN_NAME
