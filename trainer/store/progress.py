"""Progress over time, for the progress screen and the reports: per day and skill, speed sets, frequent mistakes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trainer.store.records import Profile
from trainer.store.skills import lesson_topic
from trainer.store.store import Store


@dataclass(frozen=True)
class DayPoint:
    """One skill's items of one day (``day`` as ``YYYY-MM-DD``, UTC)."""

    day: str
    skill: str
    items: int
    steps: int
    correct: int
    seconds: float

    @property
    def accuracy(self) -> float:
        return 100.0 * self.correct / self.steps if self.steps else 100.0

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / self.steps if self.steps else 0.0


@dataclass(frozen=True)
class SpeedPoint:
    """A day's speed-mode hands: how many, and the hands per hour they make."""

    day: str
    hands: int
    seconds: float

    @property
    def hands_per_hour(self) -> float:
        return 3600.0 * self.hands / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class FrequentMistake:
    """A kind of mistake on a topic, how often, a rule it broke, and the drill where it happened most."""

    kind: str
    topic: str
    count: int
    rule: str
    drill: str

    @property
    def lesson(self) -> str:
        """The lesson topic to open for it."""
        return lesson_topic(self.topic or self.drill)

    def describe(self) -> str:
        return f"{self.kind} ({self.topic or self.drill}) × {self.count}"


def by_day(store: Store, profile: Profile, *, skill_column: str = "drill") -> list[DayPoint]:
    """Each day's items per drill (``skill_column="situation"``: per situation type), oldest first."""
    if skill_column not in ("drill", "situation"):
        raise ValueError(f"no skill column {skill_column!r}")
    rows = store.connection.execute(
        f"SELECT day, {skill_column} AS skill, sum(items), sum(steps), sum(correct), sum(seconds) "
        f"FROM day_total WHERE profile_id = ? GROUP BY day, skill ORDER BY day, skill", (profile.id,)).fetchall()
    return [DayPoint(row[0], row[1], row[2], row[3] or 0, row[4] or 0, row[5] or 0.0) for row in rows]


def speed_by_day(store: Store, profile: Profile) -> list[SpeedPoint]:
    """Each day's speed-mode hands per hour, oldest first."""
    rows = store.connection.execute(
        "SELECT day, sum(items), sum(seconds) FROM day_total WHERE profile_id = ? AND mode = 'speed' "
        "GROUP BY day ORDER BY day", (profile.id,)).fetchall()
    return [SpeedPoint(row[0], row[1], row[2] or 0.0) for row in rows]


def frequent_mistakes(store: Store, profile: Profile | None = None, limit: int = 10) -> list[FrequentMistake]:
    """The most frequent mistakes (kind and topic), most frequent first; every profile's when None."""
    where, values = ("WHERE profile_id = ?", [profile.id]) if profile else ("", [])
    rows = store.connection.execute(
        f"SELECT kind, topic, drill, sum(count), max(rule) FROM mistake_total {where} GROUP BY kind, topic, drill",
        values).fetchall()
    return most_frequent(rows, limit)


def most_frequent(rows: Sequence[Sequence[Any]], limit: int) -> list[FrequentMistake]:
    """The most frequent of ``(kind, topic, drill, count, rule)`` rows (a profile's mistake counts), as
    :func:`frequent_mistakes` gives them."""
    groups: dict[tuple[str, str], list[tuple[int, str, str]]] = {}
    for kind, topic, drill, count, rule in rows:
        groups.setdefault((kind, topic), []).append((count, drill, rule or ""))
    found = []
    for (kind, topic), drills in groups.items():
        count, drill, rule = max(drills)
        found.append(FrequentMistake(kind, topic, sum(entry[0] for entry in drills), rule, drill))
    found.sort(key=lambda entry: (-entry.count, entry.kind, entry.topic))
    return found[:limit]


@dataclass(frozen=True)
class Totals:
    """A profile's items, steps, steps right and seconds, on how many days, from the first day to the last."""

    items: int
    steps: int
    correct: int
    seconds: float
    days: int
    first: str | None
    last: str | None
    wrong_attempts: int = 0
    """Every wrong try (an item kept before they were counted: one per mistake)."""
    left_to_table: int = 0
    """Steps the table finished for the trainee."""

    @property
    def accuracy(self) -> float:
        return 100.0 * self.correct / self.steps if self.steps else 100.0

    @property
    def steps_wrong(self) -> int:
        return self.steps - self.correct


def totals(store: Store, profile: Profile) -> Totals:
    row = store.connection.execute(f"SELECT {TOTALS_COLUMNS} FROM ({DAYS_OF} WHERE profile_id = ? "
                                   "GROUP BY profile_id, day) AS days", (profile.id,)).fetchone()
    return totals_of(row)


DAYS_OF = ("SELECT profile_id, day, sum(items) AS items, sum(steps) AS steps, sum(correct) AS correct, "
           "sum(seconds) AS seconds, sum(wrong_attempts) AS wrong_attempts, sum(left_to_table) AS left_to_table "
           "FROM day_total")
TOTALS_COLUMNS = ("sum(items), sum(steps), sum(correct), sum(seconds), count(*), min(day), max(day), "
                  "sum(wrong_attempts), sum(left_to_table)")
"""A profile's :class:`Totals` from its days (:data:`DAYS_OF` grouped by profile and day; the class report
reads every profile's at once, in one pass over the day totals)."""


def totals_of(row: Sequence[Any]) -> Totals:
    """The :class:`Totals` of a row of :data:`TOTALS_COLUMNS` (PostgreSQL sums sums of integers as numerics)."""
    return Totals(int(row[0] or 0), int(row[1] or 0), int(row[2] or 0), float(row[3] or 0.0), int(row[4]), row[5],
                  row[6], int(row[7] or 0), int(row[8] or 0))


def shown_accuracy(totals: Totals) -> str:
    """The accuracy as a report shows it: ``97.5 %``, or ``—`` before the trainee's first item."""
    return "—" if not totals.items else f"{totals.accuracy:.1f} %"
