"""The skills the store measures: every drill, and every settlement situation type, with its target and lesson.

The targets, the mastery levels and the review grades are data (``skills.toml`` beside this module).
A scored item trains two skills: its drill (``blind``) and its situation type (``blind``, ``trips-lines``,
``bad-beat-player-loses`` …; an item of a drill without situations has the drill's name as its situation).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from trainer.i18n.translation import N_, _


class SkillKind(StrEnum):
    DRILL = "drill"
    SITUATION = "situation"


class Level(StrEnum):
    """How far a trainee is with a skill, as a dealer school grades it."""

    NEW = "new"
    LEARNING = "learning"
    PRACTISED = "practised"
    TABLE_READY = "table-ready"

    @property
    def shown(self) -> str:
        """The level as a trainee reads it, in the language spoken (the value is what the store keeps)."""
        return _(LEVEL_TEXTS[self])


LEVEL_TEXTS = {Level.NEW: N_("new"), Level.LEARNING: N_("learning"), Level.PRACTISED: N_("practised"),
               Level.TABLE_READY: N_("table-ready")}
"""Each level's words, for the catalogue."""


@dataclass(frozen=True)
class LevelRule:
    """A level holds when the window has ``min_items`` items at ``min_accuracy`` percent (and on target)."""

    level: Level
    min_items: int
    min_accuracy: float
    on_target: bool


@dataclass(frozen=True)
class SkillConfig:
    window: int
    levels: tuple[LevelRule, ...]
    fast: float
    new_per_day: int
    targets: dict[str, float]
    lessons: dict[str, str]


@dataclass(frozen=True)
class Skill:
    """A skill: a drill or a situation type, the drill that trains it, its lesson topic and target time."""

    kind: SkillKind
    name: str
    title: str
    drill: str
    lesson: str
    target_seconds: float

    @property
    def shown_title(self) -> str:
        """The title in the language spoken (a drill's description as the drill says it: a level's is made from
        its words, no catalogue entry of its own)."""
        if self.kind is SkillKind.DRILL:
            from trainer.drills.base import all_drills, drill_description

            drill = all_drills().get(self.name)
            if drill is not None:
                return drill_description(drill)
        return _(self.title)

    @property
    def shown_name(self) -> str:
        """The skill's short name in the language spoken: a drill's name (``Blind, one seat``), a situation's
        title; one the catalogue does not know (its title is its name) by the drill of that name, else as named."""
        if self.kind is SkillKind.DRILL or self.title == self.name:
            from trainer.drills.names import drill_name

            return drill_name(self.name)
        return _(self.title)

    @property
    def key(self) -> str:
        """``drill:blind`` or ``situation:trips-lines``."""
        return f"{self.kind.value}:{self.name}"


class SkillDataError(ValueError):
    """``skills.toml`` is malformed; the message names the entry."""


def _number(table: dict[str, Any], key: str, where: str) -> float:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise SkillDataError(f"skills.toml: {where}.{key} must be a number of at least 0, not {value!r}")
    return float(value)


@cache
def config() -> SkillConfig:
    """The shipped ``skills.toml``, parsed once.

    >>> config().levels[0].level.value, config().window
    ('table-ready', 50)
    """
    data = tomllib.loads(resources.files("trainer.store").joinpath("skills.toml").read_text(encoding="utf-8"))
    return parse_config(data)


def parse_config(data: dict[str, Any]) -> SkillConfig:
    mastery = data.get("mastery", {})
    levels = []
    for number, entry in enumerate(mastery.get("levels", []), start=1):
        where = f"mastery.levels[{number}]"
        try:
            level = Level(entry.get("level"))
        except ValueError:
            raise SkillDataError(f"skills.toml: {where}.level {entry.get('level')!r} is not one of "
                                 f"{', '.join(item.value for item in Level)}") from None
        levels.append(LevelRule(level, int(_number(entry, "min_items", where)),
                                _number(entry, "min_accuracy", where), bool(entry.get("on_target", False))))
    review = data.get("review", {})
    targets = {str(name): _number(data.get("targets", {}), name, "targets") for name in data.get("targets", {})}
    if "default" not in targets:
        raise SkillDataError("skills.toml: targets.default is missing")
    return SkillConfig(int(_number(mastery, "window", "mastery")), tuple(levels), _number(review, "fast", "review"),
                       int(_number(review, "new_per_day", "review")), targets,
                       {str(key): str(value) for key, value in data.get("lessons", {}).items()})


def target_for(name: str, topic: str = "") -> float:
    """The target seconds per decision of a drill or situation ``name`` (of ``topic``)."""
    targets = config().targets
    return targets.get(name, targets.get(topic, targets["default"]))


def lesson_topic(name: str) -> str:
    """The lesson topic of a drill or situation topic (``dealer-hand`` → ``hands``; ``blind-quick`` → ``blind``)."""
    lessons = config().lessons
    base = name.removesuffix("-quick")
    base = base if base in lessons or not base.rsplit("-", 1)[-1].isdigit() else base.rsplit("-", 1)[0]
    return lessons.get(base, base)


@cache
def catalogue() -> dict[str, Skill]:
    """Every skill by key: each drill (in ``quiz --list`` order), then each settlement situation type."""
    from trainer.drills.base import all_drills
    from trainer.drills.scenarios import SITUATIONS
    from trainer.drills.settlement_drills import DRILLS as SETTLEMENT_DRILLS

    skills: dict[str, Skill] = {}
    for name, drill in all_drills().items():
        skill = Skill(SkillKind.DRILL, name, drill.description, name, lesson_topic(name), target_for(name))
        skills[skill.key] = skill
    trained_by = {situation: drill.name for drill in SETTLEMENT_DRILLS for situation in drill.situations}
    for name, situation in SITUATIONS.items():
        trainer_drill = trained_by.get(name, situation.topic)
        skill = Skill(SkillKind.SITUATION, name, situation.description, trainer_drill, lesson_topic(situation.topic),
                      target_for(name, situation.topic))
        skills[skill.key] = skill
    return skills


def skill(kind: SkillKind, name: str) -> Skill:
    """The skill ``kind:name``; one made up from the defaults when the catalogue does not know it (an item
    recorded by a newer trainer, or by a drill since renamed)."""
    found = catalogue().get(f"{kind.value}:{name}")
    if found is not None:
        return found
    return Skill(kind, name, name, name, lesson_topic(name), target_for(name))


def card_skill(card: str) -> Skill:
    """The skill a review card (a situation type) stands for."""
    found = catalogue().get(f"{SkillKind.SITUATION.value}:{card}")
    return found if found is not None else skill(SkillKind.DRILL, card)
