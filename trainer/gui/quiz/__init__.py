"""Settle it yourself: the step-graded settlement quiz on the table.

:func:`install_quiz` gives the main window a :class:`QuizController` (``window.quiz``), the settlement panel
above the round log, and a *Settle it yourself* menu inside *Train* (a menu of its own when the window has no
*Train* menu): the table settles (Ctrl+0), or the trainee settles each round in
guided (Ctrl+1), practice (Ctrl+2), exam (Ctrl+3: a set of hands, then the review) or speed mode (Ctrl+4);
*Exam set…* (Ctrl+E) chooses the number of hands and the pass mark; *Review the last hand or exam*
(Ctrl+Shift+V). The mode chosen is kept in the window's settings (``quiz_mode``), saved when it changes and
restored when the window is built again (an exam set restored opens a new set; its first hand waits for a deal).

The judging is :class:`~trainer.quiz.settlement.SettlementQuiz`'s; this package only shows and asks.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog

from trainer.gui.quiz.controller import QuizController
from trainer.gui.quiz.panel import SettlementPanel
from trainer.gui.quiz.review import ExamSetDialog, HandReview, ReviewDialog
from trainer.scoring import Mode

MODE_ACTIONS: tuple[tuple[str, Mode | None, str, str], ...] = (
    ("quizOff", None, "The &table settles", "Ctrl+0"),
    ("quizGuided", Mode.GUIDED, "Settle it yourself: &guided", "Ctrl+1"),
    ("quizPractice", Mode.PRACTICE, "Settle it yourself: &practice", "Ctrl+2"),
    ("quizExam", Mode.EXAM, "Settle it yourself: &exam", "Ctrl+3"),
    ("quizSpeed", Mode.SPEED, "Settle it yourself: &speed", "Ctrl+4"),
)
MODE_TIPS = {
    None: "The table settles every round by itself",
    Mode.GUIDED: "Before each step the table lights what comes next and says why",
    Mode.PRACTICE: "Each step is checked at once, with the rule and its lesson",
    Mode.EXAM: "A set of hands with no feedback until the end, then the review and the pass mark",
    Mode.SPEED: "Against the clock: hands per hour and seconds per decision",
}


def install_quiz(window: Any) -> QuizController:
    """Give ``window`` the settlement quiz: ``window.quiz`` and the *Settle it yourself* menu."""
    controller = QuizController(window)
    menu_bar = window.menuBar()
    train = next((action.menu() for action in menu_bar.actions() if action.text() == "T&rain"), None)
    if train is not None:
        train.addSeparator()
        menu = train.addMenu("Settle it &yourself")
    else:
        menu = menu_bar.addMenu("Settle it &yourself")
    menu.setObjectName("quizMenu")
    group = QActionGroup(window)
    group.setExclusive(True)
    actions: dict[Mode | None, QAction] = {}
    for name, mode, text, key in MODE_ACTIONS:
        action = _action(window, name, text, key, MODE_TIPS[mode])
        action.setCheckable(True)
        action.triggered.connect(lambda _checked=False, m=mode: _choose(controller, m))
        group.addAction(action)
        menu.addAction(action)
        actions[mode] = action
    actions[None].setChecked(True)
    controller.modeChanged.connect(lambda mode: actions[mode].setChecked(True))
    _restore_mode(window, controller)
    controller.modeChanged.connect(lambda mode: _remember_mode(window, mode))
    menu.addSeparator()
    exam_set = _action(window, "examSet", "E&xam set…", "Ctrl+E", "Choose the hands and pass mark of an exam set")
    exam_set.triggered.connect(lambda: open_exam_set(window))
    menu.addAction(exam_set)
    review = _action(window, "reviewHand", "&Review the last hand or exam", "Ctrl+Shift+V",
                     "Every step of the hand (or exam set) settled last, yours beside the correct one")
    review.triggered.connect(controller.review_last_hand)
    menu.addAction(review)
    window.quiz_menu = menu
    return controller


def _action(window: Any, name: str, text: str, key: str, tip: str) -> QAction:
    action = QAction(text, window)
    action.setObjectName(name)
    action.setShortcut(QKeySequence(key))
    action.setToolTip(f"{tip} ({key})")
    action.setStatusTip(tip)
    window.addAction(action)
    return action


def _restore_mode(window: Any, controller: QuizController) -> None:
    """The mode saved in the window's settings, chosen again (nothing saved while doing so)."""
    saved = getattr(getattr(window, "settings", None), "quiz_mode", "off")
    if saved != "off":
        controller.set_mode(Mode(saved))


def _remember_mode(window: Any, mode: Mode | None) -> None:
    """Keep ``mode`` in the window's settings and save them (the window reports a failure to save)."""
    settings = getattr(window, "settings", None)
    wanted = mode.value if mode is not None else "off"
    if settings is None or settings.quiz_mode == wanted:
        return
    window.settings = settings.replace(quiz_mode=wanted)
    window.save_settings()


def _choose(controller: QuizController, mode: Mode | None) -> None:
    if mode is Mode.EXAM:
        controller.start_exam()
    else:
        controller.set_mode(mode)


def open_exam_set(window: Any) -> QDialog:
    """Ask for the exam set's hands and pass mark; OK starts it."""
    controller: QuizController = window.quiz
    dialog = ExamSetDialog(controller.exam_hands, round(controller.pass_mark), window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.accepted.connect(lambda: controller.start_exam(dialog.hands.value(), dialog.pass_mark.value()))
    dialog.open()
    return dialog


__all__ = ["ExamSetDialog", "HandReview", "QuizController", "ReviewDialog", "SettlementPanel", "install_quiz",
           "open_exam_set"]
