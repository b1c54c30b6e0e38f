"""The game solver against brute force on small decks: every deal enumerated, every decision taken by comparing
the averages directly (rules-notes §4 for the money, §9 for the simple strategy)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np
import pytest

from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.evaluator import Category, category_of_strength, evaluate
from trainer.engine.paytables import load_paytables
from trainer.engine.strategy import flop_raise, river_raise
from trainer.odds.game import GameSolution, blind_pays, simple_flop_raises, solve_game

BLIND = load_paytables().blind()
PAIR = Category.ONE_PAIR


@cache
def strength(cards: frozenset[int]) -> int:
    return evaluate(tuple(FULL_DECK[card] for card in cards)).strength


@cache
def blind_net(value: int) -> Fraction:
    line = BLIND.line_for(category_of_strength(value).label)
    return Fraction(line.odds.numerator) / Fraction(line.odds.denominator) if line else Fraction(0)


def showdown(player: int, dealer: int) -> tuple[Fraction, int]:
    """One deal settled by the rules (rules-notes §4): the Ante and Blind result, and the Play's per Ante."""
    qualifies = category_of_strength(dealer) >= PAIR
    if player > dealer:
        return (1 if qualifies else 0) + blind_net(player), 1
    if player < dealer:
        return Fraction(-(1 if qualifies else 0) - 1), -1
    return Fraction(0), 0


def brute_force(ranks: tuple[int, ...], hole: tuple[int, int]) -> tuple[Fraction, Fraction, Fraction]:
    """The hand's expectations for 4x, 3x and checking (then the flop and the river played by comparing the
    averages of the choices directly), over every flop, turn, river and dealer hand."""
    deck = [4 * rank + suit for rank in ranks for suit in range(4)]
    rest = [card for card in deck if card not in hole]
    totals = {4: Fraction(0), 3: Fraction(0)}
    checked = Fraction(0)
    flops = turns = 0
    for flop in combinations(rest, 3):
        after_flop = [card for card in rest if card not in flop]
        raise2 = river = Fraction(0)
        turns = 0
        for turn_river in combinations(after_flop, 2):
            board = (*flop, *turn_river)
            player = strength(frozenset((*hole, *board)))
            results = [showdown(player, strength(frozenset((*dealer, *board))))
                       for dealer in combinations([c for c in after_flop if c not in turn_river], 2)]
            ante_blind = sum((result[0] for result in results), Fraction(0)) / len(results)
            play = Fraction(sum(result[1] for result in results), len(results))
            for multiple in (4, 3):
                totals[multiple] += ante_blind + multiple * play
            raise2 += ante_blind + 2 * play
            river += max(ante_blind + play, Fraction(-2))
            turns += 1
        checked += max(raise2, river) / turns
        flops += 1
    return totals[4] / (flops * turns), totals[3] / (flops * turns), checked / flops


SMALL = (9, 10, 11, 12)  # jacks to aces: 16 cards, royal flushes and straights come often


@pytest.fixture(scope="module")
def small_game() -> GameSolution:
    return solve_game(BLIND, ranks=SMALL)


@pytest.mark.parametrize("hole,name", [
    ((48, 44), "AKs"),
    pytest.param((36, 41), "QJo", marks=pytest.mark.slow),
    pytest.param((36, 37), "JJ", marks=pytest.mark.slow),
])
def test_optimal_choices_match_brute_force_on_a_small_deck(
    small_game: GameSolution, hole: tuple[int, int], name: str
) -> None:
    choice = next(choice for choice in small_game.preflop if choice.hand == name)
    four, three, checked = brute_force(SMALL, hole)
    assert (choice.raise_4x, choice.raise_3x, choice.check) == (four, three, checked)


def test_optimal_return_is_the_average_of_the_best_choices_on_a_small_deck(small_game: GameSolution) -> None:
    deck = [4 * rank + suit for rank in SMALL for suit in range(4)]
    by_name = {choice.hand: choice for choice in small_game.preflop}
    from trainer.odds.game import _holding_name
    from trainer.odds.symmetry import HOLDING_INDEX

    names = [_holding_name(int(HOLDING_INDEX[a, b])) for a, b in combinations(deck, 2)]
    best = [max(by_name[n].raise_4x, by_name[n].raise_3x, by_name[n].check) for n in names]
    assert small_game.optimal.player_result == sum(best, Fraction(0)) / len(best)


def test_the_small_deck_solved_in_two_processes_is_solved_the_same(small_game) -> None:  # type: ignore[no-untyped-def]
    in_two = solve_game(BLIND, ranks=SMALL, workers=2)
    assert (in_two.optimal, in_two.simple, in_two.preflop) == (small_game.optimal, small_game.simple,
                                                               small_game.preflop)


@pytest.mark.slow
def test_three_ranks_whole_game_matches_brute_force() -> None:
    ranks = (10, 11, 12)
    solved = solve_game(BLIND, ranks=ranks)
    deck = [4 * rank + suit for rank in ranks for suit in range(4)]
    values = [max(brute_force(ranks, hole)) for hole in combinations(deck, 2)]
    assert solved.optimal.player_result == sum(values, Fraction(0)) / len(values)


def test_blind_pays_in_whole_numbers_with_their_scale() -> None:
    net, scale = blind_pays(BLIND)
    assert scale == 2 and net[Category.FLUSH] == 3 and net[Category.ROYAL_FLUSH] == 1000
    assert net[Category.THREE_OF_A_KIND] == 0


def test_simple_flop_rule_matches_the_engine_strategy() -> None:
    rng = np.random.default_rng(5)
    flops = np.array([rng.choice(52, 3, replace=False) for _ in range(40)], dtype=np.int64)
    raises = simple_flop_raises(flops)
    from trainer.odds.symmetry import HOLDING_FIRST, HOLDING_SECOND

    checked = 0
    for row, flop in enumerate(flops.tolist()):
        for holding in range(0, 1326, 7):
            hole = (int(HOLDING_FIRST[holding]), int(HOLDING_SECOND[holding]))
            if set(hole) & set(flop):
                assert not raises[row, holding]
                continue
            expected = flop_raise([Card(c) for c in hole], [Card(c) for c in flop])
            assert raises[row, holding] == expected, (hole, flop)
            checked += 1
    assert checked > 5000


def test_simple_river_rule_matches_the_engine_strategy() -> None:
    from trainer.odds.game_counts import BoardCounter, CountSetup
    from trainer.odds.symmetry import HOLDING_FIRST, HOLDING_SECOND, Deck

    deck = Deck.of_ranks(range(13))
    net, scale = blind_pays(BLIND)
    setup = CountSetup.build(deck, net, scale, deck.classes(3))
    counter = BoardCounter(setup)
    rng = np.random.default_rng(11)
    boards = np.array([rng.choice(52, 5, replace=False) for _ in range(6)], dtype=np.int64)
    boards[0] = [48, 44, 40, 36, 4]  # a board straight: the hole cards may or may not play
    values, holdings = counter.values(boards)
    for row, board in enumerate(boards.tolist()):
        for column in range(0, holdings.shape[1], 5):
            holding = int(holdings[row, column])
            hole = [Card(int(HOLDING_FIRST[holding])), Card(int(HOLDING_SECOND[holding]))]
            expected = river_raise(hole, [Card(c) for c in board])
            assert bool(values[5, row, column]) == expected, (hole, board)
