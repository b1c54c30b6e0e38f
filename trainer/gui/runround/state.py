"""What the run round's pieces share: the mode titles, the acts that answer an irregularity, and how a felt is
put on the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from trainer.i18n.translation import N_
from trainer.scoring import Mode

if TYPE_CHECKING:
    from trainer.gui.table.layout import TableLayoutConfig

MODE_TITLES = {
    Mode.GUIDED: N_("Guided — the next place lit, and why"),
    Mode.PRACTICE: N_("Practice — each act checked at once"),
    Mode.EXAM: N_("Exam — the review at the end of the round"),
    Mode.SPEED: N_("Speed — against the clock"),
}
"""Each mode's title (marked; shown with ``_``)."""

RESPONSES = ("void", "floor", "carry_on", "stop_late", "stop_back_line", "stop_side_bet", "stop_cards")
Refresh = Callable[["TableLayoutConfig"], bool]

__all__ = ["MODE_TITLES", "RESPONSES", "Refresh"]
