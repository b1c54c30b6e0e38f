"""Invariants of money and order over random rounds (hypothesis)."""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import Banking, Procedure, SeatHand, TableRules, deal, settle, shuffled_deck
from trainer.engine.settlement import Settlement
from trainer.engine.wagers import Action

AMOUNTS = st.sampled_from([Decimal(v) for v in ("1", "2.5", "5", "7", "10", "15", "25", "35", "100")])


@st.composite
def rounds(draw: st.DrawFn, banking: Banking) -> tuple[TableRules, Settlement, list[SeatHand]]:
    rng = random.Random(draw(st.integers(0, 2**32)))
    positions = 8 if banking is Banking.PLAYER_DEALER else 7
    banker = draw(st.integers(1, positions)) if banking is Banking.PLAYER_DEALER else None
    candidates = [seat for seat in range(1, positions + 1) if seat != banker]
    seats = sorted(draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=len(candidates), unique=True)))
    dealt = deal(Procedure.SHUFFLER, shuffled_deck(rng), seats)
    hands = []
    for number in seats:
        ante = draw(AMOUNTS)
        trips = draw(st.sampled_from([Decimal(0), draw(AMOUNTS)]))
        house = banking is Banking.HOUSE
        hands.append(SeatHand(
            seat=number, hole=dealt.hands[number], ante=ante, blind=ante,
            play=ante * draw(st.sampled_from([0, 1, 2, 3, 4])), trips=trips,
            bad_beat=draw(st.sampled_from([Decimal(0), draw(AMOUNTS)])) if trips else Decimal(0),
            pairs=draw(st.sampled_from([Decimal(0), draw(AMOUNTS)])) if house else Decimal(0),
            progressive=draw(st.sampled_from([Decimal(0), Decimal(1)])) if house else Decimal(0),
        ))
    table = TableRules(
        banking=banking, progressive_meter=Decimal(draw(st.integers(10000, 90000))),
        player_dealer_seat=banker,
        player_dealer_bank=Decimal(draw(st.sampled_from([10, 50, 200, 1000, 100000]))) if banker else None,
        collection_schedule="bb-3" if banker else None,
        bad_beat_on_fold=draw(st.sampled_from(["action", "lose"])),
    )
    return table, settle(table, dealt.dealer, dealt.board, hands), hands


BOTH = st.sampled_from([Banking.HOUSE, Banking.PLAYER_DEALER]).flatmap(rounds)


@settings(max_examples=300, deadline=None)
@given(BOTH)
def test_every_placed_wager_is_settled_exactly_once(case: tuple[TableRules, Settlement, list[SeatHand]]) -> None:
    _, result, hands = case
    placed = sorted((hand.seat, wager) for hand in hands for wager in hand.placed())
    settled = sorted((step.seat, step.wager) for step in result.procedure)
    assert settled == placed


@settings(max_examples=300, deadline=None)
@given(BOTH)
def test_a_seats_net_is_the_sum_of_its_wagers(case: tuple[TableRules, Settlement, list[SeatHand]]) -> None:
    _, result, _ = case
    for seat in result.seats:
        assert seat.net == sum(res.net for res in seat.wagers.values())
        assert seat.net == sum(step.net for step in result.procedure if step.seat == seat.seat)


@settings(max_examples=300, deadline=None)
@given(rounds(Banking.PLAYER_DEALER))
def test_player_dealer_nets_sum_to_zero_and_stay_within_the_bank(
    case: tuple[TableRules, Settlement, list[SeatHand]],
) -> None:
    table, result, _ = case
    assert result.player_dealer_net is not None and table.player_dealer_bank is not None
    assert result.player_dealer_net + sum(seat.net for seat in result.seats) == 0
    assert -table.player_dealer_bank <= result.player_dealer_net <= table.player_dealer_bank
    running = Decimal(0)
    for step in result.procedure:
        running -= step.net if step.action is not Action.PAY else step.amount
        assert -table.player_dealer_bank <= running <= table.player_dealer_bank


@settings(max_examples=300, deadline=None)
@given(BOTH)
def test_seat_order_follows_the_tables_direction(case: tuple[TableRules, Settlement, list[SeatHand]]) -> None:
    table, result, _ = case
    for phase in ("coin-in", "fold", "refund", "settle"):
        seats_in_phase: list[int] = []
        for step in result.procedure:
            if step.phase == phase and (not seats_in_phase or seats_in_phase[-1] != step.seat):
                seats_in_phase.append(step.seat)
        assert len(seats_in_phase) == len(set(seats_in_phase)), "a seat is visited once per pass"
        expected = (sorted(seats_in_phase) if phase in ("coin-in", "fold")
                    else table.settlement_order(seats_in_phase))
        assert seats_in_phase == expected
    phases = [step.phase for step in result.procedure]
    assert phases == sorted(phases, key=["coin-in", "fold", "refund", "settle"].index)
    if table.banking is Banking.PLAYER_DEALER:
        assert "refund" not in phases


@settings(max_examples=200, deadline=None)
@given(BOTH)
def test_amounts_are_never_negative_and_pushes_move_the_stake(
    case: tuple[TableRules, Settlement, list[SeatHand]],
) -> None:
    _, result, hands = case
    stakes = {(hand.seat, wager): hand.stake(wager) for hand in hands for wager in hand.placed()}
    for step in result.procedure:
        assert step.amount >= 0
        if step.action in (Action.PUSH, Action.RETURN):
            assert step.amount == stakes[(step.seat, step.wager)] and step.net == 0
        if step.action is Action.TAKE:
            assert 0 < step.amount <= stakes[(step.seat, step.wager)]
