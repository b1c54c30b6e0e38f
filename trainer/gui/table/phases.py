"""The names of a round's phases on the table and of the director's states: the table's view of
:mod:`trainer.session.phases`, which owns them below the GUI (one phase type for the session and the window)."""

from __future__ import annotations

from trainer.session.phases import (
    PHASE_TEXTS,
    DirectorState,
    Phase,
    TablePhase,
    WindowState,
    parse_phase_name,
    phase_name,
    phase_text,
)

__all__ = ["PHASE_TEXTS", "DirectorState", "Phase", "TablePhase", "WindowState", "parse_phase_name", "phase_name",
           "phase_text"]
