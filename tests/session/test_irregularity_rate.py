"""Irregularities in the rounds the trainee runs come now and then, about one round in six; an exam asks for more:
every third round brings one, each kind in turn, and no others."""

from __future__ import annotations

import random

import pytest

from tests.session.support import HOUSE
from trainer.drills.whole_round import IRREGULARITY_RATE
from trainer.engine.round import PlayedRound
from trainer.scoring import Mode
from trainer.session import run_round_for
from trainer.settings import new_session

ROUNDS = 600


def played_rounds(count: int) -> list[PlayedRound]:
    dealer = new_session(HOUSE, random.Random(11))
    return [dealer.next_round() for _ in range(count)]


def test_the_rate_is_one_round_in_six() -> None:
    assert pytest.approx(1 / 6) == IRREGULARITY_RATE


@pytest.mark.parametrize("mode", [Mode.GUIDED, Mode.PRACTICE, Mode.SPEED])
def test_about_one_round_in_six_brings_an_irregularity(mode: Mode) -> None:
    rng = random.Random(3)
    brought = sum(run_round_for(played, mode, rng, index=index, irregular=True).injected is not None
                  for index, played in enumerate(played_rounds(ROUNDS)))
    assert 0.12 < brought / ROUNDS < 0.22  # 1/6 = 0.167; far from the 2 rounds in 3 seen before


def test_an_exam_brings_one_every_third_round_and_no_others() -> None:
    rng = random.Random(3)
    runs = [run_round_for(played, Mode.EXAM, rng, index=index, irregular=True)
            for index, played in enumerate(played_rounds(30))]
    assert [index for index, run in enumerate(runs) if run.injected is not None] == list(range(2, 30, 3))


def test_no_irregularity_when_they_are_switched_off() -> None:
    rng = random.Random(3)
    assert all(run_round_for(played, Mode.PRACTICE, rng, index=index, irregular=False).injected is None
               for index, played in enumerate(played_rounds(60)))
