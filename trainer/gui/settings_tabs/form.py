"""The pieces every Settings tab is made of: a form page, a named combo box, a dollar spin box, and a row whose
field has a red line under it for each setting's problem (hidden while the value is fine)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QSpinBox, QWidget

from trainer.settings import WAGER_FLOOR


def combo(items: list[tuple[str, Any]], name: str) -> QComboBox:
    """A combo box named ``name`` holding ``items`` (shown text, value)."""
    box = QComboBox()
    box.setObjectName(name)
    for text, data in items:
        box.addItem(text, data)
    return box


def dollars(name: str, maximum: int) -> QSpinBox:
    """A whole-dollar spin box named ``name``, from the table limits' floor up to ``maximum``."""
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(WAGER_FLOOR, maximum)
    spin.setPrefix("$")
    spin.setGroupSeparatorShown(True)
    spin.setAccelerated(True)
    return spin


def form_of(page: QWidget) -> QFormLayout:
    """The form that lays out a tab's ``page``: fields at their own size, labels beside them."""
    form = QFormLayout(page)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
    return form


class ErrorRows:
    """Adds a form's rows, each with a red line under its field for each setting's problem; :attr:`errors` holds
    those lines by settings name, for the dialog to fill in."""

    def __init__(self) -> None:
        self.errors: dict[str, QLabel] = {}

    def add(self, form: QFormLayout, label: str, field: QWidget, *keys: str) -> None:
        """A row with its field and, under it, a red line for each key's problem (hidden while fine)."""
        form.addRow(label, field)
        for key in keys:
            error = QLabel()
            error.setObjectName(f"error_{key}")
            error.setWordWrap(True)
            error.setStyleSheet("color: #b00020;")
            error.hide()
            form.addRow("", error)
            self.errors[key] = error
