"""Where a round stands at the table, and the error for an action the round is not ready for."""

from __future__ import annotations

from enum import StrEnum

from trainer.i18n.translation import N_, _
from trainer.session.phases import Phase, TablePhase


class SessionState(StrEnum):
    """The states of one round at the table, in the order a round goes through them."""

    WAITING = "waiting"
    """Nothing dealt yet: the table waits for the first round."""
    DEALING = "dealing"
    """The bets go out and the cards are dealt (the board too)."""
    DECISIONS = "decisions"
    """The players decide: check, bet 4x, 2x, 1x, or fold on the river."""
    SHOWDOWN = "showdown"
    """Folded hands are collected and the hands shown."""
    TRAINEE_SETTLING = "trainee settling"
    """The table waits for the trainee to announce the dealer's hand and settle every wager."""
    TABLE_SETTLING = "table settling"
    """The table settles the round (all of it, or what the trainee left) and clears the felt."""
    ROUND_OVER = "round over"
    """The felt is clear: the next round may be dealt."""

    @property
    def description(self) -> str:
        """The state in a sentence's words.

        >>> SessionState.TRAINEE_SETTLING.description
        'the trainee is settling the round'
        """
        return _(_DESCRIPTIONS[self])

    @property
    def round_on_table(self) -> bool:
        """True from the deal until the round is over.

        >>> SessionState.SHOWDOWN.round_on_table, SessionState.ROUND_OVER.round_on_table
        (True, False)
        """
        return self not in (SessionState.WAITING, SessionState.ROUND_OVER)


_DESCRIPTIONS = {
    SessionState.WAITING: N_("no round has been dealt yet"),
    SessionState.DEALING: N_("the table is dealing a round"),
    SessionState.DECISIONS: N_("the players are deciding"),
    SessionState.SHOWDOWN: N_("the hands are being shown"),
    SessionState.TRAINEE_SETTLING: N_("the trainee is settling the round"),
    SessionState.TABLE_SETTLING: N_("the table is settling the round"),
    SessionState.ROUND_OVER: N_("the round is over"),
}

_PHASE_STATES = {
    Phase.BETS: SessionState.DEALING, Phase.COIN_IN: SessionState.DEALING, Phase.FEE: SessionState.DEALING,
    Phase.DEAL: SessionState.DEALING, Phase.FLOP: SessionState.DEALING, Phase.TURN_RIVER: SessionState.DEALING,
    Phase.PREFLOP: SessionState.DECISIONS, Phase.RIVER_DECISIONS: SessionState.DECISIONS,
    Phase.FOLDS: SessionState.SHOWDOWN, Phase.REVEAL: SessionState.SHOWDOWN, Phase.SHOWDOWN: SessionState.SHOWDOWN,
    Phase.REFUND: SessionState.TABLE_SETTLING, Phase.SETTLE: SessionState.TABLE_SETTLING,
    Phase.SETTLE_REST: SessionState.TABLE_SETTLING, Phase.CLEANUP: SessionState.TABLE_SETTLING,
}


def state_of_phase(phase: TablePhase | Phase) -> SessionState:
    """The state a phase of the round's animation belongs to.

    >>> state_of_phase(Phase.FLOP), state_of_phase(Phase.RIVER_DECISIONS), state_of_phase(TablePhase(Phase.SETTLE, 3))
    (<SessionState.DEALING: 'dealing'>, <SessionState.DECISIONS: 'decisions'>, <SessionState.TABLE_SETTLING: \
'table settling'>)
    """
    return _PHASE_STATES[phase.phase if isinstance(phase, TablePhase) else phase]


class SessionError(RuntimeError):
    """An action the table session does not allow in its state; the message says why in plain English."""


__all__ = ["SessionError", "SessionState", "state_of_phase"]
