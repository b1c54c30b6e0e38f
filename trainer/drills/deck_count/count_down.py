"""Level 4 of the deck-count drill, count down: a face-down stack spread out and counted in fives against the
clock."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from trainer.drills.base import Feedback, Question
from trainer.drills.deck_count.answers import CountAnswer, parse_count_or_floor
from trainer.drills.deck_count.item import LEVELS, RULE_COUNT_DOWN, RULE_DUPLICATE, Ask, CountItem
from trainer.drills.deck_count.spread import Spread
from trainer.engine.dealing import DECK_SIZE, Procedure, cards_unloaded, shuffled_deck
from trainer.engine.games import Game, games
from trainer.engine.words import colour_name
from trainer.i18n.translation import N_, _, ngettext
from trainer.scoring import ErrorKind, Mode

GROUP_SIZE = 5
"""Dealer school counts a face-down deck in groups of five."""
UNLOADING_GAMES = tuple(game for game in games() if any(procedure is not Procedure.DECK_MATE
                                                        for procedure in game.procedures))
"""The documents' games dealt by a procedure that unloads the rest after the deal (not Deck Mate, rules-notes §6)."""


def most_players(game: Game) -> int:
    """The most players a game of the documents deals to besides the dealer: 7 at a Washington table, 7 at seed 003
    (8 positions, one the player-dealer's), 5 at seed 001 (rules-notes §1).

    >>> [most_players(game) for game in games()]
    [7, 7, 5]
    """
    return len(game.seat_numbers(None if game.is_house else 1))


class CountDownItem(CountItem):
    """Level 4: a face-down stack spread out; count it in fives against the clock and say the total."""

    level = LEVELS[4]

    def __init__(self, spread: Spread, deck_colour: str, difficulty: int = 1, *, what: str = "a deck",
                 stub_for: tuple[int, str] | None = None, drill: str = "deck-count", mode: Mode = Mode.PRACTICE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(difficulty, drill=drill, mode=mode, clock=clock)
        self.stack = spread
        self.deck_colour = deck_colour
        self.expected_total = spread.count
        seats_dealt = stub_for[0] if stub_for is not None else None
        self.due_total = DECK_SIZE if seats_dealt is None else cards_unloaded(seats_dealt)
        """What the stack must hold: a whole deck 52; the stub after a deal 52 − 2 per seat − 2 − 5."""
        grouped = len(spread.group_sizes) > 1
        self.brief = f"{what} spread face down{', in fives' if grouped else ''}"  # the scores' key
        self._what, self._grouped, self._stub_for = what, grouped, stub_for
        shown = self._shown_what()
        self.title = _("Level 4 · Count down: {what}, {colour} backs").format(what=shown,
                                                                               colour=colour_name(deck_colour))
        self.text = (_("Count {what} spread face down (shown in fives):") if grouped else
                     _("Count {what} spread face down:")).format(what=shown) + (
            f"\n{spread.picture()}\n"
            + _("(▮ a card; ▯ a card with another back; ▏ the edge of a card stuck under the next one)"))

    def _shown_what(self) -> str:
        """What is counted in the language spoken: ``a deck``, or the stub unloaded after a deal (``stub_for``: the
        players dealt to and the game)."""
        if self._stub_for is None:
            return _(self._what)
        seats, game = self._stub_for
        return ngettext("the stub unloaded after a deal to {seats} player and the dealer ({game})",
                        "the stub unloaded after a deal to {seats} players and the dealer ({game})", seats).format(
            seats=seats, game=game)

    def _shown_brief(self) -> str:
        return (_("{what} spread face down, in fives") if self._grouped else _("{what} spread face down")).format(
            what=self._shown_what())

    @classmethod
    def deal(cls, rng: random.Random, difficulty: int = 1, colours: tuple[str, str] = ("red", "blue"),
             **options: Any) -> CountDownItem:
        """Difficulty 1: a deck give or take a card, shown in fives; 2: one ribbon, give or take two; 3: also the
        stub unloaded after a deal, with a card stuck under another now and then."""
        colour, other = colours if rng.random() < 0.5 else (colours[1], colours[0])
        what, stub_for = N_("a deck"), None
        if difficulty >= 3 and rng.random() < 0.5:
            game = rng.choice(UNLOADING_GAMES)
            seats = rng.randint(1, most_players(game))
            total = cards_unloaded(seats) + rng.choice((0, 0, -1, 1))
            what = (f"the stub unloaded after a deal to {seats} player{'s' if seats > 1 else ''} and the dealer "
                    f"({game.title})")
            stub_for = (seats, game.title)
        else:
            spread_by = 1 if difficulty == 1 else 2
            total = DECK_SIZE + rng.choice([0, 0] + [d for d in range(-spread_by, spread_by + 1) if d])
        stuck = frozenset({rng.randrange(total - 1)}) if difficulty >= 3 and rng.random() < 0.5 else frozenset()
        spread = count_down_spread(rng, total, colour, other, grouped=difficulty == 1, stuck=stuck)
        return cls(spread, colour, difficulty, what=what, stub_for=stub_for, **options)

    @property
    def target_seconds(self) -> float:
        return self.level.target_seconds * self.expected_total

    @property
    def irregular(self) -> bool:
        """The stack does not hold what it must: an irregularity (rules-notes §7)."""
        return self.expected_total != self.due_total

    def _asks(self) -> Iterator[Ask]:
        prompt = self._guide(_("How many cards? (count in fives; 'floor' when the count is not what it must be)"),
                             _("five, ten, fifteen … then the odd cards; a whole deck is 52, the stub after a deal "
                               "52 − 2 per seat − 2 for the dealer − 5 community"))
        yield Ask(Question(prompt, parse_count_or_floor, _("answer a number of cards, or 'floor'")),
                  self._check_total, self.stack)

    def _check_total(self, value: CountAnswer | int) -> Feedback:
        answer = CountAnswer(value) if isinstance(value, int) else value
        expected, due = self.expected_total, self.due_total
        cards = ngettext("{count} card", "{count} cards", expected).format(count=expected)
        if self.irregular:
            said = _("{cards}, not the {due} it must hold: an irregularity — stop and call the floor supervisor, "
                     "never fix the count yourself.").format(cards=cards, due=due)
            if answer.floor and answer.count in (None, expected):
                return self._score(True, said)
            given = (ngettext("{count} card", "{count} cards", answer.count).format(count=answer.count)
                     if answer.count is not None else _("call the floor"))
            kind = ErrorKind.MISCOUNT if answer.count not in (None, expected) else ErrorKind.MISSED_FAULT
            return self._score(False, said, self._mistake(kind, _("{cards}: call the floor").format(cards=cards),
                                                          given, RULE_DUPLICATE))
        whole = _(" — a whole deck") if expected == DECK_SIZE else ""
        if answer.floor and answer.count in (None, expected):
            return self._score(False, _("{cards}{whole}: what it must hold, nothing to call the floor for.").format(
                cards=cards, whole=whole), self._mistake(ErrorKind.FALSE_ALARM, cards, _("call the floor"),
                                                         RULE_COUNT_DOWN))
        if answer.count == expected:
            return self._score(True, cards + whole + ".")
        given = (ngettext("{count} card", "{count} cards", answer.count or 0).format(count=answer.count or 0))
        mistake = self._mistake(ErrorKind.MISCOUNT, cards, given, RULE_COUNT_DOWN)
        return self._score(False, ngettext("The stack holds {count} card", "The stack holds {count} cards", expected)
                           .format(count=expected) + whole + ".", mistake)


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
