"""What the run-round controller holds: its signals, its collaborators and the round on the table, with the
mode titles and the acts that answer an irregularity.

:class:`RunRoundState` is the base the run round is built on, one idea a layer: what the trainee is told
(:mod:`~trainer.gui.runround.feedback`), what the table shows and when (:mod:`~trainer.gui.runround.showing`), and
the controller itself, with the modes, the rounds and the trainee's acts (:mod:`~trainer.gui.runround.controller`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction

from trainer.gui.quiz.cutting import PayoutCutter
from trainer.gui.runround.panel import RunRoundPanel
from trainer.gui.runround.places import Part, part_of
from trainer.gui.runround.table import RunTable
from trainer.quiz.run_round import RunRound
from trainer.scoring import Mode, SetResult

if TYPE_CHECKING:
    from trainer.gui.host import TableHost
    from trainer.gui.table.layout import TableLayoutConfig
    from trainer.session import TableSession

MODE_TITLES = {
    Mode.GUIDED: "Guided — the next place lit, and why",
    Mode.PRACTICE: "Practice — each act checked at once",
    Mode.EXAM: "Exam — the review at the end of the round",
    Mode.SPEED: "Speed — against the clock",
}
RESPONSES = ("void", "floor", "carry_on")
Refresh = Callable[["TableLayoutConfig"], bool]


class RunRoundState(QObject):
    """The run round's signals and state, which the controller sets up
    (:class:`~trainer.gui.runround.controller.RunRoundController`)."""

    modeChanged = Signal(object)  # noqa: N815 (Qt signal names)
    """The run round's mode (None: off)."""
    roundStarted = Signal()  # noqa: N815
    roundFinished = Signal(object)  # noqa: N815
    """An :class:`ItemResult`: a round run to its end (or cut short), recorded in the score book."""

    host: TableHost
    session: TableSession
    table: RunTable | None
    cutter: PayoutCutter | None
    panel: RunRoundPanel
    actions: dict[str, QAction]
    _shown: set[str]
    _fold_seat: int | None
    _ticker: QTimer
    _finished_set: SetResult | None

    @property
    def mode(self) -> Mode | None:
        """The mode the trainee runs the rounds in (the session's; None: off)."""
        return self.session.running

    @property
    def run(self) -> RunRound | None:
        """The round being run (or run last), the session's."""
        return self.session.run

    @run.setter
    def run(self, run: RunRound) -> None:
        """The same round run another way (with a given irregularity), before its first act."""
        self.session.run_instead(run)

    @property
    def rounds(self) -> int:
        """Rounds run in this sitting."""
        return self.session.run_count

    @property
    def active(self) -> bool:
        """True while the trainee runs the rounds (a mode is chosen)."""
        return self.mode is not None

    @property
    def on_table(self) -> bool:
        """A run round is on the table and not over."""
        return self.run is not None and not self.run.done

    def _part(self) -> Part:
        return part_of(self.run.expected() if self.run is not None else None)
