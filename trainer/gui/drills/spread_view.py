"""The deck-count drill's felt: real spreads of cards laid out as a dealer lays them, scaled to fit.

:func:`spread_layout` (where each card of a :class:`~trainer.drills.deck_count.Spread` lies, and its captions)
and :class:`SpreadView` (the felt showing it; cards slide out from the left as a dealer spreads them).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import (
    QEasingCurve,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QRadialGradient, QResizeEvent
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from trainer.drills.deck_count import Spread
from trainer.engine.words import suit_name
from trainer.gui.table import ArtLibrary, CardItem
from trainer.gui.table._compat import guard_none_refcount
from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH

CARD_W = CARD_WIDTH
CARD_H = CARD_HEIGHT
"""Scene units of one card: the table's cards."""
FELT = QColor("#1f7d48")
FELT_EDGE = QColor("#0b3f24")
PRINT = QColor(240, 226, 182)
SPREAD_MS = 420
"""How long a spread takes to slide out across the felt (tests pass 0)."""


# -- where each card lies ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """One card of a spread on the felt: its centre, its stacking order and which side shows."""

    index: int
    x: float
    y: float
    z: int
    face_up: bool


@dataclass(frozen=True)
class Caption:
    """A group's label and where it is printed (left end of its baseline)."""

    text: str
    x: float
    y: float


def card_step(spread: Spread) -> float:
    """How far each card of a ribbon shows from under the next: more for short spreads and face-up cards
    (the corner index must be readable), less for a long face-down ribbon."""
    if spread.face_up:
        return CARD_W * 0.36
    longest = max(spread.group_sizes)
    if longest <= 3:
        return CARD_W * 0.42
    return CARD_W * (0.3 if longest <= 20 else 0.24)


STUCK_SHIFT = (CARD_W * 0.07, CARD_H * 0.035)
"""A card stuck under the next one lies almost square beneath it: only this much of it shows."""


def spread_layout(spread: Spread) -> tuple[list[Placed], list[Caption]]:
    """Every card's place and every group's caption, in scene units (the view scales them to fit).

    ``"line"``: groups left to right, a gap between them, captions underneath; ``"rows"``: one group a row,
    captions at the left. Each card overlaps the one before it; a stuck card sits nearly under the next.
    """
    step = card_step(spread)
    gap = CARD_W * (0.55 if spread.labels else 0.35)
    left = 110.0 if spread.arrangement == "rows" and spread.labels else 0.0
    placed: list[Placed] = []
    captions: list[Caption] = []
    x, y = left, 0.0
    for label, indexes in spread.grouped():
        start_x = x
        for i in indexes:
            cx, cy = x + CARD_W / 2, y + CARD_H / 2
            if i in spread.stuck:
                cx, cy = cx - STUCK_SHIFT[0], cy + STUCK_SHIFT[1]
                x += STUCK_SHIFT[0]  # the next card covers it almost wholly
            else:
                x += step
            placed.append(Placed(i, cx, cy, i, spread.shows_face(i)))
        end_x = x - step + CARD_W if len(indexes) else x
        if spread.arrangement == "rows":
            if label:
                captions.append(Caption(label, 0.0, y + CARD_H / 2 + 6))
            x, y = left, y + CARD_H + 14
        else:
            if label:
                captions.append(Caption(label, start_x, y + CARD_H + 22))
            x = end_x + gap
    return placed, captions


# -- the felt and its spread ---------------------------------------------------------------------------------


class SpreadView(QGraphicsView):
    """The felt with the current spread, scaled to fit; cards slide out from the left as a dealer spreads them."""

    def __init__(self, art: ArtLibrary, spread_ms: int = SPREAD_MS, four_colour: bool = False,
                 parent: QWidget | None = None) -> None:
        guard_none_refcount()  # painting a deck is thousands of Qt calls: see trainer.gui.table._compat
        super().__init__(parent)
        self.art = art
        self.four_colour = four_colour
        self.spread_ms = spread_ms
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setMinimumSize(480, 260)
        self.setObjectName("spread_view")
        self._cards: list[CardItem] = []
        self._animation: QParallelAnimationGroup | None = None
        self.spread: Spread | None = None

    def card_items(self) -> list[CardItem]:
        return list(self._cards)

    def show_spread(self, spread: Spread | None, note: str = "") -> None:
        """Lay ``spread`` out (nothing for None: the cards are not out yet, ``note`` says why)."""
        if spread is self.spread and self._cards:
            return
        self.spread = spread
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
        scene = self.scene()
        scene.clear()
        self._cards = []
        if spread is None:
            text = scene.addSimpleText(note or "No cards on the layout yet.", font(18))
            text.setBrush(PRINT)
            self._fit(text.boundingRect().adjusted(-60, -60, 60, 60))
            return
        placed, captions = spread_layout(spread)
        for place in placed:
            item = CardItem(self.art, spread.cards[place.index], spread.backs[place.index], self.four_colour)
            item.set_clickable(False)
            item.set_face_up(place.face_up)
            item.setZValue(place.z)
            item.setPos(place.x, place.y)
            scene.addItem(item)
            self._cards.append(item)
        for caption in captions:
            label = QGraphicsSimpleTextItem(suit_name(caption.text))  # a seat's or the board's label is said already
            label.setFont(font(13))
            label.setBrush(PRINT)
            label.setPos(caption.x, caption.y - label.boundingRect().height() / 2)
            scene.addItem(label)
        self._fit(scene.itemsBoundingRect().adjusted(-30, -30, 30, 30))
        self._slide_out(placed)

    def _slide_out(self, placed: list[Placed]) -> None:
        if self.spread_ms <= 0 or not placed:
            return
        group = QParallelAnimationGroup(self)
        start = QPointF(placed[0].x, placed[0].y)
        for item, place in zip(self._cards, placed, strict=True):
            animation = QPropertyAnimation(item, b"pos", group)
            animation.setStartValue(start)
            animation.setEndValue(QPointF(place.x, place.y))
            animation.setDuration(self.spread_ms)
            animation.setEasingCurve(QEasingCurve.Type.OutCubic)
            group.addAnimation(animation)
            item.setPos(start)
        self._animation = group
        group.start()

    def _fit(self, rect: QRectF) -> None:
        self.scene().setSceneRect(rect)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802 (Qt's name)
        area = self.mapToScene(self.viewport().rect()).boundingRect()
        gradient = QRadialGradient(area.center(), max(area.width(), area.height()) * 0.7)
        gradient.setColorAt(0.0, FELT)
        gradient.setColorAt(1.0, FELT_EDGE)
        painter.fillRect(rect, QBrush(gradient))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


def font(pixels: int, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


__all__ = ["SPREAD_MS", "Caption", "Placed", "SpreadView", "card_step", "font", "spread_layout"]
