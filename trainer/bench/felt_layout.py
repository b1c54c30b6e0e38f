"""Benchmark of the crowded felt: where the round's chips, amounts and badges go on the fullest table, and how long
finding those places takes.

``python -m trainer.bench felt_layout`` lays out the worst case of each table: seven seats (every position of the
player-dealer game), every wager at the largest stake the game's own table limits let the round deal, every wager
paid, each seat's decision and then its result showing, the bank posted on a player-dealer table. Tables: the
Washington house game (Trips and the Bad Beat), the California player-dealer game, and a house table with every
side bet (Trips, Bad Beat, Pairs, Progressive). For each it reports

* **placement**: the time the scene takes to find the places of every stack and badge (``wager_place``,
  ``payout_place``, ``set_badge``), the whole table and the slowest single call, median of the runs, each also as
  the main thread's processor time (which another busy process does not inflate);
* **clashes**: how many pairs of texts (an area's printed name, an amount, a badge, BANK; and a stack's chips,
  which would hide a text under them) overlap;
* **reach**: the furthest any stack stands from the centre of its own wagering area (scene units);
* **off the felt**: how many stacks (chips and amount) are not wholly on the felt, inside the rail's inner edge;
* **astray**: how many stacks stand nearer another seat's wagering areas than their own seat's (from the middle
  of the stack's chips and amount to the nearest edge of an area).

A last line gives the verdict against the targets: the whole table placed in under 16 ms and the slowest call in
under 4 ms (processor time, which the other processes of a shared machine do not inflate), no clash, no stack off
the felt, none astray.

Run on demand only; never a test. ``--runs N`` (default 5).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPolygonF

from trainer.engine.games import game_named
from trainer.gui.felt import felt_layout
from trainer.gui.table import chipplaces
from trainer.gui.table.art import ArtLibrary
from trainer.gui.table.layout import Point, SpotGeometry, TableLayoutConfig
from trainer.gui.table.scene import TableScene
from trainer.i18n.translation import _
from trainer.resources import assets_dir
from trainer.session.felt import felt_for

_T = TypeVar("_T")

TARGET_TOTAL_MS = 16.0
"""The whole table's stacks placed within one frame at 60 frames a second."""
TARGET_CALL_MS = 4.0
"""The slowest single call."""

STAKES = {"ante": Decimal(125), "blind": Decimal(125), "play": Decimal(500), "trips": Decimal(250),
          "bad_beat": Decimal(125), "pairs": Decimal(125), "progressive": Decimal(5)}
"""The largest stakes the round deals at a $5-$500 table (the Washington game's own limits; the California games'
are lower): an Ante of a quarter of the maximum, so the Play bet 4x is the maximum, Trips twice the Ante, the
Bad Beat and Pairs the Ante, the Progressive the minimum."""
PAYOUTS = {"ante": Decimal(125), "blind": Decimal("187.50"), "play": Decimal(500), "trips": Decimal(750),
           "bad_beat": Decimal(1125), "pairs": Decimal(625), "progressive": Decimal(1000)}
"""Every wager paid: the Ante and Play even money, the Blind 3 to 2 (a straight's), Trips 3 to 1, the Bad Beat 9 to
1, Pairs 5 to 1, the Progressive a fixed $1,000 (its stake went at COIN IN): the widest amounts and the tallest
stacks a paid seat of that table shows, the half-dollar chip included."""


def worst_layouts() -> dict[str, TableLayoutConfig]:
    """The fullest table of each game: Washington's house table (seven seats, Trips and Bad Beat), California's
    player-dealer table (every position), and a house table of seven seats with every side bet."""
    wa, ca = game_named("wa"), game_named("ca")
    return {
        "wa": felt_layout(felt_for(wa.table_rules(), 7, ("trips", "bad_beat"))),
        "ca": felt_layout(felt_for(ca.table_rules(), ca.positions, ca.side_bets)),
        "every-side-bet": felt_layout(felt_for(wa.table_rules(), 7, wa.side_bets)),
    }


class Timer:
    """Runs a call and keeps how long it took (seconds), each call's in :attr:`calls`, and the processor time it
    took (which another busy process does not inflate) in :attr:`processor`."""

    def __init__(self) -> None:
        self.calls: list[float] = []
        self.processor: list[float] = []

    def __call__(self, call: Callable[..., _T]) -> _T:
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            return call()
        finally:
            self.calls.append(time.perf_counter() - start)
            self.processor.append(time.thread_time() - cpu)


def crowd(scene: TableScene, timed: Timer | None = None,
          stakes: dict[str, Decimal] | None = None, payouts: dict[str, Decimal] | None = None) -> TableScene:
    """Fill ``scene`` as the round leaves it before the cleanup, every seat playing every wager and paid on each:
    the wagers placed, each seat's decision shown, then seat by seat its result and its payouts (the bank posted
    on a player-dealer table, seat 1 banking). ``timed`` runs each call that finds a place."""
    timed = Timer() if timed is None else timed
    stakes = STAKES if stakes is None else stakes
    payouts = PAYOUTS if payouts is None else payouts
    if scene.config.is_player_dealer:
        scene.set_player_dealer_seat(1)
        scene.set_bank(scene.new_chips(Decimal(2000), scene.bank_place()))
    players = [seat for seat in scene.geometry.seats if seat.seat != scene.player_dealer_seat]
    for seat in players:
        for wager in seat.spots:
            if wager != "progressive":  # it leaves the layout at COIN IN
                stake = stakes[wager]
                at = timed(partial(scene.wager_place, seat.seat, wager, stake))
                scene.set_wager_chips(seat.seat, wager, scene.new_chips(stake, at))
        timed(partial(scene.set_badge, seat.seat, "4x"))
    for seat in players:
        net = sum(payouts[wager] for wager in seat.spots)
        result = _("{result} · NET {amount}").format(result=_("WIN"), amount=f"+${net:,}")  # as the felt says it
        timed(partial(scene.set_badge, seat.seat, result))
        for wager in seat.spots:
            paid = payouts[wager]
            at = timed(partial(scene.payout_place, seat.seat, wager, paid))
            scene.set_payout_chips(seat.seat, wager, scene.new_chips(paid, at))
    return scene


def text_boxes(scene: TableScene) -> list[tuple[str, QPolygonF]]:
    """Every text on the felt that must read, named, as a polygon of the scene: the areas' printed names, the
    BANK, every stack's amount, every badge; and every stack's chips (which would hide a text under them)."""
    boxes = [(f"seat {spot.seat} {spot.wager} name", chipplaces.label_in_scene(spot))
             for spot in scene.geometry.all_spots()]
    boxes += [(word, QPolygonF(rect)) for word, rect in scene.printed_texts()]
    for seat in scene.geometry.seats:
        for wager, stack in scene.seat_stacks(seat.seat):
            kind = "payout" if scene.payout_chips(seat.seat, wager) is stack else "wager"
            if kind == "payout" and stack.caption == "":
                kind = "wager"  # the payout against its wager's chips, read in the wager's label: one stack
            if stack.isVisible() and stack.amount > 0:
                for part, rect in (("amount", stack.label_rect), ("chips", stack.chips_rect)):
                    if not rect.isEmpty():
                        boxes.append((f"seat {seat.seat} {wager} {kind} {part}", stack.mapToScene(rect)))
        badge = scene.badge(seat.seat)
        if badge is not None and badge.isVisible():
            boxes.append((f"seat {seat.seat} badge", badge.mapToScene(badge.boundingRect())))
    return boxes


def _overlap(a: QPolygonF, b: QPolygonF) -> bool:
    """The two boxes share more than a hairline (half a unit each way)."""
    if not a.boundingRect().intersects(b.boundingRect()):
        return False
    shared = a.intersected(b).boundingRect()
    return shared.width() > 0.5 and shared.height() > 0.5


def clashes(scene: TableScene) -> list[str]:
    """Every pair of text boxes that overlap, and every box off the table (a stack's amount lies under its own
    chips; two stacks' chips may touch)."""
    boxes = text_boxes(scene)
    found = [f"{name} off the table" for name, box in boxes if not scene.sceneRect().contains(box.boundingRect())]
    for index, (name, box) in enumerate(boxes):
        for other, against in boxes[index + 1:]:
            same_stack = name.rsplit(" ", 1)[0] == other.rsplit(" ", 1)[0]
            if same_stack or (name.endswith("chips") and other.endswith("chips")):
                continue
            if _overlap(box, against):
                found.append(f"{name} × {other}")
    return found


def reaches(scene: TableScene) -> dict[str, float]:
    """How far each stack of the round stands from the centre of its own wagering area (scene units)."""
    found = {}
    for seat in scene.geometry.seats:
        for wager, stack in scene.seat_stacks(seat.seat):
            kind = "payout" if scene.payout_chips(seat.seat, wager) is stack else "wager"
            at = Point(stack.pos().x(), stack.pos().y())
            found[f"seat {seat.seat} {wager} {kind}"] = scene.geometry.spot(seat.seat, wager).center.distance(at)
    return found


def _stacks(scene: TableScene) -> list[tuple[str, int, QRectF]]:
    """Every stack of the round showing, named, with its seat and what it covers of the scene (chips and amount)."""
    found = []
    for seat in scene.geometry.seats:
        for wager, stack in scene.seat_stacks(seat.seat):
            if stack.isVisible() and stack.amount > 0:
                kind = "payout" if scene.payout_chips(seat.seat, wager) is stack else "wager"
                found.append((f"seat {seat.seat} {wager} {kind}", seat.seat, stack.sceneBoundingRect()))
    return found


def off_felt(scene: TableScene) -> list[str]:
    """The stacks not wholly on the felt: each corner of what a stack covers lies within the rail's inner edge (the
    felt's ellipse) and below the dealer's straight edge."""
    felt, top = scene.geometry.felt, scene.geometry.felt_top

    def on(x: float, y: float) -> bool:
        return y >= top and ((x - felt.center.x) / felt.rx) ** 2 + ((y - felt.center.y) / felt.ry) ** 2 <= 1.0

    return [name for name, _, rect in _stacks(scene)
            if not all(on(corner.x(), corner.y())
                       for corner in (rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight()))]


def _area_distance(spot: SpotGeometry, x: float, y: float) -> float:
    """How far ``x``, ``y`` lies from the wagering area's printed outline (0 inside it): a circle's edge, a box's."""
    if spot.shape != "box":
        return max(0.0, math.hypot(x - spot.center.x, y - spot.center.y) - spot.size[0] * spot.scale)
    turn = math.radians(-spot.angle)
    dx, dy = x - spot.center.x, y - spot.center.y
    u, v = dx * math.cos(turn) - dy * math.sin(turn), dx * math.sin(turn) + dy * math.cos(turn)
    half_w, half_h = spot.size[0] * spot.scale / 2, spot.size[1] * spot.scale / 2
    return math.hypot(max(0.0, abs(u) - half_w), max(0.0, abs(v) - half_h))


def astray(scene: TableScene) -> list[str]:
    """The stacks standing nearer another seat's wagering areas than their own seat's: from the middle of what the
    stack covers (chips and amount) to the nearest edge of each seat's areas."""
    found = []
    for name, seat, rect in _stacks(scene):
        middle = rect.center()
        nearest = {place.seat: min(_area_distance(spot, middle.x(), middle.y()) for spot in place.spots.values())
                   for place in scene.geometry.seats}
        own = nearest.pop(seat)
        closer = [other for other, distance in nearest.items() if distance <= own]
        if closer:
            found.append(f"{name} nearer seat {closer[0]}")
    return found


def _measure(config: TableLayoutConfig, art: ArtLibrary) -> tuple[list[float], TableScene]:
    """The placement times of one table (ms: the whole, the slowest call, each in processor time too)."""
    timer = Timer()
    scene = crowd(TableScene(config, art), timer)
    return [sum(timer.calls) * 1000, max(timer.calls) * 1000, sum(timer.processor) * 1000,
            max(timer.processor) * 1000], scene


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench felt_layout", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="tables laid out per game (default 5)")
    args = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # it lays tables out; nothing is shown
    app = QApplication.instance() or QApplication(["felt_layout"])
    art = ArtLibrary(assets_dir())
    failures: list[str] = []
    for name, config in worst_layouts().items():
        runs = [_measure(config, art) for _ in range(max(1, args.runs))]
        scene = runs[-1][1]
        found = clashes(scene)
        far = reaches(scene)
        outside, elsewhere = off_felt(scene), astray(scene)
        total, slowest, total_cpu, slowest_cpu = (statistics.median(r[0][index] for r in runs) for index in range(4))
        print(f"{name:15} placement {total:7.1f} ms, processor {total_cpu:7.1f} ms (slowest call {slowest:6.1f} ms, "
              f"processor {slowest_cpu:6.1f} ms) · clashes {len(found):3} · reach {max(far.values()):5.0f} · "
              f"off the felt {len(outside):2} · astray {len(elsewhere):2} · {len(far)} stacks")
        failures += [f"{name} {miss}" for miss in verdict(total_cpu, slowest_cpu, len(found), len(outside),
                                                          len(elsewhere))]
        for _name, done in runs:
            done.clear()
    del app
    if failures:
        print("verdict: short of the targets: " + "; ".join(failures))
    else:
        print(f"verdict: every table placed within {TARGET_TOTAL_MS:g} ms (slowest call under {TARGET_CALL_MS:g} ms), "
              "no clash, nothing off the felt, nothing astray")
    return 0


def verdict(total_ms: float, slowest_ms: float, clashing: int, outside: int, elsewhere: int) -> list[str]:
    """What a table's figures miss of the targets (empty: none).

    >>> verdict(12.0, 3.0, 0, 0, 0)
    []
    >>> verdict(209.4, 7.6, 0, 37, 5)
    ['placement 209.4 ms ≥ 16 ms', 'slowest call 7.6 ms ≥ 4 ms', 'off the felt 37', 'astray 5']
    """
    found = []
    if total_ms >= TARGET_TOTAL_MS:
        found.append(f"placement {total_ms:.1f} ms ≥ {TARGET_TOTAL_MS:g} ms")
    if slowest_ms >= TARGET_CALL_MS:
        found.append(f"slowest call {slowest_ms:.1f} ms ≥ {TARGET_CALL_MS:g} ms")
    found += [f"{what} {count}" for what, count in (("clashes", clashing), ("off the felt", outside),
                                                      ("astray", elsewhere)) if count]
    return found
