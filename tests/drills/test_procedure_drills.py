"""Procedure drills: every answer comes from the rules (the engine's checks, the rotation rule, the procedures'
data) and names its document and section; the right answers score 100 %, a wrong one is named."""

from __future__ import annotations

import doctest
import io
import random
import re
from decimal import Decimal
from types import ModuleType

import pytest

import trainer.drills.procedures as procedures_package
from tests.typed import present, two_cards
from trainer.drills.base import all_drills
from trainer.drills.procedures import DRILLS, ProcedureDrill, answers, catalogue, ordering, questions, rotation
from trainer.drills.procedures.catalogue import CatalogueError, Response, read_catalogue
from trainer.drills.procedures.rotation import next_banker
from trainer.drills.terminal import run_quiz
from trainer.engine.dealing import Procedure
from trainer.engine.games import game_named
from trainer.engine.round import RoundDealer
from trainer.engine.wagers import Action, SeatHand
from trainer.scoring import Mode

NAMES = ("procedure-order", "wager-allowed", "who-banks", "controller", "irregularity")
CITATION = re.compile(r"seed 00[1-4]|rules-notes §\d")


@pytest.mark.parametrize("module", [procedures_package, answers, catalogue, ordering, rotation])
def test_doctests(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_the_procedure_drills_are_listed_by_quiz() -> None:
    assert set(NAMES) <= set(all_drills())


@pytest.mark.parametrize("drill", DRILLS, ids=lambda drill: drill.name)
def test_right_answers_score_100_and_every_answer_names_its_document(drill: ProcedureDrill) -> None:
    for item in drill.items(random.Random(11), 40, Mode.PRACTICE):
        for ask in list(item.asks):
            assert CITATION.search(ask.right), ask.right
            assert item.answer(ask.expected).correct
        assert item.result().score == 100.0


@pytest.mark.parametrize("drill", DRILLS, ids=lambda drill: drill.name)
def test_a_wrong_answer_is_named_with_its_rule(drill: ProcedureDrill) -> None:
    for item in drill.items(random.Random(5), 20, Mode.PRACTICE):
        ask = item.asks[0]
        wrong = {str: "Z" if ask.parse is answers.read_letter else "fix", bool: not ask.expected,
                 int: 8 if ask.expected != 8 else 1}.get(type(ask.expected))
        if wrong is None:
            continue
        feedback = item.answer(wrong)
        assert not feedback.correct and CITATION.search(feedback.mistakes[0].rule)


def test_the_same_seed_gives_the_same_items() -> None:
    for drill in DRILLS:
        first = [item.text for item in drill.items(random.Random(3), 5, Mode.EXAM)]
        assert first == [item.text for item in drill.items(random.Random(3), 5, Mode.EXAM)]


# -- the rules behind the answers --------------------------------------------------------------------------------


def test_rotation_without_declines_moves_the_button_as_the_engine_does() -> None:
    for positions in (6, 8):
        dealer = RoundDealer(game_named("ca").table_rules(), Procedure.SHUFFLER, positions, random.Random(1))
        banker, hands = dealer.next_player_dealer(), 1
        for _ in range(20):
            expected = next_banker(positions, present(banker), hands).seat
            got = dealer.next_player_dealer()
            assert got == expected
            hands = hands + 1 if got == banker else 1
            banker = got


def test_no_one_banks_more_than_two_consecutive_hands() -> None:
    assert next_banker(8, banker=5, hands_banked=2).seat == 6


def test_declines_pass_the_offer_on_clockwise_wrapping_past_the_last_position() -> None:
    assert next_banker(6, banker=5, hands_banked=2, declines={6, 1}).seat == 2
    assert next_banker(6, banker=5, hands_banked=2, declines={6, 1}).passed == (6, 1)


def test_a_banker_who_declines_after_one_hand_passes_it_on() -> None:
    assert next_banker(6, banker=2, hands_banked=1, declines={2}).seat == 3


def test_nobody_left_to_bank_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="declines the bank"):
        next_banker(6, banker=1, hands_banked=2, declines={2, 3, 4, 5, 6})


def test_bad_beat_without_trips_is_refused_by_the_engine() -> None:
    for seed in range(200):
        case = questions.wager_case(random.Random(seed))
        if case.kind == "bad-beat-without-trips":
            assert case.refusal is not None and "Trips" in case.refusal
            return
    raise AssertionError("no Bad Beat case in 200 seeds")


def test_each_kind_of_wager_case_gets_the_engines_verdict() -> None:
    verdicts: dict[str, set[bool]] = {}
    for seed in range(400):
        case = questions.wager_case(random.Random(seed))
        verdicts.setdefault(case.kind, set()).add(case.refusal is None)
    assert verdicts["inside"] == {True} and verdicts["trips-below-ante"] == {True}
    assert verdicts["bad-beat-with-trips"] == {True}
    for kind in ("below-minimum", "above-maximum", "blind-unequal", "bad-beat-without-trips", "not-offered"):
        assert verdicts[kind] == {False}, kind


def test_the_fee_option_limit_per_spot_refuses_a_wager_above_it() -> None:
    table = game_named("ca").table_rules(collection_schedule="uth-1", player_dealer_seat=1,
                                         player_dealer_bank=Decimal(1000))
    seat = SeatHand(2, two_cards("2c 3d"), Decimal(10), Decimal(10), trips=Decimal(400))
    assert "300" in (questions.engine_refusal(table, seat) or "")


def test_the_deal_ordering_follows_the_engines_dealing_steps() -> None:
    for procedure in Procedure:
        steps = ordering.deal_steps(procedure)
        assert len(steps) == len(procedure.steps)
        first = procedure.steps[0].to
        assert ("community" in steps[0].text) == (first == "board")


def test_a_shuffler_malfunction_returns_the_wager_asked_about() -> None:
    for seed in range(300):
        title, _, asks = questions.irregularity_asks(random.Random(seed))
        if title.endswith("shuffler-malfunction"):
            assert asks[0].expected == Response.VOID.value
            assert asks[1].expected[0] is Action.RETURN
            return
    raise AssertionError("no shuffler malfunction in 300 seeds")


def test_every_irregularity_but_the_clean_ones_needs_a_response() -> None:
    found = catalogue.irregularities()
    assert found["shuffler-malfunction"].response is Response.VOID
    for name in ("fold-one-card", "fold-three-cards", "wrong-back", "deck-short", "deck-long"):
        assert found[name].response is Response.FLOOR and "rules-notes §7" in found[name].citation


def test_a_broken_procedures_file_is_refused_naming_the_entry() -> None:
    with pytest.raises(CatalogueError, match=r"irregularities\.x\.response"):
        read_catalogue({"procedures": {}, "irregularities": {"x": {"happens": "a", "response": "shrug"}}})


def test_the_terminal_runs_a_procedure_drill_to_its_score() -> None:
    out = io.StringIO()
    result = run_quiz(DRILLS[2], seed=1, count=2, mode=Mode.PRACTICE, stdin=io.StringIO("?\nseat 99\n1\n2\n3\n"),
                      stdout=out)
    assert result.steps == 2 and "Score" in out.getvalue()
