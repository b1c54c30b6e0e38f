"""Every exam set is kept as an attempt with its pass mark; an instructor's exam is marked as such. A store of an
earlier schema migrates its attempts (instructor's, with their exam's pass mark); an export carries a trainee's own
exam too, and importing it keeps it as the trainee's own."""

from __future__ import annotations

from pathlib import Path

from tests.store.conftest import Clock, hand
from trainer.scoring import Mode, SetResult
from trainer.store import Store
from trainer.store.db import schema_version
from trainer.store.instructor import Exam, attempts, own_exam, record_attempt, save_exam
from trainer.store.transfer import export_profile, import_profile


def test_an_attempt_kept_before_pass_marks_were_kept_is_an_instructors_at_its_exams_pass_mark(
        tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "progress.sqlite3"
    with Store.open(path=path, clock=clock, upgrade_to=5) as fifth:
        ana = fifth.add_profile("Ana")
        exam = save_exam(fifth, Exam("Blind check", "blind", 2, 85.0, 10.0))
        fifth.connection.execute(
            "INSERT INTO attempt (uid, profile_id, exam_uid, exam_name, at, score, steps, correct, mistakes, seconds, "
            "passed, items) VALUES ('a1', ?, ?, 'Blind check', '2025-01-02T10:00:00+00:00', 100, 8, 8, '[]', 60, 1, "
            "'[]')", (ana.id, exam.uid))
    with Store.open(path=path, clock=clock) as latest:
        assert latest.connection.execute("PRAGMA user_version").fetchone()[0] == schema_version()
        (kept,) = attempts(latest)
        assert (kept.exam, kept.instructor, kept.pass_mark, kept.kind) == ("Blind check", True, 85.0, "instructor")


def test_an_exam_set_the_trainee_chose_is_kept_as_their_own_at_its_pass_mark(store: Store) -> None:
    ana = store.add_profile("Ana")
    result = SetResult("settlement", Mode.EXAM, [hand(seed=1), hand(seed=2, correct=4)], pass_mark=80.0)
    record_attempt(store, ana, own_exam(result, 2), result, complete=True, instructor=False)
    (kept,) = attempts(store, ana)
    assert (kept.exam, kept.instructor, kept.pass_mark, kept.kind) == ("Own exam: settlement", False, 80.0, "own")
    assert kept.passed == (result.score >= 80.0)


def test_an_own_exam_cut_short_is_kept_as_not_passed(store: Store) -> None:
    ana = store.add_profile("Ana")
    result = SetResult("settlement", Mode.EXAM, [hand(seed=1)], pass_mark=50.0)
    record_attempt(store, ana, own_exam(result, 5), result, complete=False, instructor=False)
    (kept,) = attempts(store, ana)
    assert kept.score == 100.0 and not kept.passed


def test_an_own_exam_goes_through_an_export_and_an_import_as_the_trainees_own(store: Store, tmp_path: Path,
                                                                            clock: Clock) -> None:
    ana = store.add_profile("Ana")
    result = SetResult("settlement", Mode.EXAM, [hand(seed=1), hand(seed=2)], pass_mark=90.0)
    record_attempt(store, ana, own_exam(result, 2), result, complete=True, instructor=False)
    target = tmp_path / "ana.json"
    export_profile(store, ana, target)
    with Store.open(path=tmp_path / "other.sqlite3", clock=clock) as other:
        imported = import_profile(other, target, instructor=True)
        assert imported.attempts_added == 1 and imported.attempts_left_out == 0
        (kept,) = attempts(other)
        assert (kept.exam, kept.instructor, kept.pass_mark, kept.passed) == ("Own exam: settlement", False, 90.0,
                                                                             True)
