"""A whole round at a table: wagers, the deal, the simulated players' decisions, the settlement.

:func:`play_round` plays one round from a shuffled deck; :class:`RoundDealer` plays rounds one after another
the way a real table runs: the two decks alternate, the player-dealer button rotates, the meter carries over.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.engine.cards import Card
from trainer.engine.dealing import Deal, DeckPair, Procedure, deal
from trainer.engine.settlement import SeatHand, Settlement, settle
from trainer.engine.strategy import STREETS, BasicStrategy, CarelessStrategy, Strategy, Street
from trainer.engine.table import Banking, TableRules
from trainer.i18n.translation import _

COMMUNITY_SEEN: Mapping[str, int] = {"preflop": 0, "flop": 3, "river": 5}
SIDE_BETS = ("trips", "bad_beat", "pairs", "progressive")
MAX_CONSECUTIVE_BANKS = 2
PROGRESSIVE_STAKES = (Decimal(1), Decimal(5))
"""The fixed amounts a Progressive wager may be (rules-notes §3: a fixed amount); a table takes the first its limits
allow."""


def progressive_stake(min_wager: Decimal | None, max_wager: Decimal | None) -> Decimal | None:
    """The table's fixed Progressive amount: the first of :data:`PROGRESSIVE_STAKES` within its limits (None: its
    limits allow none, so no Progressive is bet).

    >>> progressive_stake(Decimal(1), Decimal(500)), progressive_stake(Decimal(5), Decimal(500))
    (Decimal('1'), Decimal('5'))
    >>> progressive_stake(Decimal(25), Decimal(1000)) is None
    True
    """
    return next((stake for stake in PROGRESSIVE_STAKES if (min_wager is None or stake >= min_wager)
                 and (max_wager is None or stake <= max_wager)), None)


def play_within_maximum(multiple: int, street: Street, ante: Decimal, maximum: Decimal | None) -> int:
    """The Play a simulated player makes at a table whose maximum may not take the one it chose: 3x for a 4x
    that does not fit, else a check (the river's 1x always fits: the Ante is within the limits).

    >>> play_within_maximum(4, "preflop", Decimal(100), Decimal(300)), play_within_maximum(2, "flop", Decimal(100),
    ...                                                                                   Decimal(150))
    (3, 0)
    """
    if maximum is None or ante * multiple <= maximum:
        return multiple
    return 3 if street == "preflop" and ante * 3 <= maximum else 0
"""The player-dealer banks at most two consecutive rounds (seeds 001, 003)."""


@dataclass(frozen=True)
class Bets:
    """A seat's wagers before the deal (the Blind equals the Ante)."""

    seat: int
    ante: Decimal
    trips: Decimal = Decimal(0)
    bad_beat: Decimal = Decimal(0)
    pairs: Decimal = Decimal(0)
    progressive: Decimal = Decimal(0)


@dataclass(frozen=True)
class Decision:
    """A player's decision: the Play wager in Antes on ``street`` (0 = check, or fold on the river)."""

    seat: int
    street: Street
    multiple: int

    @property
    def is_fold(self) -> bool:
        return self.street == "river" and self.multiple == 0


@dataclass(frozen=True)
class PlayedRound:
    """Everything that happened in a round, in order, with the engine's settlement."""

    number: int
    table: TableRules
    procedure: Procedure
    deal: Deal
    bets: tuple[Bets, ...]
    decisions: tuple[Decision, ...]
    hands: tuple[SeatHand, ...]
    settlement: Settlement
    deck_colour: str = "red"

    @property
    def folded(self) -> frozenset[int]:
        return frozenset(hand.seat for hand in self.hands if hand.folded)

    @property
    def collection_fee(self) -> Decimal | None:
        return self.settlement.collection_fee

    def decisions_on(self, street: Street) -> tuple[Decision, ...]:
        return tuple(decision for decision in self.decisions if decision.street == street)


def play_round(
    table: TableRules,
    procedure: Procedure,
    deck: Sequence[Card],
    bets: Sequence[Bets],
    strategies: Mapping[int, Strategy] | Strategy,
    *,
    number: int = 1,
    deck_colour: str = "red",
) -> PlayedRound:
    """Deal ``deck`` to the seats of ``bets`` by ``procedure``, let each seat's strategy decide street by street
    (first base first, a Play the table's maximum cannot take made smaller: :func:`play_within_maximum`), and
    settle."""
    dealt = deal(procedure, deck, [bet.seat for bet in bets])
    decisions: list[Decision] = []
    plays: dict[int, int] = {}
    for street in STREETS:
        board = dealt.board[: COMMUNITY_SEEN[street]]
        for bet in sorted(bets, key=lambda b: b.seat):
            if bet.seat in plays:
                continue
            strategy = strategies if not isinstance(strategies, Mapping) else strategies[bet.seat]
            multiple = play_within_maximum(strategy.decide(street, dealt.hands[bet.seat], board), street, bet.ante,
                                           table.max_wager)
            decisions.append(Decision(bet.seat, street, multiple))
            if multiple:
                plays[bet.seat] = multiple
    hands = tuple(
        SeatHand(
            seat=bet.seat, hole=dealt.hands[bet.seat], ante=bet.ante, blind=bet.ante,
            play=bet.ante * plays.get(bet.seat, 0), trips=bet.trips, bad_beat=bet.bad_beat, pairs=bet.pairs,
            progressive=bet.progressive,
        )
        for bet in bets
    )
    result = settle(table, dealt.dealer, dealt.board, hands)
    return PlayedRound(number, table, procedure, dealt, tuple(bets), tuple(decisions), hands, result, deck_colour)


class RoundDealer:
    """Rounds one after another at one table, with simulated players.

    ``seat_count`` is the number of player seats on a house table (1..7) or of positions on a player-dealer
    table (6 or 8, the player-dealer's included). Each round most seats play (a seat sits out now and then),
    bets are chip amounts within the limits, and the side bets are those ``side_bets`` offers.
    """

    def __init__(
        self,
        table: TableRules,
        procedure: Procedure,
        seat_count: int,
        rng: random.Random,
        *,
        careless: bool = False,
        side_bets: Collection[str] = ("trips", "bad_beat"),
        min_wager: Decimal = Decimal(5),
        max_wager: Decimal = Decimal(500),
        player_dealer_bank: Decimal = Decimal(1000),
        deck_colours: tuple[str, str] = ("red", "blue"),
        sit_out_rate: float = 0.1,
        meter_contribution: Decimal = Decimal("0.25"),
    ) -> None:
        unknown = set(side_bets) - set(SIDE_BETS)
        if unknown:
            raise ValueError(_("unknown side bet {bet!r} (known: {known})").format(
                bet=sorted(unknown)[0], known=", ".join(SIDE_BETS)))
        if min_wager <= 0 or max_wager < min_wager:
            raise ValueError(_("table limits {min_wager}..{max_wager} are not a range of positive amounts").format(
                min_wager=min_wager, max_wager=max_wager))
        self.table = replace(table, min_wager=min_wager, max_wager=max_wager)
        if not self.table.is_house:
            self.table = replace(self.table, player_dealer_bank=player_dealer_bank)
        self.procedure = procedure
        self.seat_count = seat_count
        self.rng = rng
        self.side_bets = frozenset(side_bets) if table.is_house else frozenset(side_bets) & {"trips", "bad_beat"}
        self.min_wager, self.max_wager = min_wager, max_wager
        self.decks = DeckPair(rng, deck_colours)
        self.sit_out_rate = sit_out_rate
        self.meter = table.progressive_meter if table.progressive_meter is not None else table.progressive_seed
        self.meter_contribution = meter_contribution
        self.player_dealer_seat = 1
        self.consecutive_banks = 0
        self.strategy: Strategy = CarelessStrategy(rng, 0.25) if careless else BasicStrategy()
        self.rounds_played = 0

    def next_player_dealer(self) -> int | None:
        """The seat that banks the coming round: the button moves clockwise after two consecutive rounds."""
        if self.table.banking is Banking.HOUSE:
            return None
        if self.consecutive_banks >= MAX_CONSECUTIVE_BANKS:
            self.player_dealer_seat = self.player_dealer_seat % self.seat_count + 1
            self.consecutive_banks = 0
        self.consecutive_banks += 1
        return self.player_dealer_seat

    def next_round(self) -> PlayedRound:
        """Shuffle in the next deck, take bets, deal, play and settle one round."""
        banker = self.next_player_dealer()
        seats = self._seats_in_play(banker)
        bets = tuple(self.random_bets(seat) for seat in seats)
        progressive_total = sum((bet.progressive for bet in bets), Decimal(0))
        self.meter += progressive_total * self.meter_contribution
        table = replace(self.table, player_dealer_seat=banker, progressive_meter=self.meter)
        swap = self.decks.start_round()
        played = play_round(
            table, self.procedure, swap.deck, bets, self.strategy, number=swap.round_number,
            deck_colour=swap.in_play,
        )
        self.decks.end_round()
        if played.settlement.progressive_meter is not None:
            self.meter = played.settlement.progressive_meter
        self.rounds_played += 1
        return played

    def _seats_in_play(self, banker: int | None) -> list[int]:
        candidates = [seat for seat in range(1, self.seat_count + 1) if seat != banker]
        seats = [seat for seat in candidates if self.rng.random() >= self.sit_out_rate]
        return seats or [self.rng.choice(candidates)]

    def random_bets(self, seat: int) -> Bets:
        """Realistic chip amounts: an Ante that leaves room for a 4x Play, side bets now and then."""
        ante = self._amount(self.min_wager, max(self.min_wager, self.max_wager / 4))
        trips = bad_beat = pairs = progressive = Decimal(0)
        if "trips" in self.side_bets and self.rng.random() < 0.6:
            trips = self._amount(self.min_wager, min(self.max_wager, ante * 2))
            if "bad_beat" in self.side_bets and self.rng.random() < 0.4:
                bad_beat = self._amount(self.min_wager, min(self.max_wager, ante))
        if "pairs" in self.side_bets and self.rng.random() < 0.35:
            pairs = self._amount(self.min_wager, min(self.max_wager, ante))
        stake = progressive_stake(self.min_wager, self.max_wager)
        if "progressive" in self.side_bets and stake is not None and self.rng.random() < 0.5:
            progressive = stake
        return Bets(seat, ante, trips, bad_beat, pairs, progressive)

    def _amount(self, low: Decimal, high: Decimal) -> Decimal:
        """A round chip amount between ``low`` and ``high``, small amounts more often."""
        steps = [Decimal(v) for v in (1, 2, 3, 4, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 500, 1000)]
        choices = [low * step for step in steps if low * step <= high] or [low]
        weights = [1 / (index + 1) for index in range(len(choices))]
        return self.rng.choices(choices, weights)[0]
