"""Pay tables and collection schedules, read from data files (TOML or JSON) shipped in the package.

Adding a pay table needs no code: write a file in the same format and load it with
:meth:`PaytableRegistry.add_file`. A malformed file is refused with a :class:`PaytableError` naming the file,
the entry and the problem.

>>> tables = load_paytables()
>>> tables.trips("UTH-01").line_for("full house").odds.text
'9 to 1'
>>> tables.blind().line_for("flush").odds.payout(Decimal(5))
Decimal('7.5')
>>> tables.collection("bb-1").fee_for(Decimal(50))
Decimal('4')
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from fractions import Fraction
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Literal

from trainer.engine.amounts import SMALLEST_UNIT, check_amount, check_odds_term
from trainer.i18n.translation import _
from trainer.resources import engine_data_dir

PaytableKind = Literal["blind", "trips", "bad_beat", "pairs", "progressive"]
KINDS: tuple[PaytableKind, ...] = ("blind", "trips", "bad_beat", "pairs", "progressive")

CATEGORY_HANDS = (
    "royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
    "three of a kind", "two pair", "one pair", "high card",
)
PAIRS_HANDS = (
    "aa-with-dealer-aa", "red-aces", "aa", "ak-suited", "aq-aj-suited", "ak-offsuit", "aq-aj-offsuit",
    "ace-face-suited", "ace-face", "kk-qq-jj", "tt-22", "other-pair",
)
PROGRESSIVE_ROYALS = ("royal-first-5", "royal-first-7", "community-royal")
HANDS_BY_KIND: Mapping[str, tuple[str, ...]] = {
    "blind": CATEGORY_HANDS,
    "trips": CATEGORY_HANDS,
    "bad_beat": CATEGORY_HANDS,
    "pairs": PAIRS_HANDS,
    "progressive": PROGRESSIVE_ROYALS + CATEGORY_HANDS[1:],
}
DATA_FILES = ("trips.toml", "bad_beat.toml", "pairs.toml", "progressive.toml")
COLLECTION_FILE = "collection.toml"
MAX_PAYTABLE_FILE_BYTES = 1_000_000
"""A pay-table file (``--paytables``, ``--paytable-file``) is read up to 1 MB; a longer one is refused."""

_ODDS = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(to|for)\s*(\d+(?:\.\d+)?)\s*$|^\s*(\d+(?:\.\d+)?)\s*%\s*$")


class PaytableError(ValueError):
    """A pay-table or schedule file that cannot be used: the message names the file, the entry and the problem."""

    def __init__(self, source: str, entry: str, problem: str) -> None:
        self.source, self.entry, self.problem = source, entry, problem
        from trainer.jsonin import shown_text

        shown_source = shown_text(source, quote=False, limit=300)
        where = f"{shown_source}: {entry}" if entry else shown_source
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Odds:
    """How a line pays: ``N to M`` (the wager stays), ``N for 1`` (the wager is included) or ``P%`` of a meter."""

    kind: Literal["to", "for", "percent"]
    numerator: Decimal
    denominator: Decimal
    text: str

    @classmethod
    def parse(cls, text: str) -> Odds:
        """``"3 to 2"``, ``"250 for 1"`` or ``"5%"``; raises ValueError otherwise."""
        match = _ODDS.match(text)
        if not match:
            raise ValueError(_("odds '{text}' are not 'N to M', 'N for 1' or 'P%'").format(text=text))
        if match.group(4) is not None:
            percent = Decimal(match.group(4))
            if not 0 < percent <= 100:
                raise ValueError(_("percentage '{text}' is not between 0 and 100").format(text=text))
            return cls("percent", percent, Decimal(100), text.strip())
        numerator, word, denominator = Decimal(match.group(1)), match.group(2), Decimal(match.group(3))
        if numerator <= 0 or denominator <= 0:
            raise ValueError(_("odds '{text}' must be positive").format(text=text))
        kind: Literal["to", "for"] = "to" if word == "to" else "for"
        return cls(kind, numerator, denominator, f"{match.group(1)} {word} {match.group(3)}")

    def exact_payout(self, stake: Decimal, meter: Decimal | None = None) -> Decimal:
        """The wager (or the meter) times the odds, exactly: ``3 to 2`` on $33.33 is $49.995."""
        if self.kind == "percent":
            if meter is None:
                raise ValueError("a percentage pay needs the meter amount")
            return meter * self.numerator / self.denominator
        return stake * self.numerator / self.denominator

    def payout(self, stake: Decimal, meter: Decimal | None = None) -> Decimal:
        """The money the dealer hands over on a win (for ``to`` odds the stake stays besides this): the exact
        figure in whole cents, a fraction of a cent rounded down (rules-notes §5).

        >>> Odds.parse("3 to 2").payout(Decimal("33.33")), Odds.parse("5%").payout(Decimal(0), Decimal("87654.25"))
        (Decimal('49.99'), Decimal('4382.71'))
        >>> Odds.parse("3 to 2").payout(Decimal(5)), Odds.parse("1 to 3").payout(Decimal(7))
        (Decimal('7.5'), Decimal('2.33'))
        """
        return whole_cents(self.exact_payout(stake, meter))

    def net(self, stake: Decimal, meter: Decimal | None = None) -> Decimal:
        """The player's gain: the payout, less the stake where the odds include it (``for``, ``%``)."""
        paid = self.payout(stake, meter)
        return paid if self.kind == "to" else paid - stake

    @property
    def ratio(self) -> Fraction:
        """The odds as an exact fraction: what a win pays per unit wagered (per unit of meter for ``%``)."""
        return Fraction(self.numerator) / Fraction(self.denominator)


def whole_cents(amount: Decimal) -> Decimal:
    """``amount`` rounded down to a whole cent; an amount already in whole cents is left as it is (``7.5``).

    >>> whole_cents(Decimal("49.995")), whole_cents(Decimal("7.5")), whole_cents(Decimal(40))
    (Decimal('49.99'), Decimal('7.5'), Decimal('40'))
    """
    if amount == amount.quantize(SMALLEST_UNIT, rounding=ROUND_FLOOR):
        return amount
    return amount.quantize(SMALLEST_UNIT, rounding=ROUND_FLOOR)


@dataclass(frozen=True)
class PayLine:
    """One line of a pay table: the hand it pays on and the odds."""

    hand: str
    label: str
    odds: Odds


@dataclass(frozen=True)
class Paytable:
    """A Blind, Trips, Bad Beat, Pairs or Progressive pay table."""

    id: str
    kind: PaytableKind
    title: str
    source: str
    lines: tuple[PayLine, ...]
    house_edge: float | None = None

    def line_for(self, hand: str) -> PayLine | None:
        """The line that pays ``hand`` (a hand name or a pairs/progressive key), or None."""
        return self._by_hand.get(hand)

    @cached_property
    def _by_hand(self) -> dict[str, PayLine]:
        """Each line by its hand (a table pays a hand once: the reader refuses a hand given twice)."""
        found: dict[str, PayLine] = {}
        for line in self.lines:
            found.setdefault(line.hand, line)
        return found

    def first_line(self, hands: Iterable[str]) -> PayLine | None:
        """The line of the first of ``hands`` that this table has (the order is the order of precedence)."""
        for hand in hands:
            line = self.line_for(hand)
            if line is not None:
                return line
        return None


@dataclass(frozen=True)
class CollectionSchedule:
    """A collection-fee schedule: brackets of total table action, half-open on whole dollars."""

    id: str
    title: str
    source: str
    brackets: tuple[tuple[Decimal, Decimal], ...]
    limit_per_spot: str | None = None

    def fee_for(self, total_action: Decimal) -> Decimal:
        """The fee for ``total_action``; a total below the first bracket pays the first fee, none pays nothing."""
        if total_action <= 0:
            return Decimal(0)
        fee = self.brackets[0][1]
        for lower, bracket_fee in self.brackets:
            if total_action >= lower:
                fee = bracket_fee
        return fee


class PaytableRegistry:
    """Every pay table and schedule known to the trainer, by kind and id."""

    def __init__(self) -> None:
        self._tables: dict[tuple[str, str], Paytable] = {}
        self._schedules: dict[str, CollectionSchedule] = {}
        self.version = 0
        """Counts the changes: what was worked out from the tables is worked out again after one."""

    def add(self, table: Paytable) -> None:
        self._tables[(table.kind, table.id)] = table
        self.version += 1

    def add_schedule(self, schedule: CollectionSchedule) -> None:
        self._schedules[schedule.id] = schedule
        self.version += 1

    def add_file(self, path: str | Path) -> list[str]:
        """Load a user's pay-table file (TOML or JSON, the shipped format); returns the ids it added."""
        added = []
        for item in _read_file(Path(path)):
            if isinstance(item, Paytable):
                self.add(item)
            else:
                self.add_schedule(item)
            added.append(item.id)
        return added

    def get(self, kind: str, table_id: str | int) -> Paytable:
        """The table of ``kind`` with ``table_id``; KeyError with a readable message when there is none."""
        key = (kind, str(table_id))
        if key not in self._tables:
            known = ", ".join(self.ids(kind))
            raise KeyError(_("unknown {kind} pay table {table} (known: {known})").format(
                kind=kind.replace("_", " "), table=_shown(str(table_id)), known=known))
        return self._tables[key]

    def ids(self, kind: str) -> list[str]:
        return [table_id for (k, table_id) in self._tables if k == kind]

    def blind(self) -> Paytable:
        return self.get("blind", "blind")

    def trips(self, table_id: str) -> Paytable:
        return self.get("trips", table_id)

    def bad_beat(self, table_id: str) -> Paytable:
        return self.get("bad_beat", table_id)

    def pairs(self, table_id: str | int) -> Paytable:
        return self.get("pairs", table_id)

    def progressive(self, table_id: str) -> Paytable:
        return self.get("progressive", table_id)

    def collection(self, schedule_id: str) -> CollectionSchedule:
        if schedule_id not in self._schedules:
            known = ", ".join(self._schedules)
            raise KeyError(_("unknown collection schedule {schedule} (known: {known})").format(
                schedule=_shown(schedule_id), known=known))
        return self._schedules[schedule_id]

    def schedule_ids(self) -> list[str]:
        return list(self._schedules)

    def copy(self) -> PaytableRegistry:
        clone = PaytableRegistry()
        clone._tables = dict(self._tables)
        clone._schedules = dict(self._schedules)
        return clone


@cache
def _builtin() -> PaytableRegistry:
    registry = PaytableRegistry()
    for name in (*DATA_FILES, COLLECTION_FILE):
        registry.add_file(engine_data_dir() / name)
    return registry


def load_paytables(extra_files: Iterable[str | Path] = ()) -> PaytableRegistry:
    """The shipped pay tables and schedules, plus any user files (which may replace a shipped id)."""
    extra = list(extra_files)
    if not extra:
        return _builtin()
    registry = _builtin().copy()
    for path in extra:
        registry.add_file(path)
    return registry


def _read_file(path: Path) -> list[Paytable | CollectionSchedule]:
    from trainer.userfiles import InputError, read_file_at_most

    source = str(path)
    try:
        raw = read_file_at_most(path, MAX_PAYTABLE_FILE_BYTES)
    except InputError as exc:
        raise PaytableError(source, "", exc.problem) from None
    data = _parse(source, raw, json_file=path.suffix.lower() == ".json")
    if not isinstance(data, dict) or not data:
        raise PaytableError(source, "", _("holds no pay tables (expected one table per entry)"))
    return [_read_entry(source, str(entry), body) for entry, body in data.items()]


def _parse(source: str, raw: bytes, *, json_file: bool) -> Any:
    """The file's data: UTF-8 (a byte-order mark allowed), JSON read safely (bounded numbers and nesting, no key
    twice) or TOML with exact decimals; any failure is one PaytableError naming the file."""
    from trainer import jsonin

    kind = "JSON" if json_file else "TOML"
    try:
        text = jsonin.decode_utf8(raw)
        if json_file:
            return jsonin.loads(text)
        return tomllib.loads(text, parse_float=Decimal)
    except jsonin.JsonInputError as exc:
        raise PaytableError(source, "", f"{exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise PaytableError(source, "", _("is not valid {kind} ({problem})").format(
            kind=kind, problem=jsonin.shown_text(str(exc), quote=False))) from None
    except RecursionError:
        raise PaytableError(source, "", _("is not valid {kind} (nested too deeply)").format(kind=kind)) from None
    except ValueError:  # tomllib: an integer of thousands of digits
        raise PaytableError(source, "", _("is not valid {kind} (a number is too long to be an amount or odds)").format(
            kind=kind)) from None


def _shown(value: Any) -> str:
    """A value from a pay-table file, quoted for a message: text in single quotes with anything invisible escaped,
    cut when long; other values as written (never a Python repr)."""
    from trainer.jsonin import shown as shown_value
    from trainer.jsonin import shown_text

    return f"'{shown_text(value, quote=False)}'" if isinstance(value, str) else shown_value(value)


def _plain_text(source: str, entry: str, key: str, value: Any, default: str) -> str:
    """A title, source or label: text, printable, not too long."""
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > 200 or not value.isprintable():
        raise PaytableError(source, entry, _("{key} {value} is not a line of text").format(
            key=key, value=_shown(value)))
    return value


def _read_entry(source: str, entry: str, body: Any) -> Paytable | CollectionSchedule:
    from trainer.jsonin import shown_text

    if not entry.isprintable() or len(entry) > 40:
        raise PaytableError(source, shown_text(entry), _("is not a pay table id (printable, at most 40 characters)"))
    if not isinstance(body, dict):
        raise PaytableError(source, entry, _("is not a table of keys"))
    if "brackets" in body:
        return _read_schedule(source, entry, body)
    kind = body.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise PaytableError(source, entry, _("kind {kind} is not one of {kinds}").format(
            kind=_shown(kind), kinds=", ".join(KINDS)))
    unknown = set(body) - {"kind", "title", "source", "lines", "house_edge"}
    if unknown:
        raise PaytableError(source, entry, _("unknown key {key}").format(key=_shown(sorted(unknown)[0])))
    lines = body.get("lines")
    if not isinstance(lines, list) or not lines:
        raise PaytableError(source, entry, _("has no lines (expected lines = [{ hand = ..., odds = ... }, ...])"))
    parsed = tuple(_read_line(source, entry, kind, index, line) for index, line in enumerate(lines))
    hands = [line.hand for line in parsed]
    duplicates = {hand for hand in hands if hands.count(hand) > 1}
    if duplicates:
        raise PaytableError(source, entry, _("pays '{hand}' twice").format(hand=sorted(duplicates)[0]))
    edge = body.get("house_edge")
    if edge is not None and (isinstance(edge, bool) or not isinstance(edge, int | float | Decimal)
                             or not math.isfinite(edge) or not -100 <= edge <= 100):
        raise PaytableError(source, entry, _("house_edge {edge} is not a percentage (-100 to 100)").format(
            edge=_shown(edge)))
    table_id = "blind" if kind == "blind" else entry
    return Paytable(
        table_id, kind, _plain_text(source, entry, "title", body.get("title"), entry),
        _plain_text(source, entry, "source", body.get("source"), source), parsed,
        None if edge is None else float(edge),
    )


def _read_line(source: str, entry: str, kind: str, index: int, line: Any) -> PayLine:
    where = f"{entry} line {index + 1}"
    if not isinstance(line, dict) or "hand" not in line or "odds" not in line:
        raise PaytableError(source, where, _("needs a hand and odds"))
    hand = line["hand"]
    if not isinstance(hand, str) or hand not in HANDS_BY_KIND[kind]:
        raise PaytableError(source, where, _("{hand} is not a hand a {kind} table can pay").format(
            hand=_shown(hand), kind=kind.replace("_", " ")))
    odds_text = line["odds"]
    if not isinstance(odds_text, str) or len(odds_text) > 40 or not odds_text.isprintable():
        raise PaytableError(source, where, _("odds {odds} are not text such as '3 to 2' or '250 for 1'").format(
            odds=_shown(odds_text)))
    try:
        odds = Odds.parse(odds_text)
    except ValueError as exc:
        raise PaytableError(source, where, str(exc)) from None
    for term in (odds.numerator, odds.denominator):
        problem = None if odds.kind == "percent" else check_odds_term(term)
        if problem:
            raise PaytableError(source, where, _("odds {odds}: {problem}").format(
                odds=_shown(odds_text), problem=problem))
    if odds.kind == "percent" and kind != "progressive":
        raise PaytableError(source, where, _("only a progressive table pays a percentage of a meter"))
    return PayLine(hand, _plain_text(source, where, "label", line.get("label"), hand), odds)


def _read_schedule(source: str, entry: str, body: dict[str, Any]) -> CollectionSchedule:
    brackets = body["brackets"]
    if not isinstance(brackets, list) or not brackets:
        raise PaytableError(source, entry, _("has no brackets"))
    parsed: list[tuple[Decimal, Decimal]] = []
    for index, bracket in enumerate(brackets):
        where = f"{entry} bracket {index + 1}"
        if not isinstance(bracket, dict) or set(bracket) != {"from", "fee"}:
            raise PaytableError(source, where, _("needs exactly 'from' and 'fee'"))
        lower, fee = _bracket_amount(source, where, bracket["from"]), _bracket_amount(source, where, bracket["fee"])
        if parsed and lower <= parsed[-1][0]:
            raise PaytableError(source, where, _("brackets must rise"))
        parsed.append((lower, fee))
    return CollectionSchedule(
        entry, _plain_text(source, entry, "title", body.get("title"), entry),
        _plain_text(source, entry, "source", body.get("source"), source), tuple(parsed),
        None if body.get("limit_per_spot") is None
        else _plain_text(source, entry, "limit_per_spot", body.get("limit_per_spot"), ""),
    )


def _bracket_amount(source: str, where: str, value: Any) -> Decimal:
    """'from' or 'fee': an amount a table holds (a number, or its text)."""
    number: Decimal | None = None
    if isinstance(value, int | Decimal) and not isinstance(value, bool) and len(str(value)) <= 40:
        number = Decimal(value)
    elif isinstance(value, float | str) and len(str(value)) <= 40:
        try:
            number = Decimal(str(value))
        except InvalidOperation:
            number = None
    if number is None:
        raise PaytableError(source, where, _("'from' and 'fee' must be numbers, not {value}").format(
            value=_shown(value)))
    problem = "must not be negative" if number.is_finite() and number < 0 else check_amount(number)
    if problem:
        raise PaytableError(source, where, f"{problem}")
    return number
