"""Simulated players: the simple strategy clause by clause (rules notes §9), and the careless player."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from trainer.engine import strategy as strategy_module
from trainer.engine.cards import FULL_DECK, Card, CardError, parse_cards
from trainer.engine.dealing import shuffled_deck
from trainer.engine.strategy import (
    PLAY_MULTIPLES,
    STREETS,
    BasicStrategy,
    CarelessStrategy,
    Strategy,
    Street,
    check_decision,
    dealer_outs,
    flop_raise,
    made_hand_uses_hole_card,
    play_hand,
    preflop_raise,
    river_raise,
)

RANKS = "23456789TJQKA"
ALL_HOLE_CARDS = list(itertools.combinations(FULL_DECK, 2))


def hands(ranks: str, *, suited: bool) -> list[tuple[Card, ...]]:
    """Every suited (or every offsuit) combination of two ranks such as ``"K5"``."""
    first, second = ranks[0], ranks[1]
    suit_pairs = [(s, s) for s in "cdhs"] if suited else [(a, b) for a in "cdhs" for b in "cdhs" if a != b]
    return [parse_cards([first + a, second + b]) for a, b in suit_pairs]


def flop(hole: str, cards: str) -> bool:
    return flop_raise(parse_cards(hole), parse_cards(cards))


def river(hole: str, board: str) -> bool:
    return river_raise(parse_cards(hole), parse_cards(board))


# -- before the flop: 4x or check ---------------------------------------------------------------------------


@pytest.mark.parametrize("rank", RANKS[1:])
def test_preflop_raises_any_pair_from_threes_up(rank: str) -> None:
    for hole in itertools.combinations(parse_cards([rank + s for s in "cdhs"]), 2):
        assert preflop_raise(hole)


def test_preflop_checks_pocket_deuces() -> None:
    for hole in itertools.combinations(parse_cards("2c 2d 2h 2s"), 2):
        assert not preflop_raise(hole)


@pytest.mark.parametrize("kicker", RANKS[:-1])
def test_preflop_raises_any_ace(kicker: str) -> None:
    for hole in hands("A" + kicker, suited=True) + hands("A" + kicker, suited=False):
        assert preflop_raise(hole)


@pytest.mark.parametrize("kicker", "23456789TJQ")
def test_preflop_raises_a_king_with_any_suited_card(kicker: str) -> None:
    assert all(preflop_raise(hole) for hole in hands("K" + kicker, suited=True))


def test_k5_offsuit_raises_k4_offsuit_checks() -> None:
    assert all(preflop_raise(h) for h in hands("K5", suited=False))
    assert not any(preflop_raise(h) for h in hands("K4", suited=False))


def test_q6_suited_raises_q5_suited_checks() -> None:
    assert all(preflop_raise(h) for h in hands("Q6", suited=True))
    assert not any(preflop_raise(h) for h in hands("Q5", suited=True))


def test_q8_offsuit_raises_q7_offsuit_checks() -> None:
    assert all(preflop_raise(h) for h in hands("Q8", suited=False))
    assert not any(preflop_raise(h) for h in hands("Q7", suited=False))


def test_j8_suited_raises_j7_suited_checks() -> None:
    assert all(preflop_raise(h) for h in hands("J8", suited=True))
    assert not any(preflop_raise(h) for h in hands("J7", suited=True))


def test_jt_offsuit_raises_j9_offsuit_checks() -> None:
    assert all(preflop_raise(h) for h in hands("JT", suited=False))
    assert not any(preflop_raise(h) for h in hands("J9", suited=False))


def test_preflop_checks_ten_high_and_lower_without_a_pair() -> None:
    assert not any(preflop_raise(h) for h in hands("T9", suited=True))
    assert not any(preflop_raise(h) for h in hands("72", suited=False))


def test_preflop_raises_500_of_the_1326_starting_hands() -> None:
    # 72 pairs + 192 aces + 44 suited kings + 96 offsuit K5..KQ + 24 Q6s..QJs + 48 Q8o..QJo + 12 J8s..JTs + 12 JTo
    assert sum(preflop_raise(hole) for hole in ALL_HOLE_CARDS) == 500  # 37.7 %


def test_basic_strategy_never_raises_3x() -> None:
    player = BasicStrategy()
    assert {player.decide("preflop", hole, ()) for hole in ALL_HOLE_CARDS} == {4, 0}


# -- on the flop: 2x or check -------------------------------------------------------------------------------


def test_flop_two_pair_raises() -> None:
    assert flop("Kc 7d", "Ks 7h 2c")


def test_flop_three_of_a_kind_raises() -> None:
    assert flop("9c 9d", "9s Kh 2c")


def test_flop_straight_raises() -> None:
    assert flop("6c 7d", "8s 9h Tc")


def test_flop_pair_that_uses_a_hole_card_raises() -> None:
    assert flop("8d 5c", "8s 7h 3c")
    assert flop("Qd 4c", "Ks 4h 9c")


def test_flop_pocket_pair_raises() -> None:
    assert flop("3d 3c", "Ks 8h 9c")


def test_flop_checks_pocket_deuces() -> None:
    assert not flop("2d 2c", "Ks 8h 9c")


def test_flop_deuce_in_hand_pairing_the_board_raises() -> None:
    assert flop("2d 7c", "2s Kh 9c")


def test_flop_pocket_deuces_on_a_paired_board_raise_as_two_pair() -> None:
    assert flop("2d 2c", "Ks Kh 9c")


def test_flop_pocket_deuces_with_a_deuce_on_the_flop_raise_as_three_of_a_kind() -> None:
    assert flop("2d 2c", "2s Kh 9c")


def test_flop_pair_on_the_board_alone_checks() -> None:
    assert not flop("Ad 4c", "9s 9h 2c")


def test_flop_four_flush_with_ten_or_higher_hole_card() -> None:
    assert flop("Th 3c", "2h 7h Kh")
    assert flop("Ah Kh", "2h 7h 5c")


def test_flop_four_flush_with_only_a_nine_of_that_suit_checks() -> None:
    assert not flop("9h 3c", "2h 7h Kh")


def test_flop_four_flush_counts_only_the_hole_card_of_that_suit() -> None:
    assert not flop("Ts 9h", "2h 5h Kh")  # the ten is a spade; the heart in hand is the nine


def test_flop_three_to_a_flush_checks() -> None:
    assert not flop("Th 3c", "2h 7h Kd")


def test_flop_open_ended_straight_draw_checks() -> None:
    assert not flop("8c 9d", "Ts Jh 2c")


def test_flop_high_cards_check() -> None:
    assert not flop("Kc 4d", "Js 8h 2c")


# -- on the river: 1x or fold -------------------------------------------------------------------------------


def test_river_pair_that_uses_a_hole_card_raises() -> None:
    assert river("7d 2c", "7s Ah Kc Qd 9h")


def test_river_pocket_deuces_raise() -> None:
    assert river("2d 2c", "As Kh Qc 9d 7h")


def test_river_straight_that_uses_a_hole_card_raises() -> None:
    assert made_hand_uses_hole_card(parse_cards("9d 2c"), parse_cards("5h 6d 7c 8s Kh"))
    assert river("9d 2c", "5h 6d 7c 8s Kh")


def test_river_flush_that_uses_a_hole_card_raises() -> None:
    assert river("Qs 3d", "As Ks 9s 5s 2s")


def test_river_straight_on_the_board_does_not_use_a_hole_card_but_few_outs_raise() -> None:
    hole, board = parse_cards("Ac 4s"), parse_cards("5h 6d 7c 8s 9h")
    assert not made_hand_uses_hole_card(hole, board)
    assert dealer_outs(hole, board) == 4  # only a ten makes the dealer a higher straight
    assert river_raise(hole, board)


def test_river_fewer_than_21_dealer_outs_raises() -> None:
    # Player A-Q-J-8-6. Dealer outs: 15 cards pair the board, 4 kings beat the jack; a jack only ties.
    assert dealer_outs(parse_cards("Jh 3c"), parse_cards("Ad Qs 8h 6c 4d")) == 19
    assert river("Jh 3c", "Ad Qs 8h 6c 4d")


def test_river_twenty_dealer_outs_still_raises() -> None:
    # Player plays fives with A-K-J. Outs: 9 diamonds (flush), 9 pair the J/K/7, 2 fives; the other aces tie.
    assert dealer_outs(parse_cards("4s Ac"), parse_cards("Jd 5s 5d 7d Kd")) == 20
    assert river("4s Ac", "Jd 5s 5d 7d Kd")


def test_river_21_or_more_dealer_outs_folds() -> None:
    # Player A-Q-T-8-6: 15 cards pair the board, 4 kings, 4 jacks: 23 outs.
    assert dealer_outs(parse_cards("Th 3c"), parse_cards("Ad Qs 8h 6c 4d")) == 23
    assert not river("Th 3c", "Ad Qs 8h 6c 4d")


def test_river_playing_two_pair_on_the_board_folds_when_most_kickers_beat_it() -> None:
    # Player K-K-9-9-7: any ace, queen, jack, ten or eight (20) and the last two kings and nines (4) beat it.
    assert dealer_outs(parse_cards("3c 4d"), parse_cards("Ks Kd 9c 9h 7s")) == 24
    assert not river("3c 4d", "Ks Kd 9c 9h 7s")


@pytest.mark.parametrize(("outs", "raises"), [(0, True), (20, True), (21, False), (30, False)])
def test_river_raise_threshold_is_fewer_than_21_outs(
    monkeypatch: pytest.MonkeyPatch,
    outs: int,
    raises: bool,
) -> None:
    monkeypatch.setattr(strategy_module, "dealer_outs", lambda *args, **kwargs: outs)
    assert river("Kh 3c", "Ad Qs 8h 6c 4d") is raises


def test_a_tie_is_not_a_dealer_out() -> None:
    # The three unseen tens give the dealer A-Q-T-8-6 as well: a tie.
    hole, board = parse_cards("Th 3c"), parse_cards("Ad Qs 8h 6c 4d")
    tens = [card for card in FULL_DECK if card.rank == 10 and card not in hole]
    assert dealer_outs(hole, board) == 23 and len(tens) == 3


def test_dealer_outs_stop_counting_at_the_limit() -> None:
    assert dealer_outs(parse_cards("Th 3c"), parse_cards("Ad Qs 8h 6c 4d"), stop_at=21) == 21


# -- the strategy interface ---------------------------------------------------------------------------------


def test_basic_strategy_decides_by_street() -> None:
    player: Strategy = BasicStrategy()
    assert player.decide("preflop", parse_cards("Ks 5d"), ()) == 4
    assert player.decide("flop", parse_cards("7s 5d"), parse_cards("7c Kd 2h")) == 2
    assert player.decide("river", parse_cards("7s 5d"), parse_cards("9c Kd 2h 3c 7c")) == 1
    assert player.decide("river", parse_cards("Ts 3d"), parse_cards("Ad Qs 8h 6c 4d")) == 0


@pytest.mark.parametrize(
    ("street", "hole", "board", "message"),
    [
        ("preflop", "As", "", "2 hole cards, not 1"),
        ("flop", "As Kd", "2c 3c", "on the flop a player sees 3 community cards, not 2"),
        ("river", "As Kd", "2c 3c 4c 5c", "on the river a player sees 5 community cards, not 4"),
        ("flop", "As Kd", "As 3c 4c", "duplicate card As"),
    ],
)
def test_decisions_need_the_right_cards(street: Street, hole: str, board: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        check_decision(street, parse_cards(hole), parse_cards(board))


def test_decisions_need_a_street() -> None:
    with pytest.raises(ValueError, match="'turn' is not a street"):
        BasicStrategy().decide("turn", parse_cards("As Kd"), ())  # type: ignore[arg-type]


def test_play_hand_raises_at_the_first_street_the_strategy_allows() -> None:
    assert play_hand(BasicStrategy(), parse_cards("Ad 2c"), parse_cards("Ks 9h 5c 4d 3h")) == (4, "preflop")
    assert play_hand(BasicStrategy(), parse_cards("8d 5c"), parse_cards("8s 7h 9c Jd 3h")) == (2, "flop")
    assert play_hand(BasicStrategy(), parse_cards("7d 5c"), parse_cards("Ks 9h Qc 7h 3h")) == (1, "river")
    assert play_hand(BasicStrategy(), parse_cards("Td 3c"), parse_cards("Ad Qs 8h 6c 4h")) == (0, None)


class Recorder:
    """A strategy that says ``plays`` in turn and remembers the board it saw on each street."""

    def __init__(self, *plays: int) -> None:
        self.plays = list(plays)
        self.seen: list[tuple[Street, int]] = []

    def decide(self, street: Street, hole: Sequence[Card], board: Sequence[Card]) -> int:
        self.seen.append((street, len(board)))
        return self.plays.pop(0)


def test_play_hand_shows_the_flop_then_the_whole_board_and_stops_after_a_raise() -> None:
    checker = Recorder(0, 0, 0)
    assert play_hand(checker, parse_cards("7d 2c"), parse_cards("Ks 9h 5c 4d 3h")) == (0, None)
    assert checker.seen == [("preflop", 0), ("flop", 3), ("river", 5)]
    raiser = Recorder(0, 2)
    assert play_hand(raiser, parse_cards("7d 2c"), parse_cards("Ks 9h 5c 4d 3h")) == (2, "flop")
    assert raiser.seen == [("preflop", 0), ("flop", 3)]


def test_play_hand_refuses_an_illegal_play_wager() -> None:
    with pytest.raises(ValueError, match="made a 2x Play wager on the preflop"):
        play_hand(Recorder(2), parse_cards("7d 2c"), parse_cards("Ks 9h 5c 4d 3h"))


def test_play_hand_needs_five_community_cards() -> None:
    with pytest.raises(CardError, match="5 community cards, not 3"):
        play_hand(BasicStrategy(), parse_cards("7d 2c"), parse_cards("Ks 9h 5c"))


# -- the careless player ------------------------------------------------------------------------------------


def random_hands(seed: int, count: int) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    rng = random.Random(seed)
    return [(deck[:2], deck[2:7]) for deck in (shuffled_deck(rng) for _ in range(count))]


def test_careless_player_makes_only_legal_decisions() -> None:
    player = CarelessStrategy(random.Random(1), mistake_rate=0.5)
    for hole, board in random_hands(1, 300):
        for street, seen in zip(STREETS, (0, 3, 5), strict=True):
            assert player.decide(street, hole, board[:seen]) in PLAY_MULTIPLES[street]


def test_careless_player_with_the_same_seed_makes_the_same_decisions() -> None:
    deals = random_hands(2, 200)
    first = [play_hand(CarelessStrategy(random.Random(9)), *deal) for deal in deals]
    again = [play_hand(CarelessStrategy(random.Random(9)), *deal) for deal in deals]
    assert first == again


def test_careless_player_without_mistakes_plays_the_basic_strategy() -> None:
    for hole, board in random_hands(3, 200):
        careless = play_hand(CarelessStrategy(random.Random(4), mistake_rate=0.0), hole, board)
        assert careless == play_hand(BasicStrategy(), hole, board)


def test_careless_player_always_mistaken_never_matches_the_basic_decision() -> None:
    player, basic = CarelessStrategy(random.Random(5), mistake_rate=1.0), BasicStrategy()
    for hole, board in random_hands(5, 100):
        assert player.decide("flop", hole, board[:3]) != basic.decide("flop", hole, board[:3])


def test_careless_player_shows_trainees_every_kind_of_play() -> None:
    player, basic = CarelessStrategy(random.Random(6), mistake_rate=0.25), BasicStrategy()
    results: Counter[int] = Counter()
    folded_hidden_pairs = raised_trash = 0
    for hole, board in random_hands(6, 2000):
        play, street = play_hand(player, hole, board)
        results[play] += 1
        if street is None and made_hand_uses_hole_card(hole, board):
            folded_hidden_pairs += 1
        if street == "preflop" and basic.decide("preflop", hole, ()) == 0:
            raised_trash += 1
    assert set(results) == {4, 3, 2, 1, 0}
    assert folded_hidden_pairs > 0 and raised_trash > 0


def test_careless_player_makes_about_the_given_share_of_mistakes() -> None:
    player, basic = CarelessStrategy(random.Random(7), mistake_rate=0.1), BasicStrategy()
    deals = random_hands(7, 2000)
    wrong = sum(player.decide("preflop", hole, ()) != basic.decide("preflop", hole, ()) for hole, _ in deals)
    assert 150 < wrong < 250


@pytest.mark.parametrize("rate", [-0.1, 1.5])
def test_mistake_rate_is_a_probability(rate: float) -> None:
    with pytest.raises(ValueError, match="probability"):
        CarelessStrategy(random.Random(), mistake_rate=rate)


# -- the frequency benchmark --------------------------------------------------------------------------------


def test_frequency_benchmark_prints_each_play_wager_against_rules_notes(capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.bench import strategy_frequencies

    assert strategy_frequencies.main(["--hands", "300", "--seed", "1", "--tolerance", "100"]) == 0
    out = capsys.readouterr().out
    for line in ("4x before the flop", "2x on the flop", "1x on the river", "fold", "37.7%", "18.0%"):
        assert line in out
