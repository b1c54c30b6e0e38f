"""Settlement and single-decision drills: a perfect trainee scores 100 %, each kind of mistake is named, and
the answers are read the forgiving way trainees type them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from decimal import Decimal

import pytest

from tests.typed import present
from trainer.drills import decision_drills, settlement_drills
from trainer.drills.answers import read_action, read_dealer_hand, read_money, read_step
from trainer.drills.base import Drill, all_drills
from trainer.drills.decision_drills import DecisionItem, read_place, read_result
from trainer.drills.scenarios import situation_named
from trainer.drills.settlement_drills import SettlementItem
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager
from trainer.scoring import ErrorKind, Mode


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.5
        return self.now


def settlement_item(situation: str, variant: str, seed: int = 5, mode: Mode = Mode.PRACTICE) -> SettlementItem:
    chosen = situation_named(situation)
    return SettlementItem(chosen.generate(seed, variant), chosen, mode, "test", FakeClock())


Answer = Decimal | tuple[Category, bool] | tuple[int, Wager, Action, Decimal]
"""A perfect trainee's answer: the collection fee, the dealer's hand, or one step of the procedure."""


def perfect_settlement_answers(item: SettlementItem) -> Iterator[Answer]:
    """What a perfect trainee answers, question by question."""
    result = item.scenario.settlement
    if item.next_question() is not None and present(item.next_question()).prompt.startswith("Collection fee"):
        yield present(result.collection_fee)
    yield (result.dealer.category, result.dealer_qualifies)
    for step in item.quiz.asked():
        yield (step.seat, step.wager, step.action, step.amount)


def as_text(answer: Answer, item: SettlementItem) -> tuple[str, object]:
    """The answer as a trainee would type it, and what it reads as (a stake moved whole needs no amount)."""
    if isinstance(answer, Decimal):
        return f"${answer}", answer
    if len(answer) == 2:
        category, qualifies = answer
        return f"{category.label} {'q' if qualifies else 'no'}", answer
    seat, wager, action, amount = answer
    text = f"{seat} {wager.label.lower()} {action.value}"
    if action is Action.PAY or amount != item.scenario.seat(seat).stake(wager):
        return f"{text} {amount}", answer
    return text, (seat, wager, action, None)


@pytest.mark.parametrize("drill", settlement_drills.DRILLS, ids=lambda drill: drill.name)
def test_a_perfect_trainee_scores_100_percent_on_every_settlement_drill(
    drill: settlement_drills.SettlementDrill,
) -> None:
    count = sum(len(situation_named(name).variants) for name in drill.situations)
    for item in drill.items(random.Random(9), min(count, 40), Mode.PRACTICE):
        for answer in perfect_settlement_answers(item):
            question = item.next_question()
            assert question is not None
            text, reads_as = as_text(answer, item)
            parsed = question.parse(text)
            assert parsed == reads_as, (question.prompt, text)
            feedback = item.answer(parsed)
            assert feedback.correct and feedback.accepted, feedback.message
        assert item.next_question() is None
        result = item.result()
        assert result.score == 100.0 and result.perfect, item.title


def test_wrong_dealer_announcement_is_named() -> None:
    item = settlement_item("dealer-does-not-qualify", "player wins")
    feedback = item.answer((Category.ONE_PAIR, True))
    assert not feedback.accepted
    assert feedback.mistakes[0].kind is ErrorKind.WRONG_DEALER_HAND
    assert "does not qualify" in feedback.mistakes[0].expected


def _announce(item: SettlementItem) -> None:
    result = item.scenario.settlement
    assert item.answer((result.dealer.category, result.dealer_qualifies)).correct


def test_settling_out_of_order_is_named_order() -> None:
    item = settlement_item("house-order", "all play")
    _announce(item)
    steps = item.quiz.asked()
    later = next(step for step in steps if step.seat != steps[0].seat)
    feedback = item.answer((later.seat, later.wager, later.action, later.amount))
    assert [mistake.kind for mistake in feedback.mistakes] == [ErrorKind.ORDER]
    assert "right to left" in feedback.mistakes[0].rule


def test_skipping_the_ante_refund_pass_is_named() -> None:
    item = settlement_item("dealer-does-not-qualify", "ante refund pass")
    _announce(item)
    steps = item.quiz.asked()
    for fold in (step for step in steps if step.phase == "fold"):
        assert item.answer((fold.seat, fold.wager, fold.action, fold.amount)).correct
    settle = next(step for step in steps if step.phase == "settle")
    feedback = item.answer((settle.seat, settle.wager, settle.action, settle.amount))
    assert ErrorKind.MISSED_REFUND_PASS in [mistake.kind for mistake in feedback.mistakes]


def test_wrong_action_and_wrong_amount_are_named_with_the_rule() -> None:
    item = settlement_item("blind", "flush")
    _announce(item)
    for step in item.quiz.asked():
        if step.seat == item.scenario.focus_seat and step.wager is Wager.BLIND:
            wrong_action = item.answer((step.seat, step.wager, Action.PUSH, None))
            assert wrong_action.mistakes[0].kind is ErrorKind.WRONG_ACTION
            wrong_amount = item.answer((step.seat, step.wager, Action.PAY, step.amount + 1))
            assert wrong_amount.mistakes[0].kind is ErrorKind.WRONG_AMOUNT
            assert "3 to 2" in wrong_amount.mistakes[0].rule
            break
        assert item.answer((step.seat, step.wager, step.action, step.amount)).correct


def test_wrong_collection_fee_is_a_wrong_amount_naming_the_schedule() -> None:
    item = settlement_item("collection-fee", "at the start of a bracket")
    assert present(item.next_question()).prompt.startswith("Collection fee")
    feedback = item.answer(present(item.scenario.settlement.collection_fee) + 1)
    assert feedback.mistakes[0].kind is ErrorKind.WRONG_AMOUNT
    schedule = present(item.scenario.table.collection_schedule)  # bb-N: seed 001's Collection Rates option N
    assert schedule.startswith("bb-") and schedule not in feedback.mistakes[0].rule, "the schedule by its name"
    assert f"Collection option {schedule.removeprefix('bb-')} (Bad Beat Bonus): " in feedback.mistakes[0].rule
    assert present(item.next_question()).prompt.startswith("Collection fee")


def test_exam_mode_takes_every_answer_and_scores_at_the_end() -> None:
    item = settlement_item("blind", "tie", mode=Mode.EXAM)
    item.answer((Category.ROYAL_FLUSH, False))
    for step in item.quiz.asked():
        feedback = item.answer((step.seat, step.wager, Action.TAKE if step.action is Action.PAY else step.action,
                                step.amount))
        assert feedback.accepted
    result = item.result()
    assert item.next_question() is None
    assert result.score < 100 and ErrorKind.WRONG_DEALER_HAND in [mistake.kind for mistake in result.mistakes]


def test_a_hand_cut_short_counts_only_the_steps_answered() -> None:
    item = settlement_item("house-order", "with folds")
    _announce(item)
    assert item.result().steps == 1 and item.result().correct == 1


def test_same_seed_deals_the_same_items() -> None:
    drill = settlement_drills.DRILLS[2]
    first = [item.title for item in drill.items(random.Random(4), 5, Mode.PRACTICE)]
    again = [item.title for item in drill.items(random.Random(4), 5, Mode.PRACTICE)]
    assert first == again


# -- single-decision drills ----------------------------------------------------------------------------------


@pytest.mark.parametrize("drill", decision_drills.DRILLS, ids=lambda drill: drill.name)
def test_a_perfect_trainee_scores_100_percent_on_every_decision_drill(drill: decision_drills.DecisionDrill) -> None:
    for item in drill.items(random.Random(2), 24, Mode.PRACTICE, FakeClock()):
        while (ask := item.current) is not None:
            assert present(item.next_question()).prompt == ask.prompt
            assert item.answer(ask.expected).correct, ask.prompt
        assert item.result().score == 100.0 and item.result().steps >= 1


def _first_item(name: str, seed: int = 3) -> DecisionItem:
    drill = next(drill for drill in decision_drills.DRILLS if drill.name == name)
    return next(drill.items(random.Random(seed), 1, Mode.PRACTICE, FakeClock()))


def test_blind_quick_asks_what_happens_to_the_blind_and_names_each_mistake() -> None:
    item = _first_item("blind-quick")
    ask = item.current
    assert ask is not None and ask.prompt.startswith("Seat ") and "the Blind, and how much?" in ask.prompt
    action, amount = ask.expected
    wrong = Action.TAKE if action is not Action.TAKE else Action.PUSH
    feedback = item.answer((wrong, None))
    assert feedback.mistakes[0].kind is ErrorKind.WRONG_ACTION and ask.right in feedback.message
    assert item.next_question() is None

    item = _first_item("pairs-quick")
    action, amount = present(item.current).expected
    assert action is Action.PAY
    assert item.answer((Action.PAY, amount + Decimal("0.5"))).mistakes[0].kind is ErrorKind.WRONG_AMOUNT


def test_dealer_hand_drill_names_a_wrong_announcement_and_a_wrong_winner() -> None:
    drill = next(drill for drill in decision_drills.DRILLS if drill.name == "dealer-hand")
    item = next(item for item in drill.items(random.Random(1), 12, Mode.PRACTICE) if len(item.asks) == 2)
    category, qualifies = present(item.current).expected
    assert item.answer((category, not qualifies)).mistakes[0].kind is ErrorKind.WRONG_DEALER_HAND
    expected = present(item.current).expected
    assert item.answer("push" if expected != "push" else "win").mistakes[0].kind is ErrorKind.WRONG_ANSWER


def test_deal_order_drill_names_a_wrong_place() -> None:
    item = _first_item("deal-order")
    place = present(item.current).expected
    wrong = ("dealer", None) if place != ("dealer", None) else ("rack", None)
    feedback = item.answer(wrong)
    assert feedback.mistakes[0].kind is ErrorKind.WRONG_ANSWER
    assert present(item.scenario).procedure.label in feedback.mistakes[0].rule


def test_collection_fee_drill_names_a_wrong_amount() -> None:
    item = _first_item("collection-fee")
    assert item.answer(present(item.current).expected + 1).mistakes[0].kind is ErrorKind.WRONG_AMOUNT


def test_every_drill_name_is_a_short_hyphenated_word_and_registered() -> None:
    drills = all_drills()
    both: tuple[Drill, ...] = (*settlement_drills.DRILLS, *decision_drills.DRILLS)
    for drill in both:
        assert drills[drill.name] is drill
        assert drill.name == drill.name.lower() and " " not in drill.name
        assert drill.group and drill.description
    for topic in ("order", "qualification", "blind", "trips", "bad-beat", "pairs", "progressive", "player-dealer",
                  "dealer-hand", "deal-order", "payouts"):
        assert topic in drills


# -- reading answers -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("two pair q", (Category.TWO_PAIR, True)),
    ("high card no", (Category.HIGH_CARD, False)),
    ("Ace high, does not qualify", (Category.HIGH_CARD, False)),
    ("no pair dnq", (Category.HIGH_CARD, False)),
    ("dnq king high", (Category.HIGH_CARD, False)),
    ("pair of fours, qualifies", (Category.ONE_PAIR, True)),
    ("trips yes", (Category.THREE_OF_A_KIND, True)),
    ("boat y", (Category.FULL_HOUSE, True)),
    ("four of a kind q", (Category.FOUR_OF_A_KIND, True)),
    ("straight flush q", (Category.STRAIGHT_FLUSH, True)),
    ("flush q", (Category.FLUSH, True)),
    ("Royal Flush qualifies", (Category.ROYAL_FLUSH, True)),
    ("two pair", (Category.TWO_PAIR, True)),  # the qualifier is optional: a pair or better qualifies
    ("no pair", (Category.HIGH_CARD, False)),
    ("qualifies", None),
    ("banana q", None),
])
def test_dealer_hand_answers_are_read_forgivingly(text: str, expected: object) -> None:
    assert read_dealer_hand(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("5 ante push", (5, Wager.ANTE, Action.PUSH, None)),
    ("3 blind pay 7.50", (3, Wager.BLIND, Action.PAY, Decimal("7.50"))),
    ("2 trips take", (2, Wager.TRIPS, Action.TAKE, None)),
    ("seat 4 bad beat pay $1,500", (4, Wager.BAD_BEAT, Action.PAY, Decimal(1500))),
    ("s6 pairs pays 30", (6, Wager.PAIRS, Action.PAY, Decimal(30))),
    ("blind 3 pay 22.5", (3, Wager.BLIND, Action.PAY, Decimal("22.5"))),
    ("7 play return", (7, Wager.PLAY, Action.RETURN, None)),
    ("1 progressive refund", (1, Wager.PROGRESSIVE, Action.PUSH, None)),
    ("3 blind pay", None),
    ("blind pay 7.50", None),
    ("3 blind pay 7.50 please", None),
    ("9 ante push", None),
])
def test_steps_are_read_forgivingly(text: str, expected: object) -> None:
    assert read_step(text) == expected


def test_short_answers_are_read() -> None:
    assert read_action("pay $7.50") == (Action.PAY, Decimal("7.50"))
    assert read_action("push") == (Action.PUSH, None)
    assert read_action("12") == (Action.PAY, Decimal(12))
    assert read_action("pay") is None and read_action("maybe") is None
    assert read_money("$1,000") == Decimal(1000) and read_money("ten") is None
    assert read_result("the dealer") == "lose" and read_result("tie") == "push" and read_result("?") is None
    assert read_place("seat 3") == ("seat", 3) and read_place("River") == ("river", None)
    assert read_place("somewhere") is None
