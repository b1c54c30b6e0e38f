"""Simulated players: when they raise, and by how much (rules notes §9).

:class:`BasicStrategy` is the widely published "simple strategy" for Ultimate Texas Hold'em by Michael
Shackleford, the Wizard of Odds (wizardofodds.com, "Ultimate Texas Hold 'Em"). It costs the player about
2.43 % of the Ante, against 2.185 % for optimal play:

* **Before the flop, raise 4x** with any pair except 2-2; any ace; a king with any suited card, or K-5
  offsuit and better; Q-6 suited and better, Q-8 offsuit and better; J-8 suited and better, J-T offsuit.
  Never 3x: it is always worse than 4x, though the layout allows it. Otherwise check.
* **On the flop, raise 2x** with two pair or better, a pair that uses a hole card (not pocket 2s), or four to
  a flush with a hole card of that suit ten or higher. Otherwise check.
* **On the river, raise 1x** with a pair or better that uses a hole card, or when fewer than 21 of the 45
  unseen cards would give the dealer a better hand. Otherwise fold.

How the trainer reads the clauses (the published wording is short):

* *A pair that uses a hole card* (the "hidden pair"): a hole card whose rank appears at least twice among
  the player's cards, that is a pocket pair or a hole card matching a community card. A pair on the board
  alone is not one. On the river a pair of the hole cards that does not play (2-2 on A-A-K-K-Q) still counts.
* *A pair or better that uses a hole card* (river): a hidden pair as above, or a straight or a flush
  (straight flushes included) with at least one hole card among its five cards. A board hand with a hole
  card only as a kicker does not count; it goes to the outs count.
* *Not pocket 2s* (flop): with 2-2 and no help the player checks. Two pair or better always raises, so 2-2
  on a paired flop (two pair) and 2-2 with a deuce on the flop (trips) raise; so do three of a kind on the
  flop alone, read literally.
* *Four to a flush*: four of the five cards in one suit, with a hole card of that suit of rank ten or higher.
* *Dealer outs* (river): the unseen cards ``c`` (52 less the two hole cards and the five community cards)
  for which the dealer's best hand of the board and ``c`` alone beats the player's best hand; a tie is not
  an out. Fewer than 21 outs raises.
* *Pocket 2s on the river*: a pocket pair, so a hidden pair: raise 1x.

>>> from trainer.engine.cards import parse_cards
>>> play_hand(BasicStrategy(), parse_cards("Kd 5c"), parse_cards("2s 7h 9c Jd 3h"))
(4, 'preflop')
>>> play_hand(BasicStrategy(), parse_cards("8d 5c"), parse_cards("8s 7h 9c Jd 3h"))
(2, 'flop')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Literal, Protocol

from trainer.engine.cards import FULL_DECK, Card, CardError, check_unique
from trainer.engine.evaluator import Category, HandValue, evaluate

Street = Literal["preflop", "flop", "river"]
STREETS: tuple[Street, ...] = ("preflop", "flop", "river")
COMMUNITY_SEEN: dict[Street, int] = {"preflop": 0, "flop": 3, "river": 5}
"""How many community cards a player sees when deciding on each street."""
PLAY_MULTIPLES: dict[Street, tuple[int, ...]] = {"preflop": (4, 3, 0), "flop": (2, 0), "river": (1, 0)}
"""The legal Play wagers, in Antes, on each street; 0 is a check (a fold on the river)."""
RIVER_OUTS_LIMIT = 21
"""Raise on the river with fewer dealer outs than this."""

_SUITED_MINIMUM = {13: 2, 12: 6, 11: 8}
"""Lowest second card to raise 4x with a suited king, queen or jack."""
_OFFSUIT_MINIMUM = {13: 5, 12: 8, 11: 10}
"""Lowest second card to raise 4x with an offsuit king, queen or jack."""
_STRAIGHTS_AND_FLUSHES = frozenset(
    {Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH}
)


def check_decision(street: Street, hole: Sequence[Card], board: Sequence[Card]) -> None:
    """Raise :class:`CardError` unless ``hole`` is 2 cards and ``board`` the cards seen on ``street``."""
    if street not in COMMUNITY_SEEN:
        raise ValueError(f"{street!r} is not a street (preflop, flop or river)")
    if len(hole) != 2:
        raise CardError(f"a player holds 2 hole cards, not {len(hole)}")
    if len(board) != COMMUNITY_SEEN[street]:
        seen = COMMUNITY_SEEN[street]
        raise CardError(f"on the {street} a player sees {seen} community cards, not {len(board)}")
    check_unique([*hole, *board])


def preflop_raise(hole: Sequence[Card]) -> bool:
    """Whether the simple strategy raises 4x before the flop.

    >>> from trainer.engine.cards import parse_cards
    >>> [preflop_raise(parse_cards(h)) for h in ("3c 3d", "2c 2d", "Ah 2c", "Kc 5d", "Kc 4d", "Jd 9c")]
    [True, False, True, True, False, False]
    """
    high, low = sorted((hole[0].rank, hole[1].rank), reverse=True)
    if high == low:
        return high > 2
    if high == 14:
        return True
    suited = hole[0].suit == hole[1].suit
    minimum = (_SUITED_MINIMUM if suited else _OFFSUIT_MINIMUM).get(high)
    return minimum is not None and low >= minimum


def pairs_a_hole_card(hole: Sequence[Card], community: Sequence[Card]) -> bool:
    """A pocket pair, or a hole card matching a community card: the "hidden pair" of the strategy.

    >>> from trainer.engine.cards import parse_cards
    >>> pairs_a_hole_card(parse_cards("9c 4d"), parse_cards("9h Kd 2s")), pairs_a_hole_card(
    ...     parse_cards("Ac 4d"), parse_cards("9h 9d 2s"))
    (True, False)
    """
    ranks = Counter(card.rank for card in (*hole, *community))
    return any(ranks[card.rank] >= 2 for card in hole)


def four_flush_with_ten_or_higher(hole: Sequence[Card], flop: Sequence[Card]) -> bool:
    """Four of the five cards in one suit, and a hole card of that suit is a ten or higher.

    >>> from trainer.engine.cards import parse_cards
    >>> four_flush_with_ten_or_higher(parse_cards("Th 3c"), parse_cards("2h 7h Kh"))
    True
    >>> four_flush_with_ten_or_higher(parse_cards("9h 3c"), parse_cards("2h 7h Kh"))
    False
    """
    suits = Counter(card.suit for card in (*hole, *flop))
    return any(suits[card.suit] >= 4 and card.rank >= 10 for card in hole)


def flop_raise(hole: Sequence[Card], flop: Sequence[Card]) -> bool:
    """Whether the simple strategy raises 2x on the flop (after checking before it)."""
    if evaluate((*hole, *flop)).category >= Category.TWO_PAIR:
        return True
    pocket_deuces = hole[0].rank == hole[1].rank == 2
    if not pocket_deuces and pairs_a_hole_card(hole, flop):
        return True
    return four_flush_with_ten_or_higher(hole, flop)


def made_hand_uses_hole_card(
    hole: Sequence[Card], board: Sequence[Card], value: HandValue | None = None
) -> bool:
    """A pair or better that uses a hole card: a hidden pair, or a straight or flush with a hole card in it.

    >>> from trainer.engine.cards import parse_cards
    >>> made_hand_uses_hole_card(parse_cards("9d 2c"), parse_cards("5h 6d 7c 8s Kh"))
    True
    >>> made_hand_uses_hole_card(parse_cards("Ad 2c"), parse_cards("5h 6d 7c 8s 9h"))
    False
    """
    if pairs_a_hole_card(hole, board):
        return True
    value = value or evaluate((*hole, *board))
    return value.category in _STRAIGHTS_AND_FLUSHES and any(card in value.cards for card in hole)


def dealer_outs(hole: Sequence[Card], board: Sequence[Card], *, stop_at: int | None = None) -> int:
    """How many of the unseen cards would give the dealer, with the board, a better hand than the player's.

    Counting stops early at ``stop_at`` when it is given.

    >>> from trainer.engine.cards import parse_cards
    >>> dealer_outs(parse_cards("Th 3c"), parse_cards("Ad Qs 8h 6c 4d"))  # 15 pair the board, 4 K, 4 J
    23
    """
    player = evaluate((*hole, *board))
    seen = {*hole, *board}
    outs = 0
    for card in FULL_DECK:
        if card not in seen and evaluate((*board, card)) > player:
            outs += 1
            if outs == stop_at:
                break
    return outs


def river_raise(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """Whether the simple strategy raises 1x on the river (after checking twice); otherwise it folds."""
    if made_hand_uses_hole_card(hole, board):
        return True
    return dealer_outs(hole, board, stop_at=RIVER_OUTS_LIMIT) < RIVER_OUTS_LIMIT


class Strategy(Protocol):
    """A simulated player: the Play wager, in Antes, on ``street`` given the cards seen so far."""

    def decide(self, street: Street, hole: Sequence[Card], board: Sequence[Card]) -> int:
        """4 or 3 before the flop, 2 on the flop, 1 on the river; 0 checks (folds on the river)."""
        ...


class BasicStrategy:
    """The Wizard of Odds simple strategy (see the module docstring)."""

    def decide(self, street: Street, hole: Sequence[Card], board: Sequence[Card]) -> int:
        check_decision(street, hole, board)
        if street == "preflop":
            return 4 if preflop_raise(hole) else 0
        if street == "flop":
            return 2 if flop_raise(hole, board) else 0
        return 1 if river_raise(hole, board) else 0

    def __repr__(self) -> str:
        return "BasicStrategy()"


class CarelessStrategy:
    """A player who usually follows :class:`BasicStrategy` but now and then makes a legal, poor choice.

    With probability ``mistake_rate`` a decision is replaced by another legal one, chosen at random: 3x or a
    check instead of 4x, a raise of trash, a check of a made hand on the flop, a fold of a pair on the river.
    Trainees see every kind of Play wager. The same seed gives the same decisions.

    >>> player = CarelessStrategy(random.Random(3), mistake_rate=1.0)
    >>> from trainer.engine.cards import parse_cards
    >>> player.decide("preflop", parse_cards("As Ad"), ()) in (3, 0)
    True
    """

    def __init__(self, rng: random.Random, mistake_rate: float = 0.15) -> None:
        if not 0.0 <= mistake_rate <= 1.0:
            raise ValueError(f"the mistake rate is a probability 0..1, got {mistake_rate}")
        self._rng = rng
        self._basic = BasicStrategy()
        self.mistake_rate = mistake_rate

    def decide(self, street: Street, hole: Sequence[Card], board: Sequence[Card]) -> int:
        right = self._basic.decide(street, hole, board)
        if self._rng.random() >= self.mistake_rate:
            return right
        return self._rng.choice([play for play in PLAY_MULTIPLES[street] if play != right])

    def __repr__(self) -> str:
        return f"CarelessStrategy(mistake_rate={self.mistake_rate})"


def play_hand(strategy: Strategy, hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, Street | None]:
    """Play one hand to the river: the Play wager and the street it was made on, or ``(0, None)`` for a fold.

    >>> from trainer.engine.cards import parse_cards
    >>> play_hand(BasicStrategy(), parse_cards("7d 2c"), parse_cards("Kh Qd 5s 9c 3h"))
    (0, None)
    """
    if len(board) != COMMUNITY_SEEN["river"]:
        raise CardError(f"a hand is played with 5 community cards, not {len(board)}")
    for street in STREETS:
        play = strategy.decide(street, hole, board[: COMMUNITY_SEEN[street]])
        if play not in PLAY_MULTIPLES[street]:
            raise ValueError(f"{strategy!r} made a {play}x Play wager on the {street}: not allowed")
        if play:
            return play, street
    return 0, None
