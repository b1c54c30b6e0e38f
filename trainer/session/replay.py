"""A round of the table as a record that deals it again exactly: the cards in the order they were dealt, the seats'
wagers and Play wagers, the table's rules and pay tables, and the felt it was played on.

The table's own hands (Settle it yourself, Run the round, an exam on the table) are kept in the progress store
with this record as their replay (:class:`~trainer.store.records.Replay` of kind ``round``), so My mistakes can
deal that very round again. :func:`round_record` writes it (plain JSON: text, whole numbers, lists) and
:func:`round_from_record` deals it again; a record that does not read as a round raises :class:`ValueError`
with one line saying what is wrong.

>>> import random
>>> from trainer.session.sources import SettingsRounds
>>> from trainer.settings import Settings
>>> table_round = SettingsRounds(Settings(offer_pairs=True), random.Random(3)).next_round()
>>> round_from_record(round_record(table_round)) == table_round
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Any

from trainer.engine.cards import Card, parse_cards
from trainer.engine.dealing import Procedure
from trainer.engine.round import Bets, play_round
from trainer.engine.strategy import Street
from trainer.engine.table import Banking, TableRules
from trainer.session.felt import LAYOUT_SIDE_BETS, felt_for
from trainer.session.records import TableRound

FORMAT = 1
"""The record's format; a record of another format is refused (made by another trainer)."""
STREETS: tuple[Street, ...] = ("preflop", "flop", "river")
_TABLE_FIELDS = {field.name: str(field.type) for field in fields(TableRules) if field.name != "paytables"}


def round_record(table_round: TableRound) -> dict[str, Any]:
    """The record of ``table_round`` (only JSON types: it is stored as JSON)."""
    played, felt = table_round.played, table_round.felt
    return {
        "format": FORMAT,
        "number": played.number,
        "deck_colour": played.deck_colour,
        "procedure": played.procedure.value,
        "deck": " ".join(str(card) for _, card in played.deal.sequence),
        "table": {name: _plain(getattr(played.table, name)) for name in _TABLE_FIELDS},
        "bets": [[bet.seat, str(bet.ante), str(bet.trips), str(bet.bad_beat), str(bet.pairs), str(bet.progressive)]
                 for bet in played.bets],
        "plays": [[decision.seat, decision.street, decision.multiple] for decision in played.decisions
                  if decision.multiple],
        "felt": {"seats": felt.seat_count, "side_bets": [name for name in LAYOUT_SIDE_BETS if getattr(felt, name)]},
    }


def round_from_record(record: Any) -> TableRound:
    """The round ``record`` names, dealt and settled again by the engine; :class:`ValueError` when it is no round
    record."""
    try:
        return _round(record)
    except ValueError:
        raise
    except (KeyError, TypeError, AttributeError, IndexError, InvalidOperation, ArithmeticError) as error:
        raise ValueError(f"the round cannot be dealt again ({type(error).__name__}: {error})") from error


def _round(record: Any) -> TableRound:
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        raise ValueError("not a round of the table (or one kept by another trainer)")
    table = _table(record["table"])
    bets = tuple(_bets(entry) for entry in _list(record["bets"], "bets"))
    plays: dict[int, dict[str, int]] = {}
    for seat, street, multiple in _list(record["plays"], "plays"):
        if street not in STREETS or not isinstance(multiple, int) or not 1 <= multiple <= 4:
            raise ValueError(f"a Play wager of {multiple!r} antes on {street!r} is not one a player makes")
        plays.setdefault(_whole(seat, "seat"), {})[street] = multiple
    deck = parse_cards(str(record["deck"]))
    number = _whole(record["number"], "number")
    played = play_round(table, Procedure(record["procedure"]), deck, bets,
                        {bet.seat: _Recorded(plays.get(bet.seat, {})) for bet in bets},
                        number=number, deck_colour=str(record["deck_colour"]))
    felt = record["felt"]
    side_bets = [name for name in _list(felt["side_bets"], "side bets") if name in LAYOUT_SIDE_BETS]
    return TableRound(played, felt_for(table, _whole(felt["seats"], "seats"), side_bets))


class _Recorded:
    """A player who makes the Play wagers recorded, street by street (checks on the others)."""

    def __init__(self, plays: Mapping[str, int]) -> None:
        self.plays = plays

    def decide(self, street: Street, hole: Sequence[Card], board: Sequence[Card]) -> int:
        return self.plays.get(street, 0)


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def _table(raw: Any) -> TableRules:
    if not isinstance(raw, Mapping):
        raise ValueError("the round has no table")
    unknown = sorted(set(raw) - set(_TABLE_FIELDS))
    if unknown:
        raise ValueError(f"the round's table has {unknown[0]!r}, which this trainer does not know")
    values: dict[str, Any] = {}
    for name, value in raw.items():
        kind = _TABLE_FIELDS[name]
        if value is None:
            values[name] = None
        elif "Decimal" in kind:
            values[name] = Decimal(str(value))
        elif "Banking" in kind:
            values[name] = Banking(value)
        elif "tuple" in kind:
            values[name] = tuple(str(each) for each in _list(value, name))
        else:
            values[name] = value
    return TableRules(**values)


def _bets(entry: Any) -> Bets:
    seat, *amounts = _list(entry, "bets")
    if len(amounts) != 5:
        raise ValueError("a seat's wagers are its Ante, Trips, Bad Beat, Pairs and Progressive")
    ante, trips, bad_beat, pairs, progressive = (Decimal(str(amount)) for amount in amounts)
    return Bets(_whole(seat, "seat"), ante, trips, bad_beat, pairs, progressive)


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"the round's {what} are not a list")
    return value


def _whole(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
        raise ValueError(f"the round's {what} is not a whole number")
    return value


__all__ = ["FORMAT", "round_from_record", "round_record"]
