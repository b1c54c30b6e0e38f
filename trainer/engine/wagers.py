"""How each wager of a seat resolves, one function per wager, each naming the rule it applies.

The functions here decide *what* happens to a wager (win on which line, lose, push, when it is collected);
:mod:`trainer.engine.settlement` decides the order and applies a player-dealer's coverage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from trainer.engine.cards import Card
from trainer.engine.evaluator import Category, HandValue, evaluate
from trainer.engine.paytables import Odds, Paytable
from trainer.engine.table import TableRules
from trainer.engine.words import hand_name, odds_text, wager_name
from trainer.i18n.translation import _


class Wager(StrEnum):
    """The wagering areas, in the order a seat's wagers are settled (rules-notes §2)."""

    ANTE = "ante"
    PLAY = "play"
    BLIND = "blind"
    TRIPS = "trips"
    BAD_BEAT = "bad_beat"
    PAIRS = "pairs"
    PROGRESSIVE = "progressive"

    @property
    def label(self) -> str:
        return wager_name(self.value)


class Action(StrEnum):
    """What the dealer does with a wager."""

    PAY = "pay"
    TAKE = "take"
    PUSH = "push"
    RETURN = "return"


class Phase(StrEnum):
    """When in the round the dealer handles a wager (the ``phase`` of a procedure step)."""

    COIN_IN = "coin-in"
    """A losing Progressive: every Progressive wager leaves the layout at COIN IN, before the deal (seed 002,
    rule 6); the losing ones are listed first."""
    FOLD = "fold"
    """Collected when the hand folds."""
    REFUND = "refund"
    """The house table's Ante-refund pass when the dealer does not qualify."""
    SETTLE = "settle"
    """The settle pass, seat by seat."""


class HandResult(StrEnum):
    """A seat's result against the dealer."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    FOLD = "fold"


class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    RETURNED = "returned"


_NONE = Decimal(0)


@dataclass(frozen=True, init=False)
class SeatHand:
    """A seat's two cards and wagers. ``play`` is the Play wager; 0 means the player folded on the river."""

    seat: int
    hole: tuple[Card, Card]
    ante: Decimal
    blind: Decimal
    play: Decimal = Decimal(0)
    trips: Decimal = Decimal(0)
    bad_beat: Decimal = Decimal(0)
    pairs: Decimal = Decimal(0)
    progressive: Decimal = Decimal(0)

    def __init__(self, seat: int, hole: tuple[Card, Card], ante: Decimal, blind: Decimal, play: Decimal = _NONE,
                 trips: Decimal = _NONE, bad_beat: Decimal = _NONE, pairs: Decimal = _NONE,
                 progressive: Decimal = _NONE) -> None:
        # the fields straight into the instance's dictionary: a frozen dataclass's own __init__ sets each one
        # through object.__setattr__, twice as slow, and every hand read makes up to seven seats
        fields = self.__dict__
        fields["seat"], fields["hole"], fields["ante"], fields["blind"], fields["play"] = seat, hole, ante, blind, play
        fields["trips"], fields["bad_beat"], fields["pairs"], fields["progressive"] = (
            trips, bad_beat, pairs, progressive)

    @property
    def folded(self) -> bool:
        return self.play == 0

    def stake(self, wager: Wager) -> Decimal:
        value: Decimal = getattr(self, _FIELD_OF[wager])
        return value

    def placed(self) -> list[Wager]:
        """The wagers with money on them, in settlement order."""
        return [wager for wager, name in _FIELDS if getattr(self, name) > 0]


_FIELDS: tuple[tuple[Wager, str], ...] = tuple((wager, wager.value) for wager in Wager)
"""Each wager and the :class:`SeatHand` field of its stake, in settlement order (read once: ``.value`` is slow)."""
_FIELD_OF: dict[Wager, str] = dict(_FIELDS)


def stake_field(wager: Wager) -> str:
    """The :class:`SeatHand` field that holds the stake of ``wager``: ``"bad_beat"``."""
    return _FIELD_OF[wager]


@dataclass(frozen=True)
class Resolution:
    """What happens to one wager: its outcome, the odds of a win, the rule, and whether the fold collects it."""

    wager: Wager
    outcome: Outcome
    rule: str
    topic: str
    odds: Odds | None = None
    at_fold: bool = False


def dealer_qualifies(dealer: HandValue) -> bool:
    """The dealer qualifies with a pair or better (rules-notes §4)."""
    return dealer.category >= Category.ONE_PAIR


def hand_result(player: HandValue, dealer: HandValue) -> HandResult:
    """``win``, ``lose`` or ``push`` of the player's hand against the dealer's (equal five-card hands tie).

    >>> hand_result(evaluate("Ah Ad 2c 7d 9s Jh 3c"), evaluate("Kh Kd 2c 7d 9s Jh 3c"))
    <HandResult.WIN: 'win'>
    """
    if player > dealer:
        return HandResult.WIN
    if player < dealer:
        return HandResult.LOSE
    return HandResult.PUSH


def resolve_seat(
    table: TableRules,
    seat: SeatHand,
    hand: HandValue,
    dealer: HandValue,
    dealer_hole: Sequence[Card],
    board: Sequence[Card],
) -> list[Resolution]:
    """Every placed wager of ``seat``, resolved, in settlement order."""
    tables = table.paytables
    result = hand_result(hand, dealer)
    qualifies = dealer_qualifies(dealer)
    out: list[Resolution] = []
    for wager in seat.placed():
        if wager is Wager.ANTE:
            out.append(resolve_ante(seat.folded, qualifies, result))
        elif wager is Wager.PLAY:
            out.append(resolve_play(result, qualifies))
        elif wager is Wager.BLIND:
            out.append(resolve_blind(seat.folded, result, hand, tables.blind()))
        elif wager is Wager.TRIPS:
            out.append(resolve_trips(seat.folded, hand, tables.trips(table.trips_paytable)))
        elif wager is Wager.BAD_BEAT:
            out.append(resolve_bad_beat(
                seat.folded, hand, dealer, tables.bad_beat(table.bad_beat_paytable), table.bad_beat_on_fold))
        elif wager is Wager.PAIRS:
            out.append(resolve_pairs(seat.hole, tuple(dealer_hole), tables.pairs(table.pairs_paytable)))
        else:
            out.append(resolve_progressive(
                seat.folded, seat.hole, tuple(board), hand, tables.progressive(table.progressive_paytable),
                table.progressive_on_fold))
    return out


_EVEN_MONEY = Odds.parse("1 to 1")


def resolve_ante(folded: bool, qualifies: bool, result: HandResult) -> Resolution:
    topic = "ante-play"
    if folded:
        return Resolution(Wager.ANTE, Outcome.LOSE, _("A fold loses the Ante and the Blind at once"), "fold",
                          at_fold=True)
    if not qualifies:
        return Resolution(Wager.ANTE, Outcome.PUSH,
                          _("Dealer does not qualify (less than a pair): the Ante pushes"), "qualification")
    if result is HandResult.WIN:
        return Resolution(Wager.ANTE, Outcome.WIN, _("The player beats the dealer: the Ante pays 1 to 1"), topic,
                          _EVEN_MONEY)
    if result is HandResult.LOSE:
        return Resolution(Wager.ANTE, Outcome.LOSE, _("The dealer beats the player: the Ante loses"), topic)
    return Resolution(Wager.ANTE, Outcome.PUSH, _("A tie: Ante, Play and Blind push"), topic)


def resolve_play(result: HandResult, qualifies: bool) -> Resolution:
    topic = "ante-play"
    if result is HandResult.WIN:
        return Resolution(Wager.PLAY, Outcome.WIN, _("The player beats the dealer: the Play pays 1 to 1"), topic,
                          _EVEN_MONEY)
    if result is HandResult.LOSE:
        return Resolution(Wager.PLAY, Outcome.LOSE, _("The dealer beats the player: the Play loses") if qualifies else
                          _("The dealer beats the player: the Play loses even though the dealer does not qualify"),
                          "qualification" if not qualifies else topic)
    return Resolution(Wager.PLAY, Outcome.PUSH, _("A tie: Ante, Play and Blind push"), topic)


def resolve_blind(folded: bool, result: HandResult, hand: HandValue, blind: Paytable) -> Resolution:
    topic = "blind"
    if folded:
        return Resolution(Wager.BLIND, Outcome.LOSE, _("A fold loses the Ante and the Blind at once"), "fold",
                          at_fold=True)
    if result is HandResult.LOSE:
        return Resolution(Wager.BLIND, Outcome.LOSE,
                          _("The dealer beats the player: the Blind loses, qualified dealer or not"), topic)
    if result is HandResult.PUSH:
        return Resolution(Wager.BLIND, Outcome.PUSH, _("A tie: Ante, Play and Blind push"), topic)
    line = blind.line_for(hand.category.label)
    if line is None:
        return Resolution(Wager.BLIND, Outcome.PUSH, _("A win with less than a straight: the Blind pushes"), topic)
    return Resolution(Wager.BLIND, Outcome.WIN, _("A win with a {hand}: the Blind pays {odds}").format(
                          hand=hand_name(line.hand), odds=odds_text(line.odds)),
                      topic, line.odds)


def resolve_trips(folded: bool, hand: HandValue, trips: Paytable) -> Resolution:
    line = trips.line_for(hand.category.label)
    if line is None:
        rule = _("Less than three of a kind: the Trips loses")
        if folded:
            rule = _("Less than three of a kind: the Trips loses and is collected with the folded hand")
        return Resolution(Wager.TRIPS, Outcome.LOSE, rule, "trips", at_fold=folded)
    rule = _("Trips pays {odds} on a {hand}, whatever happens to the hand").format(
        odds=odds_text(line.odds), hand=hand_name(line.hand))
    if folded:
        rule = _("Trips on a fold: the {hand} still pays {odds}").format(
            hand=hand_name(line.hand), odds=odds_text(line.odds))
    return Resolution(Wager.TRIPS, Outcome.WIN, rule, "trips", line.odds)


def resolve_bad_beat(folded: bool, hand: HandValue, dealer: HandValue, bad_beat: Paytable, on_fold: str) -> Resolution:
    topic = "bad-beat"
    trips_or_better = hand.category >= Category.THREE_OF_A_KIND
    if folded and (on_fold == "lose" or not trips_or_better):
        rule = (_("House rule: a fold loses the Bad Beat") if on_fold == "lose" and trips_or_better
                else _("A folded hand below three of a kind cannot win the Bad Beat: it is collected with the hand"))
        return Resolution(Wager.BAD_BEAT, Outcome.LOSE, rule, topic, at_fold=True)
    if hand == dealer:
        return Resolution(Wager.BAD_BEAT, Outcome.LOSE, _("A five-card tie: the Bad Beat loses"), topic)
    beaten = hand if hand < dealer else dealer
    if beaten.category < Category.THREE_OF_A_KIND:
        return Resolution(Wager.BAD_BEAT, Outcome.LOSE,
                          _("The beaten hand is less than three of a kind: the Bad Beat loses"), topic)
    line = bad_beat.line_for(beaten.category.label)
    if line is None:
        return Resolution(Wager.BAD_BEAT, Outcome.LOSE,
                          _("The table pays no Bad Beat on a beaten {hand}").format(
                              hand=hand_name(beaten.category.label)), topic)
    rule = (_("Bad Beat pays on the hand beaten, the player's {hand}: {odds}") if beaten is hand else
            _("Bad Beat pays on the hand beaten, the dealer's {hand}: {odds}"))
    return Resolution(Wager.BAD_BEAT, Outcome.WIN,
                      rule.format(hand=hand_name(line.hand), odds=odds_text(line.odds)), topic, line.odds)


FACES = (11, 12, 13)


def pairs_hands(hole: tuple[Card, Card], dealer_hole: tuple[Card, ...] = ()) -> list[str]:
    """The pairs-table lines ``hole`` could be paid on, in order of precedence (see data/pairs.toml).

    >>> from trainer.engine.cards import parse_cards
    >>> pairs_hands(parse_cards("Ah Ad"))
    ['red-aces', 'aa']
    >>> pairs_hands(parse_cards("Qs As"))
    ['aq-aj-suited', 'ace-face-suited']
    """
    high, low = sorted(hole, key=lambda card: card.rank, reverse=True)
    suited = high.suit == low.suit
    if high.rank == low.rank == 14:
        hands = []
        if len(dealer_hole) == 2 and all(card.rank == 14 for card in dealer_hole):
            hands.append("aa-with-dealer-aa")
        if {high.suit, low.suit} == {"h", "d"}:
            hands.append("red-aces")
        return [*hands, "aa"]
    if high.rank == low.rank:
        return ["kk-qq-jj" if high.rank in FACES else "tt-22", "other-pair"]
    if high.rank == 14 and low.rank in FACES:
        named = ("ak" if low.rank == 13 else "aq-aj") + ("-suited" if suited else "-offsuit")
        return [named, "ace-face-suited" if suited else "ace-face"]
    return []


def pairs_key(hole: tuple[Card, Card], dealer_hole: tuple[Card, ...]) -> tuple[str, ...]:
    """:func:`pairs_hands` as a tuple, worked out once per pair of hole cards (and whether the dealer holds
    two aces, the one thing of the dealer's a line looks at).

    >>> from trainer.engine.cards import parse_cards
    >>> pairs_key(parse_cards("Ad Ah"), parse_cards("As Ac"))
    ('aa-with-dealer-aa', 'red-aces', 'aa')
    """
    dealer_aces = len(dealer_hole) == 2 and dealer_hole[0] >= _ACES and dealer_hole[1] >= _ACES
    key = (hole[0], hole[1], dealer_aces)
    found = _PAIRS_KEYS.get(key)
    if found is None:
        found = _PAIRS_KEYS[key] = tuple(pairs_hands(hole, dealer_hole if dealer_aces else ()))
    return found


_ACES = Card.of(14, "c")
"""The lowest-numbered ace: a card numbered this or more is an ace."""
_PAIRS_KEYS: dict[tuple[Card, Card, bool], tuple[str, ...]] = {}
"""At most 52 x 51 x 2 entries."""


def progressive_key(hole: tuple[Card, Card], board: tuple[Card, ...], hand: HandValue) -> tuple[str, ...] | bool:
    """What the Progressive's line depends on besides the hand's category: which royal flush a royal flush is."""
    if hand.category is Category.ROYAL_FLUSH:
        return tuple(progressive_hands(hole, board, hand))
    return True


def resolve_pairs(hole: tuple[Card, Card], dealer_hole: tuple[Card, ...], pairs: Paytable) -> Resolution:
    line = pairs.first_line(pairs_hands(hole, dealer_hole))
    if line is None:
        return Resolution(Wager.PAIRS, Outcome.LOSE, _("The hole cards make no line of the Pairs table"), "pairs")
    return Resolution(Wager.PAIRS, Outcome.WIN,
                      _("Pairs pays on the hole cards alone, fold or not: {line} pays {odds}").format(
                          line=hand_name(line.label), odds=odds_text(line.odds)),
                      "pairs", line.odds)


def progressive_hands(hole: tuple[Card, Card], board: tuple[Card, ...], hand: HandValue) -> list[str]:
    """The progressive lines the seven cards could be paid on, best first."""
    if hand.category is Category.ROYAL_FLUSH:
        if evaluate((*hole, *board[:3])).category is Category.ROYAL_FLUSH:
            return ["royal-first-5"]
        if evaluate(board).category is Category.ROYAL_FLUSH:
            return ["community-royal"]
        return ["royal-first-7"]
    return [hand.category.label]


def resolve_progressive(
    folded: bool, hole: tuple[Card, Card], board: tuple[Card, ...], hand: HandValue, progressive: Paytable,
    on_fold: str,
) -> Resolution:
    topic = "progressive"
    if folded and on_fold == "lose":
        return Resolution(Wager.PROGRESSIVE, Outcome.LOSE, _("House rule: a fold loses the Progressive"), topic,
                          at_fold=True)
    line = progressive.first_line(progressive_hands(hole, board, hand))
    if line is None:
        return Resolution(Wager.PROGRESSIVE, Outcome.LOSE, _("Less than the lowest Progressive line: it loses"), topic)
    if line.odds.kind == "percent":
        rule = _("{line}: {odds} of the meter, paid from the meter").format(line=hand_name(line.label),
                                                                          odds=odds_text(line.odds))
    else:
        rule = _("{line} pays {odds} (the wager is not returned), from the tray").format(
            line=hand_name(line.label), odds=odds_text(line.odds))
    return Resolution(Wager.PROGRESSIVE, Outcome.WIN, rule, topic, line.odds)
