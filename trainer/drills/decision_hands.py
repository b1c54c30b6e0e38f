"""Announcing each player's hand and whether it wins (``uth-trainer quiz --topic player-hand``).

At the showdown the dealer announces the dealer's hand, then takes each player in settlement order and "announce[s]
the value of the player's hand and whether it wins or loses" (seed 001 When player-dealer qualifies 1 c, seed 003
Round of Play 10 d; the Washington procedures' "combines each player's hole cards with the community cards").
An item is one table at the showdown: the dealer's hand first, then each player still in the hand, in settlement
order, answered as one announcement (``two pair wins``, ``a pair of eights loses``, ``flush ties``). The answers
are the engine's settlement.

>>> read_announcement("two pair, kings and eights wins")
(<Category.TWO_PAIR: 2>, 'win')
>>> read_announcement("flush") is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.drills.answers import read_category
from trainer.drills.decision_drills import Ask, DecisionDrill, dealer_ask, read_result
from trainer.drills.scenario_round import Scenario, table_text
from trainer.drills.settlement_drills import GROUPS
from trainer.engine.evaluator import Category
from trainer.engine.words import hand_name
from trainer.i18n import plain
from trainer.i18n.translation import N_, _
from trainer.scoring import ErrorKind, Mistake

ANNOUNCE_HINT = N_("the player's hand, then win, lose or tie: 'two pair wins', 'a pair loses', 'flush ties'")
MOST_SEATS = 3
"""At most this many players announced in one item (the first in settlement order)."""
RULE = ("seed 001 When player-dealer qualifies 1 b-c; seed 003 Round of Play 10 b-d (find the best five of the "
        "seven cards, compare, announce the hand and whether it wins or loses)")
WORDS = {"win": N_("wins"), "lose": N_("loses"), "push": N_("ties")}


def read_announcement(text: str) -> tuple[Category, str] | None:
    """A hand by name and ``win`` / ``lose`` / ``tie`` (the result is ``push`` for a tie); None without either."""
    words = plain(text).replace(",", " ").split()
    result = read_result(" ".join(words[-1:])) if words else None
    if result is None:
        return None
    category = read_category([word for word in words[:-1] if word not in {"seat", "player", "holds", "has", "asiento",
                                                                          "jugador", "tiene"}])
    return None if category is None else (category, result)


def announce_ask(scenario: Scenario, seat: int) -> Ask:
    """Seat ``seat``'s announcement, checked against the engine's hand and result."""
    hand = scenario.settlement.seat(seat)
    category = hand.hand.category
    right = _("{hand} ({category}) {result}").format(hand=hand.hand.describe(), category=hand_name(category.label),
                                                      result=_(WORDS[hand.result]))

    def check(value: tuple[Category, str]) -> Mistake | None:
        given_category, result = value
        if given_category is category and result == hand.result:
            return None
        given = f"{hand_name(given_category.label)} {_(WORDS[result])}"
        return Mistake(ErrorKind.WRONG_ANSWER, right, given, RULE, "ante-play")

    return Ask(_("Seat {seat}: announce the hand and whether it wins").format(seat=seat), read_announcement,
               ANNOUNCE_HINT, check, right, (category, hand.result))


def announce_asks(scenario: Scenario, rng: random.Random) -> tuple[str, list[Ask]]:
    """The dealer's hand, then up to :data:`MOST_SEATS` players still in the hand, in settlement order."""
    live: Sequence[int] = [seat.seat for seat in scenario.seats if not seat.folded]
    order = scenario.table.settlement_order(list(live))[:MOST_SEATS]
    return table_text(scenario), [dealer_ask(scenario), *(announce_ask(scenario, seat) for seat in order)]


DRILLS = (
    DecisionDrill("player-hand", GROUPS["dealer-hand"], N_("Announce the dealer's hand, then each player's hand and "
                     "whether it wins, in settlement order"), ("dealer-hand", "house-order", "player-dealer-order",
                                                           "dealer-does-not-qualify"), announce_asks),
)
