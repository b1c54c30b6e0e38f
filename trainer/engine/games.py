"""The three games of the documents as data: Washington UTH, California UTH, California UTH Bad Beat Bonus.

Each regulatory document describes one whole game (rules-notes §1b): who banks, how many positions, which pay
tables and side bets are offered, which collection-fee options, and the limits. The trainer's defaults, drills and
built-in tables are always one of these games; a room may still build its own combination (its custom table),
which nothing here refuses. The games are read from ``data/games.toml`` and checked against the shipped pay
tables and schedules.

>>> [game.id for game in games()]
['wa', 'ca', 'ca-bad-beat']
>>> ca = game_named("ca")
>>> ca.positions, ca.trips_paytables, ca.side_bets
(8, ('UTH-02',), ('trips',))
>>> ca.wager_limits("uth-2")
(Decimal('25'), Decimal('1000'))
>>> game_named("ca-bad-beat").table_rules(player_dealer_seat=2).trips_paytable
'UTH-04'
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

from trainer.engine.dealing import Procedure
from trainer.engine.errors import RoundError
from trainer.engine.paytables import PaytableRegistry, load_paytables
from trainer.engine.table import Banking, TableRules
from trainer.i18n.translation import _
from trainer.resources import engine_data_dir

if TYPE_CHECKING:
    from trainer.engine.wagers import SeatHand

GAMES_FILE = "games.toml"
SIDE_BETS = ("trips", "bad_beat", "pairs", "progressive")
"""The side bets, in settlement order; a game offers those it has pay tables for."""
GAME_IDS = ("wa", "ca", "ca-bad-beat")
"""The games, in the order they are offered: the ``settle`` key ``game`` takes one of these."""
SIDE_BET_LABELS = {"trips": "Trips", "bad_beat": "Bad Beat", "pairs": "Pairs", "progressive": "Progressive"}
_KEYS = {"title", "documents", "banking", "positions", "trips_paytables", "bad_beat_paytables", "pairs_paytables",
         "progressive_paytables", "procedures", "fee_options", "min_wager_range", "max_wager_range", "defaults"}
_DEFAULT_KEYS = {"seats", "min_wager", "max_wager", "player_dealer_bank"}


class GameError(ValueError):
    """A games file that cannot be used: the message names the file, the game and the problem."""

    def __init__(self, source: str, entry: str, problem: str) -> None:
        super().__init__(f"{source}: {entry}: {problem}" if entry else f"{source}: {problem}")


@dataclass(frozen=True)
class FeeOption:
    """A collection-fee option of a game: the schedule, and the limit per spot of every wager where the
    document gives one (seed 003: $5–$300, $25–$1,000, $100–$2,000)."""

    schedule: str
    limit_per_spot: tuple[Decimal, Decimal] | None = None


@dataclass(frozen=True)
class Game:
    """One game of the documents (rules-notes §1b). The first pay table of each kind is the game's default."""

    id: str
    title: str
    documents: tuple[str, ...]
    banking: Banking
    positions: int
    trips_paytables: tuple[str, ...]
    bad_beat_paytables: tuple[str, ...]
    pairs_paytables: tuple[str, ...]
    progressive_paytables: tuple[str, ...]
    procedures: tuple[Procedure, ...]
    fee_options: tuple[FeeOption, ...] = ()
    min_wager_range: tuple[Decimal, Decimal] | None = None
    max_wager_range: tuple[Decimal, Decimal] | None = None
    defaults: Mapping[str, int] | None = None

    @property
    def is_house(self) -> bool:
        return self.banking is Banking.HOUSE

    @property
    def name(self) -> str:
        """``game 'ca' (California Ultimate Texas Hold'em)``: how a refusal names the game."""
        return _("game '{id}' ({title})").format(id=self.id, title=self.title)

    def not_offered(self, kind: str) -> str:
        """Why a side bet is refused: the game named with the side bets it does offer.

        >>> game_named("ca").not_offered("bad_beat")
        "Bad Beat is not offered in game 'ca' (California Ultimate Texas Hold'em), which offers only Trips"
        """
        offered = [SIDE_BET_LABELS[bet] for bet in self.side_bets]
        listed = f"{', '.join(offered[:-1])} and {offered[-1]}" if len(offered) > 1 else "".join(offered) or "none"
        return _("{kind} is not offered in {name}, which offers only {listed}").format(
            kind=SIDE_BET_LABELS[kind], name=self.name, listed=listed)

    @property
    def side_bets(self) -> tuple[str, ...]:
        """The side bets the game offers, in settlement order."""
        return tuple(kind for kind in SIDE_BETS if self.paytables_of(kind))

    def paytables_of(self, kind: str) -> tuple[str, ...]:
        """The pay tables of ``kind`` (``trips``, ``bad_beat``, ``pairs``, ``progressive``) the game offers."""
        offered: tuple[str, ...] = getattr(self, f"{kind}_paytables")
        return offered

    @property
    def fee_schedules(self) -> tuple[str, ...]:
        return tuple(option.schedule for option in self.fee_options)

    def seat_numbers(self, player_dealer_seat: int | None = None) -> list[int]:
        """The seats a player may take: 1..7 on a house table; every position but the player-dealer's.

        >>> game_named("ca-bad-beat").seat_numbers(3)
        [1, 2, 4, 5, 6]
        """
        return [seat for seat in range(1, self.positions + 1) if seat != player_dealer_seat]

    def wager_limits(self, schedule: str | None = None) -> tuple[Decimal | None, Decimal | None]:
        """The lowest and highest wager the game allows on one spot: the fee option's limit per spot, else the
        widest the game's limits allow (None: the room's own limits).

        >>> game_named("ca").wager_limits(None), game_named("ca-bad-beat").wager_limits("bb-3")
        ((Decimal('5'), Decimal('2000')), (Decimal('1'), Decimal('10000')))
        >>> game_named("wa").wager_limits()
        (None, None)
        """
        option = next((option for option in self.fee_options if option.schedule == schedule), None)
        if option is not None and option.limit_per_spot is not None:
            return option.limit_per_spot
        spots = [option.limit_per_spot for option in self.fee_options if option.limit_per_spot is not None]
        if spots:
            return min(low for low, _ in spots), max(high for _, high in spots)
        low = self.min_wager_range[0] if self.min_wager_range else None
        high = self.max_wager_range[1] if self.max_wager_range else None
        return low, high

    def table_rules(self, **changes: Any) -> TableRules:
        """A table of this game with its default pay tables (``changes`` set the rest: the player-dealer's seat
        and bank, a fee option, a meter ...)."""
        values: dict[str, Any] = {"banking": self.banking, "game": self.id}
        for kind in SIDE_BETS:
            offered = self.paytables_of(kind)
            if offered:
                values[f"{kind}_paytable"] = offered[0]
        if not self.is_house:
            low, high = self.wager_limits(changes.get("collection_schedule"))
            values.update(min_wager=low, max_wager=high)
        values.update(changes)
        return TableRules(**values)

    def settings(self) -> dict[str, Any]:
        """The game's defaults as the table settings' fields (banking, seats, procedure, pay tables, side bets
        offered, limits, bank, fee option), for a settings screen offering the three games.

        >>> game_named("ca").settings()["seats"], game_named("ca").settings()["collection_schedule"]
        (8, 'uth-1')
        """
        defaults = dict(self.defaults or {})
        out: dict[str, Any] = {
            "banking": self.banking.value,
            "seats": defaults.get("seats", self.positions),
            "procedure": self.procedures[0].value,
        }
        for kind in SIDE_BETS:
            offered = self.paytables_of(kind)
            out[f"offer_{kind}"] = bool(offered) and kind in ("trips", "bad_beat")
            if offered:
                out[f"{kind}_paytable"] = int(offered[0]) if kind == "pairs" else offered[0]
        out["min_wager"], out["max_wager"] = defaults["min_wager"], defaults["max_wager"]
        if not self.is_house:
            out["player_dealer_bank"] = defaults["player_dealer_bank"]
            out["collection_schedule"] = self.fee_schedules[0]
        return out

    # -- checks ----------------------------------------------------------------------------------------------

    def check_table(self, table: TableRules, seats: Sequence[SeatHand] = (), given: Iterable[str] = ()) -> None:
        """Refuse (:class:`~trainer.engine.errors.RoundError`, naming the game and the field) a table or wager
        the game does not have.
        ``given`` names the table fields the room set itself: one of a side bet the game does not offer is
        refused too."""
        for problem in self.table_problems(table, seats, given):
            raise problem

    def check_seats(self, table: TableRules, seats: Sequence[SeatHand]) -> None:
        """:meth:`check_table` for a table whose own fields passed it: the seats' wagers alone."""
        found: list[RoundError] = []

        def refuse(field: str, problem: str, whole: bool = False) -> None:
            found.append(RoundError(field, problem if whole else f"{problem} in {self.name}"))

        for index, seat in enumerate(seats):
            self._seat_problems(table, seat, f"seats[{index}]", refuse)
            if found:
                raise found[0]

    def table_problems(
        self, table: TableRules, seats: Sequence[SeatHand] = (), given: Iterable[str] = ()
    ) -> list[RoundError]:
        """Every way ``table`` and ``seats`` are not a table of this game (empty: they are)."""
        found: list[RoundError] = []

        def refuse(field: str, problem: str, whole: bool = False) -> None:
            found.append(RoundError(field, problem if whole else _("{problem} in {game}").format(problem=problem,
                                                                                                  game=self.name)))

        if table.banking is not self.banking:
            refuse("table.banking", _("'{banking}' is not the banking").format(banking=table.banking.value))
        given = {f"{key}" for key in given}
        for kind in SIDE_BETS:
            field = f"{kind}_paytable"
            offered = self.paytables_of(kind)
            if offered and getattr(table, field) not in offered:
                refuse(f"table.{field}", _("'{table}' is not offered (offered: {offered})").format(
                    table=getattr(table, field), offered=", ".join(offered)))
            elif not offered and field in given:
                refuse(f"table.{field}", self.not_offered(kind), whole=True)
        schedule = table.collection_schedule
        if schedule is not None and schedule not in self.fee_schedules:
            known = ", ".join(self.fee_schedules) or _("none")
            refuse("table.collection_schedule", _("'{schedule}' is not a fee option (options: {known})").format(
                schedule=schedule, known=known))
        if not self.is_house and table.player_dealer_seat is not None \
                and not 1 <= table.player_dealer_seat <= self.positions:
            refuse("table.player_dealer_seat", _("{seat} is not one of the {count} positions").format(
                seat=table.player_dealer_seat, count=self.positions))
        self._limit_problems(table, refuse)
        for index, seat in enumerate(seats):
            self._seat_problems(table, seat, f"seats[{index}]", refuse)
        return found

    def _limit_problems(self, table: TableRules, refuse: Any) -> None:
        for field, allowed in (("min_wager", self.min_wager_range), ("max_wager", self.max_wager_range)):
            value = getattr(table, field)
            if allowed is not None and value is not None and not allowed[0] <= value <= allowed[1]:
                limit = _("the table minimum") if field == "min_wager" else _("the table maximum")
                refuse(f"table.{field}", _("{value} is outside {range}, {limit}").format(
                    value=value, range=_range_text(allowed), limit=limit))
        low, high = self.wager_limits(table.collection_schedule)
        if low is None or high is None:
            return
        for field in ("min_wager", "max_wager"):
            value = getattr(table, field)
            if value is not None and not low <= value <= high:
                refuse(f"table.{field}", _("{value} is outside the limit per spot {range}").format(
                    value=value, range=_range_text((low, high))))

    def _seat_problems(self, table: TableRules, seat: SeatHand, where: str, refuse: Any) -> None:
        if not 1 <= seat.seat <= self.positions:
            refuse(f"{where}.seat", (_("{seat} is not one of the {count} seats") if self.is_house else
                                     _("{seat} is not one of the {count} positions")).format(seat=seat.seat,
                                                                                           count=self.positions))
        for kind in SIDE_BETS:
            if getattr(seat, kind) > 0 and not self.paytables_of(kind):
                refuse(f"{where}.{kind}", self.not_offered(kind), whole=True)
        low, high = self.wager_limits(table.collection_schedule)
        for name in ("ante", "blind", "play", *SIDE_BETS):
            value = getattr(seat, name)
            if value == 0:
                continue
            if (low is not None and value < low) or (high is not None and value > high):
                assert low is not None and high is not None
                refuse(f"{where}.{name}", _("{value} is outside the limit per spot {range}").format(
                    value=value, range=_range_text((low, high))))

    def settings_problems(self, values: Mapping[str, Any]) -> dict[str, str]:
        """Every field of a table-settings combination (the settings' field names) the game does not allow,
        with a message naming the game; empty when the settings are a table of this game.

        >>> game_named("ca").settings_problems({**game_named("ca").settings(), "seats": 6})
        {'seats': "a table of 8 positions in game 'ca' (California Ultimate Texas Hold'em), not 6"}
        """
        found: dict[str, str] = {}
        if values.get("banking") != self.banking.value:
            found["banking"] = _("'{banking}' in {game}, not {given!r}").format(
                banking=self.banking.value, game=self.name, given=values.get("banking"))
        seats = values.get("seats")
        if self.is_house:
            if not isinstance(seats, int) or not 1 <= seats <= self.positions:
                found["seats"] = _("1 to {count} seats in {game}, not {seats}").format(
                    count=self.positions, game=self.name, seats=seats)
        elif seats != self.positions:
            found["seats"] = _("a table of {count} positions in {game}, not {seats}").format(
                count=self.positions, game=self.name, seats=seats)
        for kind in SIDE_BETS:
            offered = self.paytables_of(kind)
            if values.get(f"offer_{kind}") and not offered:
                found[f"offer_{kind}"] = self.not_offered(kind)
            elif offered and values.get(f"offer_{kind}", True) and str(values.get(f"{kind}_paytable")) not in offered:
                found[f"{kind}_paytable"] = _("{table!r} is not offered in {game} (offered: {offered})").format(
                    table=values.get(f"{kind}_paytable"), game=self.name, offered=", ".join(offered))
        procedure = values.get("procedure")
        if procedure is not None and procedure not in {p.value for p in self.procedures}:
            found["procedure"] = _("{procedure!r} is not a dealing procedure of {game} ({procedures})").format(
                procedure=procedure, game=self.name, procedures=", ".join(p.value for p in self.procedures))
        if not self.is_house and values.get("collection_schedule") not in self.fee_schedules:
            found["collection_schedule"] = _("{schedule!r} is not a fee option of {game}").format(
                schedule=values.get("collection_schedule"), game=self.name)
        self._settings_limits(values, found)
        return found

    def _settings_limits(self, values: Mapping[str, Any], found: dict[str, str]) -> None:
        schedule = values.get("collection_schedule") if not self.is_house else None
        low, high = self.wager_limits(schedule)
        for field, allowed in (("min_wager", self.min_wager_range), ("max_wager", self.max_wager_range)):
            value = values.get(field)
            if value is None or field in found:
                continue
            if allowed is not None and not allowed[0] <= value <= allowed[1]:
                found[field] = _("${value} is outside {range} in {game}").format(
                    value=value, range=_range_text(allowed), game=self.name)
            elif low is not None and high is not None and not low <= value <= high:
                found[field] = _("${value} is outside the limit per spot {range} in {game}").format(
                    value=value, range=_range_text((low, high)), game=self.name)


def _range_text(bounds: tuple[Decimal, Decimal]) -> str:
    return f"${bounds[0]:,}–${bounds[1]:,}"


# -- loading ---------------------------------------------------------------------------------------------------


@cache
def _games() -> dict[str, Game]:
    path = engine_data_dir() / GAMES_FILE
    return read_games(tomllib.loads(path.read_text(encoding="utf-8")), str(path), load_paytables())


def games() -> tuple[Game, ...]:
    """The three games, in the order a settings screen offers them."""
    return tuple(_games().values())


def game_named(game_id: str) -> Game:
    """The game with ``game_id``; KeyError with the known ids otherwise."""
    found = _games()
    if game_id not in found:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(found)})")
    return found[game_id]


def default_game(banking: Banking) -> Game:
    """The game whose defaults a table of ``banking`` takes when no game is named: Washington for a house table,
    the Bad Beat Bonus game for a player-dealer table (rules-notes §1b).

    >>> default_game(Banking.PLAYER_DEALER).id
    'ca-bad-beat'
    """
    return game_named("wa" if banking is Banking.HOUSE else "ca-bad-beat")


def game_of_settings(values: Mapping[str, Any]) -> Game | None:
    """The game a table-settings combination is, or None: the room's custom table.

    >>> game_of_settings(game_named("ca-bad-beat").settings()).id
    'ca-bad-beat'
    >>> game_of_settings({**game_named("ca").settings(), "offer_bad_beat": True}) is None
    True
    """
    return next((game for game in games() if not game.settings_problems(values)), None)


def read_games(data: Mapping[str, Any], source: str, paytables: PaytableRegistry) -> dict[str, Game]:
    """Parse and check the games file: every pay table and schedule it names must exist."""
    found = {str(entry): _read_game(source, str(entry), body, paytables) for entry, body in data.items()}
    if tuple(found) != GAME_IDS:
        raise GameError(source, "", f"must describe the games {', '.join(GAME_IDS)} in that order")
    return found


def _read_game(source: str, entry: str, body: Any, paytables: PaytableRegistry) -> Game:
    if not isinstance(body, dict):
        raise GameError(source, entry, "is not a table of keys")
    unknown = set(body) - _KEYS
    if unknown:
        raise GameError(source, entry, f"unknown key {sorted(unknown)[0]!r}")
    try:
        banking = Banking(str(body.get("banking")))
        procedures = tuple(Procedure(name) for name in body.get("procedures", ()))
    except ValueError as exc:
        raise GameError(source, entry, str(exc)) from None
    lists = {}
    for kind in SIDE_BETS:
        ids = tuple(str(table_id) for table_id in body.get(f"{kind}_paytables", ()))
        for table_id in ids:
            try:
                paytables.get(kind, table_id)
            except KeyError as exc:
                raise GameError(source, entry, str(exc.args[0])) from None
        lists[kind] = ids
    if not lists["trips"] or not procedures:
        raise GameError(source, entry, "needs a Trips pay table and a dealing procedure")
    options = tuple(_fee_option(source, entry, raw, paytables) for raw in body.get("fee_options", ()))
    positions = body.get("positions")
    if not isinstance(positions, int) or not 1 <= positions <= 8:
        raise GameError(source, entry, f"positions {positions!r} is not 1 to 8")
    defaults = body.get("defaults", {})
    if not isinstance(defaults, dict) or set(defaults) - _DEFAULT_KEYS:
        raise GameError(source, entry, f"defaults may set only {', '.join(sorted(_DEFAULT_KEYS))}")
    if banking is Banking.PLAYER_DEALER and (not options or "player_dealer_bank" not in defaults):
        raise GameError(source, entry, "a player-dealer game needs fee options and a default bank")
    return Game(
        entry, str(body.get("title", entry)), tuple(body.get("documents", ())), banking, positions,
        lists["trips"], lists["bad_beat"], lists["pairs"], lists["progressive"], procedures, options,
        _bounds(source, entry, body.get("min_wager_range")), _bounds(source, entry, body.get("max_wager_range")),
        dict(defaults),
    )


def _fee_option(source: str, entry: str, raw: Any, paytables: PaytableRegistry) -> FeeOption:
    if not isinstance(raw, dict) or "schedule" not in raw or set(raw) - {"schedule", "limit_per_spot"}:
        raise GameError(source, entry, "a fee option needs 'schedule' (and may give 'limit_per_spot')")
    try:
        paytables.collection(str(raw["schedule"]))
    except KeyError as exc:
        raise GameError(source, entry, str(exc.args[0])) from None
    return FeeOption(str(raw["schedule"]), _bounds(source, entry, raw.get("limit_per_spot")))


def _bounds(source: str, entry: str, raw: Any) -> tuple[Decimal, Decimal] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(v, int) for v in raw) or raw[0] > raw[1]:
        raise GameError(source, entry, f"{raw!r} is not a [low, high] pair of whole dollars")
    return Decimal(raw[0]), Decimal(raw[1])


# -- a table read from a request ------------------------------------------------------------------------------


def read_game_key(value: Any) -> Game | None:
    """The game a request's ``table.game`` names (None when it names none); RoundError otherwise."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in _games():
        raise RoundError("table.game", f"{value!r} is not a game (choose from {', '.join(GAME_IDS)})")
    return game_named(value)


def request_table(values: Mapping[str, Any], game: Game | None, given: Iterable[str] = ()) -> TableRules:
    """The table of a ``settle`` request: the fields it gives over its game's defaults.

    With a game (``table.game``), every default of the game applies (pay tables, and on a player-dealer table
    the limit per spot) and a pay table, fee option or seat the game does not have is refused, naming the game
    and the field. Without one, nothing is refused (a room's own table) and only the pay tables default: those of
    ``wa`` on a house table, of ``ca-bad-beat`` (UTH-04, Bad Beat CA) on a player-dealer table.

    >>> request_table({"banking": Banking.PLAYER_DEALER}, None).trips_paytable
    'UTH-04'
    >>> request_table({"banking": Banking.PLAYER_DEALER, "trips_paytable": "UTH-01"}, game_named("ca"))
    Traceback (most recent call last):
    ...
    trainer.engine.errors.RoundError: table.trips_paytable: 'UTH-01' is not offered (offered: UTH-02) in \
game 'ca' (California Ultimate Texas Hold'em)
    """
    if game is None:
        base = default_game(values.get("banking", Banking.HOUSE)).table_rules()
        defaults = {f"{kind}_paytable": getattr(base, f"{kind}_paytable") for kind in SIDE_BETS}
        return TableRules(**{**defaults, **values})
    table = game.table_rules(**{"banking": game.banking, **values})
    game.check_table(table, (), given)
    return table
