"""Reports: a trainee's and the class's (every profile on the station), as CSV here and as the data the PDF
report (drawn by the GUI layer with Qt's PDF writer) lays out.

CSV: one row per scored item, with the columns of :data:`CSV_COLUMNS`; a text cell that a spreadsheet would read
as a formula (starting with ``= + - @``, a tab or a carriage return) is written with a leading single quote.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from trainer.store.instructor import Attempt, attempts
from trainer.store.mastery import Mastery, mastery
from trainer.store.progress import DayPoint, FrequentMistake, Totals, by_day, frequent_mistakes, totals
from trainer.store.records import Profile, StoredItem
from trainer.store.safepath import written
from trainer.store.skills import SkillKind
from trainer.store.store import Store

CSV_COLUMNS = ("profile", "date", "drill", "situation", "seed", "mode", "steps", "steps right", "seconds",
               "mistakes", "wrong attempts", "steps left to the table")
"""``mistakes`` is the steps wrong (steps less steps right, the steps left to the table among them);
``wrong attempts`` every wrong try (:class:`~trainer.scoring.ItemResult` defines the counts)."""


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


def write_csv(store: Store, profiles: Sequence[Profile], out: TextIO) -> int:
    """Every item of ``profiles`` as CSV rows on ``out``; returns the number of rows."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    rows = 0
    for profile in profiles:
        for item in store.items(profile):
            writer.writerow([csv_cell(cell) for cell in csv_row(item)])
            rows += 1
    return rows


def save_csv(store: Store, profiles: Sequence[Profile], target: str | Path) -> int:
    """Write the CSV report to ``target`` the safe way (:mod:`trainer.store.safepath`): all of it or, when the
    write fails or is killed, the previous file as it was."""
    with written(target, keep=store.own_files()) as partial, partial.open("w", encoding="utf-8", newline="") as out:
        return write_csv(store, profiles, out)


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


def trainee_report(store: Store, profile: Profile) -> TraineeReport:
    return TraineeReport(profile, totals(store, profile), mastery(store, profile, SkillKind.DRILL),
                         mastery(store, profile, SkillKind.SITUATION), attempts(store, profile),
                         frequent_mistakes(store, profile, limit=8), by_day(store, profile))


def class_report(store: Store) -> list[TraineeReport]:
    """Every profile's report, by name."""
    return [trainee_report(store, profile) for profile in store.profiles()]
