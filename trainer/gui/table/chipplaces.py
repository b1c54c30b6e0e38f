"""Where chips stand on a seat's part of the felt: a wager's stack beside its area's printed name (never on
it), each payout clear of the printed names, the Play box, the cards, the wagers and the other payouts.

A place is found by walking out from the natural spot (the area's centre for a wager, the payout point of
the layout for a payout) along a few headings, a step at a time, until the stack's rectangle (chips and
amount label, :func:`~trainer.gui.table.items.stack_rect`) touches nothing it must leave clear.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF, QTransform

from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, Point, SeatGeometry, SpotGeometry, TableGeometry
from trainer.gui.table.spots import printed_label_rect, spot_outline

__all__ = [
    "all_card_places", "board_and_dealer_cards", "find_place", "label_in_scene",
    "seat_cards_in_scene", "spot_in_scene", "towards_dealer",
]

TURNS = (0.0, *(sign * turn for turn in (25.0, 50.0, 75.0, 100.0, 125.0, 150.0) for sign in (-1, 1)), 180.0)
"""Headings tried at each distance, turned from the preferred one (degrees)."""
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
               inside: QPainterPath | None = None, turns: tuple[float, ...] = TURNS, reach: float = REACH) -> Point:
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
