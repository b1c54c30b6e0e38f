"""The hands of the table named by their seed: My mistakes dealt on the table, and each hand a table session
scores under ``round N`` told apart again (its drill and ``situation/variant/seed``) before it is stored.

No Qt here: a round source (:class:`HandRounds`) and a lookup (:func:`hand_of`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from trainer.drills.played import played_round
from trainer.drills.scenario_round import table_line
from trainer.drills.settlement_drills import SettlementItem
from trainer.i18n.translation import _
from trainer.scoring import ItemResult, Mode
from trainer.session import DrillRounds, RoundSource, TableRound, scenario_felt

MY_MISTAKES = "my-mistakes"
"""What the table session scores the hands of My mistakes under, before each is told apart."""
_ROUND = re.compile(r"^round (\d+)$")


def item_name(item: SettlementItem) -> str:
    """``blind/flush/680499``: the situation, its variant and the seed that deals the hand again."""
    return f"{item.situation.name}/{item.scenario.variant}/{item.scenario.seed}"


class HandRounds:
    """Given settlement hands, each with the drill it belongs to, dealt on the table one after another."""

    name = MY_MISTAKES

    def __init__(self, hands: Sequence[tuple[str, SettlementItem]], mode: Mode,
                 deck_backs: tuple[str, str] = ("red", "blue")) -> None:
        self.hands = tuple(hands)
        self.mode = mode
        self.deck_backs = deck_backs
        self.dealt = 0

    @property
    def rounds_left(self) -> int:
        return len(self.hands) - self.dealt

    def next_round(self) -> TableRound | None:
        if self.dealt >= len(self.hands):
            return None
        scenario = self.hands[self.dealt][1].scenario
        self.dealt += 1
        colour = self.deck_backs[(self.dealt - 1) % 2]
        caption = _("My mistakes, hand {number} of {count} · {table}").format(
            number=self.dealt, count=len(self.hands), table=table_line(scenario))

        return TableRound(played_round(scenario, self.dealt, colour), scenario_felt(scenario), caption)


def hand_of(source: RoundSource, number: int) -> tuple[str, str] | None:
    """The drill and item name of round ``number`` of ``source`` (None: a source whose hands have no seed)."""
    if isinstance(source, DrillRounds) and 1 <= number <= len(source.items):
        return source.name, item_name(source.items[number - 1])
    if isinstance(source, HandRounds) and 1 <= number <= len(source.hands):
        drill, item = source.hands[number - 1]
        return drill, item_name(item)
    return None


def named(result: ItemResult, sources: dict[str, RoundSource]) -> ItemResult:
    """``result`` with its drill and hand named as stored, when it is a hand of one of ``sources`` (by the name
    it was scored under); else ``result`` itself.

    >>> from trainer.drills.settlement_drills import DRILLS
    >>> rounds = DrillRounds(DRILLS[0], Mode.PRACTICE, 2, seed=5)
    >>> stored = named(ItemResult(rounds.name, "round 2", 4, 4), {rounds.name: rounds})
    >>> stored.item == item_name(rounds.items[1]), stored.drill == rounds.name
    (True, True)
    """
    match = _ROUND.match(result.item)
    source = sources.get(result.drill)
    if match is None or source is None:
        return result
    found = hand_of(source, int(match.group(1)))
    if found is None:
        return result
    drill, item = found
    return replace(result, drill=drill, item=item)
