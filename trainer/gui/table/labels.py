"""The labels on the felt: a seat's or the dealer's badge, and the prompt banner."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
)
from PySide6.QtWidgets import QWidget as _QWidget

from trainer.gui.table import style
from trainer.gui.table.items import TableItem

__all__ = ["Badge", "PrintedWord", "PromptBanner"]


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

    @property
    def leftward(self) -> bool:
        return self._leftward

    def set_leftward(self, leftward: bool) -> None:
        """Run the text on the disc's left (True) or right."""
        if leftward != self._leftward:
            self._leftward = leftward
            self.set_text(self._text)

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


class PrintedWord(_TextItem):
    """A word printed on the felt to name a place (the player-dealer's BANK): cream letters in a thin gold frame."""

    def __init__(self, text: str, parent: QGraphicsItem | None = None) -> None:
        super().__init__(style.font(15, bold=True, spacing=1.5), parent)
        self.set_text(text)

    def _measure(self, text: str) -> tuple[QRectF, QRectF]:
        width = QFontMetricsF(self._font).horizontalAdvance(text) + 16
        rect = QRectF(-width / 2, -11, width, 22)
        return rect, rect

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: _QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(style.GOLD_SOFT, 1.3))
        painter.drawRoundedRect(self._rect, 5, 5)
        painter.setPen(style.PRINT)
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
