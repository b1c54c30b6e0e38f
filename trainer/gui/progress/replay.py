"""The hands of the table and how each is dealt again: My mistakes dealt on the table, each hand a table session
scores under ``round N`` told apart again (a drill's: its drill and ``situation/variant/seed``) before it is
stored, and the replay of a hand of the table itself (the round as it was dealt).

No Qt here: a round source (:class:`HandRounds`), lookups (:func:`hand_of`, :func:`named`) and the replay a
scored hand is kept with (:func:`replay_of`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from trainer.engine.round import PlayedRound
from trainer.i18n.translation import _
from trainer.scoring import ItemResult, Mode
from trainer.session import DrillRounds, ReplayRound, RoundSource, TableRound, scenario_felt
from trainer.session.replay import round_record
from trainer.session.table_session import TableSession
from trainer.store.records import ROUND_DRILL, Replay, identify

if TYPE_CHECKING:
    from trainer.drills.settlement_drills import SettlementItem

MY_MISTAKES = "my-mistakes"
"""What the table session scores the hands of My mistakes under, before each is told apart."""
_ROUND = re.compile(r"^round (\d+)$")


def item_name(item: SettlementItem) -> str:
    """``blind/flush/680499``: the situation, its variant and the seed that deals the hand again."""
    return f"{item.situation.name}/{item.scenario.variant}/{item.scenario.seed}"


class RoundAgain(ReplayRound):
    """A round of the table got wrong, dealt again exactly as it was; ``replay`` is how the store names it,
    ``title`` the hand's own name when it has one (an exam's hand: ``trips-lines/UTH-01: flush/680499``)."""

    def __init__(self, replay: Replay, table_round: TableRound, title: str = "") -> None:
        super().__init__(table_round.played, table_round.felt, name=MY_MISTAKES)
        self.replay = replay
        self.title = title


class HandRounds:
    """Given hands, each with the drill it belongs to, dealt on the table one after another: settlement hands of
    a drill (dealt from their scenario) and rounds of the table (:class:`RoundAgain`, dealt as they were). A hand
    settled with a step wrong comes again after the others, until it is settled right (or the trainee leaves)."""

    name = MY_MISTAKES

    def __init__(self, hands: Sequence[tuple[str, SettlementItem | RoundAgain]], mode: Mode,
                 deck_backs: tuple[str, str] = ("red", "blue")) -> None:
        self.hands = list(hands)
        self.mode = mode
        self.deck_backs = deck_backs
        self.dealt = 0
        self.missed = len(self.hands)
        """The hands got wrong and not settled right yet."""

    def scored(self, number: int, right: bool) -> None:
        """Round ``number`` was settled: right, one hand fewer to go; else it comes again at the end."""
        if not 1 <= number <= len(self.hands):
            return
        if right:
            self.missed = max(0, self.missed - 1)
        else:
            self.hands.append(self.hands[number - 1])

    @property
    def rounds_left(self) -> int:
        return len(self.hands) - self.dealt

    def next_round(self) -> TableRound | None:
        if self.dealt >= len(self.hands):
            return None
        hand = self.hands[self.dealt][1]
        self.dealt += 1
        heading = _("My mistakes, hand {number} · {count} to settle right").format(number=self.dealt,
                                                                                      count=self.missed)
        if isinstance(hand, RoundAgain):  # numbered by its place here (its hand is told apart by it)
            played = hand.played
            again = _("round {number} of the table, dealt again").format(number=played.number)
            if hand.title:  # an exam's hand: on the exam's own tables, said as the exam's caption said them
                again = _("an exam's hand, dealt again on its own tables: {tables}").format(
                    tables=tables_line(played))
            return TableRound(replace(played, number=self.dealt), hand.felt, heading + " · " + again)
        from trainer.drills.played import played_round
        from trainer.drills.scenario_round import table_line

        scenario = hand.scenario
        colour = self.deck_backs[(self.dealt - 1) % 2]
        caption = f"{heading} · {table_line(scenario)}"
        return TableRound(played_round(scenario, self.dealt, colour), scenario_felt(scenario), caption)

    def replay_of(self, number: int) -> Replay | None:
        """The replay of hand ``number`` when it is a round of the table (None: a drill's hand, or none)."""
        if 1 <= number <= len(self.hands):
            hand = self.hands[number - 1][1]
            if isinstance(hand, RoundAgain):
                return hand.replay
        return None


def tables_line(played: PlayedRound) -> str:
    """The pay tables a round is settled by, for the side bets its seats made: ``Trips UTH-01 · Bad Beat BBB-01``."""
    table = played.table
    parts = [f"Trips {table.trips_paytable}"]
    if any(bet.bad_beat for bet in played.bets):
        parts.append(f"Bad Beat {table.bad_beat_paytable}")
    if any(bet.pairs for bet in played.bets):
        parts.append(f"Ultimate Pairs {table.pairs_paytable}")  # the pay tables by their names, as Settings
    return " · ".join(parts)


def hand_of(source: RoundSource, number: int) -> tuple[str, str] | None:
    """The drill and item name of round ``number`` of ``source`` (None: a source whose hands have no seed)."""
    if isinstance(source, DrillRounds) and 1 <= number <= len(source.items):
        return source.name, item_name(source.items[number - 1])
    if isinstance(source, HandRounds) and 1 <= number <= len(source.hands):
        drill, item = source.hands[number - 1]
        if isinstance(item, RoundAgain):
            return drill, item.title or f"round {item.played.number}"
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


def replay_of(result: ItemResult, stored: ItemResult, session: TableSession,
              sources: Mapping[str, RoundSource]) -> Replay | None:
    """How to deal again the hand scored as ``result`` (``stored``: as it is named in the store) when its name
    does not say (a drill's hand names its seed): a round of the table dealt again from My mistakes keeps the
    replay it had; an exam's hand, on the exam's tables, and any other hand of the table is kept with its round
    (:mod:`trainer.session.replay`). None for an item that is no hand of the table (a drill form's) or already
    names its replay."""
    match = _ROUND.match(result.item)
    source = sources.get(result.drill)
    if isinstance(source, DrillRounds) and source.own_tables:  # an exam's hand: its seed alone deals other tables
        table_round = session.round_of(result)
        return None if table_round is None else Replay.of_round(round_record(table_round))
    if match is not None and isinstance(source, HandRounds):
        kept = source.replay_of(int(match.group(1)))
        if kept is not None:
            return kept
    if identify(stored).replay is not None:
        return None
    table_round = session.round_of(result)
    return None if table_round is None else Replay.of_round(round_record(table_round))


__all__ = ["MY_MISTAKES", "ROUND_DRILL", "HandRounds", "RoundAgain", "hand_of", "item_name", "named", "replay_of"]
