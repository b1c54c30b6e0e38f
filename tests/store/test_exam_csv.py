"""The station's CSV report names the exam each exam hand was taken in: the exam, who set it, its pass mark and the
attempt's verdict, in columns after the contract's (whose columns stay as they were); any other item leaves them
empty."""

from __future__ import annotations

import csv
import io

from tests.store.conftest import Clock, hand
from trainer.scoring import Mode, SetResult
from trainer.store import Store
from trainer.store.instructor import Exam, own_exam, record_attempt, save_exam
from trainer.store.reports import CSV_COLUMNS, EXAM_COLUMNS, write_csv


def test_the_csv_rows_of_an_exams_hands_name_the_exam_set_by_pass_mark_and_verdict(store: Store,
                                                                                   clock: Clock) -> None:
    ana = store.add_profile("Ana")
    store.record_item(ana, hand(seed=1, steps=5, seconds=8.0))  # practice: no exam
    exam = save_exam(store, Exam("WA Trips final", "blind", 2, 85.0, 20.0))
    taken = [hand(seed=2, steps=6, correct=5, seconds=9.25, mode=Mode.EXAM),
             hand(seed=3, steps=4, seconds=7.5, mode=Mode.EXAM)]
    clock.advance(minutes=1)
    for item in taken:
        store.record_item(ana, item)
    clock.advance(seconds=5)
    record_attempt(store, ana, exam, SetResult("blind", Mode.EXAM, taken, pass_mark=85.0))  # 9 of 10: passed
    own = [hand(seed=4, steps=6, correct=3, seconds=11.0, mode=Mode.EXAM)]
    clock.advance(minutes=1)
    store.record_item(ana, own[0])
    clock.advance(seconds=5)
    own_set = SetResult("blind", Mode.EXAM, own, pass_mark=92.5)
    record_attempt(store, ana, own_exam(own_set, 1), own_set, instructor=False)
    out = io.StringIO()
    assert write_csv(store, [ana], out) == 4
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert tuple(rows[0]) == (*CSV_COLUMNS, *EXAM_COLUMNS)
    assert [(row["seed"], row["exam"], row["exam set by"], row["pass mark"], row["exam verdict"]) for row in rows] == [
        ("1", "", "", "", ""),
        ("2", "WA Trips final", "instructor", "85", "passed"),
        ("3", "WA Trips final", "instructor", "85", "passed"),
        ("4", "Own exam: blind", "trainee", "92.5", "not passed")]
