"""The moving things on the felt: cards and chip stacks, and what every item of the table shares.

Every item is a :class:`QGraphicsObject`, so position, rotation and opacity animate with
:class:`QPropertyAnimation`; a card also animates ``face`` (0 = back up, 1 = face up) to turn over. Items only
draw and report clicks; what happens in a round is decided by the engine and staged by the director. The
wagering areas and clickable places are in :mod:`.spots`, the labels in :mod:`.labels`.
"""

from __future__ import annotations

import functools
import math
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Property, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QPainter,
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
from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, CHIP_DIAMETER
from trainer.gui.table.money import chip_breakdown, format_amount
from trainer.gui.table.pixmaps import DevicePixmaps, Turn, painter_turn

__all__ = [
    "MARKS", "AssetError", "CardItem", "ChipStack", "TableItem", "chip_label_font", "chips_half_width", "chips_height",
    "column_rect", "device_scale",
    "is_upright", "stack_rect",
]

_CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache
MARKS = DevicePixmaps(16 * 1024 * 1024)
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

    @property
    def art_library(self) -> ArtLibrary:
        """The artwork the card is drawn from."""
        return self._art

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

CHIP_LABEL_SIZE = 23
"""The amount printed under a stack (scene units): at least 10 pixels tall at the smallest window."""
CHIP_LABEL_STRETCH = 75
"""The amounts' letters are condensed to three quarters of their width (as tall as ever, so as legible): on a full
table with every side bet, seven seats' amounts need the room."""


def chip_label_font() -> QFont:
    """The lettering of the amounts under the stacks: bold, condensed, :data:`CHIP_LABEL_SIZE` units tall."""
    font = style.font(CHIP_LABEL_SIZE, bold=True)
    font.setStretch(CHIP_LABEL_STRETCH)
    return font


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
        self._caption: tuple[str, float] | None = None
        """The label's own text and how far right of the stack it is centred (a wager and its payout beside it
        read as one: ``$25`` over ``+$37.50``); None: the stack's amount."""
        self._label_rect = QRectF()
        self._chips_rect = QRectF()
        self._bounds = QRectF()
        self._font = chip_label_font()
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
        shift = 0.0
        if self._caption is not None and amount > 0:
            self._label, shift = self._caption
        bounds, self._label_rect = _stack_rects(len(chips), self._label if self._show_label else "", self._font,
                                                shift)
        self._chips_rect = _stack_rects(len(chips), "", self._font)[0] if chips else QRectF()
        self._bounds = bounds
        self.update()

    def set_caption(self, text: str | None, shift: float = 0.0) -> None:
        """Print ``text`` under the stack instead of its amount, centred ``shift`` units to its right ("": no
        label, the amount being read elsewhere; None: the amount again)."""
        caption = None if text is None else (text, shift)
        if caption != self._caption:
            self._caption = caption
            self.prepareGeometryChange()
            self._bounds = QRectF()  # measured again
            self.set_amount(self._amount)

    @property
    def caption(self) -> str | None:
        """The label's own text, when it is not the stack's amount."""
        return None if self._caption is None else self._caption[0]

    @property
    def label_rect(self) -> QRectF:
        """The amount label's rectangle in the stack's coordinates (empty when no label is shown)."""
        return QRectF(self._label_rect)

    @property
    def chips_rect(self) -> QRectF:
        """The chips' rectangle in the stack's coordinates, without the amount label (empty with no chips)."""
        return QRectF(self._chips_rect)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def look(self) -> tuple[str, Decimal, bool, bool, tuple[str, float] | None]:
        """What the stack shows (its amount, its label, a highlight): the key of its drawing."""
        return "chips", self._amount, self._show_label, self._highlighted, self._caption

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
            for line, rect in zip(self._label.split("\n"), _label_lines(self._label_rect, self._label), strict=True):
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, line)


LABEL_TOP = 8.0
"""How far below the centre of a stack's bottom chip its amount label begins: over the chip's lower rim, so the
stack and its amount take little of the felt."""
LABEL_LINE = 22.0
"""The height of each line of an amount label: the figures' height and a little room (figures have no descenders
but the comma's)."""


def _label_lines(rect: QRectF, label: str) -> list[QRectF]:
    """The rectangle of each line of ``label`` drawn in ``rect`` (its label rectangle)."""
    count = max(1, label.count("\n") + 1)
    return [QRectF(rect.left(), rect.top() + 2 + index * LABEL_LINE, rect.width(), LABEL_LINE)
            for index in range(count)]


@functools.lru_cache(maxsize=4096)
def _text_width(text: str) -> float:
    return QFontMetricsF(chip_label_font()).horizontalAdvance(text)


def _stack_rects(count: int, label: str, font: QFont, shift: float = 0.0) -> tuple[QRectF, QRectF]:
    """A stack of ``count`` chips' bounds and its amount label's rectangle (empty without a label, centred
    ``shift`` units right of the stack; a line for each line of ``label``), around the centre of its bottom chip."""
    columns = max(1, math.ceil(count / _COLUMN))
    radius = CHIP_DIAMETER / 2
    top = -(max(1, min(count, _COLUMN)) - 1) * _CHIP_STEP - radius
    half = columns * CHIP_DIAMETER * 0.92 / 2 + 2
    bounds = QRectF(-half, top, 2 * half, radius + 3 - top)
    label_rect = QRectF()
    if label:
        lines = label.split("\n")
        text_w = max(_text_width(line) for line in lines) + 8
        label_rect = QRectF(shift - text_w / 2, LABEL_TOP, text_w, len(lines) * LABEL_LINE + 4)
        bounds = bounds.united(label_rect)
    return bounds.adjusted(-2, -2, 3, 3), label_rect


def stack_rect(amount: Decimal, *, label: bool = True, caption: str | None = None, shift: float = 0.0) -> QRectF:
    """The rectangle a :class:`ChipStack` of ``amount`` covers, around the centre of its bottom chip (what
    its ``boundingRect`` will be), so a place can be chosen for it before it is made; ``caption``: the text of
    its label when it is not the amount, centred ``shift`` units right of the stack."""
    amount = Decimal(amount)
    count = len(chip_breakdown(amount)) if amount > 0 else 0
    text = (format_amount(amount) if caption is None else caption) if label and amount > 0 else ""
    return _stack_rects(count, text, chip_label_font(), shift)[0]


def column_rect(count: int) -> QRectF:
    """The rectangle a column of ``count`` chips (at most one full column) covers, without a label."""
    return _stack_rects(min(count, _COLUMN), "", chip_label_font())[0]


def chips_height(amount: Decimal) -> float:
    """How much higher the top chip of a stack of ``amount`` lies than its bottom chip, plus one chip's step:
    where a stack put on top of it stands."""
    count = len(chip_breakdown(Decimal(amount))) if amount > 0 else 0
    return min(count, _COLUMN) * _CHIP_STEP


def chips_half_width(amount: Decimal) -> float:
    """Half the width of the chips of a stack of ``amount`` (its columns side by side), without the label."""
    count = len(chip_breakdown(Decimal(amount))) if amount > 0 else 0
    return max(1, math.ceil(count / _COLUMN)) * CHIP_DIAMETER * 0.92 / 2
