"""The drills on screen: the picker grouped by topic, the short question form, the payout keypad and clock."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.typed import of_kind, present
from trainer.drills.base import all_drills, drill_named
from trainer.drills.decision_drills import DecisionItem
from trainer.drills.payouts import PayoutDrill
from trainer.drills.settlement_drills import SettlementItem
from trainer.engine.settlement import format_money
from trainer.engine.wagers import Action
from trainer.gui.drills import DrillForm, DrillPicker, DrillsDialog, PayoutForm, form_for
from trainer.gui.drills.hand_view import hand_html
from trainer.scoring import ErrorKind, ItemResult, Mode, ScoreBook, SetResult

pytestmark = pytest.mark.gui





class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


# -- the picker ----------------------------------------------------------------------------------------------


def test_picker_lists_every_drill_under_its_group(qtbot: Any) -> None:
    picker = DrillPicker()
    qtbot.addWidget(picker)
    groups = {present(picker.tree.topLevelItem(i)).text(0): present(picker.tree.topLevelItem(i))
              for i in range(picker.tree.topLevelItemCount())}
    listed = {present(group.child(j)).data(0, Qt.ItemDataRole.UserRole): name
              for name, group in groups.items() for j in range(group.childCount())}
    assert set(listed) == set(all_drills())
    shown = {present(group.child(j)).text(0) for group in groups.values() for j in range(group.childCount())}
    assert {"Blind, one seat", "Payouts level 2", "Run the round"} <= shown, "a drill by its name, not its id"
    assert not shown & set(all_drills()) - {"Blind", "Trips", "Bad Beat", "Progressive"}
    assert listed["blind-quick"] == listed["blind"] == "Blind"
    assert listed["payouts-2"] == "Payouts" and listed["bad-beat"] == "Bad Beat"
    assert list(groups)[:2] == ["Settlement order", "Qualification"]


def test_picker_start_emits_the_drill_mode_count_and_seed(qtbot: Any) -> None:
    picker = DrillPicker()
    qtbot.addWidget(picker)
    assert not picker.start_button.isEnabled()
    picker.select("pairs")
    picker.mode.setCurrentIndex(picker.mode.findData(Mode.EXAM))
    picker.count.setValue(4)
    picker.seed.setText("77")
    with qtbot.waitSignal(picker.chosen) as blocker:
        qtbot.mouseClick(picker.start_button, Qt.MouseButton.LeftButton)
    drill, mode, count, seed = blocker.args
    assert drill is drill_named("pairs") and mode is Mode.EXAM and count == 4 and seed == 77


def test_dialog_opens_the_form_that_fits_and_goes_back(qtbot: Any) -> None:
    dialog = DrillsDialog(ScoreBook(), clock=FakeClock(), confirm=lambda _window, _question: True)
    qtbot.addWidget(dialog)
    form = dialog.open_drill(drill_named("payouts"), Mode.SPEED, 3, 1)
    assert isinstance(form, PayoutForm) and dialog.pages.currentWidget() is form and dialog.back.isVisibleTo(dialog)
    form = dialog.open_drill(drill_named("blind-quick"), Mode.PRACTICE, 3, 1)
    assert isinstance(form, DrillForm) and dialog.pages.count() == 2
    qtbot.mouseClick(dialog.back, Qt.MouseButton.LeftButton)
    assert dialog.pages.currentWidget() is dialog.picker and dialog.form is None


# -- the single-decision form --------------------------------------------------------------------------------


def test_blind_decision_answered_with_the_buttons_scores_and_records(qtbot: Any) -> None:
    book = ScoreBook()
    form = DrillForm(drill_named("blind-quick"), book, count=3, seed=5, clock=FakeClock())
    qtbot.addWidget(form)
    for number in range(1, 4):
        action, amount = present(of_kind(form.item, DecisionItem).current).expected
        assert "Blind, and how much?" in form.prompt.text()
        assert form.answers.currentIndex() == 1
        if amount is not None and action is Action.PAY:
            form.answers.amount.setText(str(amount))
        with qtbot.waitSignal(form.item_finished) as finished:
            qtbot.mouseClick(form.answers.action_buttons[action.value], Qt.MouseButton.LeftButton)
        outcome: ItemResult = finished.args[0]
        assert outcome.perfect and "✓" in form.feedback.text()
        assert form.next_button.isEnabled()
        if number < 3:
            qtbot.mouseClick(form.next_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(form.set_finished) as done:
        qtbot.mouseClick(form.next_button, Qt.MouseButton.LeftButton)
    result: SetResult = done.args[0]
    assert result.score == 100.0 and len(book.items("blind-quick")) == 3 and book.sets()[-1] is result


def test_a_wrong_decision_is_named_and_an_unreadable_one_gets_the_hint(qtbot: Any) -> None:
    form = DrillForm(drill_named("pairs-quick"), ScoreBook(), count=1, seed=3, clock=FakeClock())
    qtbot.addWidget(form)
    assert form.submit("maybe") is None
    assert "Could not read 'maybe'" in form.feedback.text() and of_kind(form.item, DecisionItem).current is not None
    action, amount = present(of_kind(form.item, DecisionItem).current).expected
    assert action is Action.PAY
    feedback = form.submit(f"pay {amount + 1}")
    assert feedback is not None and feedback.mistakes[0].kind is ErrorKind.WRONG_AMOUNT
    assert "✗ wrong amount" in form.feedback.text()


def test_dealer_hand_form_offers_the_categories_and_qualification(qtbot: Any) -> None:
    form = DrillForm(drill_named("dealer-hand"), ScoreBook(), count=2, seed=1, clock=FakeClock())
    qtbot.addWidget(form)
    category, qualifies = present(of_kind(form.item, DecisionItem).current).expected
    assert form.answers.currentIndex() == 2
    form.answers.category.setCurrentIndex(form.answers.category.findData(category.label))
    with qtbot.waitSignal(form.answered) as answered:
        qtbot.mouseClick(form.answers.qualify_buttons[qualifies], Qt.MouseButton.LeftButton)
    assert answered.args[0].correct


def test_settlement_drill_runs_in_the_form_and_shows_the_hand(qtbot: Any) -> None:
    form = form_for(drill_named("qualification"), ScoreBook(), count=1, seed=2, clock=FakeClock())
    qtbot.addWidget(form)
    assert isinstance(form, DrillForm)
    scenario = of_kind(form.item, SettlementItem).scenario
    html = hand_html(scenario)
    assert form.hand.text() == html and "<table" in html
    assert all(f"<td><b>{seat.seat}</b></td>" in html for seat in scenario.seats)
    result = scenario.settlement
    assert present(form.submit(f"{result.dealer.category.label} no")).correct
    step = of_kind(form.item, SettlementItem).quiz.asked()[0]  # a losing Progressive went at COIN IN: never asked
    assert present(form.submit(f"{step.seat} {step.wager.label} {step.action.value} {step.amount}")).correct


def test_exam_mode_holds_feedback_until_the_set_is_done(qtbot: Any) -> None:
    form = DrillForm(drill_named("trips-quick"), ScoreBook(), mode=Mode.EXAM, count=1, seed=4, clock=FakeClock())
    qtbot.addWidget(form)
    action, _amount = present(of_kind(form.item, DecisionItem).current).expected
    wrong = "push" if action is not Action.PUSH else "take"
    form.submit(wrong)
    assert "wrong action" not in form.feedback.text() and "%" not in form.prompt.text()  # the hand: nothing yet
    form.next_item()
    assert "0 of 1 steps right" in form.prompt.text()  # the set: its score


# -- the payout form -----------------------------------------------------------------------------------------


def test_payout_paid_with_chips_is_right_and_timed(qtbot: Any) -> None:
    clock = FakeClock()
    book = ScoreBook()
    form = PayoutForm(PayoutDrill(1), book, count=2, seed=3, clock=clock, tick_ms=5)
    qtbot.addWidget(form)
    payout = present(form.item).question.payout
    clock.now = 2.5
    qtbot.waitUntil(lambda: form.clock_label.text().startswith("2.5 s"), timeout=2000)
    assert "target 5 s" in form.clock_label.text()
    rest = payout
    for value in sorted(form.chip_buttons, reverse=True):
        while rest >= value:
            qtbot.mouseClick(form.chip_buttons[value], Qt.MouseButton.LeftButton)
            rest -= value
    assert form.paying_total == payout and form.paying_label.text().startswith(f"Paying {format_money(payout)}")
    with qtbot.waitSignal(form.item_finished) as finished:
        qtbot.mouseClick(form.chip_buttons[Decimal("0.5")], Qt.MouseButton.LeftButton)
        qtbot.mouseClick(form.undo_button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(form.pay_button, Qt.MouseButton.LeftButton)
    outcome: ItemResult = finished.args[0]
    assert outcome.perfect and outcome.seconds == 2.5 and "on target" in form.feedback.text()
    assert book.items()[-1] is outcome and not form.pay_button.isEnabled() and form.next_button.isEnabled()


def test_a_wrong_payout_is_named_with_the_working_and_typing_works(qtbot: Any) -> None:
    form = PayoutForm(PayoutDrill(3), ScoreBook(), count=1, seed=9, clock=FakeClock(), tick_ms=5)
    qtbot.addWidget(form)
    form.amount.setText("nonsense")
    assert form.pay() is None and "Could not read" in form.feedback.text()
    form.amount.setText(str(present(form.item).question.payout + 1))
    feedback = form.pay()
    assert feedback is not None and feedback.mistakes[0].kind is ErrorKind.WRONG_AMOUNT
    assert "✗ wrong amount" in form.feedback.text() and "×" in form.feedback.text()
    with qtbot.waitSignal(form.set_finished):
        qtbot.mouseClick(form.next_button, Qt.MouseButton.LeftButton)
    assert "Score 0.0 %" in form.feedback.text()


def test_payout_level_chooser_switches_the_drill(qtbot: Any) -> None:
    form = PayoutForm(PayoutDrill(), ScoreBook(), count=2, seed=1, clock=FakeClock(), tick_ms=5)
    qtbot.addWidget(form)
    form.level.setCurrentIndex(form.level.findData(4))
    assert form.drill.level == 4 and present(form.item).level.number == 4 and "level 4" in form.progress.text()


def test_a_drill_set_records_each_item_and_the_set_once_at_its_end() -> None:
    from trainer.gui.drills.runner import DrillSet

    book = ScoreBook()
    shown: list[str] = []
    ended: list[int] = []
    drill_set = DrillSet(book, "demo", Mode.EXAM, ["first", "second"], seed=5)
    drill_set.advance(shown.append, lambda: ended.append(drill_set.number))
    drill_set.record(ItemResult("demo", "first", steps=3, correct=2))
    assert shown == ["first"] and not drill_set.last
    drill_set.advance(shown.append, lambda: ended.append(drill_set.number))
    assert shown == ["first", "second"] and drill_set.last and book.sets() == []
    drill_set.advance(shown.append, lambda: ended.append(drill_set.number))
    drill_set.advance(shown.append, lambda: ended.append(drill_set.number))
    assert ended == [2, 2] and drill_set.item is None  # the score again, but the set counts once
    assert book.sets() == [drill_set.result] and [item.item for item in book.items()] == ["first"]
