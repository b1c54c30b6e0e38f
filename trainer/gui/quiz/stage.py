"""Which part of the settlement panel takes answers."""

from __future__ import annotations

from enum import StrEnum


class PanelStage(StrEnum):
    """The settlement panel's stages, in the order of a hand."""

    IDLE = "idle"
    """No hand to settle."""
    DEALER = "dealer"
    """The dealer's hand to announce."""
    STEPS = "steps"
    """The wagers to settle, one at a time."""
    DONE = "done"
    """Nothing left to settle; the review is open to the trainee."""


__all__ = ["PanelStage"]
