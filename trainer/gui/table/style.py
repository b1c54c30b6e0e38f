"""Colours and lettering of the table: deep green felt, dark leather rail, cream-and-gold printing."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

FELT_CENTRE = QColor("#1f7d48")
FELT_MIDDLE = QColor("#156238")
FELT_EDGE = QColor("#0b3f24")
RAIL_LIGHT = QColor("#4b2f1f")
RAIL_DARK = QColor("#1a0f09")
RAIL_SHINE = QColor(255, 236, 200, 46)
TABLE_EDGE = QColor("#24160e")
BACKGROUND = QColor("#0e1114")

PRINT = QColor(240, 226, 182)
"""Cream printing: lines, names of the wagering areas."""
PRINT_SOFT = QColor(240, 226, 182, 150)
GOLD = QColor("#d9b45c")
GOLD_SOFT = QColor(217, 180, 92, 110)
HIGHLIGHT = QColor("#ffd84d")
HIGHLIGHT_GLOW = QColor(255, 216, 77, 90)
LABEL_BACK = QColor(8, 18, 12, 215)
LABEL_TEXT = QColor("#f7efd6")
SHADOW = QColor(0, 0, 0, 80)

SANS = "DejaVu Sans"
SERIF = "DejaVu Serif"


def font(pixels: int, *, bold: bool = False, family: str = SANS, spacing: float = 0.0) -> QFont:
    """A font ``pixels`` scene units high (scene units, not points, so every device draws it alike)."""
    result = QFont(family)
    result.setPixelSize(max(1, int(pixels)))
    result.setBold(bold)
    if spacing:
        result.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
    result.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return result
