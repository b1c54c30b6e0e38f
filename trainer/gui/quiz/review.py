"""The review of settled hands: every step, the trainee's beside the correct one, with the rule; for an exam
the score against the pass mark.

:class:`ReviewDialog` shows :class:`HandReview` records (one per hand, from
:meth:`SettlementQuiz.review <trainer.quiz.settlement.SettlementQuiz.review>`); :class:`ExamSetDialog` asks
how many hands an exam set has and its pass mark.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.names import item_title
from trainer.i18n.translation import N_, _
from trainer.quiz.review import mistakes_text, tally_of
from trainer.quiz.settlement import ReviewLine
from trainer.scoring import Mode, SetResult, mark_text
from trainer.session.records import HandReview

RIGHT_BACK, WRONG_BACK = QColor("#e9f6ec"), QColor("#fdecea")
RIGHT_TEXT, WRONG_TEXT = QColor("#1b5e20"), QColor("#9a1212")
HEADING_BACK = QColor("#dfe6ee")


def set_summary(result: SetResult) -> str:
    """A set's score as steps and wrong attempts, named as such (:func:`~trainer.quiz.review.tally_of`), then
    for an exam whether it passed, for speed the pace: ``41 of 44 steps right (93.2 %) · 3 steps wrong ·
    13 wrong attempts · passed``."""
    text = tally_of(result.items).text()
    if result.mode is Mode.EXAM:
        text += " · " + (_("passed") if result.passed else _("not passed (pass mark {mark} %)").format(
            mark=mark_text(result.pass_mark)))
    if result.mode is Mode.SPEED and result.items:
        text += " · " + _("{hands} hands per hour, {seconds} s per decision").format(
            hands=f"{result.hands_per_hour:.0f}", seconds=f"{result.seconds_per_decision:.1f}")
        if result.target_seconds_per_decision is not None:
            text += " " + _("(target {seconds} s)").format(seconds=f"{result.target_seconds_per_decision:.1f}")
    return text


def verdict_text(result: SetResult) -> str:
    """The headline: ``Exam passed: 41 of 44 steps right (93.2 %) · 3 steps wrong · 13 wrong attempts · pass mark
    90 %``; another mode: ``Practice: 12 of 13 steps right …``."""
    tally = tally_of(result.items).text()
    if result.mode is Mode.EXAM:
        said = _("Exam passed: {tally} · pass mark {mark} %") if result.passed else _(
            "Exam not passed: {tally} · pass mark {mark} %")
        return said.format(tally=tally, mark=mark_text(result.pass_mark))
    name = MODE_NAMES.get(result.mode)
    return _("{mode}: {summary}").format(mode=_(name) if name else result.mode.value.capitalize(),
                                         summary=set_summary(result))


MODE_NAMES: dict[Mode, str] = {Mode.GUIDED: N_("Guided"), Mode.PRACTICE: N_("Practice"), Mode.EXAM: N_("Exam"),
                               Mode.SPEED: N_("Speed")}
"""The modes as a review's headline names them."""


def hand_heading(hand: HandReview) -> str:
    """A hand's heading row: its title and its tally."""
    return f"{item_title(hand.title)} · {tally_of([hand.result]).text()}"


class ReviewDialog(QDialog):
    """Every step of ``hands``, the correct one beside the trainee's; ``result`` gives the headline (after
    ``caption``, when given). Each hand opens with a heading row (its title and tally)."""

    COLUMNS = ("", N_("Correct step"), N_("Your step"), N_("Rule"))

    def __init__(self, hands: Sequence[HandReview], result: SetResult, parent: QWidget | None = None, *,
                 caption: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("settlementReview")
        self.setWindowTitle(_("Settlement review · {caption}").format(caption=caption) if caption
                            else _("Settlement review"))
        self.hands = list(hands)
        self.set_result = result
        self.headline = QLabel(f"{caption} · {verdict_text(result)}" if caption else verdict_text(result))
        self.headline.setObjectName("headline")
        self.headline.setWordWrap(True)
        font = QFont(self.headline.font())
        font.setBold(True)
        font.setPixelSize(18)
        self.headline.setFont(font)
        good = result.passed if result.mode.value == "exam" else result.score >= result.pass_mark
        self.headline.setStyleSheet(f"color: {RIGHT_TEXT.name() if good else WRONG_TEXT.name()};")
        self.mistakes = QLabel(mistakes_text(result.items))
        self.mistakes.setObjectName("mistakeCounts")
        self.mistakes.setWordWrap(True)
        self.table = self._table()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.mistakes)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(1180, 680)

    def _table(self) -> QTableWidget:
        table = QTableWidget(0, len(self.COLUMNS))
        table.setObjectName("reviewSteps")
        table.setHorizontalHeaderLabels([_(column) if column else "" for column in self.COLUMNS])
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setWordWrap(True)
        table.verticalHeader().hide()
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        table.setColumnWidth(1, 270)
        table.setColumnWidth(2, 270)
        for hand in self.hands:
            self._add_heading(table, hand)
            for line in hand.lines:
                self._add_row(table, line)
        header.sectionResized.connect(lambda *_: table.resizeRowsToContents())
        return table

    @staticmethod
    def _add_heading(table: QTableWidget, hand: HandReview) -> None:
        row = table.rowCount()
        table.insertRow(row)
        cell = QTableWidgetItem(hand_heading(hand))
        font = cell.font()
        font.setBold(True)
        cell.setFont(font)
        cell.setBackground(QBrush(HEADING_BACK))
        table.setItem(row, 0, cell)
        table.setSpan(row, 0, 1, len(ReviewDialog.COLUMNS))

    @staticmethod
    def _add_row(table: QTableWidget, line: ReviewLine) -> None:
        row = table.rowCount()
        table.insertRow(row)
        cells = line.cells()  # the first attempt exactly as given, and on a wrong row the rule it broke
        back = RIGHT_BACK if line.correct else WRONG_BACK
        for column, text in enumerate(cells):
            cell = QTableWidgetItem(text)
            cell.setToolTip(text)
            cell.setBackground(QBrush(back))
            if column in (0, 2):
                cell.setForeground(QBrush(RIGHT_TEXT if line.correct else WRONG_TEXT))
                if not line.correct:
                    font = cell.font()
                    font.setBold(True)
                    cell.setFont(font)
            if column == 0:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            table.setItem(row, column, cell)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.table.resizeRowsToContents()

    def lines(self) -> list[tuple[str, str, str, str]]:
        """The steps as shown, row by row: (mark, correct step, your step, rule); heading rows left out."""
        out = []
        for row in range(self.table.rowCount()):
            cells = [self.table.item(row, column) for column in range(len(self.COLUMNS))]
            if cells[1] is None:
                continue
            texts = [cell.text() if cell is not None else "" for cell in cells]
            out.append((texts[0], texts[1], texts[2], texts[3]))
        return out

    def headings(self) -> list[str]:
        """The hands' heading rows."""
        out = []
        for row in range(self.table.rowCount()):
            cell = self.table.item(row, 0)
            if cell is not None and self.table.item(row, 1) is None:
                out.append(cell.text())
        return out


class ExamSetDialog(QDialog):
    """How many hands the exam set has, and the pass mark."""

    def __init__(self, hands: int = 5, pass_mark: int = 90, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("examSetDialog")
        self.setWindowTitle(_("Exam set"))
        self.hands = QSpinBox()
        self.hands.setObjectName("examHands")
        self.hands.setRange(1, 50)
        self.hands.setValue(hands)
        self.hands.setToolTip(_("Hands to settle before the review"))
        self.pass_mark = QSpinBox()
        self.pass_mark.setObjectName("passMark")
        self.pass_mark.setRange(1, 100)
        self.pass_mark.setSuffix(" %")
        self.pass_mark.setValue(pass_mark)
        self.pass_mark.setToolTip(_("The share of steps right needed to pass"))
        note = QLabel(_("No feedback until the last hand is settled; then every step is reviewed beside the "
                        "correct one."))
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("&Hands:"), self.hands)
        form.addRow(_("&Pass mark:"), self.pass_mark)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Start the exam"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)


__all__ = ["ExamSetDialog", "HandReview", "ReviewDialog", "hand_heading", "set_summary", "verdict_text"]
