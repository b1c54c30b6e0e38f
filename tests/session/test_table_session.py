"""The table session drives whole rounds without Qt: the table settling, the trainee settling in every mode, an
exam set to its end, a change of mode mid-hand, the table finishing a hand, and the rule for dealing on."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from tests.session.support import HOUSE, Clock, Table, new_session, settle_right, state_now
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action
from trainer.scoring import ErrorKind, Mode
from trainer.session import (
    Event,
    HandFinished,
    ModeChanged,
    Phase,
    RoundDealt,
    RoundOver,
    SessionError,
    SessionState,
    SetFinished,
    SettingsRounds,
    SettlementBegun,
    StepAccepted,
    TablePhase,
    TableSettles,
)

# --- the round's states -------------------------------------------------------------------------------------


def test_a_round_the_table_settles_goes_from_the_deal_through_the_showdown_to_round_over() -> None:
    session, table = new_session()
    assert session.state is SessionState.WAITING and session.can_deal()
    dealt = session.deal()
    assert state_now(session) is SessionState.ROUND_OVER and session.played is dealt.played
    assert table.states == [SessionState.DEALING, SessionState.DEALING, SessionState.DECISIONS,
                            SessionState.DEALING, SessionState.DEALING, SessionState.DECISIONS,
                            SessionState.SHOWDOWN, SessionState.TABLE_SETTLING, SessionState.TABLE_SETTLING]
    assert [type(event) for event in table.events] == [RoundDealt, RoundOver]
    assert not table.of(RoundDealt)[0].settle_by_trainee
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
    assert state_now(session) is SessionState.ROUND_OVER and session.quiz is None
    [finished] = table.of(HandFinished)
    result = finished.hand.result
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
    shown = accepted.shown
    assert (shown.seat, shown.wager, shown.action) == (step.seat, step.wager, wrong)
    assert session.played is not None
    hand = next(hand for hand in session.played.hands if hand.seat == step.seat)
    if wrong is Action.PUSH:  # a push leaves the stake on the felt: nothing won, nothing lost
        assert (shown.amount, shown.net) == (getattr(hand, step.wager.value), Decimal(0))


def test_an_exam_set_deals_on_by_itself_until_its_last_hand_then_records_the_set() -> None:
    session, table = new_session()
    session.start_exam(hands=2, pass_mark=95)
    assert session.set_hands == 2 and not session.next_round_due()  # the first hand waits for N
    session.deal()
    settle_right(session)
    [over] = table.of(RoundOver)
    assert over.next_by_itself and session.book.items() == []
    assert table.of(HandFinished)[0].hands_left == 1
    session.deal()
    settle_right(session)
    [done] = table.of(SetFinished)
    assert done.complete and done.result.passed and len(done.hands) == 2
    assert session.book.sets() == [done.result] and len(session.book.items()) == 2
    assert session.last_review is not None and len(session.last_review[0]) == 2
    assert not table.of(RoundOver)[-1].next_by_itself
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


def test_a_change_of_mode_mid_hand_lets_the_table_finish_and_the_steps_it_settles_count_wrong() -> None:
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
    result = finished.hand.result
    assert finished.by_table and result.mode is Mode.PRACTICE
    assert (result.steps, result.correct) == (len(quiz.asked()) + 1, 1)  # the dropped steps count wrong
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


@pytest.mark.parametrize("mode", list(Mode))
def test_steps_left_to_the_table_count_wrong_in_every_scored_mode(mode: Mode) -> None:
    session, table = new_session()
    session.start_exam(hands=1) if mode is Mode.EXAM else session.set_mode(mode)
    table.auto = False
    session.deal()
    session.begin_settlement()
    quiz = session.quiz
    assert quiz is not None
    session.announce(quiz.settlement.dealer.category, quiz.settlement.dealer_qualifies)
    if mode is Mode.EXAM:  # no key hands an exam hand to the table: only the round ending under it (a window shut)
        assert not session.can_let_table_finish()
    else:
        session.let_table_finish()
        assert session.state is SessionState.TABLE_SETTLING and session.quiz is None
    session.finish_round()
    [result] = session.book.items()
    asked = len(quiz.asked())
    assert asked >= 2 and (result.steps, result.correct) == (asked + 1, 1)
    assert result.score < 100 and result.wrong_attempts == 0  # steps not done, not wrong attempts
    [hand] = table.of(HandFinished)
    lines = hand.hand.lines
    assert [line.verdict.value for line in lines].count("not done") == asked
    if mode is Mode.EXAM:
        [exam] = session.book.sets()
        assert exam.correct == 1 and not exam.passed


def test_skipping_to_the_end_mid_hand_counts_every_step_not_done_wrong() -> None:
    session, table = new_session()
    session.set_mode(Mode.PRACTICE)
    table.auto = False
    session.deal()
    session.begin_settlement()
    quiz = session.quiz
    assert quiz is not None
    session.finish_round()  # the table jumped to the end
    [finished] = table.of(HandFinished)
    [result] = session.book.items()
    assert finished.by_table
    assert (result.steps, result.correct) == (len(quiz.asked()) + 1, 0)  # the announcement too


def test_continuous_dealing_makes_every_next_round_due() -> None:
    session, table = new_session()
    session.deal()
    assert not table.of(RoundOver)[-1].next_by_itself
    session.continuous = True
    session.deal()
    assert table.of(RoundOver)[-1].next_by_itself and session.next_round_due()


def test_changed_settings_deal_a_new_table_and_a_changed_look_keeps_it() -> None:
    source = SettingsRounds(HOUSE, random.Random(3))
    assert source.next_round().played.number == 1
    source.use_settings(HOUSE.replace(animation_speed=2.0))
    assert source.next_round().played.number == 2
    source.use_settings(HOUSE.replace(seats=2))
    again = source.next_round()
    assert again.played.number == 1 and again.felt.seat_count == 2


__all__ = ["Table"]


# --- what a take with no amount means ---------------------------------------------------------------------

PLAYER_DEALER = HOUSE.replace(banking="player-dealer", seats=6, procedure="shuffler")


def first_partial_take() -> tuple[int, object]:
    """The first seed of the player-dealer table whose first round has a take of less than the whole stake (the
    player-dealer's bank covers only part of the wager)."""
    for seed in range(500):
        played = SettingsRounds(PLAYER_DEALER, random.Random(seed)).next_round().played
        stakes = {(hand.seat, wager): hand.stake(wager) for hand in played.hands for wager in hand.placed()}
        for step in played.settlement.procedure:
            if step.action is Action.TAKE and step.amount < stakes[(step.seat, step.wager)]:
                return seed, step
    raise AssertionError("no partial take in 500 seeds")


def test_a_take_with_no_amount_is_the_whole_stake_so_a_partial_take_given_whole_is_wrong() -> None:
    seed, partial = first_partial_take()
    session, table = new_session(PLAYER_DEALER, seed)
    session.start_exam(hands=1)
    table.auto = False
    session.deal()
    quiz = session.begin_settlement()
    assert quiz is not None
    settlement = quiz.settlement
    session.announce(settlement.dealer.category, settlement.dealer_qualifies)
    taken = []
    while (step := quiz.next_step()) is not None:
        given = None if step.action is not Action.PAY else step.amount
        verdict = session.submit_step(step.seat, step.wager, step.action, given)
        if step == partial:  # "take the Play": the whole stake, not the part the bank covers
            assert not verdict.correct and verdict.mistakes[0].kind is ErrorKind.WRONG_AMOUNT
            shown = table.of(StepAccepted)[-1].shown
            assert shown.action is Action.TAKE and shown.amount == quiz.stake(step) > step.amount
            taken.append(step)
    assert taken == [partial]
    session.finish_round()
    [result] = session.book.items()
    assert result.correct == result.steps - 1


# --- the table's phases and the listeners --------------------------------------------------------------------


def test_a_seats_settlement_reached_on_the_table_is_the_table_settling() -> None:
    session, table = new_session()
    table.auto = False
    session.deal()
    assert session.reach(Phase.FLOP) is SessionState.DEALING
    assert session.reach(TablePhase(Phase.RIVER_DECISIONS)) is SessionState.DECISIONS
    assert session.reach(TablePhase.named("settle:3") or Phase.BETS) is SessionState.TABLE_SETTLING
    assert session.reach(Phase.DEAL) is SessionState.TABLE_SETTLING, "once settling, the table settles to the end"


def test_a_listener_that_raises_delays_no_event_of_the_others() -> None:
    session, table = new_session()  # the table plays the round through and ends it as soon as it is dealt
    heard: list[Event] = []

    def broken(event: Event) -> None:
        if isinstance(event, RoundDealt):
            raise RuntimeError("the window failed to draw")

    session.subscribe(broken)
    session.subscribe(heard.append)
    with pytest.raises(RuntimeError, match="failed to draw"):
        session.deal()
    assert [type(event) for event in heard] == [RoundDealt, RoundOver], "the others heard both events at once"
    assert [type(event) for event in table.events] == [RoundDealt, RoundOver]
    assert session.state is SessionState.ROUND_OVER and session.can_deal()
