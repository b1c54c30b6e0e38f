"""The card contract of ``settle`` and ``grade``: every spelling the engine's card reader reads, nothing else.

A card is a rank (2-9, 10 or T, J, Q, K, A, letters in either case) and a suit (c, d, h, s in either case, or a
suit symbol ♣ ♦ ♥ ♠ / ♧ ♢ ♡ ♤): ``As``, ``10h``, ``td``, ``J♠``, ``10♥``, ``q♦``. The README states it.
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cli import main
from trainer.engine.cards import FULL_DECK, CardError, parse_card
from trainer.engine.errors import RoundError
from trainer.settle_io import read_hand

ASCII_HAND: dict[str, Any] = {
    "dealer": ["Js", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Th", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5}],
}
SYMBOL_HAND: dict[str, Any] = {
    "dealer": ["J♠", "7♦"], "board": ["2♣", "9d", "T♤", "J♡", "3s"],
    "seats": [{"seat": 1, "hole": ["10♥", "q♦"], "ante": 10, "blind": 10, "play": 40, "trips": 5}],
}
RANK_SPELLINGS = {rank: [char, char.lower()] for rank, char in zip(range(2, 15), "23456789TJQKA", strict=True)}
RANK_SPELLINGS[10].append("10")
SUIT_SPELLINGS = {"c": ["c", "C", "♣", "♧"], "d": ["d", "D", "♦", "♢"], "h": ["h", "H", "♥", "♡"],
                  "s": ["s", "S", "♠", "♤"]}


def run(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    return main(argv), out.getvalue(), err.getvalue()


def test_settle_accepts_cards_written_with_suit_symbols(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["settle"], json.dumps(SYMBOL_HAND, ensure_ascii=False), monkeypatch)
    assert (code, err) == (0, "")
    _, ascii_out, _ = run(["settle"], json.dumps(ASCII_HAND), monkeypatch)
    assert json.loads(out) == json.loads(ascii_out)
    # the dealer's J♠ pairs the board's J♡: one pair of jacks, qualifies; seat 1 T♥ Q♦ pairs the T♤: loses to it
    result = json.loads(out)
    assert result["dealer"]["hand"] == "one pair" and result["dealer"]["qualifies"] is True
    assert result["seats"][0]["result"] == "lose"


def test_grade_accepts_cards_written_with_suit_symbols(monkeypatch: pytest.MonkeyPatch) -> None:
    # a losing hand on a house table: every wager is taken, right to left, in any order inside the seat
    steps = [{"seat": 1, "wager": wager, "action": "take"} for wager in ("ante", "play", "blind", "trips")]
    request = {"hand": SYMBOL_HAND, "dealer": {"hand": "one pair", "qualifies": True}, "steps": steps}
    code, out, err = run(["grade"], json.dumps(request, ensure_ascii=False), monkeypatch)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["dealer"]["verdict"] == "right"
    assert [step["verdict"] for step in result["steps"]] == ["right"] * 4
    assert result["missed"] == [] and result["score"]["right"] == 5


@given(st.sampled_from(FULL_DECK), st.data())
def test_every_spelling_the_card_reader_reads_is_a_card_to_settle(card: Any, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(RANK_SPELLINGS[card.rank])) + data.draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))
    others = [str(other) for other in FULL_DECK if other != card][:8]
    hand = {"dealer": [text, others[0]], "board": others[1:6],
            "seats": [{"seat": 1, "hole": others[6:8], "ante": 10, "blind": 10}]}
    assert read_hand(json.dumps(hand, ensure_ascii=False)).dealer[0] == card


@pytest.mark.parametrize(
    "text",
    ["1♥", "11♥", "J♠♠", "♠J", "J ♠", "Jx", "J", "♠", "", "0s", "1s", "10", "K\u200bh", "A♠\u0301", "A\u2660\ufe0f",
     "Ａs", "J♤s", "Xs"],
)
def test_settle_refuses_text_the_card_reader_does_not_read(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)
    hand = dict(ASCII_HAND, board=["2c", "9d", "Ts", text, "3s"])
    with pytest.raises(RoundError) as refused:
        read_hand(json.dumps(hand, ensure_ascii=False))
    assert refused.value.field == "board[3]"
    code, out, err = run(["settle"], json.dumps(hand, ensure_ascii=False), monkeypatch)
    assert (code, out) == (2, "") and err.count("\n") == 1 and "board[3]" in err and "is not a card" in err


@pytest.mark.parametrize("value", [5, None, ["As"], {"rank": "A"}, "A" * 10_000])
def test_settle_refuses_a_card_that_is_not_short_text(value: Any) -> None:
    hand = dict(ASCII_HAND, dealer=[value, "7d"])
    with pytest.raises(RoundError) as refused:
        read_hand(json.dumps(hand))
    assert refused.value.field == "dealer[0]" and len(str(refused.value)) < 200
