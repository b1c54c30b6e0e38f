"""The table window: the felt in the middle, the round log on the right, the commands in a menu and toolbar.

Rounds play one at a time, when asked for (*New round*), or one after another once *Deal continuously* is
switched on; the speed, pause, step and skip commands drive the round's animation. Every command has a key:
N or Space (when no round is playing) deals a new round, Space or P pauses and resumes, S or Right steps,
E or End skips to the end, [ and ] change the speed, C deals continuously, M mutes.

The window is a view of its :class:`~trainer.session.TableSession`: the session deals (its round source:
the settings' rounds, or a drill's hands on a felt built for each hand's table) and says when the trainee
settles, when the table settles and when the next round is due; the window plays each round's animation and
tells the session where the animation is. With *Settle it yourself* on (Train menu, :mod:`trainer.gui.quiz`),
a round stops after the showdown and the trainee settles it in the panel above the round log; pause and step
rest until the hand is settled. *Drill on the table…* (Train menu, :mod:`trainer.gui.quiz.drill_on_table`)
deals a settlement drill's hands.

The table is built from the :class:`~trainer.settings.Settings`; settings changed in the dialog apply from the
next round (speed, volume and mute at once). The window remembers its place on the screen.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from trainer.engine.round import PlayedRound
from trainer.engine.settlement import Step
from trainer.gui.felt import felt_layout
from trainer.gui.host import SoundPlayer
from trainer.gui.quiz import install_quiz
from trainer.gui.quiz.drill_on_table import install_drill_on_table
from trainer.gui.round_log import RoundLog
from trainer.gui.training import install_training
from trainer.resources import assets_dir
from trainer.scoring import ScoreBook
from trainer.session import (
    DrillEnded,
    Event,
    RoundDealt,
    RoundOver,
    SessionState,
    SettingsRounds,
    TableSession,
    TableSettles,
)
from trainer.session.felt import Felt, settings_felt
from trainer.settings import (
    PROCEDURE_LABELS,
    Settings,
    SettingsStore,
    paytable_title,
    speed_text,
    step_speed,
)

if TYPE_CHECKING:
    from trainer.gui.table.art import ArtLibrary
    from trainer.gui.table.director import Durations, RoundDirector
    from trainer.gui.table.items import ChipStack
    from trainer.gui.table.layout import TableLayoutConfig
    from trainer.gui.table.scene import TableScene
    from trainer.gui.table.view import TableView

log = logging.getLogger("trainer.gui")

MIN_WIDTH, MIN_HEIGHT = 1024, 700
DEFAULT_WIDTH, DEFAULT_HEIGHT = 1400, 900


_PHASE_TEXTS = {
    "idle": "waiting for a new round (N)",
    "bets": "bets",
    "fee": "collection fee",
    "deal": "the deal",
    "preflop": "decisions before the flop",
    "flop": "the flop",
    "turn-river": "turn and river",
    "river-decisions": "decisions on the river",
    "folds": "collecting folded hands",
    "reveal": "showdown",
    "showdown": "showdown",
    "settling": "your settlement",
    "settle-rest": "the table settles the rest",
    "refund": "pushing the Antes",
    "cleanup": "clearing the table",
}


def phase_text(phase: str) -> str:
    """How a phase of the round reads in the status bar.

    >>> phase_text("turn-river"), phase_text("settle:3"), phase_text("something new")
    ('turn and river', 'settling seat 3', 'something new')
    """
    if phase.startswith("settle:"):
        return f"settling seat {phase.split(':', 1)[1]}"
    return _PHASE_TEXTS.get(phase, phase)


def layout_config(settings: Settings) -> TableLayoutConfig:
    """What the felt shows for these settings (the table's :class:`TableLayoutConfig`)."""
    return layout_for(settings_felt(settings), settings)


def layout_for(felt: Felt, settings: Settings) -> TableLayoutConfig:
    """The layout of ``felt`` in the user's card style and deck backs."""
    return felt_layout(felt, four_colour=settings.four_colour, deck_backs=settings.deck_backs)


class MainWindow(QMainWindow):
    """The trainer's main window. Collaborators are passed in: the settings store, the sound player,
    the animation durations, the random source, ``notify`` (how a one-line problem is shown) and the table
    session (by default one dealing the settings' rounds)."""

    phaseChanged = Signal(str)  # noqa: N815 (Qt signal names)
    """The round's animation began a phase (``deal``, ``flop``, …)."""
    roundStarted = Signal()  # noqa: N815
    roundFinished = Signal()  # noqa: N815
    firstPainted = Signal()  # noqa: N815
    """The window painted for the first time (the launch benchmark waits for it)."""

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
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle("UTH Dealer Trainer")
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
        self.session.subscribe(self._heard)
        self.director: RoundDirector | None = None
        self.scene: TableScene | None = None
        self.view: TableView | None = None
        self.art: ArtLibrary | None = None
        self._scene_config: TableLayoutConfig | None = None
        self._stepping = False
        self._users_felt_due = False
        self.phase = "idle"
        self.paused = False
        self._build_actions()
        train_menu, help_menu = self._build_menus_and_toolbar()
        self.training = install_training(self, train_menu, help_menu)
        self._build_dock()
        self._build_status_bar()
        self._build_table(assets)
        train_menu.addSeparator()
        self.quiz_menu = train_menu.addMenu("Settle it &yourself")
        self.quiz = install_quiz(self, self.quiz_menu, self.round_log.prompt_area, self.round_log.list)
        self.drill_on_table_action = install_drill_on_table(self, train_menu)
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

    @property
    def timing(self) -> Durations:
        from trainer.gui.table.director import Durations

        return self.durations if self.durations is not None else Durations()

    # --- building ------------------------------------------------------------------------------------------

    def _action(self, name: str, text: str, keys: list[str], slot: Callable[[], object], tip: str) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        action.setShortcuts([QKeySequence(k) for k in keys])
        shown = ", ".join(QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
        action.setToolTip(f"{tip} ({shown})" if shown else tip)
        action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.new_round_action = self._action("newRound", "&New round", ["N"], self.new_round,
                                             "Deal a new round")
        self.pause_action = self._action("pause", "&Pause", ["P"], self.toggle_pause,
                                         "Pause or resume the round")
        self.step_action = self._action("step", "&Step", ["S", "Right"], self.step,
                                        "Play the next phase of the round, then pause")
        self.skip_action = self._action("skipToEnd", "Skip to &end", ["E", "End"], self.skip_to_end,
                                        "Finish the round at once")
        self.slower_action = self._action("slower", "S&lower", ["["], lambda: self.change_speed(-1),
                                          "Slower animation")
        self.faster_action = self._action("faster", "&Faster", ["]"], lambda: self.change_speed(+1),
                                          "Faster animation")
        self.settings_action = self._action("settings", "Se&ttings…", ["Ctrl+,"], self.open_settings,
                                            "Change the table, pay tables, limits, animation and sound")
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.quit_action = self._action("quit", "&Quit", ["Ctrl+Q"], self.close, "Close the trainer")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.mute_action = self._action("mute", "&Mute", ["M"], self._mute_toggled, "Sound on or off")
        self.mute_action.setCheckable(True)
        self.mute_action.setChecked(self.settings.muted)
        self.space_action = self._action("space", "New round or pause", ["Space"], self._space,
                                         "New round when none is playing, else pause or resume")
        self.continuous_action = self._action("continuous", "Deal &continuously", ["C"],
                                              self._continuous_toggled,
                                              "Deal the next round by itself when one ends")
        self.continuous_action.setCheckable(True)

    def _build_menus_and_toolbar(self) -> tuple[QMenu, QMenu]:
        """The Table and Sound menus and the toolbar; the Train and Help menus, empty, for the features."""
        table_menu = self.menuBar().addMenu("&Table")
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
        sound_menu = self.menuBar().addMenu("S&ound")
        sound_menu.addAction(self.mute_action)
        train_menu = self.menuBar().addMenu("T&rain")
        help_menu = self.menuBar().addMenu("&Help")
        toolbar = self.addToolBar("Round")
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
        self.speed_label.setToolTip("Animation speed ([ slower, ] faster)")
        toolbar.addWidget(self.speed_label)
        toolbar.addAction(self.faster_action)
        toolbar.addSeparator()
        toolbar.addAction(self.mute_action)
        toolbar.addAction(self.settings_action)
        return train_menu, help_menu

    def _build_dock(self) -> None:
        self.round_log = RoundLog()
        dock = QDockWidget("Round", self)
        dock.setObjectName("roundDock")
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        dock.setAllowedAreas(Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.LeftDockWidgetArea)
        dock.setWidget(self.round_log)
        dock.setMinimumWidth(300)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.dock = dock

    def _build_status_bar(self) -> None:
        self.phase_label = QLabel()
        self.phase_label.setObjectName("phaseLabel")
        self.deck_label = QLabel()
        self.deck_label.setObjectName("deckLabel")
        self.table_label = QLabel(table_summary(self.settings))
        self.table_label.setObjectName("tableLabel")
        self.statusBar().addWidget(self.table_label)
        self.statusBar().addPermanentWidget(self.phase_label)
        self.statusBar().addPermanentWidget(self.deck_label)
        self._set_phase("idle")
        self.deck_label.setText(f"Decks: {' / '.join(self.settings.deck_backs)}")

    def _build_table(self, assets: Path | None) -> None:
        """The felt; when the artwork cannot be read the window says which file and still opens."""
        from trainer.gui.table import ArtLibrary, AssetError, TableView

        try:
            self.art = ArtLibrary(assets if assets is not None else assets_dir())
            self.scene = self._new_scene()
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
        message = f"The table cannot be drawn. {error}. Reinstalling the trainer puts the artwork back."
        log.error("%s", message)
        placeholder = QLabel(message)
        placeholder.setObjectName("tableUnavailable")
        placeholder.setWordWrap(True)
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCentralWidget(placeholder)
        self.view = None
        self.notify_later(message)
        self._update_controls()

    def _new_scene(self, config: TableLayoutConfig | None = None) -> TableScene:
        """A scene for ``config`` or the current settings (raises ``AssetError`` when a file cannot be read)."""
        from trainer.gui.table.scene import TableScene

        config = config or layout_config(self.settings)
        assert self.art is not None
        scene = TableScene(config, self.art)
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

    def _restore_geometry(self) -> None:
        geometry = self.settings.window_geometry
        if geometry and self.restoreGeometry(QByteArray.fromBase64(geometry.encode("ascii"))):
            return
        self.resize(DEFAULT_WIDTH, DEFAULT_HEIGHT)

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
        QMessageBox.warning(self, "UTH Dealer Trainer", text)

    # --- the round -----------------------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """True while a round's animation has not finished."""
        return self.director is not None

    def new_round(self, *, stepping: bool = False) -> bool:
        """Deal the session's next round and start animating it; False when one is playing or the table cannot
        be drawn.

        With ``stepping`` the round plays its first phase and pauses (Step when no round is playing).
        """
        if self.playing or self.art is None or not self.session.can_deal():
            return False
        self._stepping = stepping
        self.session.deal()
        return self.playing

    def play_step(self, step: Step, payout: ChipStack | None = None) -> None:
        """Move the chips of one step the trainee settled (``payout``: the chips cut for it)."""
        if self.director is not None:
            self.director.play_step(step, payout)

    def _heard(self, event: Event) -> None:
        """What the session decided, shown on the table."""
        if isinstance(event, RoundDealt):
            self._play_round(event)
        elif isinstance(event, TableSettles):
            if self.director is not None:
                self.director.finish_settlement()
            self._update_controls()
        elif isinstance(event, DrillEnded):
            self.table_label.setText(table_summary(self.settings))
            if self.playing:
                self._users_felt_due = True
            else:
                self._refresh_scene()
        elif isinstance(event, RoundOver):
            self._round_over(event)

    def _play_round(self, event: RoundDealt) -> None:
        from trainer.gui.table.director import RoundDirector

        table_round = event.round
        played = table_round.played
        if not self._refresh_scene(layout_for(table_round.felt, self.settings)) or self.scene is None:
            self.session.finish_round()  # the table cannot be drawn: nothing to show
            return
        self.director = director = RoundDirector(self.scene, played, self.timing, sound=self.sound,
                                                 settle_by_trainee=event.settle_by_trainee)
        director.phaseStarted.connect(self._phase_started)
        director.settlementDue.connect(self._settlement_due)
        director.finished.connect(self._round_finished)
        director.set_speed(self.settings.animation_speed)
        self.round_log.start(played, PROCEDURE_LABELS[played.procedure.value])
        self.paused = self._stepping
        self.deck_label.setText(f"Deck in play: {played.deck_colour}")
        self.table_label.setText(table_round.caption or table_summary(self.settings))
        self._update_controls()
        self.roundStarted.emit()
        if self._stepping:
            director.step()
        else:
            director.start()

    @property
    def settling(self) -> bool:
        """True while a round waits for the trainee to settle it."""
        return self.session.state is SessionState.TRAINEE_SETTLING

    def toggle_pause(self) -> None:
        """Pause a playing round, or resume a paused one (a step in progress counts as playing)."""
        if self.director is None or self.settling:
            return
        if self.director.state == "paused":
            self.director.resume()
            self.paused = False
        else:
            self.director.pause()
            self.paused = True
        self._update_controls()

    def step(self) -> None:
        """Play the next phase of the round and pause there; with no round playing, deal one that way."""
        if self.director is None:
            self.new_round(stepping=True)
            return
        if self.settling:
            return
        self.director.step()
        self.paused = True
        self._update_controls()

    def skip_to_end(self) -> None:
        """Finish the round at once: every card and chip where it ends."""
        if self.director is not None:
            self.director.skip_to_end()

    def change_speed(self, direction: int) -> None:
        """One step slower (``-1``) or faster (``+1``), between 0.25x and 4x; takes effect at once."""
        speed = step_speed(self.settings.animation_speed, direction)
        self.settings = self.settings.replace(animation_speed=speed)
        self.speed_label.setText(speed_text(speed))
        if self.director is not None:
            self.director.set_speed(speed)
        self._update_controls()

    def _space(self) -> None:
        if self.playing:
            self.toggle_pause()
        else:
            self.new_round()

    def _phase_started(self, phase: str) -> None:
        if self.session.can_finish_round():
            self.session.reach(phase)
        self._set_phase(phase)
        self.round_log.reach(phase)
        self.phaseChanged.emit(phase)

    def _settlement_due(self) -> None:
        self.paused = False
        self._set_phase("settling")
        if self.session.can_begin_settlement():
            self.session.begin_settlement()
        self._update_controls()

    def _round_finished(self) -> None:
        self.round_log.finish()
        director, self.director = self.director, None
        if director is not None:
            director.deleteLater()
        self.paused = False
        self._set_phase("idle")
        self._update_controls()
        if self.session.can_finish_round():
            self.session.finish_round()

    def _round_over(self, event: RoundOver) -> None:
        if self._users_felt_due:
            self._users_felt_due = False
            self._refresh_scene()
        self.roundFinished.emit()
        if event.next_by_itself:
            QTimer.singleShot(self.next_round_delay_ms(), self._deal_when_due)

    def next_round_delay_ms(self) -> int:
        """The breath between two rounds dealt by themselves (shorter at higher speeds)."""
        return max(1, round(3 * self.timing.pause / self.settings.animation_speed))

    def _continuous_toggled(self) -> None:
        self.session.continuous = self.continuous_action.isChecked()
        if self.session.continuous and not self.playing:
            self.new_round()

    def _deal_when_due(self) -> None:
        if self.session.next_round_due() and not self.playing and self.isVisible():
            self.new_round()

    def _set_phase(self, phase: str) -> None:
        self.phase = phase
        self.phase_label.setText(f"Phase: {phase_text(phase)}")

    def _update_controls(self) -> None:
        playing = self.playing
        self.new_round_action.setEnabled(not playing and self.art is not None)
        self.pause_action.setEnabled(playing and not self.settling)
        self.pause_action.setText("&Resume" if self.paused else "&Pause")
        self.step_action.setEnabled((playing or self.art is not None) and not self.settling)
        self.skip_action.setEnabled(playing)
        speed = self.settings.animation_speed
        self.slower_action.setEnabled(speed > 0.25)
        self.faster_action.setEnabled(speed < 4.0)

    # --- settings and sound --------------------------------------------------------------------------------

    def open_settings(self) -> QDialog:
        """Open the Settings dialog (window-modal, does not block); OK applies the result."""
        from trainer.gui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.result_settings()))
        dialog.open()
        return dialog

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on: the table from the next round, speed and sound at once; save them."""
        source = self.session.user_source
        if isinstance(source, SettingsRounds):
            source.use_settings(settings)
        self.settings = settings
        self.speed_label.setText(speed_text(settings.animation_speed))
        if self.director is not None:
            self.director.set_speed(settings.animation_speed)
        self.mute_action.setChecked(settings.muted)
        if self.sound is not None:
            self.sound.set_volume(settings.volume)
            self.sound.set_muted(settings.muted)
        if not self.playing:
            self._refresh_scene()
        if not self.playing:
            self.deck_label.setText(f"Decks: {' / '.join(settings.deck_backs)}")
        self.table_label.setText(table_summary(settings))
        self._update_controls()
        self.save_settings()

    def _mute_toggled(self) -> None:
        muted = self.mute_action.isChecked()
        self.settings = self.settings.replace(muted=muted)
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
            self.notify_once(f"The settings could not be saved to {self.store.path} ({exc.strerror or exc}).")

    # --- events --------------------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        if self.director is not None:
            self.director.pause()
        self.save_settings()
        super().closeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.firstPainted.emit()


def table_summary(settings: Settings) -> str:
    """One line for the status bar.

    >>> table_summary(Settings())
    'House-banked, 6 seats · Trips UTH-01 · Bad Beat BBB-02 · $5–$500'
    """
    if settings.player_dealer:
        names = [f"Player-dealer, {settings.seats} positions"]
    else:
        names = [f"House-banked, {settings.seats} seat{'s' if settings.seats > 1 else ''}"]
    if settings.offer_trips:
        names.append(paytable_title("trips", settings.trips_paytable))
    if settings.offer_bad_beat:
        names.append(paytable_title("bad_beat", settings.bad_beat_paytable))
    if settings.offer_pairs:
        names.append(paytable_title("pairs", settings.pairs_paytable))
    if settings.offer_progressive:
        names.append(paytable_title("progressive", settings.progressive_paytable))
    names.append(f"${settings.min_wager}–${settings.max_wager:,}")
    return " · ".join(names)
