"""Level 1 of the deck-count drill, hand count: each folded hand spread face down is two cards, or is flagged."""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from trainer.drills.base import Feedback, Question
from trainer.drills.deck_count.answers import HandAnswer, parse_hand_answer
from trainer.drills.deck_count.item import LEVELS, RULE_HAND, Ask, CountItem
from trainer.drills.deck_count.spread import Spread, face_down
from trainer.engine.cards import Card
from trainer.engine.dealing import HOLE_CARDS, MAX_SEATS, shuffled_deck
from trainer.engine.words import colour_name
from trainer.i18n.translation import _, ngettext
from trainer.scoring import ErrorKind, Mode


class HandFault(StrEnum):
    """What can be wrong with a folded hand."""

    ONE_CARD = "one card"
    THREE_CARDS = "three cards"
    STUCK_CARD = "a card stuck under another"

    @property
    def cards(self) -> int:
        """How many cards a hand with this fault holds."""
        return 1 if self is HandFault.ONE_CARD else 3


@dataclass(frozen=True)
class FoldedHand:
    """A folded hand as it is spread face down before it goes to the rack."""

    seat: int
    spread: Spread
    fault: HandFault | None = None

    @classmethod
    def of(cls, seat: int, cards: Sequence[Card], colour: str, fault: HandFault | None = None,
           stuck_under: int = 1) -> FoldedHand:
        """The hand of ``cards`` (1, 2 or 3 as ``fault`` says); a stuck card lies under card ``stuck_under``."""
        wanted = HOLE_CARDS if fault is None else fault.cards
        if len(cards) != wanted:
            raise ValueError(f"a hand with {fault or 'no fault'} has {wanted} cards, not {len(cards)}")
        stuck = frozenset({stuck_under - 1}) if fault is HandFault.STUCK_CARD else frozenset()
        return cls(seat, face_down(cards, colour, stuck=stuck), fault)

    def describe(self) -> str:
        if self.fault is None:
            return _("two cards")
        if self.fault is HandFault.STUCK_CARD:
            (under,) = self.spread.stuck
            return (_("three cards, one stuck under the first") if under == 0 else
                    _("three cards, one stuck under the second"))
        return _("one card") if self.fault is HandFault.ONE_CARD else _("three cards")


class HandCountItem(CountItem):
    """Level 1: the folded hands of a round, collected one by one; each is two cards or is flagged."""

    level = LEVELS[1]

    def __init__(self, hands: Sequence[FoldedHand], deck_colour: str, difficulty: int = 1, *,
                 drill: str = "deck-count", mode: Mode = Mode.PRACTICE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(difficulty, drill=drill, mode=mode, clock=clock)
        if not hands:
            raise ValueError("a hand count needs at least one folded hand")
        self.hands = tuple(hands)
        self.deck_colour = deck_colour
        seats = ", ".join(str(hand.seat) for hand in self.hands)
        self.title = ngettext("Level 1 · Hand count: {count} folded hand", "Level 1 · Hand count: {count} folded hands",
                              len(self.hands)).format(count=len(self.hands))
        self.brief = f"folded hands from seats {seats}, collected one by one, {deck_colour} deck"
        self._seats = seats
        pictures = "   ".join(_("seat {seat}: {cards}").format(seat=hand.seat, cards=hand.spread.picture())
                               for hand in self.hands)
        self.text = _("Folded hands collected in seat order ({seats}), each spread face down before the rack.\n"
                      "{pictures}\n(▮ a card; ▏ the edge of a card stuck under the next one)").format(
            seats=seats, pictures=pictures)

    def _shown_brief(self) -> str:
        return _("folded hands from seats {seats}, collected one by one, {colour} deck").format(
            seats=self._seats, colour=colour_name(self.deck_colour))

    @classmethod
    def deal(cls, rng: random.Random, difficulty: int = 1, colours: tuple[str, str] = ("red", "blue"),
             **options: Any) -> HandCountItem:
        """Three to six folded hands; about one in four is faulty, stuck cards from difficulty 2."""
        deck = list(shuffled_deck(rng))
        colour = rng.choice(colours)
        seats = sorted(rng.sample(range(1, MAX_SEATS + 1), rng.randint(3, 6)))
        faults = [HandFault.ONE_CARD, HandFault.THREE_CARDS] + [HandFault.STUCK_CARD] * (difficulty - 1) * 2
        hands = []
        for seat in seats:
            fault = rng.choice(faults) if rng.random() < 0.25 else None
            count = HOLE_CARDS if fault is None else fault.cards
            cards, deck = deck[:count], deck[count:]
            hands.append(FoldedHand.of(seat, cards, colour, fault, stuck_under=rng.randint(1, 2)))
        return cls(hands, colour, difficulty, **options)

    @property
    def target_seconds(self) -> float:
        return self.level.target_seconds * len(self.hands)

    def _asks(self) -> Iterator[Ask]:
        for hand in self.hands:
            prompt = self._guide(_("Seat {seat}'s hand: two cards? (Y = two, to the rack; N or the count: flag it)")
                                 .format(seat=hand.seat),
                                 _("count every card of the spread, the edge of a stuck one too"))
            hint = _("answer Y (two cards), N (flag it) or the number of cards")
            question = Question(prompt, parse_hand_answer, hint, ("Y", "N"))
            yield Ask(question, functools.partial(self._check_hand, hand), hand.spread)

    def _check_hand(self, hand: FoldedHand, answer: HandAnswer) -> Feedback:
        seat = hand.seat
        if answer.two_cards:
            given = _("two cards")
        elif answer.count:
            given = ngettext("flagged ({count} card)", "flagged ({count} cards)", answer.count).format(
                count=answer.count)
        else:
            given = _("flagged")
        if hand.fault is None and answer.two_cards:
            return self._score(True, _("Seat {seat}: two cards, to the rack.").format(seat=seat))
        if hand.fault is None:
            mistake = self._mistake(ErrorKind.FALSE_ALARM, _("two cards"), given, RULE_HAND)
            return self._score(False, _("Seat {seat}'s hand was two cards: it goes to the rack.").format(seat=seat),
                               mistake)
        if answer.two_cards:
            mistake = self._mistake(ErrorKind.MISSED_FAULT, _("flag it: {hand}").format(hand=hand.describe()), given,
                                    RULE_HAND)
            return self._score(False, _("Seat {seat}'s hand was {hand}: flag it.").format(seat=seat,
                                                                                          hand=hand.describe()),
                               mistake)
        if answer.count is not None and answer.count != hand.spread.count:
            mistake = self._mistake(ErrorKind.MISCOUNT, ngettext("{count} card ({hand})", "{count} cards ({hand})",
                                                                 hand.spread.count).format(
                count=hand.spread.count, hand=hand.describe()),
                ngettext("{count} card", "{count} cards", answer.count).format(count=answer.count), RULE_HAND)
            return self._score(False, _("Seat {seat}: right to flag it, but it holds {hand}.").format(
                seat=seat, hand=hand.describe()), mistake)
        return self._score(True, _("Seat {seat}: flagged, {hand}.").format(seat=seat, hand=hand.describe()))
