"""The round's playback in the table window: dealing the session's next round, animating it through the
:class:`~trainer.gui.table.director.RoundDirector`, and the commands that drive the animation (pause, step, skip to
the end, slower, faster, deal continuously).

:class:`RoundPlayback` is a part of :class:`~trainer.gui.main_window.MainWindow` that owns its data (the director
of the round playing, paused or not, the phase shown); the window owns the felt, the settings, the menus and the
side panel and gives the playback what it uses of them (:class:`PlaybackWindow`, :class:`PlaybackControls`). The
playback answers the session's events (:class:`~trainer.session.RoundDealt`,
:class:`~trainer.session.TableSettles`, :class:`~trainer.session.DrillEnded`, :class:`~trainer.session.RoundOver`)
on the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from trainer.gui.felt import felt_layout
from trainer.i18n.translation import _
from trainer.session import (
    DirectorState,
    DrillEnded,
    Event,
    RoundDealt,
    RoundOver,
    SessionState,
    TablePhase,
    TableSession,
    TableSettles,
    WindowState,
)
from trainer.session.felt import Felt, settings_felt
from trainer.settings import PROCEDURE_LABELS, Settings, speed_text, step_speed

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QLabel

    from trainer.engine.settlement import Step
    from trainer.gui.host import SoundPlayer
    from trainer.gui.round_log import RoundLog
    from trainer.gui.status_bar import StatusLine
    from trainer.gui.table.art import ArtLibrary
    from trainer.gui.table.director import Durations, RoundDirector
    from trainer.gui.table.items import ChipStack
    from trainer.gui.table.layout import TableLayoutConfig
    from trainer.gui.table.scene import TableScene


def layout_config(settings: Settings) -> TableLayoutConfig:
    """What the felt shows for these settings (the table's :class:`TableLayoutConfig`)."""
    return layout_for(settings_felt(settings), settings)


def layout_for(felt: Felt, settings: Settings) -> TableLayoutConfig:
    """The layout of ``felt`` in the user's card style and deck backs."""
    return felt_layout(felt, four_colour=settings.four_colour, deck_backs=settings.deck_backs)


class PlaybackWindow(Protocol):
    """What the playback uses of the window, which owns it: the settings, the felt, the sound."""

    @property
    def settings(self) -> Settings: ...
    @property
    def art(self) -> ArtLibrary | None: ...
    @property
    def scene(self) -> TableScene | None: ...
    @property
    def sound(self) -> SoundPlayer | None: ...

    def change_settings(self, *, save: bool = False, **changes: Any) -> Settings: ...

    def refresh_scene(self, config: TableLayoutConfig | None = None) -> bool:
        """Rebuild the felt for a layout (None: the settings'): False when the artwork failed."""
        ...

    def new_round(self, *, stepping: bool = False) -> bool:
        """The window's N (it may deal a round to run instead)."""
        ...

    def isVisible(self) -> bool: ...  # noqa: N802 (Qt's name)


@dataclass(frozen=True)
class PlaybackControls:
    """The window's round commands, enabled as the round goes."""

    new_round: QAction
    pause: QAction
    step: QAction
    skip: QAction
    slower: QAction
    faster: QAction
    continuous: QAction


class RoundPlayback(QObject):
    """The table window's rounds: the session deals, the director animates, the commands drive the animation.
    It owns the director of the round playing, whether it is paused, and the phase shown in the status bar."""

    phaseChanged = Signal(str)  # noqa: N815 (Qt signal names)
    """The round's animation began a phase (``deal``, ``flop``, …)."""
    roundStarted = Signal()  # noqa: N815
    roundFinished = Signal()  # noqa: N815

    def __init__(self, window: PlaybackWindow, session: TableSession, round_log: RoundLog, status: StatusLine,
                 speed_label: QLabel, controls: PlaybackControls, durations: Durations | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window, self.session, self.round_log, self.status = window, session, round_log, status
        self.speed_label, self.controls, self.durations = speed_label, controls, durations
        self.director: RoundDirector | None = None
        self.phase: str = WindowState.IDLE
        """The phase the animation began last (a :class:`~trainer.session.Phase` name) or a :class:`WindowState`."""
        self.paused = False
        self._stepping = False
        self._users_felt_due = False
        session.subscribe(self._heard)

    @property
    def settings(self) -> Settings:
        return self.window.settings

    @property
    def timing(self) -> Durations:
        """The animation durations (before the speed factor)."""
        from trainer.gui.table.director import Durations

        return self.durations if self.durations is not None else Durations()

    @property
    def playing(self) -> bool:
        """True while a round's animation has not finished."""
        return self.director is not None

    def new_round(self, *, stepping: bool = False) -> bool:
        """Deal the session's next round and start animating it; False when one is playing or the table cannot
        be drawn.

        With ``stepping`` the round plays its first phase and pauses (Step when no round is playing).
        """
        if self.playing or self.window.art is None or not self.session.can_deal():
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
            self.update_controls()
        elif isinstance(event, DrillEnded):
            self.status.show_table(self.settings)
            if self.playing:
                self._users_felt_due = True
            else:
                self.window.refresh_scene(None)
        elif isinstance(event, RoundOver):
            self._round_over(event)

    def _play_round(self, event: RoundDealt) -> None:
        from trainer.gui.table.director import RoundDirector

        table_round = event.round
        played = table_round.played
        if not self.window.refresh_scene(layout_for(table_round.felt, self.settings)) or (
                scene := self.window.scene) is None:
            self.session.finish_round()  # the table cannot be drawn: nothing to show
            return
        self.director = director = RoundDirector(scene, played, self.timing, sound=self.window.sound,
                                                 settle_by_trainee=event.settle_by_trainee)
        director.phaseStarted.connect(self._phase_started)
        director.settlementDue.connect(self._settlement_due)
        director.finished.connect(self._round_finished)
        director.set_speed(self.settings.animation_speed)
        self.round_log.start(played, _(PROCEDURE_LABELS[played.procedure.value]))
        self.paused = self._stepping
        self.status.show_deck_in_play(played.deck_colour)
        self.status.show_table(self.settings, table_round.caption or "")
        self.update_controls()
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
        if self.director is None or not self.session.can_pause():
            return
        if self.director.state is DirectorState.PAUSED:
            self.director.resume()
            self.paused = False
        else:
            self.director.pause()
            self.paused = True
        self.update_controls()

    def step(self) -> None:
        """Play the next phase of the round and pause there; with no round playing, deal one that way."""
        if self.director is None:
            self.window.new_round(stepping=True)
            return
        if not self.session.can_pause():
            return
        self.director.step()
        self.paused = True
        self.update_controls()

    def skip_to_end(self) -> None:
        """Finish the round at once: every card and chip where it ends."""
        if self.director is not None and self.session.can_skip_to_end():
            self.director.skip_to_end()

    def change_speed(self, direction: int) -> None:
        """One step slower (``-1``) or faster (``+1``), between 0.25x and 4x; takes effect at once."""
        speed = step_speed(self.settings.animation_speed, direction)
        self.window.change_settings(animation_speed=speed)
        self.speed_label.setText(speed_text(speed))
        if self.director is not None:
            self.director.set_speed(speed)
        self.update_controls()

    def space(self) -> None:
        """New round when none is playing, else pause or resume."""
        if self.playing:
            self.toggle_pause()
        else:
            self.window.new_round()

    def _phase_started(self, phase: str) -> None:
        reached = TablePhase.named(phase)
        if reached is not None and self.session.can_finish_round():
            self.session.reach(reached)
        self.set_phase(phase)
        self.round_log.reach(phase)
        self.phaseChanged.emit(phase)

    def _settlement_due(self) -> None:
        self.paused = False
        self.set_phase(WindowState.SETTLING)
        if self.session.can_begin_settlement():
            self.session.begin_settlement()
        self.update_controls()

    def _round_finished(self) -> None:
        self.round_log.finish()
        director, self.director = self.director, None
        if director is not None:
            director.deleteLater()
        self.paused = False
        self.set_phase(WindowState.IDLE)
        self.update_controls()
        if self.session.can_finish_round():
            self.session.finish_round()

    def _round_over(self, event: RoundOver) -> None:
        if self._users_felt_due:
            self._users_felt_due = False
            self.window.refresh_scene(None)
        self.roundFinished.emit()
        if event.next_by_itself:
            QTimer.singleShot(self.next_round_delay_ms(), self._deal_when_due)

    def next_round_delay_ms(self) -> int:
        """The breath between two rounds dealt by themselves (shorter at higher speeds)."""
        return max(1, round(3 * self.timing.pause / self.settings.animation_speed))

    def continuous_toggled(self) -> None:
        self.session.continuous = self.controls.continuous.isChecked()
        if self.session.continuous and not self.playing:
            self.window.new_round()

    def _deal_when_due(self) -> None:
        if self.session.next_round_due() and not self.playing and self.window.isVisible():
            self.window.new_round()

    def set_phase(self, phase: str) -> None:
        """The status bar shows ``phase`` (a phase's name or a :class:`WindowState`)."""
        self.phase = phase
        self.status.show_phase(phase)

    def update_controls(self) -> None:
        """The round commands enabled as the round stands."""
        playing, controls, art = self.playing, self.controls, self.window.art
        controls.new_round.setEnabled(not playing and art is not None)
        controls.pause.setEnabled(playing and not self.settling)
        controls.pause.setText(_("&Resume") if self.paused else _("&Pause"))
        controls.step.setEnabled((playing or art is not None) and not self.settling)
        controls.skip.setEnabled(playing and self.session.can_skip_to_end())
        speed = self.settings.animation_speed
        controls.slower.setEnabled(speed > 0.25)
        controls.faster.setEnabled(speed < 4.0)

