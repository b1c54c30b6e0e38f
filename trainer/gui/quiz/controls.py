"""The settlement panel's small parts: the chip buttons, an amount as a dealer types it, the dealer's hand list,
walking a list with a key, the action buttons' words and the feedback box's look.

Kept apart from :mod:`trainer.gui.quiz.panel` (which lays them out and asks the trainee) so each stays one idea.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from decimal import Decimal

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QComboBox,
    QLabel,
    QListView,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from trainer.engine.evaluator import Category
from trainer.engine.settlement import format_money
from trainer.engine.wagers import Action
from trainer.engine.words import hand_name
from trainer.gui.table.money import CHIP_DENOMINATIONS
from trainer.gui.widgets import BAD, GOOD, chip_icon
from trainer.i18n.translation import N_, _

CHIP_VALUES: tuple[Decimal, ...] = tuple(sorted(CHIP_DENOMINATIONS))
"""The chip buttons, smallest first: $0.50 $1 $5 $25 $100 $500 $1,000."""

ACTION_TEXTS = {Action.PAY: N_("Pay"), Action.TAKE: N_("Take"), Action.PUSH: N_("Push"), Action.RETURN: N_("Return")}
ACTION_TIPS = {
    Action.PAY: N_("Pay the wager: cut the payout from the chips or type it (P)"),
    Action.TAKE: N_("Take the wager into the tray (or the player-dealer's bank) (T)"),
    Action.PUSH: N_("Push: the wager stays with the player, nothing paid or taken; the Ante refund too (U)"),
    Action.RETURN: N_("Return the wager to the player untouched: no action, the bank cannot cover it; like a "
                      "push, it also refunds an unqualified dealer's Ante (R)"),
}

NOTE = "#4a4a4a"  # a shade darker than the drill forms' note, on the panel's grey feedback box
FEEDBACK_STYLE = {
    "good": f"QLabel#feedback {{ color: {GOOD}; background: #e9f6ec; border: 1px solid {GOOD}; "
            "border-radius: 5px; padding: 6px; }",
    "bad": f"QLabel#feedback {{ color: #5f1010; background: #fdecea; border: 1px solid {BAD}; "
           "border-radius: 5px; padding: 6px; }",
    "note": f"QLabel#feedback {{ color: {NOTE}; background: #f2f2f2; border: 1px solid #bdbdbd; "
            "border-radius: 5px; padding: 6px; }",
}


def chips_text(chips: Sequence[Decimal]) -> str:
    """``$25 + $5 + $0.50``."""
    return " + ".join(format_money(chip) for chip in chips)


class ChipButton(QPushButton):
    """One denomination: a left click adds a chip to the payout, a right click (or Delete) takes one back."""

    removeRequested = Signal()  # noqa: N815 (Qt signal names)

    def __init__(self, value: Decimal, parent: QWidget | None = None) -> None:
        super().__init__(format_money(value), parent)
        self.value = value
        self.setObjectName(f"chip_{value.normalize():f}")
        self.setIcon(chip_icon(value, 30))
        self.setIconSize(QSize(26, 26))
        self.setToolTip(_("Add a {chip} chip to the payout (click or Space); right-click or Delete takes one "
                          "back").format(chip=format_money(value)))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.MouseButton.RightButton:
            event.accept()
            self.removeRequested.emit()
            return
        super().mousePressEvent(event)




def uncheck(group: QButtonGroup) -> None:
    """Leave no button of an exclusive group checked."""
    checked: QAbstractButton | None = group.checkedButton()
    if checked is None:
        return
    group.setExclusive(False)
    checked.setChecked(False)
    group.setExclusive(True)


class CategoryList(QListWidget):
    """The dealer's hand categories in as many columns as fit whole (three on a wide panel, one on the narrowest),
    each name whole, no scroll bars: the list grows to the rows its width leaves."""

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        # not within the resize itself: a height set there can leave the items laid out for the old one (the
        # Spanish names fit two columns only while the side panel shows no scroll bar; one column, then two
        # again, left five names below the list's edge)
        QTimer.singleShot(0, self, self.fit_rows)

    def fit_rows(self) -> None:
        """The height that shows every category in the columns the width allows."""
        spacing = self.spacing()
        widest = max(self.sizeHintForColumn(0), 1) + 2 * spacing
        columns = max(1, min(3, self.viewport().width() // widest))
        rows = -(-self.count() // columns)
        height = rows * (self.sizeHintForRow(0) + 2 * spacing) + 2 * self.frameWidth() + 4
        if height != self.height():
            self.setFixedHeight(height)


def category_text(category: Category) -> str:
    """A line of :func:`category_list`: ``3  three of a kind`` (``3  trío``), the hand in the language spoken."""
    return f"{category.value}  {hand_name(category.label)}"


def name_categories(categories: QListWidget) -> None:
    """The lines of :func:`category_list` again, in the language spoken now."""
    for row, category in enumerate(Category):
        item = categories.item(row)
        if item is not None:
            item.setText(category_text(category))
    if isinstance(categories, CategoryList):
        categories.fit_rows()


def category_list() -> QListWidget:
    """The dealer's hand categories, ``0  high card`` to ``9  royal flush``, in the columns that fit, no scroll bars."""
    categories = CategoryList()
    categories.setObjectName("categories")
    categories.setFlow(QListView.Flow.TopToBottom)
    categories.setWrapping(True)
    categories.setResizeMode(QListView.ResizeMode.Adjust)
    for category in Category:
        categories.addItem(category_text(category))
    categories.setSpacing(1)
    categories.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    categories.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    categories.fit_rows()
    categories.setToolTip(_("The dealer's best five-card hand: 0–9 or the arrow keys"))
    return categories


def cycle_box(box: QComboBox, step: int) -> None:
    """The next (``step`` 1) or previous (-1) entry of ``box``, wrapping round; with none chosen, the first (or
    the last)."""
    count = box.count()
    if not count:
        return
    current = box.currentIndex()
    box.setCurrentIndex((0 if step > 0 else count - 1) if current < 0 else (current + step) % count)


class FeedbackShown:
    """What a settling panel shows beside the answers (the settle-it-yourself panel and the run-round panel):
    the verdict in its colours with the lesson it offers, the score, the speed clock. The panel has the labels
    ``feedback``, ``score`` and ``clock`` and the button ``lesson_button``."""

    feedback: QLabel
    score: QLabel
    clock: QLabel
    lesson_button: QPushButton
    lesson_topic: str | None

    def show_feedback(self, html: str, kind: str = "note", topic: str | None = None) -> None:
        """Show ``html`` (``good``, ``bad`` or ``note``); ``topic``: the lesson the Open lesson button opens."""
        self.feedback.setStyleSheet(FEEDBACK_STYLE[kind])
        self.feedback.setText(html)
        self.feedback.setVisible(bool(html))
        self.lesson_topic = topic
        self.lesson_button.setVisible(bool(topic))

    def show_verdict(self, *, exam: bool, accepted: bool, correct: bool, message: str, wrong_html: str,
                     topic: str | None) -> None:
        """A verdict as the mode wants it: in an exam only that it was noted; else a tick and the message when
        right, ``wrong_html`` (the mistakes, with the lesson of ``topic``) when wrong."""
        if exam:
            self.show_feedback(html.escape(_("Noted.")) if accepted else html.escape(message), "note")
        elif correct:
            self.show_feedback(f"✓ {html.escape(message)}", "good")
        else:
            self.show_feedback(wrong_html, "bad", topic)

    def show_score(self, text: str) -> None:
        self.score.setText(text)
        self.score.setVisible(bool(text))

    def show_clock(self, text: str, on_target: bool | None = None) -> None:
        colour = NOTE if on_target is None else GOOD if on_target else BAD
        self.clock.setStyleSheet(f"color: {colour};")
        self.clock.setText(text)
        self.clock.setVisible(bool(text))


__all__ = ["ACTION_TEXTS", "ACTION_TIPS", "CHIP_VALUES", "FEEDBACK_STYLE", "NOTE", "ChipButton", "FeedbackShown",
           "category_list", "chips_text", "cycle_box", "uncheck"]
