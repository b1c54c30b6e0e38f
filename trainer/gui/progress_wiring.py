"""Progress that lasts, in the table window: the store opened at start, the trainee training now, every scored
item kept, and the menus that reach the progress screens and the pay-table lab.

:func:`install_progress` is all the window calls. It fills the menus it is given:

- *File*: Instructor… (behind the PIN) and Back up progress…;
- *Train*: Progress… (charts, mastery, frequent mistakes: each opens its lesson or a drill) and Today…;
- *Tools*: Pay-table lab…;

and owns the start page (Help ▸ Start here): the path, ticked from the trainee's history, beside who is training
and their Today queue. Every item the session's score book records is stored for the trainee training now, one
transaction each; the hands of a settlement drill dealt on the table are stored under their seed, so My mistakes
can deal them again. Without a store (it could not be opened) the trainer runs as before, the start page without
profiles, and the results of this session only.
"""

from __future__ import annotations

import getpass
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMenu, QMenuBar, QMessageBox, QVBoxLayout, QWidget

from trainer.drills.settlement_drills import NAMES as SETTLEMENT_NAMES
from trainer.gui.progress.replay import MY_MISTAKES, HandRounds, named
from trainer.gui.start_page import DoneProvider, PathStep, StartPage
from trainer.gui.widgets import window_action
from trainer.scoring import ItemResult, Mode
from trainer.session import DrillStarted, Event, RoundDealt, RoundOver, RoundSource
from trainer.store.db import StoreError
from trainer.store.records import Profile, ReplayKind
from trainer.store.store import Store

if TYPE_CHECKING:
    from trainer.gui.host import TableHost
    from trainer.gui.progress.exam_run import ExamRun
    from trainer.gui.progress.profiles import TraineePanel
    from trainer.store.instructor import Attempt, Exam

log = logging.getLogger("trainer.gui")

AskPath = Callable[[str, str, bool], "str | None"]
"""``ask_path(title, file filter, for saving)``: a file name, or None (a file dialog in the app)."""
Inform = Callable[[str], None]
"""Tells the user something went well (a message box in the app)."""
HISTORY_SHOWN = 500
"""How many of the trainee's latest items Train ▸ Results shows."""
DEFAULT_TRAINEE = "Trainee"


class ProgressHost(Protocol):
    """What the progress wiring uses of the window, beyond a :class:`~trainer.gui.host.TableHost`."""

    def open_path_step(self, step: PathStep) -> None: ...


@dataclass(frozen=True)
class ProgressMenus:
    """The menus the progress wiring fills."""

    file: QMenu
    train: QMenu
    tools: QMenu


def progress_menus(bar: QMenuBar, train: QMenu, help_menu: QMenu) -> ProgressMenus:
    """A *File* menu first on ``bar``, a *Tools* menu just before ``help_menu``, and ``train`` as it is."""
    first = bar.actions()[0] if bar.actions() else None
    file_menu = QMenu("&File", bar)
    file_menu.setObjectName("fileMenu")
    if first is not None:
        bar.insertMenu(first, file_menu)
    else:
        bar.addMenu(file_menu)
    tools = QMenu("Too&ls", bar)
    tools.setObjectName("toolsMenu")
    bar.insertMenu(help_menu.menuAction(), tools)
    return ProgressMenus(file_menu, train, tools)


def open_store(data_dir: str | Path | None) -> tuple[Store | None, str | None]:
    """The progress store in ``data_dir`` (None: the user's data folder), or None and the one line saying why it
    could not be opened (the trainer then runs without progress)."""
    try:
        return Store.open(data_dir), None
    except StoreError as error:
        return None, f"Progress is off for this session: {error}."
    except (OSError, sqlite3.Error) as error:
        return None, f"Progress is off for this session: the progress store could not be opened ({error})."


def default_trainee() -> str:
    """The first profile's name when the station has none: the computer's user name, else ``Trainee``."""
    try:
        name = " ".join(getpass.getuser().split())
    except (OSError, KeyError, ImportError):
        return DEFAULT_TRAINEE
    return name[:60] if name and name.isprintable() else DEFAULT_TRAINEE


class ProgressRoom(QObject):
    """The progress of ``host``'s trainees, kept in ``store`` (None: progress is off, ``problem`` says why)."""

    def __init__(self, host: TableHost, store: Store | None, *, problem: str | None = None,
                 ask_path: AskPath | None = None, inform: Inform | None = None,
                 path_host: ProgressHost | None = None, fallback_done: DoneProvider | None = None) -> None:
        super().__init__(host.window())
        self.host = host
        self.store = store
        self.profile: Profile | None = None
        self.ask_path = ask_path or self._file_dialog
        self.inform = inform or self._message
        self.start_page: StartPage | None = None
        self.panel: TraineePanel | None = None
        self.exam: ExamRun | None = None
        self.attempts: list[Attempt] = []
        self.windows: list[QWidget] = []
        self._path_host = path_host
        self._fallback_done = fallback_done
        self._sources: dict[str, RoundSource] = {}
        self._watching = False
        self._save_failed = False
        if problem:
            log.warning("%s", problem)
            self._say_later(problem)
        if store is not None:
            for notice in store.notices:
                self._say_later(notice)
            self.profile = self._first_profile(store)
            host.session.book.subscribe(self.record)
            host.session.subscribe(self._heard)

    # -- the trainee -----------------------------------------------------------------------------------------

    def _first_profile(self, store: Store) -> Profile | None:
        """The trainee remembered in the settings (made again if the store lost it), else the first on the
        station, else a new one named after the computer's user."""
        try:
            remembered = self.host.settings.profile
            profiles = store.profiles()
            if remembered:
                profile = store.profile_or_new(remembered)  # a fresh store (the old one damaged) keeps the name
            else:
                profile = profiles[0] if profiles else store.add_profile(default_trainee())
        except (StoreError, sqlite3.Error) as error:
            self._say_later(f"Progress is off for this session: {error}.")
            self.store = None
            return None
        if self.host.settings.profile != profile.name:
            self.host.settings = self.host.settings.replace(profile=profile.name)  # saved with the window's
        return profile

    def choose_profile(self, name: str) -> Profile | None:
        """``name`` trains from now on (remembered in the settings); None when there is no such profile."""
        if self.store is None:
            return None
        found = self.store.find_profile(name)
        if found is None:
            return None
        self.profile = found
        self._remember(found)
        if self.panel is not None:
            self.panel.show_profile(found)
        if self.start_page is not None:
            self.start_page.refresh()
        return found

    def _remember(self, profile: Profile) -> None:
        if self.host.settings.profile != profile.name:
            self.host.settings = self.host.settings.replace(profile=profile.name)
            self.host.save_settings()

    # -- keeping every item ----------------------------------------------------------------------------------

    def record(self, result: ItemResult) -> None:
        """Store one item the session scored, for the trainee training now (one transaction); a failure is
        told once and the trainer goes on."""
        if self.store is None or self.profile is None:
            return
        stored = named(result, self._sources)
        try:
            self.store.record_item(self.profile, stored)
        except (StoreError, sqlite3.Error, OSError) as error:
            log.error("Could not store %s %s: %s", stored.drill, stored.item, error)
            if not self._save_failed:
                self._save_failed = True
                self.host.notify_once(f"Progress could not be saved ({error}); this session's results are still "
                                      "under Train ▸ Results.")

    def _heard(self, event: Event) -> None:
        if isinstance(event, DrillStarted):
            self._sources[event.source.name] = event.source
        elif isinstance(event, RoundDealt):
            self._watching = not event.settle_by_trainee
        elif isinstance(event, RoundOver) and self._watching:
            self._mark("watch")

    def _mark(self, step: str) -> None:
        if self.store is None or self.profile is None:
            return
        from trainer.store.path import mark_step

        try:
            mark_step(self.store, self.profile, step)
        except (StoreError, sqlite3.Error) as error:
            log.error("Could not mark %s done: %s", step, error)

    def history(self) -> list[ItemResult] | None:
        """The trainee's latest items, newest first, as Train ▸ Results shows them (None: no store)."""
        if self.store is None or self.profile is None:
            return None
        items = self.store.items(self.profile, limit=HISTORY_SHOWN)
        return [ItemResult(item.drill, item.title, item.steps, item.correct, item.mistakes, item.seconds, item.mode)
                for item in reversed(items)]

    # -- the start page --------------------------------------------------------------------------------------

    def done(self) -> frozenset[PathStep]:
        """The path's steps the trainee training now has done, from the store (else from this session)."""
        if self.store is None or self.profile is None:
            return self._fallback_done() if self._fallback_done is not None else frozenset()
        from trainer.store.path import steps_done

        return frozenset(PathStep(step) for step in steps_done(self.store, self.profile))

    def open_step(self, step: PathStep) -> None:
        if step is PathStep.LESSON:
            self._mark("lesson")
        if self._path_host is not None:
            self._path_host.open_path_step(step)

    def open_start_page(self) -> StartPage:
        """The start page: the path, and beside it who is training and their Today queue."""
        if self.start_page is None:
            if self.store is not None:
                from trainer.gui.progress.profiles import TraineePanel

                self.panel = TraineePanel(self.store, self.profile)
                self.panel.profileChosen.connect(self.choose_profile)
                self.panel.drillRequested.connect(self.open_drill)
                self.panel.mistakesRequested.connect(self.deal_mistakes)
            self.start_page = StartPage(self.open_step, self.done, self.host.window(), side=self.panel,
                                        at_start=self.host.settings.start_page_at_start)
            self.start_page.atStartChanged.connect(self._at_start_changed)
            self.start_page.resize(1100, 620)
        elif self.panel is not None:
            self.panel.show_profile(self.profile)
        self.start_page.refresh()
        self.start_page.show()
        return self.start_page

    def open_at_start(self) -> StartPage | None:
        """The start page, when the settings say it opens at every start (the default, so at the first)."""
        return self.open_start_page() if self.host.settings.start_page_at_start else None

    def _at_start_changed(self, shown: bool) -> None:
        self.host.settings = self.host.settings.replace(start_page_at_start=shown)
        self.host.save_settings()

    # -- drills, lessons, My mistakes ------------------------------------------------------------------------

    def open_drill(self, name: str) -> QWidget | None:
        """A drill asked for by the Today queue or the progress screen: a settlement drill dealt on the table,
        any other in the drills window."""
        if name in SETTLEMENT_NAMES:
            from trainer.gui.quiz.drill_on_table import start_drill

            if self.start_page is not None:
                self.start_page.accept()
            runner = start_drill(self.host, name, Mode.PRACTICE, 5)
            return self.host.window() if runner is not None else None
        from trainer.gui.training import open_drills

        dialog = open_drills(self.host)
        try:
            dialog.picker.select(name)  # type: ignore[attr-defined]
        except KeyError:
            log.info("No drill named %s to select", name)
        return dialog

    def open_lesson(self, topic: str) -> QDialog:
        from trainer.gui.training import open_lessons

        return open_lessons(self.host, topic)

    def deal_mistakes(self) -> int:
        """Deal on the table the settlement hands the trainee got wrong, by their seeds, in practice mode;
        the number of hands dealt (0: none, and the trainee is told)."""
        if self.store is None or self.profile is None:
            return 0
        from trainer.drills.settlement_drills import SettlementItem
        from trainer.store.learning import deal_again, my_mistakes

        hands = []
        for mistake in my_mistakes(self.store, self.profile):
            if mistake.replay.kind is ReplayKind.HAND:
                item = deal_again(mistake.replay, Mode.PRACTICE)
                if isinstance(item, SettlementItem):
                    hands.append((mistake.drill, item))
        if not hands:
            self.host.notify_once("No hand to settle again: every hand got wrong has since been settled right "
                                  "(drill items from the terminal: `uth-trainer quiz --profile NAME`).")
            return 0
        session = self.host.session
        if self.host.playing or not session.can_start_drill():
            self.host.notify_once("Finish the round on the table first, then deal My mistakes.")
            return 0
        if self.start_page is not None:
            self.start_page.accept()
        rounds = HandRounds(hands, Mode.PRACTICE, self.host.settings.deck_backs)
        self._sources[MY_MISTAKES] = rounds
        session.start_drill(rounds, Mode.PRACTICE)
        if not self.host.playing:
            self.host.new_round()
        return len(hands)

    # -- the menus' windows ----------------------------------------------------------------------------------

    def _window(self, name: str, title: str, content: QWidget) -> QDialog:
        dialog = QDialog(self.host.window())
        dialog.setObjectName(name)
        dialog.setWindowTitle(title)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(content, 1)
        layout.addWidget(buttons)
        return dialog

    @staticmethod
    def _from(dialog: QDialog, then: Callable[[], object]) -> None:
        """Close ``dialog`` (so the table is in view), then do ``then``."""
        dialog.accept()
        then()

    def _needs_store(self) -> bool:
        if self.store is None or self.profile is None:
            self.host.notify_once("Progress is off for this session (the progress store could not be opened).")
            return False
        return True

    def open_progress(self) -> QDialog | None:
        """Train ▸ Progress…: the trainee's charts, mastery and frequent mistakes."""
        if not self._needs_store():
            return None
        from trainer.gui.progress.screen import ProgressScreen

        assert self.store is not None and self.profile is not None
        screen = ProgressScreen(self.store, self.profile)
        dialog = self._window("progressDialog", f"Progress · {self.profile.name}", screen)
        screen.lessonRequested.connect(self.open_lesson)
        screen.drillRequested.connect(lambda name: self._from(dialog, lambda: self.open_drill(name)))
        dialog.resize(1200, 720)
        dialog.show()
        return dialog

    def open_today(self) -> QDialog | None:
        """Train ▸ Today…: the reviews due, the new material and My mistakes."""
        if not self._needs_store():
            return None
        from trainer.gui.progress.profiles import TodayView

        assert self.store is not None and self.profile is not None
        view = TodayView(self.store, self.profile)
        dialog = self._window("todayDialog", f"Today · {self.profile.name}", view)
        view.drillRequested.connect(lambda name: self._from(dialog, lambda: self.open_drill(name)))
        view.mistakesRequested.connect(lambda: self._from(dialog, self.deal_mistakes))
        dialog.resize(620, 480)
        dialog.show()
        return dialog

    def open_instructor(self) -> QDialog | None:
        """File ▸ Instructor…: the PIN, then exams, reports and profiles; an exam started there is dealt to the
        trainee training now."""
        if not self._needs_store():
            return None
        from trainer.gui.progress.instructor import InstructorDialog

        assert self.store is not None
        dialog = InstructorDialog(self.store, self.host.window(), ask_path=self.ask_path)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.examRequested.connect(self.start_exam)
        dialog.show()
        return dialog

    def start_exam(self, exam: Exam) -> bool:
        """Deal ``exam`` to the trainee training now, in exam mode; the attempt is kept when it ends."""
        if self.store is None or self.profile is None:
            return False
        from trainer.gui.progress.exam_run import ExamRun

        run = ExamRun(self.host, self.store, self.profile, exam, self._attempt_kept)
        if not run.start():
            return False
        self.exam = run
        return True

    def _attempt_kept(self, attempt: Attempt) -> None:
        from trainer.gui.progress.exam_run import attempt_line

        self.attempts.append(attempt)
        QTimer.singleShot(0, lambda: self.inform(attempt_line(attempt)))

    def back_up(self) -> Path | None:
        """File ▸ Back up progress…: a copy of the store where the user says (safe while training)."""
        if not self._needs_store():
            return None
        assert self.store is not None
        name = self.ask_path("Back up progress", "Progress store (*.sqlite3)", True)
        if not name:
            return None
        try:
            copy = self.store.backup(name)
        except (StoreError, sqlite3.Error, OSError) as error:
            self.host.notify_once(f"The backup could not be written to {name} ({error}).")
            return None
        self.inform(f"Progress backed up to {copy}.")
        return copy

    def open_paytable_lab(self) -> QWidget:
        """Tools ▸ Pay-table lab…"""
        from trainer.gui.paytable_lab import open_paytable_lab

        return open_paytable_lab(self.host.window())

    # -- messages --------------------------------------------------------------------------------------------

    def _say_later(self, text: str) -> None:
        QTimer.singleShot(0, lambda: self.host.notify_once(text))

    def _file_dialog(self, title: str, pattern: str, save: bool) -> str | None:
        from trainer.gui.progress.instructor import file_dialog

        return file_dialog(self.host.window())(title, pattern, save)

    def _message(self, text: str) -> None:
        QMessageBox.information(self.host.window(), "UTH Dealer Trainer", text)


def _add(window: QWidget, menu: QMenu, name: str, text: str, keys: list[str], tip: str,
         slot: Callable[[], object]) -> QAction:
    return window_action(window, name, text, keys, tip=tip, slot=slot, menu=menu)


def install_progress(host: TableHost, menus: ProgressMenus, store: Store | None, *, problem: str | None = None,
                     path_host: ProgressHost | None = None, fallback_done: DoneProvider | None = None,
                     ask_path: AskPath | None = None, inform: Inform | None = None) -> ProgressRoom:
    """Keep ``host``'s progress in ``store`` and fill ``menus``; ``path_host`` opens the start page's steps,
    ``fallback_done`` ticks them when there is no store."""
    room = ProgressRoom(host, store, problem=problem, ask_path=ask_path, inform=inform, path_host=path_host,
                        fallback_done=fallback_done)
    window = host.window()
    _add(window, menus.file, "instructor", "&Instructor…", ["Ctrl+Shift+I"],
         "Instructor mode (PIN): exams, reports, profiles", room.open_instructor)
    _add(window, menus.file, "backUpProgress", "&Back up progress…", [],
         "A copy of the progress store, safe while training", room.back_up)
    menus.train.addSeparator()
    _add(window, menus.train, "progress", "&Progress…", ["Ctrl+Shift+P"],
         "Your progress: accuracy, speed, mastery and frequent mistakes", room.open_progress)
    _add(window, menus.train, "today", "&Today…", ["Ctrl+T"],
         "Today's reviews, new material and My mistakes", room.open_today)
    _add(window, menus.tools, "paytableLab", "&Pay-table lab…", ["Ctrl+L"],
         "What a pay table costs the player, computed exactly", room.open_paytable_lab)
    return room


__all__ = ["ProgressHost", "ProgressMenus", "ProgressRoom", "install_progress", "open_store", "progress_menus"]
