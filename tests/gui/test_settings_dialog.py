"""The Settings dialog: shows the settings, keeps the rules between fields, and hands back a valid record."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from trainer.gui.settings_dialog import SettingsDialog
from trainer.settings import DEFAULTS, Settings, SettingsError

pytestmark = pytest.mark.gui










def make(qtbot: Any, settings: Settings = DEFAULTS) -> SettingsDialog:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    return dialog


def ok_enabled(dialog: SettingsDialog) -> bool:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def error_text(dialog: SettingsDialog, key: str) -> str:
    label = dialog.findChild(QLabel, f"error_{key}")
    assert label is not None
    return label.text() if not label.isHidden() else ""


def test_the_dialog_has_five_tabs(qtbot: Any) -> None:
    dialog = make(qtbot)
    titles = [dialog.tabs.tabText(i).replace("&&", "&") for i in range(dialog.tabs.count())]
    assert titles == ["Table", "Pay tables", "Limits", "Animation & sound", "Cards"]


def test_the_dialog_shows_the_settings_it_was_given_unchanged(qtbot: Any) -> None:
    chosen = DEFAULTS.replace(
        banking="player-dealer", seats=8, procedure="card-shoe", trips_paytable="UTH-04",
        bad_beat_paytable="CA", collection_schedule="uth-2", min_wager=10, max_wager=1000,
        player_dealer_bank=5000, animation_speed=2.0, volume=0.3, muted=True, four_colour=True,
        deck_backs=("green", "black"), careless_players=True, window_geometry="AAAA",
    )
    dialog = make(qtbot, chosen)
    assert dialog.problems() == {}
    assert ok_enabled(dialog)
    assert dialog.result_settings() == chosen
    assert dialog.result_settings().window_geometry == "AAAA"


def test_player_dealer_banking_offers_six_or_eight_positions_and_the_shuffler(qtbot: Any) -> None:
    dialog = make(qtbot, DEFAULTS.replace(offer_pairs=True, seats=7))
    dialog.banking.setCurrentIndex(dialog.banking.findData("player-dealer"))
    seats = [dialog.seats.itemData(i) for i in range(dialog.seats.count())]
    assert seats == [6, 8]
    assert dialog.seats.currentData() == 6
    assert dialog.procedure.currentData() == "shuffler"
    assert not dialog.offer["offer_pairs"].isChecked()
    assert not dialog.offer["offer_pairs"].isEnabled()
    assert not dialog.offer["offer_progressive"].isEnabled()
    assert dialog.bank.isEnabled() and dialog.collection.isEnabled()
    assert ok_enabled(dialog)
    result = dialog.result_settings()
    assert (result.banking, result.seats, result.procedure, result.offer_pairs) == (
        "player-dealer", 6, "shuffler", False)


def test_back_to_house_banking_offers_one_to_seven_seats_and_the_ace(qtbot: Any) -> None:
    dialog = make(qtbot, DEFAULTS.replace(banking="player-dealer", seats=8, procedure="shuffler"))
    dialog.banking.setCurrentIndex(dialog.banking.findData("house"))
    assert [dialog.seats.itemData(i) for i in range(dialog.seats.count())] == list(range(1, 8))
    assert dialog.seats.currentData() == 6
    assert dialog.procedure.currentData() == "ace"
    assert not dialog.bank.isEnabled()


def test_a_maximum_below_the_minimum_is_named_under_the_field_and_blocks_ok(qtbot: Any) -> None:
    dialog = make(qtbot)
    dialog.min_wager.setValue(100)
    dialog.max_wager.setValue(50)
    assert "below the minimum $100" in error_text(dialog, "max_wager")
    assert not ok_enabled(dialog)
    assert "Fix 1 setting" in dialog.summary.text()
    dialog.accept()
    assert dialog.result() == 0  # still open: OK refused
    with pytest.raises(SettingsError):
        dialog.result_settings()
    dialog.max_wager.setValue(200)
    assert error_text(dialog, "max_wager") == ""
    assert ok_enabled(dialog)
    assert dialog.summary.text() == ""


def test_bad_beat_without_trips_is_refused_inline(qtbot: Any) -> None:
    dialog = make(qtbot)
    dialog.offer["offer_trips"].setChecked(False)
    assert "Bad Beat needs Trips" in error_text(dialog, "offer_bad_beat")
    assert not ok_enabled(dialog)
    dialog.offer["offer_bad_beat"].setChecked(False)
    assert ok_enabled(dialog)
    assert dialog.result_settings().offered_side_bets == ()


def test_a_pay_table_is_chosen_only_while_its_bet_is_offered(qtbot: Any) -> None:
    dialog = make(qtbot)
    assert not dialog.paytable["pairs_paytable"].isEnabled()
    dialog.offer["offer_pairs"].setChecked(True)
    assert dialog.paytable["pairs_paytable"].isEnabled()
    dialog.paytable["pairs_paytable"].setCurrentIndex(dialog.paytable["pairs_paytable"].findData(4))
    result = dialog.result_settings()
    assert result.offer_pairs and result.pairs_paytable == 4


def test_restore_defaults_puts_every_field_back_but_keeps_the_window_place(qtbot: Any) -> None:
    dialog = make(qtbot, DEFAULTS.replace(seats=2, volume=0.1, four_colour=True, window_geometry="AAAA"))
    dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    result = dialog.result_settings()
    assert result == DEFAULTS
    assert result.window_geometry == "AAAA"


def test_the_two_deck_backs_must_differ(qtbot: Any) -> None:
    dialog = make(qtbot)
    dialog.back_two.setCurrentIndex(dialog.back_two.findData("red"))
    assert "different back colours" in error_text(dialog, "deck_backs")
    assert not ok_enabled(dialog)


def test_ok_accepts_and_cancel_rejects(qtbot: Any) -> None:
    dialog = make(qtbot)
    dialog.volume.setValue(25)
    assert dialog.volume_text.text() == "25 %"
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result_settings().volume == 0.25
    other = make(qtbot)
    with qtbot.waitSignal(other.rejected, timeout=1000):
        other.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()


def test_a_speed_between_the_steps_is_kept(qtbot: Any) -> None:
    dialog = make(qtbot, DEFAULTS.replace(animation_speed=1.25))
    assert dialog.result_settings().animation_speed == 1.25


def test_the_house_rules_are_on_the_pay_tables_tab_each_with_a_line_that_explains_it(qtbot: Any) -> None:
    dialog = make(qtbot)
    page = dialog.tabs.widget(1)
    for key in ("bad_beat_on_fold", "progressive_on_fold", "round_payouts_to"):
        assert page.isAncestorOf(dialog.house_rules[key])
        explanation = dialog.findChild(QLabel, f"explain_{key}")
        assert explanation is not None and explanation.text()
    assert "three of a kind or better keeps its Bad Beat in action" in dialog.findChild(
        QLabel, "explain_bad_beat_on_fold").text()
    rounding = dialog.house_rules["round_payouts_to"]
    assert [rounding.itemText(i) for i in range(rounding.count())] == ["exact", "$0.50", "$1"]


def test_the_house_rules_edit_and_come_back_in_the_result(qtbot: Any) -> None:
    dialog = make(qtbot)
    assert dialog.result_settings() == DEFAULTS
    for key, value in (("bad_beat_on_fold", "lose"), ("progressive_on_fold", "lose"), ("round_payouts_to", "1")):
        box = dialog.house_rules[key]
        box.setCurrentIndex(box.findData(value))
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    result = dialog.result_settings()
    assert (result.bad_beat_on_fold, result.progressive_on_fold, result.round_payouts_to) == ("lose", "lose", "1")
    shown = make(qtbot, result)
    assert shown.house_rules["round_payouts_to"].currentText() == "$1"
    assert shown.house_rules["bad_beat_on_fold"].currentText() == "Lost with the hand"


def test_ok_keeps_the_quiz_mode_and_window_place_the_dialog_does_not_edit(qtbot: Any) -> None:
    dialog = make(qtbot, DEFAULTS.replace(quiz_mode="speed", window_geometry="AAAA"))
    dialog.volume.setValue(40)
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    result = dialog.result_settings()
    assert (result.quiz_mode, result.window_geometry, result.volume) == ("speed", "AAAA", 0.4)
    dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dialog.result_settings().quiz_mode == "speed"


@pytest.mark.parametrize("banking", ["house", "player-dealer"])
def test_the_seats_box_shows_every_choice_whole(qtbot: Any, banking: str) -> None:
    dialog = make(qtbot)
    dialog.show()
    index = dialog.banking.findData(banking)
    dialog.banking.setCurrentIndex(index)
    qtbot.waitUntil(lambda: dialog.seats.count() > 0)
    box = dialog.seats
    metrics = box.fontMetrics()
    for row in range(box.count()):
        box.setCurrentIndex(row)
        text = box.itemText(row)
        if banking == "player-dealer":
            assert text.startswith(("6 positions", "8 positions"))
        # the text fits the box, beside its arrow
        assert metrics.horizontalAdvance(text) + 24 <= box.sizeHint().width(), text
        qtbot.waitUntil(lambda: box.width() >= box.sizeHint().width(), timeout=2000)
