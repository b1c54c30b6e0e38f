"""The records the table session deals in: a round with its felt, and a settled hand for the review."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.round import PlayedRound
from trainer.quiz.settlement import ReviewLine
from trainer.scoring import ItemResult
from trainer.session.felt import Felt


@dataclass(frozen=True)
class TableRound:
    """A round to play: what happens in it, the felt it is played on and, for a round that is not the user's
    own table (a drill's hand), the caption the status bar shows instead of the table's summary."""

    played: PlayedRound
    felt: Felt
    caption: str | None = None


@dataclass(frozen=True)
class HandReview:
    """One settled hand for the review: its title, every step (the engine's beside the trainee's) and its
    score."""

    title: str
    lines: tuple[ReviewLine, ...]
    result: ItemResult


__all__ = ["HandReview", "TableRound"]
