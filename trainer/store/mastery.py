"""Mastery per skill: accuracy and speed over a skill's last items, shown as a level.

A skill's window is its last ``window`` items (50, ``skills.toml``). Accuracy is the steps right of the steps
answered; speed is the median of the items' seconds per decision, against the skill's target. The level is the
first of ``skills.toml``'s levels whose conditions hold (table-ready, practised, learning); a skill never
practised is new.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from trainer.i18n.translation import ngettext
from trainer.store.dialect import PgConnection
from trainer.store.records import Profile
from trainer.store.skills import Level, LevelRule, Skill, SkillKind, catalogue, config, skill
from trainer.store.store import Store, count_problem

_COLUMN = {SkillKind.DRILL: "drill", SkillKind.SITUATION: "situation"}


@dataclass(frozen=True)
class Mastery:
    """Where a trainee stands with one skill."""

    skill: Skill
    items: int
    accuracy: float | None
    """Percent of steps right over the window (None: no steps answered yet)."""
    seconds_per_decision: float | None
    level: Level

    @property
    def on_target(self) -> bool | None:
        if self.seconds_per_decision is None:
            return None
        return self.seconds_per_decision <= self.skill.target_seconds

    def describe(self) -> str:
        """``blind: practised, 94 % over 20 items, 3.1 s per decision (target 4 s)``."""
        if self.accuracy is None or self.seconds_per_decision is None:
            return f"{self.skill.name}: {self.level.shown}"
        return f"{self.skill.name}: {self.level.shown}, " + ngettext(
            "{accuracy} over {count} item, {seconds} s per decision (target {target} s)",
            "{accuracy} over {count} items, {seconds} s per decision (target {target} s)", self.items).format(
                accuracy=f"{self.accuracy:.0f} %", count=self.items, seconds=f"{self.seconds_per_decision:.1f}",
                target=f"{self.skill.target_seconds:g}")


def level_of(items: int, accuracy: float | None, seconds: float | None, target: float,
             rules: Sequence[LevelRule] | None = None) -> Level:
    """The level that ``items`` items at ``accuracy`` percent and ``seconds`` per decision reach.

    >>> level_of(0, None, None, 4.0).value, level_of(5, 70.0, 6.0, 4.0).value
    ('new', 'learning')
    >>> level_of(20, 95.0, 6.0, 4.0).value, level_of(40, 99.0, 3.0, 4.0).value, level_of(40, 99.0, 5.0, 4.0).value
    ('practised', 'table-ready', 'practised')
    """
    if items == 0 or accuracy is None:
        return Level.NEW
    for rule in config().levels if rules is None else rules:
        fast_enough = not rule.on_target or (seconds is not None and seconds <= target)
        if items >= rule.min_items and accuracy >= rule.min_accuracy and fast_enough:
            return rule.level
    return Level.NEW


def measure(found: Skill, rows: Sequence[tuple[int, int, float]]) -> Mastery:
    """Mastery from a window of ``(steps, correct, seconds)`` rows."""
    return measured(found, len(rows), sum(row[0] for row in rows), sum(row[1] for row in rows),
                    [row[2] / row[0] for row in rows if row[0]])


def measured(found: Skill, items: int, steps: int, correct: int, paces: Sequence[float]) -> Mastery:
    """Mastery from a window's items, steps and steps right, and the seconds per decision of its items."""
    accuracy = 100.0 * correct / steps if steps else None
    seconds = statistics.median(paces) if paces else None
    return Mastery(found, items, accuracy, seconds, level_of(items, accuracy, seconds, found.target_seconds))


SOUND = "steps >= 0 AND correct >= 0 AND correct <= steps AND seconds >= 0 AND seconds < 1e12"
"""The items a mastery counts: a row that breaks the store's rules (another program wrote it) is not counted (a
NaN of seconds fails ``seconds < 1e12`` on PostgreSQL, where NaN is above every number); :meth:`Store.items` says
so when it meets one."""


def note_unsound(store: Store, profile: Profile | None) -> None:
    """Keep in ``store.skipped`` the items (of ``profile``, or of all) a mastery does not count as breaking the
    store's rules, so the command says so once (:meth:`Store.skipped_line`)."""
    where, values = ("profile_id = ? AND ", [profile.id]) if profile is not None else ("", [])
    for uid, steps, correct, seconds in store.connection.execute(
            f"SELECT uid, steps, correct, seconds FROM item WHERE {where}NOT ({SOUND}) LIMIT 100", values).fetchall():
        store.skipped.setdefault(str(uid), count_problem(str(uid)[:64], steps, correct, seconds) or str(uid))


def skill_mastery(store: Store, profile: Profile, kind: SkillKind, name: str) -> Mastery:
    """The mastery of one skill from its last items."""
    column = _COLUMN[kind]
    rows = store.connection.execute(
        f"SELECT steps, correct, seconds FROM item WHERE profile_id = ? AND {column} = ? AND {SOUND} "
        f"ORDER BY at DESC, id DESC LIMIT ?", (profile.id, name, config().window)).fetchall()
    return measure(skill(kind, name), [(row[0], row[1], row[2]) for row in rows])


def practised(store: Store, profile: Profile, kind: SkillKind) -> list[str]:
    """The names of the skills of ``kind`` the profile has items of."""
    column = _COLUMN[kind]
    rows = store.connection.execute(f"SELECT DISTINCT {column} FROM item WHERE profile_id = ?",
                                    (profile.id,)).fetchall()
    return [row[0] for row in rows]


def mastery(store: Store, profile: Profile, kind: SkillKind | None = None, *,
            include_new: bool = False) -> list[Mastery]:
    """Every practised skill's mastery (and the skills never practised, as new, with ``include_new``), in
    the catalogue's order (drills as ``quiz --list`` lists them, then the situations)."""
    kinds = [kind] if kind is not None else [SkillKind.DRILL, SkillKind.SITUATION]
    note_unsound(store, profile)
    return in_order([skill_mastery(store, profile, each, name) for each in kinds
                     for name in set(practised(store, profile, each))], kinds, include_new=include_new)


def class_mastery(store: Store, kind: SkillKind) -> dict[int, list[Mastery]]:
    """Every profile's practised skills of ``kind`` at once (by profile id), for the class report; each as
    :func:`skill_mastery` measures it. On a class store the server measures each window (its last items taken from
    the index) and sends its sums and its seconds per decision; the station's own store numbers each skill's items,
    newest first, and sends the windows."""
    column = _COLUMN[kind]
    found: dict[int, list[Mastery]] = {}
    note_unsound(store, None)
    if isinstance(cast(object, store.connection), PgConnection):
        rows = store.connection.execute(
            f"SELECT practised.profile_id, practised.skill, window_.items, window_.steps, window_.correct, "
            f"window_.paces FROM (SELECT DISTINCT profile_id, {column} AS skill FROM day_total) AS practised "
            f"CROSS JOIN LATERAL (SELECT count(*) AS items, coalesce(sum(steps), 0) AS steps, "
            f"coalesce(sum(correct), 0) AS correct, array_agg(seconds / steps) FILTER (WHERE steps > 0) AS paces "
            f"FROM (SELECT steps, correct, seconds FROM item WHERE item.profile_id = practised.profile_id "
            f"AND item.{column} = practised.skill AND {SOUND} ORDER BY at DESC, id DESC LIMIT ?) AS last) AS window_",
            (config().window,)).fetchall()
        for profile_id, name, items, steps, correct, paces in rows:
            found.setdefault(int(profile_id), []).append(
                measured(skill(kind, str(name)), int(items), int(steps), int(correct), list(paces or ())))
        return found
    windows: dict[int, dict[str, list[tuple[int, int, float]]]] = {}
    for profile_id, name, steps, correct, seconds in store.connection.execute(
            f"SELECT profile_id, skill, steps, correct, seconds FROM (SELECT profile_id, {column} AS skill, steps, "
            f"correct, seconds, row_number() OVER (PARTITION BY profile_id, {column} ORDER BY at DESC, id DESC) "
            f"AS number FROM item WHERE {SOUND}) WHERE number <= ?", (config().window,)).fetchall():
        windows.setdefault(int(profile_id), {}).setdefault(str(name), []).append((steps, correct, seconds))
    return {profile_id: [measure(skill(kind, name), rows) for name, rows in skills.items()]
            for profile_id, skills in windows.items()}


def in_order(found: list[Mastery], kinds: Sequence[SkillKind], *, include_new: bool = False) -> list[Mastery]:
    """``found`` (the practised skills of ``kinds``) in the catalogue's order, with the others as new when
    ``include_new``."""
    order = {key: number for number, key in enumerate(catalogue())}
    found = list(found)
    for each in kinds:
        names = {entry.skill.name for entry in found if entry.skill.kind is each}
        if include_new:
            found.extend(Mastery(known, 0, None, None, Level.NEW) for known in catalogue().values()
                         if known.kind is each and known.name not in names)
    found.sort(key=lambda entry: (order.get(entry.skill.key, len(order)), entry.skill.key))
    return found
