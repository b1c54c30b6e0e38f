"""Seat geometry: each seat's own frame turned to face the dealer, its wagering areas, hole cards and the
player-dealer's button and bank, and the seats spaced along the rail.

Pure numbers, no Qt. In a seat's frame ``y`` grows towards the player; from the dealer to the player a seat has its
two cards, the Play box, the Ante and Blind circles side by side, then Trips with the bonus circles (Bad Beat on the
left, Pairs on the right) and the progressive sensor.

>>> SeatFrame(Point(100, 100), 90.0).map(Point(10, 0))
Point(x=100.0, y=110.0)
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from trainer.gui.table.plane import Ellipse, Point, Rect
from trainer.gui.table.tableconfig import (
    _ARC_LIMIT,
    _FELT,
    _RAIL,
    _SEAT_ARC,
    CARD_HEIGHT,
    CARD_WIDTH,
    WAGER_LABELS,
    SpotShape,
    TableLayoutConfig,
)


@dataclass(frozen=True)
class _LocalSpot:
    shape: SpotShape
    center: Point
    size: tuple[float, float]  # radius, radius for circles; width, height for boxes
    payout: Point


_LOCAL_SPOTS: Mapping[str, _LocalSpot] = MappingProxyType(
    {
        "play": _LocalSpot("box", Point(0, -84), (86, 50), Point(62, -84)),
        "ante": _LocalSpot("circle", Point(-34, -18), (26, 26), Point(-62, -46)),
        "blind": _LocalSpot("circle", Point(34, -18), (26, 26), Point(62, -46)),
        "trips": _LocalSpot("circle", Point(0, 42), (24, 24), Point(-20, 74)),
        "bad_beat": _LocalSpot("circle", Point(-60, 42), (21, 21), Point(-84, 68)),
        "pairs": _LocalSpot("circle", Point(60, 42), (21, 21), Point(84, 68)),
        "progressive": _LocalSpot("sensor", Point(24, 84), (11, 11), Point(50, 96)),
    }
)
CARD_FAN = 42.0
"""How far apart a seat's two cards lie: the second card covers the first's right half, never its index."""
CARD_DEPTH = -200.0
"""How far towards the dealer a seat's cards lie (the seat's frame)."""
_LOCAL_BANK = Point(-136, -30)
"""The player-dealer's bank: beside their own wagering areas (which stay empty while they bank), never on them."""
_LOCAL_BUTTON = Point(124, -40)
"""The player-dealer's button: on the other side, clear of the cards, the Play box and the Blind."""
_LOCAL_REGION = Rect(-110, CARD_DEPTH - CARD_HEIGHT / 2 - 6, 220, 116 - CARD_DEPTH + CARD_HEIGHT / 2)
"""The part of the felt that belongs to a seat (clicking it selects the seat)."""
SEAT_PITCH = 290.0
"""Arc length between two neighbouring seats' centres."""


@dataclass(frozen=True)
class SeatFrame:
    """Where a seat's frame sits: its origin in the scene and how far it is turned (degrees, clockwise)."""

    origin: Point
    angle: float
    scale: float = 1.0

    def map(self, local: Point) -> Point:
        """A point of the seat's frame in scene coordinates."""
        rad = math.radians(self.angle)
        x, y = local.x * self.scale, local.y * self.scale
        return Point(
            self.origin.x + x * math.cos(rad) - y * math.sin(rad),
            self.origin.y + x * math.sin(rad) + y * math.cos(rad),
        )


@dataclass(frozen=True)
class SpotGeometry:
    """One wagering area: its shape, centre, size (radius or width × height) and where a payout goes."""

    seat: int
    wager: str
    shape: SpotShape
    center: Point
    angle: float
    size: tuple[float, float]
    payout: Point
    scale: float = 1.0
    printed: str = ""
    """The word printed in the area (its :data:`WAGER_LABELS` word when empty)."""

    @property
    def label(self) -> str:
        return self.printed or WAGER_LABELS[self.wager]

    @property
    def radius(self) -> float:
        """The radius of the smallest circle around the area (for overlap checks and click targets)."""
        w, h = self.size
        if self.shape == "box":
            return math.hypot(w, h) / 2 * self.scale
        return w * self.scale

    def corners(self) -> tuple[Point, ...]:
        """The box's four corners (scene coordinates); a circle's bounding square's."""
        w, h = self.size
        if self.shape != "box":
            w = h = 2 * w
        frame = SeatFrame(self.center, self.angle, self.scale)
        return tuple(
            frame.map(Point(sx * w / 2, sy * h / 2)) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        )


@dataclass(frozen=True)
class SeatGeometry:
    """A seat: its frame, wagering areas, hole-card places, the player's chips, the seat number printed by
    the rail (where the player's decision is shown, too), the player-dealer's button and bank."""

    seat: int
    frame: SeatFrame
    spots: Mapping[str, SpotGeometry]
    cards: tuple[Point, Point]
    player: Point
    label: Point
    button: Point
    bank: Point

    @property
    def center(self) -> Point:
        return self.frame.origin

    @property
    def angle(self) -> float:
        return self.frame.angle

    @property
    def scale(self) -> float:
        return self.frame.scale

    @property
    def region(self) -> Rect:
        """The seat's area in its own frame (to be drawn turned by :attr:`angle` about :attr:`center`)."""
        s = self.scale
        r = _LOCAL_REGION
        return Rect(r.x * s, r.y * s, r.width * s, r.height * s)

    def spread(self) -> tuple[Point, Point]:
        """Where a folded hand's two cards lie when spread to be counted: wider apart than when dealt."""
        middle = self.frame.map(Point(0, CARD_DEPTH))
        fan = SeatFrame(middle, self.angle)
        return fan.map(Point(-CARD_WIDTH / 2 - 6, 0)), fan.map(Point(CARD_WIDTH / 2 + 6, 0))


# -- placing the seats along the rail --------------------------------------------------------------------


def _arc_positions(ellipse: Ellipse, count: int, pitch: float) -> tuple[list[float], float]:
    """Parameters of ``count`` points spaced ``pitch`` apart along the arc, centred on the bottom.

    Returns the parameters, first base (largest, on the right) first, and the scale the seats need when the
    arc is too short for the pitch.
    """
    ts, lengths = _arc_lengths(ellipse)
    total = lengths[-1]
    scale = 1.0
    if count > 1 and pitch * (count - 1) > total:
        scale = total / (pitch * (count - 1))
        pitch = total / (count - 1)
    middle = total / 2
    result: list[float] = []
    for index in range(count):
        target = middle + ((count - 1) / 2 - index) * pitch
        result.append(ts[_nearest(lengths, target)])
    return result, scale


@functools.cache
def _arc_lengths(ellipse: Ellipse, steps: int = 2000) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """``steps + 1`` parameters evenly spread along the arc, and the length of the arc up to each (made once)."""
    ts = tuple(-_ARC_LIMIT + 2 * _ARC_LIMIT * i / steps for i in range(steps + 1))
    points = [ellipse.point(t) for t in ts]
    lengths = [0.0]
    for p0, p1 in itertools.pairwise(points):
        lengths.append(lengths[-1] + p0.distance(p1))
    return ts, tuple(lengths)


def _nearest(lengths: Sequence[float], target: float) -> int:
    """The index of the value of the increasing ``lengths`` nearest ``target``, the first of two as near.

    >>> _nearest([0.0, 1.0, 2.0], 1.5), _nearest([0.0, 1.0, 2.0], 1.6), _nearest([0.0, 1.0], 9.0)
    (1, 2, 1)
    """
    index = bisect.bisect_left(lengths, target)
    if index == 0:
        return 0
    if index == len(lengths) or abs(lengths[index - 1] - target) <= abs(lengths[index] - target):
        return index - 1
    return index


def _seat(config: TableLayoutConfig, number: int, t: float, scale: float) -> SeatGeometry:
    origin = _SEAT_ARC.point(t)
    frame = SeatFrame(origin, _SEAT_ARC.inward_angle(t), scale)
    spots = {
        wager: SpotGeometry(
            seat=number,
            wager=wager,
            shape=local.shape,
            center=frame.map(local.center),
            angle=frame.angle,
            size=local.size,
            payout=frame.map(local.payout),
            scale=scale,
            printed=config.wager_label(wager),
        )
        for wager in config.wagers
        for local in (_LOCAL_SPOTS[wager],)
    }
    rail_mid = _FELT.grown(_RAIL / 2).ray_hit(origin, frame.angle)
    felt_edge = _FELT.ray_hit(origin, frame.angle)
    label_at = SeatFrame(felt_edge, frame.angle).map(Point(0, -16))
    return SeatGeometry(
        seat=number,
        frame=frame,
        spots=MappingProxyType(spots),
        cards=_hole_cards(frame),
        player=rail_mid,
        label=label_at,
        button=frame.map(_LOCAL_BUTTON),
        bank=frame.map(_LOCAL_BANK),
    )


def _hole_cards(frame: SeatFrame) -> tuple[Point, Point]:
    """A seat's two cards, :data:`CARD_FAN` apart whatever the seat's scale (a card is never drawn smaller)."""
    middle = frame.map(Point(0, CARD_DEPTH))
    fan = SeatFrame(middle, frame.angle)
    return fan.map(Point(-CARD_FAN / 2, 0)), fan.map(Point(CARD_FAN / 2, 0))

