"""A key that does not apply to where the round stands does nothing: the session's ``can_…`` says so. E (skip to
the end) while the next hand of an exam is dealt must not settle that hand for the trainee, nor end the exam."""

from __future__ import annotations

from tests.session.support import BEFORE_SETTLEMENT, new_session
from trainer.scoring import Mode
from trainer.session import SessionState


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
    assert session.can_skip_to_end() and not session.can_pause()  # E: the table finishes the hand


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


def test_an_exam_is_not_shortened_by_a_key_that_does_not_apply() -> None:
    session, table = new_session()
    table.auto = False
    session.start_exam(3)
    session.deal()
    for phase in BEFORE_SETTLEMENT:
        session.reach(phase)
    session.begin_settlement()
    session.let_table_finish()  # E on hand 1: the table finishes it
    session.finish_round()
    session.deal()  # hand 2 is being dealt: E does not apply
    assert not session.can_skip_to_end()
    result = session.set_result
    assert result is not None and len(result.items) == 1 and session.set_hands == 3
