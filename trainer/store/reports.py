"""Reports: a trainee's and the class's (every profile on the station), as CSV here and as the data the PDF
report (drawn by the GUI layer with Qt's PDF writer) lays out.

CSV: one row per scored item, with the columns of :data:`CSV_COLUMNS` (then, on a station, :data:`EXAM_COLUMNS`);
a text cell that a spreadsheet would read as a formula (starting with ``= + - @``, a tab or a carriage return) is
written with a leading single quote.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from trainer.scoring import mark_text
from trainer.store.instructor import Attempt, attempts
from trainer.store.mastery import Mastery, class_mastery, in_order, mastery
from trainer.store.progress import (
    DAYS_OF,
    TOTALS_COLUMNS,
    DayPoint,
    FrequentMistake,
    Totals,
    by_day,
    frequent_mistakes,
    most_frequent,
    totals,
    totals_of,
)
from trainer.store.records import Profile, StoredItem
from trainer.store.safepath import written
from trainer.store.skills import SkillKind
from trainer.store.store import Store

CSV_COLUMNS = ("profile", "date", "drill", "situation", "seed", "mode", "steps", "steps right", "seconds",
               "mistakes", "wrong attempts", "steps left to the table")
"""``mistakes`` is the steps wrong (steps less steps right, the steps left to the table among them);
``wrong attempts`` every wrong try (:class:`~trainer.scoring.ItemResult` defines the counts)."""


_TABLE_HAND = re.compile(r"^round \d+$")
EXAM_COLUMNS = ("exam", "exam set by", "pass mark", "exam verdict")
"""Columns after :data:`CSV_COLUMNS` in a station's report: the exam attempt an item was a hand of (its name, set
by ``instructor`` or ``trainee`` as in :data:`ATTEMPT_CSV_COLUMNS`, its pass mark and ``passed`` / ``not passed``),
empty for any other item."""


def csv_row(item: StoredItem) -> tuple[str | int, ...]:
    """One item's cells, in :data:`CSV_COLUMNS`' order."""
    return (item.profile, item.at, item.drill, item.situation, "" if item.seed is None else item.seed,
            item.mode.value, item.steps, item.correct, f"{item.seconds:.2f}", item.steps_wrong, item.attempts_wrong,
            item.left_to_table)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is read as a formula by spreadsheets (CSV injection, OWASP)."""


def csv_cell(value: str | int) -> str | int:
    """A cell as written: text a spreadsheet would take for a formula gets a leading single quote (OWASP's
    advice), so ``=HYPERLINK(…)`` shows as text; numbers are written as they are.

    >>> csv_cell("=SUM(A1)"), csv_cell("@x"), csv_cell("Ana"), csv_cell(-3)
    ("'=SUM(A1)", "'@x", 'Ana', -3)
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def exam_cells(store: Store, profile: Profile, items: Sequence[StoredItem]) -> dict[str, tuple[str, ...]]:
    """The :data:`EXAM_COLUMNS` cells of each of ``items`` that was a hand of one of ``profile``'s exam attempts,
    by the item's uid. An attempt keeps what each of its hands scored (its name, steps, steps right and seconds);
    each is matched to the latest exam-mode item so scored no later than the attempt, each item at most once (a
    hand of the table, ``round 3`` in the attempt, is kept under its drill's name for the hand: matched by its
    counts and seconds)."""
    rows = store.connection.execute(
        "SELECT exam_name, at, items, pass_mark, instructor, passed FROM attempt WHERE profile_id = ? ORDER BY at",
        (profile.id,)).fetchall()
    free = [item for item in items if item.mode.value == "exam"]
    found: dict[str, tuple[str, ...]] = {}
    for name, at, kept, pass_mark, instructor, passed in rows:
        cells = (name, "instructor" if instructor else "trainee", "" if pass_mark is None else mark_text(pass_mark),
                 "passed" if passed else "not passed")
        for hand in json.loads(kept or "[]"):
            title = str(hand.get("item", ""))
            match = next((item for item in reversed(free) if item.at <= at
                          and (item.title == title or _TABLE_HAND.match(title) is not None)
                          and (item.steps, item.correct) == (hand.get("steps"), hand.get("correct"))
                          and abs(item.seconds - float(hand.get("seconds", -1.0))) < 1e-6), None)
            if match is not None:
                free.remove(match)
                found[match.uid] = cells
    return found


def write_csv(store: Store, profiles: Sequence[Profile], out: TextIO) -> int:
    """Every item of ``profiles`` as CSV rows on ``out`` (an exam's hands naming the exam, :data:`EXAM_COLUMNS`);
    returns the number of rows."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow((*CSV_COLUMNS, *EXAM_COLUMNS))
    rows = 0
    nothing = ("",) * len(EXAM_COLUMNS)
    for profile in profiles:
        items = store.items(profile)
        exams = exam_cells(store, profile, items)
        for item in items:
            writer.writerow([csv_cell(cell) for cell in (*csv_row(item), *exams.get(item.uid, nothing))])
            rows += 1
    return rows


def save_csv(store: Store, profiles: Sequence[Profile], target: str | Path) -> int:
    """Write the CSV report to ``target`` the safe way (:mod:`trainer.store.safepath`): all of it or, when the
    write fails or is killed, the previous file as it was."""
    with written(target, keep=store.own_files()) as partial, partial.open("w", encoding="utf-8", newline="") as out:
        return write_csv(store, profiles, out)


@dataclass(frozen=True)
class StationCount:
    """A station a trainee's items came from (a class store's): how many, and the time of the last one."""

    station: str
    items: int
    last: str


@dataclass(frozen=True)
class TraineeReport:
    """What a trainee's report shows: totals, mastery per skill, exam attempts, frequent mistakes, the days."""

    profile: Profile
    totals: Totals
    drills: list[Mastery]
    situations: list[Mastery]
    attempts: list[Attempt]
    mistakes: list[FrequentMistake]
    days: list[DayPoint]
    stations: tuple[StationCount, ...] | None = None
    """On a class store, the stations the items came from (the PDF's station column); None on a station's own."""


REPORT_MISTAKES = 8
"""The frequent mistakes a trainee's report lists."""


def trainee_report(store: Store, profile: Profile) -> TraineeReport:
    return TraineeReport(profile, totals(store, profile), mastery(store, profile, SkillKind.DRILL),
                         mastery(store, profile, SkillKind.SITUATION), attempts(store, profile),
                         frequent_mistakes(store, profile, limit=REPORT_MISTAKES), by_day(store, profile))


def class_report(store: Store) -> list[TraineeReport]:
    """Every profile's report, by name: each the same as :func:`trainee_report`'s, read for the whole class at
    once (a few aggregate queries over the totals kept with the items, and each skill's last items from the
    index), so that on a class store the server does the work in a handful of round trips."""
    profiles = store.profiles()
    run = store.connection.execute
    found_totals = {int(row[0]): totals_of(tuple(row)[1:])
                    for row in run(f"SELECT profile_id, {TOTALS_COLUMNS} FROM ({DAYS_OF} GROUP BY profile_id, day) "
                                   "AS days GROUP BY profile_id")}
    nothing = totals_of((None, None, None, None, 0, None, None, None, None))
    skills = {kind: class_mastery(store, kind) for kind in (SkillKind.DRILL, SkillKind.SITUATION)}
    days: dict[int, list[DayPoint]] = {}
    # (ordered here: text compares byte by byte in both engines, as Python compares code points in UTF-8)
    for row in sorted(run("SELECT profile_id, day, drill AS skill, sum(items), sum(steps), sum(correct), "
                          "sum(seconds) FROM day_total GROUP BY profile_id, day, skill").fetchall(),
                      key=lambda row: (row[0], row[1], row[2])):
        days.setdefault(int(row[0]), []).append(DayPoint(row[1], row[2], row[3], row[4] or 0, row[5] or 0,
                                                         row[6] or 0.0))
    counts: dict[int, list[Sequence[object]]] = {}
    for row in run("SELECT profile_id, kind, topic, drill, sum(count), max(rule) FROM mistake_total "
                   "GROUP BY profile_id, kind, topic, drill"):
        counts.setdefault(int(row[0]), []).append(tuple(row)[1:])
    names = {profile.name: profile for profile in profiles}
    sat: dict[str, list[Attempt]] = {}
    for attempt in attempts(store):
        if attempt.profile in names:
            sat.setdefault(attempt.profile, []).append(attempt)

    def of(profile: Profile, kind: SkillKind) -> list[Mastery]:
        return in_order(skills[kind].get(profile.id, []), [kind])

    return [TraineeReport(profile, found_totals.get(profile.id, nothing), of(profile, SkillKind.DRILL),
                          of(profile, SkillKind.SITUATION), sat.get(profile.name, []),
                          most_frequent(counts.get(profile.id, []), REPORT_MISTAKES), days.get(profile.id, []))
            for profile in profiles]


ATTEMPT_CSV_COLUMNS = ("trainee", "exam", "set_by", "station", "at", "score", "pass_mark", "passed")
"""``report --attempts``: one row per exam attempt. ``set_by`` is ``instructor`` (an instructor's exam) or
``trainee`` (an exam the trainee set); ``station`` the station that sent it (a class store's; empty on a station's
own store); ``passed`` ``yes`` or ``no``, as the store marked it (a class store: its server)."""


def attempt_rows(store: Store) -> list[tuple[str, ...]]:
    """Every exam attempt (oldest first), as :data:`ATTEMPT_CSV_COLUMNS`' cells."""
    from trainer.store.store import server_keeps_totals

    station = "coalesce(attempt.station, '')" if server_keeps_totals(store.connection) else "''"
    rows = store.connection.execute(
        f"SELECT profile.name, attempt.exam_name, attempt.instructor, {station}, attempt.at, attempt.score, "
        "attempt.pass_mark, attempt.passed FROM attempt JOIN profile ON profile.id = attempt.profile_id "
        "ORDER BY attempt.at, attempt.id").fetchall()
    return [(str(row[0]), str(row[1]), "instructor" if row[2] else "trainee", str(row[3]), str(row[4]),
             f"{float(row[5]):.1f}", "" if row[6] is None else f"{float(row[6]):g}", "yes" if row[7] else "no")
            for row in rows]


def save_attempts_csv(store: Store, target: str | Path) -> int:
    """Write ``report --attempts --format csv`` the safe way; returns the number of rows."""
    found = attempt_rows(store)
    with written(target, keep=store.own_files()) as partial, partial.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(ATTEMPT_CSV_COLUMNS)
        writer.writerows([csv_cell(cell) for cell in row] for row in found)
    return len(found)
