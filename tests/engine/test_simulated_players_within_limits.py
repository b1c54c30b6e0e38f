"""The simulated players bet within any limits the settings accept (rules-notes §3: the table minimum and maximum
apply to every wager; Play is up to 4x the Ante; the Progressive is a fixed amount), so a round never fails on
them."""

from __future__ import annotations

import random
from decimal import Decimal

from trainer.settings import DEFAULTS, new_session, problems


def test_a_washington_table_whose_maximum_is_its_minimum_deals_every_round_within_it() -> None:
    settings = DEFAULTS.replace(banking="house", seats=7, min_wager=99_999, max_wager=99_999, offer_trips=True,
                                offer_bad_beat=True, offer_pairs=True, offer_progressive=True)
    assert problems(settings.as_dict()) == {}  # the settings accept it
    dealer = new_session(settings, random.Random(4))
    plays = set()
    for _ in range(150):  # raised RoundError ("play ... is above the table maximum") before
        played = dealer.next_round()
        for seat in played.hands:
            wagers = (seat.ante, seat.blind, seat.play, seat.trips, seat.bad_beat, seat.pairs, seat.progressive)
            assert all(value == 0 or 99_999 <= value <= 99_999 for value in wagers), seat
            plays.add(seat.play)
    assert plays == {Decimal(0), Decimal(99_999)}  # only a 1x Play fits: the river's


def test_the_simulated_players_progressive_is_the_tables_fixed_amount_not_its_minimum() -> None:
    settings = DEFAULTS.replace(banking="house", seats=7, min_wager=5, max_wager=20_000, offer_progressive=True)
    dealer = new_session(settings, random.Random(9))
    stakes = {seat.progressive for _ in range(60) for seat in dealer.next_round().hands if seat.progressive}
    assert stakes == {Decimal(5)}
    high = DEFAULTS.replace(banking="house", seats=7, min_wager=20_000, max_wager=100_000, offer_progressive=True)
    dealer = new_session(high, random.Random(9))
    assert not any(seat.progressive for _ in range(60) for seat in dealer.next_round().hands)  # none fits: none bet
