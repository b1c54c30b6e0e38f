"""The felt and everything printed on it that never moves: rail, seat numbers, dealer and board places,
the inscription the rules require, the wagering areas and the pay tables in use. Drawn once, opaque, into a
pixmap for the screen's scale (:class:`~trainer.gui.table.pixmaps.DevicePixmaps`), so a frame only copies it."""

from __future__ import annotations

import html

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from trainer.gui.table import style
from trainer.gui.table.chipplaces import all_card_places
from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, PaytableLine, PaytablePanel, Point, TableGeometry
from trainer.gui.table.pixmaps import DevicePixmaps
from trainer.gui.table.spots import paint_printed_spot
from trainer.i18n.translation import _, pgettext


def _qpoint(point: Point) -> QPointF:
    return QPointF(point.x, point.y)


class FeltItem(QGraphicsObject):
    """The table top: felt with a soft radial light, the padded rail, and the printed layout (wagering areas
    and pay tables included). It covers its whole bounds (the scene), outside the table in the scene's
    background colour, so its pixmap is opaque and a frame copies it rather than blending it."""

    def __init__(self, geometry: TableGeometry, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.geometry = geometry
        self.pixmaps = DevicePixmaps(0, background=style.BACKGROUND)
        """The felt drawn for the last scale it was shown at (only that one is kept)."""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        g = geometry
        felt = g.felt
        self._bounds = QRectF(0, 0, g.width, g.height)
        below_top = QPainterPath()
        below_top.addRect(QRectF(0, g.felt_top, g.width, g.height))
        oval = QPainterPath()
        oval.addEllipse(_qpoint(felt.center), felt.rx, felt.ry)
        self._felt = oval.intersected(below_top)
        rail = g.felt.grown(g.rail_width)
        outer = QPainterPath()
        outer.addEllipse(_qpoint(rail.center), rail.rx, rail.ry)
        self._rail = outer.intersected(below_top).subtracted(self._felt)
        self._edge = QRectF(felt.center.x - rail.rx, g.felt_top - 26, 2 * rail.rx, 26)
        self._inscription = inscription_layout(g.config.inscription.upper(), g)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.pixmaps.draw(painter, self._bounds, "felt", self.paint_felt)

    def paint_felt(self, painter: QPainter) -> None:
        """Draw the whole table top with ``painter`` (what the pixmap holds)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self._paint_table(painter)
        self._paint_border(painter)
        self._paint_dealer_places(painter)
        self._paint_seat_numbers(painter)
        self._paint_inscription(painter)
        self._paint_spots(painter)
        for panel in self.geometry.paytables:
            paint_paytable(painter, panel)

    # -- the table ------------------------------------------------------------------------------------------

    def _paint_table(self, painter: QPainter) -> None:
        g = self.geometry
        c = g.felt.center
        shadow = QPainterPath(self._rail)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 110))
        painter.drawPath(shadow.translated(0, 8))
        light = QRadialGradient(QPointF(c.x, c.y + 330), g.felt.ry * 0.95)
        light.setColorAt(0.0, style.FELT_CENTRE)
        light.setColorAt(0.55, style.FELT_MIDDLE)
        light.setColorAt(1.0, style.FELT_EDGE)
        painter.setBrush(QBrush(light))
        painter.drawPath(self._felt)
        leather = QRadialGradient(_qpoint(c), max(g.felt.rx, g.felt.ry) + g.rail_width)
        leather.setColorAt(0.0, style.RAIL_LIGHT)
        leather.setColorAt(0.93, style.RAIL_LIGHT)
        leather.setColorAt(1.0, style.RAIL_DARK)
        painter.setBrush(QBrush(leather))
        painter.drawPath(self._rail)
        rail = g.felt.grown(g.rail_width * 0.42)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(style.RAIL_SHINE, 7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        painter.drawArc(_ellipse_rect(rail.center, rail.rx, rail.ry), 180 * 16, 180 * 16)
        painter.setPen(QPen(QColor(0, 0, 0, 120), 3))
        painter.drawArc(_ellipse_rect(c, g.felt.rx + 1, g.felt.ry + 1), 180 * 16, 180 * 16)
        edge = QLinearGradient(self._edge.topLeft(), self._edge.bottomLeft())
        edge.setColorAt(0, QColor("#3a2416"))
        edge.setColorAt(1, style.TABLE_EDGE)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(edge))
        painter.drawRoundedRect(self._edge, 6, 6)

    def _paint_border(self, painter: QPainter) -> None:
        """A printed double line just inside the rail, and a fine line along the dealer's edge."""
        g = self.geometry
        c = g.felt.center
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for inset, pen in ((16, QPen(style.GOLD_SOFT, 2.2)), (22, QPen(style.GOLD_SOFT, 0.9))):
            painter.setPen(pen)
            rect = _ellipse_rect(c, g.felt.rx - inset, g.felt.ry - inset)
            painter.drawArc(rect, 180 * 16 + 40, 180 * 16 - 80)

    def _paint_dealer_places(self, painter: QPainter) -> None:
        g = self.geometry
        faint = QPen(style.PRINT_SOFT, 1.4, Qt.PenStyle.DashLine)
        font = style.font(12, bold=True, spacing=2.0)
        painter.setFont(font)
        if not g.config.is_player_dealer:
            first, second = g.dealer_cards
            box = QRectF(
                first.x - CARD_WIDTH / 2 - 10,
                first.y - CARD_HEIGHT / 2 - 8,
                second.x - first.x + CARD_WIDTH + 20,
                CARD_HEIGHT + 16,
            )
            painter.setPen(QPen(style.GOLD_SOFT, 1.6))
            painter.drawRoundedRect(box, 10, 10)
            painter.setPen(style.PRINT)
            painter.drawText(
                QRectF(box.left() - 40, box.bottom() + 2, box.width() + 80, 18),
                Qt.AlignmentFlag.AlignCenter,
                _("DEALER"),
            )
        painter.setPen(faint)
        for point in g.board:
            painter.drawRoundedRect(
                QRectF(point.x - CARD_WIDTH / 2, point.y - CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT), 5, 5
            )
        painter.setPen(style.PRINT_SOFT)
        painter.setFont(style.font(11, bold=True, spacing=2.0))
        under = g.board[0].y + CARD_HEIGHT / 2 + 4
        flop = QRectF(g.board[0].x - CARD_WIDTH / 2, under, g.board[2].x - g.board[0].x + CARD_WIDTH, 16)
        # the streets' names as the layout prints them (English in Spanish too: the glossary keeps them)
        painter.drawText(flop, Qt.AlignmentFlag.AlignCenter, pgettext("felt", "FLOP"))
        for point, word in ((g.board[3], pgettext("felt", "TURN")), (g.board[4], pgettext("felt", "RIVER"))):
            painter.drawText(
                QRectF(point.x - CARD_WIDTH / 2 - 6, under, CARD_WIDTH + 12, 16),
                Qt.AlignmentFlag.AlignCenter,
                word,
            )

    def _paint_seat_numbers(self, painter: QPainter) -> None:
        font = style.font(12, bold=True)
        painter.setFont(font)
        for seat in self.geometry.seats:
            centre = _qpoint(seat.label)
            painter.setPen(QPen(style.GOLD, 1.4))
            painter.setBrush(QColor(0, 0, 0, 40))
            painter.drawEllipse(centre, 11, 11)
            painter.setPen(style.PRINT)
            painter.drawText(
                QRectF(centre.x() - 11, centre.y() - 11, 22, 22), Qt.AlignmentFlag.AlignCenter, str(seat.seat)
            )

    def _paint_spots(self, painter: QPainter) -> None:
        for spot in self.geometry.all_spots():
            painter.save()
            painter.translate(spot.center.x, spot.center.y)
            painter.rotate(spot.angle)
            paint_printed_spot(painter, spot)
            painter.restore()

    def _paint_inscription(self, painter: QPainter) -> None:
        painter.setPen(style.GOLD)
        for text, rect, font in self._inscription:
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def inscription_lines(self) -> list[tuple[str, QRectF]]:
        """The inscription as printed: each line and its text box (scene coordinates)."""
        return [(text, QRectF(rect)) for text, rect, _ in self._inscription]

    def inscription_rects(self) -> list[QRectF]:
        """The text boxes of the inscription's lines (scene coordinates)."""
        return [rect for _, rect in self.inscription_lines()]


class PaytableItem(QGraphicsObject):
    """Where one pay table is printed on the felt (the felt prints it: :func:`paint_paytable`). Hovering it
    shows the table in a tooltip, readable at any size; the item itself draws nothing."""

    def __init__(self, panel: PaytablePanel, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.table_panel = panel
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(paytable_html(panel))

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.table_panel.rect
        return QRectF(r.x - 2, r.y - 2, r.width + 4, r.height + 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pass


def paint_paytable(painter: QPainter, panel: PaytablePanel) -> None:
    """Print one pay table on the felt: a thin frame, the title in gold, a line for each payout."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    r = QRectF(panel.rect.x, panel.rect.y, panel.rect.width, panel.rect.height)
    line = r.height() / (len(panel.lines) + 1.7)
    painter.setBrush(QColor(0, 0, 0, 34))
    painter.setPen(QPen(style.GOLD_SOFT, 1.3))
    painter.drawRoundedRect(r, 8, 8)
    painter.setPen(style.GOLD)
    painter.setFont(title_font(panel.title.upper(), round(line * 0.95), r.width() - 12))
    painter.drawText(
        QRectF(r.left(), r.top() + line * 0.15, r.width(), line * 1.3),
        Qt.AlignmentFlag.AlignCenter,
        panel.title.upper(),
    )
    painter.setFont(body_font(panel))
    painter.setPen(style.PRINT)
    for entry, (label_box, _odds_box) in zip(panel.lines, paytable_line_boxes(panel), strict=True):
        row = QRectF(r.left() + 10, label_box.top(), r.width() - 20, label_box.height())
        if isinstance(entry, tuple):
            label, odds = entry
            painter.drawText(row, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, _capital(label))
            painter.drawText(row, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, odds)
        else:
            painter.drawText(row, Qt.AlignmentFlag.AlignCenter, entry)


_ODDS_GAP = 6.0
"""The least room between a pay-table line's label and its odds."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def body_font(panel: PaytablePanel) -> QFont:
    """The font of a pay table's lines: 74 % of a line's height, smaller until every line's label and odds fit its
    width side by side with room between them ("first 5 cards 100%" never runs into its odds), never below 60 %."""
    line = panel.rect.height / (len(panel.lines) + 1.7)
    size = round(line * 0.74)
    width = panel.rect.width - 20
    for points in range(size, max(1, round(size * 0.6)) - 1, -1):
        font = style.font(points, bold=True)
        metrics = QFontMetricsF(font)
        if all(_line_width(metrics, entry) <= width for entry in panel.lines):
            return font
    return style.font(max(1, round(size * 0.6)), bold=True)


def _line_width(metrics: QFontMetricsF, entry: PaytableLine) -> float:
    if isinstance(entry, tuple):
        label, odds = entry
        return metrics.horizontalAdvance(_capital(label)) + _ODDS_GAP + metrics.horizontalAdvance(odds)
    return metrics.horizontalAdvance(entry)


def paytable_line_boxes(panel: PaytablePanel) -> list[tuple[QRectF, QRectF]]:
    """Each printed line's label box and odds box (scene coordinates; a line without odds has an empty odds box):
    the text's own width, the label from the left, the odds from the right."""
    r = panel.rect
    line = r.height / (len(panel.lines) + 1.7)
    metrics = QFontMetricsF(body_font(panel))
    left, width = r.x + 10, r.width - 20
    y = r.y + line * 1.45
    boxes: list[tuple[QRectF, QRectF]] = []
    for entry in panel.lines:
        if isinstance(entry, tuple):
            label, odds = entry
            label_w = metrics.horizontalAdvance(_capital(label))
            odds_w = metrics.horizontalAdvance(odds)
            boxes.append((QRectF(left, y, label_w, line), QRectF(left + width - odds_w, y, odds_w, line)))
        else:
            boxes.append((QRectF(left, y, width, line), QRectF()))
        y += line
    return boxes


def title_font(title: str, size: int, width: float) -> QFont:
    """The pay table's title font: ``size`` points, smaller until ``title`` fits ``width`` (a long title such as
    "BAD BEAT (CALIFORNIA)" is never cut by its panel's edge), never below 60 % of ``size``."""
    for points in range(size, max(1, round(size * 0.6)) - 1, -1):
        font = style.font(points, bold=True, family=style.SERIF, spacing=1.0)
        if QFontMetricsF(font).horizontalAdvance(title) <= width:
            return font
    return style.font(max(1, round(size * 0.6)), bold=True, family=style.SERIF, spacing=1.0)


def paytable_html(panel: PaytablePanel) -> str:
    """The pay table as a small HTML table (for the tooltip)."""
    rows = []
    for entry in panel.lines:
        label, odds = entry if isinstance(entry, tuple) else (entry, "")
        label = label[:1].upper() + label[1:]
        rows.append(
            f"<tr><td>{html.escape(label)}</td><td align='right'>&nbsp;&nbsp;{html.escape(odds)}</td></tr>"
        )
    return f"<b>{html.escape(panel.title)}</b><table>{''.join(rows)}</table>"


def _ellipse_rect(centre: Point, rx: float, ry: float) -> QRectF:
    return QRectF(centre.x - rx, centre.y - ry, 2 * rx, 2 * ry)


INSCRIPTION_SIZES = tuple(range(19, 10, -1))
"""The inscription's type sizes, largest first: the largest that fits between the cards is used."""
_INSCRIPTION_MARGIN = 8.0


def card_places(geometry: TableGeometry) -> QPainterPath:
    """Every place a card can lie on this table (each seat's hand, dealt or spread for counting, the dealer's
    and the board) as one path of the scene."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for polygon in all_card_places(geometry):
        path.addPolygon(polygon)
        path.closeSubpath()
    return path


def _wrapped(words: list[str], lines: int, metrics: QFontMetricsF) -> list[list[str]]:
    """``words`` cut into ``lines`` lines every way they can be, the most even first."""
    if lines == 1:
        return [[" ".join(words)]]
    found: list[list[str]] = []
    for cut in range(1, len(words)):
        head = " ".join(words[:cut])
        found += [[head, *rest] for rest in _wrapped(words[cut:], lines - 1, metrics)]
    return sorted(found, key=lambda cut_lines: max(metrics.horizontalAdvance(line) for line in cut_lines))


def inscription_layout(text: str, geometry: TableGeometry) -> list[tuple[str, QRectF, QFont]]:
    """Where the inscription the rules require is printed: under the board's FLOP, TURN and RIVER, centred, on
    one line or cut into two or three, in the largest type that keeps every line clear of every card place
    (a hand spread for counting included). Each line: its text, its box (scene coordinates), its font."""
    g = geometry
    words = text.split()
    if not words:
        return []
    avoid = card_places(g)
    top = g.board[0].y + CARD_HEIGHT / 2 + 24
    centre = g.width / 2
    fallback: list[tuple[str, QRectF, QFont]] = []
    for size in INSCRIPTION_SIZES:
        font = style.font(size, bold=True, family=style.SERIF, spacing=1.2)
        metrics = QFontMetricsF(font)
        height = metrics.height()
        for count in range(1, min(3, len(words)) + 1):
            for lines in _wrapped(words, count, metrics)[:6]:
                placed = []
                for index, line in enumerate(lines):
                    width = metrics.horizontalAdvance(line) + 4
                    placed.append((line, QRectF(centre - width / 2, top + index * height, width, height), font))
                fallback = fallback or placed
                m = _INSCRIPTION_MARGIN
                if not any(avoid.intersects(rect.adjusted(-m, -m, m, m)) for _, rect, _ in placed):
                    return placed
    return fallback
