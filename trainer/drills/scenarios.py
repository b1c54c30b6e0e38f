"""The scenario generator: a round built on purpose for each situation a dealer must know.

Each :class:`Situation` has a name, a topic (the drill group it belongs to), a description, its variants,
``build(rng) -> Scenario`` and ``verify(scenario) -> bool``. ``build`` constructs the cards deliberately —
the few community cards that make the wanted hands possible, then hole cards chosen among every pair that
gives the wanted hand (see :mod:`trainer.drills.scenario_cards`) — and ``verify`` settles the round with the
engine and checks that it really is the situation. The same seed always gives the same hand:

>>> scenario = situation_named("blind").generate(7, variant="flush")
>>> situation_named("blind").verify(scenario), scenario.settlement.seat(scenario.focus_seat).hand.name
(True, 'flush')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from trainer.drills.scenario_round import Scenario
from trainer.drills.situations_hands import HAND_SITUATIONS
from trainer.drills.situations_table import TABLE_SITUATIONS
from trainer.engine.settlement import Settlement
from trainer.i18n.translation import N_

Builder = Callable[[random.Random, str], Scenario]
Checker = Callable[[Scenario, Settlement], bool]

TOPICS = {
    "order": N_("Settlement order: right to left on a house table, clockwise from the player-dealer"),
    "qualification": N_("Dealer does not qualify: Ante refunds, the player can still lose Play and Blind"),
    "blind": N_("The Blind: every line of its table, a win below a straight, a tie"),
    "trips": N_("Trips: on a fold, on the board, with one or two hole cards, every line"),
    "bad-beat": N_("Bad Beat: the beaten hand pays, every line of every table, ties lose"),
    "pairs": N_("Pairs Bonus: every line of every pay table, on the two hole cards alone"),
    "progressive": N_("Progressive: royals first 5 / first 7 / community, straight flush, quads, full house"),
    "player-dealer": N_("Player-dealer table: the bank runs out, the bank caps winnings, the collection fee"),
    "dealer-hand": N_("Announce the dealer's hand and whether it qualifies; kickers that matter"),
    "deal-order": N_("Deal order of each dealing procedure: which place gets the next card"),
}
"""The topic groups of the situations, with a line each."""


@dataclass(frozen=True)
class Situation:
    """A situation a drill can ask for, every variant of it on demand."""

    name: str
    topic: str
    description: str
    variants: tuple[str, ...]
    builder: Builder
    checker: Checker

    def build(self, rng: random.Random, variant: str | None = None) -> Scenario:
        """A scenario of this situation (of ``variant``, or one drawn from ``rng``)."""
        if variant is None:
            variant = rng.choice(self.variants)
        elif variant not in self.variants:
            raise KeyError(f"{self.name} has no variant {variant!r} (known: {', '.join(self.variants)})")
        return self.builder(rng, variant)

    def generate(self, seed: int, variant: str | None = None) -> Scenario:
        """The scenario of ``seed``: the same seed always gives the same hand."""
        return replace(self.build(random.Random(seed), variant), seed=seed)

    def verify(self, scenario: Scenario) -> bool:
        """True when the engine's settlement shows that ``scenario`` is this situation (and its variant)."""
        if scenario.situation != self.name or scenario.variant not in self.variants:
            return False
        return self.checker(scenario, scenario.settlement)


def _situations() -> dict[str, Situation]:
    found: dict[str, Situation] = {}
    for name, topic, description, variants, builder, checker in (*TABLE_SITUATIONS, *HAND_SITUATIONS):
        if topic not in TOPICS:
            raise ValueError(f"situation {name!r} has an unknown topic {topic!r}")
        found[name] = Situation(name, topic, description, tuple(variants), builder, checker)
    return found


SITUATIONS: dict[str, Situation] = _situations()
"""Every situation by name."""


def situation_named(name: str) -> Situation:
    if name not in SITUATIONS:
        raise KeyError(f"no situation named {name!r} (known: {', '.join(SITUATIONS)})")
    return SITUATIONS[name]


def situations_of(topic: str) -> list[Situation]:
    """The situations of a topic group, in a stable order."""
    return [situation for situation in SITUATIONS.values() if situation.topic == topic]


def variant_plan(situations: Sequence[Situation], rng: random.Random, count: int) -> list[tuple[Situation, str]]:
    """``count`` (situation, variant) pairs that go through every variant of ``situations`` before repeating
    one, in an order drawn from ``rng``."""
    every = [(situation, variant) for situation in situations for variant in situation.variants]
    plan: list[tuple[Situation, str]] = []
    while len(plan) < count:
        batch = list(every)
        rng.shuffle(batch)
        plan += batch
    return plan[:count]
