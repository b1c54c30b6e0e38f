"""The table session: the one place that owns a round, from the deal to the score. Pure Python, no Qt.

One round, from the N key to the last chip and the score::

    N ─▶ deal() ─▶ RoundDealt ─▶ the window animates: dealing ─▶ decisions ─▶ showdown   (reach(TablePhase))
                                                                               │
          the table settles it ◀── no quiz mode ───────────────────────────────┤
                                                                               ▼ quiz mode
          begin_settlement() ─▶ SettlementBegun ─▶ the panel asks: announce(), submit_step() … each step
          judged by the SettlementQuiz; a step taken ─▶ StepAccepted ─▶ the chips move as given
                                                                               │
          last step (or let_table_finish()) ─▶ HandFinished (scored into the book) ─▶ TableSettles
                                                                               ▼
          the table settles what is left and clears ─▶ finish_round() ─▶ RoundOver(next_by_itself)
          an exam set's last hand ─▶ SetFinished (the review) · a drill's last hand ─▶ DrillEnded

The trainee running the rounds themselves (Train ▸ Run the round) is a state of the same session::

    run_rounds(mode) ─▶ RunModeChanged ─▶ deal_run() ─▶ RunRoundDealt ─▶ run_act(), run_announce(), run_settle()
          … each act judged by the RunRound ─▶ the last act ─▶ RunRoundOver (scored into the book)
          an exam set's last round ─▶ RunSetFinished (passed at the pass mark) · stop_running() ─▶ RunModeChanged
    (while the trainee runs the rounds the table deals none of its own: can_deal() is False)

:class:`TableSession` holds the round source (:class:`RoundSource`: the settings' rounds, a drill's, a replayed
hand), the quiz mode, the :class:`~trainer.quiz.settlement.SettlementQuiz` of the hand being settled, the
:class:`~trainer.scoring.ScoreBook` and the one rule for dealing the next round without a key
(:meth:`TableSession.next_round_due`). The GUI only shows what it decides.
"""

from trainer.session.events import (
    DrillEnded,
    DrillStarted,
    Event,
    HandFinished,
    Listener,
    ModeChanged,
    RoundDealt,
    RoundOver,
    RunModeChanged,
    RunRoundDealt,
    RunRoundOver,
    RunSetFinished,
    SetFinished,
    SettlementBegun,
    StepAccepted,
    TableSettles,
)
from trainer.session.felt import Felt, printed_paytables, scenario_felt, settings_felt
from trainer.session.phases import DirectorState, Phase, TablePhase, WindowState
from trainer.session.records import HandReview, TableRound
from trainer.session.running import RUN_ROUND_DRILL, run_round_for
from trainer.session.sources import TABLE_DRILL, DrillRounds, ReplayRound, RoundSource, SettingsRounds
from trainer.session.state import SessionError, SessionState, state_of_phase
from trainer.session.table_session import SPEED_TARGET_SECONDS, TableSession

__all__ = [
    "RUN_ROUND_DRILL", "SPEED_TARGET_SECONDS", "TABLE_DRILL", "DirectorState", "DrillEnded", "DrillRounds",
    "DrillStarted", "Event", "Felt", "HandFinished", "HandReview", "Listener", "ModeChanged", "Phase", "ReplayRound",
    "RoundDealt", "RoundOver", "RoundSource", "RunModeChanged", "RunRoundDealt", "RunRoundOver", "RunSetFinished",
    "SessionError", "SessionState", "SetFinished", "SettingsRounds", "SettlementBegun", "StepAccepted", "TablePhase",
    "TableRound", "TableSession", "TableSettles", "WindowState", "printed_paytables", "run_round_for",
    "scenario_felt", "settings_felt", "state_of_phase",
]
