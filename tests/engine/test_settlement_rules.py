"""One test per rule statement of the documents and rules-notes.md, named after the rule it checks."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import TypedDict

import pytest

from tests.typed import two_cards
from trainer.engine import Banking, RoundError, SeatHand, TableRules, load_paytables, parse_cards, settle
from trainer.engine.settlement import Settlement, Step, void_round
from trainer.engine.wagers import Action, Outcome, Wager

D = Decimal
PD = Banking.PLAYER_DEALER


def seat(number: int, hole: str, ante: float = 10, play: float = 10, **side: float) -> SeatHand:
    return SeatHand(
        seat=number, hole=two_cards(hole), ante=D(str(ante)), blind=D(str(ante)), play=D(str(play)),
        **{name: D(str(value)) for name, value in side.items()},
    )


def settle_round(dealer: str, board: str, *seats: SeatHand, **table: object) -> Settlement:
    return settle(TableRules(**table), parse_cards(dealer), parse_cards(board), list(seats))  # type: ignore[arg-type]


def wager(result: Settlement, seat_number: int, name: Wager) -> tuple[Outcome, Decimal]:
    res = result.seat(seat_number).wagers[name]
    return res.outcome, res.net


def steps(result: Settlement, phase: str | None = None) -> list[tuple[int, str, str, Decimal]]:
    return [(s.seat, s.wager.value, s.action.value, s.amount) for s in result.procedure
            if phase is None or s.phase == phase]


def step_for(result: Settlement, seat_number: int, name: Wager) -> Step:
    return next(s for s in result.procedure if s.seat == seat_number and s.wager is name)


# -- qualification ---------------------------------------------------------------------------------------------

def test_dealer_qualifies_with_a_pair_or_better() -> None:
    result = settle_round("2h 2d", "Kc 9s 7h 5d 3c", seat(1, "Ah Qs"))
    assert result.dealer_qualifies
    assert result.dealer.category.label == "one pair"


def test_dealer_with_high_card_does_not_qualify() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Ah Qd"))
    assert not result.dealer_qualifies


def test_dealer_does_not_qualify_ante_pushes_for_every_seat_not_folded() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Ah Qd"), seat(2, "4c 5h", play=10))
    assert wager(result, 1, Wager.ANTE) == (Outcome.PUSH, D(0))
    assert wager(result, 2, Wager.ANTE) == (Outcome.PUSH, D(0))


def test_dealer_does_not_qualify_player_still_loses_play_and_blind() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Qc 4h", play=40))
    assert result.seat(1).result == "lose"
    assert wager(result, 1, Wager.ANTE) == (Outcome.PUSH, D(0))
    assert wager(result, 1, Wager.PLAY) == (Outcome.LOSE, D(-40))
    assert wager(result, 1, Wager.BLIND) == (Outcome.LOSE, D(-10))


def test_dealer_does_not_qualify_player_who_wins_is_paid_play_and_blind_by_its_rules() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Ah Qd", play=40))
    assert wager(result, 1, Wager.PLAY) == (Outcome.WIN, D(40))
    assert wager(result, 1, Wager.BLIND) == (Outcome.PUSH, D(0))


def test_house_table_refund_pass_comes_first_right_to_left_before_any_hand() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Ah Qd"), seat(3, "4c 5h"), seat(5, "6c 6h"))
    refunds = steps(result, "refund")
    assert refunds == [(5, "ante", "push", D(10)), (3, "ante", "push", D(10)), (1, "ante", "push", D(10))]
    assert [s.phase for s in result.procedure[:3]] == ["refund"] * 3
    assert all(s.wager is not Wager.ANTE for s in result.procedure[3:])


def test_refund_pass_skips_folded_hands() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Ah Qd"), seat(2, "4c 5h", play=0))
    assert steps(result, "refund") == [(1, "ante", "push", D(10))]


# -- Ante, Play, Blind ----------------------------------------------------------------------------------------

def test_player_wins_ante_and_play_pay_one_to_one() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh Kc", seat(1, "Ah Ad", play=40))
    assert wager(result, 1, Wager.ANTE) == (Outcome.WIN, D(10))
    assert wager(result, 1, Wager.PLAY) == (Outcome.WIN, D(40))


def test_player_wins_with_less_than_a_straight_blind_pushes() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh Kc", seat(1, "Ah Ad"))
    assert wager(result, 1, Wager.BLIND) == (Outcome.PUSH, D(0))


@pytest.mark.parametrize(
    ("hole", "board", "dealer", "net"),
    [
        ("Qh 8c", "9d Ts Jh 2c 3s", "Kd 4c", D(10)),            # straight 1 to 1
        ("Ah 4h", "9h Th 2h 5c 6s", "Kd Kc", D(15)),            # flush 3 to 2
        ("9c 9s", "9d Ts Th 2c 3s", "Kd Kc", D(30)),            # full house 3 to 1
        ("9c 9s", "9d 9h Th 2c 3s", "Kd Kc", D(100)),           # four of a kind 10 to 1
        ("9h 8h", "7h 6h 5h 2c 3s", "Kd Kc", D(500)),           # straight flush 50 to 1
        ("Ah Kh", "Qh Jh Th 2c 3s", "Kd Kc", D(5000)),          # royal flush 500 to 1
    ],
    ids=["straight", "flush", "full-house", "quads", "straight-flush", "royal"],
)
def test_blind_pays_by_the_blind_table_on_a_straight_or_better(
    hole: str, board: str, dealer: str, net: Decimal
) -> None:
    result = settle_round(dealer, board, seat(1, hole))
    assert wager(result, 1, Wager.BLIND) == (Outcome.WIN, D(net))


def test_player_loses_ante_play_and_blind_lose() -> None:
    result = settle_round("Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d", play=20))
    assert [wager(result, 1, w) for w in (Wager.ANTE, Wager.PLAY, Wager.BLIND)] == [
        (Outcome.LOSE, D(-10)), (Outcome.LOSE, D(-20)), (Outcome.LOSE, D(-10))]
    assert result.seat(1).result == "lose"


def test_tie_ante_play_and_blind_push() -> None:
    result = settle_round("2h 3d", "Ac Kd Qs Jh 9s", seat(1, "4c 5h", play=10))
    assert result.seat(1).result == "push"
    assert [wager(result, 1, w)[0] for w in (Wager.ANTE, Wager.PLAY, Wager.BLIND)] == [Outcome.PUSH] * 3


def test_suits_never_break_a_tie() -> None:
    tie = settle_round("2h 3d", "As Ks Qd Jd 9c", seat(1, "2c 3s"))
    assert tie.seat(1).result == "push"


def test_three_to_two_on_five_is_exactly_seven_fifty() -> None:
    result = settle_round("Kd Kc", "9h Th 2h 5c 6s", seat(1, "Ah 4h", ante=5, play=5))
    assert wager(result, 1, Wager.BLIND) == (Outcome.WIN, D("7.5"))
    assert step_for(result, 1, Wager.BLIND).amount == D("7.5")


def test_payouts_round_down_to_the_smallest_chip_when_the_table_asks() -> None:
    result = settle_round("Kd Kc", "9h Th 2h 5c 6s", seat(1, "Ah 4h", ante=5, play=5), round_payouts_to=D(1))
    assert wager(result, 1, Wager.BLIND) == (Outcome.WIN, D(7))


# -- folds and Trips ------------------------------------------------------------------------------------------

def test_fold_collects_ante_and_blind_at_once_before_any_settlement() -> None:
    result = settle_round("Ah Ad", "2c 9d Ts Jh 3s", seat(2, "7c 4d", play=0), seat(1, "Kh Qd", play=10))
    assert steps(result)[:2] == [(2, "ante", "take", D(10)), (2, "blind", "take", D(10))]
    assert result.seat(2).result == "fold"


def test_folds_are_collected_in_seat_order() -> None:
    result = settle_round("Ah Ad", "2c 9d Ts Jh 3s", seat(5, "7c 4d", play=0), seat(2, "8c 4h", play=0))
    assert [s.seat for s in result.procedure if s.phase == "fold"] == [2, 2, 5, 5]


def test_trips_on_a_fold_pays() -> None:
    result = settle_round("Ah Ad", "9c 9d Ts Jh 3s", seat(1, "9h 4d", play=0, trips=5))
    assert wager(result, 1, Wager.TRIPS) == (Outcome.WIN, D(15))
    assert step_for(result, 1, Wager.TRIPS).phase == "settle"


def test_trips_on_a_fold_below_three_of_a_kind_is_collected_with_the_hand() -> None:
    result = settle_round("Ah Ad", "9c 8d Ts Jh 3s", seat(1, "2h 4d", play=0, trips=5))
    trips = step_for(result, 1, Wager.TRIPS)
    assert (trips.phase, trips.action, trips.amount) == ("fold", Action.TAKE, D(5))


def test_trips_pays_whatever_happens_to_the_hand() -> None:
    result = settle_round("Ah Ad", "9c 9d As Jh 3s", seat(1, "9h 4d", play=10, trips=5))
    assert result.seat(1).result == "lose"
    assert wager(result, 1, Wager.TRIPS) == (Outcome.WIN, D(15))


@pytest.mark.parametrize(
    ("table_id", "full_house_net"), [("UTH-01", 45), ("UTH-02", 40), ("UTH-03", 40), ("UTH-04", 35)])
def test_trips_pays_by_the_tables_full_house_line(table_id: str, full_house_net: int) -> None:
    result = settle_round("2h 3d", "9c 9d Ts Th 4s", seat(1, "9h 7d", trips=5), trips_paytable=table_id)
    assert wager(result, 1, Wager.TRIPS) == (Outcome.WIN, D(full_house_net))


# -- Bad Beat -------------------------------------------------------------------------------------------------

def test_bad_beat_player_with_trips_or_better_loses_pays_on_the_players_hand() -> None:
    result = settle_round("Ts Td", "9c 9d Th Jh 3s", seat(1, "9h 4d", trips=5, bad_beat=5))
    assert result.seat(1).result == "lose"
    assert wager(result, 1, Wager.BAD_BEAT) == (Outcome.WIN, D(45))  # three of a kind beaten, 9 to 1


def test_bad_beat_player_beats_the_dealers_trips_or_better_pays_on_the_dealers_hand() -> None:
    result = settle_round("9h 4d", "9c 9d Th Jh 3s", seat(1, "Ts Td", trips=5, bad_beat=5))
    assert result.seat(1).result == "win"
    assert wager(result, 1, Wager.BAD_BEAT) == (Outcome.WIN, D(45))


def test_bad_beat_quads_beaten_pays_the_quads_line() -> None:
    result = settle_round("Qh Jh", "9c 9d 9h Th 8h", seat(1, "9s 2d", trips=5, bad_beat=5))
    assert result.dealer.category.label == "straight flush"
    assert wager(result, 1, Wager.BAD_BEAT) == (Outcome.WIN, D(2500))  # 500 to 1


def test_bad_beat_straight_flush_beaten_by_a_higher_one_pays_the_straight_flush_line() -> None:
    result = settle_round("Qh Jh", "9h Th 8h 2c 3d", seat(1, "7h 6h", trips=1, bad_beat=1))
    assert result.seat(1).hand.category.label == "straight flush"
    assert wager(result, 1, Wager.BAD_BEAT) == (Outcome.WIN, D(7500))


@pytest.mark.parametrize(("table_id", "net"), [("BBB-01", 10000), ("BBB-02", 7500), ("BBB-03", 2500), ("CA", 7500)])
def test_bad_beat_straight_flush_line_of_every_table(table_id: str, net: int) -> None:
    result = settle_round("Qh Jh", "9h Th 8h 2c 3d", seat(1, "7h 6h", trips=1, bad_beat=1), bad_beat_paytable=table_id)
    assert wager(result, 1, Wager.BAD_BEAT) == (Outcome.WIN, D(net))


def test_bad_beat_five_card_tie_loses() -> None:
    result = settle_round("2c 3d", "9h 9c 9s Kh Kd", seat(1, "4s 5d", trips=5, bad_beat=5))
    assert result.seat(1).result == "push"
    assert wager(result, 1, Wager.BAD_BEAT) == (Outcome.LOSE, D(-5))


def test_bad_beat_loses_when_the_beaten_hand_is_less_than_trips() -> None:
    result = settle_round("9h 9d", "9c 2d Th Jh 3s", seat(1, "Ts 4d", trips=5, bad_beat=5))
    assert wager(result, 1, Wager.BAD_BEAT) == (Outcome.LOSE, D(-5))


def test_bad_beat_on_a_fold_stays_in_action_with_trips_or_better() -> None:
    result = settle_round("Ts Td", "9c 9d Th Jh 3s", seat(1, "9h 4d", play=0, trips=5, bad_beat=5))
    bad_beat = step_for(result, 1, Wager.BAD_BEAT)
    assert (bad_beat.phase, bad_beat.outcome, bad_beat.amount) == ("settle", Outcome.WIN, D(45))


def test_bad_beat_on_a_fold_below_trips_is_collected_with_the_hand() -> None:
    result = settle_round("Ts Td", "9c 8d Th Jh 3s", seat(1, "2h 4d", play=0, trips=5, bad_beat=5))
    assert step_for(result, 1, Wager.BAD_BEAT).phase == "fold"


def test_bad_beat_on_fold_house_rule_lose_collects_it_with_the_hand() -> None:
    result = settle_round("Ts Td", "9c 9d Th Jh 3s", seat(1, "9h 4d", play=0, trips=5, bad_beat=5),
                          bad_beat_on_fold="lose")
    bad_beat = step_for(result, 1, Wager.BAD_BEAT)
    assert (bad_beat.phase, bad_beat.action) == ("fold", Action.TAKE)


def test_bad_beat_needs_a_trips_wager() -> None:
    with pytest.raises(RoundError, match="bad_beat"):
        settle_round("Ts Td", "9c 9d Th Jh 3s", seat(1, "9h 4d", bad_beat=5))


# -- Pairs ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("table_id", "hole", "net"),
    [
        ("1", "As Ac", 150), ("1", "Ks As", 125), ("1", "Qs As", 100), ("1", "Kd As", 75), ("1", "Kd Ks", 50),
        ("1", "Jd As", 25), ("1", "7d 7s", 15), ("1", "7d 8s", -5),
        ("2", "As Ac", 150), ("3", "As Ac", 150), ("3", "Js As", 100), ("3", "Jd As", 50), ("3", "Kd Ks", 25),
        ("3", "2d 2s", 25), ("4", "Ah Ad", 500), ("4", "As Ad", 150), ("4", "2d 2s", 20), ("5", "Ah Ad", 250),
        ("5", "As Ac", 125), ("6", "As Ac", 125), ("6", "Ad Kd", 100), ("6", "Ad Qc", 50), ("6", "Td 9d", -5),
    ],
)
def test_pairs_pays_every_line_of_every_table(table_id: str, hole: str, net: int) -> None:
    result = settle_round("2h 3c", "9c 8d Th Jh 4s", seat(1, hole, pairs=5), pairs_paytable=table_id)
    assert wager(result, 1, Wager.PAIRS)[1] == net


def test_pairs_table_2_aces_against_the_dealers_aces_pays_1000_to_1() -> None:
    result = settle_round("Ah Ad", "9c 8d Th Jh 4s", seat(1, "As Ac", pairs=5), pairs_paytable="2")
    assert wager(result, 1, Wager.PAIRS) == (Outcome.WIN, D(5000))


def test_pairs_red_aces_are_paid_once_not_also_as_a_pair_of_aces() -> None:
    result = settle_round("2h 3c", "9c 8d Th Jh 4s", seat(1, "Ah Ad", pairs=1), pairs_paytable="4")
    assert wager(result, 1, Wager.PAIRS) == (Outcome.WIN, D(100))


def test_pairs_stays_in_action_when_the_player_folds() -> None:
    result = settle_round("2h 3c", "9c 8d Th Jh 4s", seat(1, "7d 7s", play=0, pairs=5))
    pairs = step_for(result, 1, Wager.PAIRS)
    assert (pairs.phase, pairs.outcome, pairs.amount) == ("settle", Outcome.WIN, D(15))


# -- Progressive ----------------------------------------------------------------------------------------------


class Meter(TypedDict):
    progressive_meter: Decimal
    progressive_seed: Decimal


METER: Meter = {"progressive_meter": D(25000), "progressive_seed": D(10000)}


def test_progressive_royal_in_the_first_five_cards_pays_the_meter_and_resets_it() -> None:
    result = settle_round("2c 3c", "Qh Jh Th 4d 5s", seat(1, "Ah Kh", progressive=1), **METER)
    step = step_for(result, 1, Wager.PROGRESSIVE)
    assert (step.action, step.amount, step.net) == (Action.PAY, D(25000), D(24999))
    assert result.progressive_meter == 10000


def test_progressive_royal_that_needs_the_turn_or_river_pays_five_percent() -> None:
    result = settle_round("2c 3c", "Qh Jh 4d Th 5s", seat(1, "Ah Kh", progressive=1), **METER)
    assert step_for(result, 1, Wager.PROGRESSIVE).amount == 1250
    assert result.progressive_meter == 23750


def test_progressive_community_royal_pays_3000_for_1_from_the_tray() -> None:
    result = settle_round("2c 3c", "Ah Kh Qh Jh Th", seat(1, "4d 5s", progressive=1), **METER)
    step = step_for(result, 1, Wager.PROGRESSIVE)
    assert (step.amount, step.net) == (D(3000), D(2999))
    assert result.progressive_meter == 25000


@pytest.mark.parametrize(
    ("hole", "board", "paid"),
    [("9h 8h", "7h 6h 5h 2c 3s", 250), ("9c 9s", "9d 9h Th 2c 3s", 100), ("9c 9s", "9d Ts Th 2c 3s", 10),
     ("Ah 4h", "9h Th 2h 5c 6s", None)],
    ids=["straight-flush", "quads", "full-house", "flush-loses"],
)
def test_progressive_for_1_lines_include_the_wager(hole: str, board: str, paid: int | None) -> None:
    result = settle_round("Kd Kc", board, seat(1, hole, progressive=1), **METER)
    step = step_for(result, 1, Wager.PROGRESSIVE)
    if paid is None:
        assert (step.action, step.net) == (Action.TAKE, D(-1))
    else:
        assert (step.action, step.amount, step.net) == (Action.PAY, D(paid), D(paid - 1))


def test_two_meter_winners_the_player_farthest_on_the_dealers_right_is_paid_first(tmp_path: Path) -> None:
    # Two meter pays in one round need a table that pays more than one line from the meter: a room's own table.
    custom = tmp_path / "meter.toml"
    custom.write_text(
        '["02"]\nkind = "progressive"\nlines = [\n'
        '  { hand = "royal-first-5", odds = "100%" },\n  { hand = "straight flush", odds = "10%" },\n]\n',
        encoding="utf-8",
    )
    tables = load_paytables([custom])
    # Seat 6's royal uses the flop (100 %, the meter resets); seat 2's straight flush takes 10 % of the reset meter.
    result = settle(
        TableRules(progressive_paytable="02", paytables=tables, **METER), parse_cards("2c 3c"),
        parse_cards("Qh Jh Th 9h 2d"), [seat(2, "8h 7h", progressive=1), seat(6, "Ah Kh", progressive=1)])
    meter_steps = [s for s in result.procedure if s.wager is Wager.PROGRESSIVE]
    assert [(s.seat, s.amount) for s in meter_steps] == [(6, D(25000)), (2, D(1000))]
    assert result.progressive_meter == 9000


def test_progressive_stays_in_action_on_a_fold() -> None:
    result = settle_round("2c 3c", "Qh Jh Th 4d 5s", seat(1, "Ah Kh", play=0, progressive=1), **METER)
    assert step_for(result, 1, Wager.PROGRESSIVE).outcome is Outcome.WIN


def test_progressive_on_fold_house_rule_lose_means_it_went_at_coin_in() -> None:
    result = settle_round("2c 3c", "Qh Jh Th 4d 5s", seat(1, "Ah Kh", play=0, progressive=1),
                          progressive_on_fold="lose", **METER)
    step = step_for(result, 1, Wager.PROGRESSIVE)
    assert (step.phase, step.action) == ("coin-in", Action.TAKE)
    assert result.procedure[0] is step


def test_progressive_wager_needs_the_meter() -> None:
    with pytest.raises(RoundError, match="progressive_meter"):
        settle_round("2c 3c", "Qh Jh Th 4d 5s", seat(1, "Ah Kh", progressive=1))


# -- settlement order -----------------------------------------------------------------------------------------

def test_house_table_settles_right_to_left_ante_play_blind_then_side_bets() -> None:
    result = settle_round("Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh Qd", trips=5), seat(4, "Kc Qc", pairs=5),
                          seat(7, "8c 8h"))
    order = [(s.seat, s.wager.value) for s in result.procedure]
    assert order == [(7, "ante"), (7, "play"), (7, "blind"), (4, "ante"), (4, "play"), (4, "blind"), (4, "pairs"),
                     (1, "ante"), (1, "play"), (1, "blind"), (1, "trips")]


PD_TABLE = {"banking": PD, "player_dealer_seat": 3, "player_dealer_bank": D(1000), "trips_paytable": "UTH-02",
            "bad_beat_paytable": "CA"}


def test_player_dealer_table_settles_clockwise_from_the_player_dealers_left() -> None:
    result = settle_round("Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh Qd"), seat(2, "Kc Qc"), seat(5, "8c 8h"),
                          seat(6, "7c 7h"), **PD_TABLE)
    assert [s.seat for s in result.procedure if s.wager is Wager.ANTE] == [5, 6, 1, 2]


def test_player_dealer_does_not_qualify_one_pass_ante_returned_then_the_rest_seat_by_seat() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Qc 4h"), seat(5, "Ah Qd"), **PD_TABLE)
    assert [s.phase for s in result.procedure] == ["settle"] * len(result.procedure)
    assert [(s.seat, s.wager.value, s.action.value) for s in result.procedure] == [
        (5, "ante", "push"), (5, "play", "pay"), (5, "blind", "push"),
        (1, "ante", "push"), (1, "play", "take"), (1, "blind", "take")]


# -- player-dealer coverage and fee ---------------------------------------------------------------------------

def test_coverage_stops_at_an_exhausted_bank() -> None:
    table = dict(PD_TABLE, player_dealer_bank=D(50))
    result = settle_round("Kh Kd", "2c 9d Ts Jh 3s", seat(4, "Ac As", play=40), seat(5, "Qc Qs", play=40),
                          **table)
    assert [(s.seat, s.wager.value, s.action.value, s.amount) for s in result.procedure] == [
        (4, "ante", "pay", D(10)), (4, "play", "pay", D(40)), (4, "blind", "return", D(10)),
        (5, "play", "return", D(40)), (5, "ante", "return", D(10)), (5, "blind", "return", D(10))]
    assert result.player_dealer_net == -50


def test_coverage_pays_only_what_is_left_of_the_bank() -> None:
    table = dict(PD_TABLE, player_dealer_bank=D(30))
    result = settle_round("Kh Kd", "2c 9d Ts Jh 3s", seat(4, "Ac As", play=40), **table)
    assert wager(result, 4, Wager.PLAY) == (Outcome.WIN, D(20))
    assert result.player_dealer_net == -30


def test_player_dealer_may_not_win_more_than_the_bank() -> None:
    table = dict(PD_TABLE, player_dealer_bank=D(25))
    result = settle_round("Ac As", "2c 9d Ts Jh 3s", seat(4, "Kh 4d", play=40), **table)
    # a losing hand: Play, Ante, Blind (seed 001 §3a): the $40 Play alone reaches the $25 bank
    assert [(s.wager.value, s.action.value, s.amount) for s in result.procedure] == [
        ("play", "take", D(25)), ("ante", "return", D(10)), ("blind", "return", D(10))]
    assert result.player_dealer_net == 25


def test_fold_collections_count_toward_the_player_dealers_bank() -> None:
    table = dict(PD_TABLE, player_dealer_bank=D(15))
    result = settle_round("Ac As", "2c 9d Ts Jh 3s", seat(4, "7h 2d", play=0), seat(5, "Kh 4d"), **table)
    assert steps(result, "fold") == [(4, "ante", "take", D(10)), (4, "blind", "take", D(5))]
    assert all(s.action is Action.RETURN for s in result.procedure if s.seat == 5)
    assert result.player_dealer_net == 15


@pytest.mark.parametrize(
    ("schedule", "total", "fee"),
    [("bb-1", "49", 2), ("bb-1", "49.5", 2), ("bb-1", "50", 4), ("bb-1", "199", 8), ("bb-1", "200", 12),
     ("bb-20", "999", 5), ("bb-20", "1000", 15), ("uth-1", "50", 1), ("uth-1", "51", 2), ("uth-3", "1601", 30)],
)
def test_collection_fee_brackets_are_half_open_on_whole_dollars(schedule: str, total: str, fee: int) -> None:
    schedule_table = TableRules().paytables.collection(schedule)
    assert schedule_table.fee_for(D(total)) == fee


def test_collection_fee_counts_ante_blind_trips_and_bad_beat_but_never_play() -> None:
    table = dict(PD_TABLE, collection_schedule="bb-1")
    result = settle_round("Ac As", "2c 9d Ts Jh 3s", seat(4, "Kh Qd", ante=10, play=40, trips=15, bad_beat=15),
                          **table)
    assert result.collection_fee == 4  # 10 + 10 + 15 + 15 = 50: the $50-$99 bracket


def test_player_dealer_table_refuses_pairs_and_progressive() -> None:
    with pytest.raises(RoundError, match="pairs"):
        settle_round("Ac As", "2c 9d Ts Jh 3s", seat(4, "Kh Qd", pairs=5), **PD_TABLE)


def test_player_dealer_net_is_minus_the_players_nets() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Qc 4h"), seat(5, "Ah Qd", play=40, trips=5),
                          seat(6, "9c 9h", trips=5, bad_beat=5), **PD_TABLE)
    assert result.player_dealer_net == -sum(s.net for s in result.seats)


def test_player_dealer_seat_cannot_bet_against_its_own_bank() -> None:
    with pytest.raises(RoundError, match="player-dealer"):
        settle_round("Ac As", "2c 9d Ts Jh 3s", seat(3, "Kh Qd"), **PD_TABLE)


def test_player_dealer_table_needs_a_bank() -> None:
    table = dict(PD_TABLE)
    del table["player_dealer_bank"]
    with pytest.raises(RoundError, match="player_dealer_bank"):
        settle_round("Ac As", "2c 9d Ts Jh 3s", seat(4, "Kh Qd"), **table)


# -- wagers and cards -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("bad_seat", "field"),
    [
        (SeatHand(1, two_cards("Kh Qd"), D(10), D(5)), "blind"),
        (SeatHand(1, two_cards("Kh Qd"), D(10), D(10), D(25)), "play"),
        (SeatHand(1, two_cards("Kh Qd"), D(10), D(10), D(10), D(-1)), "trips"),
        (SeatHand(1, two_cards("Kh Qd"), D(0), D(0)), "ante"),
        (SeatHand(8, two_cards("Kh Qd"), D(10), D(10)), "seat"),
    ],
    ids=["ante-not-blind", "play-not-a-multiple", "negative", "no-ante", "no-eighth-house-seat"],
)
def test_invalid_wagers_are_refused_naming_the_field(bad_seat: SeatHand, field: str) -> None:
    with pytest.raises(RoundError) as error:
        settle_round("Ac As", "2c 9d Ts Jh 3s", bad_seat)
    assert error.value.field == f"seats[0].{field}"


def test_a_card_dealt_twice_is_refused() -> None:
    with pytest.raises(RoundError, match="duplicate card As"):
        settle_round("Ac As", "2c 9d Ts Jh 3s", seat(1, "As Qd"))


def test_table_limits_apply_to_every_wager() -> None:
    with pytest.raises(RoundError, match="above the table maximum"):
        settle_round("Ac As", "2c 9d Ts Jh 3s", seat(1, "Kh Qd", ante=50, play=200), max_wager=D(100))
    with pytest.raises(RoundError, match="below the table minimum"):
        settle_round("Ac As", "2c 9d Ts Jh 3s", seat(1, "Kh Qd", trips=1), min_wager=D(5))


def test_every_placed_wager_is_settled_exactly_once() -> None:
    result = settle_round("Kh 7d", "2c 9d Ts Jh 3s", seat(1, "Qc 4h", trips=5, bad_beat=5, pairs=5),
                          seat(2, "9h 9s", play=0, trips=5, pairs=5))
    keys = [(s.seat, s.wager) for s in result.procedure]
    assert sorted(keys) == sorted({(1, w) for w in Wager if w not in (Wager.PROGRESSIVE,)}
                                  | {(2, Wager.ANTE), (2, Wager.BLIND), (2, Wager.TRIPS), (2, Wager.PAIRS)})


def test_shuffler_malfunction_voids_every_hand_and_returns_every_wager() -> None:
    hands = [seat(2, "Kh 4d", trips=5), seat(5, "9c 9h", pairs=5, progressive=1)]
    returned = void_round(TableRules(), hands)
    assert [(s.seat, s.wager.value, s.action.value, s.amount) for s in returned] == [
        (5, "ante", "return", D(10)), (5, "play", "return", D(10)), (5, "blind", "return", D(10)),
        (5, "pairs", "return", D(5)), (5, "progressive", "return", D(1)), (2, "ante", "return", D(10)),
        (2, "play", "return", D(10)), (2, "blind", "return", D(10)), (2, "trips", "return", D(5))]
    assert all(s.net == 0 for s in returned)


def test_the_casino_may_choose_the_order_of_a_seats_wagers() -> None:
    order = ("trips", "pairs", "ante", "play", "blind", "bad_beat", "progressive")
    result = settle_round("Ah Ad", "2c 9d Ts Jh 3s", seat(2, "Kh 4d", trips=5, pairs=5), wager_order=order)
    assert [s.wager.value for s in result.procedure] == ["trips", "pairs", "ante", "play", "blind"]


def test_a_wager_order_must_name_every_wager_once() -> None:
    with pytest.raises(RoundError, match="wager_order"):
        settle_round("Ah Ad", "2c 9d Ts Jh 3s", seat(2, "Kh 4d"), wager_order=("ante", "play", "blind"))
