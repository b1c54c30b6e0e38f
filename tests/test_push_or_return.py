"""Push or return, where both move nothing and the documents allow either (rules-notes §2).

- House table, dealer does not qualify: the Ante refund pass. Seeds 002 and 004 say the dealer "refunds" the Ante.
- Player-dealer table, player-dealer does not qualify: "signal a push for the Ante and return the Ante wager".
- Player-dealer table, the bank exhausted: a wager that pushes on its own (a tie; a Blind under a straight) is
  returned untouched, and may be called push or return. A wager won or lost after that is returned ("no action"):
  a push is wrong for it.

Every grader asks :func:`trainer.quiz.judging.accepted_actions`: the settlement quiz (the table's panel, the run
round, the terminal quiz), ``grade`` and the drills' one-wager questions (``qualification-quick``).
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any

import pytest

from trainer.drills.base import drill_named
from trainer.drills.decision_drills import DecisionItem
from trainer.engine.evaluator import Category
from trainer.engine.settlement import Settlement
from trainer.engine.wagers import Action, Wager
from trainer.quiz.grade import grade_request
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import ErrorKind, Mode
from trainer.settle_io import read_hand, settle_hand

PD_TABLE = {"banking": "player-dealer", "player_dealer_seat": 1, "player_dealer_bank": 10}
BOARD = ["Ks", "Kd", "7h", "7c", "Ad"]
"""Dealer 2c 3d plays the board's two pair, kings and sevens with an ace: qualifies."""
BANK_BREAKER = {"seat": 2, "hole": ["Ah", "Kh"], "ante": 10, "blind": 10, "play": 40}
"""Kings full of aces: the Ante's $10 win takes the player-dealer's whole $10 bank; the rest is returned."""


def exhausted_hand(seat_3_hole: list[str]) -> dict[str, Any]:
    return {"table": PD_TABLE, "dealer": ["2c", "3d"], "board": BOARD,
            "seats": [BANK_BREAKER, {"seat": 3, "hole": seat_3_hole, "ante": 10, "blind": 10, "play": 10}]}


TIE = exhausted_hand(["4c", "5d"])
"""Seat 3 plays the board too: a tie, its Ante, Play and Blind push on their own."""
BLIND_UNDER_A_STRAIGHT = exhausted_hand(["Ac", "Qc"])
"""Seat 3 makes aces and kings: wins with less than a straight, its Blind pushes on its own."""
HOUSE_UNQUALIFIED = {"table": {"banking": "house"}, "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
                     "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40}]}
PD_UNQUALIFIED = {"table": {"banking": "player-dealer", "player_dealer_seat": 4, "player_dealer_bank": 500},
                  "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
                  "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40}]}


def engine_steps(hand: dict[str, Any]) -> list[dict[str, Any]]:
    settled = settle_hand(read_hand(json.dumps(hand)))
    return [{"seat": step.seat, "wager": step.wager.value, "action": step.action.value, "amount": step.amount}
            for step in settled.procedure if step.phase != "coin-in"]


def graded_with(hand: dict[str, Any], seat: int, wager: str, action: str) -> dict[str, Any]:
    """``grade`` of the engine's own steps with one step's action changed (no amount: the whole stake)."""
    steps = []
    for step in engine_steps(hand):
        if (step["seat"], step["wager"]) == (seat, wager):
            step = {"seat": seat, "wager": wager, "action": action}
        steps.append({**step, "amount": float(step["amount"])} if "amount" in step else step)
    return grade_request({"hand": hand, "steps": steps})


def verdict_of(result: dict[str, Any], seat: int, wager: str) -> dict[str, Any]:
    return next(step for step in result["steps"] if (step["seat"], step["wager"]) == (seat, wager))


def practice_verdict(hand: dict[str, Any], seat: int, wager: Wager, action: Action) -> list[ErrorKind]:
    """The settlement quiz in practice (the table's panel, the terminal): the engine's steps up to ``wager`` of
    ``seat``, then that one with ``action``; the kinds of mistake it gets."""
    checked = read_hand(json.dumps(hand))
    settlement = settle_hand(checked)
    quiz = SettlementQuiz(settlement, checked.table, Mode.PRACTICE, hands=checked.seats, clock=lambda: 0.0)
    quiz.announce_dealer(settlement.dealer.category, settlement.dealer_qualifies)
    for step in settlement.procedure:
        if step.phase == "coin-in":
            continue
        if (step.seat, step.wager) == (seat, wager):
            return [mistake.kind for mistake in quiz.submit(seat, wager, action).mistakes]
        assert quiz.submit(step.seat, step.wager, step.action, step.amount).correct
    raise AssertionError(f"seat {seat} has no {wager.label}")


@pytest.mark.parametrize("action", ["push", "return"])
@pytest.mark.parametrize("wager", ["ante", "play", "blind"])
def test_after_the_bank_is_exhausted_a_tie_may_be_called_push_or_return(wager: str, action: str) -> None:
    result = graded_with(TIE, 3, wager, action)
    assert verdict_of(result, 3, wager)["verdict"] == "right"
    assert result["score"]["right"] == result["score"]["steps"] and result["missed"] == []
    assert practice_verdict(TIE, 3, Wager(wager), Action(action)) == []


@pytest.mark.parametrize("action", ["push", "return"])
def test_after_the_bank_is_exhausted_a_blind_under_a_straight_may_be_called_push_or_return(action: str) -> None:
    result = graded_with(BLIND_UNDER_A_STRAIGHT, 3, "blind", action)
    assert verdict_of(result, 3, "blind")["verdict"] == "right"
    assert practice_verdict(BLIND_UNDER_A_STRAIGHT, 3, Wager.BLIND, Action(action)) == []


@pytest.mark.parametrize(("seat", "wager"), [(2, "play"), (2, "blind"), (3, "ante"), (3, "play")])
def test_after_the_bank_is_exhausted_a_won_wager_is_returned_not_pushed(seat: int, wager: str) -> None:
    """Seat 2's Play and Blind and seat 3's Ante and Play (aces and kings beat the dealer) would be paid: with
    the bank gone they have no action, returned; they do not push."""
    result = graded_with(BLIND_UNDER_A_STRAIGHT, seat, wager, "push")
    assert [m["kind"] for m in verdict_of(result, seat, wager)["mistakes"]] == ["wrong action"]
    assert practice_verdict(BLIND_UNDER_A_STRAIGHT, seat, Wager(wager), Action.PUSH) == [ErrorKind.WRONG_ACTION]


@pytest.mark.parametrize("action", ["push", "return"])
def test_the_house_ante_refund_pass_accepts_push_or_return(action: str) -> None:
    result = graded_with(HOUSE_UNQUALIFIED, 1, "ante", action)
    assert verdict_of(result, 1, "ante")["verdict"] == "right"
    assert result["score"]["right"] == result["score"]["steps"]
    assert practice_verdict(HOUSE_UNQUALIFIED, 1, Wager.ANTE, Action(action)) == []
    # the Play is still paid: a push or a return of it is wrong
    assert practice_verdict(HOUSE_UNQUALIFIED, 1, Wager.PLAY, Action.RETURN) == [ErrorKind.WRONG_ACTION]


@pytest.mark.parametrize("action", ["push", "return"])
def test_an_unqualified_player_dealers_ante_accepts_push_or_return(action: str) -> None:
    result = graded_with(PD_UNQUALIFIED, 1, "ante", action)
    assert verdict_of(result, 1, "ante")["verdict"] == "right"
    assert practice_verdict(PD_UNQUALIFIED, 1, Wager.ANTE, Action(action)) == []


def test_a_qualified_dealers_tie_before_the_bank_runs_out_is_a_push_not_a_return() -> None:
    """Only where the documents allow both: a tie against a bank that still covers it is a push."""
    hand = {"table": {"banking": "player-dealer", "player_dealer_seat": 1, "player_dealer_bank": 500},
            "dealer": ["2c", "3d"], "board": BOARD,
            "seats": [{"seat": 3, "hole": ["4c", "5d"], "ante": 10, "blind": 10, "play": 10}]}
    assert practice_verdict(hand, 3, Wager.ANTE, Action.RETURN) == [ErrorKind.WRONG_ACTION]
    assert practice_verdict(hand, 3, Wager.ANTE, Action.PUSH) == []


def ante_questions(topic: str, seed: int, count: int) -> list[tuple[Settlement, Any]]:
    """Each item's settlement and its first question."""
    items = []
    for item in drill_named(topic).items(random.Random(seed), count, Mode.PRACTICE):
        assert isinstance(item, DecisionItem) and item.scenario is not None
        items.append((item.scenario.settlement, item.current))
    return items


def test_qualification_quick_accepts_return_for_an_unqualified_dealers_ante() -> None:
    """``quiz --topic qualification-quick --seed 1 --count 6``: items 2-4 ask an unqualified dealer's Ante (item 3
    the issue's). The documents: the house dealer "refunds" it; the player-dealer signals a push and returns it."""
    asked = 0
    for settlement, ask in ante_questions("qualification-quick", 1, 6):
        step = next(step for step in settlement.procedure
                    if f"Seat {step.seat}: what happens to the {step.wager.label}," in ask.prompt)
        if step.wager is not Wager.ANTE or settlement.dealer_qualifies:
            continue
        asked += 1
        for word in ("push", "return", f"return {step.amount}", f"push ${step.amount}"):
            assert ask.check(ask.parse(word)) is None, word
        assert ask.check(ask.parse("take")) is not None
    assert asked >= 3


def test_every_drill_question_on_an_unqualified_ante_accepts_push_and_return() -> None:
    """Over many sets of the qualification drill: an Ante of a dealer who does not qualify (not folded) is
    right as push or as return, whatever the table."""
    seen = 0
    for seed in range(40):
        for settlement, ask in ante_questions("qualification-quick", seed, 4):
            step = next(step for step in settlement.procedure
                        if f"Seat {step.seat}: what happens to the {step.wager.label}," in ask.prompt)
            if step.wager is Wager.ANTE and not settlement.dealer_qualifies and step.phase != "fold":
                seen += 1
                assert ask.check((Action.PUSH, None)) is None and ask.check((Action.RETURN, step.amount)) is None
                assert ask.check((Action.PUSH, step.amount + Decimal(1))) is not None
    assert seen > 20


def test_the_dealers_announcement_is_unchanged_by_push_or_return() -> None:
    request = {"hand": HOUSE_UNQUALIFIED, "dealer": {"hand": "high card", "qualifies": False},
               "steps": [{"seat": 1, "wager": "ante", "action": "return"},
                         {"seat": 1, "wager": "play", "action": "pay", "amount": 40},
                         {"seat": 1, "wager": "blind", "action": "return"}]}
    result = grade_request(request)
    assert result["dealer"]["verdict"] == "right"
    # the Blind of a win with less than a straight pushes: not a refund pass, the bank is not exhausted
    assert [step["verdict"] for step in result["steps"]] == ["right", "right", "wrong"]
    assert Category.HIGH_CARD.label == result["dealer"]["expected"]["hand"]
