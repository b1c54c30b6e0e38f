"""Level 3 of the deck-count drill, deck check: a deck spread face up; all 52? the missing card, the extra card
and the deck the extra card goes back to."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from trainer.drills.base import Feedback, Question
from trainer.drills.deck_count.answers import parse_cards_or_none
from trainer.drills.deck_count.item import (
    LEVELS,
    RULE_DECK_CHECK,
    RULE_DUPLICATE,
    Ask,
    CountItem,
    yes_no_question,
)
from trainer.drills.deck_count.spread import Spread
from trainer.engine.cards import FULL_DECK, SUIT_CHARS, SUIT_NAMES, Card, format_cards
from trainer.engine.dealing import missing_and_extra
from trainer.engine.words import colour_name
from trainer.i18n import plain
from trainer.i18n.translation import _, ngettext, pgettext
from trainer.scoring import ErrorKind, Mode

CALL_THE_FLOOR, PUT_IT_BACK = "floor", "back"
IRREGULARITY_CHOICES = (CALL_THE_FLOOR, PUT_IT_BACK)


def choice_word(choice: str) -> str:
    """The answer ``floor`` or ``back`` as the question offers it in the language spoken (``piso``, ``devolver``)."""
    if choice == CALL_THE_FLOOR:
        return pgettext("deck check answer", "floor")
    return pgettext("deck check answer", "back") if choice == PUT_IT_BACK else choice


def parse_irregularity(text: str) -> str | None:
    """``floor`` (stop and call the floor supervisor) or ``back`` (put the card back in its deck); the first
    letter of either word, in English or as the question offers it in the language spoken.

    >>> parse_irregularity("Call the floor"), parse_irregularity("b"), parse_irregularity("?")
    ('floor', 'back', None)
    """
    words = plain(text.strip())
    if not words:
        return None
    if any(word in words for word in ("floor", "supervisor", "call", "piso", "llamar")) or words == "f":
        return CALL_THE_FLOOR
    if "back" in words or "put" in words or words == "b" or "devolver" in words or "volver" in words:
        return PUT_IT_BACK
    shown = [choice for choice in IRREGULARITY_CHOICES if plain(choice_word(choice)).startswith(words)]
    return shown[0] if len(shown) == 1 else None


class DeckCheckItem(CountItem):
    """Level 3: a deck spread face up, in suit rows or in random order; all 52? name the missing and extra."""

    level = LEVELS[3]

    def __init__(self, spread: Spread, deck_colour: str, other_colour: str, difficulty: int = 1, *,
                 drill: str = "deck-count", mode: Mode = Mode.PRACTICE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(difficulty, drill=drill, mode=mode, clock=clock)
        self.deck_spread = spread
        self.deck_colour = deck_colour
        self.other_colour = other_colour
        self.missing, self.extra = missing_and_extra(spread.cards)
        self.in_suit_order = bool(spread.labels)
        self._given_extra: tuple[Card, ...] = ()
        self._said_whole = False
        order = "in suit rows" if self.in_suit_order else "in random order"
        self.brief = f"the {deck_colour} deck spread face up {order}, {spread.count} cards"  # the scores' key
        shown_order = _("in suit rows") if self.in_suit_order else _("in random order")
        self.title = _("Level 3 · Deck check: the {colour} deck, {order}").format(colour=colour_name(deck_colour),
                                                                                 order=shown_order)
        self.text = _("The {colour} deck spread face up {order}:\n{cards}").format(
            colour=colour_name(deck_colour), order=shown_order, cards=spread.picture())

    def _shown_brief(self) -> str:
        order = _("in suit rows") if self.in_suit_order else _("in random order")
        return ngettext("the {colour} deck spread face up {order}, {count} card",
                        "the {colour} deck spread face up {order}, {count} cards", self.deck_spread.count).format(
            colour=colour_name(self.deck_colour), order=order, count=self.deck_spread.count)

    @classmethod
    def deal(cls, rng: random.Random, difficulty: int = 1, colours: tuple[str, str] = ("red", "blue"),
             **options: Any) -> DeckCheckItem:
        """A deck: in suit rows at difficulty 1, random order above; one in three complete; otherwise a card
        missing or a duplicate from the other deck, and at difficulty 3 perhaps both (52 cards, still wrong)."""
        deck_colour, other = colours if rng.random() < 0.5 else (colours[1], colours[0])
        kinds = ["whole", "missing", "extra"] + (["both", "both"] if difficulty >= 3 else [])
        kind = rng.choice(kinds)
        missing = rng.choice(FULL_DECK) if kind in ("missing", "both") else None
        extra = rng.choice([c for c in FULL_DECK if c != missing]) if kind in ("extra", "both") else None
        spread = deck_spread(rng, deck_colour, other, missing=missing, extra=extra, suit_order=difficulty == 1)
        return cls(spread, deck_colour, other, difficulty, **options)

    @property
    def target_seconds(self) -> float:
        return self.level.target_seconds * (1 if self.in_suit_order else 2)

    @property
    def whole_deck(self) -> bool:
        return not self.missing and not self.extra

    def _asks(self) -> Iterator[Ask]:
        spread = self.deck_spread
        all_there = yes_no_question(self._guide(_("All 52 cards there? (Y/N)"),
                                                _("run each suit from ace to king: look for the gap or the double")))
        yield Ask(all_there, self._check_all_there, spread)
        if self._said_whole:
            return
        yield Ask(Question(_("Missing card? (a card such as Qh, or - for none)"), parse_cards_or_none,
                            _("name a card such as Qh or 10s, or - for none")),
                   lambda cards: self._check_cards(cards, self.missing, "missing"), spread)
        yield Ask(Question(_("Extra card? (a card such as As, or - for none)"), parse_cards_or_none,
                            _("name a card such as As or 10s, or - for none")),
                   lambda cards: self._check_cards(cards, self.extra, "extra"), spread)
        if self.extra and self._given_extra == self.extra:
            turned = frozenset(i for i, card in enumerate(spread.cards) if card in self.extra)
            question = Question(
                _("The two {cards} turned over: one has the {colour} back of the other deck. What do you do? "
                  "({choices})").format(cards=format_cards(self.extra), colour=colour_name(self.other_colour),
                                        choices=" / ".join(map(choice_word, IRREGULARITY_CHOICES))),
                parse_irregularity, _("answer floor (stop and call the floor) or back (put it back in its deck)"),
                tuple(map(choice_word, IRREGULARITY_CHOICES)))
            yield Ask(question, self._check_extra_deck, replace(spread, turned=turned))

    def _check_all_there(self, yes: bool) -> Feedback:
        self._said_whole = yes
        if yes == self.whole_deck:
            return self._score(True, _("All 52 cards.") if yes else _("Right: {answer}.").format(
                answer=self._problem()))
        if yes:
            mistake = self._mistake(ErrorKind.MISSED_FAULT, _("not a whole deck: {problem}").format(
                problem=self._problem()), _("all 52 cards"), RULE_DECK_CHECK)
            return self._score(False, _("Not a whole deck: {problem}.").format(problem=self._problem()), mistake)
        mistake = self._mistake(ErrorKind.FALSE_ALARM, _("all 52 cards"), _("not a whole deck"), RULE_DECK_CHECK)
        return self._score(False, _("All 52 cards were there."), mistake)

    def _problem(self) -> str:
        parts = [_("missing {cards}").format(cards=format_cards(self.missing))] if self.missing else []
        parts += [_("extra {cards} ({colour} back)").format(cards=format_cards(self.extra),
                                                           colour=colour_name(self.other_colour))] if self.extra else []
        if not parts:
            return _("52 cards")
        return _("{count} cards, {problems}").format(count=self.deck_spread.count, problems="; ".join(parts))

    def _check_cards(self, given: tuple[Card, ...], expected: tuple[Card, ...], what: str) -> Feedback:
        if what == "extra":
            self._given_extra = tuple(sorted(given))
        missing = what == "missing"
        if sorted(given) == sorted(expected):
            if expected:
                text = (_("Missing: {cards}.") if missing else _("Extra: {cards}.")).format(
                    cards=format_cards(expected))
            else:
                text = _("No missing card.") if missing else _("No extra card.")
            return self._score(True, text)
        shown = format_cards(expected) or _("none")
        said = (_("missing {cards}") if missing else _("extra {cards}"))
        mistake = self._mistake(ErrorKind.WRONG_CARD, said.format(cards=shown),
                                said.format(cards=format_cards(given) or _("none")), RULE_DECK_CHECK)
        return self._score(False, (_("The missing card: {cards}.") if missing else _("The extra card: {cards}."))
                           .format(cards=shown), mistake)

    def _check_extra_deck(self, answer: str) -> Feedback:
        if answer == CALL_THE_FLOOR:
            return self._score(True, _("The extra {cards} has the {colour} back: an irregularity. Stop and call the "
                                       "floor supervisor.").format(cards=format_cards(self.extra),
                                                                   colour=colour_name(self.other_colour)))
        mistake = self._mistake(ErrorKind.WRONG_DECK, _("stop and call the floor"), _("put it back in its deck"),
                                RULE_DUPLICATE)
        return self._score(False, _("A card with the other deck's back is an irregularity: stop and call the floor, "
                                    "never tidy it away yourself."), mistake)


def deck_spread(rng: random.Random, colour: str, other: str, *, missing: Card | None = None,
                extra: Card | None = None, suit_order: bool = True) -> Spread:
    """A deck of ``colour`` face up without ``missing`` and with a duplicate ``extra`` from the ``other``
    deck: in suit rows, ace to king (the duplicate beside its twin), or shuffled into rows of 13.

    >>> s = deck_spread(random.Random(1), "red", "blue", missing=Card("Qh"), extra=Card("As"))
    >>> s.count, s.group_sizes, s.labels[0], format_cards(s.cards[:3])
    (52, (13, 13, 12, 14), 'clubs', 'Ac 2c 3c')
    >>> [back for card, back in zip(s.cards, s.backs) if card == Card("As")]
    ['red', 'blue']
    """
    cards = [(card, colour) for card in FULL_DECK if card != missing]
    if extra is not None:
        cards.append((extra, other))
    if suit_order:
        cards.sort(key=lambda pair: (pair[0].suit_index, _rank_in_new_deck_order(pair[0]), pair[1] != colour))
        groups = tuple(sum(1 for card, _ in cards if card.suit == suit) for suit in SUIT_CHARS)
        labels = tuple(SUIT_NAMES[suit] for suit in SUIT_CHARS)
        return Spread(tuple(c for c, _ in cards), True, tuple(b for _, b in cards), groups=groups, labels=labels,
                      arrangement="rows")
    rng.shuffle(cards)
    rows = [13] * (len(cards) // 13)
    for i in range(len(cards) % 13):
        rows[i % len(rows)] += 1
    return Spread(tuple(c for c, _ in cards), True, tuple(b for _, b in cards), groups=tuple(rows),
                  arrangement="rows")


def _rank_in_new_deck_order(card: Card) -> int:
    """Ace first, then deuce to king, as a new deck comes out of its box and as a suit is run."""
    return 1 if card.rank == 14 else card.rank
