"""A settlement drill on the table: its hands dealt on the felt as the scenarios say, settled through the quiz
panel, recorded under the drill's name, and the user's own table back afterwards. Offscreen, one-millisecond
animations, signal waits."""

from __future__ import annotations

import html
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tests.typed import present
from trainer.drills.scenario_round import Scenario
from trainer.engine.wagers import Action
from trainer.gui.main_window import MainWindow, layout_config
from trainer.gui.quiz.drill_on_table import (
    DrillOnTable,
    DrillOnTableDialog,
    played_round,
    scenario_layout,
    start_drill,
)
from trainer.gui.table.director import Durations
from trainer.scoring import Mode
from trainer.settings import DEFAULTS, SettingsStore

pytestmark = pytest.mark.gui

WAIT = 10_000
USER_TABLE = DEFAULTS.replace(seats=3)


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    made = MainWindow(USER_TABLE, store=SettingsStore(tmp_path / "settings.json"), notify=lambda _text: None,
                      durations=Durations.tiny(), rng=random.Random(5))
    qtbot.addWidget(made)
    made.show()
    qtbot.waitExposed(made)
    return made


def start(qtbot: Any, window: MainWindow, drill: str, mode: Mode = Mode.PRACTICE, count: int = 1,
          seed: int = 11) -> DrillOnTable:
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        runner = start_drill(window, drill, mode, count, seed)
    assert runner is not None and window.settling
    return runner


def settle_correctly(qtbot: Any, window: MainWindow) -> None:
    controller = window.quiz
    core = controller.quiz
    assert core is not None
    settlement = core.settlement
    assert present(controller.announce(settlement.dealer.category, settlement.dealer_qualifies)).correct
    while controller.quiz is not None and (step := controller.quiz.next_step()) is not None:
        verdict = controller.settle(step.seat, step.wager, step.action,
                                    step.amount if step.action is Action.PAY else None)
        assert verdict is not None and verdict.correct, verdict


def test_a_drill_hand_is_dealt_as_its_scenario_says(qtbot: Any, window: MainWindow) -> None:
    runner = start(qtbot, window, "bad-beat")
    scenario = runner.scenario
    assert isinstance(scenario, Scenario) and scenario.situation.startswith("bad-beat")
    scene = present(window.scene)
    assert present(window.played).settlement == scenario.settlement
    assert scene.config == scenario_layout(scenario, deck_backs=USER_TABLE.deck_backs)
    assert scene.config.bad_beat and scene.config != layout_config(USER_TABLE)
    dealt = scenario.deal()
    placed = [(kind, seat, slot, card) for kind, seat, slot, card in scene.arrivals if kind != "rack"]
    expected = [(target.kind, target.seat, target.slot, card) for target, card in dealt.sequence
                if target.kind != "rack"]
    assert placed[:len(expected)] == expected
    assert [card.card for card in scene.cards_at("board")] == list(scenario.board)
    assert [card.card for card in scene.cards_at("dealer")] == list(scenario.dealer)
    for seat in scenario.seats:
        assert [card.card for card in scene.cards_at("seat", seat.seat)] == list(seat.hole)
        assert scene.wager_amount(seat.seat, "ante") == seat.ante
        if seat.bad_beat:
            assert scene.wager_amount(seat.seat, "bad_beat") == seat.bad_beat


def test_a_player_dealer_hand_gets_the_player_dealers_table(qtbot: Any, window: MainWindow) -> None:
    runner = start(qtbot, window, "player-dealer")
    scenario = runner.scenario
    assert scenario is not None and not scenario.table.is_house
    config = present(window.scene).config
    assert config.banking == "player-dealer" and config.seat_count in (6, 8)
    assert present(window.scene).player_dealer_seat == scenario.table.player_dealer_seat
    assert {seat.seat for seat in scenario.seats} <= set(range(1, config.seat_count + 1))


def test_settling_a_drill_hand_right_scores_it_under_the_drills_name(qtbot: Any, window: MainWindow) -> None:
    start(qtbot, window, "trips", count=1)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    results = window.book.items("trips")
    assert len(results) == 1 and results[0].score == 100.0 and results[0].mode is Mode.PRACTICE
    assert any(result.drill == "trips" for result in window.book.sets())


def test_a_wrong_step_is_named(qtbot: Any, window: MainWindow) -> None:
    start(qtbot, window, "blind")
    controller = window.quiz
    core = controller.quiz
    assert core is not None
    assert present(controller.announce(core.settlement.dealer.category, core.settlement.dealer_qualifies)).correct
    step = core.next_step()
    assert step is not None
    wrong = Action.TAKE if step.action is not Action.TAKE else Action.PAY
    verdict = controller.settle(step.seat, step.wager, wrong, Decimal(1) if wrong is Action.PAY else None)
    assert verdict is not None and not verdict.correct and verdict.mistakes
    shown = controller.panel.feedback.text()
    assert "Expected" in shown and html.escape(verdict.mistakes[0].expected) in shown
    assert f"seat {step.seat}" in verdict.mistakes[0].expected.lower()


def test_after_the_set_the_users_table_and_mode_come_back(qtbot: Any, window: MainWindow) -> None:
    window.quiz.set_mode(Mode.GUIDED)
    runner = start(qtbot, window, "progressive", mode=Mode.PRACTICE, count=2)
    assert window.quiz.mode is Mode.PRACTICE and present(window.scene).config.progressive
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    assert runner.running and window.session.drill is runner.rounds
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert window.new_round()
    assert runner.dealt == 2 and present(window.played).settlement == present(runner.scenario).settlement
    with qtbot.waitSignal(runner.finished, timeout=WAIT):
        settle_correctly(qtbot, window)
    assert not runner.running and window.session.drill is None
    assert window.scene.config == layout_config(USER_TABLE)
    assert window.quiz.mode is Mode.GUIDED and window.quiz.drill == "settlement"
    assert len(window.book.items("progressive")) == 2
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert window.new_round()
    assert {seat.seat for seat in window.played.hands} <= {1, 2, 3}


def test_an_exam_drill_deals_its_hands_one_after_another(qtbot: Any, window: MainWindow) -> None:
    runner = start(qtbot, window, "qualification", mode=Mode.EXAM, count=2)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        settle_correctly(qtbot, window)
    assert runner.dealt == 2
    with qtbot.waitSignal(runner.finished, timeout=WAIT):
        settle_correctly(qtbot, window)
    exams = [result for result in window.book.sets() if result.drill == "qualification"]
    assert len(exams) == 1 and len(exams[0].items) == 2 and exams[0].score == 100.0
    assert window.quiz.mode is None and present(window.scene).config == layout_config(USER_TABLE)


def test_choosing_another_mode_ends_the_drill_and_the_table_finishes_the_hand(qtbot: Any,
                                                                             window: MainWindow) -> None:
    runner = start(qtbot, window, "pairs")
    with qtbot.waitSignal(runner.finished, timeout=WAIT):
        window.quiz.set_mode(Mode.SPEED)
    assert window.session.drill is None and window.quiz.mode is Mode.SPEED and window.quiz.drill == "settlement"
    assert present(window.scene).config.pairs
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        window.skip_to_end()
    assert present(window.scene).config == layout_config(USER_TABLE)
    [dropped] = window.book.items("pairs")
    assert dropped.steps >= 2 and dropped.correct == 0  # the steps the table settled count wrong


def test_the_dialog_lists_the_settlement_drills_by_topic_and_starts_one(qtbot: Any, window: MainWindow) -> None:
    assert window.drill_on_table_action.shortcut().toString() == "Ctrl+Shift+D"
    dialog = DrillOnTableDialog(parent=window)
    qtbot.addWidget(dialog)
    tree = dialog.picker.tree
    groups = [present(tree.topLevelItem(i)).text(0) for i in range(tree.topLevelItemCount())]
    assert "Bad Beat" in groups and "Player-dealer table" in groups and "Payouts" not in groups
    chosen: list[tuple[Any, ...]] = []
    dialog.chosen.connect(lambda *args: chosen.append(args))
    dialog.picker.select("pairs")
    dialog.picker.seed.setText("42")
    dialog.picker.count.setValue(3)
    dialog.picker.start()
    assert len(chosen) == 1 and chosen[0][0].name == "pairs" and chosen[0][2:] == (3, 42)


def test_played_round_of_a_scenario_keeps_its_decisions() -> None:
    from trainer.drills.scenarios import situations_of

    scenario = situations_of("blind")[0].generate(3)
    played = played_round(scenario, 4, "blue")
    assert played.number == 4 and played.deck_colour == "blue"
    assert played.deal.dealer == scenario.dealer and played.deal.board == scenario.board
    assert played.hands == scenario.seats and played.decisions == scenario.decisions()
