"""An instructor's exam dealt to the trainee training now, its mode locked to exam, its attempt kept.

A settlement drill's exam is dealt on the table (:func:`~trainer.gui.quiz.drill_on_table.start_drill` in exam
mode): the attempt is kept when the session says the set is finished. Any other drill runs in its form, in a
dialog, with a score book of its own (:class:`ExamBook`) that passes each item on to the session's book (so it
is stored like any item) and tells when the set is over. Leaving exam mode before the last hand (choosing
another mode ends the drill) or closing the form ends the attempt, kept as not passed. When an attempt is
complete and when it passes is :mod:`trainer.store.exam_policy`'s rule.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

from trainer.drills.base import all_drills
from trainer.drills.settlement_drills import NAMES as SETTLEMENT_NAMES
from trainer.gui.progress.recording import RETRY_MS, WAIT_MS, is_busy, waiting_at_most
from trainer.i18n.translation import _
from trainer.scoring import ItemResult, Mode, ScoreBook, SetResult
from trainer.session import DrillEnded, DrillRounds, Event, SetFinished
from trainer.store.exam_policy import attempt_complete, attempt_line, cut_short_message
from trainer.store.instructor import Attempt, AttemptNotSavedError, Exam, record_attempt
from trainer.store.records import Profile
from trainer.store.store import Store

if TYPE_CHECKING:
    from trainer.gui.host import TableHost

SEED_RANGE = 1_000_000


class ExamBook(ScoreBook):
    """The score book of an exam run in a drill form: items go on to ``book`` too; ``finished`` hears the set."""

    def __init__(self, book: ScoreBook, finished: Callable[[SetResult], object]) -> None:
        super().__init__()
        self._book = book
        self._finished = finished

    def record(self, item: ItemResult) -> None:
        super().record(item)
        self._book.record(item)

    def record_set(self, result: SetResult, *, complete: bool = True, planned: int | None = None) -> None:
        super().record_set(result, complete=complete, planned=planned)
        self._book.record_set(result, complete=complete, planned=planned)
        if complete:
            self._finished(result)


class ExamRun:
    """One attempt at ``exam`` by ``profile`` on ``host``; ``kept`` hears the attempt once it is stored."""

    def __init__(self, host: TableHost, store: Store, profile: Profile, exam: Exam,
                 kept: Callable[[Attempt], object], clock: Callable[[], float] = time.monotonic) -> None:
        self.host, self.store, self.profile, self.exam = host, store, profile, exam
        self._kept = kept
        self._clock = clock
        self._started = clock()
        self.rounds: DrillRounds | None = None
        self.dialog: QDialog | None = None
        self.attempt: Attempt | None = None
        self.result: SetResult | None = None
        """The set this attempt is (once it ended): the exam desk does not keep it again as the trainee's own."""
        self._ending: tuple[SetResult, bool, float] | None = None
        """The attempt ended and waiting to be stored (the store busy with another program)."""

    @property
    def over(self) -> bool:
        return self.attempt is not None or self._ending is not None

    def start(self) -> bool:
        """Deal the exam; False when it cannot start now (a round is on the table, or no such drill)."""
        if self.exam.drill in SETTLEMENT_NAMES:
            return self._start_on_table()
        drill = all_drills().get(self.exam.drill)
        if drill is None:
            self.host.notify_once(_("The exam {name} names no drill the trainer has ({drill}).").format(
                name=repr(self.exam.name), drill=self.exam.drill))
            return False
        from trainer.gui.drills.picker import form_for

        book = ExamBook(self.host.session.book, self._form_finished)
        dialog = QDialog(self.host.window())
        dialog.setObjectName("examDialog")
        dialog.setWindowTitle(_("Exam: {name} · {trainee}").format(name=self.exam.name, trainee=self.profile.name))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        form = form_for(drill, book, mode=Mode.EXAM, count=self.exam.hands,
                        seed=random.SystemRandom().randrange(SEED_RANGE))
        layout = QVBoxLayout(dialog)
        layout.addWidget(form)
        dialog.finished.connect(lambda _code: self._form_closed(form))
        dialog.resize(900, 700)
        dialog.show()
        self.dialog = dialog
        return True

    def _start_on_table(self) -> bool:
        from trainer.gui.quiz.drill_on_table import start_drill

        self.host.session.subscribe(self._heard)
        runner = start_drill(self.host, self.exam.drill, Mode.EXAM, self.exam.hands, banking=self.exam.banking,
                             paytables=self.exam.paytables, pass_mark=self.exam.pass_mark)
        if runner is None:
            self.host.session.unsubscribe(self._heard)
            return False
        self.rounds = runner.rounds
        return True

    def _heard(self, event: Event) -> None:
        if self.over:
            return
        if isinstance(event, SetFinished) and event.result.drill == self.exam.drill:
            self._keep(event.result, complete=attempt_complete(self.exam, event.result, to_the_end=event.complete))
        elif isinstance(event, DrillEnded) and event.source is self.rounds:
            self._keep(SetResult(self.exam.drill, Mode.EXAM, pass_mark=self.exam.pass_mark), complete=False)

    def _form_finished(self, result: SetResult) -> None:
        if not self.over:
            self._keep(result, complete=attempt_complete(self.exam, result, to_the_end=True))

    def _form_closed(self, form: QWidget) -> None:
        result = getattr(form, "result", None)
        if not self.over and isinstance(result, SetResult):
            self._keep(result, complete=attempt_complete(self.exam, result, to_the_end=False))

    def _keep(self, result: SetResult, *, complete: bool) -> None:
        self.host.session.unsubscribe(self._heard)
        self.result = result
        if not complete:
            self.host.notify_once(cut_short_message(self.exam))
        self._ending = (result, complete, self._clock() - self._started)
        self._store_attempt()

    def _store_attempt(self) -> None:
        """Store the attempt, waiting only briefly for another program's lock (then again a little later)."""
        if self._ending is None:
            return
        result, complete, seconds = self._ending
        try:
            with waiting_at_most(self.store, WAIT_MS):
                attempt = record_attempt(self.store, self.profile, self.exam, result, seconds=seconds,
                                         complete=complete)
        except AttemptNotSavedError as error:
            if is_busy(error.__cause__ or error):
                QTimer.singleShot(RETRY_MS, self._store_attempt)
                return
            self._ending = None
            attempt = error.attempt
            self.host.notify_once(_("The attempt at the exam {name} could not be saved ({error}); its result is "
                                    "shown, write it down.").format(name=repr(self.exam.name), error=error))

        self._ending, self.attempt = None, attempt
        self._kept(attempt)


__all__ = ["ExamBook", "ExamRun", "attempt_line"]
