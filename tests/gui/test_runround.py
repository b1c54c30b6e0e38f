"""Run the round yourself on the table: every act of a whole round done on the felt and scored against the
engine, in each banking model and dealing procedure; a card to the wrong place named; the shuffler failing
mid-deal voids the round and returns every wager on the felt; the mode giving the table back. Offscreen,
one-millisecond animations, waits on the table's own signals."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction

from tests.typed import present
from trainer.engine.dealing import Target
from trainer.engine.wagers import Action
from trainer.gui.main_window import MainWindow
from trainer.gui.runround import RunRoundController
from trainer.gui.runround.table import SHUFFLER_ERROR
from trainer.gui.table.director import Durations
from trainer.quiz.round_script import Injected, Irregularity, Task, dealt_cards, left_after_fold
from trainer.quiz.run_round import Act, RunRound
from trainer.scoring import ErrorKind, Mode
from trainer.settings import DEFAULTS, Settings, SettingsStore

pytestmark = pytest.mark.gui

WAIT = 10_000
HOUSE = DEFAULTS.replace(seats=4, offer_progressive=True, offer_pairs=True, careless_players=True)
PLAYER_DEALER = DEFAULTS.replace(banking="player-dealer", seats=6, procedure="card-shoe", collection_schedule="bb-1",
                                 careless_players=True)


def make_window(qtbot: Any, tmp_path: Path, settings: Settings, seed: int = 5) -> MainWindow:
    window = MainWindow(settings, store=SettingsStore(tmp_path / "settings.json"), notify=lambda _text: None,
                        durations=Durations.tiny(), rng=random.Random(seed))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def idle(qtbot: Any, controller: RunRoundController) -> None:
    qtbot.waitUntil(lambda: controller.table is None or not controller.table.busy, timeout=WAIT)


def start(qtbot: Any, window: MainWindow, mode: Mode, injected: Injected | None = None,
          irregular: bool = False) -> RunRoundController:
    controller = window.run_round
    controller.irregular = irregular
    assert controller.set_mode(mode)
    run = controller.run
    assert run is not None
    if injected is not None:  # the same round, with the irregularity the test needs
        controller.run = RunRound(run.played, mode, injected, drill=run.drill, item=run.item)
        controller._sync()
    idle(qtbot, controller)
    return controller


def do_engine_act(qtbot: Any, controller: RunRoundController) -> None:
    """The engine's own act for the task due, done the way a trainee does it (felt clicks for places and
    folded hands, the panel for the rest)."""
    run = controller.run
    assert run is not None
    due = run.expected()
    assert due is not None
    if due.task is Task.ANNOUNCE:
        settlement = run.quiz.settlement
        verdict = controller.announce(settlement.dealer.category, settlement.dealer_qualifies)
    elif due.task is Task.SETTLE:
        step = run.quiz.next_step()
        assert step is not None
        amount = step.amount if step.action in (Action.PAY, Action.TAKE) else None
        verdict = controller.settle(step.seat, step.wager, step.action, amount)
    elif due.task is Task.DEAL:
        assert due.target is not None
        kind, seat = due.target.kind, due.target.seat
        if kind == "dealer" and not run.played.table.is_house:
            kind, seat = "seat", run.played.table.player_dealer_seat
        slot = due.target.slot if kind == "board" else None
        controller._place_clicked(kind, seat, slot)
        verdict = None
    elif due.task is Task.COLLECT_FOLD:
        assert due.seat is not None
        controller._place_clicked("seat", due.seat, None)
        verdict = controller.count_fold(due.count or 2)
    elif due.task is Task.TAKE_FEE:
        controller.panel.fee_amount.setText(str(due.amount))
        verdict = controller.take_fee()
    elif due.task is Task.COUNT:
        controller.panel.count_box.setText(str(due.count))
        verdict = controller.confirm_count()
    else:
        act = run.engine_act()
        assert act is not None
        verdict = controller.perform(act)
    assert verdict is None or verdict.correct, verdict.message
    idle(qtbot, controller)


def run_whole_round(qtbot: Any, controller: RunRoundController) -> None:
    run = controller.run
    assert run is not None
    with qtbot.waitSignal(controller.roundFinished, timeout=WAIT):
        for _ in range(400):
            if run.done:
                break
            do_engine_act(qtbot, controller)
    idle(qtbot, controller)


@pytest.mark.parametrize(("settings", "procedure"), [
    (HOUSE, "ace"), (HOUSE, "deck-mate"), (PLAYER_DEALER, "card-shoe"), (PLAYER_DEALER, "shuffler"),
])
def test_a_whole_round_run_with_the_engines_own_acts_scores_100_percent(
        qtbot: Any, tmp_path: Path, settings: Settings, procedure: str) -> None:
    window = make_window(qtbot, tmp_path, settings.replace(procedure=procedure))
    controller = start(qtbot, window, Mode.PRACTICE)
    run = controller.run
    assert run is not None and run.played.procedure.value == procedure
    run_whole_round(qtbot, controller)
    result = run.result()
    assert result.score == 100.0 and not result.mistakes
    assert result.steps >= len(dealt_cards(run.played)) + 4
    scene = window.scene
    assert scene is not None
    assert len(scene.cards_at("rack")) == 52, "every card of the round's deck is in the rack"
    assert [item.drill for item in window.book.items()] == ["run-round"]
    dealt = [(kind, seat, slot) for kind, seat, slot, _ in scene.arrivals if kind != "rack"]
    expected = [(target.kind, target.seat, target.slot) for target in dealt_cards(run.played)]
    if procedure == "deck-mate":  # then the board, face up off the hand-held deck as each street comes
        expected += [("board", None, slot) for slot in range(5)]
    assert dealt == expected, "each card arrived at its place in the procedure's order"


def test_player_dealer_round_takes_the_fee_before_any_card(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, PLAYER_DEALER)
    controller = start(qtbot, window, Mode.PRACTICE)
    run = controller.run
    assert run is not None and run.expected() is not None
    due = run.expected()
    assert due is not None and due.task is Task.NO_MORE_BETS, "the lesson's order: the call, then the fee"
    fee = run.script[1]
    assert fee.task is Task.TAKE_FEE and fee.amount is not None
    controller.panel.fee_amount.setText(str(fee.amount + 1))
    verdict = controller.take_fee()
    assert verdict is not None and verdict.mistakes[0].kind is ErrorKind.WRONG_AMOUNT
    assert "Collection Rates" in verdict.mistakes[0].rule
    controller.panel.fee_amount.setText(str(fee.amount))
    verdict = controller.take_fee()
    assert verdict is not None and verdict.correct, "the fee before the call is accepted too (rules-notes §2)"
    due = run.expected()
    assert due is not None and due.task is Task.NO_MORE_BETS


def test_a_card_dealt_to_the_wrong_place_is_named_with_its_procedure(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    controller = start(qtbot, window, Mode.PRACTICE)
    run = controller.run
    assert run is not None
    while (due := run.expected()) is not None and due.task is not Task.DEAL:
        do_engine_act(qtbot, controller)
    assert due is not None and due.target == Target("board", None, 0)  # ACE: the community cards first
    controller._place_clicked("seat", 1, None)
    feedback = controller.panel.feedback.text()
    assert "Wrong_card" in feedback or "Wrong card" in feedback or "wrong" in feedback.lower()
    assert "seat 1 card 1" in feedback and "flop card 1" in feedback
    assert "ACE" in feedback, "the document's procedure is named"
    assert run.expected() == due, "practice: the wrong card is not taken"
    assert not [arrival for arrival in (window.scene.arrivals if window.scene else []) if arrival[0] != "rack"]


def test_guided_mode_lights_the_next_place_to_deal(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="deck-mate"))
    controller = start(qtbot, window, Mode.GUIDED)
    run, table = controller.run, controller.table
    assert run is not None and table is not None
    while (due := run.expected()) is not None and due.task is not Task.DEAL:
        do_engine_act(qtbot, controller)
    for _ in range(3):
        due = run.expected()
        assert due is not None and due.target is not None
        lit = [marker.target for marker in table.markers.values() if marker.highlighted]
        assert lit == [due.target]
        assert controller.panel.hint.isVisible() and "Deck Mate" in controller.panel.hint.text()
        controller.deal_next()
        idle(qtbot, controller)


def test_shuffler_malfunction_voids_the_round_and_returns_every_wager(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    controller = start(qtbot, window, Mode.PRACTICE, Injected(Irregularity.SHUFFLER_FAILS, at=4))
    run, scene = controller.run, window.scene
    assert run is not None and scene is not None
    placed = {(bets.seat, wager): Decimal(scene.wager_amount(bets.seat, wager))
              for bets in run.played.bets
              for wager in ("ante", "blind", "trips", "pairs", "bad_beat", "progressive")}
    placed = {key: amount for key, amount in placed.items() if amount > 0}
    assert placed
    while (due := run.expected()) is not None and due.task is not Task.VOID:
        do_engine_act(qtbot, controller)
    assert len([a for a in scene.arrivals if a[0] != "rack"]) == 3, "the cards stop where the shuffler failed"
    assert scene.shuffler._label == SHUFFLER_ERROR
    assert "shuffler stops" in controller.panel.seen.text()
    carried = controller.carry_on()
    assert carried is not None and carried.mistakes[0].kind is ErrorKind.MISSED_FAULT
    with qtbot.waitSignal(controller.roundFinished, timeout=WAIT):
        verdict = controller.perform(Act(Task.VOID))
    assert verdict is not None and verdict.correct
    assert "seed 002" in run.script[-1].rule
    idle(qtbot, controller)
    returned = {(step.seat, step.wager.value): step.amount for step in run.voided}
    assert returned == placed, "every wager placed is returned"
    assert all(scene.wager_amount(seat, wager) == 0 for seat, wager in placed), "no chips left on the layout"
    assert "void" in controller.panel.progress.text().lower()


def test_a_folded_hand_that_counts_three_is_answered_by_calling_the_floor(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"), seed=2)
    controller = window.run_round
    controller.irregular = False
    for _ in range(12):  # a round with a fold collected at once
        assert controller.set_mode(Mode.PRACTICE)
        run = controller.run
        assert run is not None
        seats = sorted(run.played.folded - left_after_fold(run.played))
        if seats:
            break
        controller.stop()
    assert seats and run is not None
    controller.run = RunRound(run.played, Mode.PRACTICE, Injected(Irregularity.FOLD_MISCOUNT, seat=seats[0], count=3),
                              drill=run.drill, item=run.item)
    run = controller.run
    while (due := present(run).expected()) is not None and due.task is not Task.CALL_FLOOR:
        do_engine_act(qtbot, controller)
    idle(qtbot, controller)
    table = controller.table
    assert table is not None and table.odd_card is not None and table.odd_card.opacity() == 1.0
    controller._place_clicked("seat", seats[0], None)
    counted = controller.count_fold(3)
    assert counted is not None and counted.mistakes[0].kind is ErrorKind.MISSED_FAULT
    with qtbot.waitSignal(controller.roundFinished, timeout=WAIT):
        verdict = controller.perform(Act(Task.CALL_FLOOR))
    assert verdict is not None and verdict.correct
    assert "floor" in controller.panel.progress.text().lower()


def test_exam_mode_takes_every_act_and_reviews_at_the_end(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    controller = start(qtbot, window, Mode.EXAM)
    run = controller.run
    assert run is not None
    verdict = controller.perform(Act(Task.RACK))
    assert verdict is not None and verdict.accepted and not verdict.correct
    assert controller.panel.feedback.text() == "Noted."
    assert controller.deal_next() is None, "the next place is not given away in an exam"
    run_whole_round(qtbot, controller)
    assert 0 < run.result().score < 100
    assert "Review" in controller.panel.feedback.text()


def test_the_mode_switches_back_to_the_table_cleanly(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE)
    controller = start(qtbot, window, Mode.PRACTICE)
    assert controller.panel.isVisible() and not window.round_log.list.isVisible()
    do_engine_act(qtbot, controller)
    window.quiz.set_mode(Mode.PRACTICE)  # settle it yourself takes the table
    assert not controller.active and not controller.panel.isVisible()
    assert window.quiz.panel.isVisible()
    assert [item.drill for item in window.book.items()] == ["run-round"], "the round cut short counts what was done"
    assert window.new_round()
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        pass
    assert window.settling
    window.quiz.set_mode(None)
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)
    assert controller.set_mode(Mode.GUIDED)
    assert controller.on_table and window.round_log.prompt_area.isVisible()
    stop = window.findChild(QAction, "runRoundOff")
    assert stop is not None
    stop.trigger()
    assert not controller.active and window.round_log.list.isVisible()
    assert window.new_round(), "the table deals its own rounds again"
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)


def test_the_mode_bar_shows_a_run_round_and_ctrl_0_gives_the_table_back(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE)
    bar_run = window.findChild(QAction, "modeRunRound")
    table_settles = window.findChild(QAction, "quizOff")
    assert bar_run is not None and table_settles is not None and table_settles.isChecked()
    bar_run.trigger()  # from the mode bar: a practice run round
    controller = window.run_round
    idle(qtbot, controller)
    assert controller.active and controller.mode is Mode.PRACTICE
    assert bar_run.isChecked() and not table_settles.isChecked(), "the bar shows the run round, not the table"
    assert "you run the round" in window.phase_label.text()
    table_settles.trigger()  # Ctrl+0, with the settling mode already off: the run round stops all the same
    assert not controller.active and table_settles.isChecked() and not bar_run.isChecked()
    assert window.round_log.list.isVisible() and "waiting for a new round" in window.phase_label.text()
    assert window.new_round(), "the table deals its own rounds again"
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)


def test_the_irregularities_switch_is_kept_in_the_settings(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE)
    switch = window.findChild(QAction, "runRoundIrregular")
    assert switch is not None and switch.isChecked() and window.run_round.irregular  # on by default
    switch.trigger()  # off
    assert not window.run_round.irregular and window.settings.run_round_irregularities is False
    saved, _problem = SettingsStore(tmp_path / "settings.json").load()
    assert saved.run_round_irregularities is False
    again = make_window(qtbot, tmp_path / "again", saved)
    switch_again = again.findChild(QAction, "runRoundIrregular")
    assert switch_again is not None and not switch_again.isChecked() and not again.run_round.irregular


def test_an_exam_set_of_run_rounds_ends_with_its_verdict_at_the_pass_mark(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    window.session.exam_hands = 1
    controller = start(qtbot, window, Mode.EXAM)
    run_whole_round(qtbot, controller)
    assert "), passed (pass mark 90 %)" in controller.panel.progress.text(), "every act right, at a 90 % pass mark"
    [finished] = window.book.sets()
    assert finished.drill == "run-round" and finished.passed and len(finished.items) == 1


def test_the_exam_set_sentence_examples_hold() -> None:
    import doctest

    from trainer.gui.runround import showing

    result = doctest.testmod(showing)
    assert result.attempted > 0 and result.failed == 0
