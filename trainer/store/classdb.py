"""The class store's server side: connecting (one line when it cannot), its migration ladder, its two roles.

The schema comes from ``migrations_pg/``: the same numbered rungs as the station's SQLite ladder, spelled for
PostgreSQL; the table ``uth_class_store`` says which rung the database is at (and that it is a class store at all).
``class init`` (the database owner) climbs the ladder and makes two roles:

* ``<db>_station``: reads what a trainee's screens need; inserts profiles, items, their mistakes and exam attempts;
  keeps the derived totals and review cards; never updates or deletes an item, a mistake or an attempt, never
  touches an exam, and never sees the instructor's PIN hash (row-level security on ``setting``);
* ``<db>_instructor``: everything on the class's tables, each correction or deletion written to ``audit``
  (by a trigger, with who and when); the audit itself it may only read.
"""

from __future__ import annotations

import os
import re
import secrets
import socket
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import quote, urlencode

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from trainer.i18n.translation import _
from trainer.store.db import Migration, StoreError, migrations
from trainer.store.dialect import ClassOfflineError
from trainer.store.instructor import PIN_KEY

VERSION_TABLE = "uth_class_store"
STATION_ENV = "UTH_TRAINER_STATION"
CONNECT_TIMEOUT = 5
TCP_USER_TIMEOUT_MS = 10_000
"""How long sent data may stay unacknowledged before the connection counts as lost (a network gone mid-query)."""
KEEPALIVES = {"keepalives": "1", "keepalives_idle": "10", "keepalives_interval": "5", "keepalives_count": "3"}
"""TCP keepalives: an idle connection whose server vanished is found dead within about 25 s."""
_MIGRATION = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")

STATION_READS = ("profile", "item", "mistake", "review_card", "day_total", "mistake_total", "exam", "attempt",
                 "station_total", VERSION_TABLE)
STATION_INSERTS = ("profile", "item", "mistake", "attempt")
STATION_KEEPS = ("review_card", "day_total", "mistake_total")
"""Derived from the items (the day's totals, the review cards): the station keeps them as it adds items."""
CLASS_TABLES = ("profile", "item", "mistake", "review_card", "day_total", "mistake_total", "exam", "attempt",
                "setting", "station_total")


@cache
def pg_migrations() -> tuple[Migration, ...]:
    """The class store's ladder: one PostgreSQL rung for each rung of the station's ladder, with the same names.

    >>> [step.name for step in pg_migrations()] == [step.name for step in migrations()]
    True
    """
    folder = resources.files("trainer.store").joinpath("migrations_pg")
    found = sorted((Migration(int(match.group(1)), entry.name, entry.read_text(encoding="utf-8"))
                    for entry in folder.iterdir() if (match := _MIGRATION.match(entry.name))),
                   key=lambda step: step.version)
    local = [step.name for step in migrations()]
    if [step.name for step in found] != local:
        raise StoreError("the class store's migrations do not match the station's: "
                         f"{[step.name for step in found]} against {local}")
    return tuple(found)


def station_name() -> str:
    """This station's name in the class store: ``$UTH_TRAINER_STATION``, else the computer's name."""
    return os.environ.get(STATION_ENV, "").strip() or socket.gethostname()


def where(url: str) -> str:
    """``host:port/db`` of ``url``, never its password (for messages).

    >>> where("postgresql://station:secret@db.example:5433/room1?sslmode=require")
    'db.example:5433/room1'
    """
    params = _params(url)
    host = params.get("host") or "localhost"
    database = params.get("dbname") or params.get("user", "")
    return f"{host}{':' + params['port'] if params.get('port') else ''}/{database}"


def _params(url: str) -> dict[str, str]:
    try:
        return {key: str(value) for key, value in conninfo_to_dict(url).items()}
    except psycopg.ProgrammingError as error:
        raise StoreError(f"not a PostgreSQL URL (postgresql://USER:PASSWORD@HOST:PORT/DATABASE): {error}") from error


def is_class_url(text: str | None) -> bool:
    return bool(text) and str(text).startswith(("postgresql://", "postgres://"))


def url_for(url: str, user: str, password: str) -> str:
    """``url`` with another user and password (the URLs ``class init`` hands out); TLS and the other options kept.

    >>> url_for("postgresql://owner:x@db:5433/room?sslmode=require", "room_station", "pw")
    'postgresql://room_station:pw@db:5433/room?sslmode=require'
    """
    params = _params(url)
    host, port, dbname = params.pop("host", ""), params.pop("port", ""), params.pop("dbname", "")
    params.pop("user", None)
    params.pop("password", None)
    if host.startswith("/"):
        params = {"host": host, **params}
        host = ""
    netloc = f"{quote(user, safe='')}:{quote(password, safe='')}@{host}{':' + port if port else ''}"
    return f"postgresql://{netloc}/{quote(dbname, safe='')}" + (f"?{urlencode(params)}" if params else "")


def explain(error: psycopg.Error, url: str) -> str:
    """One line for a connection that failed."""
    params = _params(url)
    text = str(error).strip()
    lowered = text.lower()
    place = where(url)
    user = params.get("user") or "(no user)"
    if "password authentication failed" in lowered:
        return _("wrong password for {user} on the class store {place}").format(user=user, place=place)
    if "no password supplied" in lowered:
        return _("no password for {user} on {place}: put it in the URL or in ~/.pgpass").format(user=user,
                                                                                               place=place)
    if re.search(r'role ".*" does not exist', lowered):
        return _("no user {user} on the class store {place}").format(user=user, place=place)
    if re.search(r'database ".*" does not exist', lowered):
        return _("no database {name} on {place}").format(name=params.get("dbname", ""), place=place.split("/")[0])
    if unreachable(error):
        return _("cannot reach the class store at {place} (is the server running and reachable?)").format(
            place=place)
    reason = text.splitlines()[0].rsplit("failed: ", 1)[-1] if text else type(error).__name__
    if "ssl" in lowered or "certificate" in lowered:
        return _("TLS to the class store {place} failed: {reason}").format(place=place, reason=reason)
    return _("the class store {place}: {reason}").format(place=place, reason=reason)


def unreachable(error: psycopg.Error) -> bool:
    """The server did not answer (down, starting, no route): the station works offline and tries again."""
    lowered = str(error).lower()
    return any(part in lowered for part in ("connection refused", "could not translate host name", "timeout expired",
                                            "no route to host", "network is unreachable", "could not connect",
                                            "name or service not known", "no such file or directory",
                                            "shutting down", "starting up", "not yet accepting connections"))


def connect(url: str, *, timeout: int = CONNECT_TIMEOUT) -> psycopg.Connection[Any]:
    """A connection (autocommit) to ``url``; :class:`StoreError` with one line when there is none."""
    params = _params(url)
    params.setdefault("connect_timeout", str(timeout))
    params.setdefault("application_name", "uth-trainer")
    if not params.get("host", "").startswith("/"):  # (TCP only: a Unix socket has neither)
        params.setdefault("tcp_user_timeout", str(TCP_USER_TIMEOUT_MS))
        for key, value in KEEPALIVES.items():
            params.setdefault(key, value)
    try:
        return psycopg.connect(**params, autocommit=True)  # type: ignore[arg-type]  # libpq's keywords
    except psycopg.Error as error:
        message = explain(error, url)
        raise (ClassOfflineError if unreachable(error) else StoreError)(message) from error


def class_version(connection: psycopg.Connection[Any]) -> int | None:
    """The rung the class store is at; None when the database is not a class store."""
    found = connection.execute("SELECT to_regclass(%s)", (VERSION_TABLE,)).fetchone()
    if found is None or found[0] is None:
        return None
    row = connection.execute(sql.SQL("SELECT version FROM {}").format(sql.Identifier(VERSION_TABLE))).fetchone()
    return int(row[0]) if row else 0


def check_version(connection: psycopg.Connection[Any], url: str) -> int:
    """The class store's version when this trainer can work with it; else one line saying why not."""
    try:
        version = class_version(connection)
    except psycopg.Error as error:
        raise StoreError(explain(error, url)) from error
    top = len(pg_migrations())
    if version is None:
        raise StoreError(_("{place} is not a class store (the instructor makes it one with `uth-trainer class init "
                           "URL`)").format(place=where(url)))
    if version > top:
        raise StoreError(_("the class store {place} has a newer schema ({version}; this trainer knows up to {top}): "
                           "update the trainer on this station").format(place=where(url), version=version, top=top))
    if version < top:
        raise StoreError(_("the class store {place} has an older schema ({version}; this trainer writes {top}): the "
                           "instructor upgrades it with `uth-trainer class init` and the owner's URL").format(
                               place=where(url), version=version, top=top))
    return version


def migrate(connection: psycopg.Connection[Any], *, upgrade_to: int | None = None) -> tuple[int, int]:
    """Climb the class store's ladder, each rung in its own transaction (two inits at once wait for each other);
    ``upgrade_to`` stops at that rung (the tests start from each earlier schema).

    Returns the version before and after."""
    ladder = pg_migrations()
    table = sql.Identifier(VERSION_TABLE)
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (VERSION_TABLE,))
        connection.execute(sql.SQL("CREATE TABLE IF NOT EXISTS {} (only_row BOOLEAN PRIMARY KEY DEFAULT TRUE "
                                   "CHECK (only_row), version INTEGER NOT NULL)").format(table))
        connection.execute(sql.SQL("INSERT INTO {} (version) VALUES (0) ON CONFLICT DO NOTHING").format(table))
    before = class_version(connection) or 0
    if before > len(ladder):
        raise StoreError(f"the class store has a newer schema ({before}; this trainer knows up to {len(ladder)}): "
                         "update the trainer")
    top = len(ladder) if upgrade_to is None else upgrade_to
    for step in ladder[:top]:
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (VERSION_TABLE,))
            if (class_version(connection) or 0) >= step.version:
                continue
            connection.execute(step.sql.encode())
            connection.execute(sql.SQL("UPDATE {} SET version = %s").format(table), (step.version,))
    return before, max(before, top)


@dataclass(frozen=True)
class Roles:
    """The two roles of a class store and the URLs that sign in as them."""

    station: str
    instructor: str
    station_url: str
    instructor_url: str


def role_names(connection: psycopg.Connection[Any]) -> tuple[str, str]:
    """``<db>_station`` and ``<db>_instructor`` (roles are the server's, so named after the database)."""
    row = connection.execute("SELECT current_database()").fetchone()
    base = re.sub(r"[^a-z0-9_]", "_", str(row[0] if row else "uth").lower())
    return f"{base}_station", f"{base}_instructor"


def make_roles(connection: psycopg.Connection[Any], url: str) -> Roles:
    """Make (or renew: new passwords) the station and instructor roles, with exactly their privileges."""
    station, instructor = role_names(connection)
    passwords = {station: secrets.token_urlsafe(18), instructor: secrets.token_urlsafe(18)}
    ident = sql.Identifier
    with connection.transaction():
        for role, password in passwords.items():
            exists = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
            statement = ("ALTER ROLE {} LOGIN PASSWORD {}" if exists
                         else "CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD {}")
            connection.execute(sql.SQL(statement).format(ident(role), sql.Literal(password)))
        database = connection.execute("SELECT current_database()").fetchone()
        both = sql.SQL(", ").join([ident(station), ident(instructor)])
        connection.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
            ident(str(database[0] if database else "")), both))
        connection.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(both))
        every = sql.SQL(", ").join([ident(name) for name in (*CLASS_TABLES, "audit", VERSION_TABLE)])
        connection.execute(sql.SQL("REVOKE ALL ON {} FROM PUBLIC, {}").format(every, both))

        def grant(privileges: str, tables: tuple[str, ...], role: str) -> None:
            connection.execute(sql.SQL("GRANT {} ON {} TO {}").format(
                sql.SQL(privileges), sql.SQL(", ").join([ident(name) for name in tables]), ident(role)))

        grant("SELECT", STATION_READS, station)
        grant("INSERT", STATION_INSERTS, station)
        grant("INSERT, UPDATE, DELETE", STATION_KEEPS, station)
        grant("SELECT, INSERT, UPDATE", ("setting",), station)
        grant("SELECT, INSERT, UPDATE, DELETE", CLASS_TABLES, instructor)
        grant("SELECT", ("audit", VERSION_TABLE), instructor)
        for policy, role, rule in (("station_settings", station, sql.SQL("key <> {}").format(sql.Literal(PIN_KEY))),
                                   ("instructor_settings", instructor, sql.SQL("TRUE"))):
            connection.execute(sql.SQL("DROP POLICY IF EXISTS {} ON setting").format(ident(policy)))
            connection.execute(sql.SQL("CREATE POLICY {} ON setting FOR ALL TO {} USING ({}) WITH CHECK ({})").format(
                ident(policy), ident(role), rule, rule))
    return Roles(station, instructor, url_for(url, station, passwords[station]),
                 url_for(url, instructor, passwords[instructor]))



@dataclass(frozen=True)
class StationSeen:
    station: str
    items: int
    last_write: str


@dataclass(frozen=True)
class ClassStatus:
    """What ``class status`` tells: the schema, the trainees, the items, each station's items and last write."""

    place: str
    version: int
    profiles: int
    items: int
    stations: tuple[StationSeen, ...]

    def lines(self) -> list[str]:
        top = len(pg_migrations())
        found = [f"Class store {self.place}: schema {self.version} (this trainer writes {top})",
                 f"{self.profiles} trainee{'s' if self.profiles != 1 else ''}, {self.items} item"
                 f"{'s' if self.items != 1 else ''} from {len(self.stations)} station"
                 f"{'s' if len(self.stations) != 1 else ''}"]
        found += [f"  {seen.station}: {seen.items} items, last write {seen.last_write}" for seen in self.stations]
        return found


def class_status(connection: psycopg.Connection[Any], url: str) -> ClassStatus:
    version = class_version(connection)
    if version is None:
        raise StoreError(f"{where(url)} is not a class store (make it one with `uth-trainer class init URL`)")
    profiles = connection.execute("SELECT count(*) FROM profile").fetchone()
    items = connection.execute("SELECT count(*) FROM item").fetchone()
    rows = connection.execute(
        "SELECT station, count(*), to_char(max(received) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC' "
        "FROM item GROUP BY station ORDER BY station").fetchall()
    return ClassStatus(where(url), version, int(profiles[0] if profiles else 0), int(items[0] if items else 0),
                       tuple(StationSeen(str(row[0]), int(row[1]), str(row[2])) for row in rows))
