"""Dealing: the order in which the cards leave the shuffled deck, and the two alternating decks.

Four dealing procedures come from the regulatory documents (rules notes §6). Each one is a short list of
steps, data rather than code, and :func:`deal_order` turns the steps and the occupied seats into the
target of every card, top of the deck first:

>>> [str(target) for target in deal_order(Procedure.CARD_SHOE, [2, 5])][:6]
['seat 2 card 1', 'seat 5 card 1', 'dealer card 1', 'seat 2 card 2', 'seat 5 card 2', 'dealer card 2']

The dealer (house dealer or player-dealer) is never in ``seats``. After the deal every card left in the
shuffler, or the stub of a hand-held deck, goes to the discard rack unseen, so the targets always account for
all 52 cards (rules notes §7):

>>> order = deal_order(Procedure.ACE, [1, 4, 7])
>>> len(order), sum(target.kind == "rack" for target in order) == cards_unloaded(3) == 39
(52, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Literal

from trainer.engine.cards import FULL_DECK, Card, CardError, format_cards, parse_cards
from trainer.engine.words import colour_name
from trainer.i18n.translation import N_, _

DECK_SIZE = 52
HOLE_CARDS = 2
COMMUNITY_CARDS = 5
MAX_SEATS = 8
"""Seats are numbered 1..8: the most positions at any table of the documents (seed 003)."""

TargetKind = Literal["seat", "dealer", "board", "rack"]
_STREET_NAMES = (N_("flop card 1"), N_("flop card 2"), N_("flop card 3"), N_("turn"), N_("river"))


class DealingError(ValueError):
    """A deal or a deck change that the rules do not allow (bad seats, a deck still in play, ...)."""


class Procedure(StrEnum):
    """A dealing procedure of the documents; the value is the name used in settings files."""

    CARD_SHOE = "card-shoe"
    SHUFFLER = "shuffler"
    ACE = "ace"
    DECK_MATE = "deck-mate"

    @property
    def label(self) -> str:
        """The name shown to the trainee: ``Card shoe``."""
        return _(_LABELS[self])

    @property
    def description(self) -> str:
        """One line quoting what the documents say about this procedure."""
        return _(_DESCRIPTIONS[self])

    @property
    def steps(self) -> tuple[DealingStep, ...]:
        """The procedure as data: who receives how many cards, in order."""
        return _STEPS[self]


_LABELS = {
    Procedure.CARD_SHOE: N_("Card shoe"),
    Procedure.SHUFFLER: N_("Shuffler, two at a time"),
    Procedure.ACE: "ACE / iDeal",
    Procedure.DECK_MATE: "Deck Mate",
}

_DESCRIPTIONS = {
    Procedure.CARD_SHOE: N_(
        '"One card to each wagering area containing an Ante wager and Blind wager and then one card to the '
        'player-dealer", then "a further card" to each, then "five community cards" (seeds 001, 003).'
    ),
    Procedure.SHUFFLER: N_(
        '"Two cards at a time to each wagering area containing an Ante wager and Blind wager", '
        '"two cards to the player-dealer", then "five community cards" (seeds 001, 003).'
    ),
    Procedure.ACE: N_(
        '"The ACE will first dispense the five community cards. Spread these out—face down"; then two '
        "starting cards to each player and the dealer, left to right (seeds 002, 004)."
    ),
    Procedure.DECK_MATE: N_(
        '"The entire deck is delivered by the shuffler" and dealt by hand: two starting cards to each '
        "player and the dealer, left to right; then the flop, turn and river (seed 002)."
    ),
}


@dataclass(frozen=True)
class DealingStep:
    """One step of a procedure: ``count`` cards to ``to``.

    For ``"seats"`` the count is per seat, seat 1 upward; ``"rack"`` takes every card still undealt.
    """

    to: Literal["seats", "dealer", "board", "rack"]
    count: int = 0


_ROUND_ONE_CARD = (DealingStep("seats", 1), DealingStep("dealer", 1))
_TWO_AT_A_TIME = (DealingStep("seats", 2), DealingStep("dealer", 2))
_BOARD = DealingStep("board", COMMUNITY_CARDS)
_RACK = DealingStep("rack")

_STEPS: dict[Procedure, tuple[DealingStep, ...]] = {
    Procedure.CARD_SHOE: (*_ROUND_ONE_CARD, *_ROUND_ONE_CARD, _BOARD, _RACK),
    Procedure.SHUFFLER: (*_TWO_AT_A_TIME, _BOARD, _RACK),
    Procedure.ACE: (_BOARD, *_TWO_AT_A_TIME, _RACK),
    # Deck Mate: no burn cards (the documents name none); the stub goes to the rack at the end of the round.
    Procedure.DECK_MATE: (*_TWO_AT_A_TIME, _BOARD, _RACK),
}


@dataclass(frozen=True)
class Target:
    """Where one card goes.

    ``slot`` is 0 or 1 for a hole card, 0..4 for a community card (0..2 the flop, 3 the turn, 4 the river)
    and a running index for the cards unloaded into the rack.

    >>> str(Target("seat", 3, 1)), str(Target("board", None, 3)), str(Target("rack", None, 0))
    ('seat 3 card 2', 'turn', 'rack card 1')
    """

    kind: TargetKind
    seat: int | None
    slot: int

    def __post_init__(self) -> None:
        if (self.kind == "seat") != (self.seat is not None):
            needs = "needs" if self.kind == "seat" else "has no"
            raise DealingError(f"a {self.kind} target {needs} seat number")

    def __str__(self) -> str:
        if self.kind == "seat":
            return _("seat {seat} card {card}").format(seat=self.seat, card=self.slot + 1)
        if self.kind == "dealer":
            return _("dealer card {card}").format(card=self.slot + 1)
        if self.kind == "board":
            return _(_STREET_NAMES[self.slot])
        return _("rack card {card}").format(card=self.slot + 1)


def check_seats(seats: Iterable[int]) -> tuple[int, ...]:
    """The occupied seats in dealing order (ascending); :class:`DealingError` unless 1..8 distinct seats 1..8.

    >>> check_seats([7, 1, 4])
    (1, 4, 7)
    """
    result = tuple(seats)
    if not 1 <= len(result) <= MAX_SEATS:
        raise DealingError(_("a deal needs 1 to {most} seats with Ante and Blind, got {count}").format(
            most=MAX_SEATS, count=len(result)))
    for seat in result:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= MAX_SEATS:
            raise DealingError(_("seat {seat!r} is not a seat number 1..{most}").format(
                seat=seat, most=MAX_SEATS))
    repeated = sorted(seat for seat, n in Counter(result).items() if n > 1)
    if repeated:
        raise DealingError(_("seat {seat} is listed twice").format(seat=repeated[0]))
    return tuple(sorted(result))


def cards_unloaded(n_seats: int) -> int:
    """The cards left after the deal, unloaded unseen into the rack: ``52 - 2n - 2 - 5``.

    >>> cards_unloaded(7)
    31
    """
    if not 1 <= n_seats <= MAX_SEATS:
        raise DealingError(_("a deal needs 1 to {most} seats, got {count}").format(
            most=MAX_SEATS, count=n_seats))
    return DECK_SIZE - HOLE_CARDS * n_seats - HOLE_CARDS - COMMUNITY_CARDS


def deal_order(procedure: Procedure, seats: Iterable[int]) -> tuple[Target, ...]:
    """The target of each of the 52 cards, in the order they leave the deck.

    >>> [str(t) for t in deal_order(Procedure.ACE, [3])][:9]
    ['flop card 1', 'flop card 2', 'flop card 3', 'turn', 'river', 'seat 3 card 1', 'seat 3 card 2', \
'dealer card 1', 'dealer card 2']
    """
    in_order = check_seats(seats)
    dealt: Counter[int | None] = Counter()  # cards already given to each seat (None: the dealer)
    board = 0
    targets: list[Target] = []
    for step in Procedure(procedure).steps:
        if step.to == "seats":
            for seat in in_order:
                for _ in range(step.count):
                    targets.append(Target("seat", seat, dealt[seat]))
                    dealt[seat] += 1
        elif step.to == "dealer":
            for _ in range(step.count):
                targets.append(Target("dealer", None, dealt[None]))
                dealt[None] += 1
        elif step.to == "board":
            targets.extend(Target("board", None, board + i) for i in range(step.count))
            board += step.count
        else:
            targets.extend(Target("rack", None, i) for i in range(DECK_SIZE - len(targets)))
    return tuple(targets)


@dataclass(frozen=True)
class CardCount:
    """What the rack holds at the end of a round (rules notes §7).

    >>> str(CardCount.for_seats(3))
    '2 × 3 seats + 2 dealer + 5 community + 39 unloaded = 52'
    """

    seats: int
    dealer: int
    community: int
    unloaded: int

    @classmethod
    def for_seats(cls, n_seats: int) -> CardCount:
        return cls(HOLE_CARDS * n_seats, HOLE_CARDS, COMMUNITY_CARDS, cards_unloaded(n_seats))

    @property
    def total(self) -> int:
        return self.seats + self.dealer + self.community + self.unloaded

    def __str__(self) -> str:
        return _("2 × {seats} seats + {dealer} dealer + {community} community + {unloaded} unloaded = {total}").format(
            seats=self.seats // HOLE_CARDS, dealer=self.dealer, community=self.community, unloaded=self.unloaded,
            total=self.total)


def missing_and_extra(cards: Iterable[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards missing from a full deck, and the cards found more than once (each extra copy once).

    >>> deck = [c for c in FULL_DECK if str(c) != "Qh"] + [Card("As")]
    >>> missing_and_extra(deck)
    ((Card('Qh'),), (Card('As'),))
    """
    counts = Counter(cards)
    missing = tuple(card for card in FULL_DECK if counts[card] == 0)
    extra = tuple(card for card in FULL_DECK for _ in range(counts[card] - 1))
    return missing, extra


def verify_full_deck(cards: Collection[Card], where: str = "the rack") -> None:
    """Raise :class:`CardError` in dealer English unless ``cards`` are the 52 cards of one deck.

    >>> verify_full_deck(FULL_DECK[1:])
    Traceback (most recent call last):
    ...
    trainer.engine.cards.CardError: the rack holds 51 cards, not 52: missing 2c
    """
    missing, extra = missing_and_extra(cards)
    if missing or extra:
        problems = [f"missing {format_cards(missing)}"] if missing else []
        problems += [f"extra {format_cards(extra)}"] if extra else []
        raise CardError(f"{where} holds {len(cards)} cards, not {DECK_SIZE}: {'; '.join(problems)}")


@dataclass(frozen=True)
class Deal:
    """One deal: every card of the deck and where it went.

    ``hands`` maps each seat to its two hole cards; ``board`` is the five community cards, flop first;
    ``rack`` the cards unloaded unseen; ``sequence`` every card with its target, top of the deck first.
    """

    procedure: Procedure
    seats: tuple[int, ...]
    hands: Mapping[int, tuple[Card, Card]] = field(hash=False)
    dealer: tuple[Card, Card]
    board: tuple[Card, ...]
    rack: tuple[Card, ...]
    sequence: tuple[tuple[Target, Card], ...]

    @property
    def flop(self) -> tuple[Card, ...]:
        return self.board[:3]

    @property
    def turn(self) -> Card:
        return self.board[3]

    @property
    def river(self) -> Card:
        return self.board[4]

    @property
    def card_count(self) -> CardCount:
        return CardCount.for_seats(len(self.seats))


def check_deck(deck: Iterable[Card | str]) -> tuple[Card, ...]:
    """The deck as cards; :class:`CardError` unless it is 52 different cards."""
    cards = parse_cards(deck)
    if len(cards) != DECK_SIZE:
        raise CardError(_("a deck has {size} cards, this one has {count}").format(
            size=DECK_SIZE, count=len(cards)))
    return cards


def deal(procedure: Procedure, deck: Sequence[Card], seats: Iterable[int]) -> Deal:
    """Deal the shuffled ``deck`` (top card first) by ``procedure`` to the occupied ``seats``.

    >>> d = deal(Procedure.SHUFFLER, FULL_DECK, [1, 2])
    >>> format_cards(d.hands[1]), format_cards(d.hands[2]), format_cards(d.dealer), format_cards(d.board)
    ('2c 2d', '2h 2s', '3c 3d', '3h 3s 4c 4d 4h')
    """
    cards = check_deck(deck)
    in_order = check_seats(seats)
    sequence = tuple(zip(deal_order(procedure, in_order), cards, strict=True))
    by_kind: dict[tuple[TargetKind, int | None], list[Card]] = {}
    for target, card in sequence:
        by_kind.setdefault((target.kind, target.seat), []).append(card)
    hands = {seat: _two(by_kind[("seat", seat)]) for seat in in_order}
    return Deal(
        procedure=Procedure(procedure),
        seats=in_order,
        hands=MappingProxyType(hands),
        dealer=_two(by_kind[("dealer", None)]),
        board=tuple(by_kind[("board", None)]),
        rack=tuple(by_kind.get(("rack", None), ())),
        sequence=sequence,
    )


def _two(cards: list[Card]) -> tuple[Card, Card]:
    first, second = cards
    return first, second


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """The 52 cards in a random order drawn from ``rng``, top card first.

    >>> shuffled_deck(random.Random(7)) == shuffled_deck(random.Random(7))
    True
    """
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    return tuple(cards)


# -- the two alternating decks ------------------------------------------------------------------------------

DeckPlace = Literal["shuffler", "in play", "rack"]


@dataclass(frozen=True)
class DecksSwapped:
    """Record: a round starts; the rack's deck goes to the shuffler and the shuffled deck comes into play.

    ``deck`` is the shuffled order of the deck now in play, top card first.
    """

    round_number: int
    in_play: str
    to_shuffler: str
    deck: tuple[Card, ...] = field(repr=False)

    def __str__(self) -> str:
        return _("Round {round}: deck {old} to the shuffler, deck {new} in play.").format(
            round=self.round_number, old=colour_name(self.to_shuffler), new=colour_name(self.in_play))


@dataclass(frozen=True)
class DeckRacked:
    """Record: at the end of a round every card of the deck in play is in the discard rack."""

    round_number: int
    colour: str
    cards: int = DECK_SIZE

    def __str__(self) -> str:
        return _("Round {round}: deck {colour} counted, all {cards} cards in the rack.").format(
            round=self.round_number, colour=colour_name(self.colour), cards=self.cards)


class DeckPair:
    """Two decks with different backs, alternating round by round (seeds 001, 003; rules notes §6).

    One deck is dealt while the shuffler shuffles the other; each deck is used every other round, and only
    one deck is in the discard rack at a time: the rack's deck goes to the shuffler as the next round starts.

    >>> decks = DeckPair(random.Random(1))
    >>> print(decks.start_round())
    Round 1: deck blue to the shuffler, deck red in play.
    >>> print(decks.end_round())
    Round 1: deck red counted, all 52 cards in the rack.
    >>> print(decks.start_round())
    Round 2: deck red to the shuffler, deck blue in play.
    """

    def __init__(self, rng: random.Random, colours: tuple[str, str] = ("red", "blue")) -> None:
        first, second = colours
        if not first or not second or first == second:
            raise DealingError(_("the two decks need two different back colours, got {first!r} and {second!r}").format(
                first=first, second=second))
        self._rng = rng
        self.colours = (first, second)
        self.round_number = 0
        self._places: dict[str, DeckPlace] = {first: "shuffler", second: "shuffler"}
        self._ready = shuffled_deck(rng)  # the first colour, shuffled before the first round
        self._round_over = True

    def colour_for_round(self, round_number: int) -> str:
        """The back colour dealt in ``round_number`` (from 1): the first colour in odd rounds."""
        if round_number < 1:
            raise DealingError(_("rounds are numbered from 1, got {round_number}").format(round_number=round_number))
        return self.colours[(round_number - 1) % 2]

    def place(self, colour: str) -> DeckPlace:
        """Where the deck of ``colour`` is: ``"shuffler"``, ``"in play"`` or ``"rack"``."""
        return self._places[colour]

    @property
    def in_play(self) -> str | None:
        """The colour dealt in the current round (its cards go to the rack as the round goes on)."""
        return self._find("in play")

    @property
    def in_rack(self) -> str | None:
        """The colour whose cards are in the discard rack: the deck in play, or the one just counted."""
        return self._find("in play") or self._find("rack")

    def _find(self, place: DeckPlace) -> str | None:
        return next((colour for colour in self.colours if self._places[colour] == place), None)

    def verify_start_round(self) -> None:
        """Raise :class:`DealingError` while the current round's deck is not yet all in the rack."""
        if not self._round_over:
            raise DealingError(_("round {round} is still in play: count deck {colour} into the rack first").format(
                round=self.round_number, colour=colour_name(str(self.in_play))))

    def start_round(self) -> DecksSwapped:
        """Start the next round: the rack's deck goes to the shuffler; the other deck, shuffled, is dealt."""
        self.verify_start_round()
        self.round_number += 1
        colour = self.colour_for_round(self.round_number)
        other = self.colour_for_round(self.round_number + 1)
        deck, self._ready = self._ready, shuffled_deck(self._rng)
        self._places[colour] = "in play"
        self._places[other] = "shuffler"
        self._round_over = False
        return DecksSwapped(self.round_number, colour, other, deck)

    def end_round(self, rack: Collection[Card] | None = None) -> DeckRacked:
        """End the round: the deck in play is all in the rack (``rack``, when given, must be its 52 cards)."""
        if self._round_over:
            over = _("round {round} is already over").format(round=self.round_number)
            raise DealingError(_("no round is in play") if self.round_number == 0 else over)
        if rack is not None:
            verify_full_deck(rack, where=f"the rack (deck {self.in_play})")
        colour = self.colour_for_round(self.round_number)
        self._places[colour] = "rack"
        self._round_over = True
        return DeckRacked(self.round_number, colour)


# -- irregularities -----------------------------------------------------------------------------------------

SHUFFLER_MALFUNCTION_RULE = N_("In the event of a shuffler malfunction, all hands are void.")
"""Seeds 002 and 004, IRREGULARITIES; rules notes §6: every wager of the round is returned."""


@dataclass(frozen=True)
class HandsVoided:
    """Record: a shuffler malfunction voided every hand of the round; settlement returns every wager."""

    round_number: int
    reason: str = N_("shuffler malfunction")

    def __str__(self) -> str:
        return _("Round {round}: {reason}, every hand is void and every wager is returned.").format(
            round=self.round_number, reason=_(self.reason))


def shuffler_malfunction(round_number: int) -> HandsVoided:
    """The record of a shuffler malfunction in ``round_number``.

    >>> print(shuffler_malfunction(4))
    Round 4: shuffler malfunction, every hand is void and every wager is returned.
    """
    return HandsVoided(round_number)
