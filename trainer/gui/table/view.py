"""The window onto the table: keeps the whole felt fitted to the widget, smooth and sharp on any screen."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from trainer.gui.table.scene import TableScene


class TableView(QGraphicsView):
    """Shows a :class:`TableScene`, scaled so the whole table is always visible (aspect ratio kept).

    Antialiased, with smooth pixmap scaling; item caches render at the screen's device pixel ratio, so the
    table stays sharp on high-DPI screens. No scroll bars: the table is fitted on every resize.

    The background is painted only around the table: the felt covers the whole scene, opaque, so painting
    the background under it (or keeping it in a cached pixmap to copy) would only be drawn over.
    """

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
            | QPainter.RenderHint.TextAntialiasing
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self.setBackgroundBrush(scene.backgroundBrush())
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumSize(320, 220)

    def table_scene(self) -> TableScene:
        scene = self.scene()
        assert isinstance(scene, TableScene)
        return scene

    def fit_table(self) -> None:
        """Scale the view so the whole table fits, keeping its proportions."""
        scene = self.scene()
        if scene is not None:
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802 (Qt's name)
        """Fill the part of ``rect`` (scene coordinates) around the table; the felt paints the rest."""
        # Two units into the table: the felt's pixmap lands on whole pixels, so its edge may fall half a pixel in.
        table = self.sceneRect().adjusted(2, 2, -2, -2)
        brush = self.backgroundBrush()
        for strip in around(QRectF(rect), table):
            painter.fillRect(strip, brush)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(1280, 800)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.fit_table()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.fit_table()


def around(rect: QRectF, hole: QRectF) -> list[QRectF]:
    """The parts of ``rect`` outside ``hole``: up to four strips (above, below, left and right of it).

    >>> [r.getRect() for r in around(QRectF(0, 0, 10, 10), QRectF(2, 3, 4, 4))]
    [(0.0, 0.0, 10.0, 3.0), (0.0, 7.0, 10.0, 3.0), (0.0, 3.0, 2.0, 4.0), (6.0, 3.0, 4.0, 4.0)]
    >>> around(QRectF(3, 4, 2, 2), QRectF(0, 0, 10, 10))
    []
    """
    inner = rect.intersected(hole)
    if inner.isEmpty():
        return [QRectF(rect)]
    strips = [
        QRectF(rect.left(), rect.top(), rect.width(), inner.top() - rect.top()),
        QRectF(rect.left(), inner.bottom(), rect.width(), rect.bottom() - inner.bottom()),
        QRectF(rect.left(), inner.top(), inner.left() - rect.left(), inner.height()),
        QRectF(inner.right(), inner.top(), rect.right() - inner.right(), inner.height()),
    ]
    return [strip for strip in strips if strip.width() > 0 and strip.height() > 0]
