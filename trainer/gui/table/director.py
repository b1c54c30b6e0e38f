"""The round director: plays an engine :class:`~trainer.engine.round.PlayedRound` as animation on the table.

The round's phases come from its plan (:func:`trainer.gui.table.plan.plan_round`, Qt-free); each phase is built
when it begins into one :class:`QSequentialAnimationGroup` of parallel and sequential groups of property
animations, by the builders of :mod:`.opening` (bets, COIN IN, fee, deal, decisions, board) and :mod:`.closing` (folds,
reveal, showdown, settlement steps, cleanup). The director is the state machine that runs them
(:class:`~trainer.gui.table.phases.DirectorState`); it decides nothing about the game.

Control: :meth:`start`, :meth:`pause`, :meth:`resume`, :meth:`step` (while paused, play the next phase and
pause again), :meth:`skip_to_end` (every item straight to its final place) and :meth:`set_speed` (0.25x to
4x, applied to the running animation at once).

Settled by the trainee (``settle_by_trainee=True``, the settlement quiz): the round plays up to a ``showdown``
phase (the dealer's cards and every hand still in action turned face up; a folded hand below trips stays face
down and its chips stay on their spots, for the trainee to take), then the director waits in the state
``settling`` and emits ``settlementDue``. :meth:`play_step` shows each step the trainee settles as chips; once a
folded hand has nothing left to settle, its cards are spread, counted and go to the rack, as in ``folds``;
:meth:`finish_settlement` (or :meth:`skip_to_end`) plays the steps nobody settled as the engine has them,
clears the table and finishes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QAbstractAnimation, QObject, QSequentialAnimationGroup, Signal

from trainer.engine.round import PlayedRound
from trainer.engine.settlement import Step
from trainer.gui.table import closing, opening
from trainer.gui.table.captions import SIDE_WAGERS
from trainer.gui.table.items import ChipStack
from trainer.gui.table.phases import DirectorState, Phase
from trainer.gui.table.plan import PlannedPhase, SettledKey, plan_round, rest_of_plan, seat_settled, step_key
from trainer.gui.table.scene import TableScene
from trainer.gui.table.stage import Durations, Sound, Stage
from trainer.gui.table.timeline import Timeline, rescale
from trainer.settings import MAX_SPEED, MIN_SPEED

__all__ = ["MAX_SPEED", "MIN_SPEED", "SIDE_WAGERS", "Durations", "RoundDirector", "Sound"]

Builder = Callable[[Stage, Timeline, PlannedPhase], list[QAbstractAnimation]]
BUILDERS: dict[Phase, Builder] = {
    Phase.BETS: lambda stage, t, _: opening.bets(stage, t),
    Phase.COIN_IN: opening.coin_in,
    Phase.FEE: lambda stage, t, _: opening.fee(stage, t),
    Phase.DEAL: lambda stage, t, _: opening.deal(stage, t),
    Phase.PREFLOP: lambda stage, t, _: opening.decisions(stage, t, "preflop"),
    Phase.FLOP: lambda stage, t, _: [*opening.turn_board(stage, t, range(3)), *opening.decisions(stage, t, "flop")],
    Phase.TURN_RIVER: lambda stage, t, _: opening.turn_board(stage, t, range(3, 5)),
    Phase.RIVER_DECISIONS: lambda stage, t, _: opening.decisions(stage, t, "river"),
    Phase.SHOWDOWN: closing.showdown,
    Phase.FOLDS: closing.folds,
    Phase.REVEAL: closing.reveal,
    Phase.REFUND: closing.steps,
    Phase.SETTLE: closing.settle_seat,
    Phase.SETTLE_REST: closing.steps,
    Phase.CLEANUP: closing.cleanup,
}
"""The animation of each phase."""

_OVER = (DirectorState.FINISHED, DirectorState.STOPPED)


class RoundDirector(QObject):
    """Plays ``played_round`` on ``scene``. ``sound`` (optional) has ``play(name)``.

    With ``annotate`` (the default) the players' decisions and the dealer's hand are written in small labels;
    a quiz that asks about them passes ``annotate=False``.
    """

    phaseStarted = Signal(str)  # noqa: N815 (Qt signal names)
    """The name of a phase as it begins: a :class:`~trainer.gui.table.phases.Phase` value or ``settle:<seat>``."""
    finished = Signal()
    settlementDue = Signal()  # noqa: N815
    """``settle_by_trainee``: the hands are shown and the table waits for the trainee to settle them."""

    def __init__(
        self,
        scene: TableScene,
        played_round: PlayedRound,
        durations: Durations | None = None,
        sound: Sound | None = None,
        *,
        annotate: bool = True,
        settle_by_trainee: bool = False,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.scene = scene
        self.round = played_round
        self.durations = durations or Durations()
        self.settle_by_trainee = settle_by_trainee
        self._sound = sound
        self._stage = Stage(scene, played_round, self.durations, play=self._play, annotate=annotate)
        self._speed = 1.0
        self._phases: list[PlannedPhase] = []
        self._index = -1
        self._group: QSequentialAnimationGroup | None = None
        self._timeline: Timeline | None = None
        self._state = DirectorState.READY
        self._stop_after_phase = False
        self._skipping = False
        self._plan_completed = not settle_by_trainee
        self._settled: set[SettledKey] = set()
        self._trainee_moves: list[QSequentialAnimationGroup] = []
        self._waiting_for_moves = False
        self.phases_run: list[str] = []
        """The names of the phases started so far, in order."""

    # -- control --------------------------------------------------------------------------------------------

    @property
    def state(self) -> DirectorState:
        """``ready``, ``running``, ``paused``, ``settling`` (waiting for the trainee), ``finished`` or
        ``stopped`` (a :class:`~trainer.gui.table.phases.DirectorState`, equal to those strings)."""
        return self._state

    @property
    def speed(self) -> float:
        return self._speed

    @property
    def chips_moving(self) -> bool:
        """Chips of steps the trainee settled are still on their way."""
        return bool(self._trainee_moves)

    def hand_settled(self, seat: int | None) -> bool:
        """Whether the hand of ``seat`` (None: the dealer's) has been settled, so its name may be shown: the
        trainee settled every wager of the seat (the dealer's: the trainee's settlement is over); at a table
        that settles by itself, the seat's turn (or its fold) came (the dealer's: the reveal)."""
        if self.settle_by_trainee:
            if seat is None:
                return self._plan_completed
            return self._plan_completed or seat_settled(self.round, seat, self._settled)
        if seat is None:
            return Phase.REVEAL.value in self.phases_run
        folded = seat in self.round.folded and Phase.FOLDS.value in self.phases_run
        return folded or f"{Phase.SETTLE.value}:{seat}" in self.phases_run

    def plan(self) -> list[PlannedPhase]:
        """The phases this round will play, in order (so far: a trainee's settlement adds the rest)."""
        return list(self._phases) if self._phases else list(self._first_plan())

    def phase_names(self) -> list[str]:
        """The names of the phases this round will play, in order."""
        return [planned.name for planned in self.plan()]

    def start(self) -> None:
        """Clear the layout (:meth:`TableScene.reset_round`) and play the round from the first phase."""
        if self._state != DirectorState.READY:
            return
        self._set_up()
        self._state = DirectorState.RUNNING
        self._run_next()

    def pause(self) -> None:
        if self._state == DirectorState.RUNNING:
            self._state = DirectorState.PAUSED
            if self._group is not None and self._group.state() == QAbstractAnimation.State.Running:
                self._group.pause()

    def resume(self) -> None:
        if self._state == DirectorState.PAUSED:
            self._stop_after_phase = False
            self._continue()

    def step(self) -> None:
        """Play one phase and pause: while paused, the rest of the current phase (or the next phase); while
        running, the current phase to its end; before the start, the first phase."""
        if self._state == DirectorState.READY:
            self._stop_after_phase = True
            self.start()
        elif self._state == DirectorState.PAUSED:
            self._stop_after_phase = True
            self._continue()
        elif self._state == DirectorState.RUNNING:
            self._stop_after_phase = True

    def skip_to_end(self) -> None:
        """Put every card and chip where the round leaves them, at once (no sounds)."""
        if self._state in _OVER:
            return
        if self._state == DirectorState.READY:
            self._set_up()
        self._end_trainee_moves()
        self._complete_plan()
        self._skipping = True
        self._state = DirectorState.RUNNING
        group = self._group
        if group is not None and group.state() != QAbstractAnimation.State.Stopped:
            _jump_to_end(group)
        while self._index + 1 < len(self._phases):
            self._index += 1
            group = self._build(self._index)
            group.start()
            _jump_to_end(group)
        self._skipping = False
        self._finish()

    def play_step(self, step: Step, payout: ChipStack | None = None) -> QAbstractAnimation | None:
        """While ``settling``: show one settlement step (the engine's ``Step``, or one as the trainee gave it)
        as chips, now. ``payout``: chips already cut for a pay and standing by the wager (they become the
        payout). A folded hand with nothing left to settle is then spread, counted and racked. None when the
        round is not waiting for a settlement."""
        if self._state != DirectorState.SETTLING:
            return None
        self._settled.add(step_key(step))
        timeline = Timeline(self._speed)
        group = QSequentialAnimationGroup(self)
        for animation in closing.trainee_step(self._stage, timeline, step, self._settled, payout):
            group.addAnimation(animation)
        self._trainee_moves.append(group)
        group.finished.connect(partial(self._trainee_move_done, group))
        group.start()
        return group

    def finish_settlement(self) -> None:
        """While ``settling``: the trainee is done (or gives up). The steps not settled yet play as the engine
        has them, then the table is cleared and :attr:`finished` follows."""
        if self._state != DirectorState.SETTLING:
            return
        self._complete_plan()
        self._state = DirectorState.RUNNING
        self._run_next()

    def stop(self) -> None:
        """Stop where things are (the scene stays as it is; :meth:`TableScene.reset_round` clears it)."""
        if self._group is not None:
            self._group.stop()
        self._state = DirectorState.STOPPED

    def set_speed(self, factor: float) -> None:
        """Play at ``factor`` × normal speed (clamped to the settings' limits, 0.25..4), from this moment on."""
        factor = min(MAX_SPEED, max(MIN_SPEED, float(factor)))
        if factor == self._speed:
            return
        old, self._speed = self._speed, factor
        group, timeline = self._group, self._timeline
        if group is None or timeline is None or group.state() == QAbstractAnimation.State.Stopped:
            return
        index = group.indexOfAnimation(group.currentAnimation()) if group.currentAnimation() else 0
        before_old = sum(group.animationAt(i).totalDuration() for i in range(max(index, 0)))
        local = group.currentTime() - before_old
        timeline.speed = factor
        rescale(timeline.timed, factor)
        before_new = sum(group.animationAt(i).totalDuration() for i in range(max(index, 0)))
        paused = group.state() == QAbstractAnimation.State.Paused
        if paused:  # a paused group would pause a zero-length cue it lands on, which Qt warns about
            group.resume()
        group.setCurrentTime(before_new + round(local * old / factor))
        if paused and group.state() == QAbstractAnimation.State.Running:
            group.pause()

    # -- the plan -------------------------------------------------------------------------------------------

    def _first_plan(self) -> tuple[PlannedPhase, ...]:
        return plan_round(self.round, settle_by_trainee=self.settle_by_trainee)

    def _set_up(self) -> None:
        self.scene.reset_round()
        opening.prepare_table(self._stage)
        self._phases = list(self._first_plan())

    def _complete_plan(self) -> None:
        """After a trainee's settlement: the steps left (as the engine has them), then the cleanup."""
        if not self._plan_completed:
            self._plan_completed = True
            self._phases += rest_of_plan(self.round, self._settled)

    # -- the trainee's moves --------------------------------------------------------------------------------

    def _trainee_move_done(self, group: QSequentialAnimationGroup) -> None:
        if group in self._trainee_moves:
            self._trainee_moves.remove(group)
            group.deleteLater()
        if self._waiting_for_moves and not self._trainee_moves:
            self._waiting_for_moves = False
            if self._state == DirectorState.RUNNING:
                self._run_next()

    def _end_trainee_moves(self) -> None:
        """Every chip the trainee moved goes straight to where it was going."""
        for group in list(self._trainee_moves):
            if group.state() != QAbstractAnimation.State.Stopped:
                _jump_to_end(group)

    # -- running phases -------------------------------------------------------------------------------------

    def _continue(self) -> None:
        self._state = DirectorState.RUNNING
        group = self._group
        if group is not None and group.state() == QAbstractAnimation.State.Paused:
            group.resume()
        elif group is None or group.state() == QAbstractAnimation.State.Stopped:
            self._run_next()

    def _run_next(self) -> None:
        if self._trainee_moves:  # the trainee's last chips are still moving: the table waits for them
            self._waiting_for_moves = True
            return
        if self._index + 1 >= len(self._phases):
            self._finish_or_wait()
            return
        self._index += 1
        group = self._build(self._index)
        group.finished.connect(self._on_phase_finished)
        group.start()

    def _build(self, index: int) -> QSequentialAnimationGroup:
        planned = self._phases[index]
        timeline = Timeline(self._speed)
        group = QSequentialAnimationGroup(self)
        for animation in BUILDERS[planned.phase](self._stage, timeline, planned):
            group.addAnimation(animation)
        group.addAnimation(timeline.wait(self.durations.pause))
        if self._group is not None:
            self._group.deleteLater()
        self._group, self._timeline = group, timeline
        self.phases_run.append(planned.name)
        self.phaseStarted.emit(planned.name)
        return group

    def _on_phase_finished(self) -> None:
        if self._skipping:
            return
        if self._index + 1 >= len(self._phases):
            self._finish_or_wait()
        elif self._stop_after_phase or self._state == DirectorState.PAUSED:
            self._state = DirectorState.PAUSED
        else:
            self._run_next()

    def _finish_or_wait(self) -> None:
        """The last phase planned is over: the round is finished, or waits for the trainee's settlement."""
        if self._plan_completed:
            self._finish()
        else:
            self._state = DirectorState.SETTLING
            self.settlementDue.emit()

    def _finish(self) -> None:
        if self._state != DirectorState.FINISHED:
            self._state = DirectorState.FINISHED
            self.finished.emit()

    def _play(self, name: str) -> None:
        if self._sound is not None and not self._skipping:
            self._sound.play(name)


def _jump_to_end(group: QSequentialAnimationGroup) -> None:
    if group.state() == QAbstractAnimation.State.Paused:
        group.resume()
    group.setCurrentTime(group.totalDuration())
