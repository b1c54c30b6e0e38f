"""One player's decision, exactly: 1x or fold on the river, 2x or check on the flop, for the cards the player sees.

On the river the player's choice hangs on the dealer's possible hands (990 with a full deck: two of the 45 cards
the player has not seen): how many the player beats, ties and loses to, and which of them qualify (a pair or
better). Raising 1x, per dealer hand, in Antes (rules-notes §4): a win pays the Play 1, the Ante 1 when the dealer
qualifies (it pushes otherwise) and the Blind by its table (a push below a straight); a loss costs the Play, the
Blind, and the Ante when the dealer qualifies; a tie pushes all three. Folding loses the Ante and the Blind, -2.

On the flop the player raises 2x or checks; after a check the river is played as above. Both are averaged over
the 1,081 turn-and-river pairs (and the 990 dealer hands of each): exact, in well under a second.

Money is in Antes per hand: the Ante and the Blind are 1 each, a Play of P is P. Results are exact fractions.

>>> from trainer.engine.cards import parse_cards
>>> from trainer.engine.paytables import load_paytables
>>> river = river_decision(parse_cards("As Kd"), parse_cards("Ah 7c 7d 2s 9h"), load_paytables().blind())
>>> river.dealer_hands, river.best
(990, '1x')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import numpy as np
import numpy.typing as npt

from trainer.engine.bad_beat_odds import _tables
from trainer.engine.cards import Card
from trainer.engine.evaluator import Category
from trainer.engine.paytables import Paytable
from trainer.odds.game import blind_pays
from trainer.odds.symmetry import HOLDING_FIRST, HOLDING_INDEX, HOLDING_SECOND

__all__ = ["FlopDecision", "RiverDecision", "flop_decision", "river_decision"]

IntArray = npt.NDArray[np.int64]
FOLD = Fraction(-2)
"""Folding on the river: the Ante and the Blind are lost."""


@dataclass(frozen=True)
class RiverDecision:
    """The dealer's possible hands against the player's on one river, and what 1x and folding are worth."""

    dealer_hands: int
    beaten: int
    """Dealer hands the player's hand beats."""
    tied: int
    losing_to: int
    """Dealer hands that beat the player's hand."""
    beaten_qualifying: int
    """Of the hands beaten, those that qualify (a pair or better): the Ante wins against those only."""
    losing_to_qualifying: int
    """Of the hands that beat the player, those that qualify: the Ante is lost to those only."""
    player: Category
    blind_pays: Fraction
    """The Blind's net win per Ante when the player's hand wins (0: it pushes, below a straight)."""

    @property
    def raise_1x(self) -> Fraction:
        """What raising 1x is worth, in Antes per hand."""
        won = self.beaten * (1 + self.blind_pays) + self.beaten_qualifying
        lost = 2 * self.losing_to + self.losing_to_qualifying
        return Fraction(won - lost, self.dealer_hands)

    @property
    def fold(self) -> Fraction:
        return FOLD

    @property
    def best(self) -> str:
        """``1x`` or ``fold`` (folding when the two are worth the same, as the game's solution does)."""
        return "1x" if self.raise_1x > self.fold else "fold"


@dataclass(frozen=True)
class FlopDecision:
    """What raising 2x and checking (then the best river choice) are worth on one flop, over every turn and river."""

    runouts: int
    raise_2x: Fraction
    check: Fraction
    river_raises: int
    """Of the turn-and-river pairs, those after which a check is followed by a 1x raise (the rest: a fold)."""

    @property
    def best(self) -> str:
        """``2x`` or ``check`` (checking when the two are worth the same, as the game's solution does)."""
        return "2x" if self.raise_2x > self.check else "check"


@dataclass(frozen=True)
class _Showdowns:
    """Per board: the dealer hands beaten, tied and lost to, the qualifying ones, and the player's hand."""

    dealer_hands: int
    beaten: IntArray
    tied: IntArray
    losing_to: IntArray
    beaten_qualifying: IntArray
    losing_to_qualifying: IntArray
    category: IntArray


def _deck_cards(deck: Sequence[int] | None) -> list[int]:
    return list(range(52)) if deck is None else sorted({int(card) for card in deck})


def _check_cards(hole: Sequence[int], seen: Sequence[int], size: int, deck: list[int]) -> None:
    cards = [int(card) for card in (*hole, *seen)]
    if len(hole) != 2 or len(seen) != size:
        raise ValueError(f"the player's two cards and {size} community cards, not {len(hole)} and {len(seen)}")
    if len(set(cards)) != len(cards):
        raise ValueError("a card appears twice")
    if not set(cards) <= set(deck):
        raise ValueError("a card is not in the deck")


def _showdowns(hole: Sequence[int], boards: IntArray, deck: list[int]) -> _Showdowns:
    """Each board's dealer hands (from the deck, off the board and the player's cards) against the player."""
    tables = _tables()
    strengths, off_board = tables.strengths(boards)
    first, second = (int(card) for card in hole)
    in_deck = np.zeros(52, dtype=np.bool_)
    in_deck[deck] = True
    dealer = off_board & (in_deck[HOLDING_FIRST] & in_deck[HOLDING_SECOND])[None, :]
    dealer &= ~np.isin(HOLDING_FIRST, (first, second)) & ~np.isin(HOLDING_SECOND, (first, second))
    player = strengths[:, HOLDING_INDEX[first, second]][:, None]
    qualifies = tables.category[strengths] >= Category.ONE_PAIR
    below, above = dealer & (strengths < player), dealer & (strengths > player)
    hands = dealer.sum(axis=1)
    if len(set(hands.tolist())) > 1:
        raise AssertionError("every board leaves the same number of dealer hands")
    return _Showdowns(
        int(hands[0]), below.sum(axis=1), (dealer & (strengths == player)).sum(axis=1), above.sum(axis=1),
        (below & qualifies).sum(axis=1), (above & qualifies).sum(axis=1), tables.category[player[:, 0]],
    )


def river_decision(hole: Sequence[Card | int], board: Sequence[Card | int], blind: Paytable,
                   deck: Sequence[int] | None = None) -> RiverDecision:
    """The river choice of a player holding ``hole`` on ``board`` (five cards), the dealer's two from the rest of
    ``deck`` (by default the 52 cards)."""
    cards = _deck_cards(deck)
    _check_cards(hole, board, 5, cards)
    shown = _showdowns(hole, np.array([[int(card) for card in board]], dtype=np.int64), cards)
    net, scale = blind_pays(blind)
    category = Category(int(shown.category[0]))
    return RiverDecision(shown.dealer_hands, int(shown.beaten[0]), int(shown.tied[0]), int(shown.losing_to[0]),
                         int(shown.beaten_qualifying[0]), int(shown.losing_to_qualifying[0]), category,
                         Fraction(net[category], scale))


def flop_decision(hole: Sequence[Card | int], flop: Sequence[Card | int], blind: Paytable,
                  deck: Sequence[int] | None = None) -> FlopDecision:
    """The flop choice of a player holding ``hole`` on ``flop`` (three cards): 2x against checking and then
    taking the better of 1x and folding on each river; the turn, river and dealer's two from the rest of ``deck``."""
    cards = _deck_cards(deck)
    _check_cards(hole, flop, 3, cards)
    seen = {int(card) for card in (*hole, *flop)}
    rest = [card for card in cards if card not in seen]
    runouts = list(combinations(rest, 2))
    boards = np.array([[*(int(card) for card in flop), turn, river] for turn, river in runouts], dtype=np.int64)
    shown = _showdowns(hole, boards, cards)
    net, scale = blind_pays(blind)
    blind_won = np.array(net, dtype=np.int64)[shown.category] * shown.beaten
    # Per board, times the Blind's scale: the Ante and Blind part, and the Play's per Ante of Play.
    ante_blind = (scale * (shown.beaten_qualifying - shown.losing_to_qualifying - shown.losing_to) + blind_won)
    play = scale * (shown.beaten - shown.losing_to)
    fold = -2 * scale * shown.dealer_hands
    raise_1x = ante_blind + play
    per_board = scale * shown.dealer_hands
    total = per_board * len(runouts)
    return FlopDecision(
        len(runouts), Fraction(int((ante_blind + 2 * play).sum()), total),
        Fraction(int(np.maximum(raise_1x, fold).sum()), total), int((raise_1x > fold).sum()),
    )
