"""Enter in a drill's answer field confirms the answer and nothing more: the feedback shows, the hand stays until
Next (a second Enter, on the focused Next button)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.typed import of_kind
from trainer.drills.base import drill_named
from trainer.gui.deck_count import DeckCountWidget
from trainer.gui.drills import DrillForm, DrillsDialog, PayoutForm
from trainer.scoring import Mode, ScoreBook

pytestmark = pytest.mark.gui


class FakeClock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def active_dialog(qtbot: Any) -> DrillsDialog:
    dialog = DrillsDialog(ScoreBook(), clock=FakeClock(), confirm=lambda *_: True)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    assert QTest.qWaitForWindowActive(dialog)  # focus and default buttons behave as on a screen
    return dialog


def test_a_trips_answer_confirmed_with_enter_shows_its_feedback_and_keeps_the_hand(qtbot: Any) -> None:
    dialog = active_dialog(qtbot)
    form = dialog.open_drill(drill_named("trips-quick"), Mode.PRACTICE, 3, 4)
    assert isinstance(form, DrillForm)
    qtbot.waitUntil(lambda: dialog.focusWidget() is form.answers.amount)
    QTest.keyClicks(form.answers.amount, "40")
    QTest.keyClick(form.answers.amount, Qt.Key.Key_Return)
    assert form.number == 1 and form.feedback.text().startswith(("✓", "✗"))  # said right or wrong, and why
    assert "Hand done" in form.prompt.text()
    assert dialog.focusWidget() is form.next_button
    QTest.keyClick(form.next_button, Qt.Key.Key_Return)  # the second Enter goes on
    assert form.number == 2 and form.feedback.text() == ""


def test_a_payout_typed_and_confirmed_with_enter_shows_its_verdict_and_waits(qtbot: Any) -> None:
    dialog = active_dialog(qtbot)
    form = dialog.open_drill(drill_named("payouts"), Mode.PRACTICE, 3, 1)
    assert isinstance(form, PayoutForm)
    QTest.keyClicks(form.amount, "1")
    QTest.keyClick(form.amount, Qt.Key.Key_Return)
    assert form.number == 1 and form.feedback.text().startswith(("✓", "✗"))
    assert form.next_button.isEnabled()


def test_a_deck_count_answered_with_enter_stays_in_its_form(qtbot: Any) -> None:
    dialog = active_dialog(qtbot)
    form = dialog.open_drill(drill_named("deck-count-1"), Mode.PRACTICE, 3, 1)
    answer = of_kind(form, DeckCountWidget).answer_box
    QTest.keyClicks(answer, "52")
    QTest.keyClick(answer, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.form is form and dialog.pages.currentWidget() is form
    assert of_kind(form, DeckCountWidget).feedback.text()  # the answer was taken and judged
