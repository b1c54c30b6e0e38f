"""The wagering areas and the clickable places of the felt: printed on the felt, highlighted and clicked here."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
)
from PySide6.QtWidgets import QWidget as _QWidget

from trainer.gui.table import style
from trainer.gui.table.items import MARKS, TableItem
from trainer.gui.table.layout import SpotGeometry

__all__ = ["ClickableArea", "WagerSpot", "paint_printed_spot", "printed_label_rect", "spot_outline"]


# -- printed areas -----------------------------------------------------------------------------------------


def spot_outline(geometry: SpotGeometry) -> QRectF:
    """The area's circle (its bounding square) or box, in the area's own turned frame, centred on 0, 0."""
    s = geometry.scale
    w, h = geometry.size
    if geometry.shape == "box":
        return QRectF(-w * s / 2, -h * s / 2, w * s, h * s)
    return QRectF(-w * s, -w * s, 2 * w * s, 2 * w * s)


def _outline(painter: QPainter, geometry: SpotGeometry, rect: QRectF) -> None:
    if geometry.shape == "box":
        painter.drawRoundedRect(rect, 7, 7)
    else:
        painter.drawEllipse(rect)


def _label_font(geometry: SpotGeometry) -> QFont:
    w = geometry.size[0]
    size = {"box": 15, "circle": 11 if w >= 24 else 8, "sensor": 7}[geometry.shape]
    return style.font(round(size * geometry.scale), bold=True, spacing=0.6)


def _label_words(geometry: SpotGeometry, font: QFont) -> list[tuple[QRectF, str, Qt.AlignmentFlag]]:
    """Each word of the area's printed name, the rectangle it is drawn in (the area's frame) and how."""
    rect = spot_outline(geometry)
    if geometry.shape == "sensor":
        text = QRectF(rect.left() - 22, rect.bottom() + 1, rect.width() + 44, 12)
        return [(text, geometry.label, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)]
    words = geometry.label.split() if geometry.shape == "circle" else [geometry.label]
    line = QFontMetricsF(font).height() * 0.92
    return [
        (rect.translated(0, (index - (len(words) - 1) / 2) * line), word, Qt.AlignmentFlag.AlignCenter)
        for index, word in enumerate(words)
    ]


def printed_label_rect(geometry: SpotGeometry) -> QRectF:
    """Where the area's printed name lies (the union of its words' text boxes), in the area's own turned
    frame centred on 0, 0: what a stack of chips must leave uncovered."""
    font = _label_font(geometry)
    metrics = QFontMetricsF(font)
    found = QRectF()
    for rect, word, align in _label_words(geometry, font):
        box = metrics.boundingRect(rect, int(align), word)
        found = box if found.isNull() else found.united(box)
    return found


def paint_printed_spot(painter: QPainter, geometry: SpotGeometry) -> None:
    """Print one wagering area on the felt (the painter already in the area's frame): double outline and
    name, or the progressive sensor with its word under it."""
    rect = spot_outline(geometry)
    font = _label_font(geometry)
    painter.setFont(font)
    words = _label_words(geometry, font)
    if geometry.shape == "sensor":
        painter.setPen(QPen(style.PRINT, 1.6))
        painter.setBrush(QColor("#2a2a2a"))
        painter.drawEllipse(rect)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#5a1512"))
        painter.drawEllipse(rect.adjusted(3, 3, -3, -3))
        painter.setPen(style.PRINT_SOFT)
    else:
        painter.setBrush(QColor(255, 255, 255, 14))
        painter.setPen(QPen(style.PRINT, 2.2))
        _outline(painter, geometry, rect)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(style.GOLD_SOFT, 1.0))
        _outline(painter, geometry, rect.adjusted(4, 4, -4, -4))
        painter.setPen(style.PRINT)
    for text_rect, word, align in words:
        painter.drawText(text_rect, align, word)


class WagerSpot(TableItem):
    """One wagering area: clickable, highlightable, and (for the progressive sensor) lit at COIN IN.

    The area itself is printed on the felt (:func:`paint_printed_spot`); this item lies over it, turned to
    face the dealer, and draws only a highlight or the sensor's light (otherwise it has nothing to paint).
    Clicking it emits :attr:`clicked`; the scene turns that into ``spotClicked(seat, wager)``.
    """

    def __init__(self, geometry: SpotGeometry, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.geometry = geometry
        self.seat = geometry.seat
        self.wager = geometry.wager
        self._lit = False
        self._shape_rect = spot_outline(geometry)
        self._bounds = self._shape_rect.adjusted(-8, -8, 8, 8)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setPos(geometry.center.x, geometry.center.y)
        self.setRotation(geometry.angle)
        self.set_clickable(True)

    @property
    def lit(self) -> bool:
        return self._lit

    def set_lit(self, on: bool) -> None:
        """Light the progressive sensor (COIN IN registered a wager on it)."""
        if on != self._lit:
            self._lit = on
            self._contents_changed()

    def set_highlighted(self, on: bool) -> None:
        if on != self._highlighted:
            self._highlighted = on
            self._contents_changed()

    def _contents_changed(self) -> None:
        _set_contents(self, self._lit or self._highlighted)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        if self.geometry.shape == "box":
            path.addRoundedRect(self._shape_rect, 7, 7)
        else:
            path.addEllipse(self._shape_rect.adjusted(-3, -3, 3, 3))
        return path

    def look(self) -> tuple[object, ...]:
        """The key of the drawing of this area's light and highlight (alike for alike areas)."""
        g = self.geometry
        return "spot", g.shape, g.size, g.scale, self._lit, self._highlighted

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: _QWidget | None = None
    ) -> None:
        MARKS.draw(painter, self._bounds, self.look(), self._paint_marks)

    def _paint_marks(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self._shape_rect
        if self._lit:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 80, 60, 70))
            painter.drawEllipse(rect.adjusted(-5, -5, 5, 5))
            painter.setBrush(QColor("#ff3b30"))
            painter.drawEllipse(rect.adjusted(3, 3, -3, -3))
        if self._highlighted:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(style.HIGHLIGHT_GLOW, 10))
            _outline(painter, self.geometry, rect.adjusted(-2, -2, 2, 2))
            painter.setPen(QPen(style.HIGHLIGHT, 2.4))
            _outline(painter, self.geometry, rect)


def _set_contents(item: QGraphicsItem, drawn: bool) -> None:
    """Whether ``item`` draws anything now. Going blank, the felt under it is repainted through the scene: Qt
    does not repaint an item flagged as having no contents, which would leave its last ring on the screen."""
    if drawn:
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, False)
        item.update()
        return
    scene = item.scene()
    if scene is not None:
        scene.update(item.sceneBoundingRect())
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)


class ClickableArea(TableItem):
    """An invisible area of the felt (a seat, the dealer's place) that reports clicks and can glow."""

    def __init__(self, rect: QRectF, radius: float = 18.0, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = rect
        self._radius = radius
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.set_clickable(True)

    def set_highlighted(self, on: bool) -> None:
        if on != self._highlighted:
            self._highlighted = on
            _set_contents(self, on)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-8, -8, 8, 8)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self._rect, self._radius, self._radius)
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: _QWidget | None = None
    ) -> None:
        if self._highlighted:
            r = self._rect
            look = ("area", r.x(), r.y(), r.width(), r.height(), self._radius)
            MARKS.draw(painter, self.boundingRect(), look, self._paint_glow)

    def _paint_glow(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(255, 216, 77, 26))
        painter.setPen(QPen(style.HIGHLIGHT_GLOW, 9))
        painter.drawRoundedRect(self._rect, self._radius, self._radius)
        painter.setPen(QPen(style.HIGHLIGHT, 2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(self._rect, self._radius, self._radius)
