"""A hand of the table itself (Settle it yourself, an exam on the table, a round run) is kept with its round, and
Train ▸ My mistakes deals that very round again on the table (the same cards in the same order, the same seats
and wagers, the same table) until it is settled right; then it leaves My mistakes. Offscreen, one-millisecond
animations, signal waits."""

from __future__ import annotations

from typing import Any

import pytest

from tests.gui.test_drill_on_table import settle_correctly
from tests.gui.test_progress_wiring import WAIT, Station, settle_wrongly, station, stored
from tests.gui.test_runround import do_engine_act
from tests.gui.test_runround import start as start_running
from tests.typed import present
from trainer.engine.round import PlayedRound
from trainer.gui.main_window import MainWindow
from trainer.quiz.round_script import Task
from trainer.scoring import Mode
from trainer.store import ReplayKind
from trainer.store.instructor import attempts
from trainer.store.learning import my_mistakes

pytestmark = pytest.mark.gui

__all__ = ["station"]


def _same_round(again: PlayedRound, original: PlayedRound) -> None:
    """The round dealt again is the round played: every card to the same place in the same order, the same seats
    with the same wagers and Play wagers, the same table and pay tables, so the same settlement."""
    assert again.deal.sequence == original.deal.sequence
    assert again.bets == original.bets and again.hands == original.hands and again.decisions == original.decisions
    assert again.table == original.table and again.procedure == original.procedure
    assert again.settlement == original.settlement and again.deck_colour == original.deck_colour


def _deal_mistakes(qtbot: Any, window: MainWindow, count: int) -> PlayedRound:
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert window.progress_room.deal_mistakes() == count
    return present(window.played)


def test_a_hand_of_the_table_settled_wrong_is_dealt_again_until_it_is_settled_right(qtbot: Any,
                                                                                   station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    profile = present(room.profile)
    window.quiz.set_mode(Mode.PRACTICE)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert window.new_round()
    original = present(window.played)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_wrongly(qtbot, window)
    (item,) = store.items(profile)
    assert item.drill == "settlement" and item.title == f"round {original.number}" and not item.perfect
    assert item.replay is not None and item.replay.kind is ReplayKind.ROUND
    (mistake,) = my_mistakes(store, profile)
    assert mistake.replay == item.replay and mistake.title == f"Table · round {original.number}"

    _same_round(_deal_mistakes(qtbot, window, 1), original)
    assert present(window.session.round).caption == (f"My mistakes, hand 1 · 1 to settle right · round "
                                                      f"{original.number} of the table, dealt again")
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_wrongly(qtbot, window)  # wrong again: it stays
    (still,) = my_mistakes(store, profile)
    assert still.replay == item.replay and still.times_wrong == 2

    _same_round(_deal_mistakes(qtbot, window, 1), original)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    assert my_mistakes(store, profile) == []
    kept = store.items(profile)
    assert [each.replay for each in kept] == [item.replay] * 3 and [each.perfect for each in kept] == [
        False, False, True]
    assert {each.drill for each in kept} == {"settlement"}


def test_an_exam_hand_on_the_table_settled_wrong_is_kept_with_its_round(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    profile = present(room.profile)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        window.quiz.start_exam(1, 80.0)
    original = present(window.played)
    settle_wrongly(qtbot, window)
    qtbot.waitUntil(lambda: bool(attempts(store, profile)), timeout=WAIT)
    (item,) = store.items(profile)
    assert item.mode is Mode.EXAM and item.replay is not None and item.replay.kind is ReplayKind.ROUND
    (mistake,) = my_mistakes(store, profile)
    assert mistake.replay == item.replay
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)
    window.quiz.set_mode(None)
    _same_round(_deal_mistakes(qtbot, window, 1), original)
    assert window.quiz.mode is Mode.PRACTICE  # dealt again to practise, not as another exam
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    assert my_mistakes(store, profile) == [] and len(attempts(store, profile)) == 1


def test_a_round_run_and_left_part_way_is_dealt_again_to_settle(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    profile = present(room.profile)
    controller = start_running(qtbot, window, Mode.PRACTICE)
    run = present(controller.run)
    original = run.played
    while (due := run.expected()) is not None and due.task is not Task.DEAL:
        do_engine_act(qtbot, controller)
    assert due is not None and due.target is not None
    if due.target.kind == "dealer":  # a card to the wrong place: one mistake
        controller._place_clicked("board", None, 0)
    else:
        controller._place_clicked("dealer", None, None)
    do_engine_act(qtbot, controller)
    controller.set_mode(None)  # the table is the user's again: the round run so far counts
    qtbot.waitUntil(lambda: bool(store.items(profile)), timeout=WAIT)
    (item,) = store.items(profile)
    assert item.drill == "run-round" and not item.perfect
    assert item.replay is not None and item.replay.kind is ReplayKind.ROUND
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)
    _same_round(_deal_mistakes(qtbot, window, 1), original)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    assert my_mistakes(store, profile) == []
    assert [each.replay for each in store.items(profile)] == [item.replay, item.replay]
