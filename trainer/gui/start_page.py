"""The start page: the path a newcomer follows, lesson → watch a hand → guided hand → practice → exam, each a
button that opens it, with what the trainee has done so far ticked.

What is done comes from a *done provider* (:data:`DoneProvider`, a function returning the steps done): by
default :class:`SessionProgress`, which watches this session's table; a progress store with the trainee's
history can be passed in instead (``StartPage(..., done=store_provider)``).

Beside the path the page may show a ``side`` panel (who is training and their Today queue), and a checkbox that
says whether the page opens at every start (``at_start``; :attr:`StartPage.atStartChanged` tells of a change).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n.translation import N_, _
from trainer.scoring import ItemResult, Mode
from trainer.session import Event, RoundDealt, RoundOver, TableSession


class PathStep(Enum):
    """One step of the newcomer's path, in order."""

    LESSON = "lesson"
    WATCH = "watch"
    GUIDED = "guided"
    PRACTICE = "practice"
    EXAM = "exam"


PATH_LESSON = "order"
"""The lesson the path's first step opens: the settlement order, the one it names."""

PATH: tuple[tuple[PathStep, str, str], ...] = (
    (PathStep.LESSON, N_("Read the lesson"),
     N_("Settlement order: how a round is settled, in the dealer's order (all lessons: F1)")),
    (PathStep.WATCH, N_("Watch a hand"),
     N_("The table deals and settles one round while you watch (Ctrl+0, then N)")),
    (PathStep.GUIDED, N_("Guided hand"),
     N_("You settle; before each step the table shows what comes next (Ctrl+1)")),
    (PathStep.PRACTICE, N_("Practice"), N_("You settle; each step is checked at once, with its rule (Ctrl+2)")),
    (PathStep.EXAM, N_("Exam"), N_("A set of hands, no help until the end, then the review (Ctrl+E)")),
)
"""The path: each step, its button's text and what it opens."""

DoneProvider = Callable[[], frozenset[PathStep]]
"""What the trainee has done so far: the start page asks each time it is shown."""

_MODE_STEPS = {Mode.GUIDED: PathStep.GUIDED, Mode.PRACTICE: PathStep.PRACTICE, Mode.EXAM: PathStep.EXAM,
               Mode.SPEED: PathStep.PRACTICE}


def steps_done(items: Iterable[ItemResult], *, lesson_read: bool, hands_watched: int) -> frozenset[PathStep]:
    """The steps of the path done, from the hands scored (their mode), the lesson and the rounds watched.

    >>> from trainer.scoring import ItemResult, Mode
    >>> sorted(step.value for step in steps_done([ItemResult("settlement", "1", 9, 9, mode=Mode.GUIDED)],
    ...                                          lesson_read=False, hands_watched=1))
    ['guided', 'watch']
    """
    done = {_MODE_STEPS[item.mode] for item in items if item.mode in _MODE_STEPS}
    if lesson_read:
        done.add(PathStep.LESSON)
    if hands_watched:
        done.add(PathStep.WATCH)
    return frozenset(done)


class SessionProgress:
    """The default done provider: what was done at this table since the trainer started."""

    def __init__(self, session: TableSession) -> None:
        self._session = session
        self.lesson_read = False
        self.hands_watched = 0
        self._watching = False
        session.subscribe(self._heard)

    def _heard(self, event: Event) -> None:
        if isinstance(event, RoundDealt):
            self._watching = not event.settle_by_trainee
        elif isinstance(event, RoundOver) and self._watching:
            self.hands_watched += 1

    def __call__(self) -> frozenset[PathStep]:
        return steps_done(self._session.book.items(), lesson_read=self.lesson_read,
                          hands_watched=self.hands_watched)


class StartPage(QDialog):
    """The start page: the path as buttons (``open_step`` opens one), each ticked once ``done`` says so; the
    ``side`` panel beside it, and the *show at every start* checkbox when ``at_start`` is given."""

    atStartChanged = Signal(bool)  # noqa: N815 (a Qt signal)
    """The trainee ticked or unticked *Show this page at every start*."""

    def __init__(self, open_step: Callable[[PathStep], object], done: DoneProvider,
                 parent: QWidget | None = None, *, side: QWidget | None = None,
                 at_start: bool | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        self.setWindowTitle(_("Start here · UTH Dealer Trainer"))
        self._open_step = open_step
        self._done = done
        title = QLabel(_("Learn to settle Ultimate Texas Hold'em, one step at a time"))
        title.setObjectName("startTitle")
        title.setWordWrap(True)
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        title.setFont(font)
        intro = QLabel(_("Follow the path from the top. Each button opens its step; a tick shows what you have "
                         "done. The mode you settle in is always shown (and switched) in the bar above the table."))
        intro.setWordWrap(True)
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        self.buttons: dict[PathStep, QPushButton] = {}
        self.ticks: dict[PathStep, QLabel] = {}
        for row, (step, text, tip) in enumerate(PATH):
            tick = QLabel()
            tick.setObjectName(f"done_{step.value}")
            tick.setMinimumWidth(28)
            button = QPushButton(f"{row + 1}. {_(text)}")
            button.setObjectName(f"start_{step.value}")
            button.setMinimumHeight(36)
            button.clicked.connect(lambda _checked=False, s=step: self.choose(s))
            what = QLabel(_(tip))
            what.setWordWrap(True)
            grid.addWidget(tick, row, 0)
            grid.addWidget(button, row, 1)
            grid.addWidget(what, row, 2)
            self.buttons[step], self.ticks[step] = button, tick
        grid.setColumnStretch(2, 1)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        close = QPushButton(_("Close"))
        close.setObjectName("closeStartPage")
        close.clicked.connect(self.reject)
        close.setDefault(True)
        bottom = QHBoxLayout()
        bottom.addWidget(QLabel(_("Help ▸ Start here brings this page back; Help ▸ Keys lists every key.")))
        bottom.addStretch(1)
        self.at_start: QCheckBox | None = None
        if at_start is not None:
            self.at_start = QCheckBox(_("Show this page at every start"))
            self.at_start.setObjectName("startPageAtStart")
            self.at_start.setChecked(at_start)
            self.at_start.toggled.connect(self.atStartChanged.emit)
            bottom.addWidget(self.at_start)
        bottom.addWidget(close)
        path = QVBoxLayout()
        path.addWidget(intro)
        path.addLayout(grid)
        path.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(path, 3)
        self.side = side
        if side is not None:
            body.addWidget(side, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(body, 1)
        layout.addWidget(line)
        layout.addLayout(bottom)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.reject)
        self.refresh()

    def refresh(self) -> None:
        """Tick the steps done."""
        done = self._done()
        for step, tick in self.ticks.items():
            tick.setText("✔" if step in done else "○")
            tick.setToolTip(_("Done") if step in done else _("Not done yet"))

    def choose(self, step: PathStep) -> None:
        """Open ``step`` (the page closes so the table is in view)."""
        self.accept()
        self._open_step(step)

    def showEvent(self, event: object) -> None:  # noqa: N802 (Qt's name)
        self.refresh()
        self._fit_screen()
        super().showEvent(event)  # type: ignore[arg-type]

    def _fit_screen(self) -> None:
        """No wider or taller than the screen's free area (a 1024 × 700 laptop): its buttons stay in view."""
        screen = self.screen()
        if screen is None:
            return
        room = screen.availableGeometry()
        width, height = min(self.width(), room.width()), min(self.height(), room.height())
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
