"""Settle it yourself: the step-graded settlement quiz on the table.

:func:`install_quiz` makes the :class:`QuizController` of a table host, puts the settlement panel in the prompt
area above the round log, and fills the *Settle it yourself* menu it is given: the table settles (Ctrl+0), or
the trainee settles each round in guided (Ctrl+1), practice (Ctrl+2), exam (Ctrl+3: a set of hands, then the
review) or speed mode (Ctrl+4); *Exam set…* (Ctrl+E) chooses the number of hands and the pass mark; *Review the
last hand or exam* (Ctrl+Shift+V; V alone once the hand is settled, wherever the focus is). The mode chosen is
kept in the host's settings (``quiz_mode``), saved when it changes and restored when the window is built again
(an exam set restored opens a new set; its first hand waits for a deal).

The judging is :class:`~trainer.quiz.settlement.SettlementQuiz`'s and the hand's course the table session's;
this package only shows and asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDialog, QLabel, QMenu, QToolBar, QWidget

from trainer.gui.quiz.controller import QuizController
from trainer.gui.quiz.panel import SettlementPanel
from trainer.gui.quiz.review import ExamSetDialog, HandReview, ReviewDialog
from trainer.gui.widgets import window_action
from trainer.i18n.translation import N_, _
from trainer.scoring import Mode

if TYPE_CHECKING:
    from trainer.gui.host import TableHost

MODE_ACTIONS: tuple[tuple[str, Mode | None, str, str], ...] = (
    ("quizOff", None, N_("The &table settles"), "Ctrl+0"),
    ("quizGuided", Mode.GUIDED, N_("Settle it yourself: &guided"), "Ctrl+1"),
    ("quizPractice", Mode.PRACTICE, N_("Settle it yourself: &practice"), "Ctrl+2"),
    ("quizExam", Mode.EXAM, N_("Settle it yourself: &exam"), "Ctrl+3"),
    ("quizSpeed", Mode.SPEED, N_("Settle it yourself: &speed"), "Ctrl+4"),
)
MODE_NAMES = {None: N_("The table settles"), Mode.GUIDED: N_("Guided"), Mode.PRACTICE: N_("Practice"),
              Mode.EXAM: N_("Exam"), Mode.SPEED: N_("Speed")}
"""The modes' short names, on the mode bar above the table."""
MODE_TIPS = {
    None: N_("The table settles every round by itself"),
    Mode.GUIDED: N_("Before each step the table lights what comes next and says why"),
    Mode.PRACTICE: N_("Each step is checked at once, with the rule and its lesson"),
    Mode.EXAM: N_("A set of hands with no feedback until the end, then the review and the pass mark"),
    Mode.SPEED: N_("Against the clock: hands per hour and seconds per decision"),
}


def install_quiz(host: TableHost, menu: QMenu, prompt_area: QWidget, log: QWidget,
                 mode_bar: QToolBar | None = None) -> QuizController:
    """The settlement quiz of ``host``: its panel in ``prompt_area`` (``log`` hidden during an exam set) and
    the mode, exam set and review commands in ``menu``; the modes also on ``mode_bar``, always in view."""
    controller = QuizController(host, prompt_area, log)
    window = host.window()
    menu.setObjectName("quizMenu")
    group = QActionGroup(window)
    group.setExclusive(True)
    actions: dict[Mode | None, QAction] = {}
    for name, mode, text, key in MODE_ACTIONS:
        action = _action(window, name, _(text), key, _(MODE_TIPS[mode]))
        action.setCheckable(True)
        action.setIconText(_(MODE_NAMES[mode]))
        action.triggered.connect(lambda _checked=False, m=mode: _choose(controller, m))
        group.addAction(action)
        menu.addAction(action)
        actions[mode] = action
    if mode_bar is not None:
        label = QLabel(_("  Mode: "))
        label.setObjectName("modeLabel")
        mode_bar.addWidget(label)
        for action in actions.values():
            mode_bar.addAction(action)
    actions[None].setChecked(True)
    controller.modeChanged.connect(lambda mode: actions[mode].setChecked(True))
    _restore_mode(host, controller)
    controller.modeChanged.connect(lambda mode: _remember_mode(host, mode))
    menu.addSeparator()
    exam_set = _action(window, "examSet", _("E&xam set…"), "Ctrl+E",
                       _("Choose the hands and pass mark of an exam set"))
    exam_set.triggered.connect(lambda: open_exam_set(controller))
    menu.addAction(exam_set)
    review = _action(window, "reviewHand", _("&Review the last hand or exam"), "Ctrl+Shift+V",
                     _("Every step of the hand (or exam set) settled last, yours beside the correct one"))
    review.triggered.connect(controller.review_last_hand)
    menu.addAction(review)
    review_key = _action(window, "reviewHandKey", _("Review the hand"), "V",
                         _("Review the hand settled last, once it is settled"))
    review_key.setToolTip(_("Review the hand settled last (V)"))
    review_key.triggered.connect(controller.review_after_hand)
    return controller


def _action(window: QWidget, name: str, text: str, key: str, tip: str) -> QAction:
    return window_action(window, name, text, [key], tip=tip, keys_in_tip=True)


def _restore_mode(host: TableHost, controller: QuizController) -> None:
    """The mode saved in the host's settings, chosen again (nothing saved while doing so)."""
    saved = host.settings.quiz_mode
    if saved != "off":
        controller.set_mode(Mode(saved))


def _remember_mode(host: TableHost, mode: Mode | None) -> None:
    """Keep ``mode`` in the host's settings and save them (the host reports a failure to save)."""
    wanted = mode.value if mode is not None else "off"
    if host.settings.quiz_mode == wanted:
        return
    host.change_settings(quiz_mode=wanted, save=True)


def _choose(controller: QuizController, mode: Mode | None) -> None:
    for give_back in controller.before_mode_change:
        give_back()
    if mode is Mode.EXAM:
        controller.start_exam()
    else:
        controller.set_mode(mode)


def open_exam_set(controller: QuizController) -> QDialog:
    """Ask for the exam set's hands and pass mark; OK starts it."""
    dialog = ExamSetDialog(controller.exam_hands, round(controller.pass_mark), controller.host.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.accepted.connect(lambda: controller.start_exam(dialog.hands.value(), dialog.pass_mark.value()))
    dialog.open()
    return dialog


__all__ = ["ExamSetDialog", "HandReview", "QuizController", "ReviewDialog", "SettlementPanel", "install_quiz",
           "open_exam_set"]
