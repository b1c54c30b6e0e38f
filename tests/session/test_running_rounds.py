"""The trainee running the rounds is a state of the table session: the table deals none of its own meanwhile,
every round run is scored into the session's book, an exam set is passed at its pass mark, and taking the table
for something else gives the round up (what was done counts)."""

from __future__ import annotations

import random

import pytest

from tests.session.support import new_session
from trainer.engine.wagers import Action
from trainer.quiz.round_script import Task
from trainer.quiz.run_round import Act
from trainer.scoring import Mode
from trainer.session import (
    RUN_ROUND_DRILL,
    ModeChanged,
    RunModeChanged,
    RunRoundDealt,
    RunRoundOver,
    RunSetFinished,
    SessionError,
    SessionState,
    TableSession,
)


def run_perfectly(session: TableSession) -> None:
    """Every act as the engine has it, through the session."""
    for _ in range(400):
        run = session.run
        assert run is not None
        due = run.expected()
        if due is None:
            return
        if due.task is Task.ANNOUNCE:
            settlement = run.played.settlement
            assert session.run_announce(settlement.dealer.category, settlement.dealer_qualifies).correct
        elif due.task is Task.SETTLE:
            step = run.quiz.next_step()
            assert step is not None
            amount = step.amount if step.action in (Action.PAY, Action.TAKE) else None
            assert session.run_settle(step.seat, step.wager, step.action, amount).correct
        else:
            act = run.engine_act()
            assert act is not None
            assert session.run_act(act).correct
    raise AssertionError("the round never ended")


def test_while_the_trainee_runs_the_rounds_the_table_deals_none_of_its_own() -> None:
    session, table = new_session()
    session.run_rounds(Mode.PRACTICE)
    assert session.running is Mode.PRACTICE and not session.can_deal()
    with pytest.raises(SessionError, match=r"^A new round cannot be dealt now: the trainee runs the rounds\.$"):
        session.deal()
    session.deal_run(random.Random(1), irregular=False)
    assert session.can_act() and not session.can_deal_run()
    session.stop_running()
    assert session.running is None and session.can_deal() and not session.can_act()
    assert [type(event) for event in table.events] == [RunModeChanged, RunRoundDealt, RunModeChanged]


def test_the_trainee_cannot_run_a_round_while_the_tables_round_is_on_the_felt() -> None:
    session, table = new_session()
    table.auto = False
    session.deal()
    assert not session.can_run_rounds()
    with pytest.raises(SessionError, match="Finish the round on the table first"):
        session.run_rounds(Mode.PRACTICE)


def test_a_round_run_right_is_scored_into_the_sessions_book_under_run_round() -> None:
    session, table = new_session()
    session.run_rounds(Mode.PRACTICE)
    session.deal_run(random.Random(2), irregular=False)
    run_perfectly(session)
    over = table.of(RunRoundOver)
    assert len(over) == 1 and over[0].complete
    [item] = session.book.items()
    assert item.drill == RUN_ROUND_DRILL and item.score == 100.0 and item.mode is Mode.PRACTICE
    assert session.run_count == 1 and session.can_deal_run()


def test_an_act_with_no_round_being_run_is_a_plain_error() -> None:
    session, _ = new_session()
    with pytest.raises(SessionError, match=r"^The act cannot be done now: no round is being run\.$"):
        session.run_act(Act(Task.NO_MORE_BETS))


def test_settling_it_yourself_gives_the_round_up_and_what_was_done_counts() -> None:
    session, table = new_session()
    session.run_rounds(Mode.GUIDED)
    run = session.deal_run(random.Random(3), irregular=False)
    act = run.engine_act()
    assert act is not None and session.run_act(act).correct
    session.set_mode(Mode.PRACTICE)
    assert session.running is None and session.mode is Mode.PRACTICE
    events = [type(event) for event in table.events]
    assert events[-3:] == [RunRoundOver, RunModeChanged, ModeChanged]
    assert not table.of(RunRoundOver)[0].complete
    [item] = session.book.items(RUN_ROUND_DRILL)
    assert item.steps >= 1 and item.correct == 1


def test_an_exam_of_run_rounds_is_a_set_of_the_exam_hands_passed_at_the_pass_mark() -> None:
    session, table = new_session()
    session.start_exam(hands=2, pass_mark=80)
    session.set_mode(None)
    session.run_rounds(Mode.EXAM)
    for seed in (4, 5):
        session.deal_run(random.Random(seed), irregular=False)
        run_perfectly(session)
    [finished] = table.of(RunSetFinished)
    assert finished.complete
    result = finished.result
    assert result.drill == RUN_ROUND_DRILL and len(result.items) == 2 and result.pass_mark == 80
    assert result.passed
    assert session.run_set is not None and session.run_set.items == [], "the next exam set begins"
    assert session.state is SessionState.WAITING, "the table's own state is untouched"


def test_an_exam_of_run_rounds_cut_short_is_recorded_not_complete() -> None:
    session, table = new_session()
    session.run_rounds(Mode.EXAM)
    session.deal_run(random.Random(6), irregular=False)
    run_perfectly(session)
    session.stop_running()
    [finished] = table.of(RunSetFinished)
    assert not finished.complete and len(finished.result.items) == 1
