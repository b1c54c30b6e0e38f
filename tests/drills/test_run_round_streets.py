"""The run round's streets (seed 001 Dealing Procedures 9-13): after the deal the dealer takes each Play wager made
before the flop, turns over the flop, takes each made on the flop, turns over the turn and the river, takes each
made on the river; a player who has made the Play wager may not bet again or change it, and the dealer refuses."""

from __future__ import annotations

import random
from decimal import Decimal

from tests.session.support import new_session
from trainer.drills.whole_round import round_item
from trainer.engine.strategy import STREETS
from trainer.quiz.round_script import PlayAttempt, Task, play_attempt
from trainer.quiz.run_round import Act, RunRound
from trainer.scoring import ErrorKind, Mode


def _with_plays_on_every_street() -> RunRound:
    """A practice round in which some seat bets before the flop and another after it."""
    for seed in range(200):
        run = round_item(seed, Mode.PRACTICE, rate=0.0).run
        streets = {decision.street for decision in run.played.decisions if decision.multiple > 0}
        if streets >= {"preflop", "flop"}:
            return run
    raise AssertionError("no round with Play wagers before and on the flop")


def _to(run: RunRound, task: Task) -> None:
    """Do every act the engine would do up to the first ``task`` due."""
    while (due := run.expected()) is not None and due.task is not task:
        act = run.engine_act()
        assert act is not None
        assert run.perform(act).correct


def test_play_wagers_are_taken_street_by_street_4x_3x_before_the_flop_2x_on_the_flop_1x_on_the_river() -> None:
    run = _with_plays_on_every_street()
    script = [step for step in run.script if step.task in (Task.TAKE_PLAY, Task.REVEAL)]
    reveals = [index for index, step in enumerate(script) if step.task is Task.REVEAL]
    assert [script[index].count for index in reveals] == [3, 5]
    allowed = ({3, 4}, {2}, {1})
    for step in script:
        if step.task is not Task.TAKE_PLAY:
            continue
        street = sum(index < script.index(step) for index in reveals)
        hand = next(hand for hand in run.played.hands if hand.seat == step.seat)
        assert step.amount is not None and step.amount / hand.ante in allowed[street], (step, STREETS[street])
    # the flop is turned over only after the Play wagers before it: the game's own document
    _to(run, Task.TAKE_PLAY)
    wrong = run.perform(Act(Task.REVEAL, count=3))
    assert not wrong.accepted and wrong.mistakes[0].kind is ErrorKind.ORDER
    document = {"wa": "seed 002", "ca": "seed 003 Round of Play 1", "ca-bad-beat": "seed 001 Dealing Procedures 9"}
    assert document[str(run.played.table.game)] in wrong.mistakes[0].rule


def test_a_play_wager_is_taken_for_its_seat_and_amount_only() -> None:
    run = _with_plays_on_every_street()
    _to(run, Task.TAKE_PLAY)
    due = run.expected()
    assert due is not None and due.seat is not None and due.amount is not None
    short = run.perform(Act(Task.TAKE_PLAY, seat=due.seat, amount=due.amount - Decimal(1)))
    assert short.mistakes[0].kind is ErrorKind.WRONG_AMOUNT
    refused = run.perform(Act(Task.REFUSE_PLAY, seat=due.seat))
    assert refused.mistakes[0].kind is ErrorKind.WRONG_ANSWER
    assert run.perform(Act(Task.TAKE_PLAY, seat=due.seat, amount=due.amount)).correct


def test_once_players_bet_they_cannot_bet_again_the_dealer_refuses_a_second_play_wager() -> None:
    base = _with_plays_on_every_street()
    attempt = play_attempt(base.played, random.Random(3))
    assert attempt is not None
    made = next(decision for decision in base.played.decisions if decision.seat == attempt.seat
                and decision.multiple > 0)
    assert STREETS.index(attempt.street) > STREETS.index(made.street)
    run = RunRound(base.played, Mode.PRACTICE, attempt=attempt)
    _to(run, Task.REFUSE_PLAY)
    due = run.expected()
    assert due is not None and due.seat == attempt.seat and str(attempt.seat) in due.shown
    taken = run.perform(Act(Task.TAKE_PLAY, seat=attempt.seat, amount=attempt.amount))
    assert not taken.accepted and taken.mistakes[0].kind is ErrorKind.WRONG_ANSWER
    assert "cannot bet again" in taken.mistakes[0].rule
    assert run.perform(Act(Task.REFUSE_PLAY, seat=attempt.seat)).correct


def test_the_terminal_round_turns_the_street_over_and_shows_its_cards() -> None:
    item = round_item(_seed_with_flop_play(), Mode.PRACTICE, rate=0.0)
    _to(item.run, Task.REVEAL)
    question = item.next_question()
    assert question is not None
    value = question.parse("flop")
    assert value == Act(Task.REVEAL, count=3)
    assert item.answer(value).correct
    board = item.run.played.deal.board
    shown = item.next_question()
    assert shown is not None
    assert f"Board: {board[0]} {board[1]} {board[2]} | ?? | ??" in shown.prompt


def _seed_with_flop_play() -> int:
    for seed in range(200):
        if any(step.task is Task.REVEAL for step in round_item(seed, Mode.PRACTICE, rate=0.0).run.script):
            return seed
    raise AssertionError("no round reaches the flop")


def test_the_session_s_run_round_takes_the_play_wagers_street_by_street() -> None:
    session, _table = new_session()
    session.run_rounds(Mode.PRACTICE)
    run = session.deal_run(random.Random(4), irregular=False)
    tasks = [step.task for step in run.script]
    assert tasks.count(Task.REVEAL) == 2
    assert tasks.index(Task.UNLOAD) < tasks.index(Task.REVEAL) < tasks.index(Task.ANNOUNCE)
    while (due := run.expected()) is not None and due.task not in (Task.ANNOUNCE, Task.SETTLE):
        act = run.engine_act()
        assert act is not None
        assert session.run_act(act).correct
    taken = [act for _, act in run.done_acts if act.task is Task.TAKE_PLAY]
    assert {act.seat for act in taken} == {hand.seat for hand in run.played.hands if not hand.folded}


def test_a_second_play_wager_comes_up_in_the_sessions_rounds_now_and_then() -> None:
    session, _table = new_session()
    session.run_rounds(Mode.PRACTICE)
    rng = random.Random(9)
    attempts: list[PlayAttempt] = []
    for _ in range(40):
        run = session.deal_run(rng, irregular=False)
        if run.attempt is not None:
            attempts.append(run.attempt)
        session.stop_running()
        session.run_rounds(Mode.PRACTICE)
    assert attempts
