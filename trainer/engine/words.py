"""The engine's words as a person reads them, in the current language: hand names, wager names, actions, odds.

The engine keeps its own English keys (``category.label`` = ``"full house"``, ``Wager.BLIND``, ``"3 to 2"``):
the ``settle`` and ``grade`` JSON and the pay-table files are written in them. What a person reads goes through
these functions, which look the words up in the current language each time they are called (:mod:`trainer.i18n.
translation`). A pay table's own label that the catalogue does not know (a room's file) is shown as written.

>>> from trainer.engine.paytables import Odds
>>> from trainer.engine.wagers import Wager
>>> hand_name("full house"), the_wager(Wager.BLIND), odds_text(Odds.parse("3 to 2"))
('full house', 'the Blind', '3 to 2')
>>> from trainer.i18n.translation import speaking
>>> with speaking("es"):
...     hand_name("full house"), the_wager(Wager.BLIND), odds_text(Odds.parse("10 for 1")), rank_plural(13)
('full', 'la ciega', '10 por 1', 'reyes')
"""

from __future__ import annotations

import re
from typing import Protocol

from trainer.i18n.translation import N_, _, pgettext


class Odds(Protocol):
    """What :func:`odds_text` reads of :class:`trainer.engine.paytables.Odds` (not imported: this module is a leaf
    that the evaluator and the wagers import)."""

    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str: ...

__all__ = [
    "action_verb", "colour_name", "hand_name", "odds_text", "paytable_name", "rank_high", "rank_name", "rank_plural",
    "schedule_name", "schedule_title", "source_name",
    "step_template", "the_wager", "wager_name",
]

_HAND_NAMES = frozenset({
    N_("high card"), N_("one pair"), N_("two pair"), N_("three of a kind"), N_("straight"), N_("flush"),
    N_("full house"), N_("four of a kind"), N_("straight flush"), N_("royal flush"),
    # the shipped pay tables' own labels (trainer/engine/data/*.toml)
    N_("A-A"), N_("Pair of aces"), N_("A-A (player) / A-A (dealer)"), N_("Ace / face"), N_("Ace / face suited"),
    N_("A-K offsuit"), N_("A-K suited"), N_("A-Q or A-J offsuit"), N_("A-Q or A-J suited"),
    N_("Community royal"), N_("K-K, Q-Q, J-J"), N_("Pair"), N_("Royal flush - first 5 cards"),
    N_("Royal flush - first 7 cards"), N_("10-10 thru 2-2"),
})
"""The hand names and pay-table labels the catalogue translates."""

_WAGER_NAMES = {
    "ante": N_("Ante"), "play": N_("Play"), "blind": N_("Blind"), "trips": N_("Trips"), "bad_beat": N_("Bad Beat"),
    "pairs": N_("Pairs Bonus"), "progressive": N_("Progressive"),
}
_THE_WAGER = {
    "ante": N_("the Ante"), "play": N_("the Play"), "blind": N_("the Blind"), "trips": N_("the Trips"),
    "bad_beat": N_("the Bad Beat"), "pairs": N_("the Pairs Bonus"), "progressive": N_("the Progressive"),
}

_RANKS = {
    2: N_("deuce"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight"),
    9: N_("nine"), 10: N_("ten"), 11: N_("jack"), 12: N_("queen"), 13: N_("king"), 14: N_("ace"),
}
_RANK_PLURALS = {
    2: N_("deuces"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"), 6: N_("sixes"), 7: N_("sevens"),
    8: N_("eights"), 9: N_("nines"), 10: N_("tens"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings"),
    14: N_("aces"),
}
_HIGHS = {
    2: N_("deuce-high"), 3: N_("three-high"), 4: N_("four-high"), 5: N_("five-high"), 6: N_("six-high"),
    7: N_("seven-high"), 8: N_("eight-high"), 9: N_("nine-high"), 10: N_("ten-high"), 11: N_("jack-high"),
    12: N_("queen-high"), 13: N_("king-high"), 14: N_("ace-high"),
}


_COLOURS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "black": N_("black")}
"""The deck backs' colours (the settings' ids) as a person reads them."""


_SUITS = {"clubs": N_("clubs"), "diamonds": N_("diamonds"), "hearts": N_("hearts"), "spades": N_("spades")}
"""The suits by the names the engine gives them (:data:`trainer.engine.cards.SUIT_NAMES`)."""


def suit_name(name: str) -> str:
    """A suit (``clubs``) as a person reads it (``tréboles``); any other text as given."""
    return _(_SUITS[name]) if name in _SUITS else name


def colour_name(colour: str) -> str:
    """A deck back's colour as a person reads it (``red``: ``rojo``); a colour the trainer does not know as given."""
    return _(_COLOURS[colour]) if colour in _COLOURS else colour


def hand_name(label: str) -> str:
    """A hand category (``category.label``) or a pay-table line's label, as a person reads it."""
    return _(label) if label in _HAND_NAMES else label


def wager_name(wager: str) -> str:
    """``Blind``, ``Pairs Bonus`` (in Spanish ``ciega``, ``Pares``)."""
    return _(_WAGER_NAMES[str(wager)])


def the_wager(wager: str) -> str:
    """The wager with its article, as a sentence says it: ``the Blind`` (``la ciega``)."""
    return _(_THE_WAGER[str(wager)])


def action_verb(action: str) -> str:
    """What the dealer does, as a step says it: ``pay``, ``take``, ``push``, ``return``."""
    value = str(action)
    if value == "pay":
        return pgettext("dealer's action", "pay")
    if value == "take":
        return pgettext("dealer's action", "take")
    if value == "push":
        return pgettext("dealer's action", "push")
    return pgettext("dealer's action", "return")


def step_template(action: str) -> str:
    """A procedure step's sentence for ``action``, with ``{seat}``, ``{wager}`` (with its article) and
    ``{amount}`` to fill: ``Seat {seat}: pay {wager} {amount}`` (``Asiento {seat}: pagar {wager} {amount}``)."""
    value = str(action)
    if value == "pay":
        return _("Seat {seat}: pay {wager} {amount}")
    if value == "take":
        return _("Seat {seat}: take {wager} {amount}")
    if value == "push":
        return _("Seat {seat}: push {wager} {amount}")
    return _("Seat {seat}: return {wager} {amount}")


def rank_name(rank: int) -> str:
    """A card rank (2..14) in words: ``king``."""
    return _(_RANKS[rank])


def rank_high(rank: int) -> str:
    """A straight's or a flush's top card, as its name says it: ``ace-high`` (``al as``)."""
    return _(_HIGHS[rank])


def rank_plural(rank: int) -> str:
    """A card rank (2..14) in the plural: ``kings``, ``sixes``."""
    return _(_RANK_PLURALS[rank])


def paytable_name(title: str) -> str:
    """A pay table's title as a person reads it: the Blind's and the Progressive's wager named in the current
    language (``Ciega``, ``Pozo progresivo 01``); the proper names (``Trips UTH-01``, ``Ultimate Pairs 1``, ``Bad
    Beat BBB-02``) as they are.

    >>> paytable_name("Trips UTH-01")
    'Trips UTH-01'
    """
    for wager, english in (("blind", "Blind"), ("progressive", "Progressive")):
        if title == english or title.startswith(english + " "):
            name = wager_name(wager)
            return name[:1].upper() + name[1:] + title[len(english):]
    return title


_COLLECTION_TITLE = re.compile(r"Collection option (\d+) \((.+)\)")
"""A collection schedule's title as the engine's file names it (the documents' "Collection Rates" options)."""


def schedule_name(title: str) -> str:
    """A collection schedule's title (its file's English) in the current language: ``Collection option 1 (Bad
    Beat Bonus)`` (``Opción de comisión 1 (Bad Beat Bonus)``: the game keeps its name); a room's own title as its
    file has it."""
    found = _COLLECTION_TITLE.fullmatch(title)
    if found is None:
        return title
    return _("Collection option {number} ({game})").format(number=found.group(1), game=found.group(2))


def schedule_title(schedule_id: str | None) -> str:
    """The collection schedule ``schedule_id`` (``bb-12``) by its title in the current language."""
    from trainer.engine.paytables import load_paytables

    if schedule_id is None:
        return ""
    return schedule_name(load_paytables().collection(schedule_id).title)


_SEEDS = re.compile(r"seeds ((?:\d{3}, )*\d{3})( \(the same on every table\))?")


def source_name(source: str) -> str:
    """A pay table's source (its file's English) as a person reads it: ``seeds 002, 004`` in the current language
    (``seed 002, 004``); one document (``seed 001``) keeps its name as printed.

    >>> source_name("seeds 001, 002, 003, 004 (the same on every table)"), source_name("seed 001")
    ('seeds 001, 002, 003, 004 (the same on every table)', 'seed 001')
    """
    found = _SEEDS.fullmatch(source)
    if found is None:
        return source
    text = _("seeds {numbers}").format(numbers=found.group(1))
    return _("{documents} (the same on every table)").format(documents=text) if found.group(2) else text


def odds_text(odds: Odds) -> str:
    """``3 to 2``, ``10 for 1``, ``5%`` in the current language (a pay table's file keeps its English)."""
    if odds.kind == "percent":
        return odds.text
    numerator, denominator = odds.text.split(f" {odds.kind} ")
    if odds.kind == "to":
        return _("{numerator} to {denominator}").format(numerator=numerator, denominator=denominator)
    return _("{numerator} for {denominator}").format(numerator=numerator, denominator=denominator)
