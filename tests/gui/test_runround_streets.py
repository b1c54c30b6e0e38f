"""The run round's streets on the table (seed 001 Dealing Procedures 9-13): after the deal the board stays face
down while the trainee takes the Play wagers made before the flop (A), turns over the flop (O), takes those made on
the flop, turns over the turn and the river, takes those made on the river; a second Play wager is refused (X).
After the dealer's hand, each player's hand is announced with whether it wins (seed 001 When player-dealer
qualifies 1 c, seed 003 Round of Play 10 d). Offscreen, one-millisecond animations."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_runround import HOUSE, do_engine_act, idle, make_window, start
from tests.gui.test_side_panel_no_cut import cut_at_the_right
from trainer.gui.runround import RunRoundController
from trainer.quiz.round_script import Task, play_attempt
from trainer.quiz.run_round import RunRound
from trainer.scoring import ErrorKind, Mode

pytestmark = pytest.mark.gui


def _click(qtbot: Any, controller: RunRoundController, name: str) -> None:
    qtbot.mouseClick(controller.panel.buttons[name], Qt.MouseButton.LeftButton)
    idle(qtbot, controller)


def _up_to(qtbot: Any, controller: RunRoundController, task: Task) -> None:
    run = controller.run
    assert run is not None
    while (due := run.expected()) is not None and due.task is not task:
        do_engine_act(qtbot, controller)


def _run_of(controller: RunRoundController) -> RunRound:
    run = controller.run
    assert run is not None
    return run


def _board_up(controller: RunRoundController) -> list[bool]:
    scene = controller.host.scene
    assert scene is not None
    return [card.face_up for card in sorted(scene.cards_at("board"), key=lambda card: card.slot)]


def test_on_the_table_the_play_wagers_are_taken_street_by_street_and_each_street_turned_over(
        qtbot: Any, tmp_path: Any) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    controller = start(qtbot, window, Mode.PRACTICE)
    run = controller.run
    assert run is not None
    _up_to(qtbot, controller, Task.REVEAL)
    assert _board_up(controller) == [False] * 5, "the board stays face down until the Play wagers before the flop"
    preflop = [act.seat for _, act in run.done_acts if act.task is Task.TAKE_PLAY and act.seat is not None]
    assert preflop == sorted(d.seat for d in run.played.decisions_on("preflop") if d.multiple > 0)
    scene = window.scene
    assert scene is not None
    for seat in preflop:
        stack = scene.wager_chips(seat, "play")
        hand = next(hand for hand in run.played.hands if hand.seat == seat)
        assert stack is not None and stack.amount == hand.play, "the Play wager taken is on its spot"
    _click(qtbot, controller, "reveal")
    assert _board_up(controller) == [True, True, True, False, False]
    _up_to(qtbot, controller, Task.REVEAL)
    _click(qtbot, controller, "reveal")
    assert _board_up(controller) == [True] * 5
    while (due := run.expected()) is not None and due.task is Task.TAKE_PLAY:
        assert controller.panel.seen.text() == f"At the table: {due.shown}."
        _click(qtbot, controller, "take_play")
    assert run.result().score == 100.0


def test_on_the_table_a_second_play_wager_is_refused_once_players_bet_they_cannot_bet_again(
        qtbot: Any, tmp_path: Any) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    controller = start(qtbot, window, Mode.PRACTICE)
    for _ in range(12):
        run = controller.run
        assert run is not None
        attempt = play_attempt(run.played, random.Random(1))
        if attempt is not None:
            break
        controller.stop()
        assert controller.set_mode(Mode.PRACTICE)
        idle(qtbot, controller)
    assert attempt is not None and run is not None
    controller.run = RunRound(run.played, Mode.PRACTICE, attempt=attempt, drill=run.drill, item=run.item)
    controller._sync()
    idle(qtbot, controller)
    _up_to(qtbot, controller, Task.REFUSE_PLAY)
    assert str(attempt.seat) in controller.panel.seen.text()
    run = controller.run
    assert run is not None
    _click(qtbot, controller, "take_play")
    last = run.result().mistakes[-1]
    assert last.kind is ErrorKind.WRONG_ANSWER and "cannot bet again" in last.rule
    _click(qtbot, controller, "refuse_play")
    assert run.done_acts[-1][1].task is Task.REFUSE_PLAY


def test_on_the_table_each_player_s_hand_is_announced_and_whether_it_wins_after_the_dealer_s(
        qtbot: Any, tmp_path: Any) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace"))
    controller = start(qtbot, window, Mode.PRACTICE)
    run = controller.run
    assert run is not None
    for _ in range(12):
        if any(step.task is Task.ANNOUNCE_HAND for step in run.script):
            break
        controller.stop()
        assert controller.set_mode(Mode.PRACTICE)
        idle(qtbot, controller)
        run = controller.run
        assert run is not None
    _up_to(qtbot, controller, Task.ANNOUNCE_HAND)
    panel = controller.panel
    due = run.expected()
    assert due is not None and due.hand is not None
    assert not panel.hands.isHidden() and panel.settlement.isHidden(), "the hands come before any wager is settled"
    assert f"Seat {due.seat}" in panel.hand_seat.text()
    panel.hand_category.setCurrentIndex(panel.hand_category.findData(due.hand))
    wrong = {"win": "lose", "lose": "win", "push": "win"}[due.result]
    qtbot.mouseClick(panel.hand_buttons[wrong], Qt.MouseButton.LeftButton)
    assert run.result().mistakes[-1].kind is ErrorKind.WRONG_ANSWER
    assert "seed 002 ACE/iDeal 13" in run.result().mistakes[-1].rule  # the house table's own document
    seat = due.seat
    qtbot.mouseClick(panel.hand_buttons[due.result], Qt.MouseButton.LeftButton)
    idle(qtbot, controller)
    due = run.expected()
    assert due is not None and due.task in (Task.SETTLE, Task.HAND_BUTTON) and due.seat == seat, \
        "one player at a time: the seat announced is settled next"
    if due.task is Task.SETTLE:
        assert panel.hands.isHidden() and not panel.settlement.isHidden()


def test_on_the_table_a_progressive_win_takes_the_hand_button_a_supervisor_and_game_over(
        qtbot: Any, tmp_path: Any) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace", seats=6), seed=3)
    controller = start(qtbot, window, Mode.PRACTICE)
    run = _run_of(controller)
    for _ in range(80):
        if any(step.task is Task.HAND_BUTTON for step in run.script):
            break
        controller.stop()
        assert controller.set_mode(Mode.PRACTICE)
        run = _run_of(controller)
    assert any(step.task is Task.HAND_BUTTON for step in run.script), "no Progressive win in 80 rounds"
    idle(qtbot, controller)
    _up_to(qtbot, controller, Task.HAND_BUTTON)
    panel = controller.panel
    assert not panel.acts.isHidden() and panel.settlement.isHidden(), "the controller first, then the settlement"
    assert "Progressive wins" in panel.seen.text()
    _click(qtbot, controller, "game_over")
    assert run.result().mistakes[-1].kind is ErrorKind.ORDER and "rule 9" in run.result().mistakes[-1].rule
    controller.actions["hand_button"].trigger()  # the H key
    idle(qtbot, controller)
    pressed = run.done_acts[-1][1]
    assert pressed.task is Task.HAND_BUTTON
    _up_to(qtbot, controller, Task.CALL_SUPERVISOR)
    _click(qtbot, controller, "floor")
    called = run.done_acts[-1][1]
    assert called.task is Task.CALL_FLOOR and not run.done
    _up_to(qtbot, controller, Task.GAME_OVER)
    assert panel.settlement.isHidden() and not panel.acts.isHidden()
    _click(qtbot, controller, "game_over")
    over = run.done_acts[-1][1]
    assert over.task is Task.GAME_OVER
    _up_to(qtbot, controller, Task.RACK)
    mistakes = run.result().mistakes
    assert len(mistakes) == 1


def test_the_run_round_s_acts_with_the_streets_and_the_controller_fit_the_side_panel_at_1366_by_768(
        qtbot: Any, tmp_path: Any) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace", seats=6))
    window.resize(1366, 768)
    controller = start(qtbot, window, Mode.PRACTICE)
    qtbot.waitUntil(lambda: window.width() == 1366, timeout=5000)
    for name in ("take_play", "refuse_play", "reveal", "hand_button", "game_over"):
        assert controller.panel.buttons[name].isVisible()
    assert cut_at_the_right(window) == []
