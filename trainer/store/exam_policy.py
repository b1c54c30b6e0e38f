"""The one rule for an attempt at an instructor's exam: when it is complete, when it passes, how it reads.

Qt-free, beside the store that keeps the attempts: the window's exam run (:mod:`trainer.gui.progress.exam_run`),
:func:`~trainer.store.instructor.record_attempt` and the reports all decide by it.

>>> from trainer.scoring import ItemResult
>>> from trainer.store.instructor import Exam
>>> exam = Exam("Level 1", "payouts-1", hands=2, pass_mark=90, time_limit_minutes=10)
>>> right = ItemResult("payouts-1", "1", 4, 4, (), 30.0, Mode.EXAM)
>>> done = SetResult("payouts-1", Mode.EXAM, [right, right], pass_mark=90)
>>> attempt_complete(exam, done, to_the_end=True), attempt_complete(exam, done, to_the_end=False)
(True, False)
>>> attempt_passed(exam, done, seconds=60, complete=True), attempt_passed(exam, done, seconds=601, complete=True)
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.scoring import Mode, SetResult

if TYPE_CHECKING:  # instructor.py records attempts by these rules
    from trainer.store.instructor import Attempt, Exam

__all__ = ["attempt_complete", "attempt_line", "attempt_passed", "cut_short_message"]


def attempt_complete(exam: Exam, result: SetResult, *, to_the_end: bool) -> bool:
    """Complete: taken ``to_the_end`` (not stopped, not left for another mode, its form not closed) with every
    one of the exam's hands. An attempt that is not complete is kept, as not passed."""
    return to_the_end and len(result.items) >= exam.hands


def attempt_passed(exam: Exam, result: SetResult, *, seconds: float, complete: bool) -> bool:
    """Passed: complete, at the exam's pass mark or above, and within its time limit."""
    return complete and result.score >= exam.pass_mark and seconds <= exam.time_limit_minutes * 60


def cut_short_message(exam: Exam) -> str:
    """What the trainee is told when an attempt ends before its last hand."""
    return (f"The exam {exam.name!r} ended before its last hand (it is taken in {Mode.EXAM.value} mode only): the "
            "attempt is kept as not passed.")


def attempt_line(attempt: Attempt) -> str:
    """``Exam Level 1 for Ana: 95 % (19 of 20 steps) in 4.2 min, passed.``"""
    verdict = "passed" if attempt.passed else "not passed"
    return (f"Exam {attempt.exam} for {attempt.profile}: {attempt.score:.0f} % ({attempt.correct} of {attempt.steps} "
            f"steps) in {attempt.seconds / 60:.1f} min, {verdict}.")
