"""Whole rounds with simulated players, and a dealer running many rounds at one table."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from trainer.engine import Banking, BasicStrategy, Bets, Procedure, RoundDealer, TableRules, play_round
from trainer.engine.cards import parse_cards
from trainer.engine.dealing import shuffled_deck

PD_RULES = TableRules(banking=Banking.PLAYER_DEALER, trips_paytable="UTH-02", bad_beat_paytable="CA",
                      collection_schedule="bb-1")


def test_play_round_deals_decides_street_by_street_and_settles() -> None:
    deck = shuffled_deck(random.Random(11))
    bets = [Bets(1, Decimal(10), trips=Decimal(5)), Bets(4, Decimal(25))]
    played = play_round(TableRules(), Procedure.ACE, deck, bets, BasicStrategy())
    assert played.deal.board == deck[:5]  # ACE / iDeal: the community cards come out first
    streets = [decision.street for decision in played.decisions]
    assert streets == sorted(streets, key=["preflop", "flop", "river"].index)
    for hand in played.hands:
        made = [d for d in played.decisions if d.seat == hand.seat and d.multiple]
        assert len(made) <= 1
        assert hand.play == (hand.ante * made[0].multiple if made else 0)
    assert {step.seat for step in played.settlement.procedure} == {1, 4}


def test_a_player_who_raises_is_asked_no_more() -> None:
    deck = list(shuffled_deck(random.Random(3)))
    aces = parse_cards("As Ah")
    for card in aces:
        deck.remove(card)
    deck = [*aces, *deck]  # card shoe, one seat: the first card to seat 1, then the dealer; put aces 1st and 3rd
    deck[1], deck[2] = deck[2], deck[1]
    played = play_round(TableRules(), Procedure.CARD_SHOE, deck, [Bets(1, Decimal(10))], BasicStrategy())
    assert played.deal.hands[1] == (aces[0], aces[1])
    assert [(d.street, d.multiple) for d in played.decisions] == [("preflop", 4)]


def test_dealer_alternates_the_two_decks_round_by_round() -> None:
    dealer = RoundDealer(TableRules(), Procedure.SHUFFLER, 5, random.Random(2))
    colours = [dealer.next_round().deck_colour for _ in range(4)]
    assert colours == ["red", "blue", "red", "blue"]


def test_dealer_bets_stay_within_the_table_limits_and_leave_room_for_4x() -> None:
    dealer = RoundDealer(TableRules(), Procedure.ACE, 7, random.Random(5),
                           side_bets=("trips", "bad_beat", "pairs", "progressive"),
                           min_wager=Decimal(5), max_wager=Decimal(200))
    for _ in range(40):
        played = dealer.next_round()
        for hand in played.hands:
            for wager in hand.placed():
                assert Decimal(5) <= hand.stake(wager) <= Decimal(200)
            assert hand.ante * 4 <= Decimal(200)


def test_player_dealer_banks_at_most_two_rounds_then_the_button_moves_clockwise() -> None:
    dealer = RoundDealer(PD_RULES, Procedure.SHUFFLER, 6, random.Random(9))
    bankers = [dealer.next_round().settlement.player_dealer_seat for _ in range(7)]
    assert bankers == [1, 1, 2, 2, 3, 3, 4]


def test_player_dealer_table_pays_the_fee_and_never_seats_the_banker() -> None:
    dealer = RoundDealer(PD_RULES, Procedure.CARD_SHOE, 8, random.Random(4), side_bets=("trips", "bad_beat"))
    for _ in range(20):
        played = dealer.next_round()
        banker = played.settlement.player_dealer_seat
        assert banker not in {hand.seat for hand in played.hands}
        assert played.collection_fee is not None and played.collection_fee > 0
        assert all(hand.pairs == 0 and hand.progressive == 0 for hand in played.hands)


def test_the_meter_carries_over_from_round_to_round() -> None:
    dealer = RoundDealer(TableRules(progressive_meter=Decimal(20000)), Procedure.ACE, 7, random.Random(1),
                           side_bets=("progressive",))
    before = dealer.meter
    dealer.next_round()
    assert dealer.meter > before


def test_unknown_side_bet_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown side bet 'insurance'"):
        RoundDealer(TableRules(), Procedure.ACE, 7, random.Random(1), side_bets=("insurance",))
