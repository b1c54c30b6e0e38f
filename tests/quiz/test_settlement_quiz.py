"""The settlement quiz core: every step checked against the engine, every kind of mistake caught and named."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.typed import present
from trainer.engine import Banking, Category, SeatHand, TableRules, parse_cards, settle
from trainer.engine.wagers import Action, Wager
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import ErrorKind, Mode

D = Decimal
HOUSE = TableRules()
PD = TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=3, player_dealer_bank=D(1000),
                trips_paytable="UTH-02", bad_beat_paytable="CA")


def seat(number: int, hole: str, play: int = 10, **side: int) -> SeatHand:
    first, second = parse_cards(hole)
    return SeatHand(number, (first, second), D(10), D(10), D(play), **{k: D(v) for k, v in side.items()})


def quiz(table: TableRules, dealer: str, board: str, *seats: SeatHand, mode: Mode = Mode.PRACTICE,
         clock: list[float] | None = None) -> SettlementQuiz:
    result = settle(table, parse_cards(dealer), parse_cards(board), list(seats))
    ticks = clock if clock is not None else [0.0]
    return SettlementQuiz(result, table, mode, clock=lambda: ticks[0])


UNQUALIFIED = ("Kh 7d", "2c 9d Ts Jh 3s")  # the dealer has king high


def answer_everything(q: SettlementQuiz) -> None:
    q.announce_dealer(q.settlement.dealer.category, q.settlement.dealer_qualifies)
    while (step := q.next_step()) is not None:
        assert q.submit(step.seat, step.wager, step.action, step.amount).accepted


def test_a_perfect_answer_scores_100() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd", trips=5), seat(4, "Qc 4h", play=40), seat(6, "7c 2h", play=0))
    answer_everything(q)
    result = q.result()
    assert q.done and result.score == 100.0 and result.perfect
    assert result.steps == len(q.settlement.procedure) + 1


def test_a_wrong_dealer_announcement_is_caught_and_named() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd"))
    verdict = q.announce_dealer(Category.ONE_PAIR, True)
    assert not verdict.accepted
    assert verdict.mistakes[0].kind is ErrorKind.WRONG_DEALER_HAND
    assert "high card, does not qualify" in verdict.mistakes[0].expected
    assert q.announce_dealer(Category.HIGH_CARD, False).accepted


def test_house_table_refund_pass_is_required_first() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd"), seat(5, "Kc 4h"))
    q.announce_dealer(Category.HIGH_CARD, False)
    verdict = q.submit(5, Wager.PLAY, Action.TAKE, D(10))
    assert [m.kind for m in verdict.mistakes] == [ErrorKind.MISSED_REFUND_PASS]
    assert "refund every Ante" in verdict.mistakes[0].rule
    assert q.submit(5, Wager.ANTE, Action.PUSH).accepted
    assert q.submit(1, Wager.ANTE, Action.PUSH).accepted


def test_player_dealer_table_has_no_separate_refund_pass() -> None:
    q = quiz(PD, *UNQUALIFIED, seat(1, "Ah Qd"), seat(5, "Kc 4h"))
    q.announce_dealer(Category.HIGH_CARD, False)
    assert q.submit(5, Wager.ANTE, Action.PUSH).accepted
    verdict = q.submit(1, Wager.ANTE, Action.PUSH)
    assert [m.kind for m in verdict.mistakes] == [ErrorKind.ORDER]
    assert q.submit(5, Wager.PLAY, Action.TAKE).accepted


@pytest.mark.parametrize(("table", "first", "wrong", "wager"), [(HOUSE, 6, 2, Wager.ANTE), (PD, 4, 6, Wager.PLAY)],
                         ids=["house", "player-dealer"])
def test_order_is_judged_by_the_tables_direction(table: TableRules, first: int, wrong: int, wager: Wager) -> None:
    q = quiz(table, "Ah Ad", "2c 9d Ts Jh 3s", seat(2, "Kh 4d"), seat(4, "Kc 4h"), seat(6, "Qc 4c"))
    q.announce_dealer(Category.ONE_PAIR, True)
    verdict = q.submit(wrong, Wager.ANTE, Action.TAKE)
    assert verdict.mistakes[0].kind is ErrorKind.ORDER
    assert not verdict.accepted
    assert q.submit(first, wager, Action.TAKE).accepted


def test_a_wrong_action_and_a_wrong_amount_are_named_with_the_rule() -> None:
    q = quiz(HOUSE, "Kd Kc", "9h Th 2h 5c 6s", seat(1, "Ah 4h", play=10))
    q.announce_dealer(Category.ONE_PAIR, True)
    q.submit(1, Wager.ANTE, Action.PAY, D(10))
    q.submit(1, Wager.PLAY, Action.PAY, D(10))
    wrong_action = q.submit(1, Wager.BLIND, Action.PUSH)
    assert wrong_action.mistakes[0].kind is ErrorKind.WRONG_ACTION
    assert "3 to 2" in wrong_action.mistakes[0].rule and wrong_action.mistakes[0].topic == "blind"
    wrong_amount = q.submit(1, Wager.BLIND, Action.PAY, D(10))
    assert wrong_amount.mistakes[0].kind is ErrorKind.WRONG_AMOUNT
    assert wrong_amount.mistakes[0].expected == "Seat 1: pay the Blind $15"  # 3 to 2 on $10
    assert q.submit(1, Wager.BLIND, Action.PAY, D(15)).accepted


def test_a_pay_without_an_amount_is_a_wrong_amount() -> None:
    q = quiz(HOUSE, "Kd Kc", "9h Th 2h 5c 6s", seat(1, "Ah 4h", play=10))
    q.announce_dealer(Category.ONE_PAIR, True)
    assert q.submit(1, Wager.ANTE, Action.PAY).mistakes[0].kind is ErrorKind.WRONG_AMOUNT


def test_practice_mode_makes_the_trainee_correct_before_going_on() -> None:
    q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"))
    q.announce_dealer(Category.ONE_PAIR, True)
    assert not q.submit(1, Wager.ANTE, Action.PUSH).accepted
    assert present(q.next_step()).wager is Wager.ANTE
    answer_everything_after_dealer(q)
    result = q.result()
    assert result.correct == result.steps - 1
    assert [m.kind for m in result.mistakes] == [ErrorKind.WRONG_ACTION]


def answer_everything_after_dealer(q: SettlementQuiz) -> None:
    while (step := q.next_step()) is not None:
        q.submit(step.seat, step.wager, step.action, step.amount)


def test_exam_mode_accepts_every_step_and_reviews_it_beside_the_correct_one() -> None:
    q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"), mode=Mode.EXAM)
    assert q.announce_dealer(Category.TWO_PAIR, True).accepted
    assert q.submit(1, Wager.ANTE, Action.PUSH).accepted
    answer_everything_after_dealer(q)
    assert q.done
    review = q.review()
    assert [line.correct for line in review] == [False, False, True, True]
    assert review[1].expected == "Seat 1: take the Ante $10"
    assert review[1].given == "Seat 1: push the Ante (the whole $10)"
    assert q.result().score == 50.0


def test_guided_mode_hint_says_what_comes_next_and_why() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd"), mode=Mode.GUIDED)
    assert "does not qualify" in q.hint()
    q.announce_dealer(Category.HIGH_CARD, False)
    assert q.hint() == "Next: Seat 1: push the Ante $10 — Dealer does not qualify (less than a pair): the Ante pushes"


def test_speed_mode_times_every_decision() -> None:
    clock = [0.0]
    q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"), mode=Mode.SPEED, clock=clock)
    clock[0] = 4.0
    q.announce_dealer(Category.ONE_PAIR, True)
    while (step := q.next_step()) is not None:
        clock[0] += 2.0
        q.submit(step.seat, step.wager, step.action, step.amount)
    assert q.decision_times == [4.0, 2.0, 2.0, 2.0]
    assert q.result().seconds == 10.0


def test_a_hand_cut_short_counts_only_what_was_answered() -> None:
    q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"), seat(2, "Kc 4c"))
    q.announce_dealer(Category.ONE_PAIR, True)
    q.submit(2, Wager.ANTE, Action.TAKE)
    result = q.result()
    assert (result.steps, result.correct) == (2, 2)


def test_a_wrong_attempt_before_a_hand_is_cut_short_counts_against_the_step_that_was_due() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd"), seat(7, "Kc 4h"))
    q.announce_dealer(Category.HIGH_CARD, False)
    q.submit(1, Wager.ANTE, Action.PUSH)  # seat 7's Ante refund was due first
    result = q.result()
    assert (result.steps, result.correct) == (2, 1)


# -- the order inside a seat, coin-in, the unqualified player-dealer's Ante ------------------------------------


def test_a_house_tables_seat_may_be_settled_in_any_order() -> None:
    q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(6, "Kh 4d", trips=5), seat(2, "Qc 4c"))
    q.announce_dealer(Category.ONE_PAIR, True)
    for wager in (Wager.TRIPS, Wager.BLIND, Wager.PLAY, Wager.ANTE):
        assert q.submit(6, wager, Action.TAKE).correct, wager
    assert not q.submit(6, Wager.ANTE, Action.TAKE).accepted
    wrong_seat = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(6, "Kh 4d"), seat(2, "Qc 4c"))
    wrong_seat.announce_dealer(Category.ONE_PAIR, True)
    assert wrong_seat.submit(2, Wager.ANTE, Action.TAKE).mistakes[0].kind is ErrorKind.ORDER


def test_a_rooms_own_wager_order_is_graded() -> None:
    from dataclasses import replace

    table = replace(HOUSE, wager_order=("trips", "ante", "play", "blind", "bad_beat", "pairs", "progressive"),
                    room_wager_order=True)
    q = quiz(table, "Ah Ad", "2c 9d Ts Jh 3s", seat(6, "Kh 4d", trips=5))
    q.announce_dealer(Category.ONE_PAIR, True)
    verdict = q.submit(6, Wager.ANTE, Action.TAKE)
    assert verdict.mistakes[0].kind is ErrorKind.ORDER and "room's order" in verdict.mistakes[0].rule
    assert q.submit(6, Wager.TRIPS, Action.TAKE).correct


def test_a_player_dealer_losing_hand_is_graded_play_ante_blind() -> None:
    q = quiz(PD, "Ah Ad", "2c 9d Ts Jh 3s", seat(4, "Kh 4d"))
    q.announce_dealer(Category.ONE_PAIR, True)
    assert q.submit(4, Wager.ANTE, Action.TAKE).mistakes[0].kind is ErrorKind.ORDER
    for wager in (Wager.PLAY, Wager.ANTE, Wager.BLIND):
        assert q.submit(4, wager, Action.TAKE).correct, wager


@pytest.mark.parametrize("action", [Action.PUSH, Action.RETURN])
def test_the_unqualified_player_dealers_ante_accepts_push_or_return(action: Action) -> None:
    q = quiz(PD, "Kh 7d", "2c 9d Ts Jh 3s", seat(5, "Ah Qd"))
    q.announce_dealer(Category.HIGH_CARD, False)
    assert q.submit(5, Wager.ANTE, action).correct


@pytest.mark.parametrize("action", [Action.PUSH, Action.RETURN])
def test_the_house_dealers_refunded_ante_is_a_push_or_a_return(action: Action) -> None:
    """Seeds 002 and 004: the dealer "refunds" the Ante; nothing moves either way (rules-notes §2)."""
    q = quiz(HOUSE, "Kh 7d", "2c 9d Ts Jh 3s", seat(5, "Ah Qd"))
    q.announce_dealer(Category.HIGH_CARD, False)
    assert q.submit(5, Wager.ANTE, action).correct
    assert q.submit(5, Wager.PLAY, Action.RETURN).mistakes[0].kind is ErrorKind.WRONG_ACTION  # the Play is paid


def test_the_quiz_never_asks_for_coin_in_steps() -> None:
    from dataclasses import replace

    table = replace(HOUSE, progressive_meter=D(20000))
    q = quiz(table, "9h 8c", "4c 4h 9s Kd 2s", seat(5, "Ac Ad", play=20, progressive=5))
    assert q.settlement.procedure[0].phase == "coin-in"
    assert all(step.phase != "coin-in" for step in q.asked())
    q.announce_dealer(Category.TWO_PAIR, True)
    for step in q.asked():
        assert q.submit(step.seat, step.wager, step.action, step.amount).correct
    assert q.done and q.result().perfect
    assert not q.submit(5, Wager.PROGRESSIVE, Action.TAKE).accepted
