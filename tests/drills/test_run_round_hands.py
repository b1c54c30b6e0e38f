"""The run round's showdown: after the dealer's hand is announced, the dealer announces "the value of the player's
hand and whether it wins or loses" for each player still in the hand, in settlement order (seed 001 When
player-dealer qualifies 1 c; seed 003 Round of Play 10 d), before any wager is settled."""

from __future__ import annotations

import random

from tests.session.support import new_session
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
        while (due := run.expected()) is not None and due.task is not Task.ANNOUNCE:
            act = run.engine_act()
            assert act is not None
            assert run.perform(act).correct
        settlement = run.played.settlement
        assert run.announce_dealer(settlement.dealer.category, settlement.dealer_qualifies).correct
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
    tasks = [step.task for step in run.script]
    assert tasks.index(Task.ANNOUNCE) < tasks.index(Task.ANNOUNCE_HAND) < tasks.index(Task.SETTLE)


def test_a_wrong_hand_or_result_is_named_with_its_document_and_nothing_is_settled_before_the_hands() -> None:
    run = _at_the_hands()
    due = run.expected()
    assert due is not None and due.task is Task.ANNOUNCE_HAND and due.hand is not None
    early = run.submit(due.seat or 0, Wager.ANTE, Action.TAKE, None)
    assert early.mistakes[0].kind is ErrorKind.ORDER
    flipped = {"win": "lose", "lose": "win", "push": "win"}[due.result]
    wrong = run.perform(Act(Task.ANNOUNCE_HAND, seat=due.seat, hand=due.hand, result=flipped))
    assert not wrong.accepted and wrong.mistakes[0].kind is ErrorKind.WRONG_ANSWER
    assert "seed 001 When player-dealer qualifies 1 c" in wrong.mistakes[0].rule
    assert "seed 003 Round of Play 10 d" in wrong.mistakes[0].rule
    assert run.perform(Act(Task.ANNOUNCE_HAND, seat=due.seat, hand=due.hand, result=due.result)).correct


def test_the_terminal_reads_a_player_s_hand_announced_for_the_seat_due() -> None:
    for seed in range(100):
        item = round_item(seed, Mode.PRACTICE, rate=0.0)
        if any(step.task is Task.ANNOUNCE_HAND for step in item.run.script):
            break
    run = item.run
    while (due := run.expected()) is not None and due.task is not Task.ANNOUNCE_HAND:
        if due.task is Task.ANNOUNCE:
            settlement = run.played.settlement
            run.announce_dealer(settlement.dealer.category, settlement.dealer_qualifies)
            continue
        act = run.engine_act()
        assert act is not None
        run.perform(act)
    assert due is not None and due.hand is not None
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
    while (due := run.expected()) is not None and due.task is not Task.SETTLE:
        if due.task is Task.ANNOUNCE:
            settlement = run.played.settlement
            assert session.run_announce(settlement.dealer.category, settlement.dealer_qualifies).correct
            continue
        act = run.engine_act()
        assert act is not None
        assert session.run_act(act).correct
    said = [act.seat for _, act in run.done_acts if act.task is Task.ANNOUNCE_HAND]
    assert said and said == run.played.table.settlement_order([h.seat for h in run.played.hands if not h.folded])
