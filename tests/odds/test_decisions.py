"""One player's decision against brute force: every dealer hand (and on the flop every turn and river) dealt and
settled by the rules (rules-notes §4), and the flop choices of a small deck added up into the solver's pre-flop."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from trainer.engine.cards import FULL_DECK, parse_cards
from trainer.engine.evaluator import Category, category_of_strength, evaluate
from trainer.engine.paytables import load_paytables
from trainer.odds.decisions import flop_decision, river_decision
from trainer.odds.game import solve_game

BLIND = load_paytables().blind()
SMALL = (9, 10, 11, 12)  # jacks to aces: 16 cards
SMALL_DECK = [4 * rank + suit for rank in SMALL for suit in range(4)]


@cache
def strength(cards: frozenset[int]) -> int:
    return evaluate(tuple(FULL_DECK[card] for card in cards)).strength


def blind_net(value: int) -> Fraction:
    line = BLIND.line_for(category_of_strength(value).label)
    return Fraction(line.odds.numerator) / Fraction(line.odds.denominator) if line else Fraction(0)


def settle_1x(player: int, dealer: int) -> Fraction:
    """Ante + Blind + a 1x Play against one dealer hand (rules-notes §4), in Antes."""
    qualifies = category_of_strength(dealer) >= Category.ONE_PAIR
    if player > dealer:
        return 1 + (1 if qualifies else 0) + blind_net(player)
    if player < dealer:
        return Fraction(-1 - 1 - (1 if qualifies else 0))
    return Fraction(0)


def settle_2x(player: int, dealer: int) -> Fraction:
    qualifies = category_of_strength(dealer) >= Category.ONE_PAIR
    if player > dealer:
        return 2 + (1 if qualifies else 0) + blind_net(player)
    if player < dealer:
        return Fraction(-2 - 1 - (1 if qualifies else 0))
    return Fraction(0)


def brute_river(hole: list[int], board: list[int], deck: list[int]) -> tuple[Fraction, int, int, int]:
    """1x's worth and the dealer hands beaten, tied and lost to, dealing every dealer hand."""
    player = strength(frozenset((*hole, *board)))
    rest = [card for card in deck if card not in (*hole, *board)]
    dealers = [strength(frozenset((*dealer, *board))) for dealer in combinations(rest, 2)]
    value = sum((settle_1x(player, dealer) for dealer in dealers), Fraction(0)) / len(dealers)
    return (value, sum(player > d for d in dealers), sum(player == d for d in dealers),
            sum(player < d for d in dealers))


@pytest.mark.parametrize("hole,board", [
    ("As Kd", "Ah 7c 7d 2s 9h"),  # two pair, aces up
    ("8h Tc", "9d 9c Ac 9s Js"),  # the board's trips play: only ties and losses
    ("5c 4c", "Kc Qc 2c 9h 9d"),  # a low flush: the Blind pays 3 to 2 on a win
    ("3d 2h", "Ks Qh 8c 7d 4s"),  # three high: a fold
    ("Jh Ts", "9c 8d 7h 2s 2c"),  # a straight on a paired board
])
def test_river_counts_and_1x_worth_match_every_dealer_hand_settled(hole: str, board: str) -> None:
    cards = [int(card) for card in parse_cards(f"{hole} {board}")]
    decision = river_decision(cards[:2], cards[2:], BLIND)
    value, beaten, tied, losing_to = brute_river(cards[:2], cards[2:], list(range(52)))
    assert (decision.beaten, decision.tied, decision.losing_to) == (beaten, tied, losing_to)
    assert decision.dealer_hands == 990 == beaten + tied + losing_to
    assert decision.raise_1x == value
    assert decision.best == ("1x" if value > -2 else "fold")


def brute_flop(hole: list[int], flop: list[int], deck: list[int]) -> tuple[Fraction, Fraction]:
    """2x's worth and checking's (then the better of 1x and fold on each river), dealing everything."""
    rest = [card for card in deck if card not in (*hole, *flop)]
    raised, checked, runouts = Fraction(0), Fraction(0), 0
    for turn_river in combinations(rest, 2):
        board = [*flop, *turn_river]
        player = strength(frozenset((*hole, *board)))
        dealers = [strength(frozenset((*dealer, *board)))
                   for dealer in combinations([c for c in rest if c not in turn_river], 2)]
        raised += sum((settle_2x(player, d) for d in dealers), Fraction(0)) / len(dealers)
        checked += max(sum((settle_1x(player, d) for d in dealers), Fraction(0)) / len(dealers), Fraction(-2))
        runouts += 1
    return raised / runouts, checked / runouts


@pytest.mark.parametrize("hole,flop", [("Ah Kh", "Qh Jc Jh"), ("Jd Js", "Ac Kd Qs"), ("Ad Qc", "Js Jh Kc")])
def test_flop_choice_matches_every_turn_river_and_dealer_hand_on_a_small_deck(hole: str, flop: str) -> None:
    cards = [int(card) for card in parse_cards(f"{hole} {flop}")]
    decision = flop_decision(cards[:2], cards[2:], BLIND, deck=SMALL_DECK)
    raised, checked = brute_flop(cards[:2], cards[2:], SMALL_DECK)
    assert (decision.raise_2x, decision.check) == (raised, checked)
    assert decision.runouts == 55  # two of the 11 cards left


def test_flop_choices_add_up_to_the_solvers_preflop_check_on_a_small_deck() -> None:
    # Checking before the flop is worth the average, over every flop, of the better flop choice.
    solved = solve_game(BLIND, ranks=SMALL)
    hole = [int(card) for card in parse_cards("As Ks")]
    rest = [card for card in SMALL_DECK if card not in hole]
    flops = list(combinations(rest, 3))
    best = [max(d.raise_2x, d.check) for d in (flop_decision(hole, flop, BLIND, deck=SMALL_DECK) for flop in flops)]
    choice = next(choice for choice in solved.preflop if choice.hand == "AKs")
    assert choice.check == sum(best, Fraction(0)) / len(flops)


def test_a_card_dealt_twice_or_a_short_board_is_refused_with_one_line() -> None:
    cards = [int(card) for card in parse_cards("As Kd Ah 7c 7d 2s 9h")]
    with pytest.raises(ValueError, match="appears twice"):
        river_decision(cards[:2], [cards[0], *cards[3:]], BLIND)
    with pytest.raises(ValueError, match="5 community cards"):
        river_decision(cards[:2], cards[2:6], BLIND)
    with pytest.raises(ValueError, match="not in the deck"):
        flop_decision(cards[:2], cards[2:5], BLIND, deck=SMALL_DECK)
