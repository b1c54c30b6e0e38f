"""An attempt at an instructor's exam: complete only when taken to its end with all its hands; passed only when
complete, at the pass mark and within the time limit; one rule for the window and the stored attempts."""

from __future__ import annotations

import doctest

from tests.store.conftest import hand
from trainer.scoring import Mode, SetResult
from trainer.store import Store, exam_policy
from trainer.store.exam_policy import attempt_complete, attempt_line, attempt_passed, cut_short_message
from trainer.store.instructor import Exam, record_attempt, save_exam

EXAM = Exam("Blind check", "blind", hands=2, pass_mark=90.0, time_limit_minutes=1.0)
BOTH_RIGHT = SetResult("blind", Mode.EXAM, [hand(seed=1, seconds=20.0), hand(seed=2, seconds=20.0)])


def test_an_attempt_is_complete_only_taken_to_its_end_with_every_hand() -> None:
    assert attempt_complete(EXAM, BOTH_RIGHT, to_the_end=True)
    assert not attempt_complete(EXAM, BOTH_RIGHT, to_the_end=False), "stopped or left for another mode"
    one_hand = SetResult("blind", Mode.EXAM, [hand(seed=1)])
    assert not attempt_complete(EXAM, one_hand, to_the_end=True), "fewer hands than the exam's"


def test_an_attempt_passes_complete_at_the_pass_mark_within_the_time_limit() -> None:
    assert attempt_passed(EXAM, BOTH_RIGHT, seconds=60.0, complete=True)
    assert not attempt_passed(EXAM, BOTH_RIGHT, seconds=60.5, complete=True), "over the one-minute limit"
    assert not attempt_passed(EXAM, BOTH_RIGHT, seconds=30.0, complete=False), "cut short: never passed"
    below = SetResult("blind", Mode.EXAM, [hand(seed=1, correct=5), hand(seed=2)])  # 11 of 12 steps: 91.7 %
    assert attempt_passed(EXAM, below, seconds=30.0, complete=True)
    worse = SetResult("blind", Mode.EXAM, [hand(seed=1, correct=4), hand(seed=2)])  # 10 of 12: 83.3 %
    assert not attempt_passed(EXAM, worse, seconds=30.0, complete=True)


def test_a_stored_attempt_is_passed_by_the_same_rule(store: Store) -> None:
    ana = store.add_profile("Ana")
    exam = save_exam(store, EXAM)
    for seconds, complete in ((30.0, True), (61.0, True), (30.0, False)):
        attempt = record_attempt(store, ana, exam, BOTH_RIGHT, seconds=seconds, complete=complete)
        assert attempt.passed == attempt_passed(exam, BOTH_RIGHT, seconds=seconds, complete=complete)
        assert attempt_line(attempt).endswith(", passed." if attempt.passed else ", not passed.")


def test_a_cut_short_attempt_is_said_to_be_kept_as_not_passed() -> None:
    assert cut_short_message(EXAM) == ("The exam 'Blind check' ended before its last hand (it is taken in exam mode "
                                       "only): the attempt is kept as not passed.")


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(exam_policy).failed == 0
