"""The settlement panel's keys: the key map and what a key pressed inside the panel does at each stage.

Every control of the panel is reachable by keyboard (:data:`KEYS_HELP`); the panel's event filter asks
:func:`key_handler` first, so its keys are taken before the window's own single-key shortcuts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit

from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action
from trainer.gui.quiz.stage import PanelStage
from trainer.i18n.translation import N_

ACTION_KEYS: dict[Qt.Key, Action] = {
    Qt.Key.Key_P: Action.PAY, Qt.Key.Key_T: Action.TAKE, Qt.Key.Key_U: Action.PUSH, Qt.Key.Key_R: Action.RETURN,
}

KEYS_HELP = N_(
    "Keys — dealer's hand: 0–9 or ↑↓ (0 high card … 9 royal flush), Y qualifies, N does not, Enter announces. "
    "Settling: click a wager on the table, or S / W for the next seat / wager (Shift: back); "
    "P pay, T take, U push, R return; chips: click to add, right-click to take one back "
    "(Tab to a chip, Space adds, Delete takes back) or type the amount; "
    "Enter confirms; Backspace or Ctrl+Z undoes the last chip, then the whole step; Esc clears the step; "
    "L opens the lesson; V reviews the hand; E finishes the round at once, the table settling what is left (never "
    "a hand of an exam)."
)
"""The panel's keys (shown as ``_(KEYS_HELP)``)."""


class KeyedPanel(Protocol):
    """What the keys work on: the settlement panel's stage, its amount box and chip buttons, its commands."""

    stage: PanelStage
    amount: QLineEdit
    lesson_topic: str | None

    @property
    def chip_buttons(self) -> Mapping[Decimal, QObject]: ...

    def announce(self) -> None: ...

    def confirm(self) -> None: ...

    def open_lesson(self) -> None: ...

    def request_review(self) -> None: ...

    def undo(self) -> None: ...

    def clear_step(self) -> None: ...

    def choose_action(self, action: Action) -> None: ...

    def choose_category(self, category: Category) -> None: ...

    def choose_qualifies(self, qualifies: bool) -> None: ...

    def cycle_seat(self, step: int) -> None: ...

    def cycle_wager(self, step: int) -> None: ...

    def remove_chip(self, value: Decimal | None = None) -> bool: ...

    def type_amount(self, text: str) -> None: ...


def key_handler(panel: KeyedPanel, watched: QObject, event: QKeyEvent) -> Callable[[], object] | None:
    """What a key does in ``panel`` (None: not the panel's key, the widget or the window has it)."""
    key = Qt.Key(event.key())
    mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    shift = mods == Qt.KeyboardModifier.ShiftModifier
    plain = mods == Qt.KeyboardModifier.NoModifier
    in_amount = watched is panel.amount
    stage = panel.stage
    if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (plain or shift):
        if stage is PanelStage.DEALER:
            return panel.announce
        if stage is PanelStage.STEPS:
            return panel.confirm
        return None
    if key == Qt.Key.Key_L and plain and panel.lesson_topic:
        return panel.open_lesson
    if key == Qt.Key.Key_V and plain and stage is PanelStage.DONE:
        return panel.request_review
    if stage is PanelStage.DEALER:
        return _dealer_key(panel, key, plain)
    if stage is not PanelStage.STEPS:
        return None
    if key == Qt.Key.Key_Z and mods == Qt.KeyboardModifier.ControlModifier:
        return panel.undo
    if not (plain or shift):
        return None
    if key == Qt.Key.Key_Escape:
        return panel.clear_step
    if key == Qt.Key.Key_Backspace and (not in_amount or not panel.amount.text()):
        return panel.undo
    if key in ACTION_KEYS and plain:
        return lambda: panel.choose_action(ACTION_KEYS[key])
    if key == Qt.Key.Key_S:
        return lambda: panel.cycle_seat(-1 if shift else 1)
    if key == Qt.Key.Key_W:
        return lambda: panel.cycle_wager(-1 if shift else 1)
    chip = next((value for value, button in panel.chip_buttons.items() if button is watched), None)
    if key in (Qt.Key.Key_Delete, Qt.Key.Key_Minus) and chip is not None:
        return lambda: panel.remove_chip(chip)
    text = event.text()
    if not in_amount and text and (text.isdigit() or text == "."):
        return lambda: panel.type_amount(text)
    return None


def _dealer_key(panel: KeyedPanel, key: Qt.Key, plain: bool) -> Callable[[], object] | None:
    if not plain:
        return None
    if Qt.Key.Key_0 <= key <= Qt.Key.Key_9:
        category = Category(int(key) - int(Qt.Key.Key_0))
        return lambda: panel.choose_category(category)
    if key == Qt.Key.Key_Y:
        return lambda: panel.choose_qualifies(True)
    if key == Qt.Key.Key_N:
        return lambda: panel.choose_qualifies(False)
    return None


def is_letter(event: QKeyEvent) -> bool:
    """A letter typed without Ctrl, Alt or Meta (Shift allowed)."""
    mods = event.modifiers() & ~(Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ShiftModifier)
    return mods == Qt.KeyboardModifier.NoModifier and event.text().isalpha()
