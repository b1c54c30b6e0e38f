"""Helpers that give the tests precise types: a value that must be there, a seat's two hole cards."""

from __future__ import annotations

from typing import TypeVar

from trainer.engine import Card, parse_cards

T = TypeVar("T")


def present(value: T | None) -> T:
    """``value``, which the test expects to be there (a widget found, a round dealt, a question asked)."""
    assert value is not None
    return value


def two_cards(cards: str) -> tuple[Card, Card]:
    """A seat's two hole cards from ``"Ah Kd"``."""
    first, second = parse_cards(cards)
    return first, second
