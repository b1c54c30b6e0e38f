"""Drills and topics by name, in the current language: a person reads "Blind, one seat", never ``blind-quick``.

A drill's id (``blind-quick``) stays the word ``quiz --topic`` and the store keep; a topic's id (``qualification``)
names its lesson, and the topic is shown by that lesson's title in the language spoken (the lessons are written
in each language). A name not known is shown as given.

>>> from trainer.i18n.translation import speaking
>>> drill_name("blind-quick"), topic_name("qualification")
('Blind, one seat', 'Dealer qualification')
>>> with speaking("es"):
...     drill_name("blind-quick"), topic_name("qualification")
('Ciega, un asiento', 'La calificación del crupier')
"""

from __future__ import annotations

import re
from functools import cache

from trainer.i18n.translation import N_, _, current_language

__all__ = ["DRILL_NAMES", "drill_name", "exam_name", "item_title", "topic_name"]

DRILL_NAMES = {
    "blind-quick": N_("Blind, one seat"),
    "qualification-quick": N_("Qualification, one seat"),
    "trips-quick": N_("Trips, one seat"),
    "bad-beat-quick": N_("Bad Beat, one seat"),
    "pairs-quick": N_("Pairs Bonus, one seat"),
    "progressive-quick": N_("Progressive, one seat"),
    "collection-fee": N_("Collection fee"),
    "dealer-hand": N_("The dealer's hand"),
    "deal-order": N_("Deal order"),
    "player-hand": N_("The players' hands"),
    "deck-count": N_("Deck count, all levels"),
    "deck-count-1": N_("Deck count level 1"),
    "deck-count-2": N_("Deck count level 2"),
    "deck-count-3": N_("Deck count level 3"),
    "deck-count-4": N_("Deck count level 4"),
    "payouts": N_("Payouts, all levels"),
    "payouts-1": N_("Payouts level 1"),
    "payouts-2": N_("Payouts level 2"),
    "payouts-3": N_("Payouts level 3"),
    "payouts-4": N_("Payouts level 4"),
    "player-decision": N_("The player's decision"),
    "procedure-order": N_("Procedures in order"),
    "wager-allowed": N_("Is the wager allowed?"),
    "who-banks": N_("Who banks"),
    "controller": N_("The Progressive controller"),
    "irregularity": N_("Irregularities"),
    "play-wager": N_("The Play wager"),
    "protection": N_("Game protection"),
    "order": N_("Settlement order"),
    "qualification": N_("Qualification"),
    "blind": N_("Blind"),
    "trips": N_("Trips"),
    "bad-beat": N_("Bad Beat"),
    "pairs": N_("Pairs Bonus"),
    "progressive": N_("Progressive"),
    "player-dealer": N_("Player-dealer table"),
    "run-round": N_("Run the round"),
}
"""Each drill's short name (its description says more)."""


def drill_name(drill: str) -> str:
    """A drill's name in the current language (its id when it has none)."""
    return _(DRILL_NAMES[drill]) if drill in DRILL_NAMES else drill


OWN_EXAM = "Own exam: "
"""How the name of an exam a trainee sets starts, as the store keeps it (``Own exam: trips-quick``)."""


def exam_name(name: str) -> str:
    """An exam's name as a person reads it: an instructor's as it was given, a trainee's own exam by its drill's
    name in the current language (``Own exam: Trips, one seat``)."""
    if name.startswith(OWN_EXAM):
        return _("Own exam: {drill}").format(drill=drill_name(name.removeprefix(OWN_EXAM)))
    return name


_ROUND = re.compile(r"round (?P<round>\d+)")
_HAND_OF_ROUND = re.compile(r"Hand (?P<hand>\d+) \(round (?P<round>\d+)\)")


def item_title(name: str) -> str:
    """An item's name as the scores keep it (``round 2``, ``Hand 1 (round 2)``: the table's rounds are kept in
    English) in the current language; any other name as it is kept (a drill's items are named in the language
    spoken when they were dealt).

    >>> from trainer.i18n.translation import speaking
    >>> with speaking("es"):
    ...     item_title("round 2"), item_title("Hand 1 (round 2)"), item_title("Blind · mano 5")
    ('ronda 2', 'Mano 1 (ronda 2)', 'Blind · mano 5')
    """
    if found := _ROUND.fullmatch(name):
        return _("round {number}").format(number=found["round"])
    if found := _HAND_OF_ROUND.fullmatch(name):
        return _("Hand {hand} (round {round})").format(hand=found["hand"], round=found["round"])
    return name


@cache
def _lesson_titles(language: str) -> dict[str, str]:
    from trainer.lessons import load_lessons_tolerant

    lessons, _problems = load_lessons_tolerant(language=language)
    return {topic: lesson.title for topic, lesson in lessons.items()}


def topic_name(topic: str) -> str:
    """A topic by its lesson's title in the current language, else by the drill group's name, else as given."""
    from trainer.drills.settlement_drills import GROUPS

    title = _lesson_titles(current_language()).get(topic)
    if title is not None:
        return title
    if topic in GROUPS:
        return _(GROUPS[topic])
    return drill_name(topic)
