"""The dealer's equipment: shuffler (or shoe), discard rack, chip tray, drop box and player-dealer button."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from trainer.gui.table import style
from trainer.gui.table.art import ArtLibrary
from trainer.gui.table.items import TableItem, device_scale
from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, Point, Rect
from trainer.gui.table.money import CHIP_DENOMINATIONS
from trainer.i18n.translation import _

__all__ = ["ChipTray", "DealerButton", "DiscardRack", "DropBox", "Shuffler"]


def _qrect(rect: Rect) -> QRectF:
    return QRectF(rect.x, rect.y, rect.width, rect.height)


class _Equipment(TableItem):
    """An item drawn in scene coordinates inside ``rect`` (its position stays at the origin)."""

    def __init__(self, rect: Rect, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.rect = rect
        self._rect = _qrect(rect)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-8, -8, 8, 16)

    def _draw_shadow(self, painter: QPainter, dx: float, dy: float, radius: float) -> None:
        """Antialiased, the shadow the item casts on the felt, offset by ``dx``, ``dy``."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.SHADOW)
        painter.drawRoundedRect(self._rect.translated(dx, dy), radius, radius)

    def _draw_body(self, painter: QPainter, top: str, bottom: str, outline: str, width: float, radius: float) -> None:
        """The item's body: shaded from ``top`` to ``bottom``, with an ``outline`` ``width`` wide."""
        r = self._rect
        body = QLinearGradient(r.topLeft(), r.bottomLeft())
        body.setColorAt(0, QColor(top))
        body.setColorAt(1, QColor(bottom))
        painter.setBrush(body)
        painter.setPen(QPen(QColor(outline), width))
        painter.drawRoundedRect(r, radius, radius)

    def _draw_caption(self, painter: QPainter, text: str, font: QFont) -> None:
        """``text`` printed on the felt below the item."""
        r = self._rect
        painter.setPen(style.PRINT_SOFT)
        painter.setFont(font)
        painter.drawText(QRectF(r.left() - 20, r.bottom() + 2, r.width() + 40, 14), Qt.AlignmentFlag.AlignCenter, text)


class Shuffler(_Equipment):
    """The shuffling machine (or card shoe) on the dealer's right; cards leave it from :attr:`output`.

    Its display shows the machine's name and a strip in the colour of the deck it is shuffling.
    """

    def __init__(self, rect: Rect, art: ArtLibrary, parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        self._art = art
        self._label = _("SHUFFLER")
        self._loaded: str | None = None
        self._label_font = style.font(10, bold=True, spacing=0.8)

    @property
    def output(self) -> Point:
        """Where a card comes out (the front lip of the machine)."""
        return Point(self.rect.center.x, self.rect.bottom - 8)

    @property
    def loaded(self) -> str | None:
        """The colour of the deck inside (being shuffled for the next round), if any."""
        return self._loaded

    def set_label(self, text: str) -> None:
        self._label = text
        self.update()

    def set_loaded(self, colour: str | None) -> None:
        self._loaded = colour
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._rect
        self._draw_shadow(painter, 3, 5, 10)
        self._draw_body(painter, "#4a4f57", "#1d2025", "#0c0d0f", 1.5, 10)
        display = QRectF(r.left() + 10, r.top() + 10, r.width() - 20, 20)
        painter.setBrush(QColor("#0b1a14"))
        painter.setPen(QPen(QColor("#5c636c"), 1))
        painter.drawRoundedRect(display, 3, 3)
        painter.setPen(QColor("#6ff0b4"))
        painter.setFont(self._label_font)
        painter.drawText(display, Qt.AlignmentFlag.AlignCenter, self._label)
        well = QRectF(r.left() + 14, r.top() + 38, r.width() - 28, 28)
        painter.setBrush(QColor("#111316"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(well, 4, 4)
        if self._loaded:
            pixmap = self._art.pixmap(
                self._art.back_path(self._loaded), CARD_WIDTH, CARD_HEIGHT, device_scale(painter)
            )
            source = QRectF(0, pixmap.height() * 0.3, pixmap.width(), pixmap.height() * 0.28)
            painter.drawPixmap(well.adjusted(3, 3, -3, -3), pixmap, source)
        slot = QRectF(r.left() + 16, r.bottom() - 14, r.width() - 32, 5)
        painter.setBrush(QColor("#050506"))
        painter.drawRoundedRect(slot, 2, 2)


class DiscardRack(_Equipment):
    """The discard rack on the dealer's left. Cards of the round lie in it as :class:`CardItem` objects
    (placed by the scene at :meth:`slot`); between rounds it shows the last deck as a stack of backs."""

    def __init__(self, rect: Rect, art: ArtLibrary, parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        self._art = art
        self._previous: tuple[str, int] | None = None
        self._font = style.font(10, bold=True, spacing=1.2)

    def slot(self, index: int) -> Point:
        """Where the ``index``-th card of the round lies in the rack (each card a little above the last)."""
        c = self.rect.center
        return Point(c.x, c.y + 6 - index * 0.32)

    @property
    def previous_deck(self) -> tuple[str, int] | None:
        """The colour and count of the last round's deck still in the rack (drawn, not as card items)."""
        return self._previous

    def set_previous_deck(self, deck: tuple[str, int] | None) -> None:
        self._previous = deck
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._rect
        self._draw_shadow(painter, 3, 5, 6)
        painter.setBrush(QColor(20, 24, 28, 225))
        painter.setPen(QPen(QColor(190, 205, 215, 150), 2))
        painter.drawRoundedRect(r, 6, 6)
        if self._previous:
            colour, count = self._previous
            scale = device_scale(painter)
            pixmap = self._art.pixmap(self._art.back_path(colour), CARD_WIDTH, CARD_HEIGHT, scale)
            c = self.rect.center
            for index in range(0, count, 4):
                target = QRectF(
                    c.x - CARD_WIDTH / 2, c.y + 6 - index * 0.32 - CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT
                )
                painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()))
        self._draw_caption(painter, _("DISCARD"), self._font)


class ChipTray(_Equipment):
    """The dealer's chip tray: a tube of chips for each denomination, largest on the left."""

    def __init__(self, rect: Rect, art: ArtLibrary, parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        self._art = art
        self._denominations = CHIP_DENOMINATIONS
        self._colours = [art.body_colour(art.chip_path(value)) for value in self._denominations]

    def tube(self, denomination: Decimal) -> Point:
        """The middle of the tube holding ``denomination`` chips (the largest tube for unknown values)."""
        values = list(self._denominations)
        index = values.index(denomination) if denomination in values else 0
        width = self.rect.width / len(values)
        return Point(self.rect.x + width * (index + 0.5), self.rect.center.y)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._rect
        self._draw_shadow(painter, 0, 4, 8)
        self._draw_body(painter, "#8e969e", "#3c4147", "#1b1e21", 1.2, 8)
        width = r.width() / len(self._denominations)
        for index, colour in enumerate(self._colours):
            tube = QRectF(r.left() + index * width + 4, r.top() + 6, width - 8, r.height() - 12)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#15171a"))
            painter.drawRoundedRect(tube, 6, 6)
            inner = tube.adjusted(3, 3, -3, -3)
            edge = colour.darker(160)
            y = inner.top()
            while y + 3.2 <= inner.bottom():
                painter.setBrush(colour)
                painter.setPen(QPen(edge, 0.8))
                painter.drawRoundedRect(QRectF(inner.left(), y, inner.width(), 3.2), 1.5, 1.5)
                y += 3.6


class DropBox(_Equipment):
    """The slot of the drop box: the player-dealer's collection fee is pushed through it."""

    def __init__(self, rect: Rect, parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        self._font = style.font(10, bold=True, spacing=1.5)

    @property
    def slot(self) -> Point:
        return self.rect.center

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        self._draw_body(painter, "#c9ced3", "#6d737a", "#2b2f33", 1, 5)
        painter.setBrush(QColor("#060606"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(r.adjusted(10, r.height() / 2 - 3, -10, -(r.height() / 2 - 3)), 2, 2)
        self._draw_caption(painter, _("DROP"), self._font)


class DealerButton(TableItem):
    """The player-dealer's button (a white puck); moved from seat to seat as the bank rotates."""

    RADIUS = 30.0

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._font = style.font(10, bold=True, spacing=0.3)
        self.set_clickable(False)

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.RADIUS + 4
        return QRectF(-r, -r, 2 * r + 2, 2 * r + 3)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.RADIUS
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.SHADOW)
        painter.drawEllipse(QPointF(1.5, 2.5), r, r)
        face = QRadialGradient(QPointF(-5, -6), r * 1.6)
        face.setColorAt(0, QColor("#ffffff"))
        face.setColorAt(1, QColor("#d9d4c8"))
        painter.setBrush(face)
        painter.setPen(QPen(QColor("#1d1d1f"), 2))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(QPen(QColor("#b0262b"), 1.2))
        painter.drawEllipse(QPointF(0, 0), r - 4, r - 4)
        painter.setPen(QColor("#1d1d1f"))
        painter.setFont(self._font)
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, "PLAYER\nDEALER")
