"""Grading proved by construction, over every drill situation and many seeds.

The engine's own procedure, given step by step, scores 100 %; any single change of one step (another action,
another amount, the whole stake for a partial take, another seat's wager out of turn, a step skipped) is graded
wrong with the right kind, and only that step. Expected kinds come from the rules, not from the grader:
rules-notes §2 (the refund pass first, right to left; clockwise from the player-dealer; inside a seat free on a
house table, fixed on a player-dealer table; push or return where both are right).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.drills.scenario_round import Scenario
from trainer.drills.scenarios import SITUATIONS
from trainer.engine.evaluator import Category
from trainer.engine.settlement import Step
from trainer.engine.wagers import Action, HandResult, Wager
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import ErrorKind, Mode

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = sorted(SITUATIONS)


@dataclass(frozen=True)
class Given:
    """One step as a trainee gives it."""

    seat: int
    wager: Wager
    action: Action
    amount: Decimal | None


def scenario_of(name: str, seed: int) -> Scenario:
    return SITUATIONS[name].generate(seed)


def to_settle(scenario: Scenario) -> list[Step]:
    """Every step but the coin-in ones (the losing Progressives left the layout before the deal)."""
    return [step for step in scenario.settlement.procedure if step.phase != "coin-in"]


def stake(scenario: Scenario, step: Step) -> Decimal:
    return scenario.seat(step.seat).stake(step.wager)


def right_actions(scenario: Scenario, step: Step) -> set[Action]:
    """Push or return, both moving nothing, where rules-notes §2 allows either: the house table's Ante refund
    pass ("refunds"), the player-dealer's unqualified Ante ("signal a push … and return"), and after the
    player-dealer's bank is exhausted a wager that pushes on its own (a tie; a Blind under a straight)."""
    table, settlement = scenario.table, scenario.settlement
    if step.action not in (Action.PUSH, Action.RETURN):
        return {step.action}
    if table.is_house:
        return {Action.PUSH, Action.RETURN} if step.phase == "refund" else {step.action}
    seat = settlement.seat(step.seat)
    unqualified_ante = not settlement.dealer_qualifies and step.wager is Wager.ANTE and step.phase != "fold"
    main = step.wager in (Wager.ANTE, Wager.PLAY, Wager.BLIND)
    tie = main and seat.result is HandResult.PUSH
    blind_under_straight = (step.wager is Wager.BLIND and seat.result is HandResult.WIN
                            and seat.hand.category < Category.STRAIGHT)
    if unqualified_ante or (step.action is Action.RETURN and (tie or blind_under_straight)):
        return {Action.PUSH, Action.RETURN}
    return {step.action}


def as_given(step: Step, *, without_amount: bool = False) -> Given:
    return Given(step.seat, step.wager, step.action, None if without_amount else step.amount)


def graded(scenario: Scenario, steps: list[Given], mode: Mode = Mode.EXAM) -> SettlementQuiz:
    quiz = SettlementQuiz(scenario.settlement, scenario.table, mode, hands=scenario.seats, clock=lambda: 0.0)
    quiz.announce_dealer(scenario.settlement.dealer.category, scenario.settlement.dealer_qualifies)
    for step in steps:
        quiz.submit(step.seat, step.wager, step.action, step.amount)
    quiz.leave_to_table()
    return quiz


def wrong_rows(quiz: SettlementQuiz) -> list[int]:
    """The review rows marked wrong (row 0 is the dealer's announcement, row i the i-th step)."""
    return [index for index, line in enumerate(quiz.review()) if not line.correct]


situation_and_seed = st.tuples(st.sampled_from(NAMES), st.integers(0, 999_999))


@PROPERTY
@given(situation_and_seed, st.data())
def test_the_engines_own_procedure_scores_100_percent(case: tuple[str, int], data: st.DataObject) -> None:
    scenario = scenario_of(*case)
    steps = to_settle(scenario)
    # a take, push or return given without its amount means the whole stake: right whenever that is the amount
    omit = data.draw(st.lists(st.booleans(), min_size=len(steps), max_size=len(steps)))
    given_steps = [
        as_given(step, without_amount=leave_out and step.action is not Action.PAY
                 and step.amount == stake(scenario, step))
        for step, leave_out in zip(steps, omit, strict=True)
    ]
    quiz = graded(scenario, given_steps)
    result = quiz.result()
    assert result.score == 100.0 and result.perfect, wrong_rows(quiz)
    assert result.steps == len(steps) + 1 and result.wrong_attempts == 0
    assert quiz.missed() == []


@PROPERTY
@given(situation_and_seed, st.data())
def test_another_action_is_a_wrong_action_on_that_step_only(case: tuple[str, int], data: st.DataObject) -> None:
    scenario = scenario_of(*case)
    steps = to_settle(scenario)
    index = data.draw(st.integers(0, len(steps) - 1))
    step = steps[index]
    action = data.draw(st.sampled_from(sorted(set(Action) - right_actions(scenario, step))))
    given_steps = [as_given(s) for s in steps]
    given_steps[index] = Given(step.seat, step.wager, action, step.amount)
    quiz = graded(scenario, given_steps)
    assert wrong_rows(quiz) == [index + 1]
    assert [m.kind for m in quiz.review()[index + 1].mistakes] == [ErrorKind.WRONG_ACTION]
    assert quiz.result().wrong_attempts == 1 and quiz.result().correct == len(steps)


@PROPERTY
@given(situation_and_seed, st.data())
def test_another_amount_is_a_wrong_amount_on_that_step_only(case: tuple[str, int], data: st.DataObject) -> None:
    scenario = scenario_of(*case)
    steps = to_settle(scenario)
    index = data.draw(st.integers(0, len(steps) - 1))
    step = steps[index]
    whole = stake(scenario, step)
    if step.action is Action.TAKE and step.amount < whole:
        amount: Decimal | None = data.draw(st.sampled_from([None, whole]))  # the whole stake for a partial take
    elif step.action is Action.PAY:
        amount = data.draw(st.sampled_from([None, step.amount + 1, step.amount * 2 + 1, step.amount / 2]))
    else:
        amount = data.draw(st.sampled_from([whole + 1, whole / 2]))
    given_steps = [as_given(s) for s in steps]
    given_steps[index] = Given(step.seat, step.wager, step.action, amount)
    quiz = graded(scenario, given_steps)
    assert wrong_rows(quiz) == [index + 1]
    assert [m.kind for m in quiz.review()[index + 1].mistakes] == [ErrorKind.WRONG_AMOUNT]
    assert quiz.result().wrong_attempts == 1


@PROPERTY
@given(situation_and_seed, st.data())
def test_another_seat_out_of_turn_is_an_order_mistake_on_that_step_only(case: tuple[str, int],
                                                                          data: st.DataObject) -> None:
    scenario = scenario_of(*case)
    steps = to_settle(scenario)
    pairs = [(k, j) for k in range(len(steps)) for j in range(k + 1, len(steps)) if steps[j].seat != steps[k].seat]
    if not pairs:
        return  # one seat only: no other seat to take out of turn
    due, early = data.draw(st.sampled_from(pairs))
    moved = steps[early]
    order = [*steps[:due], moved, *steps[due:early], *steps[early + 1:]]
    quiz = graded(scenario, [as_given(s) for s in order])
    assert wrong_rows(quiz) == [early + 1]
    refund_missed = steps[due].phase == "refund" and moved.phase != "refund"
    kind = ErrorKind.MISSED_REFUND_PASS if refund_missed else ErrorKind.ORDER
    mistakes = quiz.review()[early + 1].mistakes
    assert [m.kind for m in mistakes] == [kind]
    assert mistakes[0].expected == steps[due].describe()
    assert quiz.result().wrong_attempts == 1


@PROPERTY
@given(situation_and_seed, st.data())
def test_a_step_skipped_is_not_done_and_only_that_step_is_wrong(case: tuple[str, int], data: st.DataObject) -> None:
    scenario = scenario_of(*case)
    steps = to_settle(scenario)
    index = data.draw(st.integers(0, len(steps) - 1))
    quiz = graded(scenario, [as_given(s) for i, s in enumerate(steps) if i != index])
    assert wrong_rows(quiz) == [index + 1]
    assert quiz.review()[index + 1].verdict.value == "not done"
    assert quiz.missed() == [steps[index]]
    result = quiz.result()
    assert result.wrong_attempts == 0 and result.correct == len(steps) and result.steps == len(steps) + 1


@PROPERTY
@given(situation_and_seed, st.data())
def test_inside_a_seat_the_order_is_free_on_a_house_table_and_graded_on_a_player_dealer_table(
        case: tuple[str, int], data: st.DataObject) -> None:
    scenario = scenario_of(*case)
    steps = to_settle(scenario)
    swaps = [k for k in range(len(steps) - 1)
             if steps[k].seat == steps[k + 1].seat and steps[k].phase == steps[k + 1].phase]
    if not swaps:
        return  # no seat with two wagers settled in one pass
    k = data.draw(st.sampled_from(swaps))
    order = [*steps[:k], steps[k + 1], steps[k], *steps[k + 2:]]
    quiz = graded(scenario, [as_given(s) for s in order])
    if scenario.table.is_house:
        assert quiz.result().perfect
    else:
        assert wrong_rows(quiz) == [k + 2]  # the wager done first, ahead of its turn
        assert [m.kind for m in quiz.review()[k + 2].mistakes] == [ErrorKind.ORDER]


@PROPERTY
@given(situation_and_seed, st.data())
def test_in_practice_one_wrong_attempt_corrected_marks_one_step_and_one_attempt(case: tuple[str, int],
                                                                                 data: st.DataObject) -> None:
    scenario = scenario_of(*case)
    steps = to_settle(scenario)
    index = data.draw(st.integers(0, len(steps) - 1))
    step = steps[index]
    action = data.draw(st.sampled_from(sorted(set(Action) - right_actions(scenario, step))))
    quiz = SettlementQuiz(scenario.settlement, scenario.table, Mode.PRACTICE, hands=scenario.seats)
    quiz.announce_dealer(scenario.settlement.dealer.category, scenario.settlement.dealer_qualifies)
    for number, each in enumerate(steps):
        if number == index:
            assert not quiz.submit(each.seat, each.wager, action, each.amount).accepted
        assert quiz.submit(each.seat, each.wager, each.action, each.amount).accepted
    assert quiz.done
    review = quiz.review()
    assert wrong_rows(quiz) == [index + 1]
    assert review[index + 1].given.startswith(f"Seat {step.seat}: {action.value} the {step.wager.label}")
    result = quiz.result()
    assert (result.steps, result.correct, result.wrong_attempts) == (len(steps) + 1, len(steps), 1)


def test_the_situations_cover_both_tables_refund_passes_and_partial_takes() -> None:
    """The properties above meet every case they speak of, among a few seeds of each situation."""
    seen: set[str] = set()
    for name in NAMES:
        for seed in range(12):
            scenario = scenario_of(name, seed)
            for step in to_settle(scenario):
                seen.add(str(scenario.table.banking))
                seen.add(str(step.phase))
                if step.action is Action.TAKE and step.amount < stake(scenario, step):
                    seen.add("partial take")
    assert {"house", "player-dealer", "refund", "fold", "settle", "partial take"} <= seen
