"""The ``settle`` JSON contract: a hand in, its settlement out (and a readable text form).

Training rooms feed whole logs through this, so the shapes here are a stable contract:

input   {"table": {...}, "dealer": [2 cards], "board": [5 cards], "seats": [{"seat", "hole", "ante", "blind",
        "play", "trips", "bad_beat", "pairs", "progressive"}]}
output  {"dealer": {"hand", "cards", "qualifies"}, "seats": [{"seat", "hand", "cards", "result", "wagers", "net"}],
         "procedure": [{"seat", "wager", "action", "amount", "phase"}], "player_dealer": {"seat", "net"} | null,
         "collection_fee": number | null, "game": "wa" | "ca" | "ca-bad-beat" | null}
        (+ "progressive_meter" when a Progressive wager was placed)

Every command that reads hands goes through :func:`read_hand` (JSON text to a checked :class:`Hand`, one
:class:`RoundError` naming the field otherwise): the JSON is read by :mod:`trainer.jsonin` (bounded numbers and
nesting, no key twice) and every amount must be one a table holds (:mod:`trainer.engine.amounts`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from sys import intern
from typing import Any

from trainer import jsonin
from trainer.engine.amounts import MAX_AMOUNT, SMALLEST_UNIT, check_amount
from trainer.engine.cards import FULL_DECK, Card, CardError, parse_card
from trainer.engine.games import read_game_key, request_table
from trainer.engine.paytables import PaytableRegistry, load_paytables
from trainer.engine.settlement import (
    Action,
    Outcome,
    SeatHand,
    Settlement,
    Step,
    Wager,
    WagerResult,
    format_money,
    settle,
    settle_checked,
)
from trainer.engine.table import Banking, TableRules
from trainer.engine.validation import RoundError, check_round
from trainer.engine.wagers import HandResult
from trainer.engine.words import hand_name
from trainer.i18n.translation import N_, _, pgettext, speaking
from trainer.jsonin import shown

TOP_KEYS = ("table", "dealer", "board", "seats")
SEAT_KEYS = ("seat", "hole", "ante", "blind", "play", "trips", "bad_beat", "pairs", "progressive")
AMOUNT_TABLE_KEYS = (
    "progressive_meter", "progressive_seed", "player_dealer_bank", "min_wager", "max_wager", "round_payouts_to",
)
TEXT_TABLE_KEYS = ("trips_paytable", "bad_beat_paytable", "collection_schedule")
TABLE_KEYS = (
    "banking", "trips_paytable", "bad_beat_paytable", "pairs_paytable", "progressive_paytable",
    "progressive_meter", "progressive_seed", "player_dealer_seat", "player_dealer_bank", "collection_schedule",
    "bad_beat_on_fold", "progressive_on_fold", "min_wager", "max_wager", "round_payouts_to", "wager_order", "game",
)


NAME_CHARS = 40
"""A pay table, schedule or wager name is at most this long."""
MAX_CARD_CHARS = 16
"""A card is a few characters (``10♥``, or ``As`` with spaces around it); longer text is refused unread."""


@dataclass(frozen=True)
class Hand:
    """One hand read from the ``settle`` input and checked: the table, the cards and the seats, ready to settle."""

    table: TableRules
    dealer: tuple[Card, ...]
    board: tuple[Card, ...]
    seats: tuple[SeatHand, ...]


def read_hand(text: str, paytables: PaytableRegistry | None = None) -> Hand:
    """JSON text to a checked :class:`Hand`; anything wrong raises one :class:`RoundError` naming the field.

    >>> hand = read_hand('{"dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],'
    ...                  ' "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10}]}')
    >>> hand.seats[0].ante, [str(card) for card in hand.dealer]
    (Decimal('10'), ['Kh', '7d'])
    >>> read_hand('{"dealer": [], "board": [], "seats": [{"seat": 1, "hole": [], "ante": 0.125}]}')
    Traceback (most recent call last):
    ...
    trainer.engine.errors.RoundError: seats[0].ante: 0.125 is finer than a cent
    """
    table, dealer, board, seats = read_request(loads(text), paytables)
    dealer_cards, board_cards, checked = check_round(table, dealer, board, seats, amounts_read=True)
    return Hand(table, dealer_cards, board_cards, checked)


def settle_hand(hand: Hand) -> Settlement:
    """The settlement of a checked hand (it is not checked again)."""
    return settle_checked(hand.table, hand.dealer, hand.board, hand.seats)


def loads(text: str) -> Any:
    """Parse JSON the safe way (:func:`trainer.jsonin.loads`); raises RoundError("input", ...) when it is not."""
    try:
        return jsonin.loads(text)
    except jsonin.JsonInputError as exc:
        raise RoundError("input", str(exc)) from None


def read_request(
    data: Any, paytables: PaytableRegistry | None = None
) -> tuple[TableRules, list[Any], list[Any], list[SeatHand]]:
    """Turn a request object into the engine's table, dealer cards, board and seats (RoundError when wrong)."""
    if not isinstance(data, dict):
        raise RoundError("input", "must be a JSON object with table, dealer, board and seats")
    _no_unknown_keys(data, TOP_KEYS, "")
    for key in ("dealer", "board", "seats"):
        if key not in data:
            raise RoundError(key, "is missing")
    table = read_table(data.get("table", {}), paytables or load_paytables())
    dealer, board = _cards(data["dealer"], "dealer"), _cards(data["board"], "board")
    if not isinstance(data["seats"], list):
        raise RoundError("seats", "must be a list of seats")
    seats = [_read_seat(seat, index) for index, seat in enumerate(data["seats"])]
    return table, dealer, board, seats


def read_table(raw: Any, paytables: PaytableRegistry) -> TableRules:
    """The table a request's ``table`` object describes (RoundError when it is wrong). A log gives the same table
    line after line: each one read is kept, and the same object gives the same table (the engine keeps what it
    works out from a table with the table)."""
    key = _table_key(raw)
    if key is None:
        return _read_table(raw, paytables)
    found = _TABLES.get((id(paytables), key))
    if found is not None and found[0] is paytables and found[1] == paytables.version:
        return found[2]
    table = _read_table(raw, paytables)
    if len(_TABLES) >= 256:
        _TABLES.clear()
    _TABLES[(id(paytables), key)] = (paytables, paytables.version, table)
    return table


_TABLES: dict[tuple[int, tuple[Any, ...]], tuple[PaytableRegistry, int, TableRules]] = {}
"""The tables read lately, by their pay tables and their request's fields."""


def _table_key(raw: Any) -> tuple[Any, ...] | None:
    """A request's ``table`` object as a key: each field with its value's type and spelling (``25000`` and
    ``25000.0`` are different keys); None when it is not an object of plain values."""
    if type(raw) is not dict:
        return None
    items: list[tuple[Any, ...]] = []
    for name, value in raw.items():
        kind = type(value)
        if kind is Decimal:
            items.append((name, kind, str(value)))
        elif kind is list:
            if not all(type(item) is str for item in value):
                return None
            items.append((name, kind, tuple(value)))
        elif kind in (str, int, bool, type(None)):
            items.append((name, kind, value))
        else:
            return None
    return tuple(items)


def _read_table(raw: Any, paytables: PaytableRegistry) -> TableRules:
    if not isinstance(raw, dict):
        raise RoundError("table", "must be an object")
    _no_unknown_keys(raw, TABLE_KEYS, "table.")
    game = read_game_key(raw.get("game"))
    banking_text = raw.get("banking", "house" if game is None else game.banking.value)
    try:
        if not isinstance(banking_text, str):
            raise ValueError(banking_text)
        banking = Banking(banking_text)
    except ValueError:
        raise RoundError("table.banking", f"{shown(banking_text)} is not 'house' or 'player-dealer'") from None
    values: dict[str, Any] = {"banking": banking, "paytables": paytables}
    for key in TEXT_TABLE_KEYS:
        if key in raw:
            values[key] = _text(raw[key], f"table.{key}")
    if "pairs_paytable" in raw:
        values["pairs_paytable"] = _table_id(raw["pairs_paytable"], "table.pairs_paytable", 1)
    if "progressive_paytable" in raw:
        values["progressive_paytable"] = _table_id(raw["progressive_paytable"], "table.progressive_paytable", 2)
    for key in AMOUNT_TABLE_KEYS:
        if key in raw:
            values[key] = amount(raw[key], f"table.{key}")
    if values.get("round_payouts_to") == 0:
        raise RoundError("table.round_payouts_to", f"must be a chip of at least {SMALLEST_UNIT} (or left out: exact)")
    for key in ("bad_beat_on_fold", "progressive_on_fold"):
        if key in raw:
            if raw[key] not in ("action", "lose") or not isinstance(raw[key], str):
                raise RoundError(f"table.{key}", f"{shown(raw[key])} is not 'action' or 'lose'")
            values[key] = raw[key]
    if "wager_order" in raw:
        order = raw["wager_order"]
        if not isinstance(order, list) or not all(isinstance(name, str) for name in order):
            raise RoundError("table.wager_order", "must be a list of wager names")
        values["wager_order"] = tuple(_text(name, f"table.wager_order[{index}]") for index, name in enumerate(order))
        values["room_wager_order"] = True
    if "player_dealer_seat" in raw:
        values["player_dealer_seat"] = _seat_number(raw["player_dealer_seat"], "table.player_dealer_seat")
    if banking is Banking.HOUSE:
        values.pop("player_dealer_seat", None)
        values.pop("player_dealer_bank", None)
        values.pop("collection_schedule", None)
    return request_table(values, game, raw)


def _read_seat(raw: Any, index: int) -> SeatHand:
    """Seat ``index`` of a request (its fields named ``seats[index].ante`` …). The usual seat, an object of known
    keys with a seat number, two cards in their usual spelling and whole-dollar wagers, is read straight;
    anything else the careful way, which names what is wrong."""
    if type(raw) is not dict or not raw.keys() <= _SEAT_KEY_SET:
        return _read_seat_carefully(raw, f"seats[{index}]")
    seat, hole = raw.get("seat"), raw.get("hole")
    cards = _known_cards(hole) if type(hole) is list else None
    if type(seat) is not int or not 0 <= seat <= 99 or cards is None:
        return _read_seat_carefully(raw, f"seats[{index}]")
    wagers = []
    for key in _WAGER_KEYS:
        value = raw.get(key, 0)
        found = _WHOLE_DOLLARS.get(value) if type(value) is int else None  # the common case: a few whole amounts
        wagers.append(found if found is not None else amount(value, f"seats[{index}].{key}"))
    return SeatHand(seat, tuple(cards), *wagers)  # type: ignore[arg-type]  # check_round counts the cards


_SEAT_KEY_SET = frozenset(SEAT_KEYS)
_WAGER_KEYS = SEAT_KEYS[2:]
"""A seat's wagers, in the order :class:`SeatHand` takes them."""


def _read_seat_carefully(raw: Any, where: str) -> SeatHand:
    if not isinstance(raw, dict):
        raise RoundError(where, "must be an object")
    _no_unknown_keys(raw, SEAT_KEYS, f"{where}.")
    if "seat" not in raw:
        raise RoundError(f"{where}.seat", "is missing")
    seat = _seat_number(raw["seat"], f"{where}.seat")
    if "hole" not in raw:
        raise RoundError(f"{where}.hole", "is missing (the seat's 2 hole cards)")
    hole = _cards(raw["hole"], f"{where}.hole")
    wagers = []
    for key in SEAT_KEYS[2:]:
        value = raw.get(key, 0)
        found = _WHOLE_DOLLARS.get(value) if type(value) is int else None  # the common case: a few whole amounts
        wagers.append(found if found is not None else amount(value, f"{where}.{key}"))
    return SeatHand(seat, tuple(hole), *wagers)  # type: ignore[arg-type]  # check_round counts the cards


_WHOLE_DOLLARS: dict[int, Decimal] = {dollars: Decimal(dollars) for dollars in range(1001)}
"""The whole-dollar amounts up to $1,000, read once."""


def amount(value: Any, field: str) -> Decimal:
    """An amount a table holds (0 to :data:`~trainer.engine.amounts.MAX_AMOUNT`, whole cents) from a JSON number.

    >>> amount(7.5, "ante"), amount(Decimal("0.10"), "trips")
    (Decimal('7.5'), Decimal('0.10'))
    >>> amount("5", "seats[0].ante")
    Traceback (most recent call last):
    ...
    trainer.engine.errors.RoundError: seats[0].ante: "5" is not a number
    """
    if type(value) is int and 0 <= value <= MAX_AMOUNT:
        return Decimal(value)  # the common case: whole dollars
    if isinstance(value, jsonin.Unreadable):
        raise RoundError(field, value.describe())
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise RoundError(field, f"{shown(value)} is not a number")
    if isinstance(value, int) and abs(value) > MAX_AMOUNT:
        raise RoundError(field, f"{shown(value)} is above the largest amount a table holds ({MAX_AMOUNT:,})")
    result = Decimal(value) if isinstance(value, int) else Decimal(str(value))
    problem = check_amount(result)
    if problem:
        raise RoundError(field, problem)
    return result if result else Decimal(0)  # -0.0 is 0


def _seat_number(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
        raise RoundError(field, f"{shown(value)} is not a seat number")
    return value


def _cards(value: Any, field: str) -> list[Card]:
    """A list of cards, each text the engine's card reader reads (``As``, ``10h``, ``td``, ``J♠``, ``q♦``).

    >>> [str(card) for card in _cards(["J♠", "10♥", "q♦", "Td"], "board")]
    ['Js', 'Th', 'Qd', 'Td']
    >>> _cards(["J♠", "1♥"], "board")
    Traceback (most recent call last):
    ...
    trainer.engine.errors.RoundError: board[1]: "1♥" is not a card (such as 'As', '10h' or 'J♠')
    """
    if not isinstance(value, list):
        raise RoundError(field, "must be a list of cards")
    found = _known_cards(value)
    if found is not None:
        return found
    cards: list[Card] = []
    for index, card in enumerate(value):
        try:
            if not isinstance(card, str) or len(card) > MAX_CARD_CHARS:
                raise CardError(card)
            cards.append(parse_card(card))
        except CardError:
            message = f"{shown(card)} is not a card (such as 'As', '10h' or 'J♠')"
            raise RoundError(f"{field}[{index}]", message) from None
    return cards


def _known_cards(value: list[Any]) -> list[Card] | None:
    """The cards of a list of cards in their usual spelling (``Ah``); None when one is not."""
    found = [_CARD_OF_TEXT.get(card) if type(card) is str else None for card in value]
    return None if None in found else found  # type: ignore[return-value]  # every one found


_CARD_OF_TEXT: dict[str, Card] = {str(card): card for card in FULL_DECK}
"""Each card by its usual spelling (``Ah``); other spellings go through the card reader."""


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value or len(value) > NAME_CHARS or not value.isprintable():
        raise RoundError(field, f"{shown(value)} is not a name")
    return value


def _table_id(value: Any, field: str, width: int) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < 10**6:
            raise RoundError(field, f"{shown(value)} is not a pay table number")
        return f"{value:0{width}d}"
    return _text(value, field)


def _no_unknown_keys(raw: Mapping[str, Any], known: Sequence[str], prefix: str) -> None:
    known_set = _KNOWN_SETS.get(known)
    if known_set is None:
        known_set = _KNOWN_SETS[known] = frozenset(known)
    if raw.keys() <= known_set:
        return
    for key in raw:
        if key not in known:
            where = f"{prefix}{jsonin.shown_text(key, quote=False)}"
            raise RoundError(where, f"unknown key (expected one of {', '.join(known)})")


_KNOWN_SETS: dict[Sequence[str], frozenset[str]] = {}


@speaking("en")
def settle_request(data: Any, paytables: PaytableRegistry | None = None) -> dict[str, Any]:
    """Settle one request object and return the output object, in English whatever the language (the JSON, and
    the one-line error a stream writes into it, are a contract)."""
    table, dealer, board, seats = read_request(data, paytables)
    out = settlement_json(settle(table, dealer, board, seats))
    out["game"] = table.game
    return out


@speaking("en")
def settle_text(text: str, paytables: PaytableRegistry | None = None) -> str:
    """One hand's JSON text to its settlement's JSON text (one line); RoundError when the hand is wrong.

    The same text as ``dumps(settle_request(loads(text)))``, written straight from the settlement: the round is
    checked once (:func:`~trainer.engine.validation.check_round`) and settled as checked.
    """
    table, dealer, board, seats = read_request(loads(text), paytables)
    dealer_cards, board_cards, checked = check_round(table, dealer, board, seats, amounts_read=True)
    return settlement_line(settle_checked(table, dealer_cards, board_cards, checked), table.game)


def settlement_line(result: Settlement, game: str | None) -> str:
    """``dumps`` of :func:`settlement_json` with ``"game"`` added, written straight from the settlement: each
    step's text is made once and kept with the step (the engine hands out the same step for the same wager,
    seat, phase and stake on a house table), amounts' texts are kept too.

    >>> hand = read_hand('{"dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],'
    ...                  ' "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 7.5, "blind": 7.5}]}')
    >>> result = settle_hand(hand)
    >>> settlement_line(result, None) == dumps({**settlement_json(result), "game": None})
    True
    """
    dealer = result.dealer
    parts = ['{"dealer": {"hand": "', dealer.category.label, '", "cards": ', _cards_json(dealer.cards),
             ', "qualifies": true}, "seats": [' if result.dealer_qualifies else ', "qualifies": false}, "seats": [']
    first = True
    for seat in result.seats:
        if not first:
            parts.append(", ")
        first = False
        parts += ['{"seat": ', str(seat.seat), ', "hand": "', seat.hand.category.label, '", "cards": ',
                  _cards_json(seat.hand.cards), ', "result": "', _TEXT[seat.result], '", "wagers": {',
                  _wagers_json(seat.wagers), '}, "net": ', number_json(seat.net), "}"]
    parts.append('], "procedure": [')
    written = _written_steps
    text_of = written.texts.get
    parts.append(", ".join([text_of(id(step)) or _step_json(step, written) for step in result.procedure]))
    if result.player_dealer_seat is None:
        parts.append('], "player_dealer": null')
    else:
        parts += ['], "player_dealer": {"seat": ', str(result.player_dealer_seat), ', "net": ',
                  number_json(result.player_dealer_net or Decimal(0)), "}"]
    fee = result.collection_fee
    parts += [', "collection_fee": ', "null" if fee is None else number_json(fee)]
    if result.progressive_meter is not None:
        parts += [', "progressive_meter": ', number_json(result.progressive_meter)]
    parts += [', "game": ', "null" if game is None else dumps(game), "}"]
    return "".join(parts)


def _cards_json(cards: Sequence[Card]) -> str:
    return '["' + '", "'.join([_CARD_TEXT[card] for card in cards]) + '"]'


_CARD_TEXT: tuple[str, ...] = tuple(str(card) for card in FULL_DECK)
"""Each card's text, by its number."""


def _step_json(step: Step, written: _WrittenSteps | None = None) -> str:
    """A procedure step as the output writes it, made once per step object (kept in ``written``)."""
    written = written or _written_steps
    found = written.texts.get(id(step))
    if found is not None:
        return found
    # one text for the same seat, wager, action, amount and phase (the steps kept for many seats' situations)
    text = intern(f'{{"seat": {step.seat}, "wager": "{_TEXT[step.wager]}", "action": "{_TEXT[step.action]}", '
                  f'"amount": {number_json(step.amount)}, "phase": "{step.phase.value}"}}')
    if len(written.texts) >= 40_000:
        _forget_written_steps()
        written = _written_steps
    written.texts[id(step)] = text
    written.steps.append(step)
    return text


class _WrittenSteps:
    """Steps' texts by the steps' identities, and those steps: a step is held while its text is kept, so that an
    identity here is never another object's. Forgotten all at once by replacing the whole (a line being written
    in another thread keeps the one it has, texts and steps together)."""

    __slots__ = ("steps", "texts")

    def __init__(self) -> None:
        self.texts: dict[int, str] = {}
        self.steps: list[Step] = []


_written_steps = _WrittenSteps()


def _forget_written_steps() -> None:
    global _written_steps
    _written_steps = _WrittenSteps()


def _wagers_json(wagers: Mapping[Wager, WagerResult]) -> str:
    """A seat's wagers as the output writes them, made once for the same result objects (the engine keeps a
    house table's seat results and hands out the same objects for the same seat, situation and stakes)."""
    results = tuple(wagers.values())
    key = (tuple(wagers), tuple(map(id, results)))
    found = _WAGERS_TEXT.get(key)
    if found is not None:
        return found[1]
    text = ", ".join([f'"{_TEXT[wager]}": {{"outcome": "{_TEXT[res.outcome]}", "net": {number_json(res.net)}}}'
                      for wager, res in wagers.items()])
    if len(_WAGERS_TEXT) >= 5_000:
        _WAGERS_TEXT.clear()
    _WAGERS_TEXT[key] = (results, text)  # the entry holds the results: their identities are not reused while kept
    return text


_WAGERS_TEXT: dict[tuple[tuple[Wager, ...], tuple[int, ...]], tuple[tuple[WagerResult, ...], str]] = {}


def number_json(value: Decimal) -> str:
    """An amount as :func:`dumps` writes :func:`number` of it: ``40``, ``7.5``.

    >>> number_json(Decimal("40.00")), number_json(Decimal("-7.50")), number_json(Decimal("-0"))
    ('40', '-7.5', '0')
    """
    found = _NUMBER_TEXT.get(value)
    if found is None:
        found = dumps(number(value))
        if len(_NUMBER_TEXT) < 10_000:
            _NUMBER_TEXT[value] = found
    return found


_NUMBER_TEXT: dict[Decimal, str] = {}


def settlement_json(result: Settlement) -> dict[str, Any]:
    out: dict[str, Any] = {
        "dealer": {
            "hand": result.dealer.category.label,
            "cards": [str(card) for card in result.dealer.cards],
            "qualifies": result.dealer_qualifies,
        },
        "seats": [
            {
                "seat": seat.seat,
                "hand": seat.hand.category.label,
                "cards": [str(card) for card in seat.hand.cards],
                "result": seat.result,
                "wagers": {
                    _TEXT[wager]: {"outcome": _TEXT[res.outcome], "net": number(res.net)}
                    for wager, res in seat.wagers.items()
                },
                "net": number(seat.net),
            }
            for seat in result.seats
        ],
        "procedure": [
            {"seat": step.seat, "wager": _TEXT[step.wager], "action": _TEXT[step.action], "amount": number(step.amount),
             "phase": step.phase.value}
            for step in result.procedure
        ],
        "player_dealer": None if result.player_dealer_seat is None else {
            "seat": result.player_dealer_seat, "net": number(result.player_dealer_net or Decimal(0))},
        "collection_fee": None if result.collection_fee is None else number(result.collection_fee),
    }
    if result.progressive_meter is not None:
        out["progressive_meter"] = number(result.progressive_meter)
    return out


_TEXT: dict[str, str] = {member: member.value for kind in (Wager, Action, Outcome, HandResult) for member in kind}
"""Each wager, action and outcome as plain text (looked up: reading ``.value`` costs more, once per step)."""
_NUMBERS: dict[Decimal, int | float] = {}
"""Amounts already turned into JSON numbers (a log repeats the same few amounts); bounded."""


def number(value: Decimal) -> int | float:
    """A JSON number for an exact amount: ``40``, ``7.5`` (never ``7.499999``).

    >>> number(Decimal("40.00")), number(Decimal("7.50")), number(Decimal("-0"))
    (40, 7.5, 0)
    """
    found = _NUMBERS.get(value)
    if found is None:
        found = int(value) if value == value.to_integral_value() else float(value)
        if len(_NUMBERS) < 10_000:
            _NUMBERS[value] = found
    return found


_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)
"""Made once: ``json.dumps`` with options builds a new encoder on every call."""


def dumps(data: Any) -> str:
    """One line of JSON; every string the output holds came from the engine, so it is valid UTF-8."""
    return _ENCODER.encode(data)


def settlement_text(result: Settlement, hand: Hand | None = None) -> str:
    """The settlement as a readable sheet for a floor supervisor.

    With the ``hand`` it was settled from, the sheet opens with the game, the banking and the pay tables, shows
    the dealer's hole cards and the board before the best five, and marks a payout rounded down to the table's
    chip. Every step says pay, take, push (a tie: the stake stays) or return (no action: the stake goes back);
    the sheet ends with the totals for the house (or the player-dealer) and for the tray.
    """
    lines = _header(hand) if hand is not None else []
    dealer = result.dealer
    if hand is not None:
        lines.append(_("Dealer  {dealer}   Board  {board}").format(dealer=" ".join(map(str, hand.dealer)),
                                                                  board=" ".join(map(str, hand.board))))
    qualifies = _("{hand}, qualifies") if result.dealer_qualifies else _("{hand}, does not qualify")
    lines += [
        _("Dealer's best five  {cards}  {hand}").format(cards=" ".join(map(str, dealer.cards)),
                                                        hand=qualifies.format(hand=hand_name(dealer.category.label))),
        "",
        _heading(),
    ]
    for seat in result.seats:
        cells = []
        for key in ("ante", "play", "blind", "trips", "bad_beat", "pairs", "progressive"):
            wager = next((res for w, res in seat.wagers.items() if w.value == key), None)
            cells.append(f"{'' if wager is None else _signed(wager.net):>9}")
        lines.append(
            f"{hand_name(seat.hand.category.label):<16} {' '.join(map(str, seat.hand.cards)):<15} "
            f"{_(_RESULTS[seat.result]):<7} {' '.join(cells)} {_signed(seat.net):>10}"
        )
        lines[-1] = f"{seat.seat:<5} " + lines[-1]
    lines += ["", _("Procedure")]
    phase_names = {"coin-in": "COIN IN", "fold": pgettext("phase", "fold"), "refund": _("Ante refund pass"),
                   "settle": pgettext("phase", "settle")}
    exact = _exact_payouts(hand, result)
    for index, step in enumerate(result.procedure, start=1):
        note = {Action.PUSH: _(" (push: the stake stays, nothing paid or taken)"),
                Action.RETURN: _(" (return: the wager had no action, the stake goes back)")}.get(step.action, "")
        unrounded = exact.get(index - 1)
        if unrounded is not None:
            note += _(" (rounded down from {amount})").format(amount=format_money(unrounded))
        lines.append(f"{index:>3}. [{phase_names.get(step.phase, step.phase)}] {step.describe()}{note}  — {step.rule}")
    lines += ["", *_totals(result)]
    if result.collection_fee is not None:
        lines.append(_("Collection fee: {amount}").format(amount=format_money(result.collection_fee)))
    if result.progressive_meter is not None:
        lines.append(_("Progressive meter after settlement: {amount}").format(
            amount=format_money(result.progressive_meter)))
    return "\n".join(lines)


def _heading() -> str:
    """The sheet's column headings in the current language (short: the columns are narrow)."""
    seat, hand, best, result = (pgettext("sheet column", "Seat"), pgettext("sheet column", "Hand"),
                                pgettext("sheet column", "Best five"), pgettext("sheet column", "Result"))
    wagers = (pgettext("sheet column", "Ante"), pgettext("sheet column", "Play"), pgettext("sheet column", "Blind"),
              pgettext("sheet column", "Trips"), pgettext("sheet column", "BadBeat"),
              pgettext("sheet column", "Pairs"), pgettext("sheet column", "Prog."))
    net = pgettext("sheet column", "Net")
    return f"{seat:<5} {hand:<16} {best:<15} {result:<7} " + " ".join(f"{wager:>9}" for wager in wagers) + f" {net:>10}"


_RESULTS = {"win": N_("win"), "lose": N_("lose"), "push": N_("push"), "fold": N_("fold")}
"""A seat's result against the dealer, as the sheet's column says it."""


def _header(hand: Hand) -> list[str]:
    table = hand.table
    tables = table.paytables
    side = [tables.trips(table.trips_paytable).title, tables.bad_beat(table.bad_beat_paytable).title]
    if table.is_house:
        side += [tables.pairs(table.pairs_paytable).title, tables.progressive(table.progressive_paytable).title]
    banking = _("Banking: {banking}").format(banking=table.banking.label)
    if not table.is_house and table.player_dealer_bank is not None:
        banking = _("Banking: {banking}, player-dealer seat {seat}, bank {bank}").format(
            banking=table.banking.label, seat=table.player_dealer_seat, bank=format_money(table.player_dealer_bank))
    lines = ["Ultimate Texas Hold'em", banking, _("Pay tables: {tables}").format(tables=", ".join(side))]
    if table.round_payouts_to is not None:
        lines.append(_("Payouts rounded down to {amount}").format(amount=format_money(table.round_payouts_to)))
    return [*lines, ""]


def _exact_payouts(hand: Hand | None, result: Settlement) -> dict[int, Decimal]:
    """Steps whose payout was rounded down to the table's chip: their index and the exact payout."""
    if hand is None or hand.table.round_payouts_to is None:
        return {}
    from dataclasses import replace

    exact = settle(replace(hand.table, round_payouts_to=None), hand.dealer, hand.board, hand.seats)
    found: dict[int, Decimal] = {}
    for index, (step, unrounded) in enumerate(zip(result.procedure, exact.procedure, strict=False)):
        same_step = (step.seat, step.wager, step.action) == (unrounded.seat, unrounded.wager, unrounded.action)
        if same_step and step.action is Action.PAY and unrounded.amount != step.amount:
            found[index] = unrounded.amount
    return found


def _totals(result: Settlement) -> list[str]:
    """What the tray pays and takes in, and the house's (or the player-dealer's) result."""
    taken = sum((step.amount for step in result.procedure if step.action is Action.TAKE), Decimal(0))
    paid = sum((step.amount for step in result.procedure if step.action is Action.PAY), Decimal(0))
    lines = [_("Tray: takes in {taken}, pays out {paid}, net {net}").format(
        taken=format_money(taken), paid=format_money(paid), net=_signed(taken - paid))]
    if result.player_dealer_seat is not None:
        lines.append(_("Player-dealer (seat {seat}) net: {net}").format(
            seat=result.player_dealer_seat, net=_signed(result.player_dealer_net or Decimal(0))))
    else:
        players = sum((seat.net for seat in result.seats), Decimal(0))
        lines.append(_("House net: {net}").format(net=_signed(-players)))
    return lines


def _signed(value: Decimal) -> str:
    return ("+" if value > 0 else "") + format_money(value)
