"""Learning over time: the Today queue and My mistakes.

**Today** mixes the situation types whose review is due (FSRS, :mod:`trainer.store.review`) with new material
(situation types never practised, in the syllabus order, ``new_per_day`` a day), and the hands to deal again.
**My mistakes** is every hand got wrong, by its replay (a drill's hand: its seed; a hand of the table itself: the
round as it was dealt), until the latest try at it is right.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, time
from enum import StrEnum
from itertools import islice

from trainer.drills.base import DrillItem, drill_named
from trainer.i18n.translation import _, ngettext
from trainer.scoring import ItemResult, Mistake, Mode
from trainer.store.records import Profile, Replay, ReplayKind, identify
from trainer.store.review import cards
from trainer.store.skills import Skill, SkillKind, card_skill, catalogue, config
from trainer.store.store import Store, mistakes_of


class TodayKind(StrEnum):
    REVIEW = "review"
    NEW = "new"
    MISTAKES = "mistakes"


@dataclass(frozen=True)
class TodayEntry:
    """One line of the Today queue: what to practise, with which drill, and why."""

    kind: TodayKind
    skill: Skill
    drill: str
    note: str
    due: str | None = None
    count: int = 1


@dataclass(frozen=True)
class OpenMistake:
    """A hand got wrong and not yet settled right: how to deal it again and what went wrong the last time."""

    replay: Replay
    drill: str
    situation: str
    title: str
    at: str
    times_wrong: int
    mistakes: tuple[Mistake, ...]
    item: str = ""
    """The hand's name as kept (an exam's hand: ``trips-lines/UTH-01: flush/680499``, dealt again as its round)."""


def my_mistakes(store: Store, profile: Profile) -> list[OpenMistake]:
    """The hands whose latest try was wrong, oldest first."""
    rows = store.connection.execute(
        "SELECT item.*, profile.name AS profile_name, latest.wrong FROM item "
        "JOIN (SELECT replay, max(at) AS last, sum(CASE WHEN perfect = 0 THEN 1 ELSE 0 END) AS wrong FROM item "
        "      WHERE profile_id = ? AND replay IS NOT NULL GROUP BY replay) AS latest "
        "  ON item.replay = latest.replay AND item.at = latest.last "
        "JOIN profile ON profile.id = item.profile_id "
        "WHERE item.profile_id = ? AND item.perfect = 0 ORDER BY item.at, item.id", (profile.id, profile.id)).fetchall()
    found = mistakes_of(store.connection, [row["id"] for row in rows])
    wrong = {row["uid"]: int(row["wrong"]) for row in rows}
    result, seen = [], set()
    for item in store.sound_items(rows, found):
        if item.replay is None or item.replay.key in seen:
            continue
        seen.add(item.replay.key)
        result.append(OpenMistake(item.replay, item.drill, item.situation, shown_title(item.replay, item.title),
                                  item.at, wrong[item.uid], item.mistakes, item.title))
    return result


@dataclass(frozen=True)
class MistakesSummary:
    """How many hands are open in My mistakes, and the drill and situation of the oldest (Today's first line)."""

    count: int
    drill: str
    situation: str


def mistakes_summary(store: Store, profile: Profile) -> MistakesSummary | None:
    """What :func:`my_mistakes` would list, counted without reading each hand's mistakes (None: no open hand).

    The Today queue asks this each time the start page opens; with thousands of hands it is several times
    faster than listing them.
    """
    rows = store.connection.execute(
        "SELECT item.drill, item.situation, item.replay FROM item "
        "JOIN (SELECT replay, max(at) AS last FROM item "
        "      WHERE profile_id = ? AND replay IS NOT NULL GROUP BY replay) AS latest "
        "  ON item.replay = latest.replay AND item.at = latest.last "
        "WHERE item.profile_id = ? AND item.perfect = 0 ORDER BY item.at, item.id", (profile.id, profile.id)).fetchall()
    if not rows:
        return None
    return MistakesSummary(len({row["replay"] for row in rows}), rows[0]["drill"], rows[0]["situation"])


def shown_title(replay: Replay, title: str) -> str:
    """A hand's title as the trainee sees it: ``Blind · hand 680499`` (the variant would give the answer away), a
    round of the table ``Table · round 12``."""
    if replay.kind is ReplayKind.ROUND:
        hand = identify(ItemResult(replay.drill, title, 0, 0)).replay
        if hand is None or hand.kind is not ReplayKind.HAND:
            return _("Table · round {seed}").format(seed=replay.seed)
        replay = hand  # an exam's hand, kept as its round: named as the drill's hand it is
    if replay.kind is not ReplayKind.HAND:
        return title
    from trainer.drills.scenarios import SITUATIONS
    from trainer.drills.settlement_drills import GROUPS

    topic = SITUATIONS[replay.situation].topic if replay.situation in SITUATIONS else replay.drill
    return _("{topic} · hand {seed}").format(topic=_(GROUPS.get(topic, topic)), seed=replay.seed)


def deal_again(replay: Replay, mode: Mode) -> DrillItem:
    """The exact item ``replay`` names, dealt again in ``mode``; a round of the table is no drill item
    (:class:`ValueError`: it is dealt again on the table, :func:`trainer.session.replay.round_from_record`)."""
    if replay.kind is ReplayKind.ROUND:
        raise ValueError(_("{title} is dealt again on the table (Train ▸ My mistakes)").format(
            title=shown_title(replay, "")))
    if replay.kind is ReplayKind.HAND:
        from trainer.drills.scenarios import SITUATIONS
        from trainer.drills.settlement_drills import SettlementItem

        situation = SITUATIONS[replay.situation]
        return SettlementItem(situation.generate(replay.seed, replay.variant), situation, mode, replay.drill)
    items = drill_named(replay.drill).items(random.Random(replay.seed), replay.count, mode)
    item = next(islice(items, replay.index, None), None)
    if item is None:
        raise KeyError(f"{replay.drill} has no item {replay.index + 1} in a set of {replay.count}")
    return item


def today(store: Store, profile: Profile, *, now: datetime | None = None) -> list[TodayEntry]:
    """The Today queue: the hands to deal again, the reviews due (soonest first), then new material."""
    moment = now or store.clock()
    entries: list[TodayEntry] = []
    open_mistakes = mistakes_summary(store, profile)
    if open_mistakes is not None:
        count = open_mistakes.count
        entries.append(TodayEntry(TodayKind.MISTAKES, card_skill(open_mistakes.situation), open_mistakes.drill,
                                  ngettext("{count} hand got wrong, to settle right",
                                           "{count} hands got wrong, to settle right", count).format(count=count),
                                  count=count))
    known = cards(store.connection, profile.id)
    for card in known:
        if card.due <= moment.isoformat():
            found = card_skill(card.card)
            entries.append(TodayEntry(TodayKind.REVIEW, found, found.drill,
                                      _("review due ({count} so far)").format(count=card.reviews),
                                      card.due))
    started_today = _started_since(store, profile, datetime.combine(moment.date(), time(), moment.tzinfo))
    room = max(0, config().new_per_day - started_today)
    practised = {card.card for card in known}
    for found in islice((entry for entry in new_material() if entry.name not in practised), room):
        entries.append(TodayEntry(TodayKind.NEW, found, found.drill,
                                      _("new: {title}").format(title=found.shown_title)))
    return entries


def new_material() -> list[Skill]:
    """The situation types in the syllabus order: the settlement situations, then the drills that have none."""
    from trainer.drills.settlement_drills import NAMES as SETTLEMENT_NAMES

    skills = list(catalogue().values())
    situations = [entry for entry in skills if entry.kind is SkillKind.SITUATION]
    others = [entry for entry in skills if entry.kind is SkillKind.DRILL and entry.name not in SETTLEMENT_NAMES]
    return situations + others


def _started_since(store: Store, profile: Profile, start: datetime) -> int:
    row = store.connection.execute(
        "SELECT count(*) FROM (SELECT situation FROM item WHERE profile_id = ? GROUP BY situation "
        "HAVING min(at) >= ?) AS started", (profile.id, start.isoformat())).fetchone()
    return int(row[0])
