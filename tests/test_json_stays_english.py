"""The ``settle`` and ``grade`` JSON are a contract: with the trainer speaking Spanish they are byte for byte the
English ones (the rule lines and mistakes in the grade JSON included, and a stream's one-line errors), while the
human review of ``grade --text`` speaks the language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from trainer.cli.grade import grade_line
from trainer.cli.settle_stream import settle_line
from trainer.engine.paytables import load_paytables
from trainer.i18n.translation import current_language, set_language, speaking
from trainer.quiz.grade import grade_request, review_of
from trainer.settle_io import settle_text

HAND: dict[str, Any] = {
    "table": {"banking": "house", "progressive_meter": 25000}, "dealer": ["Kh", "7d"],
    "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5},
              {"seat": 4, "hole": ["Qc", "4h"], "ante": 10, "blind": 10, "play": 10, "progressive": 5},
              {"seat": 6, "hole": ["8c", "2h"], "ante": 5, "blind": 5, "play": 0}],
}
GRADE: dict[str, Any] = {
    "hand": HAND,
    "dealer": {"hand": "two pair", "qualifies": True},  # wrong: the dealer has king high and does not qualify
    "steps": [{"seat": 6, "wager": "ante", "action": "take", "amount": 5},
              {"seat": 1, "wager": "play", "action": "pay", "amount": 30},  # wrong amount, and out of order
              {"seat": 4, "wager": "blind", "action": "pay", "amount": 10}],  # wrong action
}
BAD = {**HAND, "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 5, "play": 40}]}


@pytest.fixture
def spanish() -> Iterator[None]:
    before = current_language()
    set_language("es")
    yield
    set_language(before)


def english_and_spanish(make: Any) -> tuple[str, str]:
    with speaking("en"):
        english = make()
    with speaking("es"):
        spanish = make()
    return english, spanish


def test_the_settle_json_of_a_hand_is_the_english_one() -> None:
    english, spanish = english_and_spanish(lambda: settle_text(json.dumps(HAND)))
    assert spanish == english
    settled = json.loads(english)
    assert settled["dealer"]["hand"] == "high card"
    assert [step["action"] for step in settled["procedure"]][:2] == ["take", "take"]  # seat 6 folded


def test_a_settle_stream_error_is_the_english_one() -> None:
    paytables = load_paytables()
    english, spanish = english_and_spanish(lambda: settle_line(json.dumps(BAD), paytables))
    assert spanish == english and "must equal the Ante" in english


def test_the_grade_json_with_its_rules_and_mistakes_is_the_english_one() -> None:
    english, spanish = english_and_spanish(lambda: json.dumps(grade_request(GRADE), ensure_ascii=False))
    assert spanish == english
    graded = json.loads(english)
    rules = [mistake["rule"] for step in graded["steps"] for mistake in step["mistakes"]]
    assert rules and all("crupier" not in rule and "apuesta" not in rule for rule in rules)
    assert graded["dealer"]["verdict"] == "wrong"


def test_a_grade_stream_line_is_the_english_one(spanish: None) -> None:
    line = grade_line(json.dumps(GRADE), load_paytables())
    with speaking("en"):
        assert grade_line(json.dumps(GRADE), load_paytables()) == line
    assert current_language() == "es"  # the command left the language as it was


def test_the_text_review_speaks_the_language() -> None:
    english, spanish = english_and_spanish(lambda: review_of(json.dumps(GRADE)))
    assert english != spanish
    assert "Seat 1: pay the Play $40" in english and "Asiento 1: pagar el Play $40" in spanish
    assert "pasos correctos" in spanish and "El crupier no califica" in spanish
