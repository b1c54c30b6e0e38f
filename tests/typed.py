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


def of_kind(value: object, kind: type[T]) -> T:
    """``value`` as the ``kind`` the test knows it is (a drill's item of that drill's own class)."""
    assert isinstance(value, kind), f"{value!r} is not a {kind.__name__}"
    return value
