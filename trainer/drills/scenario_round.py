"""A built round (:class:`Scenario`) and the builder the situations use to put one together.

A scenario is a whole round a dealer could meet: the table's rules, the dealing procedure, the seats with their
cards, wagers and decisions, the dealer's cards, the board, and the full deck in the order the procedure deals
it (so the animated table can deal exactly this hand). Its settlement is the engine's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_CEILING, Decimal
from functools import cached_property

from trainer.drills.scenario_cards import Hole, ScenarioError, Shoe
from trainer.engine.cards import Card, format_cards
from trainer.engine.dealing import Deal, Procedure, deal, deal_order
from trainer.engine.games import Game, game_named, games
from trainer.engine.paytables import load_paytables
from trainer.engine.round import Decision
from trainer.engine.settlement import Settlement, format_money, settle
from trainer.engine.strategy import BasicStrategy, play_hand
from trainer.engine.table import TableRules
from trainer.engine.wagers import SeatHand, Wager
from trainer.engine.words import schedule_name
from trainer.i18n.translation import N_, _

ANTES = tuple(Decimal(v) for v in (5, 5, 10, 10, 15, 20, 25, 25, 30, 40, 50, 75, 100))
BIG_ANTES = tuple(Decimal(v) for v in (100, 100, 125, 150, 200, 250, 300, 400, 500))
"""Antes for a table whose limit per spot starts at $100 (seed 003, option 3)."""
SIDE_AMOUNTS = tuple(Decimal(v) for v in (1, 2, 3, 5, 5, 7, 10, 10, 15, 20, 25))
PROGRESSIVE_AMOUNTS = (Decimal(1), Decimal(5))
"""The fixed Progressive amounts a table may take: one of them per table (rules-notes §3)."""
PLAYS: tuple[tuple[int, str], ...] = (
    (4, "preflop"), (4, "preflop"), (4, "preflop"), (3, "preflop"), (2, "flop"), (2, "flop"), (1, "river"),
    (1, "river"),
)
"""Play wagers a seat that plays may make, with the street, weighted roughly as players make them."""
STREET_WORDS = {"preflop": N_("before the flop"), "flop": N_("on the flop"), "river": N_("on the river")}
UNLIMITED_BANK = Decimal(10) ** 9
"""A bank no round can reach: to see what a round would move with no limit."""


@dataclass(frozen=True)
class Scenario:
    """One round built for a situation; ``focus_seat`` / ``focus_wager`` name what the situation is about."""

    situation: str
    variant: str
    table: TableRules
    procedure: Procedure
    seats: tuple[SeatHand, ...]
    dealer: Hole
    board: tuple[Card, ...]
    deck: tuple[Card, ...]
    streets: tuple[tuple[int, str | None], ...] = ()
    focus_seat: int | None = None
    focus_wager: Wager | None = None
    note: str = ""
    seed: int | None = field(default=None, compare=False)

    @cached_property
    def settlement(self) -> Settlement:
        """The engine's settlement of this round: the answer key."""
        return settle(self.table, self.dealer, self.board, self.seats)

    def deal(self) -> Deal:
        """The deal of :attr:`deck` by :attr:`procedure` (it gives exactly these hands, dealer and board)."""
        return deal(self.procedure, self.deck, [seat.seat for seat in self.seats])

    def seat(self, number: int) -> SeatHand:
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise KeyError(f"seat {number} is not in this round")

    def street_of(self, number: int) -> str | None:
        """The street on which the seat made its Play wager (None: it folded)."""
        return dict(self.streets).get(number)

    def decisions(self) -> tuple[Decision, ...]:
        """Each seat's decisions street by street (first base first), as the engine records them."""
        out: list[Decision] = []
        for street in ("preflop", "flop", "river"):
            for seat in sorted(self.seats, key=lambda s: s.seat):
                made = self.street_of(seat.seat)
                if made is not None and _street_index(made) < _street_index(street):
                    continue
                multiple = int(seat.play / seat.ante) if made == street else 0
                out.append(Decision(seat.seat, street, multiple))
        return tuple(out)

    def describe_play(self, number: int) -> str:
        """``Play $40 (4x before the flop)`` or ``folded on the river``."""
        seat = self.seat(number)
        street = self.street_of(number)
        if seat.folded or street is None:
            return _("folded on the river")
        multiple = int(seat.play / seat.ante)
        return _("Play {amount} ({multiple}x {street})").format(amount=format_money(seat.play), multiple=multiple,
                                                              street=_(STREET_WORDS[street]))


def _street_index(street: str) -> int:
    return ("preflop", "flop", "river").index(street)


def house_table(rng: random.Random, **changes: object) -> TableRules:
    """A Washington table (game ``wa``) with pay tables drawn from those the game offers and a progressive meter."""
    game = game_named("wa")
    table = game.table_rules(
        trips_paytable=rng.choice(game.trips_paytables),
        bad_beat_paytable=rng.choice(game.bad_beat_paytables),
        pairs_paytable=rng.choice(game.pairs_paytables),
        progressive_meter=Decimal(rng.randrange(10_000, 80_000, 25)),
    )
    return replace(table, **changes)  # type: ignore[arg-type]


def player_dealer_game(rng: random.Random, needs: Iterable[str] = ()) -> Game:
    """One of the two California games (rules-notes §1b), drawn from ``rng``, that offers every side bet of
    ``needs``."""
    wanted = set(needs)
    return rng.choice([game for game in games() if not game.is_house and wanted <= set(game.side_bets)])


def player_dealer_table(
    rng: random.Random, seat: int, bank: Decimal | None = None, *, game: Game | None = None, **changes: object
) -> TableRules:
    """A table of a California game (drawn when not given) with the player-dealer in ``seat``: the game's pay
    tables, one of its fee options, and limits inside the option's limit per spot (seed 003) or the game's
    range of table limits (seed 001)."""
    game = game or player_dealer_game(rng)
    schedule = str(changes.pop("collection_schedule", None) or rng.choice(game.fee_schedules))
    low, high = game.wager_limits(schedule)
    if game.min_wager_range is not None:
        low, high = Decimal(rng.choice((1, 2, 5))), Decimal(rng.choice((1000, 2000, 5000)))
    table = game.table_rules(
        player_dealer_seat=seat,
        player_dealer_bank=bank if bank is not None else Decimal(rng.choice((2000, 3000, 5000))),
        collection_schedule=schedule,
        min_wager=low,
        max_wager=high,
    )
    return replace(table, **changes)  # type: ignore[arg-type]


def california_table(
    rng: random.Random, place: Callable[[int], int] | None = None, bank: Decimal | None = None,
    needs: Iterable[str] = (), **changes: object,
) -> TableRules:
    """A table of a California game offering ``needs``, the player-dealer at ``place(positions)`` (at random when
    not given)."""
    game = player_dealer_game(rng, needs)
    seat = place(game.positions) if place is not None else rng.randint(1, game.positions)
    return player_dealer_table(rng, seat, bank, game=game, **changes)


def table_game(table: TableRules) -> Game:
    """The game a drill's table is (every drill table names one)."""
    if table.game is None:
        raise ScenarioError("a drill's table must be a table of one of the documents' games")
    return game_named(table.game)


def open_seats(table: TableRules) -> list[int]:
    """The seat numbers a player may take: 1..7 on a house table, the positions but the player-dealer's."""
    return table_game(table).seat_numbers(None if table.is_house else table.player_dealer_seat)


def fit_amount(table: TableRules, choices: Sequence[Decimal], rng: random.Random) -> Decimal:
    """An amount drawn from ``choices`` within the table's limits (its minimum and its multiples when none fits)."""
    low, high = table.min_wager or Decimal(0), table.max_wager
    fitting = [amount for amount in choices if amount >= low and (high is None or amount <= high)]
    return rng.choice(fitting or [low * multiple for multiple in (1, 1, 2, 3, 4)])


def fit_ante(table: TableRules, rng: random.Random) -> Decimal:
    """An Ante the table's limits allow with room for a 4x Play."""
    low, high = table.min_wager or Decimal(0), table.max_wager
    top = None if high is None else high / 4
    fitting = [ante for ante in ANTES if ante >= low and (top is None or ante <= top)]
    if not fitting:
        fitting = [ante for ante in BIG_ANTES if ante >= low and (top is None or ante <= top)] or [low]
    return rng.choice(fitting)


class RoundBuilder:
    """Puts a scenario together: board, dealer, seats (key seats first), then fillers and the deck."""

    def __init__(self, rng: random.Random, table: TableRules, procedure: Procedure | None = None) -> None:
        self.rng = rng
        self.table = table
        self.game = table_game(table)
        if procedure is None:
            procedure = rng.choice(sorted(self.game.procedures))
        self.procedure = procedure
        self.shoe = Shoe(rng)
        self.board: list[Card] = []
        self.dealer: Hole | None = None
        self.seats: dict[int, SeatHand] = {}
        self.streets: dict[int, str | None] = {}
        self.progressive_stake: Decimal | None = None
        """The table's one Progressive amount (rules-notes §3: a fixed amount), set by the first seat that bets it."""

    # -- wagers --------------------------------------------------------------------------------------------

    def side_bets(self, side: Iterable[str], ante: Decimal) -> dict[str, Decimal]:
        rng, table = self.rng, self.table
        amounts: dict[str, Decimal] = {}
        for name in side:
            if name not in self.game.side_bets:
                raise ScenarioError(f"{self.game.name} does not offer {name}")
            if name == "progressive":
                drawn = rng.choice(PROGRESSIVE_AMOUNTS)
                if self.progressive_stake is None:
                    self.progressive_stake = drawn
                amounts[name] = self.progressive_stake
            elif name == "pairs":
                amounts[name] = fit_amount(table, SIDE_AMOUNTS, rng)
            else:
                amounts[name] = fit_amount(table, [a for a in SIDE_AMOUNTS if a <= ante * 2], rng)
        if "bad_beat" in amounts and "trips" not in amounts:
            amounts["trips"] = fit_amount(table, SIDE_AMOUNTS, rng)
        return amounts

    def random_side(self, rate: float = 0.4) -> list[str]:
        """Side bets drawn at ``rate`` each, among those the table's game offers."""
        return [name for name in self.game.side_bets if self.rng.random() < rate]

    # -- seats ---------------------------------------------------------------------------------------------

    def add_seat(
        self,
        number: int,
        hole: Hole,
        *,
        play: str | int = "any",
        side: Iterable[str] = (),
        ante: Decimal | None = None,
        amounts: Mapping[str, Decimal] | None = None,
    ) -> SeatHand:
        """Seat ``number`` with ``hole``. ``play``: ``"play"`` (a random Play wager), ``"fold"``, ``"any"``
        (the simple strategy decides, which needs the board) or a multiple of the Ante."""
        if number in self.seats:
            raise ScenarioError(f"seat {number} is taken")
        ante = ante if ante is not None else fit_ante(self.table, self.rng)
        bets = dict(self.side_bets(side, ante))
        bets.update({name: self._within_limits(amount) for name, amount in (amounts or {}).items()})
        multiple, street = self._decide(hole, play)
        seat = SeatHand(
            seat=number, hole=hole, ante=ante, blind=ante, play=ante * multiple, trips=bets.get("trips", Decimal(0)),
            bad_beat=bets.get("bad_beat", Decimal(0)), pairs=bets.get("pairs", Decimal(0)),
            progressive=bets.get("progressive", Decimal(0)),
        )
        self.seats[number] = seat
        self.streets[number] = street
        return seat

    def _within_limits(self, amount: Decimal) -> Decimal:
        low, high = self.table.min_wager, self.table.max_wager
        if low is not None and 0 < amount < low:
            return low
        return amount if high is None else min(amount, high)

    def _decide(self, hole: Hole, play: str | int) -> tuple[int, str | None]:
        if play == "fold":
            return 0, None
        if play == "play":
            return self.rng.choice(PLAYS)
        if isinstance(play, int):
            return play, {4: "preflop", 3: "preflop", 2: "flop", 1: "river"}.get(play)
        if len(self.board) != 5:
            raise ScenarioError("the simple strategy needs the whole board")
        multiple, street = play_hand(BasicStrategy(), hole, self.board)
        return multiple, street

    def fillers(
        self, numbers: Iterable[int], *, play: str = "any", side_rate: float = 0.4, folds: Collection[int] = ()
    ) -> None:
        """Seats with random cards and wagers, playing as ``play`` says (the simple strategy by default); the
        seats in ``folds`` fold."""
        for number in numbers:
            first, second = self.shoe.draw(2)
            self.add_seat(number, (first, second), play="fold" if number in folds else play,
                          side=self.random_side(side_rate))

    def random_dealer(self) -> Hole:
        first, second = self.shoe.draw(2)
        self.dealer = (first, second)
        return self.dealer

    # -- the result ----------------------------------------------------------------------------------------

    def finish(
        self,
        situation: str,
        variant: str,
        *,
        focus_seat: int | None = None,
        focus_wager: Wager | None = None,
        note: str = "",
        table: TableRules | None = None,
        ample_bank: bool = True,
    ) -> Scenario:
        """The scenario. On a player-dealer table the bank is raised, when ``ample_bank``, to a round sum that
        covers every wager, so that coverage comes up only in the situations about it."""
        if self.dealer is None or len(self.board) != 5 or not self.seats:
            raise ScenarioError("a scenario needs the dealer's cards, five community cards and a seat")
        seats = tuple(self.seats[number] for number in sorted(self.seats))
        table = table or self.table
        if ample_bank and not table.is_house:
            table = replace(table, player_dealer_bank=self._ample_bank(table, seats))
        return Scenario(
            situation=situation,
            variant=variant,
            table=table,
            procedure=self.procedure,
            seats=seats,
            dealer=self.dealer,
            board=tuple(self.board),
            deck=self._deck(seats),
            streets=tuple(sorted(self.streets.items())),
            focus_seat=focus_seat,
            focus_wager=focus_wager,
            note=note,
        )

    def _ample_bank(self, table: TableRules, seats: Sequence[SeatHand]) -> Decimal:
        assert self.dealer is not None
        free = settle(replace(table, player_dealer_bank=UNLIMITED_BANK), self.dealer, self.board, seats)
        running, reach = Decimal(0), Decimal(0)
        for step in free.procedure:
            running -= step.net
            reach = max(reach, abs(running))
        bank = table.player_dealer_bank or Decimal(0)
        if bank > reach:
            return bank
        return (reach / 1000).to_integral_value(rounding=ROUND_CEILING) * 1000 + 1000

    def _deck(self, seats: Sequence[SeatHand]) -> tuple[Card, ...]:
        """The deck, top first, that the procedure deals into exactly these cards."""
        assert self.dealer is not None
        rest = list(self.shoe.left)
        self.rng.shuffle(rest)
        rack = iter(rest)
        holes = {seat.seat: seat.hole for seat in seats}
        deck: list[Card] = []
        for target in deal_order(self.procedure, holes):
            if target.kind == "seat":
                assert target.seat is not None
                deck.append(holes[target.seat][target.slot])
            elif target.kind == "dealer":
                deck.append(self.dealer[target.slot])
            elif target.kind == "board":
                deck.append(self.board[target.slot])
            else:
                deck.append(next(rack))
        return tuple(deck)


def table_text(scenario: Scenario, *, show_dealer: bool = True) -> str:
    """The round as a dealer sees it at settlement time, in plain text."""
    table = scenario.table
    lines = [table_line(scenario)]
    board = scenario.board
    lines.append(_("Board:   {flop} | {turn} | {river}").format(flop=format_cards(board[:3]), turn=board[3],
                                                                river=board[4]))
    if show_dealer:
        who = _("Dealer") if table.is_house else _("Player-dealer (seat {seat})").format(seat=table.player_dealer_seat)
        lines.append(f"{who}: {format_cards(scenario.dealer)}")
    for seat in scenario.seats:
        wagers = [f"{Wager.ANTE.label} {format_money(seat.ante)}", f"{Wager.BLIND.label} {format_money(seat.blind)}",
                  scenario.describe_play(seat.seat)]
        wagers += [f"{wager.label} {format_money(seat.stake(wager))}"
                   for wager in (Wager.TRIPS, Wager.BAD_BEAT, Wager.PAIRS, Wager.PROGRESSIVE) if seat.stake(wager)]
        lines.append(_("Seat {seat}: {cards}   {wagers}").format(seat=seat.seat, cards=format_cards(seat.hole),
                                                                 wagers=", ".join(wagers)))
    return "\n".join(lines)


def table_line(scenario: Scenario) -> str:
    """The table's banking, pay tables in play, meter, bank and fee schedule, on one line."""
    table = scenario.table
    parts = [table.banking.label, f"Trips {table.trips_paytable}"]  # the pay tables by their names, as Settings
    seats = scenario.seats
    if any(seat.bad_beat for seat in seats):
        parts.append(f"Bad Beat {table.bad_beat_paytable}")
    if any(seat.pairs for seat in seats):
        parts.append(f"Ultimate Pairs {table.pairs_paytable}")
    if any(seat.progressive for seat in seats) and table.progressive_meter is not None:
        parts.append(_("Progressive {table} (meter {meter})").format(table=table.progressive_paytable,
                                                                     meter=format_money(table.progressive_meter)))
    if not table.is_house:
        assert table.player_dealer_bank is not None
        parts.append(_("bank {amount}").format(amount=format_money(table.player_dealer_bank)))
        if table.collection_schedule:
            parts.append(schedule_name(load_paytables().collection(table.collection_schedule).title))
    return " · ".join(parts)


class DoesNotFitError(Exception):
    """This attempt's cards do not fit the situation: build again, drawing on from the same random source."""


def need(value: Hole | None) -> Hole:
    """The hole cards found, or start the attempt again."""
    if value is None:
        raise DoesNotFitError
    return value


def with_retries(make: Callable[[], Scenario], tries: int = 200) -> Scenario:
    """Run ``make`` until an attempt fits (each attempt is a construction, rarely more than two are needed)."""
    for __ in range(tries):
        try:
            return make()
        except DoesNotFitError:
            continue
    raise ScenarioError(f"no fitting cards after {tries} attempts")
