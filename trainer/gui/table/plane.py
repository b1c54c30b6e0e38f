"""Points, upright rectangles and ellipses of the table's scene: plain numbers, no Qt.

>>> Point(0, 0).distance(Point(3, 4))
5.0
>>> Rect(0, 0, 10, 10).intersects(Rect(5, 5, 10, 10)), Rect(0, 0, 10, 10).center
(True, Point(x=5.0, y=5.0))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple


class Point(NamedTuple):
    """A point of the scene (or of a seat's own frame)."""

    x: float
    y: float

    def distance(self, other: Point) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)


class Rect(NamedTuple):
    """An upright rectangle: top-left corner, width and height."""

    x: float
    y: float
    width: float
    height: float

    @property
    def center(self) -> Point:
        return Point(self.x + self.width / 2, self.y + self.height / 2)

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def intersects(self, other: Rect) -> bool:
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )


@dataclass(frozen=True)
class Ellipse:
    """An axis-aligned ellipse (the felt is its lower half)."""

    center: Point
    rx: float
    ry: float

    def point(self, t: float) -> Point:
        """The point at parameter ``t`` (radians): 0 straight down, positive towards the right."""
        return Point(self.center.x + self.rx * math.sin(t), self.center.y + self.ry * math.cos(t))

    def inward_angle(self, t: float) -> float:
        """The clockwise turn (degrees) that makes a frame's "up" point into the ellipse at ``t``."""
        return math.degrees(math.atan2(-self.ry * math.sin(t), self.rx * math.cos(t)))

    def contains(self, p: Point) -> bool:
        return ((p.x - self.center.x) / self.rx) ** 2 + ((p.y - self.center.y) / self.ry) ** 2 <= 1.0

    def grown(self, by: float) -> Ellipse:
        return Ellipse(self.center, self.rx + by, self.ry + by)

    def ray_hit(self, origin: Point, angle: float) -> Point:
        """Where a ray from ``origin`` (inside), going "down" in a frame turned by ``angle`` meets the rim."""
        rad = math.radians(angle)
        dx, dy = -math.sin(rad), math.cos(rad)
        ox, oy = origin.x - self.center.x, origin.y - self.center.y
        a = (dx / self.rx) ** 2 + (dy / self.ry) ** 2
        b = 2 * (ox * dx / self.rx**2 + oy * dy / self.ry**2)
        c = (ox / self.rx) ** 2 + (oy / self.ry) ** 2 - 1
        lam = (-b + math.sqrt(max(b * b - 4 * a * c, 0.0))) / (2 * a)
        return Point(origin.x + lam * dx, origin.y + lam * dy)

