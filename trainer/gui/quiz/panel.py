"""The settlement panel in the window's right-hand dock: the trainee announces the dealer's hand, then settles
the table one wager at a time.

The panel only shows and asks; the :class:`~trainer.quiz.settlement.SettlementQuiz` behind the controller
judges. What the trainee does comes out as signals: ``dealerAnnounced(category, qualifies)``,
``stepConfirmed(seat, wager, action, amount)`` (amount ``None`` when none was cut or typed),
``selectionChanged(seat, wager)``, ``chipAdded(value)`` / ``chipRemoved(value)`` / ``chipsCleared()`` (the
table moves the chips), ``lessonRequested(topic)`` and ``reviewRequested()``.

Every control is reachable by keyboard; the keys work wherever the focus is inside the panel (they are taken
before the window's own single-key shortcuts): :data:`KEYS_HELP`, handled in :mod:`trainer.gui.quiz.keys`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from PySide6.QtCore import QEvent, QModelIndex, QObject, QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.evaluator import Category
from trainer.engine.settlement import format_money
from trainer.engine.wagers import Action, Wager
from trainer.gui.quiz.controls import (
    ACTION_TEXTS,
    ACTION_TIPS,
    CHIP_VALUES,
    ChipButton,
    FeedbackShown,
    category_list,
    chips_text,
    cycle_box,
    name_categories,
    uncheck,
)
from trainer.gui.quiz.keys import ACTION_KEYS, KEYS_HELP, is_letter, key_handler
from trainer.gui.quiz.stage import PanelStage
from trainer.gui.widgets import form_button, form_label, score_clock_keys
from trainer.i18n.translation import _
from trainer.quiz.amounts import read_amount

KEYPAD_COLUMNS = 2
"""The chip buttons two to a row: three ($1,000 with its chip) are wider than the side panel beside its scroll bar
on a 1024 or 1366 pixel screen, and the panel would be cut at its right edge."""

class SettlementPanel(FeedbackShown, QWidget):
    """The trainee's side of the settlement quiz (see the module's description)."""

    dealerAnnounced = Signal(object, bool)  # noqa: N815
    stepConfirmed = Signal(int, str, str, object)  # noqa: N815
    selectionChanged = Signal(int, str)  # noqa: N815
    chipAdded = Signal(object)  # noqa: N815
    chipRemoved = Signal(object)  # noqa: N815
    chipsCleared = Signal()  # noqa: N815
    lessonRequested = Signal(str)  # noqa: N815
    reviewRequested = Signal()  # noqa: N815

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settlementPanel")
        self.stage = PanelStage.IDLE
        """Which part of the panel takes answers."""
        self.chips: list[Decimal] = []
        self.lesson_topic: str | None = None
        self._wagers: dict[int, list[str]] = {}
        self._chosen: tuple[int | None, str | None] = (None, None)
        self._filling = False
        self._build()
        for widget in (self, *self.findChildren(QWidget)):
            widget.installEventFilter(self)
        self.set_stage(PanelStage.IDLE)

    # -- building ------------------------------------------------------------------------------------------

    def _build(self) -> None:
        self.title = form_label("quizTitle", bold=True, size=15)
        self.progress = form_label("quizProgress")
        self._build_dealer()
        self._build_step()
        self.hint = form_label("hint")
        self.hint.setStyleSheet("QLabel#hint { color: #6b4e00; background: #fff6d6; border: 1px solid #d9b45c; "
                                "border-radius: 5px; padding: 5px; }")
        self.feedback = form_label("feedback")
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        self.lesson_button = form_button(_("Open lesson (L)"), "openLesson", self.open_lesson,
                                          _("Open the lesson on the rule just missed (L)"))
        self.review_button = form_button(_("Review the hand (V)"), "reviewHand", self.request_review,
                                          _("Every step of the hand, yours beside the correct one (V)"))
        self.score, self.clock, self.keys_help = score_clock_keys(
            ("score", "clock", "keysHelp"), _("Every key: Help ▸ Keys (Ctrl+/); hover here for the settling keys."),
            _(KEYS_HELP))
        links = QHBoxLayout()
        links.addWidget(self.lesson_button)
        links.addWidget(self.review_button)
        links.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(5)
        for widget in (self.title, self.progress, self.dealer_box, self.step_box, self.hint, self.feedback):
            layout.addWidget(widget)
        layout.addLayout(links)
        for widget in (self.score, self.clock, self.keys_help):
            layout.addWidget(widget)
        layout.addStretch(1)  # the room left over goes below the panel, not into its boxes
        self.setToolTip(_(KEYS_HELP))

    def _build_dealer(self) -> None:
        self.dealer_box = QGroupBox(_("1 · The dealer's hand"))
        self.dealer_box.setObjectName("dealerBox")
        self.categories = category_list()
        self.qualifies = QRadioButton(_("Qualifies (Y)"))
        self.qualifies.setObjectName("qualifies")
        self.not_qualifies = QRadioButton(_("Does not qualify (N)"))
        self.not_qualifies.setObjectName("doesNotQualify")
        self.qualify_group = QButtonGroup(self)
        for button in (self.qualifies, self.not_qualifies):
            button.setToolTip(_("The dealer qualifies with a pair or better (Y / N)"))
            self.qualify_group.addButton(button)
        self.announce_button = form_button(_("Announce (Enter)"), "announce", self.announce,
                                            _("Announce the dealer's hand and whether it qualifies (Enter)"))
        self.announced = form_label("announced")
        row = QVBoxLayout()  # one above the other: side by side they are wider than the side panel at 1024 px
        row.setSpacing(2)
        row.addWidget(self.qualifies)
        row.addWidget(self.not_qualifies)
        layout = QVBoxLayout(self.dealer_box)
        layout.setSpacing(4)
        layout.addWidget(self.categories)
        layout.addLayout(row)
        layout.addWidget(self.announce_button)
        layout.addWidget(self.announced)

    def _build_step(self) -> None:
        self.step_box = QGroupBox(_("2 · Settle the wagers"))
        self.step_box.setObjectName("stepBox")
        self.seat_box = QComboBox()
        self.seat_box.setObjectName("seat")
        self.seat_box.setToolTip(_("The seat to settle next (S next, Shift+S back; or click its wager)"))
        self.wager_box = QComboBox()
        self.wager_box.setObjectName("wager")
        self.wager_box.setToolTip(_("The wager to settle (W next, Shift+W back; or click it on the table)"))
        self.seat_box.currentIndexChanged.connect(self._seat_chosen)
        self.wager_box.currentIndexChanged.connect(self._wager_chosen)
        chooser = QHBoxLayout()
        chooser.addWidget(self.seat_box, 1)
        chooser.addWidget(self.wager_box, 2)
        self.action_group = QButtonGroup(self)
        self.action_buttons: dict[Action, QPushButton] = {}
        actions = QGridLayout()
        actions.setSpacing(3)
        for key, action in ACTION_KEYS.items():
            letter = chr(int(key))
            button = QPushButton(_("{action} {key}").format(action=_(ACTION_TEXTS[action]), key=letter))
            button.setObjectName(f"action_{action.value}")
            button.setCheckable(True)
            button.setToolTip(_(ACTION_TIPS[action]))
            self.action_group.addButton(button)
            self.action_buttons[action] = button
            place = len(self.action_buttons) - 1
            actions.addWidget(button, place // 2, place % 2)
        self.chip_buttons: dict[Decimal, ChipButton] = {}
        keypad = QGridLayout()
        keypad.setSpacing(3)
        for index, value in enumerate(CHIP_VALUES):
            chip = ChipButton(value)
            chip.clicked.connect(lambda _checked=False, v=value: self.add_chip(v))
            chip.removeRequested.connect(lambda v=value: self.remove_chip(v))
            keypad.addWidget(chip, index // KEYPAD_COLUMNS, index % KEYPAD_COLUMNS)
            self.chip_buttons[value] = chip
        self.amount = QLineEdit()
        self.amount.setObjectName("amount")
        self.amount.setPlaceholderText(_("or type the amount"))
        self.amount.setToolTip(_("The payout typed (used when no chips are cut); Enter confirms"))
        self.amount.setValidator(QRegularExpressionValidator(QRegularExpression(r"\$?[0-9.,]{0,16}"), self))
        self.paying = form_label("paying", bold=True)
        self.confirm_button = form_button(_("Confirm (Enter)"), "confirm", self.confirm,
                                           _("Settle the wager as chosen (Enter)"))
        self.undo_button = form_button(_("Undo (⌫)"), "undo", self.undo,
                                        _("Take back the last chip, or the whole step (Backspace, Ctrl+Z)"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addStretch(1)
        buttons.addWidget(self.confirm_button)
        layout = QVBoxLayout(self.step_box)
        layout.setSpacing(4)
        layout.addLayout(chooser)
        layout.addLayout(actions)
        layout.addLayout(keypad)
        layout.addWidget(self.amount)
        layout.addWidget(self.paying)
        layout.addLayout(buttons)

    # -- what the controller tells it ----------------------------------------------------------------------

    def set_stage(self, stage: PanelStage) -> None:
        """Which part of the panel takes answers."""
        self.stage = stage
        asking_dealer = stage is PanelStage.DEALER
        for widget in (self.categories, self.qualifies, self.not_qualifies, self.announce_button):
            widget.setEnabled(asking_dealer)
        before_steps = stage in (PanelStage.IDLE, PanelStage.DEALER)
        self.categories.setVisible(before_steps)
        for widget in (self.qualifies, self.not_qualifies, self.announce_button):
            widget.setVisible(before_steps)
        self.step_box.setEnabled(stage is PanelStage.STEPS)
        # a hand done: the chips and buttons go, so that its verdict and Review the hand (V) are in view at 1366x768
        self.step_box.setVisible(stage not in (PanelStage.DEALER, PanelStage.DONE))

    def retranslate(self) -> None:
        """The texts made from parts (the action buttons, the seats, the chips cut) again, in the language spoken
        now; the hand's answers stay."""
        for key, action in ACTION_KEYS.items():
            self.action_buttons[action].setText(_("{action} {key}").format(action=_(ACTION_TEXTS[action]),
                                                                           key=chr(int(key))))
        for index in range(self.seat_box.count()):
            self.seat_box.setItemText(index, _("Seat {seat}").format(seat=self.seat_box.itemData(index)))
        for index in range(self.wager_box.count()):
            self.wager_box.setItemText(index, Wager(self.wager_box.itemData(index)).label)
        name_categories(self.categories)
        if self.paying.text():
            self._show_paying()

    def begin_hand(self, title: str, progress: str) -> None:
        """A new hand: the dealer's announcement first."""
        self.title.setText(title)
        self.progress.setText(progress)
        self.progress.setVisible(bool(progress))
        self._chosen = (None, None)
        self.categories.setCurrentIndex(QModelIndex())  # through the view: the focus no longer picks row 0
        self.categories.clearSelection()
        uncheck(self.qualify_group)
        self.announced.clear()
        self.announced.hide()
        self.set_wagers({})
        self.clear_step()
        self.show_feedback("")
        self.show_hint("")
        self.review_button.hide()
        self.set_stage(PanelStage.DEALER)
        self.categories.setFocus()

    def begin_steps(self, announced: str, wagers: Mapping[int, Sequence[str]]) -> None:
        """The dealer's hand is announced: settle the wagers (``wagers``: what is on each seat still)."""
        self.announced.setText(announced)
        self.announced.show()
        self.set_wagers(wagers)
        self.set_stage(PanelStage.STEPS)
        self.amount.setFocus()

    def forget_last_hand(self) -> None:
        """A new round is being dealt: the last hand's dealer line goes (it would read as this hand's)."""
        self.announced.clear()
        self.announced.hide()

    def finish_hand(self, text: str) -> None:
        """Nothing is left to settle."""
        self.set_wagers({})
        self.clear_step()
        self.set_stage(PanelStage.DONE)
        self.show_hint("")  # nothing comes next
        self.review_button.show()
        if text:
            self.progress.setText(text)
            self.progress.show()

    def set_wagers(self, wagers: Mapping[int, Sequence[str]]) -> None:
        """The wagers still on the table, by seat, in the order given (the layout's: the seats as S walks them,
        each seat's wagers as W does); the choice stays where it was when it still can, else nothing is chosen
        (only guided mode's controller chooses the next step)."""
        seat, wager = self.selection()
        self._wagers = {s: list(w) for s, w in wagers.items() if w}
        self._filling = True
        self.seat_box.clear()
        for number in self._wagers:
            self.seat_box.addItem(_("Seat {seat}").format(seat=number), number)
        self._filling = False
        if seat is not None and wager is not None and wager in self._wagers.get(seat, []):
            self.select(seat, wager)
        else:
            self.select_nothing()

    def select_nothing(self) -> None:
        """No wager chosen (every wager is settled, or the next is the trainee's to find)."""
        self._filling = True
        self.seat_box.setCurrentIndex(-1)
        self.wager_box.clear()
        self._filling = False
        self._chosen = (None, None)

    def select(self, seat: int, wager: str) -> bool:
        """Choose ``seat``'s ``wager`` (a click on the table); False when nothing of it is left to settle."""
        if wager not in self._wagers.get(seat, []):
            return False
        self._filling = True
        self.seat_box.setCurrentIndex(self.seat_box.findData(seat))
        self._fill_wagers(seat)
        self.wager_box.setCurrentIndex(self.wager_box.findData(wager))
        self._filling = False
        self._chose(seat, wager)
        return True

    def selection(self) -> tuple[int | None, str | None]:
        seat, wager = self.seat_box.currentData(), self.wager_box.currentData()
        return (None if seat is None else int(seat)), (None if wager is None else str(wager))

    def show_hint(self, text: str) -> None:
        self.hint.setText(text)
        self.hint.setVisible(bool(text))

    # -- the trainee's answers -----------------------------------------------------------------------------

    def announce(self) -> None:
        """Announce the chosen category and qualification (both must be chosen)."""
        if self.stage is not PanelStage.DEALER:
            return
        current = self.categories.currentItem()
        row = self.categories.currentRow() if current is not None and current.isSelected() else -1
        checked = self.qualify_group.checkedButton()
        if row < 0 or checked is None:
            self.show_feedback(_("First choose the dealer's hand (0–9).") if row < 0
                               else _("First choose whether the dealer qualifies (Y / N)."))
            return
        self.dealerAnnounced.emit(Category(row), checked is self.qualifies)

    def choose_category(self, category: Category) -> None:
        self.categories.setCurrentRow(int(category))

    def choose_qualifies(self, qualifies: bool) -> None:
        (self.qualifies if qualifies else self.not_qualifies).setChecked(True)

    @property
    def action(self) -> Action | None:
        for action, button in self.action_buttons.items():
            if button.isChecked():
                return action
        return None

    def choose_action(self, action: Action) -> None:
        self.action_buttons[action].setChecked(True)

    @property
    def chips_total(self) -> Decimal:
        return sum(self.chips, Decimal(0))

    def add_chip(self, value: Decimal) -> None:
        """One chip onto the payout being cut."""
        if self.stage is not PanelStage.STEPS:
            return
        self.chips.append(value)
        self.chipAdded.emit(value)
        self._show_paying()

    def remove_chip(self, value: Decimal | None = None) -> bool:
        """Take one chip of ``value`` (the last one cut when None) back to the tray; False when none."""
        if not self.chips or (value is not None and value not in self.chips):
            return False
        index = len(self.chips) - 1 if value is None else len(self.chips) - 1 - self.chips[::-1].index(value)
        chip = self.chips.pop(index)
        self.chipRemoved.emit(chip)
        self._show_paying()
        return True

    def undo(self) -> None:
        """Take back the last chip; with none cut, the whole step (action and amount)."""
        if not self.remove_chip():
            self.clear_step()

    def clear_step(self) -> None:
        """Forget the step being built: no action, no amount, the chips back to the tray."""
        if self.chips:
            self.chips.clear()
            self.chipsCleared.emit()
        uncheck(self.action_group)
        self.amount.clear()
        self._show_paying()

    def confirm(self) -> None:
        """Settle the chosen wager as built: a pay needs chips or a typed amount; a take may say how much
        (typed: a bank that covers only part); a push or a return moves the stake, no amount."""
        if self.stage is not PanelStage.STEPS:
            return
        seat, wager = self.selection()
        action = self.action
        if seat is None or wager is None:
            self.show_feedback(_("Choose the wager to settle: click it on the table (or S / W)."))
            return
        if action is None:
            self.show_feedback(_("Choose what to do with it: P pay, T take, U push, R return."))
            return
        amount: Decimal | None = self.chips_total if self.chips and action is Action.PAY else None
        text = self.amount.text().strip()
        if amount is None and text and action in (Action.PAY, Action.TAKE):
            amount = read_amount(text)
            if amount is None:
                self.show_feedback(_("“{text}” is not an amount: type dollars, such as 15 or 7.50.").format(text=text))
                return
        if action is Action.PAY and amount is None:
            self.show_feedback(_("Cut the payout from the chips (or type it), then Enter."))
            return
        self.stepConfirmed.emit(seat, wager, action.value, amount)

    # -- keys ----------------------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(event, QKeyEvent):
            handler = key_handler(self, watched, event)
            if handler is not None:
                event.accept()
                if kind == QEvent.Type.KeyPress:
                    handler()
                return True
            if kind == QEvent.Type.ShortcutOverride and watched is self.amount and is_letter(event):
                event.ignore()  # the amount takes no letters: the window's keys (E, M, ...) still work
                return True
        return super().eventFilter(watched, event)

    def type_amount(self, text: str) -> None:
        """Type ``text`` into the amount (a digit or the point typed anywhere in the panel)."""
        self.amount.setFocus()
        self.amount.insert(text)

    def cycle_seat(self, step: int) -> None:
        """The next (``step`` 1) or previous (-1) seat by number, wrapping round; with none chosen, the first
        (or the last)."""
        cycle_box(self.seat_box, step)

    def cycle_wager(self, step: int) -> None:
        """The seat's next (``step`` 1) or previous (-1) wager as the felt prints them."""
        cycle_box(self.wager_box, step)

    # -- internals -----------------------------------------------------------------------------------------

    def _seat_chosen(self) -> None:
        if self._filling:
            return
        seat = self.seat_box.currentData()
        if seat is None:
            return
        self._filling = True
        self._fill_wagers(int(seat))
        self._filling = False
        self._wager_chosen()

    def _fill_wagers(self, seat: int) -> None:
        self.wager_box.clear()
        for wager in self._wagers.get(seat, []):
            self.wager_box.addItem(Wager(wager).label, wager)

    def _wager_chosen(self) -> None:
        if self._filling:
            return
        seat, wager = self.selection()
        if seat is not None and wager is not None:
            self._chose(seat, wager)

    def _chose(self, seat: int, wager: str) -> None:
        """Another wager: a new step (its action and typed amount start afresh; cut chips go along)."""
        if (seat, wager) != self._chosen:
            self._chosen = (seat, wager)
            uncheck(self.action_group)
            self.amount.clear()
        self.selectionChanged.emit(seat, wager)

    def _show_paying(self) -> None:
        if self.chips:
            self.paying.setText(_("Paying {amount}  ({chips})").format(amount=format_money(self.chips_total),
                                                                      chips=chips_text(self.chips)))
        else:
            self.paying.setText(_("No chips cut"))

    def request_review(self) -> None:
        """Ask for the review of the hand."""
        self.reviewRequested.emit()

    def open_lesson(self) -> None:
        """Ask for the lesson on the topic of the rule last missed."""
        if self.lesson_topic:
            self.lessonRequested.emit(self.lesson_topic)


__all__ = ["CHIP_VALUES", "KEYS_HELP", "ChipButton", "PanelStage", "SettlementPanel", "chips_text"]
