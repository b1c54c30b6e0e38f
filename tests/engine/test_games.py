"""The three games of the documents (rules-notes §1b) and the corrections that come with them: ``settle``'s
``game`` key and defaults, the order inside a player-dealer seat, coin-in, and the settings API."""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal
from typing import Any

import pytest

from tests.typed import two_cards
from trainer.engine import Banking, SeatHand, TableRules, parse_cards, settle
from trainer.engine.games import game_named, game_of_settings, games
from trainer.engine.validation import RoundError
from trainer.engine.wagers import Action, Wager
from trainer.resources import engine_data_dir
from trainer.settle_io import loads, settle_request

D = Decimal
BOARD = ["2c", "9d", "Ts", "Jh", "3s"]


def request(table: dict[str, Any], *seats: dict[str, Any], dealer: tuple[str, str] = ("Kh", "Kd")) -> dict[str, Any]:
    return {"table": table, "dealer": list(dealer), "board": BOARD, "seats": list(seats)}


def hand(seat: int, hole: str = "9c 9h", ante: int = 25, play: int = 25, **side: int) -> dict[str, Any]:
    return {"seat": seat, "hole": hole.split(), "ante": ante, "blind": ante, "play": play, **side}


def settled(data: dict[str, Any]) -> dict[str, Any]:
    return settle_request(loads(json.dumps(data)))


# -- the games as data ------------------------------------------------------------------------------------------


def test_the_three_games_are_washington_california_and_the_bad_beat_bonus() -> None:
    wa, ca, bb = games()
    assert (wa.id, ca.id, bb.id) == ("wa", "ca", "ca-bad-beat")
    assert (wa.banking, ca.banking, bb.banking) == (Banking.HOUSE, Banking.PLAYER_DEALER, Banking.PLAYER_DEALER)
    assert (wa.positions, ca.positions, bb.positions) == (7, 8, 6)
    assert wa.trips_paytables == ("UTH-01", "UTH-02", "UTH-03", "UTH-04")
    assert (ca.trips_paytables, bb.trips_paytables) == (("UTH-02",), ("UTH-04",))
    assert sorted(wa.bad_beat_paytables) == ["BBB-01", "BBB-02", "BBB-03"] and bb.bad_beat_paytables == ("CA",)
    assert wa.side_bets == ("trips", "bad_beat", "pairs", "progressive")
    assert ca.side_bets == ("trips",) and bb.side_bets == ("trips", "bad_beat")
    assert ca.fee_schedules == ("uth-1", "uth-2", "uth-3")
    assert bb.fee_schedules == tuple(f"bb-{n}" for n in range(1, 25)) and wa.fee_schedules == ()


def test_california_has_no_bad_beat() -> None:
    assert "bad_beat" not in game_named("ca").side_bets


def test_seed_003_limit_per_spot_is_5_to_300_25_to_1000_100_to_2000() -> None:
    ca = game_named("ca")
    assert [ca.wager_limits(f"uth-{n}") for n in (1, 2, 3)] == [(D(5), D(300)), (D(25), D(1000)), (D(100), D(2000))]
    schedules = tomllib.loads((engine_data_dir() / "collection.toml").read_text(encoding="utf-8"))
    for option in ca.fee_options:
        assert option.limit_per_spot is not None
        low, high = option.limit_per_spot
        assert schedules[option.schedule]["limit_per_spot"].replace(" ", "") == f"${low}-${high}"


def test_seed_001_table_minimum_is_1_to_1000_and_maximum_100_to_10000() -> None:
    bb = game_named("ca-bad-beat")
    assert (bb.min_wager_range, bb.max_wager_range) == ((D(1), D(1000)), (D(100), D(10000)))


# -- settle's game key --------------------------------------------------------------------------------------------


def test_settle_echoes_the_game() -> None:
    table = {"game": "ca", "player_dealer_seat": 8, "player_dealer_bank": 1000}
    assert settled(request(table, hand(2)))["game"] == "ca"
    assert settled(request({}, hand(2)))["game"] is None


def test_game_ca_defaults_to_its_banking_and_uth_02() -> None:
    out = settled(request({"game": "ca", "player_dealer_seat": 8, "player_dealer_bank": 1000},
                          hand(2, trips=25)))
    assert out["player_dealer"] == {"seat": 8, "net": -125}  # Ante 25 + Play 25 + Trips UTH-02 3 to 1 on 25 (75)


@pytest.mark.parametrize(("table", "seat", "field"), [
    ({"game": "ca"}, hand(2, trips=25, bad_beat=25), "seats[0].bad_beat"),
    ({"game": "ca", "bad_beat_paytable": "CA"}, hand(2), "table.bad_beat_paytable"),
    ({"game": "ca", "trips_paytable": "UTH-04"}, hand(2), "table.trips_paytable"),
    ({"game": "ca", "collection_schedule": "bb-1"}, hand(2), "table.collection_schedule"),
    ({"game": "ca-bad-beat"}, hand(7), "seats[0].seat"),
    ({"game": "ca-bad-beat", "collection_schedule": "uth-1"}, hand(2), "table.collection_schedule"),
    ({"game": "wa", "banking": "house", "bad_beat_paytable": "CA"}, hand(2), "table.bad_beat_paytable"),
])
def test_settle_with_a_game_refuses_what_the_game_does_not_have_naming_game_and_field(
    table: dict[str, Any], seat: dict[str, Any], field: str
) -> None:
    base = {} if table.get("game") == "wa" else {"player_dealer_seat": 1, "player_dealer_bank": 1000}
    with pytest.raises(RoundError) as caught:
        settled(request({**base, **table}, seat))
    assert caught.value.field == field
    assert f"game '{table['game']}'" in str(caught.value)


@pytest.mark.parametrize(("schedule", "ante", "ok"), [
    ("uth-1", 5, True), ("uth-1", 4, False), ("uth-1", 75, True), ("uth-2", 20, False), ("uth-2", 250, True),
    ("uth-3", 50, False), ("uth-3", 500, True),
])
def test_settle_with_game_ca_refuses_a_wager_outside_the_options_limit_per_spot(
    schedule: str, ante: int, ok: bool
) -> None:
    data = request({"game": "ca", "player_dealer_seat": 8, "player_dealer_bank": 10000,
                    "collection_schedule": schedule}, hand(2, ante=ante, play=ante * 4))
    if ok:
        assert settled(data)["game"] == "ca"
    else:
        with pytest.raises(RoundError, match=r"seats\[0\]\.ante: .*limit per spot.*game 'ca'"):
            settled(data)


def test_without_a_game_nothing_accepted_before_is_refused() -> None:
    table = {"banking": "player-dealer", "player_dealer_seat": 8, "player_dealer_bank": 1000,
             "trips_paytable": "UTH-01", "bad_beat_paytable": "BBB-03", "collection_schedule": "uth-1"}
    out = settled(request(table, hand(2, ante=1, play=1, trips=1, bad_beat=1)))
    assert out["game"] is None and out["collection_fee"] == 1


def test_a_player_dealer_tables_defaults_are_ca_bad_beat_uth_04_and_bad_beat_ca() -> None:
    table = {"banking": "player-dealer", "player_dealer_seat": 1, "player_dealer_bank": 5000}
    # Seat 2's three nines: Trips UTH-04 pays 3 to 1, and the player-dealer's kings are not beaten trips.
    out = settled(request(table, hand(2, ante=10, play=10, trips=10), dealer=("Kh", "Kd")))
    assert out["seats"][0]["wagers"]["trips"]["net"] == 30
    # A full house of the player beaten by quads: the CA Bad Beat table pays the full house 50 to 1.
    full = request(table, hand(2, hole="9c 9h", ante=10, play=10, trips=10, bad_beat=2), dealer=("Ts", "Tc"))
    full["board"] = ["Th", "Td", "9d", "2s", "3c"]
    assert settled(full)["seats"][0]["wagers"]["bad_beat"]["net"] == 100


def test_every_procedure_item_has_a_phase() -> None:
    data = request({"progressive_meter": 20000}, hand(1, hole="Ac Ad", progressive=5),
                   hand(3, hole="5d 4h", play=0, progressive=5), dealer=("9h", "8c"))
    procedure = settled(data)["procedure"]
    assert all(set(item) == {"seat", "wager", "action", "amount", "phase"} for item in procedure)
    assert {item["phase"] for item in procedure} == {"coin-in", "fold", "settle"}


# -- the order inside a player-dealer seat --------------------------------------------------------------------

PD = TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=1, player_dealer_bank=D(1000))


def seat_hand(number: int, hole: str, ante: int = 10, play: int = 20, **side: int) -> SeatHand:
    return SeatHand(number, two_cards(hole), D(ante), D(ante), D(play), **{k: D(v) for k, v in side.items()})


def test_player_dealer_losing_hand_collects_play_ante_blind_in_that_order() -> None:
    result = settle(PD, parse_cards("Kh Kd"), parse_cards(" ".join(BOARD)), [seat_hand(2, "5c 4h", trips=5)])
    assert [(s.wager, s.action) for s in result.procedure] == [
        (Wager.PLAY, Action.TAKE), (Wager.ANTE, Action.TAKE), (Wager.BLIND, Action.TAKE), (Wager.TRIPS, Action.TAKE)]


def test_player_dealer_winning_hand_pays_ante_then_play_then_blind() -> None:
    result = settle(PD, parse_cards("Kh Kd"), parse_cards(" ".join(BOARD)), [seat_hand(2, "Ac As")])
    assert [s.wager for s in result.procedure] == [Wager.ANTE, Wager.PLAY, Wager.BLIND]


def test_player_dealer_coverage_follows_play_ante_blind() -> None:
    table = TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=1, player_dealer_bank=D(25))
    result = settle(table, parse_cards("Kh Kd"), parse_cards(" ".join(BOARD)), [seat_hand(2, "5c 4h")])
    # Play $20 is collected whole, then $5 of the Ante reaches the $25 bank; the Blind goes back.
    assert [(s.wager, s.action, s.amount) for s in result.procedure] == [
        (Wager.PLAY, Action.TAKE, D(20)), (Wager.ANTE, Action.TAKE, D(5)), (Wager.BLIND, Action.RETURN, D(10))]


# -- coin-in ------------------------------------------------------------------------------------------------------

HOUSE = TableRules(progressive_meter=D(20000))


def test_a_losing_progressive_is_listed_at_coin_in_before_every_other_step() -> None:
    result = settle(HOUSE, parse_cards("9h 8c"), parse_cards("4c 4h 9s Kd 2s"),
                    [seat_hand(5, "Ac Ad", progressive=5), seat_hand(3, "5d 7h", play=0, progressive=5)])
    coin_in = [s for s in result.procedure if s.phase == "coin-in"]
    assert [(s.seat, s.wager, s.action) for s in coin_in] == [(3, Wager.PROGRESSIVE, Action.TAKE),
                                                               (5, Wager.PROGRESSIVE, Action.TAKE)]
    assert list(result.procedure[:2]) == coin_in
    assert not any(s.wager is Wager.PROGRESSIVE and s.phase != "coin-in" for s in result.procedure)


def test_a_winning_progressive_is_paid_in_its_seats_turn() -> None:
    result = settle(HOUSE, parse_cards("9h 8c"), parse_cards("4c 4h 9s Kd 2s"),
                    [seat_hand(5, "4d Kh", progressive=5), seat_hand(3, "Ac Ad", progressive=5)])
    order = [(s.seat, s.wager) for s in result.procedure if s.phase == "settle"]
    assert order.index((5, Wager.PROGRESSIVE)) < order.index((3, Wager.ANTE))
    paid = next(s for s in result.procedure if s.seat == 5 and s.wager is Wager.PROGRESSIVE)
    assert (paid.action, paid.amount) == (Action.PAY, D(50))  # fours full of kings, 10 for 1


# -- the settings API ---------------------------------------------------------------------------------------------


def test_each_games_defaults_are_valid_table_settings_of_that_game() -> None:
    from trainer.settings import Settings

    for game in games():
        values = Settings().replace(**game.settings()).as_dict()
        assert game.settings_problems(values) == {}, game.id
        assert game_of_settings(values) is game


def test_the_default_settings_are_the_washington_game() -> None:
    from trainer.settings import DEFAULTS

    assert game_of_settings(DEFAULTS.as_dict()) is game_named("wa")


def test_a_mixed_california_table_is_a_rooms_custom_table() -> None:
    mixed = {**game_named("ca").settings(), "offer_bad_beat": True, "bad_beat_paytable": "CA"}
    assert game_of_settings(mixed) is None
    assert "offer_bad_beat" in game_named("ca").settings_problems(mixed)
    wrong_fee = {**game_named("ca-bad-beat").settings(), "collection_schedule": "uth-2"}
    assert "game 'ca-bad-beat'" in game_named("ca-bad-beat").settings_problems(wrong_fee)["collection_schedule"]
