"""The player-decision drill: its answers are the brute-force counts' (rules-notes §4), pre-flop questions only with
a solved game's table, hostile input gets the hint, and ``quiz --list`` lists it."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from fractions import Fraction
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

from trainer.drills.base import all_drills
from trainer.drills.player_decision import (
    DECISION_GUIDE,
    PlayerDecisionDrill,
    PreflopEntry,
    PreflopSource,
    Street,
    preflop_item_parts,
    preflop_table,
    read_decision,
)
from trainer.drills.terminal import run_quiz
from trainer.engine.cards import FULL_DECK, parse_cards
from trainer.engine.evaluator import Category, category_of_strength, evaluate
from trainer.engine.paytables import load_paytables
from trainer.odds.export import strategy_document
from trainer.odds.game import solve_game
from trainer.scoring import ErrorKind, Mode

ROOT = Path(__file__).resolve().parents[2]
BLIND = load_paytables().blind()
RANKS = "23456789TJQKA"
NAMES = [a + b + suited for i, a in enumerate(RANKS[::-1]) for b in RANKS[::-1][i + 1:] for suited in "so"] + [
    rank * 2 for rank in RANKS]


def without_solution(blind: object) -> None:
    return None


def every_hand_4x(blind: object) -> dict[str, PreflopEntry]:
    """A pre-flop table where every hand raises 4x: to see the drill take its answers from the table it is given."""
    return {name: PreflopEntry(name, "4x", {"4x": 0.5, "3x": 0.25, "check": 0.0}) for name in NAMES}


def drill(preflop: PreflopSource = without_solution) -> PlayerDecisionDrill:
    return PlayerDecisionDrill(preflop_source=preflop)


@cache
def strength(cards: frozenset[int]) -> int:
    return evaluate(tuple(FULL_DECK[card] for card in cards)).strength


def brute_river_best(hole: list[int], board: list[int]) -> str:
    """1x or fold, settling Ante, Blind and a 1x Play against every dealer hand (rules-notes §4)."""
    player = strength(frozenset((*hole, *board)))
    category = category_of_strength(player)
    line = BLIND.line_for(category.label)
    blind = Fraction(line.odds.numerator) / Fraction(line.odds.denominator) if line else Fraction(0)
    total = Fraction(0)
    rest = [card for card in range(52) if card not in (*hole, *board)]
    dealers = list(combinations(rest, 2))
    for dealer_cards in dealers:
        dealer = strength(frozenset((*dealer_cards, *board)))
        qualifies = category_of_strength(dealer) >= Category.ONE_PAIR
        if player > dealer:
            total += 1 + qualifies + blind
        elif player < dealer:
            total -= 2 + qualifies
    return "1x" if total / len(dealers) > -2 else "fold"


def _cards(text: str) -> list[int]:
    return [int(card) for card in parse_cards(text)]


def test_river_answers_agree_with_settling_every_dealer_hand() -> None:
    checked = 0
    for item in drill().items(random.Random(8), 40, Mode.PRACTICE):
        if "river" not in item.title:
            continue
        lines = dict(line.split(":", 1) for line in item.text.splitlines()[1:3])
        hole, board = _cards(lines["Player"]), _cards(lines["Board"])
        ask = item.current
        assert ask is not None and ask.expected == brute_river_best(hole, board)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_a_right_answer_is_right_and_a_wrong_one_names_the_choice_and_the_rule() -> None:
    items = [item for item in drill().items(random.Random(2), 10, Mode.PRACTICE) if "flop ·" in item.title]
    right, wrong = items[0], items[1]
    assert right.current is not None and wrong.current is not None
    assert right.answer(right.current.expected).correct
    other = next(choice for choice in Street.FLOP.choices if choice != wrong.current.expected)
    expected = wrong.current.expected
    feedback = wrong.answer(other)
    assert not feedback.correct
    assert feedback.mistakes[0].kind is ErrorKind.WRONG_ACTION
    assert feedback.mistakes[0].expected.startswith(expected) and "Antes per hand" in feedback.message


def test_without_a_solved_game_the_drill_asks_only_flop_and_river_decisions() -> None:
    titles = [item.title for item in drill().items(random.Random(5), 30, Mode.PRACTICE)]
    assert not any("before the flop" in title for title in titles)
    assert any("on the flop" in title for title in titles) and any("on the river" in title for title in titles)


def test_with_a_solved_game_pre_flop_answers_come_from_its_table() -> None:
    items = [item for item in drill(every_hand_4x).items(random.Random(5), 30, Mode.PRACTICE)
             if "before the flop" in item.title]
    assert items
    for item in items:
        assert item.current is not None and item.current.expected == "4x"
        assert "4x +0.5000, 3x +0.2500, check +0.0000" in item.current.right


def test_pre_flop_question_of_a_solved_small_deck_shows_the_best_choice_and_each_worth() -> None:
    table = preflop_table(strategy_document(solve_game(BLIND, ranks=(9, 10, 11, 12))))
    text, ask = preflop_item_parts(parse_cards("As Ks"), table)
    entry = table["AKs"]
    assert ask.expected == max(entry.values, key=lambda choice: entry.values[choice])
    assert "AKs" in text and all(f"{choice} {entry.values[choice]:+.4f}" in ask.right for choice in entry.values)


@pytest.mark.parametrize("street,text,expected", [
    (Street.PREFLOP, "4x", "4x"), (Street.PREFLOP, "Raise 3X", "3x"), (Street.PREFLOP, "check", "check"),
    (Street.PREFLOP, "raise", None), (Street.PREFLOP, "fold", None), (Street.PREFLOP, "yes", None),
    (Street.FLOP, "bet 2x", "2x"), (Street.FLOP, "raise", "2x"), (Street.FLOP, "no", "check"),
    (Street.FLOP, "4x", None), (Street.RIVER, "yes", "1x"), (Street.RIVER, "fold.", "fold"),
    (Street.RIVER, "check", None), (Street.RIVER, "-1x", None), (Street.RIVER, "1x fold", None),
    (Street.RIVER, "no 1x", None), (Street.RIVER, "", None), (Street.RIVER, "1x; DROP TABLE", None),
])
def test_decisions_are_read_only_when_they_say_one_allowed_choice(street: Street, text: str,
                                                                 expected: str | None) -> None:
    assert read_decision(street)(text) == expected


def test_hostile_input_gets_the_hint_and_the_question_again_never_a_traceback() -> None:
    answers = "\n".join(["", "fold check", "x" * 5000, "\u202e4x", "99x", "☃", "?", "no", "no", "no"]) + "\n"
    out = io.StringIO()
    result = run_quiz(drill(), seed=3, count=3, mode=Mode.PRACTICE, stdin=io.StringIO(answers), stdout=out)
    text = out.getvalue()
    assert text.count("could not read") == 6
    assert "(on the flop)" in text or "(on the river)" in text
    assert DECISION_GUIDE in text  # '?' shows how answers are written
    assert result.steps == 3 and "Traceback" not in text


def test_quiz_list_names_the_drill_and_the_drill_is_found() -> None:
    assert isinstance(all_drills()["player-decision"], PlayerDecisionDrill)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "trainer", "quiz", "--list"], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120, check=False)
    assert done.returncode == 0
    line = next(line for line in done.stdout.splitlines() if line.startswith("player-decision "))
    assert "raise" in line and "flop" in line and "river" in line
