"""The order of a whole round, as the documents give it, on each of the three games: the run round's script walks
the very list the ordering drill asks (:mod:`trainer.quiz.round_order`). Each test is named after the rule; the
expected order comes from the documents' paragraphs quoted in it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.quiz.run_support import run_until
from tests.typed import present
from trainer.drills.procedures.ordering import procedure_choices
from trainer.drills.whole_round import round_item
from trainer.engine.dealing import Procedure
from trainer.engine.round import PlayedRound
from trainer.engine.wagers import Phase, Wager
from trainer.quiz.round_order import FOLD_CYCLE, SEAT_CYCLE, Stage, order_games, round_order
from trainer.quiz.round_script import Task, game_round, round_script, tucked_under_pairs
from trainer.quiz.run_round import RunRound
from trainer.scoring import Mode

GAMES = (("wa", Procedure.ACE), ("wa", Procedure.DECK_MATE), ("ca", Procedure.SHUFFLER),
         ("ca", Procedure.CARD_SHOE), ("ca-bad-beat", Procedure.SHUFFLER), ("ca-bad-beat", Procedure.CARD_SHOE))


def rounds(game: str, procedure: Procedure, count: int = 40) -> Iterator[PlayedRound]:
    for seed in range(count):
        yield game_round(game, procedure, random.Random(seed), rounds=1 + seed % 3)


def tasks_of(played: PlayedRound) -> list[Task]:
    return [step.task for step in round_script(played)]


# -- A: a house dealer who does not qualify -----------------------------------------------------------------------


@pytest.mark.parametrize("procedure", [Procedure.ACE, Procedure.DECK_MATE])
def test_house_dealer_not_qualifying_refunds_antes_before_any_hand_is_turned(procedure: Procedure) -> None:
    """Seed 002 ACE/iDeal 14, Deck Mate 12; seed 004 step 14: "The dealer, working from right to left, refunds each
    player's Ante bet. He does this before looking at any of the player's hands." Then, again right to left, the
    action is resolved (15 / 13)."""
    seen = 0
    for played in rounds("wa", procedure):
        if played.settlement.dealer_qualifies or not [hand for hand in played.hands if not hand.folded]:
            continue
        seen += 1
        script = round_script(played)
        refund = next(index for index, step in enumerate(script) if Phase.REFUND in step.phases)
        assert script[refund].task is Task.SETTLE and script[refund].seat is None, "one pass over every seat"
        assert script[refund - 1].task is Task.ANNOUNCE, "right after the dealer's hand"
        turned = [index for index, step in enumerate(script)
                  if step.task in (Task.ANNOUNCE_HAND, Task.HAND_BUTTON) or step.stage is Stage.SEAT_SETTLE]
        assert turned and refund < min(turned), "no player's hand is looked at before every Ante is refunded"
        assert ("ACE/iDeal 14" if procedure is Procedure.ACE else "Deck Mate 12") in script[refund].rule
        run = RunRound(played, Mode.PRACTICE)
        run_until(run, lambda due: due.stage is Stage.REFUND)
        antes = [step.seat for step in run.segment()]
        live = [hand.seat for hand in played.hands if not hand.folded]
        assert antes == sorted(live, reverse=True) and all(step.wager is Wager.ANTE for step in run.segment())
    assert seen >= 3


# -- B: Deck Mate ---------------------------------------------------------------------------------------------------


def test_deck_mate_deals_the_community_cards_face_up_from_the_hand_held_deck_only_when_due() -> None:
    """Seed 002 Deck Mate 3-8: two cards to each player and the dealer; the Play wagers; "the dealer then places the
    first three community cards (the flop) face-up on the layout"; the flop's wagers; then "the final two community
    cards (the turn and river) face-up"; then the river's."""
    for played in rounds("wa", Procedure.DECK_MATE, 12):
        script = round_script(played)
        assert not [step for step in script if step.task is Task.DEAL and present(step.target).kind == "board"]
        reveals = [index for index, step in enumerate(script) if step.task is Task.REVEAL]
        flop, turn_river = (script[index] for index in reveals)
        assert "face up from the hand-held deck" in flop.describe() and "Deck Mate 5" in flop.rule
        assert "face up from the hand-held deck" in turn_river.describe() and "Deck Mate 7" in turn_river.rule
        streets = [(step.task, step.stage) for step in script if step.task in (Task.TAKE_PLAY, Task.REVEAL)]
        order = [Stage.PREFLOP, Stage.FLOP, Stage.FLOP_PLAY, Stage.TURN_RIVER, Stage.RIVER_PLAY]
        assert [order.index(present(stage)) for _task, stage in streets] == sorted(
            order.index(present(stage)) for _task, stage in streets)
        last_deal = max(index for index, step in enumerate(script) if step.task is Task.DEAL)
        assert last_deal < reveals[0]


# -- C: a fold, and Pairs rule 4 --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "procedure"), GAMES)
def test_a_fold_takes_its_ante_blind_and_trips_at_once_before_the_dealers_cards_are_turned(
        game: str, procedure: Procedure) -> None:
    """Seed 001 Dealing Procedures 14 a-c, seed 003 Round of Play 6 a-c: for each player who folds, collect the
    Ante, the Blind and a Trips below three of a kind; spread and count the cards; rack them — all before the
    player-dealer's cards are turned (15 / 7). Rules-notes §4: at once (and a Bad Beat that cannot win with them)."""
    seen = 0
    for played in rounds(game, procedure, 30):
        if not played.folded:
            continue
        seen += 1
        run = RunRound(played, Mode.PRACTICE)
        due = present(run_until(run, lambda step: step.task is Task.ANNOUNCE))
        assert due.task is Task.ANNOUNCE
        assert not [step for step in run.quiz.pending() if step.phase is Phase.FOLD], "every fold's wagers taken"
        folded = [act.seat for step, act in run.done_acts if step.task is Task.COLLECT_FOLD]
        for seat in folded:
            taken = [index for index, (step, _act) in enumerate(run.done_acts) if step.seat == seat]
            assert taken, seat
        script = round_script(played)
        for seat in played.folded:
            wagers = next(index for index, step in enumerate(script) if step.stage is Stage.FOLD_WAGERS
                          and step.seat == seat)
            cards = [index for index, step in enumerate(script) if step.task is Task.COLLECT_FOLD and step.seat == seat]
            assert all(wagers < index for index in cards), "the wagers first, then the cards"
            at_fold = {step.wager for step in played.settlement.procedure if step.seat == seat
                       and step.phase is Phase.FOLD}
            assert {Wager.ANTE, Wager.BLIND} <= at_fold
    assert seen >= 3


def test_pairs_rule_4_removes_the_losing_wagers_and_tucks_the_cards_at_the_fold() -> None:
    """Seed 002 Ultimate Pairs Bonus rule 4: "If the player folds their hand, the Ultimate Pairs Bonus wager (if
    played) remains in action. The dealer will remove the losing wagers and tuck the two hole cards under the
    Ultimate Pairs Bonus wager." — whatever else is still in action."""
    seen = 0
    for played in rounds("wa", Procedure.ACE, 60):
        for hand in played.hands:
            if not hand.folded or hand.pairs <= 0:
                continue
            seen += 1
            assert hand.seat in tucked_under_pairs(played)
            script = round_script(played)
            announce = [step.task for step in script].index(Task.ANNOUNCE)
            removed = [index for index, step in enumerate(script) if step.stage is Stage.FOLD_WAGERS
                       and step.seat == hand.seat]
            assert removed and removed[0] < announce, "the losing wagers go at the fold"
            assert not [step for step in script if step.task is Task.COLLECT_FOLD and step.seat == hand.seat]
            pairs_later = [step for step in played.settlement.procedure if step.seat == hand.seat
                           and step.wager is Wager.PAIRS]
            assert pairs_later and pairs_later[0].phase is Phase.SETTLE, "the Pairs stays in action"
    assert seen >= 2


# -- D: Game Over ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("procedure", [Procedure.ACE, Procedure.DECK_MATE])
def test_game_over_is_pressed_every_round_on_the_progressive_controller(procedure: Procedure) -> None:
    """Seed 002 Progressive rule 9 h: "When the dealer reconciles all action, he presses 'Game Over.' This resets the
    system to begin the next hand." — every round, a winner or not."""
    without_winner = 0
    for played in rounds("wa", procedure, 12):
        tasks = tasks_of(played)
        assert tasks.count(Task.GAME_OVER) == 1
        last_settle = max(index for index, task in enumerate(tasks) if task is Task.SETTLE)
        assert last_settle < tasks.index(Task.GAME_OVER) < tasks.index(Task.COUNT)
        without_winner += Task.HAND_BUTTON not in tasks
    assert without_winner >= 5
    for played in rounds("ca", Procedure.SHUFFLER, 6):
        assert Task.GAME_OVER not in tasks_of(played), "a California table has no Progressive controller"


# -- E: the player-dealer's showdown ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["ca", "ca-bad-beat", "wa"])
def test_the_showdown_takes_one_player_at_a_time_reveal_announce_settle_collect_count_rack(game: str) -> None:
    """Seed 001 "When player-dealer qualifies" 1 a-c, 3-5 and seed 003 Round of Play 10-14: starting with the player
    to the left of the player-dealer, reveal the player's cards, announce the hand and whether it wins, settle its
    wagers, collect, count and place the cards in the discard holder; then the next player. A house table goes right
    to left (seed 002 ACE/iDeal 13)."""
    procedure = Procedure.ACE if game == "wa" else Procedure.SHUFFLER
    for played in rounds(game, procedure, 12):
        script = round_script(played)
        cycle = [(step.task, step.seat) for step in script if step.stage in SEAT_CYCLE]
        live = [hand.seat for hand in played.hands if not hand.folded]
        order = played.table.settlement_order(live)
        announced = [seat for task, seat in cycle if task is Task.ANNOUNCE_HAND]
        assert announced == order
        for seat in order:
            mine = [task for task, other in cycle if other == seat and task is not Task.CALL_SUPERVISOR]
            assert [task for task in mine if task is not Task.HAND_BUTTON] == [Task.ANNOUNCE_HAND, Task.SETTLE,
                                                                              Task.RACK]
            at = cycle.index((Task.ANNOUNCE_HAND, seat))
            assert all(other == seat for _task, other in cycle[at:at + len(mine)]), "one player at a time"


# -- F: the layout's pay tables ------------------------------------------------------------------------------------


def test_the_run_round_names_the_washington_pay_tables_and_the_meter() -> None:
    """Seeds 002 and 004: "See layout for odds" — the trainee pays by the tables the layout prints, so the round
    shows them: Trips UTH-01 (full house 9 to 1), Bad Beat BBB-02 (full house 50 to 1), the Progressive's meter."""
    seen = 0
    for seed in range(60):
        item = round_item(seed, Mode.PRACTICE, rate=0.0)
        if not item.run.played.table.is_house:
            assert 'Player-Dealer only plays with a pair or higher' in item.text
            continue
        seen += 1
        assert "Trips UTH-01: " in item.text and "full house 9 to 1" in item.text
        if any(bets.bad_beat for bets in item.run.played.bets):
            assert "Bad Beat BBB-02: " in item.text and "full house 50 to 1" in item.text
        if any(bets.progressive for bets in item.run.played.bets):
            assert "Progressive meter: $" in item.text
        assert "maximum of four games" in item.text
    assert seen >= 5


# -- G: citations and the opening ---------------------------------------------------------------------------------


@pytest.mark.parametrize("procedure", [Procedure.ACE, Procedure.DECK_MATE])
def test_washington_rounds_cite_seed_002_and_004_never_the_california_documents(procedure: Procedure) -> None:
    """Seed 002 ACE/iDeal 6-10 or Deck Mate 4-8, seed 004 steps 6-10: a Washington round's streets are theirs."""
    paragraphs = {Stage.PREFLOP: 6, Stage.FLOP: 7, Stage.FLOP_PLAY: 8, Stage.TURN_RIVER: 9, Stage.RIVER_PLAY: 10}
    for played in rounds("wa", procedure, 8):
        for step in round_script(played):
            assert "seed 001" not in step.rule and "seed 003" not in step.rule, step
            if step.stage in paragraphs:
                number = paragraphs[step.stage]
                if procedure is Procedure.ACE:
                    assert f"ACE/iDeal {number}" in step.rule
                    assert f"seed 004 Recommended Dealing Procedures {number}" in step.rule
                else:
                    assert f"Deck Mate {number - 2}" in step.rule


@pytest.mark.parametrize("procedure", [Procedure.ACE, Procedure.DECK_MATE])
def test_coin_in_is_pressed_once_all_bets_are_placed_after_no_more_bets(procedure: Procedure) -> None:
    """Seed 002 Progressive rule 6: "Once all players place their bets, the dealer will press COIN IN"."""
    for played in rounds("wa", procedure, 8):
        tasks = tasks_of(played)
        if Task.COIN_IN in tasks:
            assert tasks.index(Task.NO_MORE_BETS) + 1 == tasks.index(Task.COIN_IN) < tasks.index(Task.DEAL)


# -- one order, shared ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "procedure"), GAMES)
def test_the_run_round_and_the_ordering_drill_share_one_order_on_each_game(game: str, procedure: Procedure) -> None:
    order = [stage.key for stage in round_order(game, procedure.value)]
    for played in rounds(game, procedure, 10):
        script = round_script(played)
        cycles = {stage: cycle for cycle in (FOLD_CYCLE, SEAT_CYCLE) for stage in cycle}
        # across the round: the order's stages, a cycle standing at its first stage's place
        places = [order.index(cycles.get(present(step.stage), (present(step.stage),))[0]) for step in script]
        assert places == sorted(places), [step.stage for step in script]
        # inside each time round a cycle (one fold, one seat): its stages in the order's order
        for cycle in (FOLD_CYCLE, SEAT_CYCLE):
            for seat in {step.seat for step in script if step.stage in cycle}:
                mine = [order.index(present(step.stage)) for step in script
                        if step.stage in cycle and step.seat == seat]
                assert mine == sorted(mine), (cycle, seat)
    asked = {choice.key: choice for choice in procedure_choices()}
    for named, dealt, _title in order_games():
        if named == game and (game != "wa" or dealt == procedure.value):
            choice = asked[f"round-{named}-{dealt}"]
            assert [step.text for step in choice.steps] == [stage.text for stage in round_order(game,
                                                                                                 procedure.value)]
