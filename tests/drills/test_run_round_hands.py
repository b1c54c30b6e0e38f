"""The run round's showdown: after the dealer's hand is announced (and a house dealer who does not qualify has
refunded every Ante), one player at a time in settlement order: "the value of the player's hand and whether it wins
or loses" announced (seed 001 When player-dealer qualifies 1 c; seed 003 Round of Play 10 d; seed 002 ACE/iDeal 13,
Deck Mate 11), then that seat settled, then its cards collected, counted and racked."""

from __future__ import annotations

import random

from tests.quiz.run_support import run_until
from tests.session.support import new_session
from tests.typed import present
from trainer.drills.whole_round import round_item
from trainer.engine.evaluator import evaluate
from trainer.engine.wagers import Action, Wager
from trainer.quiz.round_script import Task
from trainer.quiz.run_round import Act, RunRound
from trainer.scoring import ErrorKind, Mode


def _at_the_hands(seed: int = 0) -> RunRound:
    """A practice round with the dealer's hand announced and a player's hand due."""
    for number in range(seed, seed + 100):
        run = round_item(number, Mode.PRACTICE, rate=0.0).run
        if not any(step.task is Task.ANNOUNCE_HAND for step in run.script):
            continue
        run_until(run, lambda due: due.task is Task.ANNOUNCE_HAND)
        return run
    raise AssertionError("no round with a hand at the showdown")


def test_each_player_s_hand_is_announced_with_whether_it_wins_after_the_dealer_s_in_settlement_order() -> None:
    run = _at_the_hands()
    played = run.played
    hands = [step for step in run.script if step.task is Task.ANNOUNCE_HAND]
    live = [hand.seat for hand in played.hands if not hand.folded]
    assert [step.seat for step in hands] == played.table.settlement_order(live)
    dealer = evaluate([*played.deal.dealer, *played.deal.board])
    for step in hands:
        hand = next(hand for hand in played.hands if hand.seat == step.seat)
        value = evaluate([*hand.hole, *played.deal.board])
        assert step.hand is value.category
        expected = "win" if value > dealer else "lose" if value < dealer else "push"
        assert step.result == expected, "the hand wins with a higher poker value, loses lower, ties equal"
    cycle = [(step.task, step.seat) for step in run.script if step.task in (Task.ANNOUNCE_HAND, Task.RACK)
             or (step.task is Task.SETTLE and step.stage is not None and step.stage.value == "seat-settle")]
    for seat in live:
        at = cycle.index((Task.ANNOUNCE_HAND, seat))
        assert cycle[at + 1: at + 3] == [(Task.SETTLE, seat), (Task.RACK, seat)], "one player at a time"


def test_a_wrong_hand_or_result_is_named_with_its_document_and_no_seat_is_settled_before_its_hand() -> None:
    run = _at_the_hands()
    due = run.expected()
    assert due is not None and due.task is Task.ANNOUNCE_HAND and due.hand is not None
    early = run.submit(due.seat or 0, Wager.ANTE, Action.TAKE, None)
    assert early.mistakes[0].kind is ErrorKind.ORDER
    flipped = {"win": "lose", "lose": "win", "push": "win"}[due.result]
    wrong = run.perform(Act(Task.ANNOUNCE_HAND, seat=due.seat, hand=due.hand, result=flipped))
    assert not wrong.accepted and wrong.mistakes[0].kind is ErrorKind.WRONG_ANSWER
    house = run.played.table.is_house
    document = ("seed 002 ACE/iDeal 13" if house else "When player-dealer qualifies 1 a-c"
                if run.played.table.game == "ca-bad-beat" else "seed 003 Round of Play 9 a, 10 a-d")
    if house and run.played.procedure.value == "deck-mate":
        document = "seed 002 Deck Mate 11"
    assert document in wrong.mistakes[0].rule
    assert run.perform(Act(Task.ANNOUNCE_HAND, seat=due.seat, hand=due.hand, result=due.result)).correct


def test_the_terminal_reads_a_player_s_hand_announced_for_the_seat_due() -> None:
    for seed in range(100):
        item = round_item(seed, Mode.PRACTICE, rate=0.0)
        if any(step.task is Task.ANNOUNCE_HAND for step in item.run.script):
            break
    run = item.run
    due = present(run_until(run, lambda step: step.task is Task.ANNOUNCE_HAND))
    assert due.hand is not None
    question = item.next_question()
    assert question is not None and f"Seat {due.seat}'s hand" in question.prompt
    word = {"win": "wins", "lose": "loses", "push": "ties"}[due.result]
    value = question.parse(f"{due.hand.label} {word}")
    assert value == Act(Task.ANNOUNCE_HAND, seat=due.seat, hand=due.hand, result=due.result)
    assert item.answer(value).correct


def test_the_session_s_run_round_asks_each_hand_after_the_dealer_s() -> None:
    session, _table = new_session()
    session.run_rounds(Mode.PRACTICE)
    rng = random.Random(2)
    for _ in range(20):
        run = session.deal_run(rng, irregular=False)
        if any(step.task is Task.ANNOUNCE_HAND for step in run.script):
            break
        session.stop_running()
        session.run_rounds(Mode.PRACTICE)
    run_until(run, lambda due: due.task is Task.GAME_OVER or (due.task is Task.RACK and due.seat is None),
              perform=session.run_act, announce=session.run_announce, submit=session.run_settle)
    said = [act.seat for _, act in run.done_acts if act.task is Task.ANNOUNCE_HAND]
    assert said and said == run.played.table.settlement_order([h.seat for h in run.played.hands if not h.folded])
