"""Nothing of a hand stays on the felt once it is over: a highlight turned off leaves no ring or corner on the
screen, the dealer's hand label goes with the cards, and after a trainee's settlement the players pick up what
is left on their wagers, so the next hand starts on a clear felt."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.table_support import played_round, scene_for
from trainer.gui.table.director import Durations, RoundDirector
from trainer.gui.table.items import ChipStack
from trainer.gui.table.scene import TableScene
from trainer.gui.table.view import TableView

pytestmark = pytest.mark.gui
WAIT = 10_000


def shown(qtbot: QtBot, scene: TableScene) -> TableView:
    view = TableView(scene)
    qtbot.addWidget(view)
    view.resize(1100, 720)
    view.show()
    qtbot.waitExposed(view)
    return view


def screen(view: TableView) -> QImage:
    """The view as it is on the screen now: what its incremental repaints left (not a fresh rendering)."""
    QApplication.processEvents()
    window = view.window()
    return view.screen().grabWindow(window.winId()).toImage()


def differing_pixels(a: QImage, b: QImage) -> int:
    return sum(1 for y in range(0, a.height(), 2) for x in range(0, a.width(), 2) if a.pixel(x, y) != b.pixel(x, y))


@pytest.mark.parametrize("mark", ["dealer", "spot", "seat"])
def test_a_highlight_turned_off_leaves_nothing_on_the_screen(qtbot: QtBot, mark: str) -> None:
    scene = scene_for(played_round("ace", seats=7, seed=1), 7)
    view = shown(qtbot, scene)
    before = screen(view)

    def highlight(on: bool) -> None:
        if mark == "dealer":
            scene.highlight_dealer(on)
        elif mark == "spot":
            scene.highlight_spot(3, "ante", on)
        else:
            scene.highlight_seat(5, on)

    highlight(True)
    assert differing_pixels(before, screen(view)) > 50  # the ring is drawn
    highlight(False)
    assert differing_pixels(before, screen(view)) == 0


def test_the_dealers_label_goes_with_the_cards_at_the_cleanup(qtbot: QtBot) -> None:
    played = played_round("ace", seats=5, seed=3)
    scene = scene_for(played, 5)
    director = RoundDirector(scene, played, Durations.tiny())
    director.start()
    director.pause()
    while not director.phases_run or director.phases_run[-1] != "reveal" or director.state != "paused":
        director.step()
        qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)
    assert scene.dealer_badge_text()  # "… · qualifies" while the dealer's cards are up
    with qtbot.waitSignal(director.finished, timeout=WAIT):
        director.resume()
    assert scene.cards_at("dealer") == [] and scene.dealer_badge_text() == ""


def stacks_on_the_felt(scene: TableScene) -> list[Any]:
    return [item for item in scene.items() if isinstance(item, ChipStack) and item.isVisible() and item.amount > 0
            and item is not scene.bank]


def test_after_a_trainees_settlement_the_players_pick_up_their_chips(qtbot: QtBot) -> None:
    for seed in (2, 5, 9):
        played = played_round("ace", seats=7, seed=seed)
        scene = scene_for(played, 7)
        director = RoundDirector(scene, played, Durations.tiny(), settle_by_trainee=True)
        with qtbot.waitSignal(director.settlementDue, timeout=WAIT):
            director.start()
        with qtbot.waitSignal(director.finished, timeout=WAIT):
            director.finish_settlement()  # the table settles what the trainee left, then clears
        assert stacks_on_the_felt(scene) == [], seed
        assert all(scene.badge_text(seat) == "" for seat in range(1, 8))
