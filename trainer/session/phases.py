"""The phases of a round on the table, the director's states and the window's states between phases, as enums.

One phase type for the whole trainer, owned here below the GUI: the table's animation plays a round as phases
(:mod:`trainer.gui.table.plan` lists them for a round) and reports each by its *name*: the :class:`Phase` value,
or ``settle:<seat>`` for one seat's settlement (:class:`TablePhase` is a name read back). The session follows
them (:meth:`~trainer.session.table_session.TableSession.reach` takes a :class:`TablePhase`). The values are the
strings the table has always reported, so a listener comparing strings keeps working:

>>> Phase.TURN_RIVER == "turn-river", phase_name(Phase.SETTLE, 3)
(True, 'settle:3')
>>> parse_phase_name("settle:3"), parse_phase_name("flop")
((<Phase.SETTLE: 'settle'>, 3), (<Phase.FLOP: 'flop'>, None))
>>> TablePhase.named("settle:3"), TablePhase.named("lunch")
(TablePhase(phase=<Phase.SETTLE: 'settle'>, seat=3), None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from trainer.i18n.translation import N_, _


class Phase(StrEnum):
    """One phase of a round as the table plays it, in the order a round can have them."""

    BETS = "bets"
    """Every seat's wagers go down (and the dealer button moves on a player-dealer table)."""
    COIN_IN = "coin-in"
    """The dealer presses COIN IN: the Progressive sensors light and every Progressive wager leaves the layout
    (the losing ones are the engine's coin-in steps; a winner's award is paid in its seat's turn)."""
    FEE = "fee"
    """Player-dealer tables: the player-dealer's bank goes out and the collection fee into the drop box."""
    DEAL = "deal"
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN_RIVER = "turn-river"
    RIVER_DECISIONS = "river-decisions"
    SHOWDOWN = "showdown"
    """The trainee settles: every hand still in action turned face up, then the table waits."""
    FOLDS = "folds"
    """Folded hands spread, counted and collected."""
    REVEAL = "reveal"
    """The dealer's hand turned face up and read."""
    REFUND = "refund"
    """House table, the dealer does not qualify: the Antes pushed."""
    SETTLE = "settle"
    """One seat settled (reported as ``settle:<seat>``)."""
    SETTLE_REST = "settle-rest"
    """After the trainee's settlement: the steps the trainee left, as the engine has them."""
    CLEANUP = "cleanup"
    """Every card to the discard rack."""


class DirectorState(StrEnum):
    """Where the director is in playing a round."""

    READY = "ready"
    RUNNING = "running"
    PAUSED = "paused"
    SETTLING = "settling"
    """Waiting for the trainee's settlement (``settle_by_trainee``)."""
    FINISHED = "finished"
    STOPPED = "stopped"


class WindowState(StrEnum):
    """What the table window shows between a round's phases."""

    IDLE = "idle"
    """No round playing: the window waits for a new round."""
    SETTLING = "settling"
    """The round waits for the trainee's settlement."""
    RUNNING = "running"
    """The trainee runs the round (deals it themselves)."""


@dataclass(frozen=True)
class TablePhase:
    """A phase the table's animation began: the :class:`Phase`, with its seat for one seat's settlement."""

    phase: Phase
    seat: int | None = None

    @property
    def name(self) -> str:
        """The name the table reports (``flop``, ``settle:3``)."""
        return phase_name(self.phase, self.seat)

    @classmethod
    def named(cls, name: str) -> TablePhase | None:
        """The phase a reported name stands for; None for a name no phase has."""
        parsed = parse_phase_name(name)
        return cls(*parsed) if parsed is not None else None


PHASE_TEXTS: dict[Phase, str] = {
    Phase.BETS: N_("bets"),
    Phase.COIN_IN: N_("COIN IN"),
    Phase.FEE: N_("collection fee"),
    Phase.DEAL: N_("the deal"),
    Phase.PREFLOP: N_("decisions before the flop"),
    Phase.FLOP: N_("the flop"),
    Phase.TURN_RIVER: N_("turn and river"),
    Phase.RIVER_DECISIONS: N_("decisions on the river"),
    Phase.SHOWDOWN: N_("showdown"),
    Phase.FOLDS: N_("collecting folded hands"),
    Phase.REVEAL: N_("showdown"),
    Phase.REFUND: N_("pushing the Antes"),
    Phase.SETTLE_REST: N_("the table settles the rest"),
    Phase.CLEANUP: N_("clearing the table"),
}
"""How each phase reads in a status bar (:func:`phase_text`)."""

_SEPARATOR = ":"


def phase_name(phase: Phase, seat: int | None = None) -> str:
    """The name the director reports for ``phase`` (with its ``seat`` for a seat's settlement).

    >>> phase_name(Phase.REFUND), phase_name(Phase.SETTLE, 5)
    ('refund', 'settle:5')
    """
    return f"{phase.value}{_SEPARATOR}{seat}" if seat is not None else phase.value


def parse_phase_name(name: str) -> tuple[Phase, int | None] | None:
    """The phase and seat a reported name stands for; None for a name no phase has.

    >>> parse_phase_name("settle:7"), parse_phase_name("river-decisions"), parse_phase_name("lunch")
    ((<Phase.SETTLE: 'settle'>, 7), (<Phase.RIVER_DECISIONS: 'river-decisions'>, None), None)
    """
    head, separator, tail = name.partition(_SEPARATOR)
    try:
        phase = Phase(head)
    except ValueError:
        return None
    if not separator:
        return phase, None
    return (phase, int(tail)) if tail.isdigit() else None


def phase_text(name: str) -> str:
    """How a reported phase reads in a status bar (a name no phase has reads as itself).

    >>> phase_text("turn-river"), phase_text("settle:3"), phase_text("something new")
    ('turn and river', 'settling seat 3', 'something new')
    """
    parsed = parse_phase_name(name)
    if parsed is None:
        return name
    phase, seat = parsed
    if phase is Phase.SETTLE:
        return _("settling seat {seat}").format(seat=seat) if seat is not None else _("settling")
    return _(PHASE_TEXTS[phase])


__all__ = ["PHASE_TEXTS", "DirectorState", "Phase", "TablePhase", "WindowState", "parse_phase_name", "phase_name",
           "phase_text"]
