"""Game protection in the round: a simulated player (or a spectator) now and then attempts an act the documents
prohibit, and the dealer must stop it with the right act and words.

Each :class:`Prohibited` act has what the table shows (``shown``), when in the round it happens (``before``: the
stage of :mod:`trainer.quiz.round_order` it comes just before), the dealer's :class:`Stop` and the document that
prohibits it.
:func:`protection_attempt` draws one for a round (never two in one round); the run round's script asks the stop
as a :attr:`~trainer.quiz.round_script.Task.STOP` task right where the act happens, and a missed one is a mistake
with its rule cited.

>>> Prohibited.LATE_WAGER.stop is Stop.REFUSE_LATE_WAGER
True
>>> read_stop("stop the side bet"), read_stop("keep the cards on the table"), read_stop("stop")
(<Stop.STOP_SIDE_BET: 'stop-side-bet'>, <Stop.CARDS_ON_TABLE: 'cards-on-table'>, None)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from trainer.engine.round import PlayedRound
from trainer.engine.settlement import format_money
from trainer.i18n import plain
from trainer.i18n.translation import N_, _
from trainer.quiz.round_order import Stage

__all__ = ["Prohibited", "ProtectionAttempt", "Stop", "protection_attempt", "read_stop"]

class Stop(StrEnum):
    """What the dealer does to stop a prohibited act."""

    REFUSE_LATE_WAGER = "refuse-late-wager"
    REFUSE_BACK_LINE = "refuse-back-line"
    STOP_SIDE_BET = "stop-side-bet"
    CARDS_ON_TABLE = "cards-on-table"

    @property
    def label(self) -> str:
        """The act and its words, in the language spoken."""
        return _(_STOP_LABELS[self])


_STOP_LABELS = {
    Stop.REFUSE_LATE_WAGER: N_("refuse the late wager and hand the chips back: \"No more bets\" was called"),
    Stop.REFUSE_BACK_LINE: N_("refuse the back-line wager and hand the chips back: only the seated player wagers"),
    Stop.STOP_SIDE_BET: N_("stop the bet: no wagers on another player's or the house's hand, no side bets between "
                           "players"),
    Stop.CARDS_ON_TABLE: N_("ask the player to keep the cards on the table, above the layout"),
}

STOP_WORDS: dict[Stop, frozenset[str]] = {
    Stop.REFUSE_LATE_WAGER: frozenset({"late", "after", "tarde", "tardia"}),
    Stop.REFUSE_BACK_LINE: frozenset({"back", "backline", "behind", "spectator", "atras", "detras", "espectador"}),
    Stop.STOP_SIDE_BET: frozenset({"side", "between", "house", "other", "adicional", "entre", "casa", "otro"}),
    Stop.CARDS_ON_TABLE: frozenset({"cards", "table", "lap", "cartas", "mesa"}),
}
"""The words that name each stop (after ``stop``, ``refuse`` or ``keep``; in English or Spanish)."""


class Prohibited(StrEnum):
    """An act the documents prohibit, as a player or a spectator attempts it."""

    LATE_WAGER = "late-wager"
    BACK_LINE = "back-line"
    OTHER_HAND = "other-hand"
    HOUSE_HAND = "house-hand"
    BETWEEN_PLAYERS = "between-players"
    CARDS_OFF_TABLE = "cards-off-table"

    @property
    def stop(self) -> Stop:
        return _STOPS[self]

    @property
    def before(self) -> Stage:
        """The stage of the round it happens just before: the deal (the chips come once the bets are closed), the
        flop (the cards looked at before it), the flop's Play wagers (the hands in view)."""
        return _BEFORE[self]

    @property
    def rule(self) -> str:
        """The document that prohibits it, in the language spoken."""
        return _(_RULES[self])


_STOPS = {Prohibited.LATE_WAGER: Stop.REFUSE_LATE_WAGER, Prohibited.BACK_LINE: Stop.REFUSE_BACK_LINE,
          Prohibited.OTHER_HAND: Stop.STOP_SIDE_BET, Prohibited.HOUSE_HAND: Stop.STOP_SIDE_BET,
          Prohibited.BETWEEN_PLAYERS: Stop.STOP_SIDE_BET, Prohibited.CARDS_OFF_TABLE: Stop.CARDS_ON_TABLE}
_BEFORE = {Prohibited.LATE_WAGER: Stage.DEAL, Prohibited.BACK_LINE: Stage.DEAL,
           Prohibited.OTHER_HAND: Stage.FLOP_PLAY, Prohibited.HOUSE_HAND: Stage.FLOP_PLAY,
           Prohibited.BETWEEN_PLAYERS: Stage.FLOP_PLAY, Prohibited.CARDS_OFF_TABLE: Stage.FLOP}
_RULES = {
    Prohibited.LATE_WAGER: N_("seed 001 Dealing Procedures 4 a; seed 003 Betting scheme 2 (no bets shall be made, "
                              "increased or withdrawn after \"No more bets\"); on a Washington table rules-notes §2"),
    Prohibited.BACK_LINE: N_("seed 001 Dealing Procedures 2 (back line wagering is not permitted)"),
    Prohibited.OTHER_HAND: N_("seed 002 Additional Rules; seed 004 Additional Rules (players may not wager on other "
                              "player's hands)"),
    Prohibited.HOUSE_HAND: N_("seed 002 Additional Rules; seed 004 Additional Rules (players may not wager on the "
                              "house's hand)"),
    Prohibited.BETWEEN_PLAYERS: N_("seed 002 Additional Rules; seed 004 Additional Rules (side bets between players "
                                   "are prohibited)"),
    Prohibited.CARDS_OFF_TABLE: N_("seed 001 Dealing Procedures 16; seed 003 Round of Play 8 (the cards must not be "
                                   "removed from the table)"),
}
_SHOWN = {
    Prohibited.LATE_WAGER: N_("after \"No more bets\", the player in seat {seat} slides {amount} onto the Trips spot"),
    Prohibited.BACK_LINE: N_("a spectator standing behind seat {seat} puts {amount} beside seat {seat}'s Ante"),
    Prohibited.OTHER_HAND: N_("the player in seat {seat} puts {amount} forward on seat {other}'s hand beating the "
                              "dealer"),
    Prohibited.HOUSE_HAND: N_("the player in seat {seat} puts {amount} forward on the dealer's hand"),
    Prohibited.BETWEEN_PLAYERS: N_("the players in seats {seat} and {other} bet {amount} between themselves on who "
                                   "has the better hand"),
    Prohibited.CARDS_OFF_TABLE: N_("the player in seat {seat} lifts the cards off the table into the lap to look at "
                                   "them"),
}


@dataclass(frozen=True)
class ProtectionAttempt:
    """``kind`` attempted by ``seat`` (with ``other`` and ``amount`` where the act has them)."""

    kind: Prohibited
    seat: int
    other: int | None = None
    amount: Decimal = Decimal(5)

    def shown(self) -> str:
        """What the table shows, in the language spoken."""
        return _(_SHOWN[self.kind]).format(seat=self.seat, other=self.other, amount=format_money(self.amount))


def kinds_for(house: bool) -> tuple[Prohibited, ...]:
    """The acts the table's own documents prohibit: the Washington documents' on a house table (and the call every
    table makes), the California documents' on a player-dealer table."""
    if house:
        return (Prohibited.LATE_WAGER, Prohibited.OTHER_HAND, Prohibited.HOUSE_HAND, Prohibited.BETWEEN_PLAYERS)
    return (Prohibited.LATE_WAGER, Prohibited.BACK_LINE, Prohibited.CARDS_OFF_TABLE)


def protection_attempt(played: PlayedRound, rng: random.Random, kind: Prohibited | None = None) -> ProtectionAttempt:
    """One attempt for ``played`` (``kind`` when the table's documents prohibit it, else one drawn among those)."""
    kinds = kinds_for(played.table.is_house)
    chosen = kind if kind in kinds else rng.choice(kinds)
    seats = sorted(hand.seat for hand in played.hands)
    seat = rng.choice(seats)
    others = [other for other in seats if other != seat]
    other = rng.choice(others) if others else None
    if chosen in (Prohibited.OTHER_HAND, Prohibited.BETWEEN_PLAYERS) and other is None:
        chosen = Prohibited.HOUSE_HAND
    return ProtectionAttempt(chosen, seat, other, Decimal(rng.choice((5, 10, 25))))


def read_stop(text: str) -> Stop | None:
    """``stop the late wager``, ``refuse back line``, ``stop side bet``, ``keep the cards on the table``: the stop
    named (None when the line names none, or more than one)."""
    words = set(plain(text).replace(",", " ").replace("-", " ").split())
    found = [stop for stop, names in STOP_WORDS.items() if words & names]
    return found[0] if len(found) == 1 else None
