"""Shapes on the felt (no Qt): whether two wagering areas touch, and where the letters of a text written
along an arc go."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from trainer.gui.table.layout import Ellipse, Point, SpotGeometry

__all__ = ["along_arc", "spots_overlap"]


def spots_overlap(a: SpotGeometry, b: SpotGeometry, margin: float = 2.0) -> bool:
    """True when two wagering areas touch (within ``margin``), judged by their enclosing circles for circles
    and by separating axes for boxes."""
    if a.shape != "box" and b.shape != "box":
        return a.center.distance(b.center) < a.radius + b.radius + margin
    return _polygons_overlap(_outline(a, margin), _outline(b, margin))


def _outline(spot: SpotGeometry, margin: float) -> tuple[Point, ...]:
    if spot.shape == "box":
        return spot.corners()
    r = spot.radius + margin
    return tuple(
        Point(
            spot.center.x + r * math.cos(2 * math.pi * k / 24),
            spot.center.y + r * math.sin(2 * math.pi * k / 24),
        )
        for k in range(24)
    )


def _polygons_overlap(p: Sequence[Point], q: Sequence[Point]) -> bool:
    for poly in (p, q):
        for i, a in enumerate(poly):
            b = poly[(i + 1) % len(poly)]
            nx, ny = b.y - a.y, a.x - b.x
            p_proj = [nx * v.x + ny * v.y for v in p]
            q_proj = [nx * v.x + ny * v.y for v in q]
            if max(p_proj) < min(q_proj) or max(q_proj) < min(p_proj):
                return False
    return True


def along_arc(
    ellipse: Ellipse, advances: Sequence[float], centre_t: float = 0.0
) -> list[tuple[Point, float]]:
    """Places for glyphs of the given widths written along the bottom of ``ellipse``, left to right, centred
    on parameter ``centre_t``: each glyph's centre point on the arc and its turn (degrees).

    >>> places = along_arc(Ellipse(Point(0, 0), 100, 100), [10, 10])
    >>> [round(p.x) for p, _ in places], [round(a) for _, a in places]
    ([-5, 5], [3, -3])
    """
    steps = 4000
    limit = math.pi / 2
    ts = [-limit + 2 * limit * i / steps for i in range(steps + 1)]
    lengths = [0.0]
    for t0, t1 in itertools.pairwise(ts):
        lengths.append(lengths[-1] + ellipse.point(t0).distance(ellipse.point(t1)))
    centre_index = min(range(len(ts)), key=lambda k: abs(ts[k] - centre_t))
    start = lengths[centre_index] - sum(advances) / 2
    # A text reads left to right, so it runs from the left end of the arc (negative t) towards the right.
    places: list[tuple[Point, float]] = []
    walked = start
    index = 0
    for advance in advances:
        target = walked + advance / 2
        while index < len(lengths) - 1 and lengths[index] < target:
            index += 1
        t = ts[index]
        places.append((ellipse.point(t), ellipse.inward_angle(t)))
        walked += advance
    return places
