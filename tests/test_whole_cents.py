"""Every amount is paid in whole cents, rounded down (rules-notes §5), and every one is an amount a trainee can give.

The figures are worked out from the pay tables by hand: the Blind pays 3 to 2 on a flush; Progressive 01 pays 5 %
of the meter for a royal flush that needs the turn or the river ("first 7 cards"); a room's own "1 to 3" line.
"""

from __future__ import annotations

import io
import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from trainer.cli import main
from trainer.drills.answers import read_action, read_money, read_step
from trainer.engine.paytables import Odds
from trainer.engine.wagers import Action, Wager
from trainer.quiz.grade import grade_request

FLUSH_HAND: dict[str, Any] = {
    # dealer 2d 3c: ace high on this board, does not qualify; seat 1 Jh 4h makes the heart flush, wins
    "dealer": ["2d", "3c"], "board": ["Ah", "Kh", "8h", "9s", "7c"],
    "seats": [{"seat": 1, "hole": ["Jh", "4h"], "ante": 33.33, "blind": 33.33, "play": 33.33}],
}
ROYAL_HAND: dict[str, Any] = {
    # seat 1 Ah Kh with Qh Jh on the flop and Th on the river: a royal flush of the first 7 cards, 5 % of the meter
    "table": {"progressive_meter": 87654.25},
    "dealer": ["2d", "3c"], "board": ["Qh", "Jh", "9s", "7c", "Th"],
    "seats": [{"seat": 1, "hole": ["Ah", "Kh"], "ante": 10, "blind": 10, "play": 10, "progressive": 1}],
}
ROOM_TABLE = """
[ROOM-1-3]
title = "Trips ROOM-1-3"
kind = "trips"
source = "a room's own table"
lines = [
  { hand = "royal flush", odds = "50 to 1" },
  { hand = "three of a kind", odds = "1 to 3" },
]
"""


def run(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    return main(argv), out.getvalue(), err.getvalue()


def settled(hand: dict[str, Any], monkeypatch: pytest.MonkeyPatch, *options: str) -> dict[str, Any]:
    code, out, err = run(["settle", *options], json.dumps(hand), monkeypatch)
    assert (code, err) == (0, "")
    result: dict[str, Any] = json.loads(out)
    return result


def step(result: dict[str, Any], seat: int, wager: str) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in result["procedure"] if (s["seat"], s["wager"]) == (seat, wager))
    return found


def graded_back(hand: dict[str, Any], result: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
                *options: str) -> dict[str, Any]:
    """``settle``'s own procedure given to ``grade`` as JSON text, the dealer announced as settle says."""
    request = {"hand": hand, "dealer": {"hand": result["dealer"]["hand"], "qualifies": result["dealer"]["qualifies"]},
               "steps": [{key: s[key] for key in ("seat", "wager", "action", "amount")}
                         for s in result["procedure"] if s["phase"] != "coin-in"]}
    code, out, err = run(["grade", *options], json.dumps(request), monkeypatch)
    assert (code, err) == (0, ""), err
    graded: dict[str, Any] = json.loads(out)
    return graded


def all_right(graded: dict[str, Any]) -> bool:
    return graded["missed"] == [] and graded["score"]["right"] == graded["score"]["steps"] \
        and all(s["verdict"] == "right" for s in graded["steps"])


def test_three_to_two_on_33_33_is_paid_49_99(monkeypatch: pytest.MonkeyPatch) -> None:
    result = settled(FLUSH_HAND, monkeypatch)
    assert step(result, 1, "blind") == {"seat": 1, "wager": "blind", "action": "pay", "amount": 49.99,
                                        "phase": "settle"}
    assert result["seats"][0]["wagers"]["blind"] == {"outcome": "win", "net": 49.99}
    assert result["seats"][0]["net"] == 83.32  # the Play's 33.33 and the Blind's 49.99; the Ante pushes
    assert all_right(graded_back(FLUSH_HAND, result, monkeypatch))


def test_five_percent_of_an_87654_25_meter_is_paid_4382_71_and_the_meter_loses_what_was_paid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    result = settled(ROYAL_HAND, monkeypatch)
    assert step(result, 1, "progressive")["amount"] == 4382.71
    assert result["progressive_meter"] == 83271.54  # 87,654.25 - 4,382.71
    assert all_right(graded_back(ROYAL_HAND, result, monkeypatch))


def test_a_rooms_one_to_three_line_is_paid_in_whole_cents(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    tables = tmp_path / "room.toml"
    tables.write_text(ROOM_TABLE, encoding="utf-8")
    hand = {"table": {"trips_paytable": "ROOM-1-3"}, "dealer": ["2d", "3c"], "board": ["9h", "9s", "Kd", "4c", "Jh"],
            "seats": [{"seat": 1, "hole": ["9c", "5d"], "ante": 5, "blind": 5, "play": 20, "trips": 7}]}
    result = settled(hand, monkeypatch, "--paytables", str(tables))
    assert step(result, 1, "trips")["amount"] == 2.33  # $7 / 3 = $2.333…
    assert all_right(graded_back(hand, result, monkeypatch, "--paytables", str(tables)))


def test_an_exact_payout_is_unchanged_three_to_two_on_5_is_7_50(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = {**FLUSH_HAND, "seats": [{"seat": 1, "hole": ["Jh", "4h"], "ante": 5, "blind": 5, "play": 5}]}
    assert step(settled(hand, monkeypatch), 1, "blind")["amount"] == 7.5
    assert Odds.parse("3 to 2").payout(Decimal("5")) == Decimal("7.5")


def test_a_chip_rounding_goes_down_from_the_exact_payout(monkeypatch: pytest.MonkeyPatch) -> None:
    """``round_payouts_to`` 0.5: 3 to 2 on $33.33 ($49.995) is paid $49.50, the whole cents then the chip."""
    hand = {**FLUSH_HAND, "table": {"round_payouts_to": 0.5}}
    assert step(settled(hand, monkeypatch), 1, "blind")["amount"] == 49.5


def test_the_supervisors_sheet_says_the_exact_figure_was_rounded_down(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["settle", "--text"], json.dumps(ROYAL_HAND), monkeypatch)
    assert code == 0
    assert "pay the Progressive $4,382.71" in out and "$4,382.7125 is paid in whole cents, rounded down" in out
    assert "Progressive meter after settlement: $83,271.54" in out


def test_grade_takes_back_the_rounded_amount_and_marks_the_exact_one_wrong() -> None:
    """The trainee who pays $49.99 is right; $50 (rounded up) is a wrong amount."""
    steps = [{"seat": 1, "wager": "ante", "action": "push"},
             {"seat": 1, "wager": "play", "action": "pay", "amount": 33.33},
             {"seat": 1, "wager": "blind", "action": "pay", "amount": 50}]
    result = grade_request({"hand": FLUSH_HAND, "steps": steps})
    assert [s["verdict"] for s in result["steps"]] == ["right", "right", "wrong"]
    assert result["steps"][2]["mistakes"][0]["kind"] == "wrong amount"
    assert result["steps"][2]["mistakes"][0]["expected"] == "Seat 1: pay the Blind $49.99"
    steps[2]["amount"] = 49.99
    assert all(s["verdict"] == "right" for s in grade_request({"hand": FLUSH_HAND, "steps": steps})["steps"])


@pytest.mark.parametrize("typed", ["49.99", "$49.99", "pay 49.99", "pay $49.99"])
def test_the_terminal_reads_a_whole_cent_amount(typed: str) -> None:
    assert read_action(typed) == (Action.PAY, Decimal("49.99"))
    assert read_money(typed) == Decimal("49.99")
    assert read_step(f"1 blind {typed}" if typed.startswith("pay") else f"1 blind pay {typed}") == (
        1, Wager.BLIND, Action.PAY, Decimal("49.99"))
    assert read_money("$4,382.71") == Decimal("4382.71")
