"""The one rule for an attempt at an instructor's exam: when it is complete, when it passes, how it reads.

Qt-free, beside the store that keeps the attempts: the window's exam run (:mod:`trainer.gui.progress.exam_run`),
:func:`~trainer.store.instructor.record_attempt` and the reports all decide by it.

>>> from trainer.scoring import ItemResult, Mode
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

from typing import Protocol

from trainer.i18n.translation import _, ngettext
from trainer.scoring import SetResult


class Exam(Protocol):
    """What the rule reads of an exam (:class:`trainer.store.instructor.Exam`, which records by this rule)."""

    @property
    def name(self) -> str: ...
    @property
    def hands(self) -> int: ...
    @property
    def pass_mark(self) -> float: ...
    @property
    def time_limit_minutes(self) -> float: ...


class Attempt(Protocol):
    """What a line reads of an attempt (:class:`trainer.store.instructor.Attempt`)."""

    @property
    def exam(self) -> str: ...
    @property
    def profile(self) -> str: ...
    @property
    def score(self) -> float: ...
    @property
    def correct(self) -> int: ...
    @property
    def steps(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def passed(self) -> bool: ...

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
    return _("The exam {name} ended before its last hand (it is taken in {mode} mode only): the attempt is kept "
             "as not passed.").format(name=repr(exam.name), mode=_("exam"))


def attempt_line(attempt: Attempt) -> str:
    """``Exam Level 1 for Ana: 95.0 % (19 of 20 steps) in 4.2 min, passed.`` (the score as every screen gives it)"""
    verdict = _("passed") if attempt.passed else _("not passed")
    return ngettext("Exam {exam} for {profile}: {score} ({correct} of {count} step) in {minutes} min, {verdict}.",
                    "Exam {exam} for {profile}: {score} ({correct} of {count} steps) in {minutes} min, {verdict}.",
                    attempt.steps).format(exam=attempt.exam, profile=attempt.profile, score=f"{attempt.score:.1f} %",
                                          correct=attempt.correct, count=attempt.steps,
                                          minutes=f"{attempt.seconds / 60:.1f}", verdict=verdict)
