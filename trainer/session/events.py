"""What the table session tells its listeners (the window, the quiz panel): one frozen record per event.

A listener is any callable taking an :data:`Event`; :meth:`TableSession.subscribe
<trainer.session.table_session.TableSession.subscribe>` adds one. Events reach the listeners once the action
that caused them is complete, in the order they happened, so a listener always sees the session settled. A
listener that raises does not hold the others up: they hear every event at once, and the error is raised from the
action afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from trainer.engine.settlement import Step
from trainer.quiz.run_round import RunRound
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import ItemResult, Mode, SetResult
from trainer.session.records import HandReview, TableRound
from trainer.session.sources import RoundSource


@dataclass(frozen=True)
class RoundDealt:
    """A round is dealt: play it on its felt; ``settle_by_trainee``: stop after the showdown for the trainee."""

    round: TableRound
    settle_by_trainee: bool


@dataclass(frozen=True)
class SettlementBegun:
    """The trainee settles the round now: ``quiz`` judges every answer; ``hand`` counts the set's hands."""

    quiz: SettlementQuiz
    hand: int


@dataclass(frozen=True)
class StepAccepted:
    """A step the trainee settled is taken: move the chips as ``shown`` (the trainee's step, right or not)."""

    shown: Step


@dataclass(frozen=True)
class TableSettles:
    """The table settles what is left of the round (nothing, or what the trainee did not), then clears."""


@dataclass(frozen=True)
class HandFinished:
    """A hand is scored: settled by the trainee, or cut short (``by_table``: the table settled the rest).
    ``hands_left``: in an exam set, the hands still to come."""

    hand: HandReview
    number: int
    by_table: bool
    hands_left: int | None


@dataclass(frozen=True)
class SetFinished:
    """A set is recorded: an exam set done (``complete``), or a sitting ended by a change of mode."""

    result: SetResult
    hands: tuple[HandReview, ...]
    complete: bool


@dataclass(frozen=True)
class ModeChanged:
    """The trainee settles the next rounds in ``mode`` (None: the table settles them)."""

    mode: Mode | None


@dataclass(frozen=True)
class DrillStarted:
    """A drill's hands are dealt from now on."""

    source: RoundSource


@dataclass(frozen=True)
class DrillEnded:
    """The drill is over (or stopped): the user's table deals again."""

    source: RoundSource


@dataclass(frozen=True)
class RoundOver:
    """The round is over; ``next_by_itself``: the next round is due without a key (continuous dealing, an
    exam set under way, a speed drill)."""

    next_by_itself: bool


@dataclass(frozen=True)
class RunModeChanged:
    """The trainee runs the rounds in ``mode`` from now on (None: the table deals its own rounds again)."""

    mode: Mode | None


@dataclass(frozen=True)
class RunRoundDealt:
    """A round for the trainee to run: ``run`` judges every act; ``number``: the sitting's rounds, from 1."""

    round: TableRound
    run: RunRound
    number: int


@dataclass(frozen=True)
class RunRoundOver:
    """A round run is scored into the book: run to its end (``complete``), or cut short (what was done counts)."""

    result: ItemResult
    complete: bool


@dataclass(frozen=True)
class RunSetFinished:
    """An exam set of rounds run is recorded: all its rounds run (``complete``), or ended by a change of mode."""

    result: SetResult
    complete: bool


Event = (RoundDealt | SettlementBegun | StepAccepted | TableSettles | HandFinished | SetFinished | ModeChanged
         | DrillStarted | DrillEnded | RoundOver | RunModeChanged | RunRoundDealt | RunRoundOver | RunSetFinished)
Listener = Callable[[Event], None]

__all__ = ["DrillEnded", "DrillStarted", "Event", "HandFinished", "Listener", "ModeChanged", "RoundDealt",
           "RoundOver", "RunModeChanged", "RunRoundDealt", "RunRoundOver", "RunSetFinished", "SetFinished",
           "SettlementBegun", "StepAccepted", "TableSettles"]
