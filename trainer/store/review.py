"""Review scheduling with FSRS: each situation type is a card, each graded item a review.

A wrong item is rated Again; a right one Hard when slower than the skill's target, Easy when at or under the
``fast`` share of it (``skills.toml``), else Good. The cards live in the store beside the items (the scheduler's
own JSON), updated in the item's transaction; fuzzing is off so a profile's cards can be rebuilt exactly from its
items (an import does that).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING

from trainer.store.skills import config

if TYPE_CHECKING:  # the scheduler is imported when a review is first scheduled, not with the store
    from fsrs import Rating, Scheduler


@cache
def scheduler() -> Scheduler:
    from fsrs import Scheduler

    return Scheduler(enable_fuzzing=False)


def rating(perfect: bool, seconds_per_decision: float, target: float) -> Rating:
    """The review grade of an item.

    >>> rating(False, 1.0, 4.0).name, rating(True, 5.0, 4.0).name, rating(True, 3.0, 4.0).name
    ('Again', 'Hard', 'Good')
    >>> rating(True, 2.0, 4.0).name
    'Easy'
    """
    from fsrs import Rating

    if not perfect:
        return Rating.Again
    if seconds_per_decision > target:
        return Rating.Hard
    if seconds_per_decision <= config().fast * target:
        return Rating.Easy
    return Rating.Good


def review(connection: sqlite3.Connection, profile_id: int, card_name: str, grade: Rating, at: datetime) -> datetime:
    """Record one review of ``card_name`` (inside the caller's transaction); returns when it is due next."""
    from fsrs import Card

    row = connection.execute("SELECT state FROM review_card WHERE profile_id = ? AND card = ?",
                             (profile_id, card_name)).fetchone()
    card = Card.from_json(row[0]) if row else Card(card_id=1, due=at)
    card, _ = scheduler().review_card(card, grade, at)
    if getattr(connection, "server_keeps_totals", False):  # a class store: through its function only
        connection.execute("SELECT class_review(?::bigint[], ?::text[], ?::text[], ?::text[], ?::int[])",
                           ([profile_id], [card_name], [card.due.isoformat()], [card.to_json()], [1]))
        return card.due
    connection.execute(
        "INSERT INTO review_card (profile_id, card, due, state, reviews) VALUES (?, ?, ?, ?, 1) "
        "ON CONFLICT (profile_id, card) DO UPDATE SET due = excluded.due, state = excluded.state, "
        "reviews = review_card.reviews + 1",
        (profile_id, card_name, card.due.isoformat(), card.to_json()))
    return card.due


@dataclass(frozen=True)
class CardDue:
    """A situation type's card: when it is due and how many reviews it has had."""

    card: str
    due: str
    reviews: int


def cards(connection: sqlite3.Connection, profile_id: int) -> list[CardDue]:
    """Every card of the profile, soonest due first."""
    rows = connection.execute("SELECT card, due, reviews FROM review_card WHERE profile_id = ? ORDER BY due, card",
                              (profile_id,)).fetchall()
    return [CardDue(row[0], row[1], row[2]) for row in rows]
