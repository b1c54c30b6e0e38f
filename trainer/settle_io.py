"""The ``settle`` JSON contract: a hand in, its settlement out (and a readable text form).

Training rooms feed whole logs through this, so the shapes here are a stable contract:

input   {"table": {...}, "dealer": [2 cards], "board": [5 cards], "seats": [{"seat", "hole", "ante", "blind",
        "play", "trips", "bad_beat", "pairs", "progressive"}]}
output  {"dealer": {"hand", "cards", "qualifies"}, "seats": [{"seat", "hand", "cards", "result", "wagers", "net"}],
         "procedure": [{"seat", "wager", "action", "amount", "phase"}], "player_dealer": {"seat", "net"} | null,
         "collection_fee": number | null, "game": "wa" | "ca" | "ca-bad-beat" | null}
        (+ "progressive_meter" when a Progressive wager was placed)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from trainer.engine.games import read_game_key, request_table
from trainer.engine.paytables import PaytableRegistry, load_paytables
from trainer.engine.settlement import SeatHand, Settlement, format_money, settle
from trainer.engine.table import Banking, TableRules
from trainer.engine.validation import RoundError

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


def loads(text: str) -> Any:
    """Parse JSON with exact decimals; raises RoundError naming the position of a syntax error."""
    try:
        return json.loads(text, parse_float=Decimal, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RoundError("input", f"is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except ValueError as exc:
        raise RoundError("input", str(exc)) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not an amount")


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
    for key in ("dealer", "board"):
        if not isinstance(data[key], list):
            raise RoundError(key, "must be a list of cards")
    if not isinstance(data["seats"], list):
        raise RoundError("seats", "must be a list of seats")
    seats = [_read_seat(seat, f"seats[{index}]") for index, seat in enumerate(data["seats"])]
    return table, data["dealer"], data["board"], seats


def read_table(raw: Any, paytables: PaytableRegistry) -> TableRules:
    if not isinstance(raw, dict):
        raise RoundError("table", "must be an object")
    _no_unknown_keys(raw, TABLE_KEYS, "table.")
    game = read_game_key(raw.get("game"))
    banking_text = raw.get("banking", "house" if game is None else game.banking.value)
    try:
        banking = Banking(banking_text)
    except ValueError:
        raise RoundError("table.banking", f"{banking_text!r} is not 'house' or 'player-dealer'") from None
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
    for key in ("bad_beat_on_fold", "progressive_on_fold"):
        if key in raw:
            if raw[key] not in ("action", "lose"):
                raise RoundError(f"table.{key}", f"{raw[key]!r} is not 'action' or 'lose'")
            values[key] = raw[key]
    if "wager_order" in raw:
        order = raw["wager_order"]
        if not isinstance(order, list) or not all(isinstance(name, str) for name in order):
            raise RoundError("table.wager_order", "must be a list of wager names")
        values["wager_order"] = tuple(order)
        values["room_wager_order"] = True
    if "player_dealer_seat" in raw:
        seat = raw["player_dealer_seat"]
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise RoundError("table.player_dealer_seat", f"{seat!r} is not a seat number")
        values["player_dealer_seat"] = seat
    if banking is Banking.HOUSE:
        values.pop("player_dealer_seat", None)
        values.pop("player_dealer_bank", None)
        values.pop("collection_schedule", None)
    return request_table(values, game, raw)


def _read_seat(raw: Any, where: str) -> SeatHand:
    if not isinstance(raw, dict):
        raise RoundError(where, "must be an object")
    _no_unknown_keys(raw, SEAT_KEYS, f"{where}.")
    if "seat" not in raw:
        raise RoundError(f"{where}.seat", "is missing")
    seat = raw["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise RoundError(f"{where}.seat", f"{seat!r} is not a seat number")
    hole = raw.get("hole")
    if not isinstance(hole, list):
        raise RoundError(f"{where}.hole", "must be a list of 2 cards")
    wagers = {key: amount(raw.get(key, 0), f"{where}.{key}") for key in SEAT_KEYS[2:]}
    return SeatHand(seat=seat, hole=tuple(hole), **wagers)


def amount(value: Any, field: str) -> Decimal:
    """A non-negative exact amount from a JSON number."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise RoundError(field, f"{value!r} is not a number")
    result = Decimal(value) if isinstance(value, int) else Decimal(str(value))
    if not result.is_finite():
        raise RoundError(field, f"{value!r} is not an amount")
    if result < 0:
        raise RoundError(field, f"{value} is negative")
    return result


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value:
        raise RoundError(field, f"{value!r} is not a name")
    return value


def _table_id(value: Any, field: str, width: int) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:0{width}d}"
    return _text(value, field)


def _no_unknown_keys(raw: Mapping[str, Any], known: Sequence[str], prefix: str) -> None:
    for key in raw:
        if key not in known:
            raise RoundError(f"{prefix}{key}", f"unknown key (expected one of {', '.join(known)})")


def settle_request(data: Any, paytables: PaytableRegistry | None = None) -> dict[str, Any]:
    """Settle one request object and return the output object."""
    table, dealer, board, seats = read_request(data, paytables)
    out = settlement_json(settle(table, dealer, board, seats))
    out["game"] = table.game
    return out


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
                    wager.value: {"outcome": res.outcome.value, "net": number(res.net)}
                    for wager, res in seat.wagers.items()
                },
                "net": number(seat.net),
            }
            for seat in result.seats
        ],
        "procedure": [
            {"seat": step.seat, "wager": step.wager.value, "action": step.action.value, "amount": number(step.amount),
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


def number(value: Decimal) -> int | float:
    """A JSON number for an exact amount: ``40``, ``7.5`` (never ``7.499999``)."""
    if value == value.to_integral_value():
        return int(value)
    return float(value)


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def settlement_text(result: Settlement) -> str:
    """The settlement as a readable table, for people."""
    dealer = result.dealer
    lines = [
        f"Dealer  {' '.join(map(str, dealer.cards))}  {dealer.category.label}, "
        + ("qualifies" if result.dealer_qualifies else "does not qualify"),
        "",
        f"{'Seat':<5} {'Hand':<16} {'Best five':<15} {'Result':<7} "
        f"{'Ante':>9} {'Play':>9} {'Blind':>9} {'Trips':>9} {'BadBeat':>9} {'Pairs':>9} {'Prog.':>9} {'Net':>10}",
    ]
    for seat in result.seats:
        cells = []
        for key in ("ante", "play", "blind", "trips", "bad_beat", "pairs", "progressive"):
            wager = next((res for w, res in seat.wagers.items() if w.value == key), None)
            cells.append(f"{'' if wager is None else _signed(wager.net):>9}")
        lines.append(
            f"{seat.seat:<5} {seat.hand.category.label:<16} {' '.join(map(str, seat.hand.cards)):<15} "
            f"{seat.result:<7} {' '.join(cells)} {_signed(seat.net):>10}"
        )
    lines += ["", "Procedure"]
    phase_names = {"coin-in": "COIN IN", "fold": "fold", "refund": "Ante refund pass", "settle": "settle"}
    for index, step in enumerate(result.procedure, start=1):
        lines.append(f"{index:>3}. [{phase_names[step.phase]}] {step.describe()}  — {step.rule}")
    if result.player_dealer_seat is not None:
        lines += ["", f"Player-dealer (seat {result.player_dealer_seat}) net: "
                  f"{_signed(result.player_dealer_net or Decimal(0))}"]
    if result.collection_fee is not None:
        lines.append(f"Collection fee: {format_money(result.collection_fee)}")
    if result.progressive_meter is not None:
        lines.append(f"Progressive meter after settlement: {format_money(result.progressive_meter)}")
    return "\n".join(lines)


def _signed(value: Decimal) -> str:
    return ("+" if value > 0 else "") + format_money(value)
