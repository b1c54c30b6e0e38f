"""A drill as a short form: the hand, one question at a time, quick answer buttons, feedback, the score.

:class:`DrillForm` runs any drill whose items ask :class:`~trainer.drills.base.Question` s — the single-decision
drills ("Seat 4: what happens to the Blind, and how much?"), the dealer's-hand and deal-order drills, and the
settlement drills in their typed form. The answer controls fit the question: Pay / Take / Push / Return with an
amount; the hand categories with Qualifies / Does not qualify; Win / Lose / Tie; otherwise a line to type in
(the hint as its placeholder). Every item goes to the :class:`~trainer.scoring.ScoreBook`, the set at the end.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterator
from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.answers import read_action, read_dealer_hand
from trainer.drills.base import Drill, DrillItem, Feedback, Question, drill_description
from trainer.drills.decision_drills import read_result
from trainer.engine.evaluator import Category
from trainer.gui.drills.hand_view import hand_html, rules_html
from trainer.gui.drills.runner import DrillSet, RunsASet, new_seed
from trainer.gui.progress.words import mode_name
from trainer.gui.widgets import BAD, GOOD, NOTE, form_label, say
from trainer.i18n.translation import _, pgettext
from trainer.quiz.review import mistakes_text, tally_of
from trainer.scoring import ItemResult, Mode, ScoreBook

Clock = Callable[[], float]


def drill_items(drill: Drill, rng: random.Random, count: int, mode: Mode,
                clock: Clock | None) -> Iterator[DrillItem]:
    """The drill's items, timed by ``clock`` when the drill takes one."""
    if clock is not None and "clock" in inspect.signature(drill.items).parameters:
        return iter(drill.items(rng, count, mode, clock=clock))  # type: ignore[call-arg]
    return iter(drill.items(rng, count, mode))


def item_html(item: DrillItem) -> str:
    """The item's hand drawn with card faces when it shows a table (its text has the board), else its text."""
    scenario = getattr(item, "scenario", None)
    board = ("Board:", _("Board") + ":")  # the item's text in English, or in the language shown
    if scenario is None or not any(word in item.text for word in board):
        return f"<pre>{escape(item.text)}</pre>"
    lines = item.text.splitlines()
    dealer = ("Dealer:", "Player-dealer (seat", _("Dealer") + ":", _("Player-dealer (seat {seat})").split("{")[0])
    show_dealer = any(line.startswith(dealer) for line in lines)
    return hand_html(scenario, show_dealer=show_dealer)


class AnswerPanel(QStackedWidget):
    """The controls for the current question; each turns a click into the text the question reads."""

    typed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.line = QLineEdit()
        self.line.setObjectName("answerLine")
        self.line.returnPressed.connect(lambda: self.typed.emit(self.line.text()))
        self.addWidget(self._row(self.line, self._button(_("Answer"), lambda: self.typed.emit(self.line.text()),
                                                         "answer")))

        self.amount = QLineEdit()
        self.amount.setObjectName("amount")
        self.amount.setPlaceholderText(_("amount for a pay, e.g. 7.50"))
        self.amount.returnPressed.connect(lambda: self.typed.emit(f"pay {self.amount.text()}"))
        action_texts = {"pay": pgettext("button", "Pay"), "take": pgettext("button", "Take"),
                        "push": pgettext("button", "Push"), "return": pgettext("button", "Return")}
        self.action_buttons = {word: self._button(text, self._action(word), word)
                               for word, text in action_texts.items()}
        self.addWidget(self._row(self.amount, *self.action_buttons.values()))

        self.category = QComboBox()
        self.category.setObjectName("category")
        for category in Category:
            name = _(category.label)  # the engine's hand names are in the catalogue (read as the label's key)
            self.category.addItem(name[:1].upper() + name[1:], category.label)

        self.qualify_buttons = {
            True: self._button(_("Qualifies"), lambda: self.typed.emit(f"{self.category.currentData()} q"),
                               "qualifies"),
            False: self._button(_("Does not qualify"),
                                lambda: self.typed.emit(f"{self.category.currentData()} no"), "does_not_qualify"),
        }
        self.addWidget(self._row(self.category, *self.qualify_buttons.values()))

        result_texts = {"win": pgettext("button", "Win"), "lose": pgettext("button", "Lose"),
                        "tie": pgettext("button", "Tie")}
        self.result_buttons = {word: self._button(text, self._say(word), word) for word, text in result_texts.items()}
        self.addWidget(self._row(*self.result_buttons.values()))

    def _action(self, word: str) -> Callable[[], None]:
        return lambda: self.typed.emit(f"{word} {self.amount.text()}".strip())

    def _say(self, word: str) -> Callable[[], None]:
        return lambda: self.typed.emit(word)

    @staticmethod
    def _button(text: str, slot: Callable[[], None], name: str) -> QPushButton:
        """A button showing ``text`` (in the current language), named ``name`` whatever the language."""
        button = QPushButton(text)
        button.setObjectName(name)
        button.setMinimumHeight(34)
        button.clicked.connect(slot)
        return button

    @staticmethod
    def _row(*widgets: QWidget) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            layout.addWidget(widget, 1 if isinstance(widget, (QLineEdit, QComboBox)) else 0)
        return row

    def show_for(self, question: Question) -> None:
        """The controls that fit ``question``, cleared, with the focus on them."""
        kinds: dict[Callable[[str], Any], int] = {read_action: 1, read_dealer_hand: 2, read_result: 3}
        self.setCurrentIndex(kinds.get(question.parse, 0))
        self.line.clear()
        self.amount.clear()
        self.line.setPlaceholderText(_(question.hint))  # a drill's hint is marked English (as the quiz reads it)
        (self.amount if self.currentIndex() == 1 else self.line).setFocus()


class DrillForm(QWidget, RunsASet[DrillItem]):
    """A drill as a form (a QWidget for the main window's right-hand panel or a dialog).

    ``clock`` times the items (tests inject one). ``seed`` replays a set.
    """

    answered = Signal(object)
    """The :class:`~trainer.drills.base.Feedback` after each answer read."""
    item_finished = Signal(object)
    """The :class:`~trainer.scoring.ItemResult` of an item just done (also recorded in the book)."""
    set_finished = Signal(object)
    """The :class:`~trainer.scoring.SetResult` at the end of the set."""

    def __init__(self, drill: Drill, book: ScoreBook, *, mode: Mode = Mode.PRACTICE, count: int = 10,
                 seed: int | None = None, clock: Clock | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drillForm")
        self.setWindowTitle(drill_description(drill))
        self.drill, self.book, self.mode, self.count = drill, book, mode, count
        self.clock = clock
        self._item_over = False
        self._answers: list[str] = []
        self._build()
        self.start(seed)

    def _build(self) -> None:
        self.heading = form_label("heading", bold=True, size=15, selectable=True)
        self.heading.setText(drill_description(self.drill))
        self.progress = form_label("progress", selectable=True)
        self.title = form_label("title", bold=True, selectable=True)
        self.hand = form_label("hand", selectable=True)
        self.hand.setTextFormat(Qt.TextFormat.RichText)
        self.rules = form_label("rules")  # the pay tables (and fee schedule) the hand is settled by
        self.rules.setTextFormat(Qt.TextFormat.RichText)
        self.prompt = form_label("prompt", bold=True, size=14, selectable=True)
        self.answers = AnswerPanel()
        self.answers.typed.connect(self.submit)
        self.feedback = form_label("feedback", selectable=True)
        self.history = form_label("history", selectable=True)
        self.history.setStyleSheet(f"color: {NOTE};")
        self.next_button = QPushButton(_("Next hand"))
        self.next_button.setObjectName("next")
        self.next_button.clicked.connect(self.next_item)
        self.again_button = QPushButton(_("New set"))
        self.again_button.setObjectName("again")
        self.again_button.clicked.connect(lambda: self.start(None))
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.again_button)
        buttons.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        for widget in (self.heading, self.progress, self.title, self.hand, self.rules, self.prompt, self.answers,
                       self.feedback, self.history):
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addLayout(buttons)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Enter that a field took as the answer stops here: it never also presses the dialog's default button
        (which would skip the feedback just shown)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)

    # -- the set ---------------------------------------------------------------------------------------------

    def start(self, seed: int | None = None) -> None:
        """A new set (the same items again for the same ``seed``)."""
        seed = new_seed(seed)
        items = drill_items(self.drill, random.Random(seed), self.count, self.mode, self.clock)
        self.drill_set = DrillSet(self.book, self.drill.name, self.mode, items, seed=seed, size=self.count)
        self.next_item()

    def next_item(self) -> None:
        """The next item of the set, or the set's score at its end."""
        self.drill_set.advance(self._show_item, self._finish_set)

    def _show_item(self, item: DrillItem) -> None:
        self._item_over = False
        self.progress.setText(_("Hand {number} of {count} · {mode} mode · seed {seed}").format(
            number=self.number, count=self.count, mode=mode_name(self.mode), seed=self.seed))
        self.title.setText(item.title)
        self.hand.setText(item_html(item))
        scenario = getattr(item, "scenario", None)
        self.rules.setText(rules_html(scenario) if scenario is not None else "")
        self.rules.setVisible(scenario is not None)
        self.feedback.clear()
        self.history.clear()
        self._answers = []
        self.next_button.setEnabled(False)
        self._show_question()

    def _show_question(self) -> None:
        assert self.item is not None
        question = self.item.next_question()
        if question is None:
            self._end_item()
            return
        self.prompt.setText(question.prompt)
        self.answers.setEnabled(True)
        self.answers.show_for(question)

    def submit(self, text: str) -> Feedback | None:
        """Read ``text`` as the answer to the current question (what every button and Enter send)."""
        if self.item is None or self._item_over:
            return None
        question = self.item.next_question()
        assert question is not None
        value = question.parse(text.strip())
        if value is None:
            self._say(_("Could not read {text}: {hint}").format(text=repr(text.strip()), hint=_(question.hint)), NOTE)
            return None
        feedback = self.item.answer(value)
        if feedback.accepted:
            mark = "•" if self.mode is Mode.EXAM else ("✓" if feedback.correct else "✗")
            # the answer as the drill read it, in the language (a wrong one as its mistake names it); a right one
            # as typed, quoted: the trainee's own words
            said = feedback.mistakes[0].given if feedback.mistakes else f"“{text.strip()}”"
            self._answers.append(f"{mark} {question.prompt} {said}")
            self.history.setText(_("Answered:") + "\n" + "\n".join(self._answers[-12:]))
        if self.mode is Mode.EXAM:
            self._say(feedback.message if not feedback.accepted else _("Answer taken."), NOTE)
        else:
            self._say(("✓ " if feedback.correct else "✗ ") + feedback.message, GOOD if feedback.correct else BAD)
        self.answered.emit(feedback)
        self._show_question()
        return feedback

    def _end_item(self) -> None:
        assert self.item is not None
        outcome: ItemResult = self.item.result()
        self.drill_set.record(outcome)
        self._item_over = True
        self.answers.setEnabled(False)
        last = self.drill_set.last
        if self.mode is Mode.EXAM:  # nothing of the score until the set ends: not even a one-question hand's
            done = _("Hand done")
            self._say(_("Answers taken: the score comes when the set ends."), NOTE)
        else:
            done = _("Hand done: {score} % ({correct} of {steps})").format(
                score=f"{outcome.score:.0f}", correct=outcome.correct, steps=outcome.steps)
            summary = [tally_of([outcome]).text()] + [f"• {mistake.describe()}" for mistake in outcome.mistakes]
            self._say("\n".join([self.feedback.text(), _("This hand: {tally}").format(tally=summary[0]),
                                 *summary[1:]]), GOOD if outcome.perfect else BAD)  # the last verdict stays
        self.prompt.setText(done + ("." if last else _(". Next hand when ready.")))
        self.next_button.setEnabled(True)
        self.next_button.setText(_("See the score") if last else _("Next hand"))
        self.next_button.setFocus()
        self.item_finished.emit(outcome)

    def _finish_set(self) -> None:
        self.title.setText(_("Set done (the last hand above)"))

        self.prompt.setText(f"{tally_of(self.result.items).text()}. {mistakes_text(self.result.items)}")
        self.answers.setEnabled(False)
        self.next_button.setEnabled(False)
        self.again_button.setFocus()
        self.set_finished.emit(self.result)

    def _say(self, text: str, colour: str) -> None:
        say(self.feedback, text, colour)
