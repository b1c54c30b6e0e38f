"""The hand evaluator: all five-card hands, the ranking rules of the game, the cards a dealer announces."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.engine import evaluator
from trainer.engine.cards import FULL_DECK, Card, CardError, format_cards, parse_cards
from trainer.engine.evaluator import HAND_CLASSES, Category, HandValue, category_of_strength, evaluate
from trainer.resources import engine_data_dir

FIVE_CARD_CATEGORY_COUNTS = {
    Category.ROYAL_FLUSH: 4,
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.THREE_OF_A_KIND: 54912,
    Category.TWO_PAIR: 123552,
    Category.ONE_PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}


def value(text: str) -> HandValue:
    return evaluate(text)


def announced(text: str) -> str:
    return format_cards(evaluate(text).cards)


seven_cards = st.lists(st.sampled_from(FULL_DECK), min_size=7, max_size=7, unique=True)


# -- Every five-card hand -----------------------------------------------------------------------------------


def test_every_five_card_hand_falls_in_the_known_category_counts_and_7462_classes() -> None:
    strengths = Counter(evaluate(five).strength for five in combinations(FULL_DECK, 5))
    assert sum(strengths.values()) == 2_598_960
    assert sorted(strengths) == list(range(1, HAND_CLASSES + 1))
    categories: Counter[Category] = Counter()
    for strength, count in strengths.items():
        categories[category_of_strength(strength)] += count
    assert categories == FIVE_CARD_CATEGORY_COUNTS


def test_the_categories_by_strength_are_those_of_the_classes_described() -> None:
    from trainer.engine import evaluator

    classes = evaluator._hand_classes()
    assert len(classes) == HAND_CLASSES
    assert [category_of_strength(strength) for strength in range(1, HAND_CLASSES + 1)] == [c for c, _ in classes]
    assert value("Ah Ad As 7c 7d").describe() == "aces full of sevens"


def test_strength_runs_from_seven_high_to_royal_flush() -> None:
    assert value("7c 5d 4h 3s 2c").strength == 1
    assert value("As Ks Qs Js Ts").strength == HAND_CLASSES == 7462


def test_categories_and_their_labels() -> None:
    assert [(int(c), c.label) for c in Category] == [
        (0, "high card"), (1, "one pair"), (2, "two pair"), (3, "three of a kind"), (4, "straight"),
        (5, "flush"), (6, "full house"), (7, "four of a kind"), (8, "straight flush"), (9, "royal flush"),
    ]


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("Ks Jd 9c 4h 2c", Category.HIGH_CARD),
        ("Ks Kd 9c 4h 2c", Category.ONE_PAIR),
        ("Ks Kd 9c 9h 2c", Category.TWO_PAIR),
        ("Ks Kd Kc 9h 2c", Category.THREE_OF_A_KIND),
        ("Ks Qd Jc Th 9c", Category.STRAIGHT),
        ("Ks Js 9s 4s 2s", Category.FLUSH),
        ("Ks Kd Kc 9h 9c", Category.FULL_HOUSE),
        ("Ks Kd Kc Kh 2c", Category.FOUR_OF_A_KIND),
        ("Ks Qs Js Ts 9s", Category.STRAIGHT_FLUSH),
        ("As Ks Qs Js Ts", Category.ROYAL_FLUSH),
    ],
)
def test_category_and_name_of_a_hand(hand: str, category: Category) -> None:
    result = value(hand)
    assert result.category is category
    assert result.name == category.label
    assert category_of_strength(result.strength) is category


def test_each_category_beats_every_lower_one() -> None:
    ladder = [
        "Ks Jd 9c 4h 2c", "2s 2d 3c 4h 5c", "3s 3d 2c 2h 4c", "2s 2d 2c 3h 4c", "5s 4d 3c 2h Ac",
        "7s 5s 4s 3s 2s", "2s 2d 2c 3h 3c", "2s 2d 2c 2h 3c", "5s 4s 3s 2s As", "As Ks Qs Js Ts",
    ]
    values = [value(hand) for hand in ladder]
    assert [v.category for v in values] == list(Category)
    assert values == sorted(values)
    assert all(low < high for low, high in pairwise(values))


@pytest.mark.parametrize("strength", [0, -1, HAND_CLASSES + 1])
def test_category_of_strength_outside_1_to_7462_is_an_error(strength: int) -> None:
    with pytest.raises(ValueError, match=r"not 1\.\.7462"):
        category_of_strength(strength)


# -- Ranking rules ------------------------------------------------------------------------------------------


def test_wheel_is_the_lowest_straight() -> None:
    wheel = value("5h 4d 3c 2s Ac")
    assert wheel.category is Category.STRAIGHT
    assert wheel < value("6h 5d 4c 3s 2c")
    assert wheel > value("As Ad Ac Kh Qd")


def test_ace_high_straight_beats_king_high_straight() -> None:
    assert value("Ah Kd Qc Js Tc") > value("Kh Qd Jc Ts 9c")


def test_ace_does_not_turn_the_corner() -> None:
    assert value("Qh Kd Ac 2s 3c").category is Category.HIGH_CARD


def test_wheel_straight_flush_is_the_lowest_straight_flush() -> None:
    steel_wheel = value("5h 4h 3h 2h Ah")
    assert steel_wheel.category is Category.STRAIGHT_FLUSH
    assert steel_wheel < value("6d 5d 4d 3d 2d")
    assert steel_wheel > value("As Ad Ac Ah Kd")


def test_royal_flush_is_the_top_straight_flush() -> None:
    assert value("As Ks Qs Js Ts") > value("Kh Qh Jh Th 9h")
    assert value("Kh Qh Jh Th 9h").category is Category.STRAIGHT_FLUSH


def test_suits_never_break_ties() -> None:
    spades, hearts = value("As Ks 9s 5s 2s"), value("Ah Kh 9h 5h 2h")
    assert spades == hearts
    assert spades <= hearts and spades >= hearts
    assert not spades < hearts and not spades > hearts
    assert hash(spades) == hash(hearts)
    assert len({spades, hearts, value("Ad Kd 9d 5d 2d")}) == 1


def test_board_plays_when_neither_hole_card_improves_it() -> None:
    board = "Ac Kd Qh Js Tc"
    player, dealer = value(f"2c 3d {board}"), value(f"4h 6s {board}")
    assert player == dealer
    assert player.cards == dealer.cards == parse_cards(board)


def test_best_five_of_seven_is_chosen() -> None:
    assert value("2c 2d Ah Kd Qs Js Tc").category is Category.STRAIGHT
    flush_over_straight = value("2h 8h 9c Th Jh Qd Kh")
    assert flush_over_straight.category is Category.FLUSH
    assert announced("2h 8h 9c Th Jh Qd Kh") == "Kh Jh Th 8h 2h"


def test_higher_straight_flush_in_seven_cards_beats_the_royal_ranks_offsuit() -> None:
    hand = value("9h 8h Kh Qh Jh Th Ac")
    assert hand.category is Category.STRAIGHT_FLUSH
    assert hand.describe() == "king-high straight flush"


def test_kicker_decides_between_equal_pairs() -> None:
    assert value("Ks Kd 9c 4h 3c") > value("Kh Kc 9d 4s 2d")
    assert value("Ks Kd Ac 4h 3c") > value("Kh Kc Qd Js 9d")


def test_higher_pair_beats_better_kickers() -> None:
    assert value("3s 3d 4c 5h 7c") > value("2h 2c Ad Ks Qd")


def test_two_pair_compares_high_pair_then_low_pair_then_kicker() -> None:
    assert value("Ks Kd 3c 3h 2c") > value("Qh Qc Jd Js Ad")
    assert value("Ks Kd 9c 9h 2c") > value("Kh Kc 8d 8s Ad")
    assert value("Ks Kd 9c 9h 3c") > value("Kh Kc 9d 9s 2d")


def test_three_pairs_play_the_two_highest_and_the_best_kicker() -> None:
    assert announced("Kd 4c Ks 4h 9c 9d 2s") == "Ks Kd 9d 9c 4h"
    assert announced("Kd 4c Ks 4h 9c 9d As") == "Ks Kd 9d 9c As"


def test_trips_kickers_decide() -> None:
    assert value("7s 7d 7c Ah 2c") > value("7s 7d 7c Kh Qc")


def test_full_house_ranks_by_its_trips_first() -> None:
    assert value("Ks Kd Kc 2h 2c") > value("Qh Qc Qd As Ad")
    assert value("Ks Kd Kc 3h 3c") > value("Kh Kc Kd 2s 2d")


def test_two_sets_in_seven_cards_make_the_higher_set_full() -> None:
    hand = value("Ac Ad Ah Kc Kd Ks 2c")
    assert hand.describe() == "aces full of kings"
    assert format_cards(hand.cards) == "Ah Ad Ac Ks Kd"


def test_flush_compared_card_by_card() -> None:
    assert value("As Ks 9s 5s 3s") > value("Ah Kh 8h 7h 6h")
    assert value("As Ks 9s 5s 3s") > value("Ah Kh 9h 5h 2h")


def test_quads_on_board_play_the_best_kicker() -> None:
    board = "8c 8d 8h 8s 2c"
    assert value(f"Ad 3d {board}") > value(f"Kd Qd {board}")
    assert value(f"3d 4d {board}") < value(f"Kd 4h {board}")
    assert value(f"Kh 4c {board}") == value(f"Ks 2d {board}")


def test_order_of_the_cards_does_not_matter() -> None:
    cards = list(parse_cards("Kh 7d 2c 9d Ts Jh 3s"))
    for seed in range(5):
        random.Random(seed).shuffle(cards)
        assert evaluate(cards) == value("Kh 7d 2c 9d Ts Jh 3s")
        assert format_cards(evaluate(cards).cards) == "Kh Jh Ts 9d 7d"


# -- The five cards a dealer announces ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "name", "cards"),
    [
        ("Kh 7d 2c 9d Ts Jh 3s", "high card", "Kh Jh Ts 9d 7d"),
        ("Ah Kh Qd Jh Ts 2c 3s", "straight", "Ah Kh Qd Jh Ts"),
        ("Ah 2c 3d 4s 5h 9c Kd", "straight", "5h 4s 3d 2c Ah"),
        ("9c Tc Jd Qh Kh Ks 2d", "straight", "Ks Qh Jd Tc 9c"),
        ("7c Ah 7d Ad As 2c 3d", "full house", "As Ah Ad 7d 7c"),
        ("Kd 4c Ks 4h 9c 2d 3s", "two pair", "Ks Kd 4h 4c 9c"),
        ("Qh Qd 2c 5s 9h Jc 7d", "one pair", "Qh Qd Jc 9h 7d"),
        ("6h 6d 6c As 9h 2c 3d", "three of a kind", "6h 6d 6c As 9h"),
        ("2h 2d 2c 2s 9h Kc 3d", "four of a kind", "2s 2h 2d 2c Kc"),
        ("Ad 9d 7d 5d 3d 2d Kc", "flush", "Ad 9d 7d 5d 3d"),
        ("5d 4d 3d 2d Ad Ac As", "straight flush", "5d 4d 3d 2d Ad"),
        ("Ts Js Qs Ks As", "royal flush", "As Ks Qs Js Ts"),
        ("Qs 3d 3h Qc 9d 9s", "two pair", "Qs Qc 9s 9d 3h"),
    ],
)
def test_cards_are_the_best_five_in_the_order_a_dealer_announces_them(
    hand: str, name: str, cards: str
) -> None:
    result = value(hand)
    assert result.name == name
    assert format_cards(result.cards) == cards
    assert all(type(card) is Card for card in result.cards)


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("Ad Jc 9h 5s 2c", "ace high"),
        ("Ks Kd 9c 4h 2c", "pair of kings"),
        ("Ks Kd 7c 7h 2c", "two pair, kings and sevens"),
        ("6s 6d 6c 4h 2c", "three sixes"),
        ("5h 4d 3c 2s Ac", "five-high straight"),
        ("Ks Qd Jc Th 9c", "king-high straight"),
        ("As Js 9s 4s 2s", "ace-high flush"),
        ("As Ad 7c 7h Ah", "aces full of sevens"),
        ("2s 2d 2c 2h Kc", "four deuces"),
        ("9h 8h 7h 6h 5h", "nine-high straight flush"),
        ("5d 4d 3d 2d Ad", "five-high straight flush"),
        ("As Ks Qs Js Ts", "royal flush"),
    ],
)
def test_describe_in_dealer_english(hand: str, words: str) -> None:
    assert value(hand).describe() == words


def test_repr_shows_strength_name_and_cards() -> None:
    strength = value("Ks Kd 9c 5d 4h").strength
    assert repr(value("Ks Kd 9c 4h 2c 3d 5d")) == f"<HandValue {strength} one pair: Ks Kd 9c 5d 4h>"


# -- Reading the cards --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [
        "As Kd Qh Jc 10s",
        "as kd qh jc ts",
        "A♠ K♦ Q♥ J♣ T♠",
        "As,Kd,Qh,Jc,Ts",
        ["As", "Kd", "Qh", "Jc", "Ts"],
        ("As", Card.parse("Kd"), "Q♥", "Jc", "10s"),
        parse_cards("As Kd Qh Jc Ts"),
        list(parse_cards("As Kd Qh Jc Ts")),
        iter(parse_cards("As Kd Qh Jc Ts")),
    ],
)
def test_cards_may_be_given_as_text_cards_or_a_mix(hand: object) -> None:
    result = evaluate(hand)  # type: ignore[arg-type]
    assert result.describe() == "ace-high straight"
    assert format_cards(result.cards) == "As Kd Qh Jc Ts"


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("As Kd Qh Jc", "5, 6 or 7 cards, not 4"),
        ("As Kd Qh Jc Ts 9s 8s 7s", "5, 6 or 7 cards, not 8"),
        ("", "not 0"),
        ("As Kd Qh Jc As", "duplicate card As"),
        (["As", "Kd", "Qh", "Jc", Card.parse("As")], "duplicate card As"),
        ("as Kd Qh Jc A♠ 2c 3c", "duplicate card As"),
        ([*parse_cards("As Kd Qh Jc 2c 3c"), Card.parse("Kd")], "duplicate card Kd"),
        (("As", "Kd", "Qh", "Jc", "2c", "3c", "Xs"), "'Xs' is not a card"),
        (("As", "Kd", "Qh", "Jc", "2c", "3c", "4c", "5c"), "5, 6 or 7 cards, not 8"),
        ("As Kd Qh Jc Xs", "'Xs' is not a card"),
        ("As Kd Qh Jc 1s", "'1s' is not a card"),
        (["As", "Kd", "Qh", "Jc", None], "None is not a card"),
        ([Card.parse("As"), "Kd", "Qh", "Jc", 52], "52 is not a card"),
    ],
)
def test_bad_hands_raise_card_error(hand: object, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate(hand)  # type: ignore[arg-type]


def test_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        evaluate("As As Kd Qh Jc")


def test_hand_values_compare_only_with_hand_values() -> None:
    hand = value("As Ks Qs Js Ts")
    assert hand != HAND_CLASSES
    with pytest.raises(TypeError):
        assert hand < 5  # type: ignore[operator]


# -- Invariants ---------------------------------------------------------------------------------------------


def best_of_fives(cards: tuple[Card, ...] | list[Card]) -> HandValue:
    return max(evaluate(five) for five in combinations(cards, 5))


@given(seven_cards)
def test_seven_cards_are_worth_their_best_five(cards: list[Card]) -> None:
    result = evaluate(cards)
    assert result == best_of_fives(cards)
    assert len(result.cards) == 5
    assert set(result.cards) <= set(cards)
    assert evaluate(result.cards) == result


@given(seven_cards.map(lambda cards: cards[:6]))
def test_six_cards_are_worth_their_best_five(cards: list[Card]) -> None:
    result = evaluate(cards)
    assert result == best_of_fives(cards)
    assert set(result.cards) <= set(cards)
    assert evaluate(result.cards) == result


@given(seven_cards, st.randoms(use_true_random=False))
def test_value_and_cards_do_not_depend_on_the_order_given(cards: list[Card], rng: random.Random) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert evaluate(cards) == evaluate(shuffled)
    assert evaluate(cards).cards == evaluate(shuffled).cards


def test_seven_card_values_match_the_best_five_on_a_large_sample() -> None:
    rng = random.Random(7462)
    for _ in range(5000):
        cards = rng.sample(FULL_DECK, 7)
        assert evaluate(cards) == best_of_fives(cards)


def first_best_five(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """The best five by search: the first five, taking the cards high to low, worth the hand, in announcement
    order (groups by size then rank, the higher suit first within a rank, the wheel's ace last)."""
    strength = evaluate(cards).strength
    ranks = evaluator._ranks_by_strength()[strength]
    for five in combinations(sorted(cards, reverse=True), 5):
        if evaluate(five).strength == strength:
            return tuple(sorted(five, key=lambda card: (ranks.index(card // 4), -card)))
    raise AssertionError(cards)


def test_best_five_is_the_first_found_by_search_on_a_large_sample() -> None:
    rng = random.Random(4213)
    for size in (5, 6, 7, 7):
        for _ in range(5000):
            cards = rng.sample(FULL_DECK, size)
            assert evaluate(cards).cards == first_best_five(cards), format_cards(cards)
    for hand in ("As Ad Ah Ac Ks Kd Kh", "9h 8h 7h 6h 5h 4h 3h", "Ah 2h 3h 4h 5h 5d 5c", "2c 2d 2h 3c 3d 3h 4s"):
        assert evaluate(hand).cards == first_best_five(parse_cards(hand)), hand


def test_agrees_with_treys_on_a_large_sample() -> None:
    treys = pytest.importorskip("treys")
    judge = treys.Evaluator()
    rng = random.Random(52)
    for _ in range(20000):
        cards = rng.sample(FULL_DECK, rng.choice((5, 6, 7)))
        treys_cards = [treys.Card.new(str(card)) for card in cards]
        # treys ranks 1 (royal flush) .. 7462 (seven high); the classes are the same, counted from the top
        assert evaluate(cards).strength == HAND_CLASSES + 1 - judge.evaluate(treys_cards[:2], treys_cards[2:])


def test_shipped_tables_are_the_ones_computed_from_the_7462_classes() -> None:
    shipped = (engine_data_dir() / "evaluator-tables.bin").read_bytes()
    assert shipped == evaluator.build_tables()


@given(seven_cards)
def test_seven_cards_as_a_list_a_tuple_or_text_are_worth_the_same(cards: list[Card]) -> None:
    as_text = " ".join(str(card) for card in cards)
    values = [evaluate(cards), evaluate(tuple(cards)), evaluate(as_text), evaluate(iter(cards))]
    assert len({value.strength for value in values}) == 1
    assert len({value.cards for value in values}) == 1


def test_module_examples() -> None:
    assert doctest.testmod(evaluator).failed == 0
