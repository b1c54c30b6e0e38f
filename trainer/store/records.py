"""The store's records: a profile, a stored item, and how to deal an item again (its replay)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NewType

from trainer.scoring import ItemResult, Mistake, Mode

ProfileId = NewType("ProfileId", int)
ItemId = NewType("ItemId", int)


@dataclass(frozen=True)
class Profile:
    """A trainee on this station; ``uid`` stays the same on every station the profile is imported to."""

    id: ProfileId
    uid: str
    name: str
    created: str


class ReplayKind(StrEnum):
    HAND = "hand"
    """A settlement hand: the situation, its variant and the hand's seed deal it again on their own."""
    SET = "set"
    """Any drill: deal the set of ``count`` items from ``seed`` again and take item ``index``."""
    ROUND = "round"
    """A hand of the table itself (Settle it yourself, Run the round, an exam on the table): the round as it was
    dealt, its record (:mod:`trainer.session.replay`: cards, seats, wagers, table and pay tables)."""


ROUND_DRILL = "settlement"
"""What a round of the table is dealt again as: a hand of the user's table, to settle."""


@dataclass(frozen=True)
class Replay:
    """How to deal a scored item again, exactly (My mistakes deals the hands got wrong this way).

    >>> replay = Replay(ReplayKind.HAND, "blind", 680499, situation="blind", variant="flush")
    >>> Replay.from_key(replay.key) == replay
    True
    >>> again = Replay.of_round({"number": 12, "deck": "As Kd"})
    >>> again.key, Replay.from_key(again.key) == again, again.seed
    ('["round", {"deck": "As Kd", "number": 12}]', True, 12)
    """

    kind: ReplayKind
    drill: str
    seed: int
    situation: str = ""
    variant: str = ""
    index: int = 0
    count: int = 1
    round: str = ""
    """A round of the table's record, as JSON with sorted keys (kind ``round``; its number is the seed)."""

    @property
    def key(self) -> str:
        """The replay as one string: two items with the same key are the same hand."""
        if self.kind is ReplayKind.HAND:
            return json.dumps(["hand", self.drill, self.situation, self.variant, self.seed])
        if self.kind is ReplayKind.ROUND:
            return json.dumps(["round", json.loads(self.round)], sort_keys=True)
        return json.dumps(["set", self.drill, self.seed, self.index, self.count])

    @property
    def record(self) -> Any:
        """The round's record (kind ``round``; None for another kind), to deal it again with
        :func:`trainer.session.replay.round_from_record`."""
        return json.loads(self.round) if self.round else None

    @classmethod
    def of_round(cls, record: dict[str, Any]) -> Replay:
        """The replay of a round of the table from its record (:func:`trainer.session.replay.round_record`)."""
        number = record.get("number", 0)
        return cls(ReplayKind.ROUND, ROUND_DRILL, number if isinstance(number, int) else 0,
                   round=json.dumps(record, sort_keys=True))

    @classmethod
    def from_key(cls, key: str) -> Replay:
        """The replay a :attr:`key` names; :class:`ValueError` for text that is not one (a row another program
        wrote), never another error.

        >>> Replay.from_key('{"garbage": 1}')
        Traceback (most recent call last):
        ...
        ValueError: not a replay: {"garbage": 1}
        """
        try:
            parts = json.loads(key)
        except (TypeError, ValueError, RecursionError):
            parts = None
        if isinstance(parts, list) and len(parts) == 2 and parts[0] == "round" and isinstance(parts[1], dict):
            return cls.of_round(parts[1])
        if (isinstance(parts, list) and len(parts) == 5 and parts[0] == "hand"
                and all(isinstance(part, str) for part in parts[1:4]) and _whole(parts[4])):
            _, drill, situation, variant, seed = parts
            return cls(ReplayKind.HAND, drill, seed, situation=situation, variant=variant)
        if (isinstance(parts, list) and len(parts) == 5 and parts[0] == "set" and isinstance(parts[1], str)
                and all(_whole(part) for part in parts[2:]) and 0 <= parts[3] < parts[4]):
            _, drill, seed, index, count = parts
            return cls(ReplayKind.SET, drill, seed, index=index, count=count)
        raise ValueError(f"not a replay: {str(key)[:80]}")


def _whole(value: object) -> bool:
    """A whole number a replay may hold (a seed, a place in a set): not a bool, within 64 bits."""
    return isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63


@dataclass(frozen=True)
class Identity:
    """Where an item stands: its situation type and variant, its seed and its replay (None: not replayable)."""

    situation: str
    variant: str
    seed: int | None
    replay: Replay | None


_HAND_ITEM = re.compile(r"^(?P<situation>[a-z0-9-]+)/(?P<variant>.+)/(?P<seed>\d+)$")
_HAND_TITLE = re.compile(r"· hand (?P<seed>\d+)$")


def identify(result: ItemResult, *, seed: int | None = None, index: int | None = None,
             count: int | None = None) -> Identity:
    """The situation, seed and replay of ``result``.

    A settlement drill's item names its hand (``blind/flush/680499``): that hand replays on its own. Otherwise
    ``seed``, ``index`` and ``count`` (the set's seed, the item's place and the set's size, as the terminal
    quiz knows them) replay it by dealing the set again.

    >>> from trainer.scoring import ItemResult
    >>> identify(ItemResult("blind", "blind/flush/680499", 5, 5)).replay.kind.value
    'hand'
    >>> identify(ItemResult("payouts", "Level 1 · 3 to 1 on $60", 1, 1), seed=7, index=2, count=10).replay.key
    '["set", "payouts", 7, 2, 10]'
    """
    match = _HAND_ITEM.match(result.item)
    if match and _known_situation(match.group("situation")):
        situation, variant, hand_seed = match.group("situation"), match.group("variant"), int(match.group("seed"))
        return Identity(situation, variant, hand_seed,
                        Replay(ReplayKind.HAND, result.drill, hand_seed, situation=situation, variant=variant))
    if seed is not None and index is not None and count is not None:
        return Identity(result.drill, "", seed, Replay(ReplayKind.SET, result.drill, seed, index=index, count=count))
    title_seed = _HAND_TITLE.search(result.item)
    return Identity(result.drill, "", int(title_seed.group("seed")) if title_seed else seed, None)


def _known_situation(name: str) -> bool:
    from trainer.drills.scenarios import SITUATIONS

    return name in SITUATIONS


@dataclass(frozen=True)
class StoredItem:
    """A scored item as kept: who, when, what, how it went."""

    id: ItemId
    uid: str
    profile: str
    at: str
    drill: str
    situation: str
    variant: str
    title: str
    seed: int | None
    replay: Replay | None
    mode: Mode
    steps: int
    correct: int
    seconds: float
    mistakes: tuple[Mistake, ...] = ()
    wrong_attempts: int | None = None
    """Every wrong try (None: kept before they were counted; one per mistake then)."""
    left_to_table: int = 0
    """Steps the table finished for the trainee."""

    @property
    def perfect(self) -> bool:
        return self.correct == self.steps and not self.mistakes

    @property
    def steps_wrong(self) -> int:
        return self.steps - self.correct

    @property
    def attempts_wrong(self) -> int:
        return self.wrong_attempts if self.wrong_attempts is not None else len(self.mistakes)

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / self.steps if self.steps else 0.0
