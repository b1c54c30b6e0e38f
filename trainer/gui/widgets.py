"""Small pieces the drill forms and the settlement panel share: their labels and buttons, the chip artwork as an
icon, and feedback said in a colour (green for right, red for wrong, grey for a note)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont, QIcon, QImage, QKeySequence, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QLabel, QMenu, QPushButton, QWidget

from trainer.resources import assets_dir

GOOD, BAD, NOTE = "#1b7a3c", "#b71c1c", "#555555"
CHIP_ICON = 44


def chip_icon(value: Decimal, size: int = CHIP_ICON, assets: Path | None = None) -> QIcon:
    """The chip's artwork as an icon (an empty icon when the file cannot be read); made once for each chip,
    size and artwork folder (the panels and forms that show the same chips share them)."""
    return _chip_icon(value.normalize(), size, assets or assets_dir())


@lru_cache(maxsize=64)
def _chip_icon(value: Decimal, size: int, assets: Path) -> QIcon:
    path = assets / "chips" / f"chip-{value:f}.svg"
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


def score_clock_keys(names: tuple[str, str, str], keys_text: str, keys_tip: str) -> tuple[QLabel, QLabel, QLabel]:
    """A quiz panel's score line, its clock (bold, large) and its grey keys line (the keys in its tooltip), named
    ``names``."""
    score = form_label(names[0])
    clock = form_label(names[1], bold=True, size=16)
    keys = form_label(names[2], size=11)
    keys.setText(keys_text)
    keys.setToolTip(keys_tip)
    keys.setStyleSheet("color: #666666;")
    return score, clock, keys


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


def window_action(window: QWidget, name: str, text: str, keys: Sequence[str], *, tip: str = "",
                  keys_in_tip: bool = False, slot: Callable[[], object] | None = None,
                  menu: QMenu | None = None) -> QAction:
    """An action of ``window`` named ``name``: its shortcuts ``keys`` work wherever the focus is in the window,
    ``tip`` is its status tip and tooltip (with the keys after it when ``keys_in_tip``); it runs ``slot`` and is
    listed in ``menu`` when given."""
    action = QAction(text, window)
    action.setObjectName(name)
    action.setShortcuts([QKeySequence(key) for key in keys])
    if tip:
        shown = ", ".join(QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText) for key in keys)
        action.setToolTip(f"{tip} ({shown})" if keys_in_tip and shown else tip)
        action.setStatusTip(tip)
    if slot is not None:
        action.triggered.connect(slot)
    window.addAction(action)
    if menu is not None:
        menu.addAction(action)
    return action
