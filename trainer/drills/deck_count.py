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

>>> item = make_item(4, random.Random(3), difficulty=1)
>>> item.next_question().prompt.startswith("How many cards")
True
>>> item.answer(item.expected_total).correct, item.result().score
(True, 100.0)
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Literal

from trainer.drills.base import Feedback, Question, item_rng
from trainer.engine.cards import FULL_DECK, SUIT_CHARS, SUIT_NAMES, Card, CardError, format_cards, parse_card
from trainer.engine.dealing import (
    COMMUNITY_CARDS,
    DECK_SIZE,
    HOLE_CARDS,
    MAX_SEATS,
    CardCount,
    DeckPair,
    Procedure,
    cards_unloaded,
    missing_and_extra,
    shuffled_deck,
)
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode, Stopwatch

TOPIC = "card count"
GROUP_SIZE = 5
"""Dealer school counts a face-down deck in groups of five."""

RULE_HAND = "A folded hand is spread face down and counted (two cards) before it goes to the discard rack."
RULE_UNLOADED = ("After the deal the cards left, 52 − 2 per seat − 2 dealer − 5 community, are unloaded unseen "
                 "into the discard rack.")
RULE_WHOLE_DECK = ("At the end of the round every card of the round's deck is in the rack: 2 per seat + 2 dealer "
                   "+ 5 community + the unloaded rest = 52.")
RULE_DECKS = "Two decks with different backs alternate round by round; only one deck is in the discard rack at a time."
RULE_DECK_CHECK = "Spread the deck face up and check that all 52 cards are there; name the missing and the extra card."
RULE_DUPLICATE = "A duplicate from the other deck shows that deck's back when turned over: it goes back to that deck."
RULE_COUNT_DOWN = "Count a face-down deck in groups of five; a whole deck comes to 52."


# -- levels and their targets --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    """One level of the drill and its time target."""

    number: int
    name: str
    description: str
    target_seconds: float
    """Seconds per hand (level 1), per round (2), per deck in suit order (3; twice that in random order), or per
    card counted (4)."""


LEVELS: dict[int, Level] = {
    1: Level(1, "Hand count", "each folded hand spread face down: two cards, or flag it", 3.0),
    2: Level(2, "Round count", "the deck in play, the cards unloaded after the deal, a whole deck in the rack", 30.0),
    3: Level(3, "Deck check", "a deck spread face up: all 52? the missing card, the extra card and its deck", 45.0),
    4: Level(4, "Count down", "a face-down stack spread and counted in fives against the clock", 0.5),
}


# -- spreads -------------------------------------------------------------------------------------------------

Arrangement = Literal["line", "rows"]


@dataclass(frozen=True)
class Spread:
    """Cards spread on the layout, as a dealer spreads them: what the GUI draws and the terminal prints.

    ``backs`` is the back colour of every card; ``stuck`` holds the index ``i`` of every card stuck under
    card ``i + 1`` (only a sliver of it shows); ``turned`` the cards lying the other way up from the rest (a
    duplicate turned over to see its back). ``groups`` are the sizes of the groups left to right (``"line"``)
    or row by row (``"rows"``), each with its label when ``labels`` is given.

    >>> s = Spread(tuple(FULL_DECK[:3]), False, ("red",) * 3, stuck=frozenset({1}))
    >>> s.count, s.picture()
    (3, '▮▏▮')
    """

    cards: tuple[Card, ...]
    face_up: bool
    backs: tuple[str, ...]
    stuck: frozenset[int] = frozenset()
    groups: tuple[int, ...] = ()
    labels: tuple[str, ...] = ()
    arrangement: Arrangement = "line"
    turned: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if len(self.backs) != len(self.cards):
            raise ValueError(f"a spread of {len(self.cards)} cards needs {len(self.cards)} back colours")
        if self.groups and sum(self.groups) != len(self.cards):
            raise ValueError(f"groups {self.groups} do not add up to the {len(self.cards)} cards")
        if self.labels and len(self.labels) != len(self.group_sizes):
            raise ValueError("a spread needs one label per group, or none")
        if any(not 0 <= i < len(self.cards) - 1 for i in self.stuck):
            raise ValueError("a stuck card lies under the next card of the spread")
        if any(not 0 <= i < len(self.cards) for i in self.turned):
            raise ValueError("a turned card must be in the spread")

    @property
    def count(self) -> int:
        """How many cards the spread holds (a stuck card counts: it is there)."""
        return len(self.cards)

    @property
    def group_sizes(self) -> tuple[int, ...]:
        return self.groups or (len(self.cards),)

    def grouped(self) -> list[tuple[str, range]]:
        """Each group's label (``""`` without labels) and the indexes of its cards."""
        result, start = [], 0
        for number, size in enumerate(self.group_sizes):
            result.append((self.labels[number] if self.labels else "", range(start, start + size)))
            start += size
        return result

    def shows_face(self, index: int) -> bool:
        """True when card ``index`` lies face up."""
        return self.face_up != (index in self.turned)

    def picture(self, main_back: str | None = None) -> str:
        """The spread as text: faces as ``Qh``; backs as ``▮`` (``▯`` for another back than ``main_back``);
        a card stuck under the next one as the sliver ``▏``. Groups are separated by spaces, rows by lines."""
        main_back = main_back or (self.backs[0] if self.backs else "")
        parts = []
        for label, indexes in self.grouped():
            text = self._group_picture(indexes, main_back)
            parts.append(f"{label}: {text}" if label else text)
        return ("\n" if self.arrangement == "rows" else "  ").join(parts)

    def _group_picture(self, indexes: range, main_back: str) -> str:
        if self.face_up and not self.turned:
            return " ".join(str(self.cards[i]) for i in indexes)
        marks = []
        for i in indexes:
            if self.shows_face(i):
                marks.append(f" {self.cards[i]} ")
            elif i in self.stuck:
                marks.append("▏")
            else:
                marks.append("▮" if self.backs[i] == main_back else "▯")
        return "".join(marks)


def face_down(cards: Sequence[Card], colour: str, **options: Any) -> Spread:
    """A face-down spread of ``cards`` all with ``colour`` backs."""
    return Spread(tuple(cards), False, (colour,) * len(cards), **options)


# -- answers -------------------------------------------------------------------------------------------------

NONE_WORDS = frozenset({"-", "none", "no", "0", "nothing"})


def parse_yes_no(text: str) -> bool | None:
    """``y``/``yes`` → True, ``n``/``no`` → False, anything else None (unreadable)."""
    word = text.strip().lower()
    return True if word in ("y", "yes") else False if word in ("n", "no") else None


def parse_count(text: str) -> int | None:
    """A number of cards 0..999."""
    word = text.strip()
    return int(word) if word.isdigit() and len(word) <= 3 else None


def parse_cards_or_none(text: str) -> tuple[Card, ...] | None:
    """``Qh`` or ``Qh 10s`` → the cards; ``-`` or ``none`` → no card; None when unreadable."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and words[0].lower() in NONE_WORDS:
        return ()
    try:
        return tuple(parse_card(word) for word in words) or None
    except CardError:
        return None


def colour_parser(colours: Sequence[str]) -> Callable[[str], str | None]:
    """Read one of ``colours`` from its name or its first letters (``r`` for red)."""

    def parse(text: str) -> str | None:
        word = text.strip().lower()
        found = [colour for colour in colours if word and colour.startswith(word)]
        return found[0] if len(found) == 1 else None

    return parse


@dataclass(frozen=True)
class HandAnswer:
    """The trainee's word on a folded hand: two cards, or flagged (with the count, when given)."""

    two_cards: bool
    count: int | None = None


def parse_hand_answer(text: str) -> HandAnswer | None:
    """``Y`` (or ``2``) two cards; ``N`` flag it; a digit: flag it with that count."""
    word = text.strip().lower()
    yes = parse_yes_no(word)
    if yes is not None:
        return HandAnswer(yes)
    count = parse_count(word)
    if count is None:
        return None
    return HandAnswer(count == HOLE_CARDS, count)


# -- the machinery every level shares ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Ask:
    question: Question
    check: Callable[[Any], Feedback]
    spread: Spread | None


class CountItem:
    """What every level's item has: questions asked in turn, each with the spread to show, timed and scored.

    Subclasses write :meth:`_asks`, a generator of questions; it may look at the answers already checked,
    so a follow-up is only asked when it applies. The clock starts at the first question.
    """

    level: Level
    title: str
    text: str
    brief: str
    """One line saying what is on the layout (the GUI shows it above the spread; ``text`` adds a picture)."""
    deck_colour: str

    def __init__(self, difficulty: int, *, drill: str, mode: Mode, clock: Callable[[], float]) -> None:
        self.difficulty = difficulty
        self.drill = drill
        self.mode = mode
        self._mistakes: list[Mistake] = []
        self._steps: list[bool] = []
        self._script: Iterator[_Ask] | None = None
        self._current: _Ask | None = None
        self._shown: Spread | None = None
        self._watch = Stopwatch(clock)
        self._started = False
        self._answered_after = 0.0
        self.done = False

    # -- the DrillItem protocol ------------------------------------------------------------------------------

    def next_question(self) -> Question | None:
        if self._script is None:
            self._watch.restart()
            self._started = True
            self._script = self._asks()
            self._advance()
        return None if self._current is None else self._current.question

    def answer(self, value: Any) -> Feedback:
        if self._current is None:
            raise RuntimeError("no question is waiting for an answer")
        feedback = self._current.check(value)
        self._answered_after = self._watch.seconds()
        self._advance()
        if self.done:
            feedback = replace(feedback, message=f"{feedback.message} {self.timing()}")
        return feedback

    def result(self) -> ItemResult:
        correct = sum(self._steps)
        return ItemResult(self.drill, self.item_name, len(self._steps), correct, tuple(self._mistakes),
                          round(self.seconds, 3), self.mode)

    # -- what the GUI reads ----------------------------------------------------------------------------------

    @property
    def spread(self) -> Spread | None:
        """The cards on the layout for the current question (after the last answer: the last ones shown)."""
        return self._shown

    @property
    def question(self) -> Question | None:
        return None if self._current is None else self._current.question

    @property
    def seconds(self) -> float:
        """Seconds from the first question to the last answer (while unfinished: until now)."""
        if not self._started:
            return 0.0
        return max(0.0, self._answered_after if self.done else self._watch.seconds())

    @property
    def target_seconds(self) -> float:
        return self.level.target_seconds

    @property
    def on_target(self) -> bool:
        return self.seconds <= self.target_seconds

    def timing(self) -> str:
        verdict = "on target" if self.on_target else "over target"
        return f"Time {self.seconds:.1f} s, target {self.target_seconds:.0f} s: {verdict}."

    @property
    def item_name(self) -> str:
        return f"level {self.level.number} {self.level.name.lower()}: {self.brief}"

    # -- for the levels --------------------------------------------------------------------------------------

    def _asks(self) -> Iterator[_Ask]:
        raise NotImplementedError

    def _advance(self) -> None:
        assert self._script is not None
        self._current = next(self._script, None)
        if self._current is None:
            self.done = True
        elif self._current.spread is not None:
            self._shown = self._current.spread

    def _score(self, right: bool, message: str, mistake: Mistake | None = None) -> Feedback:
        """Count one step; a wrong one carries its named mistake."""
        self._steps.append(right)
        if mistake is None:
            return Feedback(right, message)
        self._mistakes.append(mistake)
        text = f"{mistake.kind.value.capitalize()} (you said {mistake.given}): {message} Rule: {mistake.rule}"
        return Feedback(right, text, (mistake,))

    def _mistake(self, kind: ErrorKind, expected: str, given: str, rule: str) -> Mistake:
        return Mistake(kind, expected, given, rule, TOPIC)

    def _guide(self, prompt: str, how: str) -> str:
        """In guided mode a prompt also says how to work the answer out."""
        return f"{prompt}\n  ({how})" if self.mode is Mode.GUIDED else prompt


def _yes_no(prompt: str, hint: str = "answer Y or N") -> Question:
    return Question(prompt, parse_yes_no, hint, ("Y", "N"))


# -- level 1: hand count -------------------------------------------------------------------------------------


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
            return "two cards"
        if self.fault is HandFault.STUCK_CARD:
            (under,) = self.spread.stuck
            return f"three cards, one stuck under the {('first', 'second')[under]}"
        return self.fault.value


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
        self.title = f"Level 1 · Hand count: {len(self.hands)} folded hand{'s' if len(self.hands) > 1 else ''}"
        self.brief = f"folded hands from seats {seats}, collected one by one, {deck_colour} deck"
        pictures = "   ".join(f"seat {hand.seat}: {hand.spread.picture()}" for hand in self.hands)
        self.text = (f"Folded hands collected in seat order ({seats}), each spread face down before the rack.\n"
                     f"{pictures}\n(▮ a card; ▏ the edge of a card stuck under the next one)")

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

    def _asks(self) -> Iterator[_Ask]:
        for hand in self.hands:
            prompt = self._guide(f"Seat {hand.seat}'s hand: two cards? (Y = two, to the rack; N or the count: flag it)",
                                 "count every card of the spread, the edge of a stuck one too")
            hint = "answer Y (two cards), N (flag it) or the number of cards"
            question = Question(prompt, parse_hand_answer, hint, ("Y", "N"))
            yield _Ask(question, functools.partial(self._check_hand, hand), hand.spread)

    def _check_hand(self, hand: FoldedHand, answer: HandAnswer) -> Feedback:
        seat = f"Seat {hand.seat}"
        given = "two cards" if answer.two_cards else f"flagged ({answer.count} cards)" if answer.count else "flagged"
        if hand.fault is None and answer.two_cards:
            return self._score(True, f"{seat}: two cards, to the rack.")
        if hand.fault is None:
            mistake = self._mistake(ErrorKind.FALSE_ALARM, "two cards", given, RULE_HAND)
            return self._score(False, f"{seat}'s hand was two cards: it goes to the rack.", mistake)
        if answer.two_cards:
            mistake = self._mistake(ErrorKind.MISSED_FAULT, f"flag it: {hand.describe()}", given, RULE_HAND)
            return self._score(False, f"{seat}'s hand was {hand.describe()}: flag it.", mistake)
        if answer.count is not None and answer.count != hand.spread.count:
            mistake = self._mistake(ErrorKind.MISCOUNT, f"{hand.spread.count} cards ({hand.describe()})",
                                    f"{answer.count} cards", RULE_HAND)
            return self._score(False, f"{seat}: right to flag it, but it holds {hand.describe()}.", mistake)
        return self._score(True, f"{seat}: flagged, {hand.describe()}.")


# -- level 2: round count ------------------------------------------------------------------------------------

RackPart = Literal["unloaded", "folded", "settled", "dealer", "board"]


@dataclass(frozen=True)
class RackTally:
    """The rack counted at the end of the round, part by part."""

    unloaded: int
    folded_seats: tuple[int, ...]
    folded: int
    settled_seats: tuple[int, ...]
    settled: int
    dealer: int
    board: int
    fault: str = ""
    """What is off, in dealer English (empty for a whole deck)."""

    @property
    def total(self) -> int:
        return self.unloaded + self.folded + self.settled + self.dealer + self.board

    @property
    def whole_deck(self) -> bool:
        return self.total == DECK_SIZE

    def describe(self) -> str:
        parts = [f"unloaded after the deal {self.unloaded}"]
        if self.folded_seats:
            parts.append(f"folded hands (seats {', '.join(map(str, self.folded_seats))}) {self.folded}")
        if self.settled_seats:
            parts.append(f"hands settled (seats {', '.join(map(str, self.settled_seats))}) {self.settled}")
        parts += [f"dealer {self.dealer}", f"board {self.board}"]
        return " · ".join(parts)


def rack_tally(seats: Sequence[int], folded: Sequence[int], fault: RackPart | None = None, off: int = -1) -> RackTally:
    """The rack at the end of a round with ``seats`` in play (``folded`` of them folded), from the engine's
    :class:`CardCount`; ``fault`` puts ``off`` cards too many (or too few) in one part.

    >>> rack_tally([1, 2, 3], [2]).whole_deck, rack_tally([1, 2, 3], [2], "board").total
    (True, 51)
    """
    count = CardCount.for_seats(len(seats))
    folded_seats = tuple(seat for seat in seats if seat in folded)
    settled_seats = tuple(seat for seat in seats if seat not in folded)
    parts: dict[str, int] = {
        "unloaded": count.unloaded, "folded": HOLE_CARDS * len(folded_seats),
        "settled": HOLE_CARDS * len(settled_seats), "dealer": count.dealer, "board": count.community,
    }
    assert sum(parts.values()) == count.total == DECK_SIZE
    text = ""
    if fault is not None:
        parts[fault] += off
        expected = {"unloaded": count.unloaded, "folded": HOLE_CARDS * len(folded_seats),
                    "settled": HOLE_CARDS * len(settled_seats), "dealer": count.dealer, "board": count.community}
        text = f"{fault} {parts[fault]}, not {expected[fault]}"
    return RackTally(parts["unloaded"], folded_seats, parts["folded"], settled_seats, parts["settled"],
                     parts["dealer"], parts["board"], text)


class RoundCountItem(CountItem):
    """Level 2: a round at a table; which deck goes to the rack, the cards unloaded, a whole deck at the end."""

    level = LEVELS[2]

    def __init__(self, seats: Sequence[int], procedure: Procedure, round_number: int, colours: tuple[str, str],
                 tally: RackTally, difficulty: int = 1, *, deck_seed: int = 0, drill: str = "deck-count",
                 mode: Mode = Mode.PRACTICE, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(difficulty, drill=drill, mode=mode, clock=clock)
        self.seats = tuple(sorted(seats))
        self.procedure = Procedure(procedure)
        self.round_number = round_number
        self.colours = colours
        self.tally = tally
        decks = DeckPair(random.Random(deck_seed), colours)
        for _ in range(round_number - 1):
            decks.start_round()
            decks.end_round()
        self.last_deck = decks.in_rack  # the deck dealt last round (None before round 1)
        self.deck = decks.start_round().deck
        self.deck_colour = decks.in_play or colours[0]
        self.expected_unloaded = cards_unloaded(len(self.seats))
        n = len(self.seats)
        self.title = f"Level 2 · Round count: round {round_number}, {n} seat{'s' if n > 1 else ''}"
        history = self._deck_history()
        self.brief = (f"round {round_number}, {self.procedure.label}, seats {', '.join(map(str, self.seats))} "
                      f"in play, decks {colours[0]} and {colours[1]}; {history[0].lower()}{history[1:-1]}")
        self.text = (f"Round {round_number} at a table dealt by {self.procedure.label}; seats in play: "
                     f"{', '.join(map(str, self.seats))} ({n}). Decks: {colours[0]} and {colours[1]}. "
                     f"{history}")

    @classmethod
    def deal(cls, rng: random.Random, difficulty: int = 1, colours: tuple[str, str] = ("red", "blue"),
             **options: Any) -> RoundCountItem:
        """A round with 1–8 seats, any procedure; about one rack in three is off by a card."""
        n = rng.randint(1, MAX_SEATS) if difficulty > 1 else rng.randint(2, 5)
        seats = sorted(rng.sample(range(1, MAX_SEATS + 1), n))
        folded = [seat for seat in seats if rng.random() < 0.4]
        procedure = rng.choice(list(Procedure))
        round_number = rng.randint(2, 4) if difficulty == 1 else rng.randint(2, 12)
        pair = colours if rng.random() < 0.5 else (colours[1], colours[0])
        fault: RackPart | None = None
        if rng.random() < 1 / 3:
            parts: list[RackPart] = ["unloaded", "board", "dealer"]
            parts += ["folded"] if folded else []
            parts += ["settled"] if len(folded) < len(seats) else []
            fault = rng.choice(parts)
        tally = rack_tally(seats, folded, fault, rng.choice((-1, 1)))
        return cls(seats, procedure, round_number, pair, tally, difficulty, deck_seed=rng.getrandbits(32), **options)

    def _deck_history(self) -> str:
        if self.difficulty == 1:
            return f"Last round was dealt with the {self.last_deck} deck."
        return f"Round 1 was dealt with the {self.colours[0]} deck."

    def _asks(self) -> Iterator[_Ask]:
        deck_question = Question(
            self._guide("Which deck goes to the rack this round? (" + " / ".join(self.colours) + ")",
                        "the decks alternate: the deck of the last round goes to the shuffler"),
            colour_parser(self.colours), f"answer {' or '.join(self.colours)} (or the first letter)",
            tuple(self.colours))
        yield _Ask(deck_question, self._check_deck, None)
        dealt = self._deal_spread()
        unloaded = Question(
            self._guide("After the deal, how many cards are unloaded unseen into the rack?",
                        f"52 − 2 × {len(self.seats)} seats − 2 dealer − 5 community"),
            parse_count, "answer a number of cards", ())
        yield _Ask(unloaded, self._check_unloaded, dealt)
        whole = _yes_no(self._guide(f"End of the round, the rack holds: {self.tally.describe()}. Whole deck? (Y/N)",
                                    "add the parts: a whole deck is 52"))
        yield _Ask(whole, self._check_whole_deck, dealt)

    def _deal_spread(self) -> Spread:
        """The deal on the layout: two cards a seat, the dealer's two, the five community cards, face down."""
        groups = (HOLE_CARDS,) * (len(self.seats) + 1) + (COMMUNITY_CARDS,)
        labels = (*(f"seat {seat}" for seat in self.seats), "dealer", "board")
        cards = self.deck[: sum(groups)]
        return face_down(cards, self.deck_colour, groups=groups, labels=labels)

    def _check_deck(self, colour: str) -> Feedback:
        if colour == self.deck_colour:
            return self._score(True, f"The {colour} deck is in play: its cards go to the rack this round.")
        mistake = self._mistake(ErrorKind.WRONG_DECK, f"the {self.deck_colour} deck", f"the {colour} deck", RULE_DECKS)
        return self._score(False, f"The {self.deck_colour} deck is in play this round.", mistake)

    def _check_unloaded(self, count: int) -> Feedback:
        sum_text = str(CardCount.for_seats(len(self.seats)))
        if count == self.expected_unloaded:
            return self._score(True, f"{count} cards unloaded: {sum_text}.")
        mistake = self._mistake(ErrorKind.MISCOUNT, f"{self.expected_unloaded} cards", f"{count} cards", RULE_UNLOADED)
        return self._score(False, f"{self.expected_unloaded} cards are unloaded: {sum_text}.", mistake)

    def _check_whole_deck(self, whole: bool) -> Feedback:
        tally = self.tally
        if whole == tally.whole_deck:
            text = "All 52 cards in the rack." if whole else f"Not a whole deck: {tally.total} cards ({tally.fault})."
            return self._score(True, text)
        if tally.whole_deck:
            mistake = self._mistake(ErrorKind.FALSE_ALARM, "a whole deck, 52 cards", "not a whole deck",
                                    RULE_WHOLE_DECK)
            return self._score(False, "The parts come to 52: the whole deck is in the rack.", mistake)
        expected = f"not a whole deck: {tally.total} cards ({tally.fault})"
        mistake = self._mistake(ErrorKind.MISSED_FAULT, expected, "a whole deck", RULE_WHOLE_DECK)
        return self._score(False, f"Not a whole deck: {tally.total} cards ({tally.fault}).", mistake)


# -- level 3: deck check -------------------------------------------------------------------------------------


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
        self.title = f"Level 3 · Deck check: the {deck_colour} deck, {order}"
        self.brief = f"the {deck_colour} deck spread face up {order}, {spread.count} cards"
        self.text = f"The {deck_colour} deck spread face up {order}:\n{spread.picture()}"

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

    def _asks(self) -> Iterator[_Ask]:
        spread = self.deck_spread
        all_there = _yes_no(self._guide("All 52 cards there? (Y/N)",
                                        "run each suit from ace to king: look for the gap or the double"))
        yield _Ask(all_there, self._check_all_there, spread)
        if self._said_whole:
            return
        yield _Ask(Question("Missing card? (a card such as Qh, or - for none)", parse_cards_or_none,
                            "name a card such as Qh or 10s, or - for none"),
                   lambda cards: self._check_cards(cards, self.missing, "missing"), spread)
        yield _Ask(Question("Extra card? (a card such as As, or - for none)", parse_cards_or_none,
                            "name a card such as As or 10s, or - for none"),
                   lambda cards: self._check_cards(cards, self.extra, "extra"), spread)
        if self.extra and self._given_extra == self.extra:
            turned = frozenset(i for i, card in enumerate(spread.cards) if card in self.extra)
            colours = (self.deck_colour, self.other_colour)
            question = Question(
                f"The two {format_cards(self.extra)} turned over: which deck does the extra one go back to? "
                f"({' / '.join(colours)})", colour_parser(colours), f"answer {' or '.join(colours)}", colours)
            yield _Ask(question, self._check_extra_deck, replace(spread, turned=turned))

    def _check_all_there(self, yes: bool) -> Feedback:
        self._said_whole = yes
        if yes == self.whole_deck:
            return self._score(True, "All 52 cards." if yes else f"Right: {self._problem()}.")
        if yes:
            mistake = self._mistake(ErrorKind.MISSED_FAULT, f"not a whole deck: {self._problem()}",
                                    "all 52 cards", RULE_DECK_CHECK)
            return self._score(False, f"Not a whole deck: {self._problem()}.", mistake)
        mistake = self._mistake(ErrorKind.FALSE_ALARM, "all 52 cards", "not a whole deck", RULE_DECK_CHECK)
        return self._score(False, "All 52 cards were there.", mistake)

    def _problem(self) -> str:
        parts = [f"missing {format_cards(self.missing)}"] if self.missing else []
        parts += [f"extra {format_cards(self.extra)} ({self.other_colour} back)"] if self.extra else []
        return f"{self.deck_spread.count} cards, " + "; ".join(parts) if parts else "52 cards"

    def _check_cards(self, given: tuple[Card, ...], expected: tuple[Card, ...], what: str) -> Feedback:
        if what == "extra":
            self._given_extra = tuple(sorted(given))
        if sorted(given) == sorted(expected):
            text = f"{what.capitalize()}: {format_cards(expected)}." if expected else f"No {what} card."
            return self._score(True, text)
        shown = format_cards(expected) or "none"
        mistake = self._mistake(ErrorKind.WRONG_CARD, f"{what} {shown}", f"{what} {format_cards(given) or 'none'}",
                                RULE_DECK_CHECK)
        return self._score(False, f"The {what} card: {shown}.", mistake)

    def _check_extra_deck(self, colour: str) -> Feedback:
        if colour == self.other_colour:
            return self._score(True, f"The extra {format_cards(self.extra)} has a {colour} back: back to the "
                                     f"{colour} deck.")
        mistake = self._mistake(ErrorKind.WRONG_DECK, f"the {self.other_colour} deck", f"the {colour} deck",
                                RULE_DUPLICATE)
        return self._score(False, f"The extra card goes back to the {self.other_colour} deck.", mistake)


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


# -- level 4: count down -------------------------------------------------------------------------------------


class CountDownItem(CountItem):
    """Level 4: a face-down stack spread out; count it in fives against the clock and say the total."""

    level = LEVELS[4]

    def __init__(self, spread: Spread, deck_colour: str, difficulty: int = 1, *, what: str = "a deck",
                 drill: str = "deck-count", mode: Mode = Mode.PRACTICE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(difficulty, drill=drill, mode=mode, clock=clock)
        self.stack = spread
        self.deck_colour = deck_colour
        self.expected_total = spread.count
        grouped = len(spread.group_sizes) > 1
        self.title = f"Level 4 · Count down: {what}, {deck_colour} backs"
        self.brief = f"{what} spread face down{', in fives' if grouped else ''}"
        self.text = (f"Count {what} spread face down{' (shown in fives)' if grouped else ''}:\n{spread.picture()}\n"
                     "(▮ a card; ▯ a card with another back; ▏ the edge of a card stuck under the next one)")

    @classmethod
    def deal(cls, rng: random.Random, difficulty: int = 1, colours: tuple[str, str] = ("red", "blue"),
             **options: Any) -> CountDownItem:
        """Difficulty 1: a deck give or take a card, shown in fives; 2: one ribbon, give or take two; 3: also the
        stub unloaded after a deal, with a card stuck under another now and then."""
        colour, other = colours if rng.random() < 0.5 else (colours[1], colours[0])
        what = "a deck"
        if difficulty >= 3 and rng.random() < 0.5:
            seats = rng.randint(1, MAX_SEATS)
            total = cards_unloaded(seats) + rng.choice((0, 0, -1, 1))
            what = f"the stub unloaded after a deal to {seats} seat{'s' if seats > 1 else ''}"
        else:
            spread_by = 1 if difficulty == 1 else 2
            total = DECK_SIZE + rng.choice([0, 0] + [d for d in range(-spread_by, spread_by + 1) if d])
        stuck = frozenset({rng.randrange(total - 1)}) if difficulty >= 3 and rng.random() < 0.5 else frozenset()
        spread = count_down_spread(rng, total, colour, other, grouped=difficulty == 1, stuck=stuck)
        return cls(spread, colour, difficulty, what=what, **options)

    @property
    def target_seconds(self) -> float:
        return self.level.target_seconds * self.expected_total

    def _asks(self) -> Iterator[_Ask]:
        prompt = self._guide("How many cards? (count in fives)", "five, ten, fifteen … then the odd cards")
        yield _Ask(Question(prompt, parse_count, "answer a number of cards"), self._check_total, self.stack)

    def _check_total(self, total: int) -> Feedback:
        expected = self.expected_total
        whole = " — a whole deck" if expected == DECK_SIZE else ""
        if total == expected:
            return self._score(True, f"{expected} cards{whole}.")
        mistake = self._mistake(ErrorKind.MISCOUNT, f"{expected} cards", f"{total} cards", RULE_COUNT_DOWN)
        return self._score(False, f"The stack holds {expected} cards{whole}.", mistake)


def count_down_spread(rng: random.Random, total: int, colour: str, other: str, *, grouped: bool = False,
                      stuck: frozenset[int] = frozenset()) -> Spread:
    """``total`` face-down cards of ``colour``; past 52 the extra cards are duplicates from the ``other`` deck.

    >>> s = count_down_spread(random.Random(2), 53, "red", "blue", grouped=True)
    >>> s.count, s.group_sizes[-2:], s.backs.count("blue")
    (53, (5, 3), 1)
    """
    own = list(shuffled_deck(rng))[: min(total, DECK_SIZE)]
    extras = [rng.choice(own) for _ in range(max(0, total - DECK_SIZE))]
    cards = [(card, colour) for card in own] + [(card, other) for card in extras]
    rng.shuffle(cards)
    groups = tuple([GROUP_SIZE] * (total // GROUP_SIZE) + ([total % GROUP_SIZE] if total % GROUP_SIZE else []))
    return Spread(tuple(c for c, _ in cards), False, tuple(b for _, b in cards), stuck=stuck,
                  groups=groups if grouped else ())


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
    group: str = "card count"
    colours: tuple[str, str] = ("red", "blue")
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)

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
    DeckCountDrill("deck-count", (1, 2, 3, 4), "Deck count: hands, rounds, deck check and count down, in turn"),
    *(DeckCountDrill(f"deck-count-{n}", (n,), f"Deck count level {n}: {level.name.lower()}, {level.description}")
      for n, level in LEVELS.items()),
)
