"""The window onto the table: keeps the whole felt fitted to the widget, smooth and sharp on any screen."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from trainer.gui.table.scene import TableScene

MINIMUM_SIZE = QSize(1024, 700)
"""The smallest window the table is designed for (the view may be smaller inside a larger window)."""


class TableView(QGraphicsView):
    """Shows a :class:`TableScene`, scaled so the whole table is always visible (aspect ratio kept).

    Antialiased, with smooth pixmap scaling; item caches render at the screen's device pixel ratio, so the
    table stays sharp on high-DPI screens. No scroll bars: the table is fitted on every resize.
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
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
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

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(1280, 800)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.fit_table()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.fit_table()
