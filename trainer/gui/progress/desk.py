"""The pieces of the progress room (:class:`~trainer.gui.progress_wiring.ProgressRoom`), one job each, all behind
the table host: what they share (:class:`Desk`: the store, the trainee training now, how to tell the user), keeping
every item (:class:`Keeping`), the trainee's choice (:class:`TraineeChoice`), the start page (:class:`StartDoor`),
drills, lessons and My mistakes (:class:`DrillDoor`), the progress windows (:class:`ProgressWindows`), the
instructor's exams (:class:`ExamDesk`) and the backup (:func:`back_up`).
"""

from __future__ import annotations

import getpass
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from trainer.gui.progress.recording import WAIT_MS, Recorder, waiting_at_most
from trainer.gui.progress.replay import MY_MISTAKES, ROUND_DRILL, HandRounds, RoundAgain, named, replay_of
from trainer.gui.start_page import DoneProvider, PathStep, StartPage
from trainer.i18n.translation import _, ngettext
from trainer.scoring import ItemResult, KeptSet, Mode, SetResult
from trainer.session import DrillEnded, DrillStarted, Event, RoundDealt, RoundOver, RoundSource, TableRound
from trainer.store.errors import STORE_FAILURES, STORE_OR_FILE_FAILURES
from trainer.store.records import Profile, ReplayKind, identify
from trainer.store.store import Store

if TYPE_CHECKING:
    from trainer.gui.host import TableHost
    from trainer.gui.progress.exam_run import ExamRun
    from trainer.gui.progress.profiles import TraineePanel
    from trainer.store.instructor import Attempt, Exam
    from trainer.store.learning import OpenMistake

log = logging.getLogger("trainer.gui")

AskPath = Callable[[str, str, bool], "str | None"]
"""``ask_path(title, file filter, for saving)``: a file name, or None (a file dialog in the app)."""
Inform = Callable[[str], None]
"""Tells the user something went well (a message box in the app)."""
HISTORY_SHOWN = 500
"""How many of the trainee's latest items Train ▸ Results shows."""
DEFAULT_TRAINEE = "Trainee"


def default_trainee() -> str:
    """The first profile's name when the station has none: the computer's user name, else ``Trainee``."""
    try:
        name = " ".join(getpass.getuser().split())
    except (OSError, KeyError, ImportError):
        return DEFAULT_TRAINEE
    return name[:60] if name and name.isprintable() else DEFAULT_TRAINEE


class Desk:
    """What the pieces share: ``host``, the ``store`` (None: progress is off), the trainee training now, the
    sources of the drills dealt (so their items are stored under their seeds), and how to ask and tell."""

    def __init__(self, host: TableHost, store: Store | None, inform: Inform, ask_path: AskPath) -> None:
        self.host = host
        self.store = store
        self.profile: Profile | None = None
        self.inform = inform
        self.ask_path = ask_path
        self.sources: dict[str, RoundSource] = {}
        self._in_language: list[tuple[QObject, Callable[[], object]]] = []
        """The windows open that show texts, each with what re-sets them in the current language."""

    def keep_in_language(self, window: QObject, retranslate: Callable[[], object]) -> None:
        """``retranslate`` re-sets ``window``'s texts when the language changes (:meth:`retranslate`), as long as
        the window lives."""
        self._in_language.append((window, retranslate))
        window.destroyed.connect(lambda _gone=None, w=window: self._forget(w))

    def _forget(self, window: QObject) -> None:
        self._in_language = [(each, again) for each, again in self._in_language if each is not window]

    def retranslate(self) -> None:
        """The language changed: every progress window open shows its texts in the new one (the start page's
        trainee panel, the progress and Today windows). A window opened later is built in it anyway."""
        for _window, again in list(self._in_language):
            again()

    def ready(self) -> tuple[Store, Profile] | None:
        """The store and the trainee, when progress is on."""
        return (self.store, self.profile) if self.store is not None and self.profile is not None else None

    def needs_store(self) -> tuple[Store, Profile] | None:
        """:meth:`ready`, else the user is told progress is off."""
        ready = self.ready()
        if ready is None:
            self.host.notify_once(_("Progress is off for this session (the progress store could not be opened)."))
        return ready

    def say_later(self, text: str) -> None:
        QTimer.singleShot(0, lambda: self.host.notify_once(text))

    def dialog(self, name: str, title: str, content: QWidget) -> QDialog:
        """A window of the menus around ``content``, with a Close button."""
        dialog = QDialog(self.host.window())
        dialog.setObjectName(name)
        dialog.setWindowTitle(title)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setText(_("Close"))
        self.keep_in_language(dialog, lambda: close.setText(_("Close")))
        layout = QVBoxLayout(dialog)
        layout.addWidget(content, 1)
        layout.addWidget(buttons)
        return dialog


class Keeping(QObject):
    """Every item the session's book records, stored for the trainee training now (:class:`Recorder`), a hand of
    the table with its round so that My mistakes can deal it again; a round watched marks the path's first step;
    the history Train ▸ Results shows."""

    def __init__(self, desk: Desk, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self.recorder = Recorder(desk.store, desk.host.notify_once, self) if desk.store is not None else None
        self._watching = False
        if self.recorder is not None:
            desk.host.session.book.subscribe(self.record)
            desk.host.session.subscribe(self._heard)

    def record(self, result: ItemResult) -> None:
        ready = self.desk.ready()
        if ready is not None and self.recorder is not None:
            stored = named(result, self.desk.sources)
            self.recorder.record(ready[1], stored, replay_of(result, stored, self.desk.host.session,
                                                             self.desk.sources))

    def close(self) -> None:
        if self.recorder is not None and self.desk.store is not None:
            self.recorder.close()

    def _heard(self, event: Event) -> None:
        if isinstance(event, DrillStarted):
            self.desk.sources[event.source.name] = event.source
        elif isinstance(event, RoundDealt):
            self._watching = not event.settle_by_trainee
        elif isinstance(event, RoundOver) and self._watching:
            self.mark("watch")

    def mark(self, step: str) -> None:
        """The path's ``step`` is done (a busy store: marked again by the next such step)."""
        ready = self.desk.ready()
        if ready is None:
            return
        from trainer.store.path import mark_step

        try:
            with waiting_at_most(ready[0], WAIT_MS):
                mark_step(ready[0], ready[1], step)
        except STORE_FAILURES as error:
            log.error("Could not mark %s done: %s", step, error)

    def history(self) -> list[ItemResult] | None:
        ready = self.desk.ready()
        if ready is None:
            return None
        store, profile = ready
        items = store.items(profile, limit=HISTORY_SHOWN)
        return [ItemResult(item.drill, item.title, item.steps, item.correct, item.mistakes, item.seconds, item.mode,
                           item.wrong_attempts, item.left_to_table) for item in reversed(items)]


class TraineeChoice:
    """Who is training: the trainee remembered in the settings, another chosen (remembered at once)."""

    def __init__(self, desk: Desk, chosen: Callable[[Profile], object]) -> None:
        self.desk = desk
        self._chosen = chosen

    def first(self) -> Profile | None:
        """The trainee remembered in the settings (made again if the store lost it), else the first on the
        station, else a new one named after the computer's user; None (progress off) when the store fails."""
        desk, store = self.desk, self.desk.store
        if store is None:
            return None
        try:
            remembered = desk.host.settings.profile
            profiles = store.profiles()
            if remembered:
                profile = store.profile_or_new(remembered)  # a fresh store (the old one damaged) keeps the name
            else:
                profile = profiles[0] if profiles else store.add_profile(default_trainee())
        except STORE_FAILURES as error:
            desk.say_later(_("Progress is off for this session: {error}.").format(error=error))
            desk.store = None
            return None
        if desk.host.settings.profile != profile.name:
            desk.host.change_settings(profile=profile.name)  # saved with the window's
        desk.profile = profile
        return profile

    def choose(self, name: str) -> Profile | None:
        """``name`` trains from now on (remembered in the settings); None when there is no such profile."""
        store = self.desk.store
        found = store.find_profile(name) if store is not None else None
        if found is None:
            return None
        self.desk.profile = found
        if self.desk.host.settings.profile != found.name:
            self.desk.host.change_settings(profile=found.name, save=True)
        self._chosen(found)
        return found


class StartDoor:
    """Help ▸ Start here: the path ticked from the trainee's history, beside who trains and their Today queue."""

    def __init__(self, desk: Desk, open_step: Callable[[PathStep], object], fallback_done: DoneProvider | None,
                 choose: Callable[[str], object], open_drill: Callable[[str], object],
                 deal_mistakes: Callable[[], object]) -> None:
        self.desk = desk
        self.start_page: StartPage | None = None
        self.panel: TraineePanel | None = None
        self._open_step = open_step
        self._fallback_done = fallback_done
        self._choose, self._open_drill, self._deal_mistakes = choose, open_drill, deal_mistakes

    def done(self) -> frozenset[PathStep]:
        """The path's steps the trainee training now has done, from the store (else from this session)."""
        ready = self.desk.ready()
        if ready is None:
            return self._fallback_done() if self._fallback_done is not None else frozenset()
        from trainer.store.path import steps_done

        return frozenset(PathStep(step) for step in steps_done(*ready))

    def open(self) -> StartPage:
        desk = self.desk
        if self.start_page is None:
            if desk.store is not None:
                from trainer.gui.progress.profiles import TraineePanel

                self.panel = TraineePanel(desk.store, desk.profile)
                desk.keep_in_language(self.panel, self.panel.retranslate)
                self.panel.profileChosen.connect(self._choose)
                self.panel.drillRequested.connect(self._open_drill)
                self.panel.mistakesRequested.connect(self._deal_mistakes)
            self.start_page = StartPage(self._open_step, self.done, desk.host.window(), side=self.panel,
                                        at_start=desk.host.settings.start_page_at_start)
            self.start_page.atStartChanged.connect(
                lambda shown: desk.host.change_settings(start_page_at_start=shown, save=True))
            self.start_page.resize(1100, 620)
        elif self.panel is not None:
            self.panel.show_profile(desk.profile)
        self.start_page.refresh()
        self.start_page.show()
        return self.start_page

    def trainee_chosen(self, profile: Profile) -> None:
        if self.panel is not None:
            self.panel.show_profile(profile)
        if self.start_page is not None:
            self.start_page.refresh()

    def leave(self) -> None:
        """The start page closes (the table is wanted)."""
        if self.start_page is not None:
            self.start_page.accept()


class DrillDoor:
    """A drill, a lesson, or My mistakes asked for (by the Today queue, the progress screen, the start page)."""

    def __init__(self, desk: Desk, leave_start_page: Callable[[], object]) -> None:
        self.desk = desk
        self._leave = leave_start_page

    def open_drill(self, name: str) -> QWidget | None:
        """A settlement drill dealt on the table, any other in the drills window."""
        from trainer.drills.settlement_drills import NAMES as SETTLEMENT_NAMES

        host = self.desk.host
        if name in SETTLEMENT_NAMES:
            from trainer.gui.quiz.drill_on_table import start_drill

            self._leave()
            runner = start_drill(host, name, Mode.PRACTICE, 5)
            return host.window() if runner is not None else None
        from trainer.gui.training import open_drills

        dialog = open_drills(host)
        try:
            dialog.picker.select(name)  # type: ignore[attr-defined]
        except KeyError:
            log.info("No drill named %s to select", name)
        return dialog

    def open_lesson(self, topic: str) -> QDialog:
        from trainer.gui.training import open_lessons

        return open_lessons(self.desk.host, topic)

    def deal_mistakes(self) -> int:
        """Deal on the table, in practice mode, the hands the trainee got wrong: a settlement drill's by its seed,
        a round of the table itself exactly as it was dealt; the number of hands dealt (0: none, and the trainee
        is told)."""
        ready, host = self.desk.ready(), self.desk.host
        if ready is None:
            return 0
        from trainer.drills.settlement_drills import SettlementItem
        from trainer.session.replay import round_from_record
        from trainer.store.learning import deal_again, my_mistakes

        hands: list[tuple[str, SettlementItem | RoundAgain]] = []
        for mistake in my_mistakes(*ready):
            if mistake.replay.kind is ReplayKind.HAND:
                item = deal_again(mistake.replay, Mode.PRACTICE)
                if isinstance(item, SettlementItem):
                    hands.append((mistake.drill, item))
            elif mistake.replay.kind is ReplayKind.ROUND:
                try:
                    again = round_from_record(mistake.replay.record)
                except ValueError as error:
                    log.warning("%s cannot be dealt again: %s", mistake.title, error)
                    continue
                hands.append(round_again(mistake, again))
        if not hands:
            host.notify_once(_("No hand to settle again: every hand got wrong has since been settled right "
                               "(drill items from the terminal: `uth-trainer quiz --profile NAME`)."))
            return 0
        session = host.session
        if host.playing or not session.can_start_drill():
            host.notify_once(_("Finish the round on the table first, then deal My mistakes."))
            return 0
        self._leave()
        rounds = HandRounds(hands, Mode.PRACTICE, host.settings.deck_backs)
        self.desk.sources[MY_MISTAKES] = rounds

        def ended(event: Event) -> None:  # left before every hand is right (another mode chosen): said, not silent
            if isinstance(event, DrillEnded) and event.source is rounds:
                session.unsubscribe(ended)
                if rounds.missed:
                    host.notify_once(ngettext(
                        "My mistakes stopped with {count} hand still to settle right (a hand left part-way was "
                        "finished by the table and counts wrong): Ctrl+Shift+M deals it again.",
                        "My mistakes stopped with {count} hands still to settle right (a hand left part-way was "
                        "finished by the table and counts wrong): Ctrl+Shift+M deals them again.",
                        rounds.missed).format(
                        count=rounds.missed))

        session.subscribe(ended)
        session.start_drill(rounds, Mode.PRACTICE)
        if not host.playing:
            host.new_round()
        return len(hands)


def round_again(mistake: OpenMistake, again: TableRound) -> tuple[str, RoundAgain]:
    """A round got wrong, dealt again as it was: an exam's hand keeps its drill and name (its own game and pay
    tables come with its round); any other round of the table is a hand of the table."""
    hand = identify(ItemResult(mistake.drill, mistake.item, 0, 0)).replay
    if hand is not None and hand.kind is ReplayKind.HAND:
        return mistake.drill, RoundAgain(mistake.replay, again, mistake.item)
    return ROUND_DRILL, RoundAgain(mistake.replay, again)


class ProgressWindows:
    """Train ▸ Progress… and Train ▸ Today…: a drill asked for there closes the window first."""

    def __init__(self, desk: Desk, drills: DrillDoor) -> None:
        self.desk = desk
        self.drills = drills

    def open_progress(self) -> QDialog | None:
        ready = self.desk.needs_store()
        if ready is None:
            return None
        from trainer.gui.progress.screen import ProgressScreen

        store, profile = ready
        screen = ProgressScreen(store, profile)
        dialog = self.desk.dialog("progressDialog", _("Progress · {name}").format(name=profile.name), screen)

        def again() -> None:
            dialog.setWindowTitle(_("Progress · {name}").format(name=screen.profile.name))
            screen.retranslate()

        self.desk.keep_in_language(dialog, again)
        screen.lessonRequested.connect(self.drills.open_lesson)
        screen.drillRequested.connect(lambda name: _from(dialog, lambda: self.drills.open_drill(name)))
        dialog.resize(1200, 720)
        dialog.show()
        return dialog

    def open_today(self) -> QDialog | None:
        ready = self.desk.needs_store()
        if ready is None:
            return None
        from trainer.gui.progress.profiles import TodayView

        store, profile = ready
        view = TodayView(store, profile)
        dialog = self.desk.dialog("todayDialog", _("Today · {name}").format(name=profile.name), view)

        def again() -> None:
            dialog.setWindowTitle(_("Today · {name}").format(name=view.profile.name))
            view.refresh()

        self.desk.keep_in_language(dialog, again)

        view.drillRequested.connect(lambda name: _from(dialog, lambda: self.drills.open_drill(name)))
        view.mistakesRequested.connect(lambda: _from(dialog, self.drills.deal_mistakes))
        dialog.resize(620, 480)
        dialog.show()
        return dialog


class ExamDesk:
    """File ▸ Instructor… behind the PIN; an exam started there is dealt to the trainee training now and its
    attempt kept (:class:`~trainer.gui.progress.exam_run.ExamRun`). Every other exam set the session's score book
    records is kept too, as the trainee's own attempt at its pass mark: Ctrl+E, a drill on the table or the run
    round in exam mode, and a drill of the Drills window in exam mode (taken to its end, or left part-way)."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.exam: ExamRun | None = None
        self.attempts: list[Attempt] = []
        if desk.store is not None:
            desk.host.session.book.subscribe_sets(self._heard)

    def _heard(self, kept: KeptSet) -> None:
        result = kept.result
        if result.mode is not Mode.EXAM or not result.items:
            return
        # once the instructor's exam run has heard of the set too (it may be its attempt)
        QTimer.singleShot(0, lambda: self._keep_own(result, kept.hands, kept.complete))

    def _keep_own(self, result: SetResult, hands: int, complete: bool) -> None:
        if self.exam is not None and self.exam.result is result:
            return  # an instructor's exam: kept by its run
        ready = self.desk.ready()
        if ready is None:
            return
        from trainer.store.instructor import AttemptNotSavedError, own_exam, record_attempt

        store, profile = ready
        try:
            with waiting_at_most(store, WAIT_MS):
                attempt = record_attempt(store, profile, own_exam(result, hands), result, seconds=result.seconds,
                                         complete=complete, instructor=False)
        except AttemptNotSavedError as error:
            self.desk.host.notify_once(_("The exam set could not be kept in the progress store ({error}).").format(
                error=error))
            return
        self.attempts.append(attempt)

    def open_instructor(self) -> QDialog | None:
        if self.desk.needs_store() is None:
            return None
        from trainer.gui.progress.instructor import InstructorDialog

        assert self.desk.store is not None
        dialog = InstructorDialog(self.desk.store, self.desk.host.window(), ask_path=self.desk.ask_path)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.examRequested.connect(self.start_exam)
        dialog.show()
        return dialog

    def start_exam(self, exam: Exam) -> bool:
        ready = self.desk.ready()
        if ready is None:
            return False
        from trainer.gui.progress.exam_run import ExamRun

        run = ExamRun(self.desk.host, *ready, exam, self._attempt_kept)
        if not run.start():
            return False
        self.exam = run
        return True

    def _attempt_kept(self, attempt: Attempt) -> None:
        from trainer.store.exam_policy import attempt_line

        self.attempts.append(attempt)
        QTimer.singleShot(0, lambda: self.desk.inform(attempt_line(attempt)))


def back_up(desk: Desk) -> Path | None:
    """File ▸ Back up progress…: a copy of the store where the user says (safe while training)."""
    if desk.needs_store() is None:
        return None
    assert desk.store is not None
    name = desk.ask_path(_("Back up progress"), _("Progress store (*.sqlite3)"), True)
    if not name:
        return None
    try:
        copy = desk.store.backup(name)
    except STORE_OR_FILE_FAILURES as error:
        desk.host.notify_once(_("The backup could not be written to {file} ({error}).").format(file=name,
                                                                                               error=error))
        return None
    desk.inform(_("Progress backed up to {file}.").format(file=copy))

    return copy


def _from(dialog: QDialog, then: Callable[[], object]) -> None:
    """Close ``dialog`` (so the table is in view), then do ``then``."""
    dialog.accept()
    then()


__all__ = ["DEFAULT_TRAINEE", "HISTORY_SHOWN", "AskPath", "Desk", "DrillDoor", "ExamDesk",
           "Inform", "Keeping", "ProgressWindows", "StartDoor", "TraineeChoice", "back_up", "default_trainee"]
