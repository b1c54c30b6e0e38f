"""The deck-count drill: counting hands, rounds and decks as the documents make a dealer do (rules notes §6–7).

Four levels, each an item dealt from a seeded random source, so the same seed gives the same spread:

1. **Hand count** (:class:`HandCountItem`): folded hands are collected one by one and spread face down; the
   trainee confirms each is two cards or flags the one that is not (one card, three cards, a card stuck under
   another).
2. **Round count** (:class:`RoundCountItem`): which deck (back colour) goes to the rack this round, how many
   cards are unloaded unseen after the deal (``52 − 2N − 2 − 5``), and whether the rack holds a whole deck
   at the end of the round.
3. **Deck check** (:class:`DeckCheckItem`): a deck spread face up, in suit rows, then in random order; all 52
   there? the missing card, the extra card and the deck the extra card goes back to.
4. **Count down** (:class:`CountDownItem`): a face-down stack spread out and counted in fives, the total answered.

Every item is timed against a target (:data:`LEVELS`) and scored step by step; each mistake is named with
its kind (miscount, missed fault, false alarm, wrong card, wrong deck), the expected and given answers and
the rule. The answer key comes from the engine: :func:`~trainer.engine.dealing.cards_unloaded`,
:class:`~trainer.engine.dealing.CardCount`, :class:`~trainer.engine.dealing.DeckPair` and
:func:`~trainer.engine.dealing.missing_and_extra`.

Drills: ``deck-count`` takes the four levels in turn, one harder each pass (a set of four is one of each);
``deck-count-1`` … ``deck-count-4`` give one level, growing harder through the set.

The package, one idea a module: :mod:`.spread` (the cards on the layout), :mod:`.answers` (reading answers),
:mod:`.item` (the rules, the levels and what every item shares), one module a level (:mod:`.hands`,
:mod:`.rounds`, :mod:`.deck_check`, :mod:`.count_down`); this module deals the items and holds the drills.

>>> item = make_item(4, random.Random(3), difficulty=1)
>>> item.next_question().prompt.startswith("How many cards")
True
>>> item.answer(item.expected_total).correct, item.result().score
(True, 100.0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from trainer.drills.base import item_rng
from trainer.drills.deck_count.answers import (
    NONE_WORDS,
    HandAnswer,
    colour_parser,
    parse_cards_or_none,
    parse_count,
    parse_hand_answer,
    parse_yes_no,
)
from trainer.drills.deck_count.count_down import GROUP_SIZE, CountDownItem, count_down_spread
from trainer.drills.deck_count.deck_check import DeckCheckItem, deck_spread
from trainer.drills.deck_count.hands import FoldedHand, HandCountItem, HandFault
from trainer.drills.deck_count.item import (
    LEVELS,
    RULE_COUNT_DOWN,
    RULE_DECK_CHECK,
    RULE_DECKS,
    RULE_DUPLICATE,
    RULE_HAND,
    RULE_UNLOADED,
    RULE_WHOLE_DECK,
    TOPIC,
    CountItem,
    Level,
)
from trainer.drills.deck_count.rounds import RackPart, RackTally, RoundCountItem, rack_tally
from trainer.drills.deck_count.spread import Arrangement, Spread, face_down
from trainer.i18n.translation import N_, _
from trainer.scoring import Mode

__all__ = [
    "DRILLS",
    "GROUP_SIZE",
    "LEVELS",
    "LEVEL_ITEMS",
    "NONE_WORDS",
    "RULE_COUNT_DOWN",
    "RULE_DECKS",
    "RULE_DECK_CHECK",
    "RULE_DUPLICATE",
    "RULE_HAND",
    "RULE_UNLOADED",
    "RULE_WHOLE_DECK",
    "TOPIC",
    "Arrangement",
    "CountDownItem",
    "CountItem",
    "DeckCheckItem",
    "DeckCountDrill",
    "DeckCountItem",
    "FoldedHand",
    "HandAnswer",
    "HandCountItem",
    "HandFault",
    "Level",
    "RackPart",
    "RackTally",
    "RoundCountItem",
    "Spread",
    "colour_parser",
    "count_down_spread",
    "deck_spread",
    "face_down",
    "make_item",
    "parse_cards_or_none",
    "parse_count",
    "parse_hand_answer",
    "parse_yes_no",
    "rack_tally",
]

# -- the drills ----------------------------------------------------------------------------------------------

LEVEL_ITEMS: dict[int, Any] = {1: HandCountItem, 2: RoundCountItem, 3: DeckCheckItem, 4: CountDownItem}
DeckCountItem = HandCountItem | RoundCountItem | DeckCheckItem | CountDownItem


def make_item(level: int, rng: random.Random, difficulty: int = 1, *, colours: tuple[str, str] = ("red", "blue"),
              drill: str = "deck-count", mode: Mode = Mode.PRACTICE,
              clock: Callable[[], float] = time.monotonic) -> DeckCountItem:
    """An item of ``level`` (1–4) at ``difficulty`` (1–3) dealt from ``rng``."""
    if level not in LEVEL_ITEMS:
        raise ValueError(f"the deck-count drill has levels 1 to 4, not {level}")
    if not 1 <= difficulty <= 3:
        raise ValueError(f"difficulty runs 1 to 3, not {difficulty}")
    item: DeckCountItem = LEVEL_ITEMS[level].deal(rng, difficulty, colours, drill=drill, mode=mode, clock=clock)
    return item


@dataclass(frozen=True)
class DeckCountDrill:
    """The drill over ``levels``: one level, or all four in turn (growing harder each pass)."""

    name: str
    levels: tuple[int, ...]
    description: str
    group: str = N_("card count")
    colours: tuple[str, str] = ("red", "blue")
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)
    answer_guide: str = field(default=N_(
        "Y or N; a number of cards ('52'); a card such as 'Qh' or '10s', or '-' for none; a deck by its colour "
        "('red' or 'r')."), compare=False)

    @property
    def shown_description(self) -> str:
        """The description in the current language (one level's is made from the level's words)."""
        if len(self.levels) != 1:
            return _(self.description)
        level = LEVELS[self.levels[0]]
        return _("Deck count level {number}: {name}, {description}").format(
            number=level.number, name=_(level.name).lower(), description=_(level.description))

    def items(self, rng: random.Random, count: int, mode: Mode) -> Iterator[DeckCountItem]:
        """``count`` items; item ``i`` is dealt from its own random source, so it replays alone."""
        base = rng.getrandbits(64)
        for index in range(count):
            yield self.item(base, index, count, mode)

    def item(self, base: int, index: int, count: int, mode: Mode = Mode.PRACTICE) -> DeckCountItem:
        level = self.levels[index % len(self.levels)]
        return make_item(level, item_rng(base, index), self.difficulty(index, count), colours=self.colours,
                         drill=self.name, mode=mode, clock=self.clock)

    def difficulty(self, index: int, count: int) -> int:
        """1–3: each pass over the levels one harder; a one-level set grows harder through its thirds."""
        if len(self.levels) > 1:
            return 1 + min(2, index // len(self.levels))
        return 1 + min(2, 3 * index // max(count, 1))


DRILLS = (
    DeckCountDrill("deck-count", (1, 2, 3, 4), N_("Deck count: hands, rounds, deck check and count down, in turn")),
    *(DeckCountDrill(f"deck-count-{n}", (n,), f"Deck count level {n}: {level.name.lower()}, {level.description}")
      for n, level in LEVELS.items()),
)
