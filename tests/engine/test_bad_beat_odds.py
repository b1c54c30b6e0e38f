"""The exact Bad Beat figures (rules-notes §8) and the counting method behind them, checked against a deal-by-deal
settlement with the engine's own rule on chosen boards."""

from __future__ import annotations

import doctest
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from trainer.engine import bad_beat_odds
from trainer.engine.bad_beat_odds import BadBeatCounts, BoardClasses, bad_beat_counts, board_classes, holding_strengths
from trainer.engine.cards import FULL_DECK, Card, parse_cards
from trainer.engine.evaluator import Category, HandValue, evaluate
from trainer.engine.paytables import Odds, PayLine, Paytable, load_paytables
from trainer.engine.wagers import Outcome, Resolution, resolve_bad_beat

TABLES = load_paytables()
TABLE_IDS = ("BBB-01", "BBB-02", "BBB-03", "CA")

# Boards that reach every line: flush draws of three, four and five suited cards, a straight flush on board and a
# royal draw, a pair, two pair, trips and quads on board, a straight on board, and a dry board.
CHOSEN_BOARDS = (
    "Ah Kh 7h 4c 2d",
    "9s 8s 7s 2s Kd",
    "Qd Jd Td 9d 8d",
    "Kc Qc Jc 3c 3d",
    "Ts Tc 6h 6d 2s",
    "5d 5c 5h Js 9c",
    "7c 7d 7h 7s Kd",
    "9h 8c 7d 6s 5h",
    "Kd 9c 6h 4s 2c",
)


def board_of(text: str) -> list[int]:
    return [int(card) for card in parse_cards(text)]


def settle_every_deal(board: list[int], table: Paytable) -> tuple[Fraction, Counter[Category]]:
    """Deal by deal: every ordered (player, dealer) pair of holdings off the board, resolved by the engine.

    Returns the player's total result and the winning deals by the beaten hand's category.
    """
    rest = [card for card in FULL_DECK if card not in board]
    hands = []
    for i, first in enumerate(rest):
        for second in rest[i + 1:]:
            hands.append(((1 << first) | (1 << second), evaluate([*map(Card, board), first, second])))
    resolved: dict[tuple[int, int], tuple[Fraction, Category | None]] = {}

    def outcome(player: HandValue, dealer: HandValue) -> tuple[Fraction, Category | None]:
        resolution: Resolution = resolve_bad_beat(False, player, dealer, table, "stay")
        if resolution.outcome is Outcome.WIN:
            assert resolution.odds is not None
            return Fraction(resolution.odds.net(Decimal(1))), min(player, dealer).category
        assert resolution.outcome is Outcome.LOSE
        return Fraction(-1), None

    tally: Counter[tuple[int, int]] = Counter()
    for player_cards, player in hands:
        strength = player.strength
        for dealer_cards, dealer in hands:
            if not player_cards & dealer_cards:
                tally[strength, dealer.strength] += 1
    values = {hand.strength: hand for _, hand in hands}  # equal strengths are equal hands: one resolution each
    total, wins = Fraction(0), Counter[Category]()
    for (player_strength, dealer_strength), deals in tally.items():
        key = (player_strength, dealer_strength)
        if key not in resolved:
            resolved[key] = outcome(values[player_strength], values[dealer_strength])
        result, beaten = resolved[key]
        total += deals * result
        if beaten is not None:
            wins[beaten] += deals
    return total, wins


# -- Board classes ------------------------------------------------------------------------------------------


def test_board_classes_are_134459_and_stand_for_every_board_once() -> None:
    boards = board_classes()
    assert len(boards) == 134_459
    assert int(boards.weights.sum()) == bad_beat_odds.BOARDS == 2_598_960
    ranks, suits = boards.cards // 4, boards.cards % 4
    images = []
    for renaming in permutations(range(4)):
        renamed = 4 * ranks + np.array(renaming)[suits]
        images.append((np.int64(1) << renamed).sum(axis=1))
    images_by_class = np.sort(np.stack(images, axis=1), axis=1)
    distinct_per_class = 1 + (np.diff(images_by_class, axis=1) != 0).sum(axis=1)
    assert (distinct_per_class == boards.weights).all()  # the weight is the number of boards in the class
    assert len(np.unique(images_by_class)) == 2_598_960  # no board is in two classes, and none is missing
    assert ((np.int64(1) << boards.cards).sum(axis=1) != 0).all()
    assert all(len(set(row)) == 5 for row in boards.cards.tolist())


def test_renaming_the_suits_of_a_board_leaves_its_counts_alone() -> None:
    boards = board_classes()
    for index in (0, 5_000, 77_777, 134_458):
        board = boards.cards[index]
        renamed = {tuple(sorted(4 * (card // 4) + renaming[card % 4] for card in board.tolist()))
                   for renaming in permutations(range(4))}
        assert len(renamed) == boards.weights[index]
        one_by_one = bad_beat_counts(BoardClasses.of([list(row) for row in renamed]))
        weighted = bad_beat_counts(boards.part(index, index + 1))
        assert one_by_one == weighted


# -- Strengths ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", CHOSEN_BOARDS)
def test_holding_strengths_are_the_evaluators(text: str) -> None:
    board = board_of(text)
    strengths = holding_strengths(board)
    assert len(strengths) == 1_081
    for (first, second), strength in strengths.items():
        assert strength == evaluate([*map(Card, board), FULL_DECK[first], FULL_DECK[second]]).strength


# -- The count against a deal-by-deal settlement ------------------------------------------------------------


@pytest.mark.parametrize("text", CHOSEN_BOARDS)
def test_counts_on_a_board_match_settling_every_deal_with_resolve_bad_beat(text: str) -> None:
    board = board_of(text)
    counts = bad_beat_counts(BoardClasses.of([board]))
    assert counts.deals == 1_081 * 990
    table = TABLES.bad_beat("BBB-01")
    total, wins = settle_every_deal(board, table)
    assert counts.player_result(table) == total / counts.deals
    assert {category: count for category, count in counts.beaten.items() if count} == dict(wins)
    assert counts.wins(table) == sum(wins.values())


def test_chosen_boards_reach_every_paying_line() -> None:
    counts = bad_beat_counts(BoardClasses.of([board_of(text) for text in CHOSEN_BOARDS]))
    paying = {category for category, count in counts.beaten.items() if count}
    assert paying == {category for category in Category
                      if Category.THREE_OF_A_KIND <= category <= Category.STRAIGHT_FLUSH}
    assert counts.beaten[Category.ROYAL_FLUSH] == 0  # a royal flush is never beaten


def test_counts_add_up_over_boards_and_do_not_depend_on_the_batch() -> None:
    some = board_classes().part(60_000, 60_050)
    whole = bad_beat_counts(some, batch=200)
    assert bad_beat_counts(some, batch=7) == whole
    assert bad_beat_counts(some.part(0, 20)) + bad_beat_counts(some.part(20, 50)) == whole


def test_the_figures_follow_the_pay_table_data() -> None:
    counts = BadBeatCounts(1_000, {Category.THREE_OF_A_KIND: 30, Category.FLUSH: 10})
    trips_only = Paytable("test", "bad_beat", "test", "test",
                          (PayLine("three of a kind", "three of a kind", Odds.parse("9 to 1")),))
    assert counts.wins(trips_only) == 30
    assert counts.player_result(trips_only) == Fraction(30 * 10, 1_000) - 1
    assert counts.hit_frequency(trips_only) == Fraction(3, 100)


def test_module_examples_hold() -> None:
    assert doctest.testmod(bad_beat_odds, optionflags=doctest.ELLIPSIS).failed == 0


# -- The figures of rules-notes §8 --------------------------------------------------------------------------


@pytest.fixture
def every_deal(every_bad_beat_deal: BadBeatCounts) -> BadBeatCounts:
    return every_bad_beat_deal


@pytest.mark.slow
def test_every_deal_is_counted(every_deal: BadBeatCounts) -> None:
    assert every_deal.deals == 2_598_960 * 1_081 * 990


@pytest.mark.slow
@pytest.mark.parametrize(("table_id", "house_edge"), [("BBB-01", "20.387"), ("BBB-02", "14.787"),
                                                      ("BBB-03", "16.639"), ("CA", "14.787")])
def test_bad_beat_house_edges_never_folding_are_those_of_rules_notes(
        every_deal: BadBeatCounts, table_id: str, house_edge: str) -> None:
    table = TABLES.bad_beat(table_id)
    edge = every_deal.house_edge(table)
    assert f"{float(edge * 100):.3f}" == house_edge
    assert f"{float(edge * 100):.3f}" == f"{table.house_edge:.3f}"  # the figure the data file quotes


@pytest.mark.slow
def test_bad_beat_california_table_matches_the_published_exact_analysis(every_deal: BadBeatCounts) -> None:
    assert f"{float(every_deal.house_edge(TABLES.bad_beat('BBB-02')) * 100):.4f}" == "14.7868"


@pytest.mark.slow
@pytest.mark.parametrize("table_id", TABLE_IDS)
def test_bad_beat_hit_frequency_is_3979(every_deal: BadBeatCounts, table_id: str) -> None:
    assert f"{float(every_deal.hit_frequency(TABLES.bad_beat(table_id)) * 100):.3f}" == "3.979"
