"""The side panel: one narrow column beside the felt (the round log, and the settlement panel above it), kept
the same width whatever the mode, so the table never jumps in size; F9 or its toolbar button hides and shows it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from trainer.i18n.translation import _

PANEL_KEY = "F9"
MIN_PANEL, MAX_PANEL = 244, 340
PANEL_SHARE = 0.22


def panel_width(window_width: int) -> int:
    """The side panel's width for a window ``window_width`` pixels wide: a column, never half the window.

    >>> panel_width(1024), panel_width(1366), panel_width(1920), panel_width(2560)
    (244, 301, 340, 340)
    """
    return max(MIN_PANEL, min(MAX_PANEL, round(window_width * PANEL_SHARE)))


class SidePanel(QDockWidget):
    """The dock on the right holding ``content``; :meth:`fit` gives it its column's width."""

    def __init__(self, content: QWidget, parent: QMainWindow) -> None:
        super().__init__(_("Round"), parent)
        self.setObjectName("roundDock")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.setAllowedAreas(Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setWidget(content)
        parent.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.toggle_action = QAction(_("Side &panel"), parent)
        self.toggle_action.setObjectName("sidePanel")
        self.toggle_action.setCheckable(True)
        self.toggle_action.setChecked(True)
        self.toggle_action.setShortcut(QKeySequence(PANEL_KEY))
        self.toggle_action.setToolTip(_("Hide or show the side panel") + f" ({PANEL_KEY})")
        self.toggle_action.setStatusTip(_("Hide or show the side panel: the round log and the settlement"))
        self.toggle_action.toggled.connect(self.setVisible)
        parent.addAction(self.toggle_action)
        self._window = parent
        self.fit()

    def fit(self) -> None:
        """Fix the panel's width for the window's width."""
        width = panel_width(self._window.width())
        self.setFixedWidth(width)
