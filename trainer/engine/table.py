"""The rules a table is set up with: banking model, pay tables, house-rule settings, limits.

Seats are numbered from the casino dealer's left (first base) to the right (third base) (rules-notes §1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Literal

from trainer.engine.paytables import PaytableRegistry, load_paytables
from trainer.i18n.translation import _

HOUSE_SEATS = 7
"""A house-banked table has up to seven player seats."""
PLAYER_DEALER_POSITIONS = (6, 8)
"""California tables: six positions in all (seed 001) or eight (seed 003), the player-dealer's among them."""

OnFold = Literal["action", "lose"]

WAGER_ORDER = ("ante", "play", "blind", "trips", "bad_beat", "pairs", "progressive")
"""The order a seat's wagers are settled in, by default (rules-notes §2; the documents leave it to the casino)."""


class Banking(StrEnum):
    """Who banks the game."""

    HOUSE = "house"
    """The casino banks every wager (Washington, seeds 002 and 004)."""
    PLAYER_DEALER = "player-dealer"
    """A seated player banks; the casino only collects a fee (California, seeds 001 and 003)."""

    @property
    def label(self) -> str:
        return _("House-banked") if self is Banking.HOUSE else _("Player-dealer (California)")


@dataclass(frozen=True)
class TableRules:
    """Everything about a table that decides how a round settles.

    ``progressive_meter`` is the meter before this round's settlement; ``progressive_seed`` what a 100 % award
    resets it to. ``game`` names the game of the documents the table is (``wa``, ``ca``, ``ca-bad-beat``,
    :mod:`trainer.engine.games`), checked at settlement; None is a room's own table. ``round_payouts_to``
    (None = exact) rounds every payout down to a multiple of the smallest chip.
    ``wager_order`` is the order of a seat's wagers, a casino's choice ("At the casino's discretion, the dealers
    can resolve the bets in the order the casino wishes", seeds 002 and 004); ``room_wager_order`` is True when
    the room set it, so that the quiz grades it (otherwise a house table's seat may be settled in any order).
    """

    banking: Banking = Banking.HOUSE
    trips_paytable: str = "UTH-01"
    bad_beat_paytable: str = "BBB-02"
    pairs_paytable: str = "1"
    progressive_paytable: str = "01"
    progressive_meter: Decimal | None = None
    progressive_seed: Decimal = Decimal(10000)
    player_dealer_seat: int | None = None
    player_dealer_bank: Decimal | None = None
    collection_schedule: str | None = None
    bad_beat_on_fold: OnFold = "action"
    progressive_on_fold: OnFold = "action"
    min_wager: Decimal | None = None
    max_wager: Decimal | None = None
    round_payouts_to: Decimal | None = None
    wager_order: tuple[str, ...] = WAGER_ORDER
    game: str | None = None
    room_wager_order: bool = False
    paytables: PaytableRegistry = field(default_factory=load_paytables, compare=False, repr=False)

    @property
    def is_house(self) -> bool:
        return self.banking is Banking.HOUSE

    @property
    def inscription(self) -> str:
        """The words the layout must bear (seeds 001 and 003; the house table's equivalent)."""
        who = "Dealer" if self.is_house else "Player-Dealer"
        return f"{who} only plays with a pair or higher"

    def settlement_order(self, seats: Sequence[int]) -> list[int]:
        """The occupied seats in the order a dealer settles them.

        House table: right to left, the highest seat first. Player-dealer table: from the player on the
        player-dealer's left (the next higher seat, wrapping to seat 1) clockwise (rules-notes §2).

        >>> TableRules().settlement_order([1, 4, 2])
        [4, 2, 1]
        >>> TableRules(banking=Banking.PLAYER_DEALER, player_dealer_seat=3).settlement_order([1, 2, 5, 6])
        [5, 6, 1, 2]
        """
        if self.is_house:
            return sorted(seats, reverse=True)
        start = self.player_dealer_seat or 0
        return sorted(seats, key=lambda seat: (seat - start) % 100)

    def fold_order(self, seats: Sequence[int]) -> list[int]:
        """Folded hands are collected in seat order, first base first (rules-notes §2, §4)."""
        return sorted(seats)

    def coin_in_order(self, seats: Sequence[int]) -> list[int]:
        """Progressive wagers leave the layout at COIN IN, before the deal: the dealer works left to right,
        seat 1 first, as the bets are placed (seed 002, rule 6)."""
        return sorted(seats)

