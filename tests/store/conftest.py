"""Store tests: a store in a temporary folder, a clock the test moves, items built from the scoring records."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode
from trainer.store import Store


class Clock:
    """A clock the test sets and moves."""

    def __init__(self, start: datetime = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> Iterator[Store]:
    with Store.open(tmp_path / "data", clock=clock) as opened:
        yield opened


def hand(situation: str = "blind", variant: str = "flush", seed: int = 1234, *, drill: str = "blind",
         steps: int = 6, correct: int | None = None, seconds: float = 12.0, mode: Mode = Mode.PRACTICE) -> ItemResult:
    """A settlement hand's result; ``correct`` below ``steps`` adds that many wrong amounts."""
    right = steps if correct is None else correct
    mistakes = tuple(Mistake(ErrorKind.WRONG_AMOUNT, "Seat 1: pay the Blind $15", "Seat 1: pay the Blind $10",
                             "A flush pays 3 to 2 on the Blind", "blind") for _ in range(steps - right))
    return ItemResult(drill, f"{situation}/{variant}/{seed}", steps, right, mistakes, seconds, mode)
