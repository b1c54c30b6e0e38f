"""The magnifier: while the trainee holds Z, the hand under the pointer and the board are shown large over the
table, for reading the cards. The hand's name stays hidden until the hand is settled: the trainee reads the
cards, the trainer does not read them out.

The window gives the magnifier a :class:`MagnifierHost` (its table view and the round's director); the
magnifier watches the keys of the whole application while the window is active, so it works whichever of the
window's widgets has the focus (a field being typed in keeps its Z).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QCursor, QKeyEvent, QPainter, QPaintEvent, QPen, QWindow
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QTextEdit, QWidget

from trainer.gui.table import style
from trainer.gui.table.items import CardItem
from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, Point

if TYPE_CHECKING:
    from trainer.gui.table.director import RoundDirector
    from trainer.gui.table.view import TableView

MAGNIFIER_KEY = Qt.Key.Key_Z
MAGNIFIER_KEYS_ROW = ("Hold Z", "Magnifier: the hand under the pointer and the board, large (the hand's name "
                                "shows once it is settled)")
"""The row Help ▸ Keys shows for the magnifier (it is held, so it is no menu command)."""
HIDDEN_NAME = "Read the cards: the hand's name shows once it is settled"
_CARD_PX_MAX = 150.0
_GAP = 14.0


class MagnifierHost(Protocol):
    """What the magnifier needs of the window: the table on the screen and the round on it."""

    view: TableView | None

    @property
    def director(self) -> RoundDirector | None: ...

    def isActiveWindow(self) -> bool: ...  # noqa: N802 (Qt's name)

    def windowHandle(self) -> QWindow | None: ...  # noqa: N802 (Qt's name)


@dataclass(frozen=True)
class Magnified:
    """What the magnifier shows: whose hand (``seat`` None: the dealer's), its cards and the board as drawn now,
    and the hand's name (empty while it is not settled)."""

    seat: int | None
    hand: tuple[CardItem, ...]
    board: tuple[CardItem, ...]
    name: str

    @property
    def title(self) -> str:
        return "Dealer" if self.seat is None else f"Seat {self.seat}"


@dataclass(frozen=True)
class Hand:
    """A hand on the table: a seat's, or (``seat`` None) the dealer's."""

    seat: int | None


def nearest_hand(view: TableView, at: Point) -> Hand | None:
    """The hand whose cards lie nearest the scene point ``at``; None when no hand is out."""
    scene = view.table_scene()
    hands: dict[int | None, list[CardItem]] = {}
    for card in scene.cards_at("seat"):
        hands.setdefault(card.seat, []).append(card)
    dealer = scene.cards_at("dealer")
    if dealer:
        hands[None] = dealer
    if not hands:
        return None

    def distance(cards: list[CardItem]) -> float:
        x = sum(card.pos().x() for card in cards) / len(cards)
        y = sum(card.pos().y() for card in cards) / len(cards)
        return at.distance(Point(x, y))

    return Hand(min(hands, key=lambda seat: distance(hands[seat])))


def hand_name(director: RoundDirector | None, seat: int | None) -> str:
    """The name of the hand (its best five cards), once it is settled; empty before."""
    if director is None or not director.hand_settled(seat):
        return ""
    settlement = director.round.settlement
    if seat is None:
        return settlement.dealer.describe()
    found = next((result for result in settlement.seats if result.seat == seat), None)
    return found.hand.describe() if found is not None else ""


class MagnifierPanel(QWidget):
    """The large cards, drawn over the table's view (a child of its viewport, centred in it)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("magnifier")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.shown: Magnified | None = None
        self._title_font = style.font(16, bold=True)
        self._name_font = style.font(15, bold=True)
        self.hide()

    def card_width(self) -> float:
        """The width of a magnified card in pixels: seven cards across the view, at most 150."""
        parent = self.parentWidget()
        width = parent.width() if parent is not None else 800
        return max(40.0, min(_CARD_PX_MAX, (width - 40 - 8 * _GAP) / 7.4))

    def show_hand(self, magnified: Magnified) -> None:
        self.shown = magnified
        parent = self.parentWidget()
        w = self.card_width()
        h = w * CARD_HEIGHT / CARD_WIDTH
        width = round(7 * w + 8 * _GAP + w * 0.4)
        height = round(h + 110)
        if parent is not None:
            self.setGeometry((parent.width() - width) // 2, max(0, (parent.height() - height) // 2), width, height)
        self.show()
        self.raise_()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        shown = self.shown
        if shown is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setPen(QPen(style.GOLD_SOFT, 2))
        painter.setBrush(QColor(12, 40, 26, 235))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 14, 14)
        w = self.card_width()
        h = w * CARD_HEIGHT / CARD_WIDTH
        top = 44.0
        x = _GAP
        painter.setFont(self._title_font)
        painter.setPen(style.LABEL_TEXT)
        painter.drawText(QRectF(x, 8, 2 * w + _GAP, 30), Qt.AlignmentFlag.AlignCenter, shown.title)
        for card in shown.hand:
            self._card(painter, card, QRectF(x, top, w, h))
            x += w + _GAP
        x += w * 0.4
        painter.setPen(style.LABEL_TEXT)
        painter.drawText(QRectF(x, 8, 5 * w + 4 * _GAP, 30), Qt.AlignmentFlag.AlignCenter, "Board")
        for card in shown.board:
            self._card(painter, card, QRectF(x, top, w, h))
            x += w + _GAP
        painter.setFont(self._name_font)
        painter.setPen(style.LABEL_TEXT if shown.name else style.PRINT_SOFT)
        painter.drawText(QRectF(0, top + h + 8, self.width(), 40), Qt.AlignmentFlag.AlignCenter,
                         shown.name or HIDDEN_NAME)
        painter.end()

    def _card(self, painter: QPainter, card: CardItem, rect: QRectF) -> None:
        path, _ = card.look()
        art = card.art_library
        ratio = self.devicePixelRatioF()
        pixmap = art.pixmap(path, CARD_WIDTH, CARD_HEIGHT, rect.width() / CARD_WIDTH * ratio)
        painter.drawPixmap(rect, pixmap, QRectF(pixmap.rect()))


class Magnifier(QObject):
    """Holds Z: the hand nearest the pointer and the board, large; lets go: the table again."""

    def __init__(self, host: MagnifierHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._host = host
        self._panel: MagnifierPanel | None = None
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    @property
    def panel(self) -> MagnifierPanel | None:
        """The panel on the table's view, while the magnifier shows (or showed) something."""
        return self._panel

    @property
    def showing(self) -> bool:
        return self._panel is not None and self._panel.isVisible()

    def hold(self, at: Point | None = None) -> Magnified | None:
        """Show the hand nearest ``at`` (a scene point; default: under the pointer) and the board. None (nothing
        shown) when no card is out."""
        view = self._host.view
        if view is None:
            return None
        if at is None:
            spot = view.mapToScene(view.viewport().mapFromGlobal(QCursor.pos()))
            at = Point(spot.x(), spot.y())
        found = nearest_hand(view, at)
        if found is None:
            self.release()
            return None
        seat = found.seat
        scene = view.table_scene()
        hand = scene.cards_at("seat", seat) if seat is not None else scene.cards_at("dealer")
        magnified = Magnified(seat, tuple(hand), tuple(scene.cards_at("board")),
                              hand_name(self._host.director, seat))
        if self._panel is None or self._panel.parentWidget() is not view.viewport():
            self._panel = MagnifierPanel(view.viewport())
        self._panel.show_hand(magnified)
        return magnified

    def release(self) -> None:
        if self._panel is not None:
            self._panel.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind not in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) or not isinstance(event, QKeyEvent):
            return False
        if event.key() != MAGNIFIER_KEY or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if not self._host.isActiveWindow() or _typing():
            return False
        if not isinstance(watched, QWindow) or watched is not self._host.windowHandle():
            return False  # every key of the window passes its QWindow once, whichever widget has the focus
        if event.isAutoRepeat():
            return True
        if kind == QEvent.Type.KeyPress:
            self.hold()
        else:
            self.release()
        return True


def _typing() -> bool:
    """A field that takes text has the focus (Z is a letter there)."""
    focus = QApplication.focusWidget()
    return isinstance(focus, QLineEdit | QTextEdit | QAbstractSpinBox)


def scene_point(view: TableView, item: CardItem) -> Point:
    """The scene point of an item's centre (for tests and the screenshots: where to hold the magnifier)."""
    centre = item.mapToScene(QPointF(0, 0))
    return Point(centre.x(), centre.y())
