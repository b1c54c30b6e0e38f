"""The payout drill as a form: '40 to 1 on $15', a keypad of the table's chips, a running clock and the target.

The trainee cuts the payout out of the tray by clicking chips ($0.50 to $1,000, the table's denominations)
or types the amount, then Pay. The clock runs from the moment the question shows; the level's target is
beside it. A level chooser switches between the climbing set and one level.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.base import Feedback
from trainer.drills.payouts import CHIPS_HIGH_FIRST, LEVELS, PayoutDrill, PayoutItem, chips_text
from trainer.engine.settlement import format_money
from trainer.gui.drills.runner import DrillSet, RunsASet, new_seed
from trainer.gui.widgets import BAD, CHIP_ICON, GOOD, NOTE, chip_icon, form_button, form_label, say
from trainer.i18n.translation import _, ngettext, pgettext
from trainer.scoring import ItemResult, Mode, ScoreBook

Clock = Callable[[], float]
TICK_MS = 100


class PayoutForm(QWidget, RunsASet[PayoutItem]):
    """The payout arithmetic drill, timed; ``clock`` and ``tick_ms`` are injectable for tests."""

    answered = Signal(object)
    item_finished = Signal(object)
    set_finished = Signal(object)

    def __init__(self, drill: PayoutDrill, book: ScoreBook, *, mode: Mode = Mode.SPEED, count: int = 10,
                 seed: int | None = None, clock: Clock | None = None, tick_ms: int = TICK_MS,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("payoutForm")
        self.setWindowTitle(_("Payouts"))
        self.drill, self.book, self.mode, self.count = drill, book, mode, count
        self.clock = clock
        self.paying: list[Decimal] = []
        self._build()
        self._ticker = QTimer(self)
        self._ticker.setInterval(tick_ms)
        self._ticker.timeout.connect(self._show_clock)
        self.start(seed)

    # -- building --------------------------------------------------------------------------------------------

    def _build(self) -> None:
        self.level = QComboBox()
        self.level.setObjectName("level")
        self.level.addItem(_("All levels, climbing"), None)
        for level in LEVELS:
            self.level.addItem(_("Level {number}: {title} (target {seconds} s)").format(
                number=level.number, title=_(level.title), seconds=f"{level.target_seconds:.0f}"), level.number)
        self.level.setCurrentIndex(self.level.findData(self.drill.level))
        self.level.currentIndexChanged.connect(self._choose_level)
        self.progress = form_label("progress")
        self.question = form_label("question", bold=True, size=30)
        self.question.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stake = form_label("stake")
        self.stake.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.clock_label = form_label("clock", bold=True, size=18)
        self.clock_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.paying_label = form_label("paying", bold=True, size=18)
        self.amount = QLineEdit()
        self.amount.setObjectName("amount")
        self.amount.setPlaceholderText(_("or type the amount"))
        self.amount.setMinimumWidth(170)
        self.amount.returnPressed.connect(self.pay)
        self.chip_buttons: dict[Decimal, QPushButton] = {}
        keypad = QGridLayout()
        for index, value in enumerate(sorted(CHIPS_HIGH_FIRST)):
            button = QPushButton(format_money(value))
            button.setObjectName(f"chip_{value.normalize():f}")
            button.setIcon(chip_icon(value))
            button.setIconSize(QSize(CHIP_ICON, CHIP_ICON))
            button.setMinimumHeight(CHIP_ICON + 12)
            button.clicked.connect(lambda _checked=False, v=value: self.add_chip(v))
            keypad.addWidget(button, index // 4, index % 4)
            self.chip_buttons[value] = button
        self.undo_button = form_button(_("Undo chip"), "undo", self.undo_chip)
        self.clear_button = form_button(_("Clear"), "clear", self.clear_chips)
        self.pay_button = form_button(pgettext("button", "Pay"), "pay", self.pay)
        self.next_button = form_button(_("Next"), "next", self.next_item)
        self.feedback = form_label("feedback")
        self.score = form_label("score")

        row = QHBoxLayout()
        row.addWidget(self.paying_label, 1)
        row.addWidget(self.amount)
        actions = QHBoxLayout()
        for button in (self.undo_button, self.clear_button):
            actions.addWidget(button)
        actions.addStretch(1)
        actions.addWidget(self.pay_button)
        actions.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.level)
        layout.addWidget(self.progress)
        layout.addWidget(self.question)
        layout.addWidget(self.stake)
        layout.addWidget(self.clock_label)
        layout.addLayout(row)
        layout.addLayout(keypad)
        layout.addLayout(actions)
        layout.addWidget(self.feedback)
        layout.addStretch(1)
        layout.addWidget(self.score)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Enter that a field took as the answer stops here: it never also presses the dialog's default button
        (which would skip the feedback just shown)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)

    # -- the set ---------------------------------------------------------------------------------------------

    def _choose_level(self) -> None:
        self.drill = PayoutDrill(self.level.currentData())
        self.start(None)

    def start(self, seed: int | None = None) -> None:
        """A new set (the same items again for the same ``seed``)."""
        seed = new_seed(seed)
        rng = random.Random(seed)
        items = (self.drill.items(rng, self.count, self.mode, clock=self.clock) if self.clock is not None
                 else self.drill.items(rng, self.count, self.mode))
        self.drill_set = DrillSet(self.book, self.drill.name, self.mode, items, seed=seed, size=self.count)
        self.next_item()

    def next_item(self) -> None:
        """The next item of the set, or the set's score at its end."""
        self.drill_set.advance(self._show_item, self._finish_set)

    def _show_item(self, item: PayoutItem) -> None:
        level = item.level
        self.progress.setText(_("{number} of {count} · level {level}: {title} · target {seconds} s").format(
            number=self.number, count=self.count, level=level.number, title=_(level.title),
            seconds=f"{level.target_seconds:.0f}"))
        self.question.setText(item.question.prompt)
        self.stake.setText(_("The wager: {chips}").format(chips=chips_text(item.question.stake)))
        self.feedback.clear()
        self.clear_chips()
        self._enable(True)
        self.amount.setFocus()
        self._ticker.start()
        self._show_clock()
        self._show_score()

    def _enable(self, answering: bool) -> None:
        for widget in (*self.chip_buttons.values(), self.undo_button, self.clear_button, self.pay_button,
                       self.amount):
            widget.setEnabled(answering)
        self.next_button.setEnabled(not answering and self.item is not None)

    # -- answering -------------------------------------------------------------------------------------------

    @property
    def paying_total(self) -> Decimal:
        return sum(self.paying, Decimal(0))

    def add_chip(self, value: Decimal) -> None:
        self.paying.append(value)
        self._show_paying()

    def undo_chip(self) -> None:
        if self.paying:
            self.paying.pop()
        self._show_paying()

    def clear_chips(self) -> None:
        self.paying.clear()
        self.amount.clear()
        self._show_paying()

    def _show_paying(self) -> None:
        self.paying_label.setText(_("Paying {amount}").format(amount=format_money(self.paying_total)) + (
            f"  ({chips_text(self.paying_total)})" if self.paying else ""))

    def pay(self) -> Feedback | None:
        """Pay the chips cut (or the amount typed, when no chip is cut)."""
        item = self.item
        if item is None or item.seconds is not None:
            return None
        question = item.next_question()
        assert question is not None
        value = self.paying_total if self.paying else question.parse(self.amount.text())
        if value is None:
            self._say(_("Could not read {text}: {hint}").format(text=repr(self.amount.text()), hint=_(question.hint)),
                      NOTE)
            return None
        feedback = item.answer(value)
        self._ticker.stop()
        self._show_clock()
        if self.mode is Mode.EXAM:
            self._say(_("Answer taken."), NOTE)
        else:
            self._say(("✓ " if feedback.correct else "✗ ") + feedback.message, GOOD if feedback.correct else BAD)
        self.answered.emit(feedback)
        outcome = item.result()
        self.drill_set.record(outcome)
        self._enable(False)
        self.next_button.setText(_("See the score") if self.drill_set.last else _("Next"))
        self.next_button.setFocus()
        self._show_score()
        self.item_finished.emit(outcome)
        return feedback

    def _finish_set(self) -> None:
        self._ticker.stop()
        self.question.setText(_("Set done"))
        self.stake.clear()
        self._enable(False)
        on_target = sum(1 for item in self.result.items if item.correct and item.seconds <= self._target(item))
        result = self.result
        self._say(_("Score {score} % ({correct} of {steps} steps); {on_target} of {items} right and on target")
                  .format(score=f"{result.score:.1f}", correct=result.correct, steps=result.steps,
                          on_target=on_target, items=len(result.items)), NOTE)
        self.set_finished.emit(self.result)

    def _target(self, outcome: ItemResult) -> float:
        title = outcome.item
        for level in LEVELS:
            if title.startswith(f"Level {level.number} "):
                return level.target_seconds
        return LEVELS[-1].target_seconds

    def _show_clock(self) -> None:
        item = self.item
        if item is None:
            return
        seconds = item.seconds
        if seconds is None:
            seconds = item.result().seconds
        target = item.level.target_seconds
        colour = GOOD if seconds <= target else BAD
        self.clock_label.setStyleSheet(f"color: {colour};")
        self.clock_label.setText(_("{seconds} s  (target {target} s)").format(seconds=f"{seconds:.1f}",
                                                                               target=f"{target:.0f}"))

    def _show_score(self) -> None:
        if not self.result.items:
            self.score.setText("")
            return
        items = self.result.items
        mean = sum(item.seconds for item in items) / len(items)
        if self.mode is Mode.EXAM and not self.drill_set.over:  # nothing of the score until the set ends
            self.score.setText(ngettext("{items} answered · {seconds} s on average",
                                        "{items} answered · {seconds} s on average", len(items)).format(
                items=len(items), seconds=f"{mean:.1f}"))
            return
        self.score.setText(_("{correct} of {items} right · {seconds} s on average").format(
            correct=self.result.correct, items=len(items), seconds=f"{mean:.1f}"))


    def _say(self, text: str, colour: str) -> None:
        say(self.feedback, text, colour)
