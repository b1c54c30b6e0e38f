"""A key that does not apply to where the round stands does nothing: the session's ``can_…`` says so. E (skip to
the end) while the next hand of an exam is dealt must not settle that hand for the trainee, nor end the exam; while
the trainee settles an exam hand, no key hands it to the table."""

from __future__ import annotations

import pytest

from tests.session.support import BEFORE_SETTLEMENT, new_session
from trainer.scoring import Mode
from trainer.session import SessionError, SessionState


def test_skip_to_the_end_does_not_apply_while_a_hand_for_the_trainee_is_dealt() -> None:
    session, table = new_session()
    table.auto = False
    session.start_exam(3)
    session.deal()
    assert not session.can_skip_to_end()
    for phase in BEFORE_SETTLEMENT:
        session.reach(phase)
        assert not session.can_skip_to_end(), phase
    session.begin_settlement()
    assert not session.can_skip_to_end() and not session.can_pause()  # the exam hand is the trainee's


def test_skip_to_the_end_applies_to_a_round_the_table_settles_and_to_the_clearing() -> None:
    session, table = new_session()
    table.auto = False
    assert not session.can_skip_to_end() and not session.can_pause()  # nothing on the table
    session.deal()
    assert session.can_skip_to_end() and session.can_pause()
    session.finish_round()
    session.set_mode(Mode.PRACTICE)
    session.deal()
    for phase in BEFORE_SETTLEMENT:
        session.reach(phase)
    session.begin_settlement()
    session.let_table_finish()
    assert session.state is SessionState.TABLE_SETTLING and session.can_skip_to_end() and session.can_pause()


def test_an_exam_hand_is_never_handed_to_the_table_by_a_key() -> None:
    session, table = new_session()
    table.auto = False
    session.start_exam(3)
    session.deal()
    for phase in BEFORE_SETTLEMENT:
        session.reach(phase)
    quiz = session.begin_settlement()
    assert quiz is not None
    assert not session.can_skip_to_end() and not session.can_let_table_finish()
    with pytest.raises(SessionError):
        session.let_table_finish()
    assert session.quiz is quiz and session.state is SessionState.TRAINEE_SETTLING
    result = session.set_result
    assert result is not None and result.items == [] and session.set_hands == 3
