"""The table session drives whole rounds without Qt: the table settling, the trainee settling in every mode, an
exam set to its end, a change of mode mid-hand, the table finishing a hand, and the rule for dealing on."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from tests.session.support import HOUSE, Clock, Table, new_session, settle_right
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action
from trainer.scoring import ErrorKind, Mode
from trainer.session import (
    HandFinished,
    ModeChanged,
    RoundDealt,
    RoundOver,
    SessionError,
    SessionState,
    SetFinished,
    SettingsRounds,
    SettlementBegun,
    StepAccepted,
    TableSettles,
)

# --- the round's states -------------------------------------------------------------------------------------


def test_a_round_the_table_settles_goes_from_the_deal_through_the_showdown_to_round_over() -> None:
    session, table = new_session()
    assert session.state is SessionState.WAITING and session.can_deal()
    dealt = session.deal()
    assert session.state is SessionState.ROUND_OVER and session.played is dealt.played
    assert table.states == [SessionState.DEALING, SessionState.DEALING, SessionState.DECISIONS,
                            SessionState.DEALING, SessionState.DEALING, SessionState.DECISIONS,
                            SessionState.SHOWDOWN, SessionState.TABLE_SETTLING, SessionState.TABLE_SETTLING]
    assert [type(event) for event in table.events] == [RoundDealt, RoundOver]
    assert not table.of(RoundDealt)[0].settle_by_trainee  # type: ignore[attr-defined]
    assert session.book.items() == []


def test_the_users_table_deals_its_rounds_one_after_another() -> None:
    session, _ = new_session()
    numbers = [session.deal().played.number for _ in range(3)]
    assert numbers == [1, 2, 3]


def test_an_action_the_state_does_not_allow_raises_a_plain_error() -> None:
    session, table = new_session()
    table.auto = False
    with pytest.raises(SessionError, match=r"^The dealer's hand cannot be announced now: no round has been dealt"):
        session.announce(Category.ONE_PAIR, True)
    with pytest.raises(SessionError, match=r"^The round cannot be finished now"):
        session.finish_round()
    session.deal()
    with pytest.raises(SessionError, match=r"^A new round cannot be dealt now: the table is dealing a round\.$"):
        session.deal()
    with pytest.raises(SessionError, match=r"^The trainee cannot begin settling now"):
        session.begin_settlement()  # the round was dealt for the table to settle
    with pytest.raises(SessionError, match=r"^Finish the round on the table first, then start the drill\.$"):
        session.start_drill(SettingsRounds(HOUSE, random.Random(1)), Mode.PRACTICE)
    session.finish_round()
    assert session.can_deal() and not session.can_answer()


# --- the trainee settles ------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", list(Mode))
def test_a_hand_settled_right_in_any_mode_scores_every_step(mode: Mode) -> None:
    session, table = new_session()
    session.set_mode(mode)
    session.deal()
    assert session.state is SessionState.TRAINEE_SETTLING and session.quiz is not None
    steps = len(session.quiz.settlement.procedure)
    settle_right(session)
    assert session.state is SessionState.ROUND_OVER and session.quiz is None
    [finished] = table.of(HandFinished)
    result = finished.hand.result  # type: ignore[attr-defined]
    assert (result.steps, result.correct, result.mode) == (steps + 1, steps + 1, mode)
    assert len(table.of(StepAccepted)) == steps
    if mode is Mode.EXAM:  # an exam tells the book when its set is done
        assert session.book.items() == [] and session.set_result is not None
    else:
        assert session.book.items() == [result]


def test_a_wrong_step_in_practice_is_not_taken_and_the_hand_counts_it() -> None:
    session, table = new_session()
    session.set_mode(Mode.PRACTICE)
    session.deal()
    quiz = session.quiz
    assert quiz is not None
    settlement = quiz.settlement
    session.announce(settlement.dealer.category, settlement.dealer_qualifies)
    step = quiz.next_step()
    assert step is not None
    wrong = Action.PUSH if step.action is not Action.PUSH else Action.TAKE
    verdict = session.submit_step(step.seat, step.wager, wrong)
    assert not verdict.accepted and verdict.mistakes[0].kind is ErrorKind.WRONG_ACTION
    assert table.of(StepAccepted) == [] and quiz.next_step() is step
    settle_right_from_steps(session)
    [result] = session.book.items()
    assert result.correct == result.steps - 1


def settle_right_from_steps(session: object) -> None:
    from trainer.session import TableSession

    assert isinstance(session, TableSession)
    while session.quiz is not None and (step := session.quiz.next_step()) is not None:
        session.submit_step(step.seat, step.wager, step.action, step.amount if step.action is Action.PAY else None)


def test_exam_takes_a_wrong_step_as_given_and_moves_the_chips_that_way() -> None:
    session, table = new_session()
    session.start_exam(hands=1)
    session.deal()
    quiz = session.quiz
    assert quiz is not None
    session.announce(Category.ROYAL_FLUSH, False)
    step = quiz.next_step()
    assert step is not None
    wrong = Action.PUSH if step.action is not Action.PUSH else Action.TAKE
    verdict = session.submit_step(step.seat, step.wager, wrong)
    assert verdict.accepted and not verdict.correct
    [accepted] = table.of(StepAccepted)
    shown = accepted.shown  # type: ignore[attr-defined]
    assert (shown.seat, shown.wager, shown.action) == (step.seat, step.wager, wrong)
    hand = next(hand for hand in session.played.hands if hand.seat == step.seat)  # type: ignore[union-attr]
    if wrong is Action.PUSH:  # a push leaves the stake on the felt: nothing won, nothing lost
        assert (shown.amount, shown.net) == (getattr(hand, step.wager.value), Decimal(0))


def test_an_exam_set_deals_on_by_itself_until_its_last_hand_then_records_the_set() -> None:
    session, table = new_session()
    session.start_exam(hands=2, pass_mark=95)
    assert session.set_hands == 2 and not session.next_round_due()  # the first hand waits for N
    session.deal()
    settle_right(session)
    [over] = table.of(RoundOver)
    assert over.next_by_itself and session.book.items() == []  # type: ignore[attr-defined]
    assert table.of(HandFinished)[0].hands_left == 1  # type: ignore[attr-defined]
    session.deal()
    settle_right(session)
    [done] = table.of(SetFinished)
    assert done.complete and done.result.passed and len(done.hands) == 2  # type: ignore[attr-defined]
    assert session.book.sets() == [done.result] and len(session.book.items()) == 2  # type: ignore[attr-defined]
    assert session.last_review is not None and len(session.last_review[0]) == 2
    assert not table.of(RoundOver)[-1].next_by_itself  # type: ignore[attr-defined]
    assert session.mode is Mode.EXAM and session.set_result is not None and not session.set_result.items


def test_speed_mode_sets_its_target_and_times_the_hand() -> None:
    session, _ = new_session()
    clock = session.clock
    assert isinstance(clock, Clock)
    session.set_mode(Mode.SPEED)
    assert session.set_result is not None and session.set_result.target_seconds_per_decision == 3.0
    session.deal()
    clock.now += 12.0
    settle_right(session)
    [result] = session.book.items()
    assert result.seconds == pytest.approx(12.0)


def test_a_change_of_mode_mid_hand_lets_the_table_finish_and_counts_what_was_answered() -> None:
    session, table = new_session()
    session.set_mode(Mode.PRACTICE)
    session.deal()
    quiz = session.quiz
    assert quiz is not None
    session.announce(quiz.settlement.dealer.category, quiz.settlement.dealer_qualifies)
    session.set_mode(Mode.GUIDED)
    kinds = [type(event) for event in table.events]
    assert kinds[kinds.index(HandFinished):] == [HandFinished, TableSettles, SetFinished, ModeChanged, RoundOver]
    [finished] = table.of(HandFinished)
    assert finished.by_table and (finished.hand.result.steps, finished.hand.result.mode) == (1, Mode.PRACTICE)  # type: ignore[attr-defined]
    assert [result.mode for result in session.book.sets()] == [Mode.PRACTICE]
    assert session.state is SessionState.ROUND_OVER and session.mode is Mode.GUIDED


def test_the_quiz_turned_off_during_the_deal_leaves_the_round_to_the_table() -> None:
    session, table = new_session()
    session.set_mode(Mode.PRACTICE)
    table.auto = False
    session.deal()
    session.set_mode(None)
    assert session.can_begin_settlement()
    assert session.begin_settlement() is None
    assert session.state is SessionState.TABLE_SETTLING and isinstance(table.events[-1], TableSettles)
    session.finish_round()
    assert session.book.items() == [] and table.of(SettlementBegun) == []


def test_the_table_finishing_a_hand_scores_what_was_answered() -> None:
    session, table = new_session()
    session.set_mode(Mode.PRACTICE)
    table.auto = False
    session.deal()
    session.begin_settlement()
    quiz = session.quiz
    assert quiz is not None
    session.announce(quiz.settlement.dealer.category, quiz.settlement.dealer_qualifies)
    session.let_table_finish()
    assert session.state is SessionState.TABLE_SETTLING and session.quiz is None
    session.finish_round()
    [result] = session.book.items()
    assert (result.steps, result.correct) == (1, 1)


def test_skipping_to_the_end_mid_hand_scores_what_was_answered() -> None:
    session, table = new_session()
    session.set_mode(Mode.PRACTICE)
    table.auto = False
    session.deal()
    session.begin_settlement()
    session.finish_round()  # the table jumped to the end
    [finished] = table.of(HandFinished)
    assert finished.by_table and session.book.items()[0].steps == 0  # type: ignore[attr-defined]


def test_continuous_dealing_makes_every_next_round_due() -> None:
    session, table = new_session()
    session.deal()
    assert not table.of(RoundOver)[-1].next_by_itself  # type: ignore[attr-defined]
    session.continuous = True
    session.deal()
    assert table.of(RoundOver)[-1].next_by_itself and session.next_round_due()  # type: ignore[attr-defined]


def test_changed_settings_deal_a_new_table_and_a_changed_look_keeps_it() -> None:
    source = SettingsRounds(HOUSE, random.Random(3))
    assert source.next_round().played.number == 1
    source.use_settings(HOUSE.replace(animation_speed=2.0))
    assert source.next_round().played.number == 2
    source.use_settings(HOUSE.replace(seats=2))
    again = source.next_round()
    assert again.played.number == 1 and again.felt.seat_count == 2


__all__ = ["Table"]
