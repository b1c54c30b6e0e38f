"""The grading a trainee can trust: whole-stake takes, the review's first attempts and broken rules, counts that
add up, steps left to the table, and the table's own order for the selection."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine import Banking, Category, SeatHand, TableRules, parse_cards, settle
from trainer.engine.wagers import Action, Wager
from trainer.quiz.order import next_seat, next_selection
from trainer.quiz.review import Tally, review_text, tally_of, tally_of_lines
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import ErrorKind, Mode

D = Decimal
HOUSE = TableRules()
UNQUALIFIED = ("Kh 7d", "2c 9d Ts Jh 3s")  # the dealer has king high


def seat(number: int, hole: str, ante: int = 10, play: int = 10, **side: int) -> SeatHand:
    first, second = parse_cards(hole)
    return SeatHand(number, (first, second), D(ante), D(ante), D(play), **{k: D(v) for k, v in side.items()})


def quiz(table: TableRules, dealer: str, board: str, *seats: SeatHand, mode: Mode = Mode.PRACTICE) -> SettlementQuiz:
    result = settle(table, parse_cards(dealer), parse_cards(board), list(seats))
    q = SettlementQuiz(result, table, mode, hands=seats, clock=lambda: 0.0)
    q.announce_dealer(result.dealer.category, result.dealer_qualifies)
    return q


def small_bank() -> tuple[TableRules, tuple[SeatHand, ...]]:
    """A player-dealer (seat 3) with a $25 bank, who qualifies with two pair: seat 4 loses $10 Ante, $40 Play
    and $10 Blind; the bank may win only $25 of them, so one of them is taken only in part, the rest returned."""
    table = TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=3, player_dealer_bank=D(25))
    return table, (seat(4, "2h 3d", play=40), seat(5, "4c 5s", play=20))


def test_a_take_with_no_amount_means_the_whole_stake_and_a_partial_take_given_whole_is_wrong() -> None:
    table, seats = small_bank()
    q = quiz(table, "Kd Kc", "9h 9s 2c 7d Jc", *seats)
    stakes = {(hand.seat, wager): hand.stake(wager) for hand in seats for wager in Wager}
    while (step := q.next_step()) is not None and step.amount == stakes[(step.seat, step.wager)]:
        assert q.submit(step.seat, step.wager, step.action).accepted  # whole takes, no amount needed
    assert step is not None and step.action is Action.TAKE
    whole = stakes[(step.seat, step.wager)]
    verdict = q.submit(step.seat, step.wager, Action.TAKE)
    assert [m.kind for m in verdict.mistakes] == [ErrorKind.WRONG_AMOUNT]
    assert verdict.mistakes[0].given == f"Seat 4: take the {step.wager.label} (the whole ${whole})"
    assert "the rest is returned" in verdict.mistakes[0].rule
    assert q.submit(step.seat, step.wager, Action.TAKE, step.amount).accepted


def test_a_push_with_no_amount_is_the_whole_stake_and_right() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd", play=40))
    assert q.submit(1, Wager.ANTE, Action.PUSH).correct


def test_the_player_dealers_unqualified_ante_may_be_pushed_or_returned() -> None:
    table = TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=3, player_dealer_bank=D(1000))
    for action in (Action.PUSH, Action.RETURN):
        q = quiz(table, *UNQUALIFIED, seat(4, "Ah Qd", play=40))
        assert q.submit(4, Wager.ANTE, action).correct, action


def test_the_review_keeps_the_first_attempt_and_the_order_rule_it_broke() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd", play=40), seat(5, "Kc 4h"))
    assert not q.submit(5, Wager.PLAY, Action.TAKE).accepted  # the refund pass comes first
    for step in list(q.pending()):
        assert q.submit(step.seat, step.wager, step.action, step.amount).accepted
    rows = {line.expected: line for line in q.review()}
    row = rows["Seat 5: take the Play $10"]
    assert not row.correct and row.given == "Seat 5: take the Play (the whole $10)"
    assert row.given != row.expected or row.mistakes[0].kind is not ErrorKind.WRONG_AMOUNT
    assert [m.kind for m in row.mistakes] == [ErrorKind.MISSED_REFUND_PASS]
    assert "refund pass comes first" in row.rule and "Seat 5: push the Ante $10 was due" in row.rule
    assert "The player loses" not in row.rule  # the rule broken, not the wager's payout rule
    assert row.tries == 2 and row.wrong_tries == 1
    assert rows["Seat 5: push the Ante $10"].correct  # the step that was due was itself done right


def test_counts_tell_steps_from_wrong_attempts() -> None:
    q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"), seat(6, "Qc 4c"))
    for _ in range(3):
        assert not q.submit(1, Wager.ANTE, Action.TAKE).accepted  # seat 6 first, right to left
    assert not q.submit(6, Wager.ANTE, Action.PAY, D(10)).accepted
    while (step := q.next_step()) is not None:
        q.submit(step.seat, step.wager, step.action, step.amount)
    result = q.result()
    assert (result.steps, result.correct, result.wrong_attempts) == (7, 5, 4)
    assert tally_of([result]).text() == "5 of 7 steps right (71.4 %) · 2 steps wrong · 4 wrong attempts"
    assert tally_of_lines(q.review()) == Tally(7, 5, 4)


def test_a_wager_not_placed_or_already_settled_is_a_wrong_attempt_but_no_step() -> None:
    q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"))
    assert q.submit(1, Wager.TRIPS, Action.TAKE).mistakes[0].kind is ErrorKind.NOT_PLACED
    assert q.submit(1, Wager.ANTE, Action.TAKE).accepted
    assert q.submit(1, Wager.ANTE, Action.TAKE).mistakes[0].kind is ErrorKind.ALREADY_SETTLED
    result = q.result()
    assert result.wrong_attempts == 2 and result.correct == result.steps
    strays = [line for line in q.review() if not line.step]
    assert [line.mistakes[0].kind for line in strays] == [ErrorKind.NOT_PLACED, ErrorKind.ALREADY_SETTLED]


def test_steps_left_to_the_table_count_wrong_in_every_scored_mode() -> None:
    many = [seat(number, hole) for number, hole in ((1, "Kh 4d"), (2, "Qc 4c"), (4, "Jd 5c"), (6, "8h 6d"))]
    for mode in Mode:
        q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", *many, mode=mode)
        step = q.next_step()
        assert step is not None
        q.submit(step.seat, step.wager, step.action, step.amount)
        assert q.result().steps == 2  # so far: the announcement and one step
        q.leave_to_table()
        result = q.result()
        assert q.done and result.steps == len(q.steps) + 1 and result.correct == 2, mode
        assert result.score < 50


def test_an_exam_judges_the_order_over_the_whole_hand() -> None:
    q = quiz(HOUSE, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"), seat(4, "Qc 4c"), seat(6, "Jd 5c"),
             mode=Mode.EXAM)
    for number in (4, 6, 1):  # seat 4 taken out of turn, then right to left
        for wager in (Wager.ANTE, Wager.PLAY, Wager.BLIND):
            assert q.submit(number, wager, Action.TAKE).accepted
    wrong = [line for line in q.review() if not line.correct]
    assert [line.expected for line in wrong] == ["Seat 6: take the Ante $10", "Seat 6: take the Play $10",
                                                 "Seat 6: take the Blind $10"] or \
        [line.expected for line in wrong] == ["Seat 4: take the Ante $10", "Seat 4: take the Play $10",
                                              "Seat 4: take the Blind $10"]
    assert all(line.mistakes[0].kind is ErrorKind.ORDER for line in wrong)


def test_the_selection_and_next_seat_follow_the_tables_order() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd", play=40), seat(3, "Kc 4h"), seat(5, "Qc 4c"))
    assert next_selection(q.pending()) == (5, Wager.ANTE)
    q.submit(5, Wager.ANTE, Action.PUSH)
    assert next_selection(q.pending()) == (3, Wager.ANTE)  # the next refund, not seat 5's Play
    assert next_seat(q.pending(), None) == 3
    assert next_seat(q.pending(), 3) == 1  # right to left
    assert next_seat(q.pending(), 1) == 5  # and round again
    table = TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=3, player_dealer_bank=D(1000))
    pd = quiz(table, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"), seat(2, "Qc 4c"), seat(5, "Jd 5c"))
    assert [next_seat(pd.pending(), s) for s in (None, 5, 1, 2)] == [5, 1, 2, 5]  # clockwise from seat 3's left


def test_the_text_review_is_the_models_rows() -> None:
    q = quiz(HOUSE, *UNQUALIFIED, seat(1, "Ah Qd", play=40), mode=Mode.EXAM)
    q.submit(1, Wager.PLAY, Action.PAY, D(30))
    q.leave_to_table()
    text = review_text(q.review()).splitlines()
    assert text[0] == "1 of 4 steps right (25.0 %) · 3 steps wrong · 1 wrong attempt"
    assert text[1:] == ["  |  ".join(line.cells()).replace("  |  ", " ", 1) for line in q.review()]


def test_a_wrong_dealer_announcement_is_one_wrong_step_and_one_attempt() -> None:
    result = settle(HOUSE, parse_cards("Kh 7d"), parse_cards("2c 9d Ts Jh 3s"), [seat(1, "Ah Qd", play=40)])
    q = SettlementQuiz(result, HOUSE, Mode.PRACTICE, clock=lambda: 0.0)
    assert not q.announce_dealer(Category.ONE_PAIR, True).accepted
    assert q.announce_dealer(Category.HIGH_CARD, False).accepted
    first = q.review()[0]
    assert not first.correct and first.given == "one pair, qualifies"
    assert q.result().wrong_attempts == 1


def test_a_rooms_own_wager_order_is_graded_inside_a_seat() -> None:
    room = TableRules(wager_order=("play", "ante", "blind", "trips", "bad_beat", "pairs", "progressive"),
                      room_wager_order=True)
    for table, graded in ((HOUSE, False), (room, True)):
        q = quiz(table, "Ah Ad", "2c 9d Ts Jh 3s", seat(1, "Kh 4d"), mode=Mode.EXAM)
        for wager in (Wager.BLIND, Wager.ANTE, Wager.PLAY):
            q.submit(1, wager, Action.TAKE)
        result = q.result()
        assert result.perfect is not graded, table
        if graded:
            assert {m.kind for m in result.mistakes} == {ErrorKind.ORDER}
            assert "the room's order: Play, Ante, Blind" in result.mistakes[0].rule
