"""The plan of a round on the table, without Qt: every phase the round needs, in order, each settlement step in
exactly one phase, the settlement in the dealer's order (rules-notes §2), the Ante refund pass on a house table
whose dealer does not qualify, the folded hands collected before the reveal."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping, Sequence
from decimal import Decimal

import pytest

from tests.typed import two_cards
from trainer.engine.cards import Card, parse_cards
from trainer.engine.dealing import Procedure, deal_order
from trainer.engine.round import Bets, PlayedRound, play_round
from trainer.engine.settlement import SeatHand, settle
from trainer.engine.strategy import Street
from trainer.engine.table import Banking, TableRules
from trainer.gui.table.captions import seat_result_text
from trainer.gui.table.phases import PHASE_TEXTS, DirectorState, Phase, parse_phase_name, phase_name, phase_text
from trainer.gui.table.plan import (
    PlannedPhase,
    plan_round,
    rest_of_plan,
    seat_settled,
    step_key,
    trainee_settles,
)

BOARD = "Ks 9h 4d Jc 3s"
DEALER_QUALIFIES = "Kd Kh"
DEALER_DOES_NOT_QUALIFY = "2c 7d"


class Plays:
    """A player who bets ``multiple`` Antes on ``street`` and checks before it (checks to the end: folds)."""

    def __init__(self, street: Street | None = None, multiple: int = 0) -> None:
        self.street, self.multiple = street, multiple

    def decide(self, street: Street, hole: Sequence[Card], board: Sequence[Card]) -> int:
        return self.multiple if street == self.street else 0


RAISES = Plays("preflop", 4)
FOLDS = Plays()


def round_of(hands: Mapping[int, str], dealer: str, strategies: Mapping[int, Plays], *,
             table: TableRules | None = None, board: str = BOARD, trips: int = 0,
             progressive: int = 0) -> PlayedRound:
    """A round with these cards: the deck stacked so the card shoe deals exactly ``hands``, ``dealer``, ``board``."""
    seats = sorted(hands)
    wanted: dict[tuple[str, int | None, int], Card] = {}
    for seat, text in hands.items():
        for slot, card in enumerate(parse_cards(text)):
            wanted["seat", seat, slot] = card
    for slot, card in enumerate(parse_cards(dealer)):
        wanted["dealer", None, slot] = card
    for slot, card in enumerate(parse_cards(board)):
        wanted["board", None, slot] = card
    rest = iter(card for card in (Card(i) for i in range(52)) if card not in wanted.values())
    targets = [(t.kind, t.seat, t.slot) for t in deal_order(Procedure.CARD_SHOE, seats)]
    deck = [wanted[target] if target in wanted else next(rest) for target in targets]
    bets = [Bets(seat, Decimal(10), trips=Decimal(trips), progressive=Decimal(progressive)) for seat in seats]
    return play_round(table or TableRules(), Procedure.CARD_SHOE, deck, bets, dict(strategies))


def names(plan: Sequence[PlannedPhase]) -> list[str]:
    return [planned.name for planned in plan]


def test_a_round_nobody_folds_plays_bets_deal_streets_reveal_each_seat_and_cleanup_in_order() -> None:
    played = round_of({2: "As Ah"}, DEALER_QUALIFIES, {2: RAISES})
    assert names(plan_round(played)) == [
        "bets", "deal", "preflop", "flop", "turn-river", "river-decisions", "reveal", "settle:2", "cleanup",
    ]


def test_a_round_with_a_fold_collects_the_folded_hand_before_the_reveal() -> None:
    played = round_of({1: "As Ah", 3: "8c 5d"}, DEALER_QUALIFIES, {1: RAISES, 3: FOLDS})
    plan = plan_round(played)
    phases = [planned.phase for planned in plan]
    assert Phase.FOLDS in phases
    assert phases.index(Phase.RIVER_DECISIONS) < phases.index(Phase.FOLDS) < phases.index(Phase.REVEAL)
    [folds] = [planned for planned in plan if planned.phase is Phase.FOLDS]
    assert folds.seats == (3,)
    # A fold loses the Ante and the Blind at once (rules-notes §7): both are taken in the folds phase.
    assert sorted((step.seat, str(step.wager), str(step.action)) for step in folds.steps) == [
        (3, "ante", "take"), (3, "blind", "take"),
    ]
    assert "settle:3" not in names(plan)


def test_dealer_does_not_qualify_on_a_house_table_pushes_the_antes_in_a_refund_phase_after_the_reveal() -> None:
    played = round_of({1: "As Ah", 4: "Qd Qc"}, DEALER_DOES_NOT_QUALIFY, {1: RAISES, 4: RAISES})
    plan = plan_round(played)
    phases = [planned.phase for planned in plan]
    assert phases.index(Phase.REVEAL) < phases.index(Phase.REFUND) < phases.index(Phase.SETTLE)
    [refund] = [planned for planned in plan if planned.phase is Phase.REFUND]
    assert {(step.seat, str(step.wager), str(step.action)) for step in refund.steps} == {
        (1, "ante", "push"), (4, "ante", "push"),
    }


def test_dealer_qualifies_no_refund_phase() -> None:
    played = round_of({1: "As Ah", 4: "Qd Qc"}, DEALER_QUALIFIES, {1: RAISES, 4: RAISES})
    assert Phase.REFUND not in [planned.phase for planned in plan_round(played)]


def test_house_table_settles_one_phase_a_seat_right_to_left_highest_seat_first() -> None:
    hands = {1: "As Ah", 3: "Qd Qc", 6: "Tc Th"}
    played = round_of(hands, DEALER_QUALIFIES, dict.fromkeys(hands, RAISES))
    plan = plan_round(played)
    assert [name for name in names(plan) if name.startswith("settle")] == ["settle:6", "settle:3", "settle:1"]
    for planned in plan:
        if planned.phase is Phase.SETTLE:
            assert {step.seat for step in planned.steps} == set(planned.seats)


def test_player_dealer_table_has_a_fee_phase_and_settles_from_the_player_dealers_left() -> None:
    table = TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=3, player_dealer_bank=Decimal(1000),
                       collection_schedule="uth-1")
    hands = {1: "As Ah", 2: "Qd Qc", 5: "Tc Th", 6: "9c 9d"}
    played = round_of(hands, DEALER_QUALIFIES, dict.fromkeys(hands, RAISES), table=table)
    found = names(plan_round(played))
    assert found[:2] == ["bets", "fee"]
    assert [name for name in found if name.startswith("settle")] == ["settle:5", "settle:6", "settle:1", "settle:2"]
    assert "refund" not in found  # the Ante refund pass is the house table's


@pytest.mark.parametrize("dealer", [DEALER_QUALIFIES, DEALER_DOES_NOT_QUALIFY])
def test_every_step_of_the_settlement_is_shown_in_exactly_one_phase(dealer: str) -> None:
    hands = {1: "As Ah", 2: "8c 5d", 4: "Qd Qc", 7: "6h 2s"}
    played = round_of(hands, dealer, {1: RAISES, 2: FOLDS, 4: RAISES, 7: FOLDS}, trips=5)
    shown = [step for planned in plan_round(played) for step in planned.steps]
    assert sorted(shown, key=step_key) == sorted(played.settlement.procedure, key=step_key)


# COIN IN (seed 002 rule 6, rules-notes §2): after the bets, before the deal, every Progressive wager leaves the
# layout; the losing ones are the engine's coin-in steps, a winner's award is paid in its seat's turn.
FULL_HOUSE_BOARD = "Ks Kd 9h 4c 2s"
METERED = TableRules(progressive_meter=Decimal(25000))


def test_coin_in_comes_right_after_the_bets_and_before_the_deal() -> None:
    played = round_of({1: "9c 9d", 3: "As 5h"}, "Qd Qh", {1: RAISES, 3: RAISES},
                      table=METERED, board=FULL_HOUSE_BOARD, progressive=5)
    found = names(plan_round(played))
    assert found[:3] == ["bets", "coin-in", "deal"]
    assert names(plan_round(played, settle_by_trainee=True))[:3] == ["bets", "coin-in", "deal"]


def test_every_progressive_wager_leaves_at_coin_in_the_losers_as_the_engines_coin_in_steps() -> None:
    # Seat 1's full house wins the Progressive (10 for 1); seat 3's ace high loses it.
    played = round_of({1: "9c 9d", 3: "As 5h"}, "Qd Qh", {1: RAISES, 3: RAISES},
                      table=METERED, board=FULL_HOUSE_BOARD, progressive=5)
    [coin_in] = [planned for planned in plan_round(played) if planned.phase is Phase.COIN_IN]
    assert set(coin_in.seats) == {1, 3}
    assert [(step.seat, str(step.wager), str(step.action)) for step in coin_in.steps] == [(3, "progressive", "take")]


def test_a_winning_progressive_is_paid_in_its_seats_turn_not_at_coin_in() -> None:
    played = round_of({1: "9c 9d", 3: "As 5h"}, "Qd Qh", {1: RAISES, 3: RAISES},
                      table=METERED, board=FULL_HOUSE_BOARD, progressive=5)
    [seat_1] = [planned for planned in plan_round(played) if planned.name == "settle:1"]
    [award] = [step for step in seat_1.steps if str(step.wager) == "progressive"]
    assert str(award.action) == "pay" and award.amount == Decimal(50)  # 10 for 1 on $5: the stake is not returned


def test_no_progressive_wager_no_coin_in() -> None:
    played = round_of({1: "As Ah"}, DEALER_QUALIFIES, {1: RAISES})
    assert "coin-in" not in names(plan_round(played))


def test_the_trainees_plan_stops_at_the_showdown_with_the_hands_still_in_action() -> None:
    played = round_of({1: "As Ah", 3: "8c 5d"}, DEALER_QUALIFIES, {1: RAISES, 3: FOLDS})
    plan = plan_round(played, settle_by_trainee=True)
    assert names(plan) == ["bets", "deal", "preflop", "flop", "turn-river", "river-decisions", "showdown"]
    assert plan[-1].seats == (1,)  # the folded hand (no trips) stays face down for the trainee to take


def test_a_folded_hand_with_trips_still_in_action_is_shown_at_the_showdown() -> None:
    # Seat 3 folds holding K-K: trips on the board's king, so its Trips is still to be paid (rules-notes §7).
    played = round_of({1: "As Ah", 3: "Kc Kh"}, "2c 2d", {1: RAISES, 3: FOLDS}, board="Ks 9h 4d Jc 3s", trips=5)
    assert plan_round(played, settle_by_trainee=True)[-1].seats == (1, 3)


def test_after_the_trainees_settlement_the_table_settles_what_is_left_then_clears() -> None:
    played = round_of({1: "As Ah", 4: "Qd Qc"}, DEALER_QUALIFIES, {1: RAISES, 4: RAISES})
    steps = trainee_settles(played)
    settled = {step_key(step) for step in steps if step.seat == 4}
    rest = rest_of_plan(played, settled)
    assert names(rest) == ["settle-rest", "cleanup"]
    assert rest[0].steps == tuple(step for step in steps if step.seat == 1)
    assert names(rest_of_plan(played, {step_key(step) for step in steps})) == ["cleanup"]


def test_a_folded_hand_is_settled_once_its_ante_and_blind_are() -> None:
    played = round_of({1: "As Ah", 3: "8c 5d"}, DEALER_QUALIFIES, {1: RAISES, 3: FOLDS})
    assert not seat_settled(played, 3, {(3, "ante")})
    assert seat_settled(played, 3, {(3, "ante"), (3, "blind")})


def test_phase_values_are_the_names_the_table_has_always_reported() -> None:
    assert [phase.value for phase in Phase] == [
        "bets", "coin-in", "fee", "deal", "preflop", "flop", "turn-river", "river-decisions", "showdown", "folds",
        "reveal", "refund", "settle", "settle-rest", "cleanup",
    ]
    assert [state.value for state in DirectorState] == [
        "ready", "running", "paused", "settling", "finished", "stopped",
    ]


@pytest.mark.parametrize("phase", list(Phase))
def test_every_phase_name_reads_back_and_has_a_status_text(phase: Phase) -> None:
    seat = 4 if phase is Phase.SETTLE else None
    assert parse_phase_name(phase_name(phase, seat)) == (phase, seat)
    assert phase in PHASE_TEXTS or phase is Phase.SETTLE
    assert phase_text(phase_name(phase, seat)) == ("settling seat 4" if seat else PHASE_TEXTS[phase])


def test_a_name_no_phase_has_reads_as_itself() -> None:
    assert parse_phase_name("settle:x") is None and phase_text("idle") == "idle"


def test_a_seats_badge_gives_the_hand_result_and_the_net_apart() -> None:
    # The hand loses to the dealer's full house, yet Trips and the Bad Beat pay: the net is positive.
    result = settle(TableRules(), parse_cards("Ts Td"), parse_cards("9c 9d Th Jh 3s"),
                    [SeatHand(1, two_cards("9h 4d"), Decimal(5), Decimal(5), Decimal(5), Decimal(5), Decimal(5)),
                     SeatHand(2, two_cards("2c 2s"), Decimal(5), Decimal(5), Decimal(0))])
    assert seat_result_text(result, 1) == "LOSE −$15 · SIDE BETS +$60 · NET +$45"  # both said
    assert seat_result_text(result, 2) == "FOLD · NET −$10"
    assert seat_result_text(result, 5) == ""


def test_the_plan_and_the_phase_names_import_without_qt() -> None:
    code = ("import sys, trainer.gui.table.plan, trainer.gui.table.phases, trainer.gui.table.captions; "
            "print(sorted(m for m in sys.modules if m.startswith('PySide6')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
