"""Everything printed on the felt stays readable once the chips and cards are out: no stack of chips covers
its area's printed name, the inscription runs clear of every card place, and at a settled table no payout's
amount label lies on another stack's label, and no payout lies on a Play box. Judged from the scene's own
item rectangles at the point of the round where they matter (after the settlement, before the cleanup)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath, QPolygonF
from pytestqt.qtbot import QtBot

from tests.gui.table_support import played_round, scene_for
from trainer.gui.table import chipplaces
from trainer.gui.table.director import Durations, RoundDirector
from trainer.gui.table.felt import FeltItem
from trainer.gui.table.items import ChipStack
from trainer.gui.table.layout import TableLayoutConfig
from trainer.gui.table.scene import TableScene

pytestmark = pytest.mark.gui
WAIT = 10_000
TABLES = [("house", 7, 11), ("house", 7, 3), ("house", 5, 4), ("player-dealer", 6, 2), ("player-dealer", 8, 5)]


def settled_table(qtbot: QtBot, banking: str, seats: int, seed: int) -> TableScene:
    """The table after the last seat is settled, its chips still on the felt."""
    played = played_round(banking=banking, seats=seats, seed=seed)
    scene = scene_for(played, seats)
    director = RoundDirector(scene, played, Durations.tiny())
    last = [name for name in director.phase_names() if name.startswith("settle:")][-1]
    director.step()
    qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)
    while director.phases_run[-1] != last:
        director.step()
        qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)
    return scene


def _path(polygon: QPolygonF) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(polygon)
    path.closeSubpath()
    return path


def _visible_stacks(scene: TableScene) -> list[tuple[int, str, str, ChipStack]]:
    found = []
    for seat in scene.geometry.seats:
        for wager in seat.spots:
            for kind, stack in (("wager", scene.wager_chips(seat.seat, wager)),
                                ("payout", scene._payout_chips.get((seat.seat, wager)))):
                if stack is not None and stack.isVisible() and stack.amount > 0:
                    found.append((seat.seat, wager, kind, stack))
    return found


@pytest.mark.parametrize(("banking", "seats", "seed"), TABLES)
def test_chips_never_cover_a_bets_printed_label(qtbot: QtBot, banking: str, seats: int, seed: int) -> None:
    scene = settled_table(qtbot, banking, seats, seed)
    stacks = _visible_stacks(scene)
    assert any(kind == "wager" for _, _, kind, _ in stacks)
    for seat, wager, _, stack in stacks:
        label = _path(chipplaces.label_in_scene(scene.geometry.spot(seat, wager)))
        assert not label.intersects(stack.sceneBoundingRect()), f"seat {seat}: a {wager} stack on its label"


@pytest.mark.parametrize(("banking", "seats", "seed"), TABLES)
def test_payout_labels_never_overlap_and_payouts_leave_the_play_box_clear(
    qtbot: QtBot, banking: str, seats: int, seed: int
) -> None:
    scene = settled_table(qtbot, banking, seats, seed)
    stacks = _visible_stacks(scene)
    payouts = [(seat, wager, stack) for seat, wager, kind, stack in stacks if kind == "payout"]
    assert len(payouts) >= 2
    labels = [(f"seat {seat} {kind} {wager}", stack.mapRectToScene(stack.label_rect))
              for seat, wager, kind, stack in stacks]
    for seat, wager, stack in payouts:
        mine = stack.mapRectToScene(stack.label_rect)
        for name, other in labels:
            if other is not mine and other != mine:
                assert not mine.intersects(other), f"seat {seat} {wager} payout label on the {name} label"
        for place in scene.geometry.seats:
            if "play" in place.spots:
                box = _path(chipplaces.spot_in_scene(place.spots["play"]))
                assert not box.intersects(stack.sceneBoundingRect()), f"seat {seat} {wager} payout on a Play box"


def _card_places(scene: TableScene) -> list[QPainterPath]:
    places = []
    for seat in scene.geometry.seats:
        places += [_path(card) for card in chipplaces.seat_cards_in_scene(seat)]
        spread = type(seat)(seat.seat, seat.frame, seat.spots, seat.spread(), seat.player, seat.label,
                            seat.button, seat.bank)
        places += [_path(card) for card in chipplaces.seat_cards_in_scene(spread)]
    places += [_path(QPolygonF(r)) for r in chipplaces.board_and_dealer_cards(scene.geometry)]
    return places


@pytest.mark.parametrize(("banking", "seats"), [
    ("house", n) for n in range(1, 8)] + [("player-dealer", 6), ("player-dealer", 8)])
def test_the_inscription_runs_clear_of_every_card_place(qtbot: QtBot, banking: str, seats: int) -> None:
    played = played_round(banking=banking, seats=min(seats, 7) if banking == "house" else seats)
    scene = scene_for(played, seats)
    felt = next(item for item in scene.items() if isinstance(item, FeltItem))
    lines = felt.inscription_rects()
    assert lines and all(isinstance(rect, QRectF) and not rect.isEmpty() for rect in lines)
    assert " ".join(text for text, _ in felt.inscription_lines()) == scene.config.inscription.upper()
    for rect in lines:
        for place in _card_places(scene):
            assert not place.intersects(rect), f"the inscription at {rect} runs under a card"


def test_a_long_inscription_still_keeps_clear_of_the_cards(qtbot: QtBot) -> None:
    config = TableLayoutConfig(inscription="Player-Dealer only plays with a pair or higher " * 2)
    played = played_round()
    scene = TableScene(config, scene_for(played, 7).art)
    felt = next(item for item in scene.items() if isinstance(item, FeltItem))
    for rect in felt.inscription_rects():
        for place in _card_places(scene):
            assert not place.intersects(rect)
