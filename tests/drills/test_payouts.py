"""The payout arithmetic drill: every pay line in use, levels with speed targets, exact amounts, timing."""

from __future__ import annotations

import random
from decimal import Decimal

from trainer.drills.payouts import LEVELS, PayoutDrill, PayoutItem, PayoutQuestion, chips_for, odds_in_use
from trainer.engine.paytables import Odds
from trainer.scoring import ErrorKind, Mode


class StepClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_every_pay_line_in_use_is_in_a_level() -> None:
    in_levels = {text for level in LEVELS for text in level.odds}
    assert set(odds_in_use()) <= in_levels
    for text in ("1 to 1", "3 to 2", "40 to 1", "50 to 1", "500 to 1", "7500 to 1", "250 for 1"):
        assert text in in_levels


def test_levels_get_slower_targets_as_they_get_harder() -> None:
    targets = [level.target_seconds for level in LEVELS]
    assert targets == sorted(targets) and targets[0] < targets[-1]
    assert [level.number for level in LEVELS] == [1, 2, 3, 4]


def test_the_issue_examples_pay_exactly() -> None:
    assert PayoutQuestion(Odds.parse("3 to 2"), Decimal(35)).payout == Decimal("52.50")
    assert PayoutQuestion(Odds.parse("40 to 1"), Decimal(15)).payout == Decimal(600)
    assert PayoutQuestion(Odds.parse("50 to 1"), Decimal(7)).payout == Decimal(350)
    assert PayoutQuestion(Odds.parse("10 for 1"), Decimal(5)).payout == Decimal(50)


def test_a_perfect_trainee_scores_100_percent_at_every_level() -> None:
    for drill in (PayoutDrill(), *(PayoutDrill(level.number) for level in LEVELS)):
        for item in drill.items(random.Random(8), 30, Mode.PRACTICE, StepClock(1.0)):
            question = item.next_question()
            assert question is not None
            feedback = item.answer(question.parse(f"${item.question.payout}"))
            assert feedback.correct, feedback.message
            assert item.next_question() is None and item.result().score == 100.0


def test_a_wrong_payout_is_a_wrong_amount_with_the_working() -> None:
    item = PayoutItem("payouts", LEVELS[0], PayoutQuestion(Odds.parse("3 to 2"), Decimal(35)), Mode.PRACTICE,
                      StepClock(1.0))
    feedback = item.answer(Decimal(50))
    assert not feedback.correct
    mistake = feedback.mistakes[0]
    assert mistake.kind is ErrorKind.WRONG_AMOUNT and mistake.expected == "$52.50"
    assert "$35 ÷ 2 × 3" in mistake.rule
    assert item.result().score == 0.0


def test_answers_are_timed_against_the_level_target() -> None:
    quick = PayoutItem("payouts", LEVELS[0], PayoutQuestion(Odds.parse("1 to 1"), Decimal(10)), Mode.SPEED,
                       StepClock(2.0))
    assert "on target" in quick.answer(Decimal(10)).message and quick.on_target
    slow = PayoutItem("payouts", LEVELS[0], PayoutQuestion(Odds.parse("1 to 1"), Decimal(10)), Mode.SPEED,
                      StepClock(30.0))
    assert "too slow" in slow.answer(Decimal(10)).message and not slow.on_target
    assert slow.result().seconds == 30.0


def test_the_climbing_drill_goes_from_level_1_to_level_4() -> None:
    levels = [item.level.number for item in PayoutDrill().items(random.Random(1), 8, Mode.PRACTICE)]
    assert levels[0] == 1 and levels[-1] == 4 and levels == sorted(levels)


def test_stakes_and_payouts_are_made_of_the_tables_chips() -> None:
    for level in LEVELS:
        for stake in level.stakes:
            assert sum(value * count for value, count in chips_for(stake)) == stake
    assert chips_for(Decimal("52.50")) == [(Decimal(25), 2), (Decimal(1), 2), (Decimal("0.5"), 1)]


def test_same_seed_same_questions() -> None:
    first = [item.title for item in PayoutDrill().items(random.Random(3), 6, Mode.PRACTICE)]
    assert first == [item.title for item in PayoutDrill().items(random.Random(3), 6, Mode.PRACTICE)]
