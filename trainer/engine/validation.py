"""Checks that a round can be settled, with a message in dealer English naming the field and the problem."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from trainer.engine.cards import Card, CardError, parse_cards
from trainer.engine.errors import RoundError as RoundError  # re-exported: where the checks are, their error
from trainer.engine.games import game_named
from trainer.engine.table import HOUSE_SEATS, WAGER_ORDER, TableRules
from trainer.i18n.translation import _

if TYPE_CHECKING:
    from trainer.engine.wagers import SeatHand

PLAY_MULTIPLES = (0, 1, 2, 3, 4)
MAX_POSITION = 8


def check_round(
    table: TableRules, dealer: Sequence[Card | str], board: Sequence[Card | str], seats: Sequence[SeatHand], *,
    amounts_read: bool = False,
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[SeatHand, ...]]:
    """Validate the table, the cards and every wager; returns the dealer's and the board's cards and the seats
    with their hole cards read as :class:`Card`. ``amounts_read``: every wager was read by the JSON reader
    (:func:`trainer.settle_io.amount`: a finite amount, not negative), which is not checked again."""
    if _table_passes(table):  # only the checks that look at the seats are left, in the same order
        _check_meter(table, seats)
        if table.game is not None:
            game_named(table.game).check_seats(table, seats)
    else:
        check_table(table, seats)
        check_game(table, seats)
    dealer_cards = _cards("dealer", dealer, 2)
    board_cards = _cards("board", board, 5)
    seen: dict[Card, str | int] = {card: "dealer" for card in dealer_cards}  # where each card is: a seat's index
    for card in board_cards:
        _unique(seen, card, "board")
    if not seats:
        raise RoundError("seats", _("no seat is in play (at least one seat needs an Ante and a Blind)"))
    numbers: set[int] = set()
    checked: list[SeatHand] = []
    highest = HOUSE_SEATS if table.is_house else MAX_POSITION
    for index, seat in enumerate(seats):
        where = f"seats[{index}]"
        number = seat.seat
        if type(number) is not int or not 1 <= number <= highest:
            check_seat_number(table, number, f"{where}.seat")
        if number in numbers:
            raise RoundError(f"{where}.seat", _("seat {seat} appears twice").format(seat=number))
        numbers.add(number)
        hole: tuple[Card, ...] = seat.hole
        read = _read_already(hole)
        if not read:
            hole = _cards(f"{where}.hole", hole, 2)
        for card in hole:
            if card in seen:
                _unique(seen, card, f"{where}.hole")
            seen[card] = index
        check_wagers(table, seat, where, amounts_read=amounts_read)
        checked.append(seat if read else replace(seat, hole=(hole[0], hole[1])))
    return dealer_cards, board_cards, tuple(checked)


_PASSED: dict[int, tuple[TableRules, int]] = {}
"""Tables whose own checks (those that do not look at the seats) passed, by identity, with the pay tables'
version they passed with (the entry holds the table, so the identity is not reused while it is kept)."""


def _table_passes(table: TableRules) -> bool:
    """True when ``table``'s own checks pass (noted, for the next round at the same table)."""
    found = _PASSED.get(id(table))
    version = table.paytables.version
    if found is not None and found[0] is table and found[1] == version:
        return True
    try:
        check_table(table, ())
        check_game(table, ())
    except RoundError:
        return False
    if len(_PASSED) >= 64:
        _PASSED.clear()
    _PASSED[id(table)] = (table, version)
    return True


def check_table(table: TableRules, seats: Sequence[SeatHand]) -> None:
    tables = table.paytables
    for kind, field, table_id in (
        ("trips", "trips_paytable", table.trips_paytable),
        ("bad_beat", "bad_beat_paytable", table.bad_beat_paytable),
        ("pairs", "pairs_paytable", table.pairs_paytable),
        ("progressive", "progressive_paytable", table.progressive_paytable),
    ):
        try:
            tables.get(kind, table_id)
        except KeyError as exc:
            raise RoundError(f"table.{field}", str(exc.args[0])) from None
    if table.collection_schedule is not None:
        try:
            tables.collection(table.collection_schedule)
        except KeyError as exc:
            raise RoundError("table.collection_schedule", str(exc.args[0])) from None
    for field in ("bad_beat_on_fold", "progressive_on_fold"):
        if getattr(table, field) not in ("action", "lose"):
            raise RoundError(f"table.{field}", _("{value!r} is not 'action' or 'lose'").format(
                value=getattr(table, field)))
    if sorted(table.wager_order) != sorted(WAGER_ORDER):
        raise RoundError("table.wager_order", _("must name each of {wagers} once").format(
            wagers=', '.join(WAGER_ORDER)))
    if table.progressive_seed < 0:
        raise RoundError("table.progressive_seed", _("must not be negative"))
    if table.min_wager is not None and table.max_wager is not None and table.min_wager > table.max_wager:
        raise RoundError("table.min_wager", _("is above the table maximum"))
    _check_meter(table, seats)
    if not table.is_house:
        if table.player_dealer_seat is None:
            raise RoundError("table.player_dealer_seat", _("is required on a player-dealer table"))
        check_seat_number(table, table.player_dealer_seat, "table.player_dealer_seat")
        if table.player_dealer_bank is None:
            raise RoundError("table.player_dealer_bank", _("is required on a player-dealer table"))
        if table.player_dealer_bank <= 0:
            raise RoundError("table.player_dealer_bank", _("must be more than 0"))


def _check_meter(table: TableRules, seats: Sequence[SeatHand]) -> None:
    if any(seat.progressive > 0 for seat in seats):
        if table.progressive_meter is None:
            raise RoundError("table.progressive_meter", _("is required when a Progressive wager is placed"))
        if table.progressive_meter < 0:
            raise RoundError("table.progressive_meter", _("must not be negative"))


def check_game(table: TableRules, seats: Sequence[SeatHand]) -> None:
    """A table that names its game (rules-notes §1b) may have only that game's pay tables, side bets, fee
    options, positions and limits; the refusal names the game and the field."""
    if table.game is None:
        return
    try:
        game = game_named(table.game)
    except KeyError as exc:
        raise RoundError("table.game", str(exc.args[0])) from None
    game.check_table(table, seats)


def check_seat_number(table: TableRules, seat: int, field: str) -> None:
    highest = HOUSE_SEATS if table.is_house else MAX_POSITION
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= highest:
        raise RoundError(field, _("{seat!r} is not a seat number 1..{highest}").format(seat=seat, highest=highest))


def check_wagers(table: TableRules, seat: SeatHand, where: str, *, amounts_read: bool = False) -> None:
    """Ante = Blind > 0, Play 0/1x/2x/3x/4x Ante, Bad Beat with Trips, side bets the table offers, limits
    (and that each wager is an amount, unless ``amounts_read``: the reader checked it)."""
    house = table.is_house
    if not house and seat.seat == table.player_dealer_seat:
        raise RoundError(f"{where}.seat",
                         _("seat {seat} is the player-dealer, who does not bet against the bank").format(
                             seat=seat.seat))
    values = (seat.ante, seat.blind, seat.play, seat.trips, seat.bad_beat, seat.pairs, seat.progressive)
    for name, value in () if amounts_read else zip(_WAGER_FIELDS, values, strict=True):
        if not isinstance(value, Decimal) or not value.is_finite():
            raise RoundError(f"{where}.{name}", _("{value!r} is not an amount").format(value=value))
        if value < 0:
            raise RoundError(f"{where}.{name}", _("{value} is negative").format(value=value))
    ante, blind, play = values[0], values[1], values[2]
    if ante <= 0:
        raise RoundError(f"{where}.ante", _("a seat in play needs an Ante"))
    if blind != ante:
        raise RoundError(f"{where}.blind", _("the Blind ({blind}) must equal the Ante ({ante})").format(blind=blind,
                                                                                                       ante=ante))
    if play and play != ante and play not in [ante * multiple for multiple in PLAY_MULTIPLES]:
        raise RoundError(f"{where}.play", _("{play} is not 0, 1x, 2x, 3x or 4x the Ante ({ante})").format(play=play,
                                                                                                         ante=ante))
    if seat.bad_beat > 0 and seat.trips <= 0:
        raise RoundError(f"{where}.bad_beat", _("a Bad Beat wager needs an Ante, a Blind and a Trips wager"))
    if not house:
        for name in ("pairs", "progressive"):
            if getattr(seat, name) > 0:
                raise RoundError(f"{where}.{name}", _not_offered(table, name))
    low, high = table.min_wager, table.max_wager
    if low is None and high is None:
        return
    for name, value in zip(_WAGER_FIELDS, values, strict=True):
        if value == 0:
            continue
        if low is not None and value < low:
            raise RoundError(f"{where}.{name}", _("{value} is below the table minimum {min_wager}").format(
                value=value, min_wager=low))
        if high is not None and value > high:
            raise RoundError(f"{where}.{name}", _("{value} is above the table maximum {max_wager}").format(
                value=value, max_wager=high))


_WAGER_FIELDS = ("ante", "blind", "play", "trips", "bad_beat", "pairs", "progressive")


def _not_offered(table: TableRules, name: str) -> str:
    """A side bet a player-dealer table refuses: its game's own side bets named when the table is one of them."""
    try:
        game = game_named(table.game) if table.game is not None else None
    except KeyError:
        game = None
    if game is None:
        return _("a player-dealer table offers only Trips and Bad Beat side bets")
    return game.not_offered(name)


def _cards(field: str, cards: Sequence[Card | str], count: int) -> tuple[Card, ...]:
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise RoundError(field, _("expected a list of {count} cards").format(count=count))
    try:
        parsed = parse_cards(cards)
    except CardError as exc:
        raise RoundError(field, str(exc)) from None
    if len(parsed) != count:
        raise RoundError(field, _("expected {count} cards, got {given}").format(count=count, given=len(parsed)))
    return parsed


def _read_already(given: object) -> bool:
    """True when the hole cards were given as a tuple of two cards (nothing to read or replace)."""
    return type(given) is tuple and len(given) == 2 and type(given[0]) is Card and type(given[1]) is Card \
        and given[0] != given[1]


def _unique(seen: dict[Card, str | int], card: Card, field: str) -> None:
    """Note where ``card`` is (``field``), or refuse it when it is somewhere already (a seat's place is its
    index: ``seats[2].hole``)."""
    if card in seen:
        place = seen[card]
        place = f"seats[{place}].hole" if isinstance(place, int) else place
        raise RoundError(field, _("duplicate card {card} (also in {place})").format(card=card, place=place))
    seen[card] = field
