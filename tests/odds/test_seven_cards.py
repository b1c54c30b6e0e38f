"""The seven-card category counts by pattern: the known counts, the engine's slower exact path, and the
Progressive's royal lines from where a royal's five cards can sit among the seven."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from tests.engine.reference_odds import seven_card_category_counts
from trainer.engine.evaluator import Category
from trainer.engine.paytables import load_paytables
from trainer.odds.seven_cards import category_counts, has_straight
from trainer.odds.sidebets import ProgressiveFigures

# Published counts of the 133,784,560 seven-card hands, best five of seven.
KNOWN_SEVEN = {
    Category.ROYAL_FLUSH: 4_324, Category.STRAIGHT_FLUSH: 37_260, Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184, Category.FLUSH: 4_047_644, Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620, Category.TWO_PAIR: 31_433_400, Category.ONE_PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}
# Published counts of the 20,358,520 six-card hands, best five of six.
KNOWN_SIX = {
    Category.ROYAL_FLUSH: 188, Category.STRAIGHT_FLUSH: 1_656, Category.FOUR_OF_A_KIND: 14_664,
    Category.FULL_HOUSE: 165_984, Category.FLUSH: 205_792, Category.STRAIGHT: 361_620,
    Category.THREE_OF_A_KIND: 732_160, Category.TWO_PAIR: 2_532_816, Category.ONE_PAIR: 9_730_740,
    Category.HIGH_CARD: 6_612_900,
}
# Published counts of the 2,598,960 five-card hands.
KNOWN_FIVE = {
    Category.ROYAL_FLUSH: 4, Category.STRAIGHT_FLUSH: 36, Category.FOUR_OF_A_KIND: 624, Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108, Category.STRAIGHT: 10_200, Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552, Category.ONE_PAIR: 1_098_240, Category.HIGH_CARD: 1_302_540,
}


def test_seven_card_counts_are_the_published_ones_and_cover_every_hand() -> None:
    counts = category_counts()
    assert counts == KNOWN_SEVEN
    assert sum(counts.values()) == comb(52, 7) == 133_784_560


def test_seven_card_counts_agree_with_the_engine_valuing_one_hand_per_rank_multiset() -> None:
    assert category_counts() == seven_card_category_counts()


def test_five_card_counts_are_the_published_ones() -> None:
    assert category_counts(5) == KNOWN_FIVE


def test_six_card_counts_are_the_published_ones() -> None:
    assert category_counts(6) == KNOWN_SIX
    assert sum(KNOWN_SIX.values()) == comb(52, 6)


def test_hands_outside_five_to_seven_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="5 to 7"):
        category_counts(8)


def test_an_ace_plays_low_in_the_wheel_but_does_not_wrap_around() -> None:
    assert has_straight(frozenset({12, 0, 1, 2, 3}))  # A-2-3-4-5
    assert not has_straight(frozenset({11, 12, 0, 1, 2}))  # K-A-2-3-4
    assert has_straight(frozenset(range(8, 13)))  # T-J-Q-K-A


def _progressive_royal_line(places: tuple[int, ...]) -> str:
    """rules-notes §4, read directly: places 0-1 are the hole cards, 2-4 the flop, 5 the turn, 6 the river."""
    if set(places) == {0, 1, 2, 3, 4}:
        return "royal-first-5"
    if set(places) == {2, 3, 4, 5, 6}:
        return "community-royal"
    assert set(places) & {0, 1} and set(places) & {5, 6}
    return "royal-first-7"


def test_progressive_royal_lines_follow_where_the_royal_sits_among_the_seven_cards() -> None:
    # Every seven-card royal is equally likely to have its five cards in any 5 of the 7 places.
    placements = list(combinations(range(7), 5))
    royals = Fraction(category_counts()[Category.ROYAL_FLUSH], comb(52, 7))
    expected: dict[str, Fraction] = {}
    for places in placements:
        line = _progressive_royal_line(places)
        expected[line] = expected.get(line, Fraction(0)) + royals / len(placements)
    figures = ProgressiveFigures(load_paytables().progressive("01"))
    assert {line: figures.frequency[line] for line in expected} == expected
    assert expected["royal-first-5"] == Fraction(4, comb(52, 5))


def test_progressive_lines_below_the_royals_are_the_seven_card_category_shares() -> None:
    figures = ProgressiveFigures(load_paytables().progressive("01"))
    for hand in ("straight flush", "four of a kind", "full house"):
        category = next(c for c in Category if c.label == hand)
        assert figures.frequency[hand] == Fraction(KNOWN_SEVEN[category], 133_784_560)
