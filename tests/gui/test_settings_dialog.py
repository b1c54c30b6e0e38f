"""The Settings dialog: shows the settings, keeps the rules between fields, and hands back a valid record."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from tests.typed import present
from trainer.engine.games import game_named
from trainer.gui import game_choices
from trainer.gui.game_choices import CUSTOM, OUTSIDE_GAME
from trainer.gui.settings_dialog import SettingsDialog
from trainer.gui.status_bar import table_summary
from trainer.settings import DEFAULTS, Settings, SettingsError, SettingsStore

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


def test_the_dialog_has_seven_tabs(qtbot: Any) -> None:
    dialog = make(qtbot)
    titles = [dialog.tabs.tabText(i).replace("&&", "&") for i in range(dialog.tabs.count())]
    assert titles == ["Table", "Pay tables", "Limits", "Animation & sound", "Cards", "Class store", "Language"]


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
        assert present(page).isAncestorOf(dialog.house_rules[key])
        explanation = dialog.findChild(QLabel, f"explain_{key}")
        assert explanation is not None and explanation.text()
    assert "three of a kind or better keeps its Bad Beat in action" in present(dialog.findChild(
        QLabel, "explain_bad_beat_on_fold")).text()
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


# --- the games of the documents (rules-notes §1b) ----------------------------------------------------------

MIXED = DEFAULTS.replace(offer_pairs=True, seats=7, procedure="shuffler", min_wager=10, max_wager=2000)
"""A room's own table: Washington's wagers dealt with California's shuffler (no game of the documents)."""


def choose(box: Any, data: Any) -> None:
    index = box.findData(data)
    assert index >= 0, data
    box.setCurrentIndex(index)


def items(box: Any) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def test_the_game_box_offers_the_three_games_then_the_custom_table(qtbot: Any) -> None:
    dialog = make(qtbot)
    assert items(dialog.game) == [
        "Washington UTH (house-banked, seeds 002/004)",
        "California UTH (player-dealer, 8 positions, seed 003)",
        "California UTH Bad Beat Bonus (player-dealer, 6 positions, seed 001)",
        "Custom table (the room's own)",
    ]
    page = dialog.tabs.widget(0)
    assert present(page).isAncestorOf(dialog.game)
    assert dialog.game.geometry().top() <= dialog.banking.geometry().top()


def test_the_default_settings_open_on_the_washington_game(qtbot: Any) -> None:
    dialog = make(qtbot)
    assert dialog.game.currentData() == "wa"
    dialog = make(qtbot, MIXED)
    assert dialog.game.currentData() == CUSTOM
    dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dialog.game.currentData() == "wa"


@pytest.mark.parametrize(("game_id", "expected"), [
    ("wa", {"banking": "house", "seats": 6, "procedure": "ace", "trips_paytable": "UTH-01", "offer_bad_beat": True,
            "bad_beat_paytable": "BBB-02", "offer_pairs": False, "offer_progressive": False, "min_wager": 5,
            "max_wager": 500}),
    ("ca", {"banking": "player-dealer", "seats": 8, "procedure": "shuffler", "trips_paytable": "UTH-02",
            "offer_bad_beat": False, "offer_pairs": False, "offer_progressive": False, "min_wager": 5,
            "max_wager": 300, "player_dealer_bank": 1000, "collection_schedule": "uth-1"}),
    ("ca-bad-beat", {"banking": "player-dealer", "seats": 6, "procedure": "shuffler", "trips_paytable": "UTH-04",
                     "offer_bad_beat": True, "bad_beat_paytable": "CA", "offer_pairs": False,
                     "offer_progressive": False, "min_wager": 5, "max_wager": 500, "player_dealer_bank": 1000,
                     "collection_schedule": "bb-1"}),
])
def test_each_game_chosen_gives_exactly_its_datas_defaults(qtbot: Any, game_id: str,
                                                           expected: dict[str, Any]) -> None:
    dialog = make(qtbot, MIXED)
    choose(dialog.game, game_id)
    assert ok_enabled(dialog)
    result = dialog.result_settings()
    data = game_named(game_id).settings()
    assert {key: getattr(result, key) for key in data} == data
    assert {key: getattr(result, key) for key in expected} == expected  # the documents' figures (rules-notes §1b)
    assert dialog.game.currentData() == game_id
    # what the dialog does not own is kept
    assert (result.volume, result.careless_players, result.deck_backs) == (
        MIXED.volume, MIXED.careless_players, MIXED.deck_backs)


def test_a_game_lists_its_own_choices_first_and_the_rest_below_a_line(qtbot: Any) -> None:
    dialog = make(qtbot)
    choose(dialog.game, "ca")
    trips = dialog.paytable["trips_paytable"]
    assert trips.itemText(0) == "Trips UTH-02"
    assert trips.itemData(1) is None  # the line
    assert [trips.itemText(i) for i in range(2, trips.count())] == [
        f"Trips {name}{OUTSIDE_GAME}" for name in ("UTH-01", "UTH-03", "UTH-04")]
    assert dialog.seats.itemData(0) == 8 and dialog.seats.itemText(2).endswith(OUTSIDE_GAME)
    assert [dialog.procedure.itemData(i) for i in range(2)] == ["shuffler", "card-shoe"]
    fees = items(dialog.collection)
    assert fees[:3] == [
        "Collection option 1 (Ultimate Texas Hold'em) · limit per spot $5–$300",
        "Collection option 2 (Ultimate Texas Hold'em) · limit per spot $25–$1,000",
        "Collection option 3 (Ultimate Texas Hold'em) · limit per spot $100–$2,000",
    ]
    assert all(text.endswith(OUTSIDE_GAME) for text in fees[4:]) and len(fees) == 3 + 1 + 24
    assert dialog.banking.itemData(0) == "player-dealer" and dialog.banking.itemText(2).endswith(OUTSIDE_GAME)
    choose(dialog.game, CUSTOM)
    assert not any(OUTSIDE_GAME in text for box in (dialog.collection, dialog.banking, trips) for text in items(box))
    assert dialog.result_settings().trips_paytable == "UTH-02"  # the custom table starts from what was shown


def test_a_choice_the_game_has_keeps_the_game(qtbot: Any) -> None:
    dialog = make(qtbot)
    choose(dialog.paytable["trips_paytable"], "UTH-03")
    choose(dialog.seats, 3)
    choose(dialog.procedure, "deck-mate")
    dialog.offer["offer_pairs"].setChecked(True)
    choose(dialog.paytable["pairs_paytable"], 5)
    assert dialog.game.currentData() == "wa"
    assert not dialog.game_note.text().startswith("Now the room's custom table")


def test_a_fee_option_of_california_uth_sets_the_tables_limits_to_its_limit_per_spot(qtbot: Any) -> None:
    dialog = make(qtbot)
    choose(dialog.game, "ca")
    choose(dialog.collection, "uth-2")
    assert (dialog.min_wager.value(), dialog.max_wager.value()) == (25, 1000)  # seed 003, option 2
    choose(dialog.collection, "uth-3")
    assert (dialog.min_wager.value(), dialog.max_wager.value()) == (100, 2000)
    assert dialog.game.currentData() == "ca"
    assert dialog.collection.currentText().endswith("limit per spot $100–$2,000")
    assert "$5–$300, $25–$1,000, $100–$2,000" in dialog.limits_note.text()


@pytest.mark.parametrize(("game_id", "change", "said"), [
    ("ca", lambda d: d.offer["offer_bad_beat"].setChecked(True), "Bad Beat is not offered"),
    ("ca", lambda d: choose(d.paytable["trips_paytable"], "UTH-01"), "'UTH-01' is not offered"),
    ("ca", lambda d: d.max_wager.setValue(500), "$500 is outside the limit per spot $5–$300"),
    ("ca-bad-beat", lambda d: choose(d.seats, 8), "a table of 6 positions"),
    ("ca-bad-beat", lambda d: choose(d.collection, "uth-1"), "'uth-1' is not a fee option"),
    ("wa", lambda d: choose(d.procedure, "card-shoe"), "'card-shoe' is not a dealing procedure"),
    ("wa", lambda d: choose(d.banking, "player-dealer"), "Banking"),
])
def test_a_box_outside_the_game_switches_to_the_custom_table_with_a_line(
        qtbot: Any, game_id: str, change: Any, said: str) -> None:
    dialog = make(qtbot)
    choose(dialog.game, game_id)
    change(dialog)
    assert dialog.game.currentData() == CUSTOM
    note = dialog.game_note.text()
    assert note.startswith("Now the room's custom table, no longer ")
    assert said in note
    assert game_named(game_id).title in note  # the refusal names the game it left


def test_california_uth_with_a_bad_beat_is_a_custom_table_the_room_may_keep(qtbot: Any) -> None:
    dialog = make(qtbot)
    choose(dialog.game, "ca")
    dialog.offer["offer_bad_beat"].setChecked(True)
    choose(dialog.paytable["bad_beat_paytable"], "CA")
    assert ok_enabled(dialog)
    result = dialog.result_settings()
    assert (result.trips_paytable, result.offer_bad_beat, result.bad_beat_paytable, result.seats) == (
        "UTH-02", True, "CA", 8)
    again = make(qtbot, result)
    assert again.game.currentData() == CUSTOM
    assert table_summary(result).startswith("Custom table · Player-dealer, 8 positions · Trips UTH-02")


@pytest.mark.parametrize("game_id", ["wa", "ca", "ca-bad-beat"])
def test_reopening_restores_the_game(qtbot: Any, game_id: str) -> None:
    dialog = make(qtbot, MIXED)
    choose(dialog.game, game_id)
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    again = make(qtbot, dialog.result_settings())
    assert again.game.currentData() == game_id
    assert again.result_settings() == dialog.result_settings()
    assert again.paytable["trips_paytable"].itemText(0) == f"Trips {game_named(game_id).trips_paytables[0]}"


def test_the_settings_a_game_saves_keep_their_strings(qtbot: Any, tmp_path: Any) -> None:
    dialog = make(qtbot)
    choose(dialog.game, "ca-bad-beat")
    store = SettingsStore(tmp_path / "settings.json")
    assert store.save(dialog.result_settings())
    saved = json.loads(store.path.read_text(encoding="utf-8"))
    assert {key: saved[key] for key in ("banking", "seats", "procedure", "trips_paytable", "bad_beat_paytable",
                                        "collection_schedule", "min_wager", "max_wager", "player_dealer_bank")} == {
        "banking": "player-dealer", "seats": 6, "procedure": "shuffler", "trips_paytable": "UTH-04",
        "bad_beat_paytable": "CA", "collection_schedule": "bb-1", "min_wager": 5, "max_wager": 500,
        "player_dealer_bank": 1000}
    assert "game" not in saved
    loaded, problem = SettingsStore(store.path).load()
    assert problem is None
    assert make(qtbot, loaded).game.currentData() == "ca-bad-beat"


def test_the_game_box_texts_come_from_the_games_data() -> None:
    result = doctest.testmod(game_choices)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("game_id", "summary"), [
    ("wa", "Washington UTH · 6 seats · Trips UTH-01 · Bad Beat BBB-02 · $5–$500"),
    ("ca", "California UTH · 8 positions · Trips UTH-02 · $5–$300"),
    ("ca-bad-beat", "California UTH Bad Beat Bonus · 6 positions · Trips UTH-04 · Bad Beat (California) · $5–$500"),
])
def test_the_status_line_names_the_game_the_dialog_chose(qtbot: Any, game_id: str, summary: str) -> None:
    dialog = make(qtbot, MIXED)
    assert table_summary(dialog.result_settings()).startswith("Custom table · House-banked, 7 seats")
    choose(dialog.game, game_id)
    assert table_summary(dialog.result_settings()) == summary
