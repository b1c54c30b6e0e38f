"""A regression pin, not a rule: the same seed gives the same scenario as the generator gave when the pin was
written (tests/drills/situation_pins.py), for every variant of every situation and a few seeds drawing their
variant. It guards refactors of the situations and their builder: a scenario that changes is a scenario a
trainee's saved seed no longer reproduces."""

from __future__ import annotations

import json

import pytest

from tests.drills.situation_pins import PINS, cases, describe, key
from trainer.drills.scenarios import SITUATIONS

PINNED: dict[str, str] = json.loads(PINS.read_text(encoding="utf-8"))


def test_the_pin_covers_every_variant_of_every_situation() -> None:
    assert sorted(PINNED) == sorted(key(*case) for case in cases())


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_a_seed_still_gives_the_pinned_scenario(name: str) -> None:
    for situation, variant, seed in cases():
        if situation == name:
            scenario = SITUATIONS[name].generate(seed, variant)
            assert describe(scenario) == PINNED[key(situation, variant, seed)]
