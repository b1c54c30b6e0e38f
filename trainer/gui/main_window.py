"""The table window: the felt in the middle, the round log on the right, the commands in a menu and toolbar.

Rounds play one at a time, when asked for (*New round*), or one after another once *Deal continuously* is
switched on; the speed, pause, step and skip commands drive the round's animation (:mod:`.round_playback`).
Every command has a key: N or Space (when no round is playing) deals a new round, Space or P pauses and resumes,
S or Right steps, E or End skips to the end, [ and ] change the speed, C deals continuously, M mutes.

The window is a view of its :class:`~trainer.session.TableSession`: the session deals (its round source:
the settings' rounds, or a drill's hands on a felt built for each hand's table) and says when the trainee
settles, when the table settles and when the next round is due; the window plays each round's animation and
tells the session where the animation is. With *Settle it yourself* on (Train menu, :mod:`trainer.gui.quiz`),
a round stops after the showdown and the trainee settles it in the panel above the round log; pause and step
rest until the hand is settled. *Drill on the table…* (Train menu, :mod:`trainer.gui.quiz.drill_on_table`)
deals a settlement drill's hands.

The table is built from the :class:`~trainer.settings.Settings`; settings changed in the dialog apply from the
next round (speed, volume and mute at once). The window remembers its place on the screen. A language chosen in
Settings ▸ Language applies at once (:meth:`MainWindow.switch_language`): every text is set again in it, and the
round in progress, which the session holds, goes on.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QDialog, QLabel, QMainWindow, QMenu, QMessageBox, QToolBar, QWidget

from trainer.engine.round import PlayedRound
from trainer.gui.help_dialogs import about_dialog, keys_dialog
from trainer.gui.host import SoundPlayer
from trainer.gui.progress_wiring import install_progress, progress_menus
from trainer.gui.quiz import install_quiz
from trainer.gui.quiz.drill_on_table import install_drill_on_table
from trainer.gui.round_log import RoundLog
from trainer.gui.round_playback import PlaybackControls, RoundPlayback, layout_config, layout_for
from trainer.gui.runround import install_run_round
from trainer.gui.side_panel import SidePanel
from trainer.gui.start_page import PATH_LESSON, DoneProvider, PathStep, SessionProgress, StartPage
from trainer.gui.status_bar import StatusLine
from trainer.gui.table.magnifier import Magnifier
from trainer.gui.training import install_training, open_lessons
from trainer.gui.widgets import window_action
from trainer.i18n.translation import _, current_language
from trainer.resources import assets_dir
from trainer.scoring import Mode, ScoreBook
from trainer.session import (
    SettingsRounds,
    TableSession,
    WindowState,
)
from trainer.settings import Settings, SettingsStore, speed_text

if TYPE_CHECKING:
    from trainer.engine.settlement import Step
    from trainer.gui.settings_dialog import SettingsDialog
    from trainer.gui.table.art import ArtLibrary
    from trainer.gui.table.director import Durations, RoundDirector
    from trainer.gui.table.items import ChipStack
    from trainer.gui.table.layout import TableLayoutConfig
    from trainer.gui.table.scene import TableScene
    from trainer.gui.table.view import TableView
    from trainer.store import Store

log = logging.getLogger("trainer.gui")

MIN_WIDTH, MIN_HEIGHT = 1024, 700
DEFAULT_WIDTH, DEFAULT_HEIGHT = 1400, 900


class MainWindow(QMainWindow):
    """The trainer's main window. Collaborators are passed in: the settings store, the sound player,
    the animation durations, the random source, ``notify`` (how a one-line problem is shown) and the table
    session (by default one dealing the settings' rounds). It owns the settings, the felt and the menus; the
    round's playback is its part :attr:`playback` (:class:`~trainer.gui.round_playback.RoundPlayback`)."""

    firstPainted = Signal()  # noqa: N815
    """The window painted for the first time (the launch benchmark waits for it)."""
    phaseChanged = Signal(str)  # noqa: N815 (Qt signal names)
    """The round's animation began a phase (``deal``, ``flop``, …)."""
    roundStarted = Signal()  # noqa: N815
    roundFinished = Signal()  # noqa: N815
    languageChanged = Signal()  # noqa: N815
    """The window speaks another language: what shows a text made from parts shows it again."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: SettingsStore | None = None,
        notify: Callable[[str], None] | None = None,
        sound: SoundPlayer | None = None,
        durations: Durations | None = None,
        rng: random.Random | None = None,
        assets: Path | None = None,
        session: TableSession | None = None,
        done: DoneProvider | None = None,
        progress_store: Store | None = None,
        progress_problem: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(_("UTH Dealer Trainer"))
        self.setMinimumSize(MIN_WIDTH, MIN_HEIGHT)
        self.settings = settings
        self.store = store
        self.sound = sound
        self.durations = durations
        self.rng = rng or random.Random()
        self._notify = notify or self._message_box
        self._notified: set[str] = set()
        self._painted = False
        self.session = session or TableSession(SettingsRounds(settings, self.rng))
        self.progress = SessionProgress(self.session)
        self._done: DoneProvider = done or self.progress
        self.scene: TableScene | None = None
        self.view: TableView | None = None
        self.art: ArtLibrary | None = None
        self._scene_config: TableLayoutConfig | None = None
        self._build_actions()
        train_menu, help_menu = self._build_menus_and_toolbar()
        self._build_help(help_menu)
        self.training = install_training(self, train_menu, help_menu)
        self.round_log = RoundLog()
        self.dock = SidePanel(self.round_log, self)
        self.round_toolbar.addAction(self.dock.toggle_action)
        self.status = StatusLine(self.statusBar(), self.settings)
        self.phase_label, self.deck_label, self.table_label = (self.status.phase_label, self.status.deck_label,
                                                                self.status.table_label)
        controls = PlaybackControls(self.new_round_action, self.pause_action, self.step_action, self.skip_action,
                                    self.slower_action, self.faster_action, self.continuous_action)
        self.playback = RoundPlayback(self, self.session, self.round_log, self.status, self.speed_label, controls,
                                      durations, self)
        """The rounds the table deals, animated (the director, paused or not, the phase shown)."""
        self.playback.phaseChanged.connect(self.phaseChanged.emit)
        self.playback.roundStarted.connect(self.roundStarted.emit)
        self.playback.roundFinished.connect(self.roundFinished.emit)
        self._build_table(assets)
        train_menu.addSeparator()
        self.quiz_menu = train_menu.addMenu(_("Settle it &yourself"))
        self.mode_bar = QToolBar(_("Mode"))
        self.mode_bar.setObjectName("modeBar")
        self.mode_bar.setMovable(False)
        self.addToolBarBreak()
        self.addToolBar(self.mode_bar)
        self.quiz = install_quiz(self, self.quiz_menu, self.round_log.prompt_area, self.round_log.list,
                                 mode_bar=self.mode_bar)
        self.drill_on_table_action = install_drill_on_table(self, train_menu)
        self.run_round = install_run_round(self, train_menu, self.round_log.prompt_area, self.round_log.list,
                                           refresh=self._refresh_scene)
        self._show_run_round_on_the_mode_bar()
        self.progress_room = install_progress(self, progress_menus(self.menuBar(), train_menu, help_menu),
                                              progress_store, problem=progress_problem, path_host=self,
                                              fallback_done=self._done)
        self.training.history = self.progress_room.history
        self.start_page: StartPage | None = None
        self.magnifier = Magnifier(self, self)
        self._restore_geometry()
        self._update_controls()

    @property
    def book(self) -> ScoreBook:
        """The session's results."""
        return self.session.book

    @property
    def played(self) -> PlayedRound | None:
        """The round on the table, or the round played last."""
        return self.session.played

    # --- the round's playback (its part) ---------------------------------------------------------------------

    @property
    def director(self) -> RoundDirector | None:
        """The director animating the round playing, if any."""
        return self.playback.director

    @property
    def paused(self) -> bool:
        return self.playback.paused

    @property
    def phase(self) -> str:
        """The phase shown in the status bar (a phase's name or a :class:`WindowState`)."""
        return self.playback.phase

    @property
    def playing(self) -> bool:
        """True while a round's animation has not finished."""
        return self.playback.playing

    @property
    def settling(self) -> bool:
        """True while a round waits for the trainee to settle it."""
        return self.playback.settling

    @property
    def timing(self) -> Durations:
        """The animation durations (before the speed factor)."""
        return self.playback.timing

    def play_step(self, step: Step, payout: ChipStack | None = None) -> None:
        """Move the chips of one step the trainee settled (``payout``: the chips cut for it)."""
        self.playback.play_step(step, payout)

    def toggle_pause(self) -> None:
        self.playback.toggle_pause()

    def step(self) -> None:
        self.playback.step()

    def skip_to_end(self) -> None:
        self.playback.skip_to_end()

    def change_speed(self, direction: int) -> None:
        self.playback.change_speed(direction)

    def next_round_delay_ms(self) -> int:
        return self.playback.next_round_delay_ms()

    def refresh_scene(self, config: TableLayoutConfig | None = None) -> bool:
        """The felt for ``config`` (None: the settings'); False when the artwork failed."""
        return self._refresh_scene(config)

    def _space(self) -> None:
        self.playback.space()

    def _continuous_toggled(self) -> None:
        self.playback.continuous_toggled()

    def _set_phase(self, phase: str) -> None:
        self.playback.set_phase(phase)

    def _update_controls(self) -> None:
        self.playback.update_controls()

    # --- building ------------------------------------------------------------------------------------------

    def _action(self, name: str, text: str, keys: list[str], slot: Callable[[], object], tip: str) -> QAction:
        return window_action(self, name, text, keys, tip=tip, keys_in_tip=True, slot=slot)

    def _build_actions(self) -> None:
        self.new_round_action = self._action("newRound", _("&New round"), ["N"], self.new_round,
                                             _("Deal a new round"))
        self.pause_action = self._action("pause", _("&Pause"), ["P"], self.toggle_pause,
                                         _("Pause or resume the round"))
        self.step_action = self._action("step", _("&Step"), ["Right"], self.step,
                                        _("Play the next phase of the round, then pause"))
        self.skip_action = self._action("skipToEnd", _("Skip to &end"), ["E", "End"], self.skip_to_end,
                                        _("Finish the round at once: the table settles what is left (never a hand "
                                          "of an exam)"))
        self.slower_action = self._action("slower", _("S&lower"), ["["], lambda: self.change_speed(-1),
                                          _("Slower animation"))
        self.faster_action = self._action("faster", _("&Faster"), ["]"], lambda: self.change_speed(+1),
                                          _("Faster animation"))
        self.settings_action = self._action("settings", _("Se&ttings…"), ["Ctrl+,"], self.open_settings,
                                            _("Change the table, pay tables, limits, animation and sound"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.quit_action = self._action("quit", _("&Quit"), ["Ctrl+Q"], self.close, _("Close the trainer"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.mute_action = self._action("mute", _("&Mute"), ["M"], self._mute_toggled, _("Sound on or off"))
        self.mute_action.setCheckable(True)
        self.mute_action.setChecked(self.settings.muted)
        self.space_action = self._action("space", _("New round or pause"), ["Space"], self._space,
                                         _("New round when none is playing, else pause or resume"))
        self.continuous_action = self._action("continuous", _("Deal &continuously"), ["C"],
                                              self._continuous_toggled,
                                              _("Deal the next round by itself when one ends"))
        self.continuous_action.setCheckable(True)

    def _build_menus_and_toolbar(self) -> tuple[QMenu, QMenu]:
        """The Table and Sound menus and the toolbar; the Train and Help menus, empty, for the features."""
        table_menu = self.menuBar().addMenu(_("&Table"))
        for action in (self.new_round_action, self.pause_action, self.step_action, self.skip_action):
            table_menu.addAction(action)
        table_menu.addAction(self.continuous_action)
        table_menu.addSeparator()
        table_menu.addAction(self.slower_action)
        table_menu.addAction(self.faster_action)
        table_menu.addSeparator()
        table_menu.addAction(self.settings_action)
        table_menu.addSeparator()
        table_menu.addAction(self.quit_action)
        sound_menu = self.menuBar().addMenu(_("S&ound"))
        sound_menu.addAction(self.mute_action)
        train_menu = self.menuBar().addMenu(_("T&rain"))
        help_menu = self.menuBar().addMenu(_("&Help"))
        toolbar = self.round_toolbar = self.addToolBar(_("Round"))
        toolbar.setObjectName("roundToolbar")
        toolbar.setMovable(False)
        for action in (self.new_round_action, self.pause_action, self.step_action, self.skip_action):
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.slower_action)
        self.speed_label = QLabel(speed_text(self.settings.animation_speed))
        self.speed_label.setObjectName("speedLabel")
        self.speed_label.setMinimumWidth(48)
        self.speed_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.speed_label.setToolTip(_("Animation speed ([ slower, ] faster)"))
        toolbar.addWidget(self.speed_label)
        toolbar.addAction(self.faster_action)
        toolbar.addSeparator()
        toolbar.addAction(self.mute_action)
        toolbar.addAction(self.settings_action)
        return train_menu, help_menu

    def _build_help(self, help_menu: QMenu) -> None:
        """Help ▸ Start here, Keys and About (the lessons follow, from the training menus)."""
        start = self._action("startHere", _("&Start here…"), [], self.open_start_page,
                             _("The path: lesson, watch a hand, guided hand, practice, exam"))
        keys = self._action("keys", _("&Keys…"), ["Ctrl+/"], self.open_keys, _("Every key of the trainer"))
        about = self._action("about", _("&About…"), [], self.open_about, _("The version and the rules sources"))
        about.setMenuRole(QAction.MenuRole.AboutRole)
        for action in (start, keys, about):
            help_menu.addAction(action)
        help_menu.addSeparator()

    def _build_table(self, assets: Path | None) -> None:
        """The felt; when the artwork cannot be read the window says which file and still opens."""
        from trainer.gui.table import ArtLibrary, AssetError, TableView

        try:
            self.art = ArtLibrary(assets if assets is not None else assets_dir())
            self.scene = self._new_scene(check_faces=False)  # read just after the first frame
        except AssetError as exc:
            self._table_unavailable(exc)
            return
        self.view = TableView(self.scene)
        self.view.setObjectName("tableView")
        self.setCentralWidget(self.view)
        self.view.setFocus()

    def _table_unavailable(self, error: Exception) -> None:
        """Show which artwork file failed, in the window and once in a message; rounds are off."""
        self.art = None
        self.scene = None
        message = _("The table cannot be drawn. {error}. Reinstalling the trainer puts the artwork back.").format(
            error=error)
        log.error("%s", message)
        placeholder = QLabel(message)
        placeholder.setObjectName("tableUnavailable")
        placeholder.setWordWrap(True)
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCentralWidget(placeholder)
        self.view = None
        self.notify_later(message)
        self._update_controls()

    def _new_scene(self, config: TableLayoutConfig | None = None, *, check_faces: bool = True) -> TableScene:
        """A scene for ``config`` or the current settings (raises ``AssetError`` when a file cannot be read;
        ``check_faces`` False: the card faces are read by :meth:`_after_first_frame`)."""
        from trainer.gui.table.scene import TableScene

        config = config or layout_config(self.settings)
        assert self.art is not None
        scene = TableScene(config, self.art, check_faces=check_faces)
        self._scene_config = config
        return scene

    def _refresh_scene(self, config: TableLayoutConfig | None = None) -> bool:
        """Rebuild the scene when the settings (or ``config``, a drill's table) change what the felt shows;
        False when the art failed."""
        if self.art is None or self.view is None:
            return False
        config = config or layout_config(self.settings)
        if config == self._scene_config:
            return True
        from trainer.gui.table import AssetError

        try:
            self.scene = self._new_scene(config)
        except AssetError as exc:
            self._table_unavailable(exc)
            return False
        self.view.setScene(self.scene)
        self.view.fit_table()
        return True

    opens_maximized = False
    """The first start on a screen smaller than the default size (a 1366x768 laptop): show the window maximized."""

    def _restore_geometry(self) -> None:
        geometry = self.settings.window_geometry
        if geometry and self.restoreGeometry(QByteArray.fromBase64(geometry.encode("ascii"))):
            return
        screen = self.screen()
        available = screen.availableGeometry() if screen is not None else None
        width, height, maximized = first_window_size(
            (available.width(), available.height()) if available is not None else (DEFAULT_WIDTH, DEFAULT_HEIGHT))
        self.resize(width, height)
        self.opens_maximized = maximized

    # --- messages ------------------------------------------------------------------------------------------

    def notify_once(self, text: str) -> None:
        """Show ``text`` unless it was shown already (each problem is reported once)."""
        if text in self._notified:
            return
        self._notified.add(text)
        self._notify(text)

    def notify_later(self, text: str) -> None:
        """:meth:`notify_once` after the window is up (never blocks building it)."""
        QTimer.singleShot(0, lambda: self.notify_once(text))

    def _message_box(self, text: str) -> None:
        QMessageBox.warning(self, _("UTH Dealer Trainer"), text)

    def _show_run_round_on_the_mode_bar(self) -> None:
        """*Run the round* on the mode bar beside the settling modes, one of them chosen at a time: choosing a
        settling mode (Ctrl+0…4) stops a run round first, and the bar shows which is on."""
        quiz_off = self.action("quizOff")
        group = quiz_off.actionGroup() if quiz_off is not None else None
        running = QAction(_("Run the round"), self)
        running.setObjectName("modeRunRound")
        running.setCheckable(True)
        running.setToolTip(_("Run the whole round yourself, in practice (Train ▸ Run the round for the other modes)"))
        running.triggered.connect(self._run_the_round)
        if group is not None:
            group.addAction(running)
        self.mode_bar.addSeparator()
        self.mode_bar.addAction(running)
        self.quiz.before_mode_change.append(self.run_round.stop)
        self.run_round.modeChanged.connect(self._run_round_changed)

    def _run_round_changed(self, mode: Mode | None) -> None:
        """The mode bar and the status bar say whether the trainee runs the rounds."""
        running = self.action("modeRunRound")
        if mode is not None and running is not None:
            running.setChecked(True)
        elif mode is None:
            self._show_quiz_mode()
        if not self.playing:
            self._set_phase(WindowState.RUNNING if mode is not None else WindowState.IDLE)

    def _run_the_round(self) -> None:
        """The mode bar's *Run the round*: practice (a round the table is playing must end first: then the bar
        keeps showing the mode in force)."""
        if not self.run_round.set_mode(Mode.PRACTICE):
            self._show_quiz_mode()

    def _show_quiz_mode(self) -> None:
        """The mode bar shows the settling mode in force (when no round is being run)."""
        names = {None: "quizOff", Mode.GUIDED: "quizGuided", Mode.PRACTICE: "quizPractice", Mode.EXAM: "quizExam",
                 Mode.SPEED: "quizSpeed"}
        action = self.action(names[self.quiz.mode])
        if action is not None and not self.run_round.active:
            action.setChecked(True)

    def new_round(self, *, stepping: bool = False) -> bool:
        """Deal the next round (see :meth:`RoundPlayback.new_round`); while the trainee runs the rounds
        (Train ▸ Run the round), the next round to run."""
        if self.run_round.active:
            return self.run_round.deal()
        return self.playback.new_round(stepping=stepping)

    # --- settings and sound --------------------------------------------------------------------------------

    def open_settings(self) -> QDialog:
        """Open the Settings dialog (window-modal, does not block); OK applies the result."""
        from trainer.gui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._settings_accepted(dialog))
        dialog.open()
        return dialog

    def _settings_accepted(self, dialog: SettingsDialog) -> None:
        """OK in Settings: the settings applied; a language chosen there spoken at once (one given for this run
        only, ``--lang``, stays until the trainee chooses one)."""
        self.apply_settings(dialog.result_settings())
        if dialog.language_changed():
            self.switch_language(dialog.chosen_language())

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on: the table from the next round, speed and sound at once; save them."""
        source = self.session.user_source
        if isinstance(source, SettingsRounds):
            source.use_settings(settings)
        self.settings = settings
        self.speed_label.setText(speed_text(settings.animation_speed))
        if self.playback.director is not None:
            self.playback.director.set_speed(settings.animation_speed)
        self.mute_action.setChecked(settings.muted)
        if self.sound is not None:
            self.sound.set_volume(settings.volume)
            self.sound.set_muted(settings.muted)
        if not self.playing and self.run_round.table is None:  # a round being run keeps its felt (and its cards)
            self._refresh_scene()
            self.status.show_decks(settings)
        self.status.show_table(settings)
        self._update_controls()
        self.save_settings()

    def switch_language(self, language: str) -> None:
        """Speak ``language`` at once: every text of the window, its docks, panels and open dialogs set again in
        it (:func:`trainer.gui.language.retranslate`); the round in progress, the session's, goes on as it was. The
        felt's printed words change at once on an empty table, else from the next deal."""
        from trainer.gui.language import retranslate, speak

        before = current_language()
        if language == before:
            return
        speak(language)
        retranslate(self, before)
        self.speed_label.setText(speed_text(self.settings.animation_speed))
        self.status.retranslate()
        self.round_log.retranslate()
        self.quiz.retranslate()
        self.run_round.retranslate()
        self._felt_in_language()
        self.languageChanged.emit()

    def _felt_in_language(self) -> None:
        """The user's felt drawn again in the language spoken when no round lies on it; a felt with a round on it
        keeps its words until the next deal, which draws the felt in the new language (the round stays whole). A
        round being run (run the round) lies on the felt too: its cards are on this scene."""
        from trainer.session.sources import SettingsRounds

        source = self.session.source
        running = self.run_round.table is not None
        if self.scene is not None and not self.scene.arrivals and not self.playing and not running and isinstance(
                source, SettingsRounds):
            self._refresh_scene(layout_for(source.felt, self.settings))

    def change_settings(self, *, save: bool = False, **changes: Any) -> Settings:
        """The one way a feature changes the settings: ``changes`` from now on (written at once with ``save``)."""
        self.settings = self.settings.replace(**changes)
        if save:
            self.save_settings()
        return self.settings

    def action(self, name: str) -> QAction | None:
        """The window's action named ``name`` (what a feature uses to find another's action)."""
        found = self.findChild(QAction, name)
        return found if isinstance(found, QAction) else None

    def _mute_toggled(self) -> None:
        muted = self.mute_action.isChecked()
        self.change_settings(muted=muted)
        if self.sound is not None:
            self.sound.set_muted(muted)

    def save_settings(self) -> None:
        """Write the settings (with the window's geometry); a failure is reported once, never raised."""
        geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        self.settings = self.settings.replace(window_geometry=geometry)
        if self.store is None:
            return
        try:
            self.store.save(self.settings)
        except OSError as exc:
            log.error("Could not save the settings: %s", exc)
            self.notify_once(_("The settings could not be saved to {path} ({reason}).").format(
                path=self.store.path, reason=exc.strerror or exc))

    # --- help ----------------------------------------------------------------------------------------------

    def open_start_page(self) -> StartPage:
        """The start page (Help ▸ Start here): the path, each step a button, what is done ticked; who is training
        and their Today queue beside it."""
        self.start_page = self.progress_room.open_start_page()
        return self.start_page

    def open_path_step(self, step: PathStep) -> None:
        """Open one step of the start page's path."""
        if step is PathStep.LESSON:
            self.progress.lesson_read = True
            open_lessons(self, PATH_LESSON)
        elif step is PathStep.EXAM:
            from trainer.gui.quiz import open_exam_set

            open_exam_set(self.quiz)
        else:
            mode = {PathStep.WATCH: None, PathStep.GUIDED: Mode.GUIDED, PathStep.PRACTICE: Mode.PRACTICE}[step]
            self.quiz.set_mode(mode)
            if not self.playing:
                self.new_round()

    def open_keys(self) -> QDialog:
        """Help ▸ Keys: every shortcut."""
        dialog = keys_dialog(self.actions(), self)
        dialog.show()
        return dialog

    def open_about(self) -> QDialog:
        """Help ▸ About: the version and the rules sources."""
        dialog = about_dialog(self)
        dialog.show()
        return dialog

    # --- events --------------------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.dock.fit()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        if self.playback.director is not None:
            self.playback.director.pause()
        self.save_settings()
        self.progress_room.close()
        super().closeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.firstPainted.emit()
            QTimer.singleShot(0, self, self._after_first_frame)

    def _after_first_frame(self) -> None:
        """What the first frame did not need, made just after it: the card faces read (one that cannot be read
        takes the table away and says which, as at the start) and the settlement panels made."""
        if self.art is not None and self._scene_config is not None:
            from trainer.gui.table import AssetError

            try:
                self.art.check_faces(self._scene_config.four_colour)
            except AssetError as exc:
                self._table_unavailable(exc)
        self.quiz.prepare()
        self.run_round.prepare()


def first_window_size(available: tuple[int, int]) -> tuple[int, int, bool]:
    """The window's size at its first start on a screen with ``available`` room (width, height), and whether it
    opens maximized: the default size where it fits, else the whole screen (a 1366x768 laptop), never below the
    minimum (a screen smaller than that gets a window of the minimum size, not maximized: maximized, some
    platforms fit it to the screen, below the size the table and the panel need).

    >>> first_window_size((1920, 1040)), first_window_size((1366, 728)), first_window_size((800, 600))
    ((1400, 900, False), (1366, 728, True), (1024, 700, False))
    """
    width, height = available
    if width >= DEFAULT_WIDTH and height >= DEFAULT_HEIGHT:
        return DEFAULT_WIDTH, DEFAULT_HEIGHT, False
    fits = width >= MIN_WIDTH and height >= MIN_HEIGHT
    return max(MIN_WIDTH, min(width, DEFAULT_WIDTH)), max(MIN_HEIGHT, min(height, DEFAULT_HEIGHT)), fits


__all__ = ["DEFAULT_HEIGHT", "DEFAULT_WIDTH", "MIN_HEIGHT", "MIN_WIDTH", "MainWindow", "first_window_size",
           "layout_config", "layout_for"]
