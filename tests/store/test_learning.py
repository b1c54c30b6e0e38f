"""Learning over time: mastery levels, FSRS grades and due dates, the Today queue, My mistakes."""

from __future__ import annotations

import random
from datetime import datetime

from fsrs import Rating

from tests.store.conftest import Clock, hand
from tests.typed import present
from trainer.drills.base import drill_named
from trainer.scoring import Mode
from trainer.store import Store
from trainer.store.learning import TodayKind, deal_again, my_mistakes, today
from trainer.store.mastery import level_of, mastery, skill_mastery
from trainer.store.review import cards, rating
from trainer.store.skills import Level, SkillKind, catalogue, config


def test_a_skill_never_practised_is_new_and_a_first_item_makes_it_learning(store: Store) -> None:
    ana = store.add_profile("Ana")
    assert skill_mastery(store, ana, SkillKind.DRILL, "blind").level is Level.NEW
    store.record_item(ana, hand())
    assert skill_mastery(store, ana, SkillKind.DRILL, "blind").level is Level.LEARNING


def test_thirty_right_items_on_target_are_table_ready_and_slow_ones_only_practised(store: Store) -> None:
    ana, bea = store.add_profile("Ana"), store.add_profile("Bea")
    for number in range(30):
        store.record_item(ana, hand(seed=number, steps=6, seconds=6 * 3.0))    # 3 s a decision, target 4 s
        store.record_item(bea, hand(seed=number, steps=6, seconds=6 * 5.0))    # 5 s a decision
    assert skill_mastery(store, ana, SkillKind.DRILL, "blind").level is Level.TABLE_READY
    slow = skill_mastery(store, bea, SkillKind.SITUATION, "blind")
    assert (slow.level, slow.accuracy, slow.seconds_per_decision, slow.on_target) == (
        Level.PRACTISED, 100.0, 5.0, False)


def test_mastery_counts_only_the_last_fifty_items(store: Store, clock: Clock) -> None:
    ana = store.add_profile("Ana")
    for number in range(40):
        store.record_item(ana, hand(seed=number, steps=4, correct=2))    # half right, long ago
        clock.advance(minutes=1)
    for number in range(50):
        store.record_item(ana, hand(seed=100 + number, steps=4, seconds=8.0))
        clock.advance(minutes=1)
    recent = skill_mastery(store, ana, SkillKind.DRILL, "blind")
    assert (recent.items, recent.accuracy, recent.level) == (config().window, 100.0, Level.TABLE_READY)


def test_below_the_practised_accuracy_a_skill_stays_learning() -> None:
    assert level_of(40, 89.9, 2.0, 4.0) is Level.LEARNING
    assert level_of(14, 100.0, 2.0, 4.0) is Level.LEARNING
    assert level_of(15, 90.0, 9.0, 4.0) is Level.PRACTISED


def test_wrong_is_again_slow_is_hard_on_time_is_good_fast_is_easy() -> None:
    assert rating(False, 0.5, 4.0) is Rating.Again
    assert rating(True, 4.1, 4.0) is Rating.Hard
    assert rating(True, 4.0, 4.0) is Rating.Good
    assert rating(True, 2.4, 4.0) is Rating.Easy


def test_each_situation_type_is_one_card_reviewed_by_each_graded_item(store: Store, clock: Clock) -> None:
    ana = store.add_profile("Ana")
    store.record_item(ana, hand(seed=1, correct=5))                       # wrong: Again, due within minutes
    store.record_item(ana, hand("pairs", "table 1: ak-suited", 2, drill="pairs", seconds=6.0))   # fast: Easy
    found = {card.card: card for card in cards(store.connection, ana.id)}
    assert set(found) == {"blind", "pairs"}
    now = clock()
    assert (datetime.fromisoformat(found["blind"].due) - now).total_seconds() <= 600
    assert (datetime.fromisoformat(found["pairs"].due) - now).days >= 1
    store.record_item(ana, hand(seed=3))
    assert {card.card: card.reviews for card in cards(store.connection, ana.id)} == {"blind": 2, "pairs": 1}


def test_today_brings_new_material_then_the_reviews_that_fall_due(store: Store, clock: Clock) -> None:
    ana = store.add_profile("Ana")
    first = today(store, ana)
    assert [entry.kind for entry in first] == [TodayKind.NEW] * config().new_per_day
    assert first[0].skill.name == next(skill.name for skill in catalogue().values()
                                       if skill.kind is SkillKind.SITUATION)
    store.record_item(ana, hand(seed=1, seconds=6 * 3.5))                 # on time: Good, due in days
    assert not [entry for entry in today(store, ana) if entry.kind is TodayKind.REVIEW]
    clock.advance(days=30)
    due = [entry for entry in today(store, ana) if entry.kind is TodayKind.REVIEW]
    assert [(entry.skill.name, entry.drill) for entry in due] == [("blind", "blind")]


def test_a_hand_got_wrong_stays_in_my_mistakes_until_it_is_settled_right(store: Store, clock: Clock) -> None:
    ana = store.add_profile("Ana")
    store.record_item(ana, hand(seed=77, correct=4))
    clock.advance(minutes=1)
    store.record_item(ana, hand(seed=78))
    (open_mistake,) = my_mistakes(store, ana)
    assert (open_mistake.replay.seed, open_mistake.times_wrong, open_mistake.title) == (77, 1, "Blind · hand 77")
    assert today(store, ana)[0].kind is TodayKind.MISTAKES
    clock.advance(minutes=1)
    store.record_item(ana, hand(seed=77, correct=5))
    assert my_mistakes(store, ana)[0].times_wrong == 2
    clock.advance(minutes=1)
    store.record_item(ana, hand(seed=77))
    assert my_mistakes(store, ana) == []


def test_a_mistake_is_dealt_again_as_the_exact_hand(store: Store) -> None:
    from trainer.drills.scenarios import SITUATIONS
    from trainer.drills.settlement_drills import SettlementItem

    ana = store.add_profile("Ana")
    original = SettlementItem(SITUATIONS["blind"].generate(4242, "flush"), SITUATIONS["blind"], Mode.PRACTICE, "blind")
    store.record_item(ana, hand("blind", "flush", 4242, correct=2))
    (open_mistake,) = my_mistakes(store, ana)
    again = deal_again(open_mistake.replay, Mode.PRACTICE)
    assert again.text == original.text
    assert again.result().item == original.result().item


def test_a_drill_item_is_dealt_again_from_its_set(store: Store) -> None:
    ana = store.add_profile("Ana")
    items = list(drill_named("payouts-1").items(random.Random(9), 5, Mode.PRACTICE))
    wrong = items[3]
    wrong.answer(present(wrong.next_question()).parse("1"))
    store.record_item(ana, wrong.result(), seed=9, index=3, count=5)
    (open_mistake,) = my_mistakes(store, ana)
    assert deal_again(open_mistake.replay, Mode.PRACTICE).title == wrong.title


def test_mastery_lists_the_practised_skills_in_the_catalogue_order(store: Store) -> None:
    ana = store.add_profile("Ana")
    store.record_item(ana, hand("pairs", "table 1: ak-suited", 2, drill="pairs"))
    store.record_item(ana, hand(seed=1))
    assert [entry.skill.key for entry in mastery(store, ana)] == [
        "drill:blind", "drill:pairs", "situation:blind", "situation:pairs"]
    every = mastery(store, ana, SkillKind.SITUATION, include_new=True)
    assert len(every) == len([skill for skill in catalogue().values() if skill.kind is SkillKind.SITUATION])


def test_the_mistakes_summary_counts_what_my_mistakes_lists(store: Store, clock: Clock) -> None:
    from trainer.store.learning import mistakes_summary

    ana = store.add_profile("Ana")
    assert mistakes_summary(store, ana) is None
    for seed, correct in ((1, 4), (2, 6), (3, 5), (1, 6), (4, 3)):
        store.record_item(ana, hand(seed=seed, correct=correct))
        clock.advance(minutes=1)
    listed = my_mistakes(store, ana)
    summary = mistakes_summary(store, ana)
    assert summary is not None and summary.count == len(listed) == 2
    assert (summary.drill, summary.situation) == (listed[0].drill, listed[0].situation) == ("blind", "blind")
    assert [mistake.replay.seed for mistake in listed] == [3, 4]
