"""Level 2 of the deck-count drill, round count: the deck in play, the cards unloaded after the deal, and a
whole deck in the rack at the end of the round."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from trainer.drills.base import Feedback, Question
from trainer.drills.deck_count.answers import colour_parser, parse_count
from trainer.drills.deck_count.item import (
    LEVELS,
    RULE_DECKS,
    RULE_UNLOADED,
    RULE_WHOLE_DECK,
    Ask,
    CountItem,
    yes_no_question,
)
from trainer.drills.deck_count.spread import Spread, face_down
from trainer.engine.dealing import (
    COMMUNITY_CARDS,
    DECK_SIZE,
    HOLE_CARDS,
    CardCount,
    DeckPair,
    Procedure,
    cards_unloaded,
)
from trainer.engine.games import games
from trainer.engine.words import colour_name
from trainer.i18n.translation import N_, _, ngettext, speaking
from trainer.scoring import ErrorKind, Mode

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
    hand_held: bool = False
    """Deck Mate: no unload step; the stub of the hand-held deck goes to the rack at the end (rules-notes §6)."""

    @property
    def total(self) -> int:
        return self.unloaded + self.folded + self.settled + self.dealer + self.board

    @property
    def whole_deck(self) -> bool:
        return self.total == DECK_SIZE

    def describe(self) -> str:
        parts = [_("the stub of the hand-held deck {count}").format(count=self.unloaded) if self.hand_held
                 else _("unloaded after the deal {count}").format(count=self.unloaded)]
        if self.folded_seats:
            parts.append(_("folded hands (seats {seats}) {count}").format(
                seats=", ".join(map(str, self.folded_seats)), count=self.folded))
        if self.settled_seats:
            parts.append(_("hands settled (seats {seats}) {count}").format(
                seats=", ".join(map(str, self.settled_seats)), count=self.settled))
        parts += [_("dealer {count}").format(count=self.dealer), _("board {count}").format(count=self.board)]
        return " · ".join(parts)


_PART_NAMES = {"unloaded": N_("unloaded"), "folded": N_("folded"), "settled": N_("settled"), "dealer": N_("dealer"),
               "board": N_("board")}
"""The parts of a rack's tally as a person reads them."""
RULE_HELD = N_("Deck Mate has no unload step: after the deal the dealer still holds 52 − 2 per seat − 2 dealer cards; "
             "the flop, turn and river come from them and the stub goes to the rack with the round (rules notes §6).")


def cards_held(n_seats: int) -> int:
    """Deck Mate: the cards the dealer still holds after the deal, ``52 - 2n - 2`` (the board comes from them).

    >>> cards_held(7)
    36
    """
    return DECK_SIZE - HOLE_CARDS * n_seats - HOLE_CARDS


def rack_tally(seats: Sequence[int], folded: Sequence[int], fault: RackPart | None = None, off: int = -1,
               hand_held: bool = False) -> RackTally:
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
        text = _("{part} {count}, not {expected}").format(part=_(_PART_NAMES[fault]), count=parts[fault],
                                                          expected=expected[fault])
    return RackTally(parts["unloaded"], folded_seats, parts["folded"], settled_seats, parts["settled"],
                     parts["dealer"], parts["board"], text, hand_held)


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
        for __ in range(round_number - 1):
            decks.start_round()
            decks.end_round()
        self.last_deck = decks.in_rack  # the deck dealt last round (None before round 1)
        self.deck = decks.start_round().deck
        self.deck_colour = decks.in_play or colours[0]
        self.hand_held = self.procedure is Procedure.DECK_MATE
        self.expected_unloaded = (cards_held(len(self.seats)) if self.hand_held
                                  else cards_unloaded(len(self.seats)))
        n = len(self.seats)
        self.title = ngettext("Level 2 · Round count: round {round}, {count} seat",
                              "Level 2 · Round count: round {round}, {count} seats", n).format(round=round_number,
                                                                                              count=n)
        with speaking("en"):  # the scores' key
            history = self._deck_history()
            self.brief = (f"round {round_number}, {self.procedure.label}, seats {', '.join(map(str, self.seats))} "
                          f"in play, decks {colours[0]} and {colours[1]}; {history[0].lower()}{history[1:-1]}")
        self.text = _("Round {round} at a table dealt by {procedure}; seats in play: {seats} ({count}). Decks: "
                      "{first} and {second}. {history}").format(
            round=round_number, procedure=self.procedure.label, seats=", ".join(map(str, self.seats)), count=n,
            first=colour_name(colours[0]), second=colour_name(colours[1]), history=self._deck_history())

    def _shown_brief(self) -> str:
        history = self._deck_history()
        return _("round {round}, {procedure}, seats {seats} in play, decks {first} and {second}; {history}").format(
            round=self.round_number, procedure=self.procedure.label, seats=", ".join(map(str, self.seats)),
            first=colour_name(self.colours[0]), second=colour_name(self.colours[1]),
            history=history[:1].lower() + history[1:].rstrip("."))

    @classmethod
    def deal(cls, rng: random.Random, difficulty: int = 1, colours: tuple[str, str] = ("red", "blue"),
             **options: Any) -> RoundCountItem:
        """A round at a table of one of the documents' games, any procedure; about one rack in three is off by a
        card. A house table has at most 7 seats; a player-dealer table deals to its players (every position but
        the player-dealer's, who takes the dealer's cards)."""
        procedure = rng.choice(list(Procedure))
        game = rng.choice([game for game in games() if procedure in game.procedures])
        open_seats = game.seat_numbers(None if game.is_house else rng.randint(1, game.positions))
        n = rng.randint(1, len(open_seats)) if difficulty > 1 else rng.randint(2, min(5, len(open_seats)))
        seats = sorted(rng.sample(open_seats, n))
        folded = [seat for seat in seats if rng.random() < 0.4]
        round_number = rng.randint(2, 4) if difficulty == 1 else rng.randint(2, 12)
        pair = colours if rng.random() < 0.5 else (colours[1], colours[0])
        fault: RackPart | None = None
        if rng.random() < 1 / 3:
            parts: list[RackPart] = ["unloaded", "board", "dealer"]
            parts += ["folded"] if folded else []
            parts += ["settled"] if len(folded) < len(seats) else []
            fault = rng.choice(parts)
        tally = rack_tally(seats, folded, fault, rng.choice((-1, 1)), procedure is Procedure.DECK_MATE)
        return cls(seats, procedure, round_number, pair, tally, difficulty, deck_seed=rng.getrandbits(32), **options)

    def _deck_history(self) -> str:
        if self.difficulty == 1:
            return _("Last round was dealt with the {colour} deck.").format(colour=colour_name(str(self.last_deck)))
        return _("Round 1 was dealt with the {colour} deck.").format(colour=colour_name(self.colours[0]))

    def _asks(self) -> Iterator[Ask]:
        deck_question = Question(
            self._guide(_("Which deck goes to the rack this round? ({colours})").format(
                colours=" / ".join(colour_name(colour) for colour in self.colours)),
                _("the decks alternate: the deck of the last round goes to the shuffler")),
            colour_parser(self.colours), _("answer {colours} (or the first letter)").format(
                colours=_(" or ").join(colour_name(colour) for colour in self.colours)),
            tuple(colour_name(colour) for colour in self.colours))
        yield Ask(deck_question, self._check_deck, None)
        dealt = self._deal_spread()
        if self.hand_held:
            unloaded = Question(
                self._guide(_("Deck Mate: after the deal, how many cards does the dealer still hold?"),
                            _("52 − 2 × {seats} seats − 2 dealer; the flop, turn and river come from them").format(
                                seats=len(self.seats))),
                parse_count, _("answer a number of cards"), ())
        else:
            unloaded = Question(
                self._guide(_("After the deal, how many cards are unloaded unseen into the rack?"),
                            _("52 − 2 × {seats} seats − 2 dealer − 5 community").format(seats=len(self.seats))),
                parse_count, _("answer a number of cards"), ())
        yield Ask(unloaded, self._check_unloaded, dealt)
        whole = yes_no_question(self._guide(
            _("End of the round, the rack holds: {tally}. Whole deck? (Y/N)").format(tally=self.tally.describe()),
            _("add the parts: a whole deck is 52")))
        yield Ask(whole, self._check_whole_deck, dealt)

    def _deal_spread(self) -> Spread:
        """The deal on the layout: two cards a seat, the dealer's two, the five community cards, face down."""
        groups = (HOLE_CARDS,) * (len(self.seats) + 1) + (COMMUNITY_CARDS,)
        labels = (*(_("seat {seat}").format(seat=seat) for seat in self.seats), _("dealer"), _("board"))
        cards = self.deck[: sum(groups)]
        return face_down(cards, self.deck_colour, groups=groups, labels=labels)

    def _check_deck(self, colour: str) -> Feedback:
        if colour == self.deck_colour:
            return self._score(True, _("The {colour} deck is in play: its cards go to the rack this round.").format(
                colour=colour_name(colour)))
        mistake = self._mistake(ErrorKind.WRONG_DECK, _("the {colour} deck").format(
            colour=colour_name(self.deck_colour)),
                                _("the {colour} deck").format(colour=colour_name(colour)), RULE_DECKS)
        return self._score(False, _("The {colour} deck is in play this round.").format(
            colour=colour_name(self.deck_colour)), mistake)

    def _check_unloaded(self, count: int) -> Feedback:
        if self.hand_held:
            n = len(self.seats)
            sum_text = _("52 − {cards} ({seats} seats) − 2 dealer = {held}, the flop, turn and river to come").format(
                cards=2 * n, seats=n, held=self.expected_unloaded)
            if count == self.expected_unloaded:
                return self._score(True, _("The dealer still holds {count} cards: {sum}.").format(count=count,
                                                                                                  sum=sum_text))
            mistake = self._mistake(ErrorKind.MISCOUNT, _cards(self.expected_unloaded), _cards(count), RULE_HELD)
            return self._score(False, _("The dealer still holds {count} cards: {sum}.").format(
                count=self.expected_unloaded, sum=sum_text), mistake)
        sum_text = str(CardCount.for_seats(len(self.seats)))
        if count == self.expected_unloaded:
            return self._score(True, _("{count} cards unloaded: {sum}.").format(count=count, sum=sum_text))
        mistake = self._mistake(ErrorKind.MISCOUNT, _cards(self.expected_unloaded), _cards(count), RULE_UNLOADED)
        return self._score(False, _("{count} cards are unloaded: {sum}.").format(count=self.expected_unloaded,
                                                                                 sum=sum_text), mistake)

    def _check_whole_deck(self, whole: bool) -> Feedback:
        tally = self.tally
        if whole == tally.whole_deck:
            text = _("All 52 cards in the rack.") if whole else _("Not a whole deck: {count} cards ({fault}).").format(
                count=tally.total, fault=tally.fault)
            return self._score(True, text)
        if tally.whole_deck:
            mistake = self._mistake(ErrorKind.FALSE_ALARM, _("a whole deck, 52 cards"), _("not a whole deck"),
                                    RULE_WHOLE_DECK)
            return self._score(False, _("The parts come to 52: the whole deck is in the rack."), mistake)
        expected = _("not a whole deck: {count} cards ({fault})").format(count=tally.total, fault=tally.fault)
        mistake = self._mistake(ErrorKind.MISSED_FAULT, expected, _("a whole deck"), RULE_WHOLE_DECK)
        return self._score(False, _("Not a whole deck: {count} cards ({fault}).").format(count=tally.total,
                                                                                         fault=tally.fault), mistake)


def _cards(count: int) -> str:
    """``52 cards``, ``1 card``."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)
