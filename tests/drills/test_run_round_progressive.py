"""A Progressive that wins inside a run round (seed 002 Progressive rule 9): in the winner's turn, the player
farthest on the dealer's right first (9 c), the dealer presses the winning hand's button on the controller (9 d),
contacts a supervisor (9 e), settles the seat, and once every wager is reconciled presses Game Over (9 h), before
the cards are racked."""

from __future__ import annotations

import random

from tests.session.support import new_session
from tests.session.test_running_rounds import run_perfectly
from trainer.drills.whole_round import round_item
from trainer.engine.evaluator import Category, evaluate
from trainer.engine.wagers import Action, Wager
from trainer.quiz.round_script import Task
from trainer.quiz.run_round import Act, RunRound
from trainer.scoring import ErrorKind, Mode
from trainer.settings import DEFAULTS


def _progressive_win() -> RunRound:
    for seed in range(400):
        run = round_item(seed, Mode.PRACTICE, rate=0.0).run
        if any(step.task is Task.HAND_BUTTON for step in run.script):
            return run
    raise AssertionError("no round with a Progressive win")


def _to(run: RunRound, task: Task) -> None:
    while (due := run.expected()) is not None and due.task is not task:
        if due.task is Task.ANNOUNCE:
            settlement = run.played.settlement
            assert run.announce_dealer(settlement.dealer.category, settlement.dealer_qualifies).correct
        elif due.task is Task.SETTLE:
            step = run.quiz.next_step()
            assert step is not None
            amount = step.amount if step.action in (Action.PAY, Action.TAKE) else None
            assert run.submit(step.seat, step.wager, step.action, amount).correct
        else:
            act = run.engine_act()
            assert act is not None
            assert run.perform(act).correct, act


def test_a_progressive_winner_gets_the_hand_button_then_a_supervisor_then_game_over_once_reconciled() -> None:
    run = _progressive_win()
    played = run.played
    tasks = [step.task for step in run.script]
    buttons = [step for step in run.script if step.task is Task.HAND_BUTTON]
    for step in buttons:
        hand = next(hand for hand in played.hands if hand.seat == step.seat)
        assert hand.progressive > 0, "only a seat with a Progressive wager wins it"
        value = evaluate([*hand.hole, *played.deal.board])
        assert step.hand is value.category and value.category >= Category.FULL_HOUSE, "Progressive 01 pays a full "\
            "house or better of the seven cards"
    seats = [step.seat for step in buttons if step.seat is not None]
    assert seats == sorted(seats, reverse=True), "house table: the player farthest on the dealer's right first"
    for button in buttons:
        at = run.script.index(button)
        supervisor, settle = run.script[at + 1], run.script[at + 2]
        assert (supervisor.task, settle.task, settle.seat) == (Task.CALL_SUPERVISOR, Task.SETTLE, button.seat)
        assert tasks.index(Task.ANNOUNCE) < at, "the dealer's hand first"
    last_settle = max(index for index, task in enumerate(tasks) if task is Task.SETTLE)
    assert last_settle < tasks.index(Task.GAME_OVER) < len(tasks) - 2 and tasks[-2:] == [Task.RACK, Task.COUNT]
    assert "seed 002 Progressive rule 9" in buttons[0].rule


def test_settling_before_the_hand_button_and_a_wrong_hand_are_named_with_rule_9() -> None:
    run = _progressive_win()
    _to(run, Task.HAND_BUTTON)
    due = run.expected()
    assert due is not None and due.hand is not None
    early = run.submit(due.seat or 0, Wager.PROGRESSIVE, Action.PAY, None)
    assert early.mistakes[0].kind is ErrorKind.ORDER
    other = Category.FLUSH if due.hand is not Category.FLUSH else Category.FULL_HOUSE
    wrong = run.perform(Act(Task.HAND_BUTTON, seat=due.seat, hand=other))
    assert wrong.mistakes[0].kind is ErrorKind.WRONG_ANSWER and "rule 9 c-d" in wrong.mistakes[0].rule
    assert run.perform(Act(Task.HAND_BUTTON, seat=due.seat, hand=due.hand)).correct
    _to(run, Task.CALL_SUPERVISOR)
    assert run.perform(Act(Task.CALL_FLOOR)).correct, "calling the floor supervisor is calling a supervisor"
    _to(run, Task.GAME_OVER)
    racked = run.perform(Act(Task.RACK))
    assert racked.mistakes[0].kind is ErrorKind.ORDER and "rule 9 h" in racked.mistakes[0].rule
    assert run.perform(Act(Task.GAME_OVER)).correct


def test_the_terminal_round_reads_the_hand_button_and_game_over() -> None:
    for seed in range(400):
        item = round_item(seed, Mode.PRACTICE, rate=0.0)
        if any(step.task is Task.HAND_BUTTON for step in item.run.script):
            break
    _to(item.run, Task.HAND_BUTTON)
    due = item.run.expected()
    assert due is not None and due.hand is not None
    question = item.next_question()
    assert question is not None and f"seat {due.seat}'s Progressive wins" in question.prompt
    value = question.parse(f"hand button {due.seat} {due.hand.label}")
    assert value is not None and item.answer(value).correct
    question = item.next_question()
    assert question is not None
    called = question.parse("call the supervisor")
    assert called is not None and item.answer(called).correct
    _to(item.run, Task.GAME_OVER)
    question = item.next_question()
    assert question is not None
    assert question.parse("game over") == Act(Task.GAME_OVER)


def test_the_session_s_run_round_with_a_progressive_win_is_run_through_its_controller_acts() -> None:
    session, _table = new_session(DEFAULTS.replace(seats=6, offer_progressive=True))
    session.run_rounds(Mode.PRACTICE)
    rng = random.Random(3)
    for _ in range(200):
        run = session.deal_run(rng, irregular=False)
        won = any(step.task is Task.HAND_BUTTON for step in run.script)
        run_perfectly(session)
        if won:
            break
    assert won, "no Progressive win in 200 rounds"
    done = [act.task for _, act in run.done_acts]
    assert Task.HAND_BUTTON in done and Task.GAME_OVER in done
    assert run.result().score == 100.0
