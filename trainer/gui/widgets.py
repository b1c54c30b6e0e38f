"""Small pieces the drill forms and the settlement panel share: their labels and buttons, the chip artwork as an
icon, and feedback said in a colour (green for right, red for wrong, grey for a note)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QLabel, QPushButton

from trainer.resources import assets_dir

GOOD, BAD, NOTE = "#1b7a3c", "#b71c1c", "#555555"
CHIP_ICON = 44


def chip_icon(value: Decimal, size: int = CHIP_ICON, assets: Path | None = None) -> QIcon:
    """The chip's artwork as an icon (an empty icon when the file cannot be read)."""
    path = (assets or assets_dir()) / "chips" / f"chip-{value.normalize():f}.svg"
    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        return QIcon()
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return QIcon(QPixmap.fromImage(image))


def form_label(name: str, *, bold: bool = False, size: int = 0, selectable: bool = False) -> QLabel:
    """A word-wrapped label named ``name``, in bold and at ``size`` pixels when asked; ``selectable`` by mouse."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if bold or size:
        font = QFont(label.font())
        font.setBold(bold)
        if size:
            font.setPixelSize(size)
        label.setFont(font)
    return label


def form_button(text: str, name: str, slot: Callable[[], object], tip: str = "") -> QPushButton:
    """A push button named ``name`` that calls ``slot`` when clicked, with ``tip`` as its tooltip."""
    button = QPushButton(text)
    button.setObjectName(name)
    if tip:
        button.setToolTip(tip)
    button.clicked.connect(lambda _checked=False: slot())
    return button


def say(label: QLabel, text: str, colour: str) -> None:
    """Show ``text`` in ``label`` in ``colour``."""
    label.setStyleSheet(f"color: {colour};")
    label.setText(text)
