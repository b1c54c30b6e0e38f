"""What the run round's pieces share: the mode titles, the acts that answer an irregularity, and how a felt is
put on the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from trainer.scoring import Mode

if TYPE_CHECKING:
    from trainer.gui.table.layout import TableLayoutConfig

MODE_TITLES = {
    Mode.GUIDED: "Guided — the next place lit, and why",
    Mode.PRACTICE: "Practice — each act checked at once",
    Mode.EXAM: "Exam — the review at the end of the round",
    Mode.SPEED: "Speed — against the clock",
}
RESPONSES = ("void", "floor", "carry_on")
Refresh = Callable[["TableLayoutConfig"], bool]

__all__ = ["MODE_TITLES", "RESPONSES", "Refresh"]
