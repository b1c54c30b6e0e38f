"""The settings record and its file: defaults, checks, round trips, and never failing to load."""

from __future__ import annotations

import doctest
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

import trainer.settings as settings_module
import trainer.settings.fields as settings_fields
import trainer.settings.record as settings_record
import trainer.settings.table as settings_table
from trainer.engine.games import game_named, game_of_settings
from trainer.engine.round import PlayedRound
from trainer.settings import (
    DEFAULTS,
    PLAYER_DEALER_POSITIONS,
    SPEED_STEPS,
    Settings,
    SettingsError,
    SettingsStore,
    default_procedure,
    default_settings_path,
    from_json,
    problems,
    step_speed,
)


@pytest.fixture
def store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(tmp_path / "config" / "settings.json")


@pytest.mark.parametrize("module", [settings_module, settings_fields, settings_record, settings_table])
def test_doctests_hold(module: Any) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


# --- defaults ---------------------------------------------------------------------------------------------


def test_defaults_are_a_house_banked_six_seat_table_with_trips_and_bad_beat() -> None:
    s = Settings()
    assert (s.banking, s.seats, s.procedure) == ("house", 6, "ace")
    assert (s.trips_paytable, s.bad_beat_paytable, s.pairs_paytable, s.progressive_paytable) == (
        "UTH-01", "BBB-02", 1, "01")
    assert s.offered_side_bets == ("trips", "bad_beat")
    assert (s.min_wager, s.max_wager, s.player_dealer_bank, s.collection_schedule) == (5, 500, 1000, "bb-1")
    assert (s.animation_speed, s.volume, s.muted, s.four_colour) == (1.0, 0.7, False, False)
    assert s.deck_backs == ("red", "blue")
    assert s.careless_players is False
    assert s.window_geometry is None


def test_house_table_deals_with_ace_shuffler_player_dealer_table_with_two_at_a_time_shuffler() -> None:
    assert default_procedure("house") == "ace"
    assert default_procedure("player-dealer") == "shuffler"


def test_default_path_is_in_the_user_config_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_settings_path() == tmp_path / "uth-dealer-trainer" / "settings.json"
    assert SettingsStore().path == default_settings_path()


# --- checks -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"banking": "casino"}, "banking"),
        ({"seats": 0}, "seats"),
        ({"seats": 8}, "seats"),  # 8 is a player-dealer size only
        ({"banking": "player-dealer", "seats": 7, "procedure": "shuffler"}, "seats"),
        ({"procedure": "by hand"}, "procedure"),
        ({"trips_paytable": "UTH-05"}, "trips_paytable"),
        ({"bad_beat_paytable": "BBB-04"}, "bad_beat_paytable"),
        ({"pairs_paytable": 7}, "pairs_paytable"),
        ({"pairs_paytable": True}, "pairs_paytable"),
        ({"progressive_paytable": "99"}, "progressive_paytable"),
        ({"min_wager": 0}, "min_wager"),
        ({"min_wager": 5.5}, "min_wager"),
        ({"min_wager": 100, "max_wager": 50}, "max_wager"),
        ({"collection_schedule": "schedule one"}, "collection_schedule"),
        ({"animation_speed": 0.1}, "animation_speed"),
        ({"animation_speed": 5.0}, "animation_speed"),
        ({"animation_speed": float("nan")}, "animation_speed"),
        ({"volume": 1.5}, "volume"),
        ({"muted": "no"}, "muted"),
        ({"deck_backs": ("red", "red")}, "deck_backs"),
        ({"deck_backs": ("red", "tartan")}, "deck_backs"),
        ({"deck_backs": ("red",)}, "deck_backs"),
        ({"window_geometry": "not base64!"}, "window_geometry"),
    ],
)
def test_a_bad_value_is_refused_naming_its_key(changes: dict[str, object], key: str) -> None:
    with pytest.raises(SettingsError) as caught:
        DEFAULTS.replace(**changes)
    assert caught.value.key == key
    assert str(caught.value).startswith(f"{key}: ")


def test_player_dealer_table_has_six_or_eight_positions() -> None:
    for positions in PLAYER_DEALER_POSITIONS:
        assert DEFAULTS.replace(banking="player-dealer", seats=positions).seats == positions


def test_player_dealer_table_does_not_offer_pairs_or_progressive() -> None:
    with pytest.raises(SettingsError, match="offer_pairs"):
        DEFAULTS.replace(banking="player-dealer", offer_pairs=True)
    with pytest.raises(SettingsError, match="offer_progressive"):
        DEFAULTS.replace(banking="player-dealer", offer_progressive=True)
    assert DEFAULTS.replace(offer_pairs=True, offer_progressive=True).offered_side_bets == (
        "trips", "bad_beat", "pairs", "progressive")


def test_bad_beat_is_offered_only_with_trips() -> None:
    with pytest.raises(SettingsError, match="offer_bad_beat"):
        DEFAULTS.replace(offer_trips=False)
    assert DEFAULTS.replace(offer_trips=False, offer_bad_beat=False).offered_side_bets == ()


def test_player_dealer_bank_covers_at_least_the_table_minimum() -> None:
    with pytest.raises(SettingsError, match="player_dealer_bank"):
        DEFAULTS.replace(banking="player-dealer", min_wager=100, player_dealer_bank=50)


def test_problems_lists_every_field_with_a_bad_value() -> None:
    values = {**DEFAULTS.as_dict(), "seats": "six", "volume": 2, "min_wager": -1}
    assert set(problems(values)) == {"seats", "volume", "min_wager"}
    assert problems(DEFAULTS.as_dict()) == {}


def test_speed_steps_run_from_a_quarter_to_four_times() -> None:
    assert SPEED_STEPS[0] == 0.25 and SPEED_STEPS[-1] == 4.0
    speed, seen = 0.25, [0.25]
    while speed < 4.0:
        speed = step_speed(speed, +1)
        seen.append(speed)
    assert tuple(seen) == SPEED_STEPS
    assert step_speed(0.25, -1) == 0.25


# --- the file ---------------------------------------------------------------------------------------------


def test_no_file_yet_gives_the_defaults_and_no_message(store: SettingsStore) -> None:
    assert store.load() == (DEFAULTS, None)


def test_settings_survive_a_restart(store: SettingsStore) -> None:
    chosen = DEFAULTS.replace(
        banking="player-dealer", seats=8, procedure="card-shoe", trips_paytable="UTH-04",
        collection_schedule="bb-12", animation_speed=2.0, volume=0.25, muted=True, four_colour=True,
        deck_backs=("green", "black"), window_geometry="AdnQywADAAA=",
    )
    store.save(chosen)
    loaded, message = SettingsStore(store.path).load()
    assert message is None
    assert loaded == chosen
    assert loaded.window_geometry == "AdnQywADAAA="


def test_the_file_is_plain_json_with_a_version(store: SettingsStore) -> None:
    store.save(DEFAULTS)
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert data["deck_backs"] == ["red", "blue"]
    assert data["seats"] == 6


def test_save_replaces_atomically_and_leaves_no_temporary_file(store: SettingsStore) -> None:
    store.save(DEFAULTS)
    store.save(DEFAULTS.replace(seats=3))
    assert [p.name for p in store.path.parent.iterdir()] == ["settings.json"]
    assert store.load()[0].seats == 3


def test_a_failed_save_keeps_the_previous_file(store: SettingsStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store.save(DEFAULTS.replace(seats=2))

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        store.save(DEFAULTS.replace(seats=4))
    monkeypatch.undo()
    assert store.load()[0].seats == 2
    assert [p.name for p in store.path.parent.iterdir()] == ["settings.json"]


@pytest.mark.parametrize("content", ["{not json", "[1, 2, 3]", '"settings"', "", "\x00\x01"])
def test_corrupt_file_gives_defaults_one_message_and_is_kept_aside(
    store: SettingsStore, content: str
) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text(content, encoding="utf-8")
    loaded, message = store.load()
    assert loaded == DEFAULTS
    assert message is not None and "\n" not in message
    assert "defaults" in message
    kept = [p for p in store.path.parent.iterdir() if p.name.startswith("settings.json.bad-")]
    assert len(kept) == 1
    assert kept[0].read_text(encoding="utf-8") == content
    assert kept[0].name in message
    assert not store.path.exists()
    assert store.load() == (DEFAULTS, None)  # reported once: the next start is clean


def test_two_corrupt_files_in_the_same_second_are_both_kept(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    for content in ("{one", "{two"):
        store.path.write_text(content, encoding="utf-8")
        store.load()
    kept = sorted(p.read_text() for p in store.path.parent.iterdir() if ".bad-" in p.name)
    assert kept == ["{one", "{two"]


def test_undecodable_bytes_count_as_corrupt(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(b"\xff\xfe{\x00")
    loaded, message = store.load()
    assert loaded == DEFAULTS and message and "is not UTF-8 text (byte 0xff at position 0)" in message


def test_unreadable_file_gives_defaults_and_a_message(store: SettingsStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store.save(DEFAULTS.replace(seats=2))
    real_open = os.open

    def refuse(path: Any, *args: Any, **kwargs: Any) -> int:
        if Path(path) == store.path:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)  # a permission bit would not stop root, who runs CI
    loaded, message = store.load()
    assert loaded == DEFAULTS
    assert message and "could not be read" in message


def test_a_directory_where_the_file_should_be_is_reported_not_raised(store: SettingsStore) -> None:
    store.path.mkdir(parents=True)
    loaded, message = store.load()
    assert loaded == DEFAULTS and message and "could not be read" in message


def test_unknown_keys_are_ignored_with_a_note(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text(json.dumps({"version": 1, "seats": 4, "felt": "green"}), encoding="utf-8")
    loaded, message = store.load()
    assert loaded == DEFAULTS.replace(seats=4)
    assert message and "'felt'" in message and "\n" not in message
    assert store.path.exists()  # usable: not moved aside


def test_a_bad_value_falls_back_to_that_keys_default_naming_the_key(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    data = {"version": 1, "seats": 4, "volume": "loud", "trips_paytable": "UTH-03"}
    store.path.write_text(json.dumps(data), encoding="utf-8")
    loaded, message = store.load()
    assert loaded == DEFAULTS.replace(seats=4, trips_paytable="UTH-03")
    assert message and "'volume' reset to 0.7" in message


def test_values_that_clash_are_settled_one_key_at_a_time(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    data = {"banking": "player-dealer", "seats": 7, "offer_pairs": True, "min_wager": 900, "max_wager": 100}
    store.path.write_text(json.dumps(data), encoding="utf-8")
    loaded, message = store.load()
    assert (loaded.banking, loaded.seats, loaded.offer_pairs) == ("player-dealer", 6, False)
    assert loaded.min_wager == 900
    assert loaded.max_wager >= loaded.min_wager
    assert loaded.player_dealer_bank >= loaded.min_wager
    assert message and "'seats'" in message and "'offer_pairs'" in message and "'max_wager'" in message


def test_json_numbers_are_read_as_the_fields_types() -> None:
    loaded, notes = from_json({"animation_speed": 2, "volume": 1, "deck_backs": ["blue", "red"]})
    assert notes == []
    assert loaded.animation_speed == 2.0 and isinstance(loaded.animation_speed, float)
    assert loaded.deck_backs == ("blue", "red")


# --- invariants -------------------------------------------------------------------------------------------

_any_json = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


@hypothesis_settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from([*DEFAULTS.as_dict(), "version", "extra"]), _any_json, max_size=8))
def test_any_json_object_loads_to_valid_settings(data: dict[str, object]) -> None:
    loaded, notes = from_json(data)
    assert isinstance(loaded, Settings)
    assert problems(loaded.as_dict()) == {}
    used = {k for k, v in data.items() if k in DEFAULTS.as_dict()}
    for key in used:
        if not any(f"'{key}'" in note for note in notes):
            assert loaded.as_dict()[key] == settings_record._coerce(key, data[key])


@st.composite
def _valid_settings(draw: st.DrawFn) -> Settings:
    banking = draw(st.sampled_from(settings_module.BANKINGS))
    player_dealer = banking == "player-dealer"
    seats = draw(st.sampled_from(PLAYER_DEALER_POSITIONS if player_dealer else tuple(range(1, 8))))
    low = draw(st.integers(1, 1000))
    trips = draw(st.booleans())
    backs = draw(st.permutations(settings_module.DECK_BACK_COLOURS))
    return Settings(
        banking=banking, seats=seats, procedure=draw(st.sampled_from(settings_module.PROCEDURES)),
        trips_paytable=draw(st.sampled_from(settings_module.paytable_choices("trips"))),
        bad_beat_paytable=draw(st.sampled_from(settings_module.paytable_choices("bad_beat"))),
        pairs_paytable=int(draw(st.sampled_from(settings_module.paytable_choices("pairs")))),
        collection_schedule=draw(st.sampled_from(settings_module.collection_choices())),
        offer_trips=trips, offer_bad_beat=trips and draw(st.booleans()),
        offer_pairs=not player_dealer and draw(st.booleans()),
        min_wager=low, max_wager=draw(st.integers(low, 100_000)),
        player_dealer_bank=draw(st.integers(low, 1_000_000)),
        animation_speed=draw(st.floats(0.25, 4.0)), volume=draw(st.floats(0.0, 1.0)),
        deck_backs=(backs[0], backs[1]),
        bad_beat_on_fold=draw(st.sampled_from(settings_module.ON_FOLD_CHOICES)),
        progressive_on_fold=draw(st.sampled_from(settings_module.ON_FOLD_CHOICES)),
        round_payouts_to=draw(st.sampled_from(tuple(settings_module.PAYOUT_ROUNDINGS))),
        quiz_mode=draw(st.sampled_from(settings_module.QUIZ_MODES)),
    )


@hypothesis_settings(max_examples=100, deadline=None)
@given(_valid_settings())
def test_every_valid_settings_round_trips_through_json(s: Settings) -> None:
    loaded, notes = from_json(json.loads(json.dumps(s.to_json())))
    assert notes == []
    assert loaded == s


def test_pay_table_and_schedule_choices_come_from_the_engines_data() -> None:
    assert settings_module.paytable_choices("trips") == ("UTH-01", "UTH-02", "UTH-03", "UTH-04")
    assert "CA" in settings_module.paytable_choices("bad_beat")
    assert settings_module.paytable_choices("pairs") == ("1", "2", "3", "4", "5", "6")
    assert {"uth-1", "bb-1", "bb-24"} <= set(settings_module.collection_choices())
    assert DEFAULTS.replace(bad_beat_paytable="CA", collection_schedule="uth-3").bad_beat_paytable == "CA"
    assert settings_module.paytable_title("trips", "UTH-02") == "Trips UTH-02"
    with pytest.raises(SettingsError, match="collection_schedule"):
        DEFAULTS.replace(collection_schedule="bb-25")


# --- the engine's table from the settings -----------------------------------------------------------------


def test_table_rules_carry_the_banking_pay_tables_and_limits() -> None:
    from decimal import Decimal

    rules = settings_module.table_rules(DEFAULTS.replace(trips_paytable="UTH-03", pairs_paytable=5,
                                                         min_wager=10, max_wager=1000))
    assert rules.is_house
    assert (rules.trips_paytable, rules.bad_beat_paytable, rules.pairs_paytable) == ("UTH-03", "BBB-02", "5")
    assert (rules.min_wager, rules.max_wager) == (Decimal(10), Decimal(1000))
    assert rules.collection_schedule is None and rules.player_dealer_bank is None
    player_dealer = settings_module.table_rules(
        DEFAULTS.replace(banking="player-dealer", collection_schedule="uth-1")
    )
    assert (player_dealer.collection_schedule, player_dealer.player_dealer_bank) == ("uth-1", Decimal(1000))
    assert player_dealer.inscription.startswith("Player-Dealer")


def test_a_session_from_the_settings_deals_rounds_by_them() -> None:
    import random

    chosen = DEFAULTS.replace(banking="player-dealer", seats=8, procedure="card-shoe",
                              deck_backs=("green", "black"))
    session = settings_module.new_session(chosen, random.Random(4))
    first, second = session.next_round(), session.next_round()
    assert first.procedure == "card-shoe"
    assert (first.deck_colour, second.deck_colour) == ("green", "black")
    assert first.table.player_dealer_seat is not None
    assert all(bets.pairs == 0 and bets.progressive == 0 for bets in first.bets)
    assert {bets.seat for bets in first.bets} <= set(range(1, 9)) - {first.table.player_dealer_seat}


def test_only_table_fields_need_a_new_session() -> None:
    assert not settings_module.table_changed(DEFAULTS, DEFAULTS.replace(volume=0.1, animation_speed=2.0,
                                                                       muted=True, four_colour=True))
    assert settings_module.table_changed(DEFAULTS, DEFAULTS.replace(seats=3))
    assert settings_module.table_changed(DEFAULTS, DEFAULTS.replace(deck_backs=("blue", "red")))


# --- house rules and the remembered quiz mode ----------------------------------------------------------------


def test_house_rules_default_to_bets_in_action_and_exact_payouts_and_the_quiz_off() -> None:
    assert (DEFAULTS.bad_beat_on_fold, DEFAULTS.progressive_on_fold) == ("action", "action")
    assert DEFAULTS.round_payouts_to == "exact"
    assert DEFAULTS.quiz_mode == "off"


def test_house_rules_and_quiz_mode_survive_a_restart(store: SettingsStore) -> None:
    chosen = DEFAULTS.replace(bad_beat_on_fold="lose", progressive_on_fold="lose", round_payouts_to="0.50",
                              quiz_mode="exam")
    store.save(chosen)
    loaded, message = SettingsStore(store.path).load()
    assert message is None
    assert loaded == chosen
    assert (loaded.bad_beat_on_fold, loaded.progressive_on_fold, loaded.round_payouts_to, loaded.quiz_mode) == (
        "lose", "lose", "0.50", "exam")


def test_an_old_file_without_house_rules_or_quiz_mode_loads_them_at_their_defaults(store: SettingsStore) -> None:
    old = {k: v for k, v in DEFAULTS.replace(seats=3).to_json().items()
           if k not in ("bad_beat_on_fold", "progressive_on_fold", "round_payouts_to", "quiz_mode")}
    store.path.parent.mkdir(parents=True)
    store.path.write_text(json.dumps(old), encoding="utf-8")
    loaded, message = store.load()
    assert message is None
    assert loaded.seats == 3
    assert (loaded.bad_beat_on_fold, loaded.progressive_on_fold, loaded.round_payouts_to, loaded.quiz_mode) == (
        "action", "action", "exact", "off")


@pytest.mark.parametrize("key, bad", [
    ("bad_beat_on_fold", "keep"), ("progressive_on_fold", True), ("round_payouts_to", "0.25"),
    ("round_payouts_to", 2), ("quiz_mode", "nap"), ("quiz_mode", None),
])
def test_a_bad_house_rule_or_quiz_mode_falls_back_to_its_default_naming_the_key(
    store: SettingsStore, key: str, bad: object
) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text(json.dumps({"version": 1, key: bad, "seats": 4}), encoding="utf-8")
    loaded, message = store.load()
    assert getattr(loaded, key) == getattr(DEFAULTS, key)
    assert loaded.seats == 4
    assert message is not None and f"'{key}' reset to" in message
    with pytest.raises(SettingsError, match=key):
        DEFAULTS.replace(**{key: bad})


def test_payout_rounding_written_as_a_number_is_read_as_its_choice() -> None:
    assert from_json({"round_payouts_to": 0.5})[0].round_payouts_to == "0.50"
    assert from_json({"round_payouts_to": 1})[0].round_payouts_to == "1"
    assert from_json({"round_payouts_to": None})[0].round_payouts_to == "exact"


def test_table_rules_carry_the_house_rules() -> None:
    from decimal import Decimal

    rules = settings_module.table_rules(DEFAULTS)
    assert (rules.bad_beat_on_fold, rules.progressive_on_fold, rules.round_payouts_to) == ("action", "action", None)
    house = settings_module.table_rules(DEFAULTS.replace(bad_beat_on_fold="lose", progressive_on_fold="lose",
                                                         round_payouts_to="0.50"))
    assert (house.bad_beat_on_fold, house.progressive_on_fold) == ("lose", "lose")
    assert house.round_payouts_to == Decimal("0.5")
    assert settings_module.table_rules(DEFAULTS.replace(round_payouts_to="1")).round_payouts_to == Decimal(1)


def test_house_rules_need_a_new_session_and_the_quiz_mode_does_not() -> None:
    assert settings_module.table_changed(DEFAULTS, DEFAULTS.replace(bad_beat_on_fold="lose"))
    assert settings_module.table_changed(DEFAULTS, DEFAULTS.replace(progressive_on_fold="lose"))
    assert settings_module.table_changed(DEFAULTS, DEFAULTS.replace(round_payouts_to="1"))
    assert not settings_module.table_changed(DEFAULTS, DEFAULTS.replace(quiz_mode="speed"))


def test_bad_beat_on_fold_lose_collects_a_folded_trips_hands_bad_beat_at_the_fold() -> None:
    import random

    from trainer.engine.evaluator import Category
    from trainer.engine.wagers import Action, Wager

    table = DEFAULTS.replace(seats=7, careless_players=True)
    seed = next(s for s in range(2000) if _folded_bad_beat_in_action(settings_module.new_session(
        table, random.Random(s)).next_round()))
    in_action = settings_module.new_session(table, random.Random(seed)).next_round()
    lost = settings_module.new_session(table.replace(bad_beat_on_fold="lose"), random.Random(seed)).next_round()
    assert lost.deal == in_action.deal
    seat = _folded_bad_beat_in_action(in_action)
    assert seat is not None
    assert lost.settlement.seat(seat).hand.category >= Category.THREE_OF_A_KIND
    steps = [step for step in lost.settlement.procedure if step.seat == seat and step.wager is Wager.BAD_BEAT]
    assert [(step.phase, step.action) for step in steps] == [("fold", Action.TAKE)]
    assert steps[0].amount == next(h.bad_beat for h in lost.hands if h.seat == seat) > 0


def _folded_bad_beat_in_action(played: PlayedRound) -> int | None:
    """The first folded seat whose Bad Beat is settled after the fold (a trips-or-better hand), if any."""
    from trainer.engine.wagers import Wager

    for step in played.settlement.procedure:
        if step.wager is Wager.BAD_BEAT and step.seat in played.folded and step.phase == "settle":
            return step.seat
    return None


# --- a file holding anything at all: the app starts with the defaults, and nothing the user had is lost ---------


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ('{"version": 1, "animation_speed": 1' + "0" * 400 + "}", "'animation_speed' reset to 1.0"),
        ('{"version": 1, "seats": ' + "9" * 5000 + "}", "'seats' reset to 6"),
        ('{"version": 1, "volume": 1e999999}', "'volume' reset to 0.7"),
        ('{"version": 1, "volume": NaN}', "'volume' reset to 0.7: NaN is not a number"),
        ('{"version": 1, "muted": "\u202eyes"}', "'\\u202eyes' is not true or false"),
    ],
)
def test_a_number_or_text_no_setting_can_hold_falls_back_to_its_default(
    store: SettingsStore, content: str, said: str
) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text(content, encoding="utf-8")
    loaded, message = store.load()
    assert loaded == DEFAULTS and message and said in message
    assert len(message) < 400


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[" * 100_000, "nested deeper than"),
        ('{"version": 1, "seats": 3, "seats": 4}', 'the key "seats" is given twice'),
        ("\ufeff" + "{" * 40, "nested deeper than"),
        ("x" * (settings_module.MAX_FILE_BYTES + 1), "bigger than"),
    ],
)
def test_a_file_that_cannot_be_settings_is_set_aside_and_the_defaults_used(
    store: SettingsStore, content: str, said: str
) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text(content, encoding="utf-8")
    loaded, message = store.load()
    assert loaded == DEFAULTS and message and said in message and "defaults are used" in message
    assert not store.path.exists()
    assert [p.read_text(encoding="utf-8") for p in store.path.parent.glob("settings.json.bad-*")] == [content]
    store.save(DEFAULTS.replace(seats=3))  # every start after works
    assert store.load() == (DEFAULTS.replace(seats=3), None)


def test_a_fifo_in_place_of_the_file_does_not_hang_the_start(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    os.mkfifo(store.path)
    loaded, message = store.load()  # a blocking open would wait here for a writer forever
    assert loaded == DEFAULTS and message and "not a regular file" in message


def test_a_read_only_file_is_reported_and_not_replaced(store: SettingsStore) -> None:
    store.save(DEFAULTS.replace(seats=3))
    before = store.path.read_bytes()
    store.path.chmod(0o444)
    loaded, message = store.load()
    assert loaded.seats == 3 and message and "read-only" in message
    assert store.save(DEFAULTS.replace(seats=5)) is False
    assert store.path.read_bytes() == before
    fresh = SettingsStore(store.path)  # a file made read-only after it was read is refused when saved
    with pytest.raises(PermissionError, match="read-only"):
        fresh.save(DEFAULTS.replace(seats=5))
    assert store.path.read_bytes() == before


def test_a_file_from_a_newer_version_is_read_and_kept_as_it_is(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    text = json.dumps({"version": 99, "seats": 4, "hologram": True})
    store.path.write_text(text, encoding="utf-8")
    loaded, message = store.load()
    assert loaded.seats == 4 and message and "newer version (settings version 99)" in message
    assert store.save(DEFAULTS) is False
    assert store.path.read_text(encoding="utf-8") == text


def test_the_animation_speed_limits_are_defined_once() -> None:
    assert (settings_module.MIN_SPEED, settings_module.MAX_SPEED) == (0.25, 4.0)  # README: 0.25x to 4x
    assert Settings(animation_speed=4.0).animation_speed == 4.0
    with pytest.raises(SettingsError):
        Settings(animation_speed=4.5)


# --- the games of the documents (rules-notes §1b) ----------------------------------------------------------


def test_the_default_settings_are_the_washington_game() -> None:
    wa = game_named("wa")
    assert game_of_settings(DEFAULTS.as_dict()) is wa
    assert settings_module.settings_game(DEFAULTS) is wa
    # house-banked, 6 seats, ACE / iDeal, Trips UTH-01 and Bad Beat BBB-02 offered, $5–$500: the first of each
    # of Washington's choices (seeds 002 and 004)
    expected = {"banking": "house", "seats": 6, "procedure": "ace", "offer_trips": True, "trips_paytable": "UTH-01",
                "offer_bad_beat": True, "bad_beat_paytable": "BBB-02", "offer_pairs": False, "pairs_paytable": 1,
                "offer_progressive": False, "progressive_paytable": "01", "min_wager": 5, "max_wager": 500}
    assert wa.settings() == expected
    assert {key: getattr(DEFAULTS, key) for key in expected} == expected


@pytest.mark.parametrize(("game_id", "trips", "bad_beat", "seats", "fee"), [
    ("ca", "UTH-02", False, 8, "uth-1"),
    ("ca-bad-beat", "UTH-04", True, 6, "bb-1"),
])
def test_a_player_dealer_games_defaults_are_settings_of_that_game(
        game_id: str, trips: str, bad_beat: bool, seats: int, fee: str) -> None:
    game = game_named(game_id)
    s = DEFAULTS.replace(**game.settings())
    assert (s.banking, s.seats, s.procedure, s.trips_paytable, s.offer_bad_beat, s.collection_schedule) == (
        "player-dealer", seats, "shuffler", trips, bad_beat, fee)
    assert settings_module.settings_game(s) is game


def test_a_room_table_outside_the_three_games_is_the_custom_table() -> None:
    mixed = DEFAULTS.replace(banking="player-dealer", procedure="shuffler", trips_paytable="UTH-02",
                             bad_beat_paytable="CA", collection_schedule="uth-1", max_wager=300, seats=8)
    assert settings_module.settings_game(mixed) is None  # seed 003's game offers no Bad Beat
    assert settings_module.game_title(None) == "Custom table"
    assert settings_module.game_title(game_named("wa")) == "Washington UTH"


@pytest.mark.parametrize("game_id", ["wa", "ca", "ca-bad-beat"])
def test_each_games_settings_are_saved_with_the_same_strings_and_load_as_that_game(
        store: SettingsStore, game_id: str) -> None:
    game = game_named(game_id)
    s = DEFAULTS.replace(**game.settings())
    store.save(s)
    saved = json.loads(store.path.read_text(encoding="utf-8"))
    assert set(saved) == {"version", *settings_module.FIELD_NAMES}  # no new key: the game is read off the fields
    for key, value in game.settings().items():
        assert saved[key] == value, key
    loaded, problem = SettingsStore(store.path).load()
    assert problem is None and loaded == s
    assert settings_module.settings_game(loaded) is game
