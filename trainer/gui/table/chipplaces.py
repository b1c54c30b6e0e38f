"""Where chips stand on a seat's part of the felt: a wager's stack beside its area's printed name (never on
it), each payout clear of the printed names, the Play box, the cards, the wagers and the other payouts.

A place is found by walking out from the natural spot (the area's centre for a wager, the payout point of
the layout for a payout) along a few headings, a step at a time, until the stack's rectangle (chips and
amount label, :func:`~trainer.gui.table.items.stack_rect`) touches nothing it must leave clear.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF, QTransform

from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, Point, SeatGeometry, SpotGeometry, TableGeometry
from trainer.gui.table.spots import printed_label_rect, spot_outline

if TYPE_CHECKING:  # numpy loads when a stack is first placed, not with the table (a quicker start)
    import numpy

__all__ = [
    "all_card_places", "board_and_dealer_cards", "find_place", "label_in_scene", "least_covered", "nearest_clear",
    "seat_cards_in_scene", "spot_in_scene", "towards_dealer",
]

TURN_STEP = 4.0
TURNS = (0.0, *(sign * TURN_STEP * k for k in range(1, round(180 / TURN_STEP)) for sign in (-1, 1)), 180.0)
"""Headings tried at each distance, turned from the preferred one (degrees), every :data:`TURN_STEP` degrees
either way: on a crowded felt the clear places are pockets between the stacks placed already, which a search
along a few headings walks past (and then places the stack further out, where it takes the room the next one
needed)."""
FEW_TURNS = (0.0, *(sign * turn for turn in (25.0, 50.0, 75.0, 100.0, 125.0, 150.0) for sign in (-1, 1)), 180.0)
"""A few headings, for a search tested on a path (a badge's, the bank's): each try costs more."""
STEP = 3.0
REACH = 240.0


def _frame(center: Point, angle: float) -> QTransform:
    return QTransform().translate(center.x, center.y).rotate(angle)


def label_in_scene(spot: SpotGeometry) -> QPolygonF:
    """The area's printed name (its text box) as a polygon of the scene."""
    return _frame(spot.center, spot.angle).map(QPolygonF(printed_label_rect(spot)))


def spot_in_scene(spot: SpotGeometry) -> QPolygonF:
    """The area's outline (a box, or a circle's bounding square) as a polygon of the scene."""
    return _frame(spot.center, spot.angle).map(QPolygonF(spot_outline(spot)))


def seat_cards_in_scene(seat: SeatGeometry) -> list[QPolygonF]:
    """The seat's two card places as polygons of the scene."""
    card = QRectF(-CARD_WIDTH / 2, -CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT)
    return [_frame(point, seat.angle).map(QPolygonF(card)) for point in seat.cards]


def board_and_dealer_cards(geometry: TableGeometry) -> list[QRectF]:
    """The board's five card places and the dealer's two (scene coordinates)."""
    return [
        QRectF(point.x - CARD_WIDTH / 2, point.y - CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT)
        for point in (*geometry.board, *geometry.dealer_cards)
    ]


def all_card_places(geometry: TableGeometry) -> list[QPolygonF]:
    """Every place a card can lie: each seat's two cards as dealt and as spread for counting, the dealer's
    cards and the board (scene coordinates)."""
    card = QRectF(-CARD_WIDTH / 2, -CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT)
    found = [QPolygonF(rect) for rect in board_and_dealer_cards(geometry)]
    for seat in geometry.seats:
        found += [_frame(point, seat.angle).map(QPolygonF(card)) for point in (*seat.cards, *seat.spread())]
    return found


def towards_dealer(seat: SeatGeometry) -> float:
    """The heading (degrees, as ``atan2`` of the scene's y and x) from the seat towards the dealer."""
    rad = math.radians(seat.angle)
    return math.degrees(math.atan2(-math.cos(rad), math.sin(rad)))


def away_from(origin: Point, point: Point, fallback: float) -> float:
    """The heading from ``origin`` towards ``point`` (``fallback`` when they coincide)."""
    if origin.distance(point) < 1e-6:
        return fallback
    return math.degrees(math.atan2(point.y - origin.y, point.x - origin.x))


def obstacles(polygons: Iterable[QPolygonF], rects: Iterable[QRectF] = ()) -> QPainterPath:
    """One path covering every polygon and rectangle a stack must leave clear."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for polygon in polygons:
        path.addPolygon(polygon)
        path.closeSubpath()
    for rect in rects:
        path.addRect(rect)
    return path


def find_place(start: Point, heading: float, rect: QRectF, avoid: QPainterPath, margin: float = 3.0,
               inside: QPainterPath | None = None, turns: tuple[float, ...] = FEW_TURNS, reach: float = REACH) -> Point:
    """The nearest point to ``start`` (walking along headings turned from ``heading``) where ``rect``, a
    stack's rectangle around its position, grown by ``margin``, touches nothing of ``avoid`` (and lies within
    ``inside``, when given); ``start`` itself when no such point lies within reach. ``turns``: the headings
    tried, turned from ``heading`` (degrees); ``reach``: how far from ``start`` at most.

    >>> path = QPainterPath(); path.addRect(QRectF(-10, -10, 20, 20))
    >>> find_place(Point(0, 0), 0.0, QRectF(-5, -5, 10, 10), path, margin=0)
    Point(x=18.0, y=0.0)
    """
    grown = rect.adjusted(-margin, -margin, margin, margin)
    distance = 0.0
    while distance <= reach:
        for turn in turns if distance > 0 else (0.0,):
            rad = math.radians(heading + turn)
            x, y = start.x + distance * math.cos(rad), start.y + distance * math.sin(rad)
            there = grown.translated(QPointF(x, y))
            if (inside is None or inside.contains(there)) and not avoid.intersects(there):
                return Point(round(x, 2), round(y, 2))
        distance += STEP
    return start


def _candidates(start: Point, heading: float, turns: tuple[float, ...], reach: float,
                step: float = STEP) -> Iterator[Point]:
    """The points tried, nearest first: ``start``, then each distance a ``step`` further out along each heading
    turned from ``heading`` by ``turns`` (made as they are asked for: a search that stops early makes few)."""
    yield start
    directions = [(math.cos(math.radians(heading + turn)), math.sin(math.radians(heading + turn))) for turn in turns]
    distance = step
    while distance <= reach:
        for dx, dy in directions:
            yield Point(round(start.x + distance * dx, 2), round(start.y + distance * dy, 2))
        distance += step


def near(rect: QRectF, start: Point, reach: float, polygons: Iterable[QPolygonF],
         rects: Iterable[QRectF]) -> tuple[list[QPolygonF], list[QRectF]]:
    """The polygons and rectangles a ``rect`` placed within ``reach`` of ``start`` could touch: the others cannot
    change where it goes, and leaving them out keeps the search quick."""
    span = rect.translated(start.x, start.y).adjusted(-reach - 4, -reach - 4, reach + 4, reach + 4)
    return ([polygon for polygon in polygons if polygon.boundingRect().intersects(span)],
            [other for other in rects if other.intersects(span)])


def nearest_clear(start: Point, heading: float, rect: QRectF, polygons: list[QPolygonF], rects: list[QRectF],
                  inside: QPainterPath, margin: float = 3.0, turns: tuple[float, ...] = TURNS,
                  reach: float = REACH) -> Point | None:
    """The nearest point to ``start`` within ``reach`` (walking along headings turned from ``heading``) where
    ``rect`` grown by ``margin`` lies within ``inside`` and touches none of ``polygons`` and ``rects``; None when
    there is none. (A rectangle is told apart by arithmetic; only a candidate near a polygon is tested on it.)

    >>> square = [QPolygonF(QRectF(-10, -10, 20, 20))]
    >>> room = QPainterPath(); room.addRect(QRectF(-100, -100, 200, 200))
    >>> nearest_clear(Point(0, 0), 0.0, QRectF(-5, -5, 10, 10), square, [], room, margin=0)
    Point(x=15.0, y=0.0)
    >>> nearest_clear(Point(0, 0), 0.0, QRectF(-5, -5, 10, 10), [], [QRectF(-10, -10, 20, 20)], room, margin=0)
    Point(x=15.0, y=0.0)
    >>> nearest_clear(Point(0, 0), 0.0, QRectF(-5, -5, 10, 10), square, [], room, margin=0, reach=9) is None
    True
    """
    import numpy

    grown = rect.adjusted(-margin, -margin, margin, margin)
    left, top, right, bottom = grown.left(), grown.top(), grown.right(), grown.bottom()
    edges = numpy.array([(other.left(), other.top(), other.right(), other.bottom()) for other in rects],
                        dtype=float).reshape(-1, 4)
    outlines = [polygon.boundingRect() for polygon in polygons]
    shapes = numpy.array([(box.left(), box.top(), box.right(), box.bottom()) for box in outlines],
                         dtype=float).reshape(-1, 4)
    path = obstacles(polygons)
    for xs, ys in _candidate_batches(start, heading, turns, reach):
        # The rectangles told apart for a batch of candidates at once; the few clear of them tested on the rest.
        clear = ~_meets(edges, xs + left, ys + top, xs + right, ys + bottom)
        near_shape = _meets(shapes, xs + left, ys + top, xs + right, ys + bottom)
        for index in numpy.flatnonzero(clear):
            x, y = float(xs[index]), float(ys[index])
            there = grown.translated(QPointF(x, y))
            if (not near_shape[index] or not path.intersects(there)) and inside.contains(there):
                return Point(x, y)
    return None


def _candidate_batches(start: Point, heading: float, turns: tuple[float, ...],
                       reach: float) -> Iterator[tuple[numpy.ndarray, numpy.ndarray]]:
    """The points :func:`_candidates` tries, in its order, as arrays of x and y, a few distances at a time (a search
    that stops early makes few).

    >>> [(xs.tolist(), ys.tolist()) for xs, ys in _candidate_batches(Point(1, 2), 0.0, (0.0, 180.0), 3.0)]
    [([1.0, 4.0, -2.0], [2.0, 2.0, 2.0])]
    """
    import numpy

    radians = numpy.radians(heading + numpy.array(turns, dtype=float))
    dx, dy = numpy.cos(radians), numpy.sin(radians)
    distances = []
    distance = STEP
    while distance <= reach:
        distances.append(distance)
        distance += STEP
    at = numpy.array([0.0, *distances])
    per_batch = max(1, BATCH // len(turns))
    first = True
    for begin in range(1, len(at), per_batch) if len(at) > 1 else [1]:
        chunk = at[begin:begin + per_batch]
        xs = numpy.round(start.x + (chunk[:, None] * dx[None, :]).ravel(), 2)
        ys = numpy.round(start.y + (chunk[:, None] * dy[None, :]).ravel(), 2)
        if first:
            xs, ys = numpy.concatenate(([start.x], xs)), numpy.concatenate(([start.y], ys))
            first = False
        yield xs, ys


BATCH = 256
"""Candidates told apart from the rectangles at a time: a search that stops early makes few."""


def _meets(boxes: numpy.ndarray, x0: numpy.ndarray, y0: numpy.ndarray, x1: numpy.ndarray,
           y1: numpy.ndarray) -> numpy.ndarray:
    """For each candidate rectangle (``x0``, ``y0``, ``x1``, ``y1`` arrays), whether it overlaps any of ``boxes`` (rows
    of left, top, right, bottom)."""
    import numpy

    if not len(boxes):
        return numpy.zeros(len(x0), dtype=bool)
    left, top, right, bottom = (boxes[:, column][None, :] for column in range(4))
    overlapping = (left < x1[:, None]) & (x0[:, None] < right) & (top < y1[:, None]) & (y0[:, None] < bottom)
    return numpy.asarray(overlapping.any(axis=1))


def least_covered(start: Point, heading: float, rect: QRectF, avoid: list[QRectF], inside: QPainterPath,
                  turns: tuple[float, ...] = TURNS, reach: float = REACH) -> Point:
    """Where ``rect`` covers least of ``avoid`` (the overlapping area, summed) within ``reach`` of ``start`` and
    within ``inside``; the nearest such point of equal cover (``start`` when no point lies inside).

    >>> room = QPainterPath(); room.addRect(QRectF(-100, -100, 200, 200))
    >>> least_covered(Point(0, 0), 0.0, QRectF(-5, -5, 10, 10), [QRectF(-10, -10, 20, 20)], room, reach=30)
    Point(x=18.0, y=0.0)
    """
    best: tuple[float, Point] | None = None
    edges = [(other.left(), other.top(), other.right(), other.bottom()) for other in avoid]
    left, top, right, bottom = rect.left(), rect.top(), rect.right(), rect.bottom()
    for point in _candidates(start, heading, turns, reach, step=3 * STEP):
        if not inside.contains(rect.translated(QPointF(point.x, point.y))):
            continue
        x0, y0, x1, y1 = left + point.x, top + point.y, right + point.x, bottom + point.y
        cover = 0.0
        for x, y, r, b in edges:
            if x < x1 and x0 < r and y < y1 and y0 < b:
                cover += (min(r, x1) - max(x, x0)) * (min(b, y1) - max(y, y0))
        if best is None or cover < best[0] - 1e-6:
            best = (cover, point)
            if cover == 0:
                break
    return start if best is None else best[1]
