"""The scenario generator: every situation, every variant, many seeds, each checked by the engine's settlement."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.typed import present
from trainer.drills.scenario_round import table_text
from trainer.drills.scenarios import SITUATIONS, TOPICS, situation_named, situations_of, variant_plan
from trainer.engine.cards import FULL_DECK
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager

SEEDS_PER_VARIANT = 6


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_every_variant_over_many_seeds_is_the_situation_it_claims(name: str) -> None:
    situation = SITUATIONS[name]
    for variant in situation.variants:
        for seed in range(SEEDS_PER_VARIANT):
            scenario = situation.generate(seed * 7919 + 13, variant)
            assert scenario.variant == variant
            assert situation.verify(scenario), f"{name} / {variant} / seed {seed}:\n{table_text(scenario)}"


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_variants_drawn_from_the_seed_are_verified_too(name: str) -> None:
    situation = SITUATIONS[name]
    for seed in range(1000, 1030):
        scenario = situation.generate(seed)
        assert scenario.variant in situation.variants
        assert situation.verify(scenario)


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_the_same_seed_gives_the_same_hand(name: str) -> None:
    situation = SITUATIONS[name]
    first, again = situation.generate(424242), situation.generate(424242)
    assert first == again
    assert first.deck == again.deck and first.seed == 424242


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_different_seeds_give_different_hands(name: str) -> None:
    situation = SITUATIONS[name]
    variant = situation.variants[0]
    decks = {situation.generate(seed, variant).deck for seed in range(8)}
    assert len(decks) == 8


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_the_deck_deals_exactly_the_scenario_by_its_procedure(name: str) -> None:
    scenario = SITUATIONS[name].generate(77)
    assert sorted(scenario.deck) == list(FULL_DECK)
    dealt = scenario.deal()
    assert dealt.dealer == scenario.dealer and dealt.board == scenario.board
    assert dict(dealt.hands) == {seat.seat: seat.hole for seat in scenario.seats}


def test_verify_refuses_a_scenario_relabelled_as_another_variant() -> None:
    blind = situation_named("blind")
    flush = blind.generate(5, "flush")
    assert blind.verify(flush)
    assert not blind.verify(replace(flush, variant="straight"))
    assert not blind.verify(replace(flush, variant="tie"))
    assert not situation_named("trips-shapes").verify(flush)


def test_unknown_variant_is_refused_with_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known: royal flush"):
        situation_named("blind").generate(1, "five aces")


def test_dealer_does_not_qualify_player_still_loses_play_and_blind() -> None:
    scenario = situation_named("dealer-does-not-qualify").generate(3, "player loses Play and Blind")
    result = scenario.settlement
    actions = {step.wager: step.action for step in result.procedure if step.seat == present(scenario.focus_seat)}
    assert not result.dealer_qualifies
    assert actions[Wager.ANTE] is Action.PUSH
    assert actions[Wager.PLAY] is Action.TAKE and actions[Wager.BLIND] is Action.TAKE


def test_straight_flush_beaten_by_a_higher_one_pays_the_straight_flush_line() -> None:
    scenario = situation_named("bad-beat-player-loses").generate(11, "BBB-03: straight flush")
    result = scenario.settlement
    assert result.seat(present(scenario.focus_seat)).hand.category is Category.STRAIGHT_FLUSH
    assert result.dealer.category >= Category.STRAIGHT_FLUSH
    step = next(s for s in result.procedure if s.seat == scenario.focus_seat and s.wager is Wager.BAD_BEAT)
    assert step.amount == scenario.seat(present(scenario.focus_seat)).bad_beat * 2500


def test_two_progressive_winners_are_paid_farthest_right_first() -> None:
    scenario = situation_named("progressive").generate(21, "two winners in one round")
    paid = [s.seat for s in scenario.settlement.procedure if s.wager is Wager.PROGRESSIVE and s.action is Action.PAY]
    assert len(paid) >= 2 and paid == sorted(paid, reverse=True)


def test_pairs_aces_against_aces_on_table_two() -> None:
    scenario = situation_named("pairs").generate(2, "table 2: aa-with-dealer-aa")
    assert all(card.rank == 14 for card in (*scenario.dealer, *scenario.seat(present(scenario.focus_seat)).hole))
    step = next(s for s in scenario.settlement.procedure if s.wager is Wager.PAIRS)
    assert step.amount == scenario.seat(present(scenario.focus_seat)).pairs * 1000


def test_every_pay_line_in_use_has_a_variant() -> None:
    tables = situation_named("blind").build(random.Random(1)).table.paytables
    pairs = set(situation_named("pairs").variants)
    for table_id in tables.ids("pairs"):
        for line in tables.pairs(table_id).lines:
            assert f"table {table_id}: {line.hand}" in pairs
    bad_beat = set(situation_named("bad-beat-player-loses").variants)
    for table_id in tables.ids("bad_beat"):
        for line in tables.bad_beat(table_id).lines:
            assert f"{table_id}: {line.hand}" in bad_beat
    assert {line.hand for line in tables.blind().lines} <= set(situation_named("blind").variants)


def test_topics_are_short_hyphenated_words_and_each_has_situations() -> None:
    for topic in TOPICS:
        assert topic == topic.lower() and " " not in topic
        assert situations_of(topic), topic
    assert {situation.topic for situation in SITUATIONS.values()} == set(TOPICS)


def test_variant_plan_covers_every_variant_before_repeating() -> None:
    group = situations_of("bad-beat")
    every = sum(len(situation.variants) for situation in group)
    plan = variant_plan(group, random.Random(3), every)
    assert len(set((situation.name, variant) for situation, variant in plan)) == every


def test_decisions_street_by_street_match_each_seats_play_wager() -> None:
    scenario = situation_named("house-order").generate(5, "with folds")
    decisions = scenario.decisions()
    for seat in scenario.seats:
        mine = [d for d in decisions if d.seat == seat.seat]
        street = scenario.street_of(seat.seat)
        if seat.folded:
            assert [d.street for d in mine] == ["preflop", "flop", "river"] and all(d.multiple == 0 for d in mine)
            assert mine[-1].is_fold and scenario.describe_play(seat.seat) == "folded on the river"
        else:
            assert mine[-1].street == street and mine[-1].multiple * seat.ante == seat.play
            assert all(d.multiple == 0 for d in mine[:-1])
