"""Run the round yourself: every scored task checked against the engine for every dealing procedure, both
banking models and every irregularity; the engine's own acts score 100 %; any one wrong act is named."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from tests.quiz.run_support import run_until
from tests.typed import present
from trainer.engine.dealing import DECK_SIZE, Procedure, Target, cards_unloaded, deal_order
from trainer.engine.round import PlayedRound
from trainer.engine.settlement import void_round
from trainer.engine.wagers import Action, Outcome
from trainer.quiz.round_script import (
    FOLD_CARDS,
    Injected,
    Irregularity,
    ScriptStep,
    Task,
    dealt_cards,
    game_round,
    inject,
    kept_face_up,
    left_after_fold,
    possible_irregularities,
    round_script,
)
from trainer.quiz.run_round import Act, RunRound
from trainer.scoring import ErrorKind, Mode

GAMES = (("wa", Procedure.ACE), ("wa", Procedure.DECK_MATE), ("ca", Procedure.SHUFFLER),
         ("ca", Procedure.CARD_SHOE), ("ca-bad-beat", Procedure.SHUFFLER), ("ca-bad-beat", Procedure.CARD_SHOE))
"""Every dealing procedure of the engine, at both kinds of table (the documents' three games)."""
SEEDS = range(6)


def rounds() -> list[tuple[str, Procedure, int]]:
    return [(game, procedure, seed) for game, procedure in GAMES for seed in SEEDS]


def played_round(game: str, procedure: Procedure, seed: int) -> PlayedRound:
    return game_round(game, procedure, random.Random(seed), rounds=1 + seed % 3)


def expected(run: RunRound) -> ScriptStep:
    """The task due (the round is not over)."""
    due = run.expected()
    assert due is not None, "the round is over"
    return due


def engine_act(run: RunRound) -> Act:
    """The engine's own act for the task due (not the announcement or a settlement step)."""
    act = run.engine_act()
    assert act is not None, "the task due is the settlement quiz's"
    return act


def play_perfectly(run: RunRound) -> None:
    """Do every task as the engine has it: its acts, then the engine's announcement and settlement steps."""
    for _ in range(400):
        due = run.expected()
        if due is None:
            return
        if due.task is Task.ANNOUNCE:
            dealer = run.played.settlement
            assert run.announce_dealer(dealer.dealer.category, dealer.dealer_qualifies).correct
        elif due.task is Task.SETTLE:
            step = run.segment()[0]
            assert run.submit(step.seat, step.wager, step.action, step.amount).correct
        else:
            act = run.engine_act()
            assert act is not None
            verdict = run.perform(act)
            assert verdict.correct and verdict.accepted, verdict.message
    raise AssertionError("the round never ended")


def wrong_act(run: RunRound) -> Act:
    """An act that is not the one due (each kind of task gets its own kind of wrong)."""
    due = run.expected()
    assert due is not None
    if due.task is Task.DEAL:
        assert due.target is not None
        other = Target("dealer", None, 0) if due.target.kind != "dealer" else Target("board", None, 0)
        return Act(Task.DEAL, target=other)
    if due.task is Task.TAKE_FEE:
        return Act(Task.TAKE_FEE, amount=(due.amount or Decimal(0)) + 1)
    if due.task in (Task.COLLECT_FOLD, Task.COUNT):
        return Act(due.task, seat=due.seat, count=(due.count or 0) + 1)
    if due.task is Task.VOID:
        return Act(Task.CALL_FLOOR)
    if due.task is Task.CALL_FLOOR:
        return Act(Task.DEAL, target=due.target) if due.target is not None else Act(Task.COLLECT_FOLD, seat=due.seat,
                                                                                     count=FOLD_CARDS)
    return Act(Task.RACK if due.task is not Task.RACK else Task.UNLOAD)


# -- the script against the engine ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "procedure", "seed"), rounds())
def test_every_card_is_dealt_to_its_place_in_the_procedures_order(game: str, procedure: Procedure, seed: int) -> None:
    played = played_round(game, procedure, seed)
    deals = [step.target for step in round_script(played) if step.task is Task.DEAL]
    hand_held = procedure is Procedure.DECK_MATE  # the board comes face up from the hand-held deck, street by street
    expected = [target for target in deal_order(procedure, played.deal.seats)
                if target.kind != "rack" and not (hand_held and target.kind == "board")]
    assert deals == expected == dealt_cards(played)
    assert len(deals) == 2 * len(played.deal.seats) + 2 + (0 if hand_held else 5)


@pytest.mark.parametrize(("game", "procedure", "seed"), rounds())
def test_the_round_opens_with_no_more_bets_then_the_fee_or_coin_in_then_the_call(game: str, procedure: Procedure,
                                                                                 seed: int) -> None:
    """Rules-notes §2: a player-dealer table calls "No more bets", then takes the fee on the final total; a house
    table calls it, then presses COIN IN once all bets are placed (seed 002 Progressive rule 6)."""
    played = played_round(game, procedure, seed)
    script = round_script(played)
    tasks = [step.task for step in script]
    opening = tasks[:tasks.index(Task.DEAL)]
    fee = played.settlement.collection_fee
    progressive = any(bets.progressive for bets in played.bets)
    assert (fee is not None) == (game != "wa")
    if game == "wa":
        assert opening == [Task.NO_MORE_BETS] + [Task.COIN_IN] * progressive
    else:
        assert opening == [Task.NO_MORE_BETS, Task.TAKE_FEE] and script[1].amount == fee


@pytest.mark.parametrize(("game", "procedure", "seed"), rounds())
def test_the_rest_is_unloaded_except_on_deck_mate_and_the_count_closes_at_52(game: str, procedure: Procedure,
                                                                              seed: int) -> None:
    played = played_round(game, procedure, seed)
    script = round_script(played)
    unloads = [step for step in script if step.task is Task.UNLOAD]
    if procedure is Procedure.DECK_MATE:
        assert unloads == []
    else:
        assert [step.count for step in unloads] == [cards_unloaded(len(played.deal.seats))]
    assert [step.task for step in script][-2:] == [Task.RACK, Task.COUNT] and script[-2].seat is None
    assert script[-1].count == DECK_SIZE


def test_folded_hands_are_collected_counted_in_seat_order_unless_a_wager_keeps_them_face_up() -> None:
    seen = 0
    for game, procedure, seed in rounds():
        played = played_round(game, procedure, seed)
        collected = [step.seat for step in round_script(played) if step.task is Task.COLLECT_FOLD]
        assert collected == sorted(played.folded - left_after_fold(played))
        seen += len(collected)
    assert seen > 0


# -- a perfect round, and one wrong act ----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "procedure", "seed"), rounds())
@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.EXAM])
def test_the_engines_own_acts_score_100_percent(game: str, procedure: Procedure, seed: int, mode: Mode) -> None:
    run = RunRound(played_round(game, procedure, seed), mode)
    play_perfectly(run)
    result = run.result()
    assert run.done and result.score == 100.0 and result.perfect
    own = sum(step.task not in (Task.ANNOUNCE, Task.SETTLE) for step in run.script)
    assert result.steps == own + run.quiz.result().steps


@pytest.mark.parametrize(("game", "procedure"), GAMES)
@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.EXAM, Mode.GUIDED])
def test_any_one_wrong_act_is_named_with_its_rule(game: str, procedure: Procedure, mode: Mode) -> None:
    played = played_round(game, procedure, 1)
    script = round_script(played)
    for index, due in enumerate(script):
        if due.task in (Task.ANNOUNCE, Task.SETTLE):
            continue
        run = RunRound(played, mode)
        for _ in range(index):
            act = run.engine_act()
            if act is None:
                break
            run.perform(act)
        if run.expected() is not due:
            continue
        verdict = run.perform(wrong_act(run))
        assert not verdict.correct and verdict.accepted is (mode is Mode.EXAM)
        if mode is not Mode.EXAM:
            assert due.rule in verdict.message
            assert run.expected() is due
        perfect_rest(run, due)
        result = run.result()
        assert len(result.mistakes) == 1 and result.mistakes[0].expected == due.describe()
        assert result.mistakes[0].rule == due.rule
        assert result.correct == result.steps - 1


def perfect_rest(run: RunRound, due: object) -> None:
    if run.expected() is due:
        act = run.engine_act()
        assert act is not None
        run.perform(act)
    play_perfectly(run)


def test_a_wrong_settlement_step_is_the_quizs_and_named() -> None:
    run = RunRound(played_round("ca", Procedure.SHUFFLER, 2), Mode.PRACTICE)
    while run.expected() is not None and expected(run).task is not Task.SETTLE:
        due = expected(run)
        if due.task is Task.ANNOUNCE:
            settlement = run.played.settlement
            run.announce_dealer(settlement.dealer.category, settlement.dealer_qualifies)
        else:
            run.perform(engine_act(run))
    step = run.quiz.next_step()
    assert step is not None
    wrong = Action.TAKE if step.action is not Action.TAKE else Action.PAY
    verdict = run.submit(step.seat, step.wager, wrong, step.amount + 1)
    assert not verdict.correct and verdict.mistakes[0].expected == step.describe()
    play_perfectly(run)
    assert run.result().correct == run.result().steps - 1


def test_acting_before_the_settlement_is_done_is_out_of_order() -> None:
    run = RunRound(played_round("wa", Procedure.ACE, 0), Mode.PRACTICE)
    while expected(run).task is not Task.ANNOUNCE:
        run.perform(engine_act(run))
    verdict = run.perform(Act(Task.RACK))
    assert verdict.mistakes[0].kind is ErrorKind.ORDER and not verdict.accepted


def test_guided_mode_names_the_next_place_and_its_procedure() -> None:
    run = RunRound(played_round("wa", Procedure.ACE, 0), Mode.GUIDED)
    run.perform(engine_act(run))
    while expected(run).task is not Task.DEAL:
        run.perform(engine_act(run))
    assert run.next_place() == Target("board", None, 0)
    assert "ACE / iDeal" in run.hint() and "flop card 1" in run.hint()


# -- irregularities ---------------------------------------------------------------------------------------------


def irregular_rounds() -> list[tuple[str, Procedure, int, Irregularity]]:
    found = []
    for game, procedure, seed in rounds():
        played = played_round(game, procedure, seed)
        found += [(game, procedure, seed, kind) for kind in possible_irregularities(played)]
    return found


@pytest.mark.parametrize(("game", "procedure", "seed", "kind"), irregular_rounds())
def test_every_irregularity_ends_the_round_with_the_documents_response(game: str, procedure: Procedure, seed: int,
                                                                       kind: Irregularity) -> None:
    played = played_round(game, procedure, seed)
    injected = inject(played, random.Random(seed), kind)
    assert injected.kind is kind
    script = round_script(played, injected)
    last = script[-1]
    assert last.task is (Task.VOID if kind is Irregularity.SHUFFLER_FAILS else Task.CALL_FLOOR)
    assert [step.task.responds for step in script].count(True) == 1
    if kind is Irregularity.FOLD_MISCOUNT:
        assert last.seat == injected.seat and last.count in (1, 3) and "rules-notes §7" in last.rule
    else:
        assert last.target == dealt_cards(played)[injected.at - 1]
    if kind is Irregularity.SHUFFLER_FAILS:
        assert "seed 002 Irregularities" in last.rule and "seed 004 Irregularities" in last.rule
    run = RunRound(played, Mode.PRACTICE, injected)
    play_perfectly(run)
    assert run.result().score == 100.0


@pytest.mark.parametrize(("game", "procedure"), [("wa", Procedure.ACE), ("ca", Procedure.SHUFFLER)])
def test_a_shuffler_malfunction_returns_every_wager_placed(game: str, procedure: Procedure) -> None:
    played = played_round(game, procedure, 3)
    run = RunRound(played, Mode.EXAM, Injected(Irregularity.SHUFFLER_FAILS, at=5))
    play_perfectly(run)
    returned = run.voided
    placed = sum((bets.ante * 2 + bets.trips + bets.bad_beat + bets.pairs + bets.progressive
                  for bets in played.bets), Decimal(0))
    assert returned and all(step.action is Action.RETURN and step.outcome is Outcome.RETURNED for step in returned)
    assert sum((step.amount for step in returned), Decimal(0)) == placed
    assert len(returned) == len(void_round(played.table, played.hands)) - sum(1 for h in played.hands if h.play)


@pytest.mark.parametrize("kind", list(Irregularity))
def test_dealing_on_past_an_irregularity_is_a_missed_fault(kind: Irregularity) -> None:
    played = next(played_round(g, p, s) for g, p, s in rounds()
                  if kind in possible_irregularities(played_round(g, p, s)))
    run = RunRound(played, Mode.PRACTICE, inject(played, random.Random(1), kind))
    due = present(run_until(run, lambda step: step.task.responds))
    carry_on = Act(Task.DEAL, target=due.target) if due.target is not None else Act(
        Task.COLLECT_FOLD, seat=due.seat, count=FOLD_CARDS)
    verdict = run.perform(carry_on)
    assert verdict.mistakes[0].kind is ErrorKind.MISSED_FAULT and not verdict.accepted
    if kind is Irregularity.SHUFFLER_FAILS:
        assert run.perform(Act(Task.CALL_FLOOR)).mistakes[0].kind is ErrorKind.WRONG_ANSWER


def test_calling_the_floor_when_nothing_is_wrong_is_a_false_alarm() -> None:
    run = RunRound(played_round("ca", Procedure.CARD_SHOE, 0), Mode.PRACTICE)
    verdict = run.perform(Act(Task.CALL_FLOOR))
    assert verdict.mistakes[0].kind is ErrorKind.FALSE_ALARM and not verdict.accepted


def test_an_exam_takes_a_missed_fault_and_the_round_stops_there() -> None:
    played = played_round("wa", Procedure.ACE, 0)
    run = RunRound(played, Mode.EXAM, Injected(Irregularity.WRONG_BACK, at=3))
    while not expected(run).task.responds:
        run.perform(engine_act(run))
    run.perform(Act(Task.DEAL, target=expected(run).target))
    assert run.done and run.result().correct == run.result().steps - 1
    assert run.result().mistakes[0].kind is ErrorKind.MISSED_FAULT


# -- before the deal: the call, the fee and COIN IN in either order (rules-notes §2) ---------------------------


def _opening_swapped(played: PlayedRound) -> list[Act]:
    """The acts before the deal in the other order than the script's (the fee or COIN IN before the call)."""
    opening = [step for step in round_script(played) if step.task is not Task.DEAL][:2]
    return [Act(step.task, amount=step.amount) for step in reversed(opening)]


@pytest.mark.parametrize(("game", "procedure", "seed"), [case for case in rounds() if case[0] != "wa"])
def test_no_more_bets_then_the_fee_and_the_fee_then_no_more_bets_are_both_right(game: str, procedure: Procedure,
                                                                                seed: int) -> None:
    played = played_round(game, procedure, seed)
    taught = RunRound(played, Mode.EXAM)
    assert present(taught.expected()).task is Task.NO_MORE_BETS
    play_perfectly(taught)
    assert taught.result().perfect
    swapped = RunRound(played, Mode.EXAM)
    for act in _opening_swapped(played):
        assert act.task in (Task.TAKE_FEE, Task.NO_MORE_BETS)
        verdict = swapped.perform(act)
        assert verdict.correct and verdict.accepted, verdict.message
    play_perfectly(swapped)
    assert swapped.result().perfect and swapped.result().steps == taught.result().steps


def test_washington_round_presses_coin_in_once_all_bets_are_placed_citing_seed_002() -> None:
    seen = 0
    for procedure in (Procedure.ACE, Procedure.DECK_MATE):
        for seed in range(12):
            played = played_round("wa", procedure, seed)
            script = round_script(played)
            opening = script[:[step.task for step in script].index(Task.DEAL)]
            for step in opening:
                assert "seed 001" not in step.rule and "seed 003" not in step.rule, step.rule
            if not any(bets.progressive for bets in played.bets):
                continue
            seen += 1
            assert opening[0].task is Task.NO_MORE_BETS  # seed 002 rule 6: COIN IN once all bets are placed
            assert opening[1].task is Task.COIN_IN and "seed 002 Progressive rule 6" in opening[1].rule
            assert "once all players place their bets" in opening[1].rule
            swapped = RunRound(played, Mode.PRACTICE)
            assert [swapped.perform(act).correct for act in _opening_swapped(played)] == [True, True]
            assert present(swapped.expected()).task is Task.DEAL
    assert seen > 3


def test_a_step_after_the_deal_cannot_be_brought_before_it() -> None:
    played = played_round("ca", Procedure.SHUFFLER, 1)
    run = RunRound(played, Mode.PRACTICE)
    verdict = run.perform(Act(Task.UNLOAD))
    assert not verdict.correct and verdict.mistakes[0].kind is ErrorKind.ORDER
    assert present(run.expected()).task is Task.NO_MORE_BETS


# -- a folded hand with its Pairs in action is tucked under it (seed 002 Pairs rule 4) ---------------------------


def test_a_folded_hand_with_pairs_is_tucked_face_down_whatever_else_is_in_action() -> None:
    from trainer.drills.whole_round import showdown_text
    from trainer.engine.wagers import Phase, Wager
    from trainer.quiz.round_script import tucked_under_pairs

    seen = 0
    for seed in range(40):
        played = played_round("wa", Procedure.ACE, seed)
        for seat in played.folded:
            later = {step.wager for step in played.settlement.procedure
                     if step.seat == seat and step.phase in (Phase.SETTLE, Phase.REFUND)}
            tucked = seat in tucked_under_pairs(played)
            assert tucked == (Wager.PAIRS in later)  # seed 002 Pairs rule 4 has no other condition
            assert (seat in kept_face_up(played)) == (bool(later) and not tucked)
            if tucked:
                seen += 1
                assert seat in left_after_fold(played)
                assert seat not in [step.seat for step in round_script(played) if step.task is Task.COLLECT_FOLD]
                line = next(line for line in showdown_text(played).splitlines() if line.startswith(f"Seat {seat}:"))
                assert "tucked face down under the Pairs wager" in line and "face up" not in line
    assert seen > 2
