"""A folded hand whose Pairs wager is still in action lies tucked face down under that wager until it is settled
(seed 002 Pairs rule 4), on the table's own play and in a run round; a trips-on-a-fold hand still turns face up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.table_support import played_round, scene_for
from tests.gui.test_runround import HOUSE, do_engine_act, idle, make_window
from trainer.gui.table.director import Durations, RoundDirector
from trainer.gui.table.layout import CARD_HEIGHT
from trainer.gui.table.scene import Z_CHIPS, TableScene
from trainer.quiz.round_script import Task, kept_face_up, tucked_under_pairs
from trainer.scoring import Mode

pytestmark = pytest.mark.gui
WAIT = 10_000


def tucked_round() -> tuple[Any, int]:
    for seed in range(1, 80):
        played = played_round("ace", seats=7, seed=seed)
        if tucked_under_pairs(played):
            return played, min(tucked_under_pairs(played))
    pytest.fail("no round with a folded hand and a Pairs wager in seeds 1..79")


def assert_tucked(scene: TableScene, seat: int) -> None:
    cards = scene.cards_at("seat", seat)
    chips = scene.wager_chips(seat, "pairs")
    assert chips is not None, "the Pairs wager stays in action"
    pairs = chips.pos()
    assert len(cards) == 2
    for card in cards:
        assert not card.face_up, "a tucked hand is face down"
        assert card.zValue() < Z_CHIPS, "under the chips of the Pairs wager"
        distance = ((card.pos().x() - pairs.x()) ** 2 + (card.pos().y() - pairs.y()) ** 2) ** 0.5
        assert distance < CARD_HEIGHT / 2, "the chips lie on the tucked cards"


def test_a_folded_hand_with_its_pairs_in_action_is_tucked_under_the_pairs_wager(qtbot: QtBot) -> None:
    played, seat = tucked_round()
    assert seat in played.folded and seat not in kept_face_up(played)
    scene = scene_for(played, 7)
    director = RoundDirector(scene, played, Durations.tiny())
    director.step()
    qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)
    while director.phases_run[-1] != "folds":
        director.step()
        qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)
    assert_tucked(scene, seat)
    while director.phases_run[-1] != f"settle:{seat}":
        director.step()
        qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)
    assert all(card.face_up for card in scene.cards_at("seat", seat)), "turned up in the seat's turn"
    director.skip_to_end()


def test_run_round_tucks_a_folded_pairs_hand_until_the_showdown(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, HOUSE.replace(procedure="ace", seats=7), seed=3)
    controller = window.run_round
    controller.irregular = False
    for _ in range(40):
        assert controller.set_mode(Mode.PRACTICE)
        run = controller.run
        assert run is not None
        if tucked_under_pairs(run.played) and run.played.folded - tucked_under_pairs(run.played) - kept_face_up(
                run.played):
            break
        controller.stop()
    else:
        pytest.fail("no run round with a tucked hand and a fold to collect in 40 rounds")
    idle(qtbot, controller)
    seat = min(tucked_under_pairs(run.played))
    while (due := run.expected()) is not None and due.task is not Task.COLLECT_FOLD:
        do_engine_act(qtbot, controller)
    idle(qtbot, controller)
    scene = window.scene
    assert scene is not None
    assert_tucked(scene, seat)
    while (due := run.expected()) is not None and not run.done:
        do_engine_act(qtbot, controller)
    idle(qtbot, controller)
    assert run.result().score == 100.0
