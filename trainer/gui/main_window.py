"""The table window: the felt in the middle, the round log on the right, the commands in a menu and toolbar.

Rounds play one at a time, when asked for (*New round*), or one after another once *Deal continuously* is
switched on; the speed, pause, step and skip commands drive the round's animation. Every command has a key:
N or Space (when no round is playing) deals a new round, Space or P pauses and resumes, S or Right steps,
E or End skips to the end, [ and ] change the speed, C deals continuously, M mutes.

With *Settle it yourself* on (Train menu, :mod:`trainer.gui.quiz`), a round stops after the showdown and
the trainee settles it in the panel above the round log; pause and step rest until the hand is settled.
*Drill on the table…* (Train menu, :mod:`trainer.gui.quiz.drill_on_table`) deals a settlement drill's hands
instead of the session's rounds (``round_source``), on a felt built for each hand's table.

The table is built from the :class:`~trainer.settings.Settings`; settings changed in the dialog apply from the
next round (speed, volume and mute at once). The window remembers its place on the screen.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from trainer.gui.quiz import install_quiz
from trainer.gui.quiz.drill_on_table import install_drill_on_table
from trainer.gui.round_log import RoundLog
from trainer.gui.training import install_training
from trainer.resources import assets_dir
from trainer.settings import (
    PROCEDURE_LABELS,
    Settings,
    SettingsStore,
    new_session,
    paytable_title,
    speed_text,
    step_speed,
    table_changed,
)

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


def layout_config(settings: Settings) -> Any:
    """What the felt shows for these settings (the table's :class:`TableLayoutConfig`)."""
    from trainer.engine.paytables import load_paytables
    from trainer.gui.table import TableLayoutConfig
    from trainer.settings import table_rules

    tables = load_paytables()
    shown = [tables.blind()]
    shown.append(tables.trips(settings.trips_paytable))
    if settings.offer_bad_beat:
        shown.append(tables.bad_beat(settings.bad_beat_paytable))
    if settings.offer_pairs:
        shown.append(tables.pairs(settings.pairs_paytable))
    if settings.offer_progressive:
        shown.append(tables.progressive(settings.progressive_paytable))
    return TableLayoutConfig(
        banking=settings.banking,
        seat_count=settings.seats,
        bad_beat=settings.offer_bad_beat,
        pairs=settings.offer_pairs,
        progressive=settings.offer_progressive,
        paytables=tuple((t.title, tuple((line.label, line.odds.text) for line in t.lines)) for t in shown),
        inscription=table_rules(settings).inscription,
        four_colour=settings.four_colour,
        deck_backs=settings.deck_backs,
    )


class MainWindow(QMainWindow):
    """The trainer's main window. Collaborators are passed in: the settings store, the sound player,
    the animation durations, the random source and ``notify`` (how a one-line problem is shown)."""

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
        sound: Any = None,
        durations: Any = None,
        rng: random.Random | None = None,
        assets: Any = None,
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
        self.session: Any = None
        self.director: Any = None
        self.played: Any = None
        self.scene: Any = None
        self.view: Any = None
        self.art: Any = None
        self._scene_config: Any = None
        self.round_source: Callable[[], tuple[Any, Any]] | None = None
        """When set (a drill on the table), each new round is ``round_source()``: the round and the felt it needs."""
        self.phase = "idle"
        self.paused = False
        self._build_actions()
        self._build_menus_and_toolbar()
        install_training(self)
        self._build_dock()
        self._build_status_bar()
        self._build_table(assets)
        self.quiz = install_quiz(self)
        install_drill_on_table(self)
        self._restore_geometry()
        self._update_controls()

    # --- building ------------------------------------------------------------------------------------------

    def _action(self, name: str, text: str, keys: list[str], slot: Callable[[], Any], tip: str) -> QAction:
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

    def _build_menus_and_toolbar(self) -> None:
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

    def _build_table(self, assets: Any) -> None:
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

    def _new_scene(self, config: Any = None) -> Any:
        """A scene for ``config`` or the current settings (raises ``AssetError`` when a file cannot be read)."""
        from trainer.gui.table import TableScene

        config = config or layout_config(self.settings)
        scene = TableScene(config, self.art)
        self._scene_config = config
        return scene

    def _refresh_scene(self, config: Any = None) -> bool:
        """Rebuild the scene when the settings (or ``config``, a drill's table) change what the felt shows;
        False when the art failed."""
        if self.art is None:
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
        """Deal and start animating the next round; False when one is playing or the table cannot be drawn.

        With ``stepping`` the round plays its first phase and pauses (Step when no round is playing).
        """
        if self.playing or self.art is None:
            return False
        played, config = self.round_source() if self.round_source is not None else (None, None)
        if not self._refresh_scene(config):
            return False
        from trainer.gui.table import Durations, RoundDirector

        if played is None:
            if self.session is None:
                self.session = new_session(self.settings, self.rng)
            played = self.session.next_round()
        self.played = played
        durations = self.durations if self.durations is not None else Durations()
        self.director = RoundDirector(self.scene, played, durations, sound=self.sound,
                                      settle_by_trainee=self.quiz.active)
        self.director.phaseStarted.connect(self._phase_started)
        self.director.settlementDue.connect(self._settlement_due)
        self.director.finished.connect(self._round_finished)
        self.director.set_speed(self.settings.animation_speed)
        self.round_log.start(played, PROCEDURE_LABELS[played.procedure.value])
        self.paused = stepping
        self.deck_label.setText(f"Deck in play: {played.deck_colour}")
        self._update_controls()
        self.roundStarted.emit()
        if stepping:
            self.director.step()
        else:
            self.director.start()
        return True

    @property
    def settling(self) -> bool:
        """True while a round waits for the trainee to settle it."""
        return self.director is not None and self.director.state == "settling"

    def toggle_pause(self) -> None:
        """Pause a playing round, or resume a paused one (a step in progress counts as playing)."""
        if not self.playing or self.settling:
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
        if not self.playing:
            self.new_round(stepping=True)
            return
        if self.settling:
            return
        self.director.step()
        self.paused = True
        self._update_controls()

    def skip_to_end(self) -> None:
        """Finish the round at once: every card and chip where it ends."""
        if self.playing:
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
        self._set_phase(phase)
        self.round_log.reach(phase)
        self.phaseChanged.emit(phase)

    def _settlement_due(self) -> None:
        self.paused = False
        self._set_phase("settling")
        self._update_controls()

    def _round_finished(self) -> None:
        self.round_log.finish()
        director, self.director = self.director, None
        if director is not None:
            director.deleteLater()
        self.paused = False
        self._set_phase("idle")
        self._update_controls()
        self.roundFinished.emit()
        if self.continuous_action.isChecked():
            QTimer.singleShot(self.next_round_delay_ms(), self._continue_dealing)

    def next_round_delay_ms(self) -> int:
        """The breath between two rounds when dealing continuously (shorter at higher speeds)."""
        pause = getattr(self.durations, "pause", 450) if self.durations is not None else 450
        return max(1, round(3 * pause / self.settings.animation_speed))

    def _continuous_toggled(self) -> None:
        if self.continuous_action.isChecked() and not self.playing:
            self.new_round()

    def _continue_dealing(self) -> None:
        if self.continuous_action.isChecked() and not self.playing and self.isVisible():
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

    def open_settings(self) -> Any:
        """Open the Settings dialog (window-modal, does not block); OK applies the result."""
        from trainer.gui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.result_settings()))
        dialog.open()
        return dialog

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on: the table from the next round, speed and sound at once; save them."""
        if table_changed(self.settings, settings):
            self.session = None
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
