"""The instructor dialog's PIN: Enter does what Unlock does and never closes the dialog; a new PIN is typed twice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from trainer.gui.progress import InstructorDialog
from trainer.store import Store
from trainer.store.instructor import Instructor

pytestmark = pytest.mark.gui


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "data") as opened:
        yield opened


def shown(qtbot: QtBot, store: Store) -> InstructorDialog:
    dialog = InstructorDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    assert QTest.qWaitForWindowActive(dialog)  # focus moves as on a screen (once to the Close button)
    dialog.pin.setFocus()
    return dialog


def test_a_wrong_pin_confirmed_with_enter_is_refused_with_the_wait_and_the_dialog_stays_open(
    qtbot: QtBot, store: Store
) -> None:
    Instructor(store).set_pin("4829")
    dialog = shown(qtbot, store)
    QTest.keyClicks(dialog.pin, "1111")
    QTest.keyClick(dialog.pin, Qt.Key.Key_Return)
    assert dialog.isVisible() and not dialog.is_unlocked
    assert dialog.status.text().startswith("Wrong PIN; wait 1 s")
    assert not dialog.pin_button.isEnabled()  # closed for the wait, as after a click on Unlock
    qtbot.waitUntil(dialog.pin_button.isEnabled, timeout=3000)
    QTest.keyClicks(dialog.pin, "4829")
    QTest.keyClick(dialog.pin, Qt.Key.Key_Enter)
    assert dialog.isVisible() and dialog.is_unlocked


def test_the_unlock_button_shows_no_confirmation_field_when_a_pin_is_set(qtbot: QtBot, store: Store) -> None:
    Instructor(store).set_pin("4829")
    dialog = shown(qtbot, store)
    assert dialog.pin_button.text() == "Unlock" and not dialog.pin_confirm.isVisible()


def test_a_new_pin_is_typed_twice_and_two_different_ones_set_nothing(qtbot: QtBot, store: Store) -> None:
    dialog = shown(qtbot, store)
    assert dialog.pin_button.text() == "Set PIN" and dialog.pin_confirm.isVisible()
    QTest.keyClicks(dialog.pin, "4829")
    QTest.keyClick(dialog.pin, Qt.Key.Key_Return)  # on to the second field, nothing set yet
    assert dialog.focusWidget() is dialog.pin_confirm and not Instructor(store).has_pin()
    QTest.keyClicks(dialog.pin_confirm, "4828")
    QTest.keyClick(dialog.pin_confirm, Qt.Key.Key_Return)
    assert "differ" in dialog.status.text() and not Instructor(store).has_pin()
    assert dialog.isVisible() and not dialog.is_unlocked
    QTest.keyClicks(dialog.pin, "4829")
    QTest.keyClicks(dialog.pin_confirm, "4829")
    QTest.keyClick(dialog.pin_confirm, Qt.Key.Key_Return)
    assert dialog.is_unlocked and Instructor(store).check("4829").accepted
