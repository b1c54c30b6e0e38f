"""A run round counts a task got wrong once however many times it was tried: its first mistake is the step's, every
try a wrong attempt (a fault missed thirteen times is one wrong step, not "missed fault x13")."""

from __future__ import annotations

from tests.drills.test_run_round_drill import perfect_lines
from trainer.drills.whole_round import round_item
from trainer.quiz.round_script import Irregularity
from trainer.scoring import ErrorKind, Mode

TRIES = 13


def test_a_fault_missed_many_times_is_one_wrong_step_with_every_try_a_wrong_attempt() -> None:
    item = round_item(3, Mode.PRACTICE, forced=Irregularity.SHUFFLER_FAILS)
    lines = perfect_lines(item)
    for line in lines[:-1]:
        item.answer(item.next_question().parse(line))  # type: ignore[union-attr]
    question = item.next_question()
    assert question is not None
    for _ in range(TRIES):  # dealing on instead of calling the fault: refused each time (practice)
        assert not item.answer(question.parse("next")).correct
    assert item.answer(question.parse(lines[-1])).correct and item.next_question() is None
    result = item.run.result()
    assert result.steps - result.correct == 1
    assert [mistake.kind for mistake in result.mistakes] == [ErrorKind.MISSED_FAULT]
    assert result.wrong_attempts == TRIES and result.left_to_table == 0
