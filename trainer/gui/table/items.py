"""The moving and clickable things on the felt: cards, chip stacks, wagering areas, seats, labels.

Every item is a :class:`QGraphicsObject`, so position, rotation and opacity animate with
:class:`QPropertyAnimation`; a card also animates ``face`` (0 = back up, 1 = face up) to turn over. Items only
draw and report clicks; what happens in a round is decided by the engine and staged by the director.
"""

from __future__ import annotations

import math
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Property, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
)
from PySide6.QtWidgets import QWidget as _QWidget

from trainer.gui.table import style
from trainer.gui.table.art import ArtLibrary, AssetError
from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, CHIP_DIAMETER, SpotGeometry
from trainer.gui.table.money import chip_breakdown, format_amount
from trainer.gui.table.pixmaps import DevicePixmaps, Turn, painter_turn

__all__ = [
    "AssetError",
    "Badge",
    "CardItem",
    "ChipStack",
    "ClickableArea",
    "PromptBanner",
    "TableItem",
    "WagerSpot",
]

_CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache
_MARKS = DevicePixmaps(16 * 1024 * 1024)
"""The drawn highlights of the wagering areas and seats and the lit progressive sensors, which lie turned
towards the dealer (Qt's cache would draw them again on every frame)."""


def is_upright(angle: float) -> bool:
    """True for a turn Qt's device cache keeps (a multiple of 90°).

    >>> is_upright(0.0), is_upright(-90.0), is_upright(12.5)
    (True, True, False)
    """
    return abs(math.remainder(angle, 90.0)) < 1e-6


def device_scale(painter: QPainter) -> float:
    """Device pixels per item unit (vertical), whatever the rotation and the screen's pixel ratio."""
    t = painter.worldTransform()
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    return max(0.1, math.hypot(t.m21(), t.m22()) * ratio)


class TableItem(QGraphicsObject):
    """A drawn item that may be clicked (``clicked``) and highlighted (:meth:`set_highlighted`)."""

    clicked = Signal()

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._highlighted = False
        self.setCacheMode(_CACHE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_clickable(self, on: bool) -> None:
        """Let the item report left clicks through :attr:`clicked`."""
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton if on else Qt.MouseButton.NoButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor if on else Qt.CursorShape.ArrowCursor)

    def set_highlighted(self, on: bool) -> None:
        if on != self._highlighted:
            self._highlighted = on
            self.update()

    @property
    def highlighted(self) -> bool:
        return self._highlighted

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            self.clicked.emit()
        else:
            super().mousePressEvent(event)


# -- cards -------------------------------------------------------------------------------------------------


class CardItem(TableItem):
    """One card lying on the table, centred on its position; turns over by animating ``face``.

    ``face`` runs from 0 (back up) to 1 (face up): the card narrows to an edge at 0.5, where the drawn side
    changes, and lifts a little on the way, as a card turned by hand does.
    """

    def __init__(
        self,
        art: ArtLibrary,
        card: object,
        back_colour: str,
        four_colour: bool = False,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.card = card
        self.back_colour = back_colour
        self._art = art
        self._face_path = art.face_path(card, four_colour)
        self._back_path = art.back_path(back_colour)
        self._face = 0.0
        self._lift = 1.0
        self._rect = QRectF(-CARD_WIDTH / 2, -CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT)
        self._bounds = self._rect.adjusted(-4, -6, 6, 8)
        self.kind: str | None = None
        """Where the card is: ``"seat"``, ``"dealer"``, ``"board"``, ``"rack"`` (None: still in the deck)."""
        self.seat: int | None = None
        self.slot = 0
        self._upright = True
        self._last_turn: Turn | None = None
        self.set_clickable(True)
        self.rotationChanged.connect(self._choose_cache)

    def __repr__(self) -> str:
        side = "up" if self.face_up else "down"
        return f"<CardItem {self.card} {side} at {self.kind} {self.seat} {self.slot}>"

    def _get_face(self) -> float:
        return self._face

    def _set_face(self, value: float) -> None:
        value = min(1.0, max(0.0, float(value)))
        if value == self._face:
            return
        self._face = value
        squeeze = max(0.02, abs(math.cos(math.pi * value)))
        self._lift = 1.0 + 0.07 * math.sin(math.pi * value)
        self.setTransform(QTransform.fromScale(squeeze, self._lift))
        self.update()

    face = Property(float, _get_face, _set_face)
    """0.0 back up … 1.0 face up; animate it to turn the card."""

    @property
    def turned(self) -> float:
        """How far the card is turned face up: 0.0 back up … 1.0 face up (the ``face`` property's value)."""
        return self._face

    @property
    def face_up(self) -> bool:
        return self._face >= 0.5

    def set_face_up(self, up: bool) -> None:
        """Show the face (or the back) at once."""
        self._set_face(1.0 if up else 0.0)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    @property
    def cached_upright(self) -> bool:
        """True while Qt's device cache keeps the card (it lies upright); False while it lies turned, when it
        is drawn from the pixmaps the table's cards share (:attr:`ArtLibrary.drawings`)."""
        return self._upright

    def _choose_cache(self) -> None:
        upright = is_upright(self.rotation())
        if upright != self._upright:
            self._upright = upright
            self._last_turn = None
            self.setCacheMode(_CACHE if upright else QGraphicsItem.CacheMode.NoCache)

    def look(self) -> tuple[Path, bool]:
        """What the card shows now (the side up, and whether it is highlighted): the key of its drawing."""
        return (self._face_path if self.face_up else self._back_path), self._highlighted

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: _QWidget | None = None
    ) -> None:
        if self._upright or self._face not in (0.0, 1.0):
            self._paint_card(painter)  # into Qt's device cache; or straight on while it turns over
            return
        turn = painter_turn(painter)
        steady, self._last_turn = turn == self._last_turn, turn
        look = self.look()
        drawings = self._art.drawings
        if steady or drawings.has(look, turn):
            drawings.draw(painter, self._bounds, look, self._paint_card, turn)
        else:
            self._paint_card(painter)  # still turning towards its seat: no pixmap for each step

    def _paint_card(self, painter: QPainter) -> None:
        scale = device_scale(painter) / self._lift  # the lift of a turn must not ask for a new pixmap size
        path = self._face_path if self.face_up else self._back_path
        pixmap = self._art.pixmap(path, CARD_WIDTH, CARD_HEIGHT, scale)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.SHADOW)
        painter.drawRoundedRect(self._rect.translated(1.6, 2.6), 4.5, 4.5)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(self._rect, pixmap, QRectF(pixmap.rect()))
        if self._highlighted:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(style.HIGHLIGHT_GLOW, 7))
            painter.drawRoundedRect(self._rect.adjusted(-1, -1, 1, 1), 5, 5)
            painter.setPen(QPen(style.HIGHLIGHT, 2))
            painter.drawRoundedRect(self._rect.adjusted(-1, -1, 1, 1), 5, 5)


# -- chips -------------------------------------------------------------------------------------------------

_CHIP_STEP = 3.2
"""How far each chip of a stack shows below the one on top of it."""
_COLUMN = 10


class ChipStack(TableItem):
    """A stack of chips making ``amount`` (largest chips at the bottom), with the amount printed under it.

    The stack's position is the centre of its bottom chip. Stacks taller than ten chips are cut into
    columns side by side, as a dealer sizes them.
    """

    def __init__(
        self,
        art: ArtLibrary,
        amount: Decimal = Decimal(0),
        *,
        show_label: bool = True,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self._art = art
        self._show_label = show_label
        self._amount = Decimal(0)
        self._chips: list[tuple[QPointF, Path]] = []
        self._label = ""
        self._label_rect = QRectF()
        self._bounds = QRectF()
        self._font = style.font(11, bold=True)
        self.set_amount(Decimal(amount))

    @property
    def amount(self) -> Decimal:
        return self._amount

    def set_amount(self, amount: Decimal) -> None:
        """Show ``amount`` (the chips are recounted; nothing is drawn for zero but an empty stack)."""
        amount = Decimal(amount)
        if amount == self._amount and self._bounds.isValid():
            return
        self.prepareGeometryChange()
        self._amount = amount
        chips = chip_breakdown(amount) if amount > 0 else []
        columns = max(1, math.ceil(len(chips) / _COLUMN))
        width = CHIP_DIAMETER * 0.92
        first_x = -(columns - 1) * width / 2
        self._chips = [
            (
                QPointF(first_x + (i // _COLUMN) * width, -(i % _COLUMN) * _CHIP_STEP),
                self._art.chip_path(value),
            )
            for i, value in enumerate(chips)
        ]
        self._chips.sort(key=lambda chip: (chip[0].x(), -chip[0].y()))
        self._label = format_amount(amount) if amount > 0 else ""
        radius = CHIP_DIAMETER / 2
        top = -(max(1, min(len(chips), _COLUMN)) - 1) * _CHIP_STEP - radius
        half = columns * width / 2 + 2
        bounds = QRectF(-half, top, 2 * half, radius + 3 - top)
        if self._show_label and self._label:
            metrics = QFontMetricsF(self._font)
            text_w = metrics.horizontalAdvance(self._label) + 10
            self._label_rect = QRectF(-text_w / 2, radius - 3, text_w, metrics.height() + 1)
            bounds = bounds.united(self._label_rect)
        else:
            self._label_rect = QRectF()
        self._bounds = bounds.adjusted(-2, -2, 3, 3)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def look(self) -> tuple[str, Decimal, bool, bool]:
        """What the stack shows (its amount, its label, a highlight): the key of its drawing."""
        return "chips", self._amount, self._show_label, self._highlighted

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: _QWidget | None = None
    ) -> None:
        # Into Qt's device cache, from a drawing of the whole stack that every stack of this amount shares:
        # a new stack (a payout) or a new scale costs one copy, not a chip at a time.
        if self._chips:
            self._art.drawings.draw(painter, self._bounds, self.look(), self._paint_stack)

    def _paint_stack(self, painter: QPainter) -> None:
        scale = device_scale(painter)
        radius = CHIP_DIAMETER / 2
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.SHADOW)
        for centre, _ in self._chips:
            if centre.y() == 0:
                painter.drawEllipse(centre + QPointF(1.2, 2.0), radius, radius)
        for centre, path in self._chips:
            pixmap = self._art.pixmap(path, CHIP_DIAMETER, CHIP_DIAMETER, scale)
            target = QRectF(centre.x() - radius, centre.y() - radius, CHIP_DIAMETER, CHIP_DIAMETER)
            painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()))
        if self._highlighted:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(style.HIGHLIGHT, 2))
            painter.drawRoundedRect(self._bounds.adjusted(1, 1, -1, -1), 6, 6)
        if self._label_rect.isValid():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(style.LABEL_BACK)
            painter.drawRoundedRect(self._label_rect, 6, 6)
            painter.setPen(style.LABEL_TEXT)
            painter.setFont(self._font)
            painter.drawText(self._label_rect, Qt.AlignmentFlag.AlignCenter, self._label)


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


def paint_printed_spot(painter: QPainter, geometry: SpotGeometry) -> None:
    """Print one wagering area on the felt (the painter already in the area's frame): double outline and
    name, or the progressive sensor with its word under it."""
    rect = spot_outline(geometry)
    w = geometry.size[0]
    size = {"box": 15, "circle": 11 if w >= 24 else 8, "sensor": 7}[geometry.shape]
    font = style.font(round(size * geometry.scale), bold=True, spacing=0.6)
    painter.setFont(font)
    if geometry.shape == "sensor":
        painter.setPen(QPen(style.PRINT, 1.6))
        painter.setBrush(QColor("#2a2a2a"))
        painter.drawEllipse(rect)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#5a1512"))
        painter.drawEllipse(rect.adjusted(3, 3, -3, -3))
        painter.setPen(style.PRINT_SOFT)
        text = QRectF(rect.left() - 22, rect.bottom() + 1, rect.width() + 44, 12)
        painter.drawText(text, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, "PROGRESSIVE")
        return
    painter.setBrush(QColor(255, 255, 255, 14))
    painter.setPen(QPen(style.PRINT, 2.2))
    _outline(painter, geometry, rect)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(style.GOLD_SOFT, 1.0))
    _outline(painter, geometry, rect.adjusted(4, 4, -4, -4))
    painter.setPen(style.PRINT)
    words = geometry.label.split() if geometry.shape == "circle" else [geometry.label]
    line = QFontMetricsF(font).height() * 0.92
    for index, word in enumerate(words):
        offset = (index - (len(words) - 1) / 2) * line
        painter.drawText(rect.translated(0, offset), Qt.AlignmentFlag.AlignCenter, word)


class WagerSpot(TableItem):
    """One wagering area: clickable, highlightable, and (for the progressive sensor) lit by a coin.

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
        """Light the progressive sensor (a coin dropped on it)."""
        if on != self._lit:
            self._lit = on
            self._contents_changed()

    def set_highlighted(self, on: bool) -> None:
        if on != self._highlighted:
            self._highlighted = on
            self._contents_changed()

    def _contents_changed(self) -> None:
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not (self._lit or self._highlighted))
        self.update()

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
        _MARKS.draw(painter, self._bounds, self.look(), self._paint_marks)

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
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not on)
            self.update()

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
            _MARKS.draw(painter, self.boundingRect(), look, self._paint_glow)

    def _paint_glow(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(255, 216, 77, 26))
        painter.setPen(QPen(style.HIGHLIGHT_GLOW, 9))
        painter.drawRoundedRect(self._rect, self._radius, self._radius)
        painter.setPen(QPen(style.HIGHLIGHT, 2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(self._rect, self._radius, self._radius)


class _TextItem(TableItem):
    """An item showing one text, its shape (``_rect``, and ``_text_rect`` for the text) measured from the text."""

    def __init__(self, font: QFont, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._font = font
        self._text = ""
        self._rect = QRectF()
        self._text_rect = QRectF()

    @property
    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self._text = text
        self._rect, self._text_rect = self._measure(text)
        self.update()

    def _measure(self, text: str) -> tuple[QRectF, QRectF]:
        """The item's rectangle and its text's rectangle for ``text``: by default one line in a pill centred on
        the item's position."""
        width = QFontMetricsF(self._font).horizontalAdvance(text) + 18
        rect = QRectF(-width / 2, -11, width, 22)
        return rect, rect


class Badge(_TextItem):
    """A small label in a dark pill: a player's decision (``4x``, ``CHECK``, ``FOLD``), a result, the dealer's
    hand. With a ``number`` it carries a gold disc with that number first (a seat's marker), and is centred
    on the disc, so it can lie over the seat number printed on the felt; ``leftward`` puts the text on the
    disc's left, for the seats on the right of the table, so that a long label stays on the felt."""

    def __init__(
        self, text: str = "", number: int | None = None, parent: QGraphicsItem | None = None, *,
        leftward: bool = False,
    ) -> None:
        super().__init__(style.font(13, bold=True, spacing=0.5), parent)
        self._number_font = style.font(12, bold=True)
        self._number = number
        self._leftward = leftward
        self.set_text(text)

    def _measure(self, text: str) -> tuple[QRectF, QRectF]:
        if self._number is None:
            return super()._measure(text)
        width = QFontMetricsF(self._font).horizontalAdvance(text) + 18
        if self._leftward:
            return QRectF(-13 - width, -12, width + 26, 24), QRectF(-13 - width, -12, width, 24)
        return QRectF(-13, -12, width + 26, 24), QRectF(13, -12, width, 24)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: _QWidget | None = None
    ) -> None:
        if not self._text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(style.LABEL_BACK)
        painter.setPen(QPen(style.GOLD, 1.5))
        radius = self._rect.height() / 2
        painter.drawRoundedRect(self._rect, radius, radius)
        if self._number is not None:
            painter.setBrush(style.GOLD)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(QPointF(0, 0), 10, 10)
            painter.setPen(QColor("#14110a"))
            painter.setFont(self._number_font)
            painter.drawText(QRectF(-10, -10, 20, 20), Qt.AlignmentFlag.AlignCenter, str(self._number))
        painter.setPen(style.LABEL_TEXT)
        painter.setFont(self._font)
        painter.drawText(self._text_rect, Qt.AlignmentFlag.AlignCenter, self._text)


class PromptBanner(_TextItem):
    """The place for a prompt or question on the felt: a dark banner with cream text, hidden when empty."""

    MAX_WIDTH = 640.0

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(style.font(20, bold=True), parent)
        self.setVisible(False)

    def set_text(self, text: str) -> None:
        super().set_text(text)
        self.setVisible(bool(text))

    def _measure(self, text: str) -> tuple[QRectF, QRectF]:
        metrics = QFontMetricsF(self._font)
        flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        bounds = metrics.boundingRect(QRectF(0, 0, self.MAX_WIDTH, 400), flags, text)
        width, height = bounds.width() + 44, bounds.height() + 22
        rect = QRectF(-width / 2, -height / 2, width, height)
        return rect, rect.adjusted(22, 11, -22, -11)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-4, -4, 6, 8)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: _QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.SHADOW)
        painter.drawRoundedRect(self._rect.translated(2, 3), 12, 12)
        painter.setBrush(QBrush(QColor(9, 26, 16, 232)))
        painter.setPen(QPen(style.GOLD, 2))
        painter.drawRoundedRect(self._rect, 12, 12)
        painter.setPen(style.LABEL_TEXT)
        painter.setFont(self._font)
        painter.drawText(
            self._text_rect, int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), self._text
        )
