"""Progress that lasts, in the table window: the store opened at start, the trainee training now, every scored
item kept, and the menus that reach the progress screens and the pay-table lab.

:func:`install_progress` is all the window calls. It fills the menus it is given:

- *File*: Instructor… (behind the PIN) and Back up progress… (and, on a class store, Upload this station's
  history…, with the class store's line in the status bar: :mod:`trainer.gui.progress.classroom`);
- *Train*: Progress… (charts, mastery, frequent mistakes: each opens its lesson or a drill) and Today…;
- *Tools*: Pay-table lab…;

and owns the start page (Help ▸ Start here): the path, ticked from the trainee's history, beside who is training
and their Today queue. Every item the session's score book records is stored for the trainee training now, one
transaction each; the hands of a settlement drill dealt on the table are stored under their seed, the table's own
hands (settled, run, or an exam's) with their round, so My mistakes can deal them again; every exam set is kept as
an attempt. Without a store (it could not be opened) the trainer runs as before, the start page without
profiles, and the results of this session only.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu, QMenuBar, QMessageBox, QWidget

from trainer.gui.progress.desk import (
    DEFAULT_TRAINEE,
    HISTORY_SHOWN,
    AskPath,
    Desk,
    DrillDoor,
    ExamDesk,
    Inform,
    Keeping,
    ProgressWindows,
    StartDoor,
    TraineeChoice,
    back_up,
    default_trainee,
)
from trainer.gui.progress.recording import Recorder
from trainer.gui.start_page import DoneProvider, PathStep, StartPage
from trainer.gui.widgets import window_action
from trainer.i18n.translation import _
from trainer.scoring import ItemResult
from trainer.store.errors import STORE_OR_FILE_FAILURES, StoreError
from trainer.store.opening import open_store
from trainer.store.records import Profile
from trainer.store.store import Store

if TYPE_CHECKING:
    from trainer.gui.host import TableHost
    from trainer.gui.progress.classroom import ClassStoreDoor
    from trainer.gui.progress.exam_run import ExamRun
    from trainer.gui.progress.profiles import TraineePanel
    from trainer.store.instructor import Attempt, Exam

log = logging.getLogger("trainer.gui")


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
    file_menu = QMenu(_("&File"), bar)
    file_menu.setObjectName("fileMenu")
    if first is not None:
        bar.insertMenu(first, file_menu)
    else:
        bar.addMenu(file_menu)
    tools = QMenu(_("Too&ls"), bar)
    tools.setObjectName("toolsMenu")
    bar.insertMenu(help_menu.menuAction(), tools)
    return ProgressMenus(file_menu, train, tools)


def open_progress_store(data_dir: str | Path | None, class_url: str | None = None) -> tuple[Store | None, str | None]:
    """The store's :func:`~trainer.store.opening.open_store` for the window: the progress store in ``data_dir``
    (None: the user's data folder), or None and the one line saying why it could not be opened (the trainer then
    runs without progress).

    With ``class_url`` (``--store``, Settings ▸ Class store) it is that class store, the station's store keeping
    its outbox. Nothing waits for the network: the store opens on the station's copy and its background sender
    reaches the server (the screens read the server from then on); a server that does not answer, or that cannot
    be used (a wrong password, not a class store, another schema), is said on the status line while the station
    works from its copy. A URL that is not a class store's URL at all is said in one line and the station's own
    store opens."""
    try:
        if class_url:
            from trainer.store.classcred import full_url

            try:
                # the window shows at once: the server is reached by the store's sender, in the background
                return open_store(data_dir, full_url(class_url), connect=False), None
            except StoreError as error:
                local, problem = open_progress_store(data_dir)
                return local, problem or _("The class store is not used this session ({error}): this station's "
                                           "own progress store is open.").format(error=error)
        return open_store(data_dir), None
    except StoreError as error:
        return None, _("Progress is off for this session: {error}.").format(error=error)
    except STORE_OR_FILE_FAILURES as error:
        return None, _("Progress is off for this session: the progress store could not be opened "
                       "({error}).").format(error=error)


class ProgressRoom(QObject):
    """The progress of ``host``'s trainees, kept in ``store`` (None: progress is off, ``problem`` says why).

    Each job is a piece of :mod:`trainer.gui.progress.desk` sharing one :class:`Desk`: keeping every item,
    the trainee's choice, the start page, drills and My mistakes, the progress windows, the instructor's exams,
    the backup; this room only puts them together for the window's menus."""

    def __init__(self, host: TableHost, store: Store | None, *, problem: str | None = None,
                 ask_path: AskPath | None = None, inform: Inform | None = None,
                 path_host: ProgressHost | None = None, fallback_done: DoneProvider | None = None) -> None:
        super().__init__(host.window())
        self.host = host
        self.desk = Desk(host, store, inform or self._message, ask_path or self._file_dialog)
        self._path_host = path_host
        if problem:
            log.warning("%s", problem)
            self.desk.say_later(problem)
        if store is not None:
            for notice in store.notices:
                self.desk.say_later(notice)
        self.start_door = StartDoor(self.desk, self.open_step, fallback_done, self.choose_profile,
                                    self.open_drill, self.deal_mistakes)
        self.trainee = TraineeChoice(self.desk, self.start_door.trainee_chosen)
        self.trainee.first()
        self.keeping = Keeping(self.desk, self)
        self.drills = DrillDoor(self.desk, self.start_door.leave)
        self.windows = ProgressWindows(self.desk, self.drills)
        self.exams = ExamDesk(self.desk)
        self.class_store: ClassStoreDoor | None = None
        """The class store's status line and upload (None: the station's own store)."""

    # -- what the pieces share, as the window and the tests see it --------------------------------------------

    @property
    def store(self) -> Store | None:
        return self.desk.store

    @property
    def profile(self) -> Profile | None:
        """The trainee training now (None: progress is off)."""
        return self.desk.profile

    @property
    def inform(self) -> Inform:
        return self.desk.inform

    @inform.setter
    def inform(self, inform: Inform) -> None:
        self.desk.inform = inform

    @property
    def ask_path(self) -> AskPath:
        return self.desk.ask_path

    @ask_path.setter
    def ask_path(self, ask_path: AskPath) -> None:
        self.desk.ask_path = ask_path

    @property
    def recorder(self) -> Recorder | None:
        """Writes the items scored without holding the window up (None: progress is off)."""
        return self.keeping.recorder

    @property
    def start_page(self) -> StartPage | None:
        return self.start_door.start_page

    @property
    def panel(self) -> TraineePanel | None:
        return self.start_door.panel

    @property
    def exam(self) -> ExamRun | None:
        return self.exams.exam

    @property
    def attempts(self) -> list[Attempt]:
        return self.exams.attempts

    # -- the jobs, each its piece's ---------------------------------------------------------------------------

    def record(self, result: ItemResult) -> None:
        """Store one item the session scored, for the trainee training now (kept waiting while another program
        writes the store); a failure is told once and the trainer goes on."""
        self.keeping.record(result)

    def close(self) -> None:
        """The window closes: the items still waiting are written."""
        self.keeping.close()
        if self.class_store is not None:
            self.class_store.close()

    def history(self) -> list[ItemResult] | None:
        """The trainee's latest items, newest first, as Train ▸ Results shows them (None: no store)."""
        return self.keeping.history()

    def choose_profile(self, name: str) -> Profile | None:
        """``name`` trains from now on (remembered in the settings); None when there is no such profile."""
        return self.trainee.choose(name)

    def done(self) -> frozenset[PathStep]:
        """The path's steps the trainee training now has done, from the store (else from this session)."""
        return self.start_door.done()

    def open_step(self, step: PathStep) -> None:
        if step is PathStep.LESSON:
            self.keeping.mark("lesson")
        if self._path_host is not None:
            self._path_host.open_path_step(step)

    def open_start_page(self) -> StartPage:
        """The start page: the path, and beside it who is training and their Today queue."""
        return self.start_door.open()

    def open_at_start(self) -> StartPage | None:
        """The start page, when the settings say it opens at every start (the default, so at the first)."""
        return self.open_start_page() if self.host.settings.start_page_at_start else None

    def open_drill(self, name: str) -> QWidget | None:
        return self.drills.open_drill(name)

    def open_lesson(self, topic: str) -> QDialog:
        return self.drills.open_lesson(topic)

    def deal_mistakes(self) -> int:
        return self.drills.deal_mistakes()

    def open_progress(self) -> QDialog | None:
        """Train ▸ Progress…: the trainee's charts, mastery and frequent mistakes."""
        return self.windows.open_progress()

    def open_today(self) -> QDialog | None:
        """Train ▸ Today…: the reviews due, the new material and My mistakes."""
        return self.windows.open_today()

    def open_instructor(self) -> QDialog | None:
        """File ▸ Instructor…: the PIN, then exams, reports and profiles."""
        return self.exams.open_instructor()

    def start_exam(self, exam: Exam) -> bool:
        """Deal ``exam`` to the trainee training now, in exam mode; the attempt is kept when it ends."""
        return self.exams.start_exam(exam)

    def back_up(self) -> Path | None:
        """File ▸ Back up progress…"""
        return back_up(self.desk)

    def open_paytable_lab(self) -> QWidget:
        """Tools ▸ Pay-table lab…"""
        from trainer.gui.paytable_lab import open_paytable_lab

        return open_paytable_lab(self.host.window())

    def _file_dialog(self, title: str, pattern: str, save: bool) -> str | None:
        from trainer.gui.progress.instructor import file_dialog

        return file_dialog(self.host.window())(title, pattern, save)

    def _message(self, text: str) -> None:
        QMessageBox.information(self.host.window(), _("UTH Dealer Trainer"), text)


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
    if store is not None and type(store) is not Store:  # (the class store's modules load only for one)
        from trainer.gui.progress.classroom import ClassStoreDoor
        from trainer.store.classroom import ClassStore

        if isinstance(store, ClassStore) and isinstance(window, QMainWindow):
            class_store = store

            def on_server() -> None:  # the screens read the server now: the trainee is the server's profile
                if room.desk.profile is not None:
                    try:
                        room.desk.profile = class_store.server_profile(room.desk.profile)
                    except StoreError as error:
                        log.error("The trainee could not be found on the class store: %s", error)
                        return
                    room.start_door.trainee_chosen(room.desk.profile)  # the whole class, as the server has it

            room.class_store = ClassStoreDoor(window, store, menus.file, lambda line: room.desk.inform(line),
                                              on_server)
    _add(window, menus.file, "instructor", _("&Instructor…"), ["Ctrl+Shift+I"],
         _("Instructor mode (PIN): exams, reports, profiles"), room.open_instructor)
    _add(window, menus.file, "backUpProgress", _("&Back up progress…"), [],
         _("A copy of the progress store, safe while training"), room.back_up)
    menus.train.addSeparator()
    _add(window, menus.train, "progress", _("&Progress…"), ["Ctrl+Shift+P"],
         _("Your progress: accuracy, speed, mastery and frequent mistakes"), room.open_progress)
    _add(window, menus.train, "today", _("&Today…"), ["Ctrl+T"],
         _("Today's reviews, new material and My mistakes"), room.open_today)
    _add(window, menus.train, "myMistakes", _("&My mistakes"), ["Ctrl+Shift+M"],
         _("Deal again, on the table, every hand you got wrong, until each is settled right"), room.deal_mistakes)
    _add(window, menus.tools, "paytableLab", _("&Pay-table lab…"), ["Ctrl+L"],
         _("What a pay table costs the player, computed exactly"), room.open_paytable_lab)
    return room


__all__ = ["DEFAULT_TRAINEE", "HISTORY_SHOWN", "AskPath", "Inform", "ProgressHost", "ProgressMenus",
           "ProgressRoom", "default_trainee", "install_progress", "open_progress_store", "progress_menus"]
