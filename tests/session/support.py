"""A table without Qt for the session's tests: it plays each round's phases at once, stops for the trainee when
the round is dealt for them, and finishes the round when the table is told to settle."""

from __future__ import annotations

import random
from typing import TypeVar

from trainer.engine.wagers import Action
from trainer.scoring import ScoreBook
from trainer.session import (
    Event,
    Phase,
    RoundDealt,
    SessionState,
    SettingsRounds,
    TableSession,
    TableSettles,
)
from trainer.settings import DEFAULTS, Settings

HOUSE = DEFAULTS.replace(seats=4)
E = TypeVar("E")
BEFORE_SETTLEMENT = (Phase.BETS, Phase.DEAL, Phase.PREFLOP, Phase.FLOP, Phase.TURN_RIVER, Phase.RIVER_DECISIONS,
                     Phase.REVEAL)


class Table:
    """Listens to the session as the window does, with every animation over at once."""

    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.events: list[Event] = []
        self.states: list[SessionState] = []
        self.auto = True
        session.subscribe(self.heard)

    def heard(self, event: Event) -> None:
        self.events.append(event)
        if not self.auto:
            return
        session = self.session
        if isinstance(event, RoundDealt):
            for phase in BEFORE_SETTLEMENT:
                self.states.append(session.reach(phase))
            if event.settle_by_trainee:
                session.begin_settlement()
            else:
                self.settle_and_clear()
        elif isinstance(event, TableSettles):
            self.settle_and_clear()

    def settle_and_clear(self) -> None:
        for phase in (Phase.SETTLE_REST, Phase.CLEANUP):
            self.states.append(self.session.reach(phase))
        self.session.finish_round()

    def of(self, kind: type[E]) -> list[E]:
        """The events of ``kind`` heard so far, in order."""
        return [event for event in self.events if isinstance(event, kind)]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def settle_right(session: TableSession) -> None:
    """Announce the dealer's hand and settle every wager as the engine does."""
    quiz = session.quiz
    assert quiz is not None
    settlement = quiz.settlement
    assert session.announce(settlement.dealer.category, settlement.dealer_qualifies).correct
    while session.quiz is not None and (step := session.quiz.next_step()) is not None:
        verdict = session.submit_step(step.seat, step.wager, step.action,
                                      step.amount if step.action is Action.PAY else None)
        assert verdict.correct, verdict


def state_now(session: TableSession) -> SessionState:
    """The session's state, read afresh (an action in between changed it)."""
    return session.state


def new_session(settings: Settings = HOUSE, seed: int = 7) -> tuple[TableSession, Table]:
    session = TableSession(SettingsRounds(settings, random.Random(seed)), book=ScoreBook(), clock=Clock())
    return session, Table(session)


__all__ = ["HOUSE", "Clock", "Table", "new_session", "settle_right", "state_now"]
