"""Drawings kept as pixmaps in device pixels, for the items Qt's own item cache cannot keep.

Qt's ``DeviceCoordinateCache`` draws an item again, into a new pixmap, on every frame once the item is turned
by anything but a multiple of 90°: the cards in front of the seats, the lit progressive sensors and the
highlighted areas, which all lie turned towards the dealer. :class:`DevicePixmaps` keeps such a drawing as a
pixmap made for the painter's scale and turn (in device pixels, so it is as sharp as drawing it), shares it
between items that look alike, and puts it on the screen untransformed: a straight copy, no resampling. The
felt uses one too, drawn opaque, so putting it on the screen is a plain copy of its pixels.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap, QTransform

Turn = tuple[float, float, float, float, float]
"""A painter's scale and turn without its translation, and the device's pixel ratio: the key of a drawing."""

HINTS = (
    QPainter.RenderHint.Antialiasing
    | QPainter.RenderHint.SmoothPixmapTransform
    | QPainter.RenderHint.TextAntialiasing
)
_MARGIN = 1
"""Pixels of room around a drawing, for its antialiased edge."""


def painter_turn(painter: QPainter) -> Turn:
    """The scale and turn of ``painter`` (rounded, so the same turn reached by two routes is one key)."""
    t = painter.worldTransform()
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    return (round(t.m11(), 5), round(t.m12(), 5), round(t.m21(), 5), round(t.m22(), 5), round(ratio, 4))


class DevicePixmaps:
    """Drawings kept as pixmaps, each for one look (any hashable, e.g. ``("card", path)``) at one
    :data:`Turn`, the least recently used dropped past ``limit_bytes``.

    :meth:`draw` puts the drawing of a look where ``bounds`` (item coordinates) lies under the painter,
    making the pixmap on first use; it lands on whole device pixels (at most half a pixel from where it
    would be drawn), which is what Qt's own device cache does too.
    """

    def __init__(self, limit_bytes: int = 48 * 1024 * 1024, *, background: QColor | None = None) -> None:
        self.limit_bytes = limit_bytes
        self.background = background
        """Fill for an opaque drawing (the felt, which covers its whole bounds); None: transparent."""
        self._pixmaps: OrderedDict[tuple[Hashable, Turn], tuple[QPixmap, QPointF]] = OrderedDict()
        self._bytes = 0
        self.made = 0
        """How many pixmaps were drawn so far (for tests and benchmarks)."""

    def __len__(self) -> int:
        return len(self._pixmaps)

    @property
    def size_bytes(self) -> int:
        return self._bytes

    def has(self, look: Hashable, turn: Turn) -> bool:
        return (look, turn) in self._pixmaps

    def looks(self) -> set[Hashable]:
        """The looks with a pixmap kept (at any turn)."""
        return {look for look, _ in self._pixmaps}

    def clear(self) -> None:
        self._pixmaps.clear()
        self._bytes = 0

    def discard(self, look: Hashable) -> None:
        """Forget every pixmap of ``look`` (its drawing changed)."""
        for key in [key for key in self._pixmaps if key[0] == look]:
            self._forget(key)

    def draw(
        self,
        painter: QPainter,
        bounds: QRectF,
        look: Hashable,
        paint: Callable[[QPainter], None],
        turn: Turn | None = None,
    ) -> None:
        """Draw ``look`` (``paint`` draws it, in item coordinates, within ``bounds``) with ``painter``."""
        turn = turn if turn is not None else painter_turn(painter)
        key = (look, turn)
        entry = self._pixmaps.get(key)
        if entry is None:
            entry = self._make(bounds, paint, turn)
            self._pixmaps[key] = entry
            self._bytes += _bytes(entry[0])
            self._trim()
        else:
            self._pixmaps.move_to_end(key)
        pixmap, corner = entry
        t = painter.worldTransform()
        ratio = turn[4]
        # The pixmap's corner under the painter's translation, moved onto a whole device pixel.
        x = round((corner.x() + t.dx()) * ratio) / ratio
        y = round((corner.y() + t.dy()) * ratio) / ratio
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(QPointF(x, y), pixmap)
        painter.setWorldTransform(t)

    def _make(self, bounds: QRectF, paint: Callable[[QPainter], None], turn: Turn) -> tuple[QPixmap, QPointF]:
        m11, m12, m21, m22, ratio = turn
        linear = QTransform(m11, m12, m21, m22, 0.0, 0.0)
        area = linear.mapRect(bounds)
        margin = _MARGIN if self.background is None else 0  # an opaque drawing keeps to its bounds
        left = math.floor(area.left()) - margin
        top = math.floor(area.top()) - margin
        width = math.ceil(area.right()) + margin - left
        height = math.ceil(area.bottom()) + margin - top
        pixmap = QPixmap(max(1, math.ceil(width * ratio)), max(1, math.ceil(height * ratio)))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(self.background if self.background is not None else QColor(Qt.GlobalColor.transparent))
        painter = QPainter(pixmap)
        painter.setRenderHints(HINTS)
        painter.setWorldTransform(linear * QTransform.fromTranslate(-left, -top))
        paint(painter)
        painter.end()
        self.made += 1
        return pixmap, QPointF(left, top)

    def _trim(self) -> None:
        while self._bytes > self.limit_bytes and len(self._pixmaps) > 1:
            self._forget(next(iter(self._pixmaps)))

    def _forget(self, key: tuple[Hashable, Turn]) -> None:
        pixmap, _ = self._pixmaps.pop(key)
        self._bytes -= _bytes(pixmap)


def _bytes(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * max(1, pixmap.depth() // 8)
