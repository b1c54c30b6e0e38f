"""Announcing each player's hand and whether it wins (``uth-trainer quiz --topic player-hand``).

At the showdown the dealer announces the dealer's hand, then takes each player in settlement order and "announce[s]
the value of the player's hand and whether it wins or loses" (seed 001 When player-dealer qualifies 1 c, seed 003
Round of Play 10 d; seed 002 ACE/iDeal 13, Deck Mate 11 and seed 004 step 13: "combines each player's hole cards
with the community cards"). An item is one table at the showdown: the dealer's hand first, then every player still
in the hand, in settlement order (none on a house table whose dealer does not qualify: the Antes are refunded
before any hand is looked at, seed 002 ACE/iDeal 14), answered as one announcement (``two pair wins``, ``a pair
of eights loses``, ``flush ties``). The answers are the engine's settlement.

>>> read_announcement("two pair, kings and eights wins")
(<Category.TWO_PAIR: 2>, 'win')
>>> read_announcement("flush") is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

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
RULE_HOUSE = N_("seed 002 ACE/iDeal 13, 15, Deck Mate 11, 13; seed 004 Recommended Dealing Procedures 13, 15 "
               "(working right to left, combine each player's hole cards with the community cards to make the best "
               "five-card hand and compare it with the dealer's)")
RULE_QUALIFIES = {
    "ca": N_("seed 003 Round of Play 10 b-d (find the best five of the seven cards, compare, announce the hand and "
             "whether it wins or loses)"),
    "ca-bad-beat": N_("seed 001 When player-dealer qualifies 1 b-c (find the best five of the seven cards, compare, "
                      "announce the hand and whether it wins or loses)"),
}
RULE_NOT_QUALIFIED = {
    "ca": N_("seed 003 Round of Play 9 a-b (expose each player's cards, push the Ante, resolve the rest normally "
             "against the player-dealer's hand)"),
    "ca-bad-beat": N_("seed 001 When player-dealer does not qualify 1 a-b (expose each player's cards, push the "
                      "Ante, resolve the rest normally against the player-dealer's hand)"),
}
REFUND_FIRST = N_("the dealer does not qualify: every Ante is refunded, right to left, before any player's hand is "
                  "looked at (seed 002 ACE/iDeal 14, Deck Mate 12; seed 004 step 14); the hands come after that pass")
"""Why a house round whose dealer does not qualify asks no player's hand here (the ``qualification`` drill asks
the refund pass)."""
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
        return Mistake(ErrorKind.WRONG_ANSWER, right, given, rule_for(scenario), "ante-play")

    return Ask(_("Seat {seat}: announce the hand and whether it wins").format(seat=seat), read_announcement,
               ANNOUNCE_HINT, check, right, (category, hand.result))


def rule_for(scenario: Scenario) -> str:
    """The documents behind a player's hand announced at this table: the house's procedure on a house table; on a
    player-dealer table the game's own document, for a player-dealer who qualifies or does not."""
    table = scenario.table
    if table.is_house:
        return _(RULE_HOUSE)
    rules = RULE_QUALIFIES if scenario.settlement.dealer_qualifies else RULE_NOT_QUALIFIED
    games = [table.game] if table.game in rules else list(rules)
    return "; ".join(_(rules[str(game)]) for game in games)


def announce_asks(scenario: Scenario, rng: random.Random) -> tuple[str, list[Ask]]:
    """The dealer's hand, then every player still in the hand, in settlement order; none on a house table whose
    dealer does not qualify: the Antes are refunded before any hand is looked at."""
    dealer = dealer_ask(scenario)
    if scenario.table.is_house and not scenario.settlement.dealer_qualifies:
        return table_text(scenario), [replace(dealer, right=f"{dealer.right} — {_(REFUND_FIRST)}")]
    live: Sequence[int] = [seat.seat for seat in scenario.seats if not seat.folded]
    order = scenario.table.settlement_order(list(live))
    return table_text(scenario), [dealer, *(announce_ask(scenario, seat) for seat in order)]


DRILLS = (
    DecisionDrill("player-hand", GROUPS["dealer-hand"], N_("Announce the dealer's hand, then each player's hand and "
                     "whether it wins, in settlement order"), ("dealer-hand", "house-order", "player-dealer-order",
                                                           "dealer-does-not-qualify"), announce_asks),
)
