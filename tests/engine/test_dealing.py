"""Dealing procedures (rules notes §6), the card count (§7) and the two alternating decks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.engine.cards import FULL_DECK, Card, CardError, parse_cards
from trainer.engine.dealing import (
    COMMUNITY_CARDS,
    DECK_SIZE,
    CardCount,
    DealingError,
    DeckPair,
    HandsVoided,
    Procedure,
    Target,
    cards_unloaded,
    check_seats,
    deal,
    deal_order,
    missing_and_extra,
    shuffled_deck,
    shuffler_malfunction,
    verify_full_deck,
)

SEAT_SETS = [(1,), (1, 2, 3, 4, 5, 6, 7), (1, 4, 7), (1, 2, 3, 4, 5, 6, 7, 8), (3, 6)]


def seat(number: int, slot: int) -> Target:
    return Target("seat", number, slot)


def dealer(slot: int) -> Target:
    return Target("dealer", None, slot)


def board(slot: int) -> Target:
    return Target("board", None, slot)


def rack(n_seats: int) -> list[Target]:
    return [Target("rack", None, i) for i in range(cards_unloaded(n_seats))]


BOARD = [board(0), board(1), board(2), board(3), board(4)]


# -- the documented orders, written out by hand --------------------------------------------------------------


def test_card_shoe_deals_one_card_to_each_seat_then_the_dealer_twice_then_the_board() -> None:
    expected = [
        seat(1, 0), seat(4, 0), seat(7, 0), dealer(0),
        seat(1, 1), seat(4, 1), seat(7, 1), dealer(1),
        *BOARD, *rack(3),
    ]  # fmt: skip
    assert list(deal_order(Procedure.CARD_SHOE, [1, 4, 7])) == expected


def test_card_shoe_with_one_seat_alternates_player_and_dealer() -> None:
    expected = [seat(5, 0), dealer(0), seat(5, 1), dealer(1), *BOARD, *rack(1)]
    assert list(deal_order(Procedure.CARD_SHOE, [5])) == expected


def test_card_shoe_with_eight_positions_goes_seat_1_to_seat_8_each_round() -> None:
    first = [seat(n, 0) for n in range(1, 9)]
    second = [seat(n, 1) for n in range(1, 9)]
    expected = [*first, dealer(0), *second, dealer(1), *BOARD, *rack(8)]
    assert list(deal_order(Procedure.CARD_SHOE, range(1, 9))) == expected
    assert cards_unloaded(8) == 29


def test_shuffler_deals_two_cards_at_a_time_to_each_seat_then_two_to_the_dealer_then_the_board() -> None:
    expected = [
        seat(1, 0), seat(1, 1), seat(4, 0), seat(4, 1), seat(7, 0), seat(7, 1),
        dealer(0), dealer(1), *BOARD, *rack(3),
    ]  # fmt: skip
    assert list(deal_order(Procedure.SHUFFLER, [1, 4, 7])) == expected


def test_ace_dispenses_the_five_community_cards_first_then_two_to_each_player_and_the_dealer() -> None:
    expected = [
        *BOARD,
        seat(1, 0), seat(1, 1), seat(4, 0), seat(4, 1), seat(7, 0), seat(7, 1),
        dealer(0), dealer(1), *rack(3),
    ]  # fmt: skip
    assert list(deal_order(Procedure.ACE, [1, 4, 7])) == expected


def test_deck_mate_deals_two_to_each_player_and_the_dealer_then_flop_turn_river_without_burn_cards() -> None:
    expected = [seat(2, 0), seat(2, 1), dealer(0), dealer(1), *BOARD, *rack(1)]
    assert list(deal_order(Procedure.DECK_MATE, [2])) == expected


def test_card_shoe_deal_of_an_unshuffled_deck_gives_the_expected_cards() -> None:
    d = deal(Procedure.CARD_SHOE, FULL_DECK, [1, 4, 7])
    assert d.hands == {1: parse_cards("2c 3c"), 4: parse_cards("2d 3d"), 7: parse_cards("2h 3h")}
    assert d.dealer == parse_cards("2s 3s")
    assert d.board == parse_cards("4c 4d 4h 4s 5c")
    assert d.flop == parse_cards("4c 4d 4h") and d.turn == Card("4s") and d.river == Card("5c")
    assert d.rack == FULL_DECK[13:]


def test_ace_deal_of_an_unshuffled_deck_gives_the_board_the_top_five_cards() -> None:
    d = deal(Procedure.ACE, FULL_DECK, [1, 4, 7])
    assert d.board == parse_cards("2c 2d 2h 2s 3c")
    assert d.hands == {1: parse_cards("3d 3h"), 4: parse_cards("3s 4c"), 7: parse_cards("4d 4h")}
    assert d.dealer == parse_cards("4s 5c")


# -- every procedure, every seat set ------------------------------------------------------------------------


@pytest.mark.parametrize("procedure", list(Procedure))
@pytest.mark.parametrize("seats", SEAT_SETS)
def test_every_card_of_the_deck_has_exactly_one_target(procedure: Procedure, seats: tuple[int, ...]) -> None:
    order = deal_order(procedure, seats)
    assert len(order) == DECK_SIZE == len(set(order))
    assert sorted(t.slot for t in order if t.kind == "board") == list(range(COMMUNITY_CARDS))
    assert sorted(t.slot for t in order if t.kind == "dealer") == [0, 1]
    for number in seats:
        assert [t.slot for t in order if t.seat == number] == [0, 1]
    assert [t.slot for t in order if t.kind == "rack"] == list(range(cards_unloaded(len(seats))))


@pytest.mark.parametrize("procedure", list(Procedure))
@pytest.mark.parametrize("seats", SEAT_SETS)
def test_the_unloaded_rest_goes_to_the_rack_after_the_deal(
    procedure: Procedure, seats: tuple[int, ...]
) -> None:
    order = deal_order(procedure, seats)
    dealt = 2 * len(seats) + 2 + COMMUNITY_CARDS
    assert all(t.kind != "rack" for t in order[:dealt])
    assert all(t.kind == "rack" for t in order[dealt:])


@pytest.mark.parametrize("procedure", list(Procedure))
@pytest.mark.parametrize("seats", SEAT_SETS)
def test_seats_receive_cards_left_to_right(procedure: Procedure, seats: tuple[int, ...]) -> None:
    order = deal_order(procedure, seats)
    for slot in (0, 1):
        assert [t.seat for t in order if t.kind == "seat" and t.slot == slot] == sorted(seats)


@pytest.mark.parametrize("procedure", list(Procedure))
def test_the_dealer_gets_each_card_after_the_players_in_that_round(procedure: Procedure) -> None:
    order = deal_order(procedure, [2, 3, 6])
    for slot in (0, 1):
        dealer_at = order.index(dealer(slot))
        assert all(order.index(seat(n, slot)) < dealer_at for n in (2, 3, 6))


@pytest.mark.parametrize("procedure", list(Procedure))
def test_seats_given_in_any_order_are_dealt_in_ascending_order(procedure: Procedure) -> None:
    assert deal_order(procedure, [7, 1, 4]) == deal_order(procedure, (1, 4, 7))
    assert deal(procedure, FULL_DECK, iter([7, 1, 4])).seats == (1, 4, 7)


@pytest.mark.parametrize("procedure", list(Procedure))
@pytest.mark.parametrize("seats", SEAT_SETS)
def test_hands_board_and_rack_match_the_sequence(procedure: Procedure, seats: tuple[int, ...]) -> None:
    deck = shuffled_deck(random.Random(f"{procedure} {seats}"))
    d = deal(procedure, deck, seats)
    assert tuple(card for _, card in d.sequence) == deck
    for target, card in d.sequence:
        if target.kind == "seat":
            assert target.seat is not None and d.hands[target.seat][target.slot] == card
        elif target.kind == "dealer":
            assert d.dealer[target.slot] == card
        elif target.kind == "board":
            assert d.board[target.slot] == card
        else:
            assert d.rack[target.slot] == card
    assert set(d.hands) == set(seats)


@given(
    deck=st.permutations(FULL_DECK),
    seats=st.sets(st.integers(1, 8), min_size=1, max_size=8),
    procedure=st.sampled_from(list(Procedure)),
)
def test_a_deal_uses_the_whole_deck_once(deck: list[Card], seats: set[int], procedure: Procedure) -> None:
    d = deal(procedure, deck, seats)
    held = [card for hand in d.hands.values() for card in hand]
    everything = [*held, *d.dealer, *d.board, *d.rack]
    assert sorted(everything) == sorted(FULL_DECK)
    assert len(d.rack) == d.card_count.unloaded == cards_unloaded(len(seats))


def test_procedures_have_a_label_and_a_description_quoting_the_documents() -> None:
    assert [p.label for p in Procedure] == [
        "Card shoe",
        "Shuffler, two at a time",
        "ACE / iDeal",
        "Deck Mate",
    ]
    assert Procedure("deck-mate") is Procedure.DECK_MATE
    for procedure in Procedure:
        assert '"' in procedure.description and "seed" in procedure.description


def test_targets_print_as_a_dealer_would_say_them() -> None:
    names = [str(t) for t in deal_order(Procedure.SHUFFLER, [3])]
    assert names[:9] == [
        "seat 3 card 1", "seat 3 card 2", "dealer card 1", "dealer card 2",
        "flop card 1", "flop card 2", "flop card 3", "turn", "river",
    ]  # fmt: skip
    assert names[-1] == "rack card 43"


# -- bad input ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([], "1 to 8 seats"),
        (range(1, 10), "1 to 8 seats"),
        ([1, 3, 3], "seat 3 is listed twice"),
        ([0, 2], "seat 0 is not a seat number"),
        ([-1], "seat -1 is not a seat number"),
        ([9], "seat 9 is not a seat number"),
        ([True], "seat True is not a seat number"),
        (["2"], "seat '2' is not a seat number"),
    ],
)
def test_bad_seats_are_refused(seats: list[int], message: str) -> None:
    with pytest.raises(DealingError, match=message):
        deal_order(Procedure.CARD_SHOE, seats)
    with pytest.raises(DealingError, match=message):
        deal(Procedure.CARD_SHOE, FULL_DECK, seats)


def test_a_short_deck_is_refused() -> None:
    with pytest.raises(CardError, match="a deck has 52 cards, this one has 51"):
        deal(Procedure.SHUFFLER, FULL_DECK[:51], [1])


def test_a_deck_with_a_duplicate_card_is_refused() -> None:
    with pytest.raises(CardError, match="duplicate card 2c"):
        deal(Procedure.SHUFFLER, (*FULL_DECK[:51], FULL_DECK[0]), [1])


def test_a_deck_of_plain_numbers_is_refused() -> None:
    with pytest.raises(CardError, match="is not a card"):
        deal(Procedure.SHUFFLER, list(range(52)), [1])  # type: ignore[arg-type]


def test_an_unknown_procedure_is_refused() -> None:
    with pytest.raises(ValueError, match="'burn-and-turn' is not a valid Procedure"):
        deal_order("burn-and-turn", [1])  # type: ignore[arg-type]


def test_a_seat_target_needs_a_seat_number() -> None:
    with pytest.raises(DealingError):
        Target("seat", None, 0)
    with pytest.raises(DealingError):
        Target("dealer", 3, 0)


def test_check_seats_sorts_the_seats() -> None:
    assert check_seats({6, 2}) == (2, 6)


# -- card count ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n_seats", range(1, 9))
def test_rack_holds_two_per_seat_two_for_the_dealer_five_community_and_the_unloaded_rest(
    n_seats: int,
) -> None:
    count = CardCount.for_seats(n_seats)
    assert count.seats == 2 * n_seats and count.dealer == 2 and count.community == 5
    assert count.unloaded == cards_unloaded(n_seats) == 52 - 2 * n_seats - 2 - 5
    assert count.total == 52


def test_card_count_reads_as_the_sum_a_dealer_checks() -> None:
    assert str(CardCount.for_seats(7)) == "2 × 7 seats + 2 dealer + 5 community + 31 unloaded = 52"


@pytest.mark.parametrize("n_seats", [0, 9])
def test_cards_unloaded_needs_one_to_eight_seats(n_seats: int) -> None:
    with pytest.raises(DealingError):
        cards_unloaded(n_seats)


def test_a_full_rack_passes_the_count() -> None:
    verify_full_deck(shuffled_deck(random.Random(3)))


def test_a_missing_card_is_named() -> None:
    deck = [card for card in FULL_DECK if card != Card("Jd")]
    assert missing_and_extra(deck) == ((Card("Jd"),), ())
    with pytest.raises(CardError, match="holds 51 cards, not 52: missing Jd"):
        verify_full_deck(deck)


def test_an_extra_card_is_named() -> None:
    deck = [*FULL_DECK, Card("7s")]
    with pytest.raises(CardError, match="holds 53 cards, not 52: extra 7s"):
        verify_full_deck(deck)


def test_a_swapped_card_is_named_missing_and_extra() -> None:
    deck = [Card("Ah") if card == Card("2c") else card for card in FULL_DECK]
    with pytest.raises(CardError, match="holds 52 cards, not 52: missing 2c; extra Ah"):
        verify_full_deck(deck, where="the spread")


# -- two alternating decks ----------------------------------------------------------------------------------


def play_rounds(decks: DeckPair, rounds: int) -> list[str]:
    said = []
    for _ in range(rounds):
        said.append(str(decks.start_round()))
        said.append(str(decks.end_round()))
    return said


def test_the_two_decks_alternate_every_round() -> None:
    decks = DeckPair(random.Random(5))
    assert play_rounds(decks, 3) == [
        "Round 1: deck blue to the shuffler, deck red in play.",
        "Round 1: deck red counted, all 52 cards in the rack.",
        "Round 2: deck red to the shuffler, deck blue in play.",
        "Round 2: deck blue counted, all 52 cards in the rack.",
        "Round 3: deck blue to the shuffler, deck red in play.",
        "Round 3: deck red counted, all 52 cards in the rack.",
    ]
    assert [decks.colour_for_round(n) for n in range(1, 7)] == ["red", "blue"] * 3


def test_back_colours_are_configurable() -> None:
    decks = DeckPair(random.Random(5), colours=("green", "grey"))
    assert decks.start_round().in_play == "green"
    decks.end_round()
    swap = decks.start_round()
    assert (swap.in_play, swap.to_shuffler) == ("grey", "green")


def test_the_two_decks_need_different_colours() -> None:
    with pytest.raises(DealingError, match="two different back colours"):
        DeckPair(random.Random(), colours=("red", "red"))


def test_only_one_deck_is_in_the_rack_at_a_time() -> None:
    decks = DeckPair(random.Random(8))
    assert decks.in_rack is None
    for _ in range(5):
        decks.start_round()
        in_play = decks.in_play
        assert decks.in_rack == in_play
        assert [decks.place(c) for c in decks.colours].count("in play") == 1
        decks.end_round()
        assert decks.in_play is None and decks.in_rack == in_play
        assert [decks.place(c) for c in decks.colours].count("rack") == 1
        assert decks.place(decks.colour_for_round(decks.round_number + 1)) == "shuffler"


def test_the_next_round_cannot_start_before_the_deck_is_counted_into_the_rack() -> None:
    decks = DeckPair(random.Random(8))
    decks.start_round()
    with pytest.raises(DealingError, match="round 1 is still in play: count deck red into the rack first"):
        decks.start_round()


def test_a_round_cannot_end_twice_or_before_it_starts() -> None:
    decks = DeckPair(random.Random(8))
    with pytest.raises(DealingError, match="no round is in play"):
        decks.end_round()
    decks.start_round()
    decks.end_round()
    with pytest.raises(DealingError, match="round 1 is already over"):
        decks.end_round()


def test_a_round_ends_only_with_the_whole_deck_in_the_rack() -> None:
    decks = DeckPair(random.Random(8))
    swap = decks.start_round()
    with pytest.raises(CardError, match=r"the rack \(deck red\) holds 51 cards"):
        decks.end_round(swap.deck[:-1])
    assert decks.end_round(swap.deck).colour == "red"


def test_each_round_deals_a_full_deck_shuffled_while_the_other_was_in_play() -> None:
    decks = DeckPair(random.Random(11))
    dealt = []
    for _ in range(4):
        swap = decks.start_round()
        verify_full_deck(swap.deck)
        dealt.append(swap.deck)
        decks.end_round()
    assert len(set(dealt)) == 4
    rng = random.Random(11)
    assert dealt == [shuffled_deck(rng) for _ in range(4)]


def test_the_same_seed_gives_the_same_decks() -> None:
    first, second = DeckPair(random.Random(2)), DeckPair(random.Random(2))
    assert first.start_round() == second.start_round()


def test_rounds_are_numbered_from_one() -> None:
    with pytest.raises(DealingError):
        DeckPair(random.Random()).colour_for_round(0)


# -- irregularities -----------------------------------------------------------------------------------------


def test_shuffler_malfunction_voids_every_hand_of_the_round() -> None:
    record = shuffler_malfunction(4)
    assert record == HandsVoided(4, "shuffler malfunction")
    assert str(record) == "Round 4: shuffler malfunction, every hand is void and every wager is returned."
