"""The class store's server side: connecting (one line when it cannot), its migration ladder, its two roles.

The schema comes from ``migrations_pg/``: the same numbered rungs as the station's SQLite ladder, spelled for
PostgreSQL; the table ``uth_class_store`` says which rung the database is at (and that it is a class store at all).
``class init`` (the database owner) climbs the ladder, applies ``migrations_pg/authority.sql`` (the server's own
totals, marks, tombstones and the names of who signed in) and keeps two group roles without a login:

* ``<db>_stations``: reads what a trainee's screens need; inserts profiles, items, their mistakes and exam attempts
  (never a station name, a score, a verdict or a pass mark: the server works them out); changes review cards and a
  trainee's path only through the server's functions; never updates, deletes or truncates anything, never touches
  an exam, and never sees the instructor's PIN hash (row-level security on ``setting``);
* ``<db>_instructors``: corrects and deletes on the class's tables, each change written to ``audit`` (by a
  trigger, with who and when); the audit itself it may only read.

Each station and each instructor signs in with a login of its own (``class add-station``, ``add-instructor``),
a member of one group; the server records the name it was added with, never a name the client gives.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import secrets
import socket
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
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

class _QuietPipelineEnd(logging.Filter):
    """psycopg logs "error ignored terminating <Pipeline>" when the server went away in the middle of a batch; the
    station says it once its own way (offline, the items waiting), so that line is not printed."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("error ignored terminating")


logging.getLogger("psycopg").addFilter(_QuietPipelineEnd())


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
    return shown(f"{host}{':' + params['port'] if params.get('port') else ''}/{database}")


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
        loose = pgpass_too_open()
        if loose is not None:
            return _("no password for {user} on {place}: {file} is not used while others may read it: chmod 600 "
                     "{file}").format(user=user, place=place, file=loose)
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


def pgpass_too_open() -> str | None:
    """``~/.pgpass`` (or ``$PGPASSFILE``) as the user would type it, when the PostgreSQL client ignores it because
    others may read it (a mode other than 0600); else None."""
    named = os.environ.get("PGPASSFILE")
    path = Path(named) if named else Path.home() / ".pgpass"
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    if not mode & 0o077:
        return None
    return named if named else "~/.pgpass"


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
    params["connect_timeout"] = str(capped_timeout(params.get("connect_timeout"), timeout))
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


def capped_timeout(given: str | None, most: int = CONNECT_TIMEOUT) -> int:
    """A URL's ``connect_timeout``, never more than ``most`` seconds (a station never waits longer for a server
    that does not answer), never 0 (which libpq reads as "wait for ever").

    >>> capped_timeout("60"), capped_timeout("2"), capped_timeout("0"), capped_timeout(None), capped_timeout("x")
    (5, 2, 5, 5, 5)
    """
    try:
        seconds = int(str(given).strip()) if given is not None else most
    except ValueError:
        return most
    return most if seconds <= 0 else min(seconds, most)


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
    if version < top or not secured(connection):
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


AUTHORITY = "authority.sql"
"""What makes the server the authority (members, tombstones, the server's own totals and marks): applied by every
``class init`` after the numbered rungs, each statement safe to run again."""
MEMBER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}\Z")
FIRST_STATION = "station-1"
FIRST_INSTRUCTOR = "instructor"

STATION_INSERTS = {
    "profile": ("uid", "name", "created"),
    "item": ("uid", "profile_id", "at", "drill", "situation", "variant", "title", "seed", "replay", "mode", "steps",
             "correct", "seconds", "perfect", "wrong_attempts", "left_to_table"),
    "mistake": ("item_id", "position", "kind", "expected", "given", "rule", "topic"),
    "attempt": ("uid", "profile_id", "exam_uid", "exam_name", "at", "mistakes", "seconds", "items", "hands",
                "asked_pass_mark", "complete"),
}
"""The only columns a station may write: never a station name, a score, a verdict or a pass mark (the server works
those out), and never an update or a delete anywhere."""
STATION_READS = ("profile", "item", "mistake", "review_card", "day_total", "mistake_total", "exam", "attempt",
                 "station_total", "setting", "tombstone", VERSION_TABLE)
INSTRUCTOR_WRITES = ("profile", "item", "mistake", "review_card", "exam", "attempt", "setting")
INSTRUCTOR_READS = ("day_total", "mistake_total", "station_total", "audit", "tombstone", "member", VERSION_TABLE)
CLASS_TABLES = ("profile", "item", "mistake", "review_card", "day_total", "mistake_total", "exam", "attempt",
                "setting", "station_total", "audit", "tombstone", "member", VERSION_TABLE)
FUNCTIONS = ("class_review(BIGINT[], TEXT[], TEXT[], TEXT[], INTEGER[])", "class_keep_path(TEXT, TEXT)")
KINDS = ("station", "instructor")


def secured(connection: psycopg.Connection[Any]) -> bool:
    """Whether ``class init`` of this trainer made the server the authority here (its members table is there)."""
    found = connection.execute("SELECT to_regclass('member')").fetchone()
    return bool(found and found[0])


def secure(connection: psycopg.Connection[Any]) -> None:
    """Apply :data:`AUTHORITY` (in one transaction; two inits at once wait for each other)."""
    text = resources.files("trainer.store").joinpath("migrations_pg", AUTHORITY).read_text(encoding="utf-8")
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (VERSION_TABLE,))
        connection.execute(text.encode())


def _base(connection: psycopg.Connection[Any]) -> str:
    row = connection.execute("SELECT current_database()").fetchone()
    return re.sub(r"[^a-z0-9_]", "_", str(row[0] if row else "uth").lower())


def role_names(connection: psycopg.Connection[Any]) -> tuple[str, str]:
    """The two group roles (no login) whose privileges every station and every instructor hold:
    ``<db>_stations`` and ``<db>_instructors`` (roles are the server's, so named after the database)."""
    base = _base(connection)
    return f"{base}_stations", f"{base}_instructors"


def legacy_roles(connection: psycopg.Connection[Any]) -> tuple[str, str]:
    """The one shared station role and the one instructor role of a class store made by an earlier trainer."""
    base = _base(connection)
    return f"{base}_station", f"{base}_instructor"


def member_role(connection: psycopg.Connection[Any], kind: str, name: str) -> str:
    """The login role of the station or instructor ``name``: ``<db>_st_<name>`` or ``<db>_in_<name>``."""
    return f"{_base(connection)}_{'st' if kind == 'station' else 'in'}_{name.lower()}"


def check_member_name(name: str) -> str:
    """A station's or instructor's name as given, when it is one (letters, digits, ``-``, ``_``, ``.``; at most 32)."""
    if not MEMBER_NAME.match(name):
        raise StoreError(_("{name} cannot name a station or an instructor: use at most 32 letters, digits, '-', "
                           "'_' or '.', starting with a letter or a digit").format(name=shown(name)))
    return name


def shown(text: str) -> str:
    r"""``text`` for a message or a listing, its control characters escaped (a name or URL from elsewhere).

    >>> shown("st-a"), shown("st\x1b[2Ja")
    ('st-a', "'st\\x1b[2Ja'")
    """
    return text if text.isprintable() else repr(text)


def grant(connection: psycopg.Connection[Any]) -> None:
    """The group roles and exactly their privileges (made again by every ``class init``)."""
    stations, instructors = role_names(connection)
    ident = sql.Identifier
    both = sql.SQL(", ").join([ident(stations), ident(instructors)])
    with connection.transaction():
        for role in (stations, instructors):
            if connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is None:
                connection.execute(sql.SQL("CREATE ROLE {} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE").format(
                    ident(role)))
        database = connection.execute("SELECT current_database()").fetchone()
        connection.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
            ident(str(database[0] if database else "")), both))
        connection.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(both))
        everyone = [ident(role) for role in (stations, instructors)] + [
            ident(role) for role in legacy_roles(connection)
            if connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()]
        tables = sql.SQL(", ").join([ident(name) for name in CLASS_TABLES])
        connection.execute(sql.SQL("REVOKE ALL ON {} FROM PUBLIC, {}").format(tables, sql.SQL(", ").join(everyone)))

        def allow(privileges: sql.Composable, names: tuple[str, ...], role: str) -> None:
            connection.execute(sql.SQL("GRANT {} ON {} TO {}").format(
                privileges, sql.SQL(", ").join([ident(name) for name in names]), ident(role)))

        allow(sql.SQL("SELECT"), STATION_READS, stations)
        for table, columns in STATION_INSERTS.items():
            allow(sql.SQL("INSERT ({})").format(sql.SQL(", ").join([ident(column) for column in columns])),
                  (table,), stations)
        allow(sql.SQL("SELECT, INSERT, UPDATE, DELETE"), INSTRUCTOR_WRITES, instructors)
        allow(sql.SQL("SELECT"), INSTRUCTOR_READS, instructors)
        for function in FUNCTIONS:
            connection.execute(sql.SQL("REVOKE ALL ON FUNCTION {} FROM PUBLIC").format(sql.SQL(function)))
            connection.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(sql.SQL(function), both))
        for policy in ("station_settings", "instructor_settings"):
            connection.execute(sql.SQL("DROP POLICY IF EXISTS {} ON setting").format(ident(policy)))
        connection.execute(sql.SQL("CREATE POLICY station_settings ON setting FOR SELECT TO {} USING (key <> {})")
                           .format(ident(stations), sql.Literal(PIN_KEY)))
        connection.execute(sql.SQL("CREATE POLICY instructor_settings ON setting FOR ALL TO {} USING (TRUE) "
                                   "WITH CHECK (TRUE)").format(ident(instructors)))
        # a class store made by an earlier trainer: its shared roles become members like any other, their
        # passwords kept (remove them with remove-station once every station has its own)
        for kind, role in zip(KINDS, legacy_roles(connection), strict=True):
            if connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s AND rolcanlogin",
                                  (role,)).fetchone() is None:
                continue
            connection.execute("INSERT INTO member (role, name, kind) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                               (role, role, kind))
            connection.execute(sql.SQL("GRANT {} TO {}").format(
                ident(stations if kind == "station" else instructors), ident(role)))


@dataclass(frozen=True)
class Member:
    """A station or an instructor of the class: its name, its login role, and (a station) its items and last write."""

    name: str
    kind: str
    role: str
    added: str
    removed: str | None
    items: int = 0
    last_write: str = ""


def add_member(connection: psycopg.Connection[Any], url: str, kind: str, name: str) -> str:
    """Make the login of the station or instructor ``name`` (a password of its own); its URL. One removed before
    comes back with a new password; one that is there is refused (``class new-password`` renews a password)."""
    check_member_name(name)
    stations, instructors = role_names(connection)
    role = member_role(connection, kind, name)
    password = secrets.token_urlsafe(18)
    ident = sql.Identifier
    with connection.transaction():
        found = connection.execute("SELECT removed FROM member WHERE kind = %s AND name = %s", (kind, name)).fetchone()
        if found is not None and found[0] is None:
            raise StoreError(_("{kind} {name} is already in the class (a new password: uth-trainer class "
                               "new-password URL {name})").format(kind=_kind(kind), name=name))
        exists = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        statement = ("ALTER ROLE {} LOGIN PASSWORD {}" if exists
                     else "CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD {}")
        connection.execute(sql.SQL(statement).format(ident(role), sql.Literal(password)))
        connection.execute(sql.SQL("GRANT {} TO {}").format(
            ident(stations if kind == "station" else instructors), ident(role)))
        connection.execute("INSERT INTO member (role, name, kind) VALUES (%s, %s, %s) ON CONFLICT (role) DO UPDATE "
                           "SET removed = NULL, added = now()", (role, name, kind))
    return url_for(url, role, password)


def _kind(kind: str) -> str:
    return _("station") if kind == "station" else _("instructor")


def _member(connection: psycopg.Connection[Any], name: str, kind: str | None = None) -> tuple[str, str, str | None]:
    rows = connection.execute("SELECT role, kind, removed FROM member WHERE name = %s AND (%s::text IS NULL OR "
                              "kind = %s) ORDER BY kind DESC", (name, kind, kind)).fetchall()
    if not rows:
        what = _kind(kind) if kind else _("station or instructor")
        raise StoreError(_("no {what} named {name} in this class (uth-trainer class stations URL lists them)").format(
            what=what, name=shown(name)))
    row = rows[0]
    return str(row[0]), str(row[1]), None if row[2] is None else str(row[2])


def remove_member(connection: psycopg.Connection[Any], kind: str, name: str) -> None:
    """Take the login of ``name`` away at once (its open sessions too); what it sent stays, under its name."""
    role, _found, _removed = _member(connection, name, kind)
    stations, instructors = role_names(connection)
    ident = sql.Identifier
    with connection.transaction():
        connection.execute(sql.SQL("ALTER ROLE {} NOLOGIN PASSWORD NULL").format(ident(role)))
        connection.execute(sql.SQL("REVOKE {} FROM {}").format(
            ident(stations if kind == "station" else instructors), ident(role)))
        connection.execute("UPDATE member SET removed = now() WHERE role = %s AND removed IS NULL", (role,))
    with contextlib.suppress(psycopg.Error):  # (the revoked role can do nothing more even if this is refused)
        connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s "
                           "AND datname = current_database()", (role,))


def new_password(connection: psycopg.Connection[Any], url: str, name: str) -> str:
    """A new password for the station or instructor ``name`` (the old one stops at once); its URL."""
    role, _kind_found, removed = _member(connection, name)
    if removed is not None:
        raise StoreError(_("{name} was removed from the class: add it again").format(name=shown(name)))
    password = secrets.token_urlsafe(18)
    connection.execute(sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(sql.Identifier(role),
                                                                         sql.Literal(password)))
    return url_for(url, role, password)


def members(connection: psycopg.Connection[Any]) -> list[Member]:
    """Every station and instructor, stations first, with each station's items and latest item."""
    rows = connection.execute(
        "SELECT member.name::text, member.kind, member.role, to_char(member.added AT TIME ZONE 'UTC', "
        "'YYYY-MM-DD HH24:MI') || ' UTC', to_char(member.removed AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC', "
        "coalesce(sum(station_total.items), 0), coalesce(max(station_total.last), '') FROM member "
        "LEFT JOIN station_total ON station_total.station = member.name::text "
        "GROUP BY member.name, member.kind, member.role, member.added, member.removed "
        "ORDER BY member.kind DESC, member.name").fetchall()
    return [Member(str(row[0]), str(row[1]), str(row[2]), str(row[3]), row[4], int(row[5]), str(row[6]))
            for row in rows]


def _trainee(connection: psycopg.Connection[Any], name: str) -> tuple[int, str]:
    row = connection.execute("SELECT id, uid FROM profile WHERE name = %s", (name,)).fetchone()
    if row is None:
        raise StoreError(_("no trainee named {name} in the class").format(name=shown(name)))
    return int(row[0]), str(row[1])


def reset_trainee(connection: psycopg.Connection[Any], name: str) -> int:
    """Delete every item, exam attempt and review card of the trainee ``name`` (the trainee stays); each item and
    attempt stays deleted (the server's tombstones) whatever a station sends again; returns the items deleted."""
    with connection.transaction():
        profile_id, _uid = _trainee(connection, name)
        gone = connection.execute("DELETE FROM item WHERE profile_id = %s", (profile_id,)).rowcount
        connection.execute("DELETE FROM attempt WHERE profile_id = %s", (profile_id,))
        connection.execute("DELETE FROM review_card WHERE profile_id = %s", (profile_id,))
    return gone


def rename_trainee(connection: psycopg.Connection[Any], name: str, new: str) -> None:
    """Give the trainee ``name`` the name ``new`` (one no other trainee has)."""
    from trainer.store.store import check_name

    new = check_name(new)
    with connection.transaction():
        profile_id, _uid = _trainee(connection, name)
        if connection.execute("SELECT 1 FROM profile WHERE name = %s AND id <> %s", (new, profile_id)).fetchone():
            raise StoreError(_("there is already a trainee named {name} (merge them instead)").format(name=shown(new)))
        connection.execute("UPDATE profile SET name = %s WHERE id = %s", (new, profile_id))


def merge_trainees(connection: psycopg.Connection[Any], name: str, into: str) -> int:
    """Move every item and attempt of the trainee ``name`` to ``into`` and delete ``name``: what a station still
    sends as ``name`` goes to ``into`` from then on. Returns the items moved."""
    with connection.transaction():
        source, _uid = _trainee(connection, name)
        target, target_uid = _trainee(connection, into)
        if source == target:
            raise StoreError(_("{name} and {into} are the same trainee").format(name=shown(name), into=shown(into)))
        moved = connection.execute("UPDATE item SET profile_id = %s WHERE profile_id = %s", (target, source)).rowcount
        connection.execute("UPDATE attempt SET profile_id = %s WHERE profile_id = %s", (target, source))
        connection.execute("SELECT set_config('uth.merged_into', %s, true)", (target_uid,))
        connection.execute("DELETE FROM profile WHERE id = %s", (source,))
    return moved


def delete_trainee(connection: psycopg.Connection[Any], name: str) -> int:
    """Delete the trainee ``name`` with every item and attempt (audited; none of it taken again from a
    station); returns the items deleted."""
    with connection.transaction():
        profile_id, _uid = _trainee(connection, name)
        row = connection.execute("SELECT count(*) FROM item WHERE profile_id = %s", (profile_id,)).fetchone()
        connection.execute("DELETE FROM profile WHERE id = %s", (profile_id,))
    return int(row[0] if row else 0)


@dataclass(frozen=True)
class Setup:
    """What ``class init`` did: the schema before and after, and the logins it made (kind, name, URL)."""

    before: int
    after: int
    made: tuple[tuple[str, str, str], ...]
    kept: int


def init_class(connection: psycopg.Connection[Any], url: str, *, upgrade_to: int | None = None) -> Setup:
    """Make the database a class store or upgrade it, keeping every password; a new class gets its first station
    and instructor (:data:`FIRST_STATION`, :data:`FIRST_INSTRUCTOR`)."""
    before, after = migrate(connection, upgrade_to=upgrade_to)
    secure(connection)
    grant(connection)
    found = connection.execute("SELECT count(*) FROM member WHERE removed IS NULL").fetchone()
    kept = int(found[0] if found else 0)
    made: list[tuple[str, str, str]] = []
    if not kept and not connection.execute("SELECT 1 FROM member").fetchone():
        made.append(("instructor", FIRST_INSTRUCTOR, add_member(connection, url, "instructor", FIRST_INSTRUCTOR)))
        made.append(("station", FIRST_STATION, add_member(connection, url, "station", FIRST_STATION)))
    return Setup(before, after, tuple(made), kept)


@dataclass(frozen=True)
class Roles:
    """A new class store's first logins (the tests' and the benchmark's)."""

    station: str
    instructor: str
    station_url: str
    instructor_url: str


def make_roles(connection: psycopg.Connection[Any], url: str) -> Roles:
    """Make a class store (:func:`init_class`) and give its first station's and instructor's URLs."""
    setup = init_class(connection, url)
    found = {kind: address for kind, _name, address in setup.made}
    if set(found) != set(KINDS):
        raise StoreError(f"{where(url)} had its stations already: make_roles is for a new class store")
    return Roles(member_role(connection, "station", FIRST_STATION),
                 member_role(connection, "instructor", FIRST_INSTRUCTOR), found["station"], found["instructor"])


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
        found = [f"Class store {shown(self.place)}: schema {self.version} (this trainer writes {top})",
                 f"{self.profiles} trainee{'s' if self.profiles != 1 else ''}, {self.items} item"
                 f"{'s' if self.items != 1 else ''} from {len(self.stations)} station"
                 f"{'s' if len(self.stations) != 1 else ''}"]
        found += [f"  {shown(seen.station)}: {seen.items} items, last write {seen.last_write}"
                  for seen in self.stations]
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


def pg_tool(name: str) -> str:
    """PostgreSQL's own ``pg_dump`` or ``pg_restore``: on PATH, else the newest in ``/usr/lib/postgresql``."""
    import glob
    import shutil

    found = shutil.which(name) or next(iter(sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda path: int(path.split("/")[4]), reverse=True)),
        None)
    if not found:
        raise StoreError(_("{tool} is not installed here (Debian: apt-get install postgresql-client)").format(
            tool=name))
    return found


def _run_tool(command: list[str], url: str) -> None:
    import subprocess

    params = _params(url)
    env = dict(os.environ, PGCONNECT_TIMEOUT=str(capped_timeout(params.get("connect_timeout"))))
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    except OSError as error:
        raise StoreError(f"{command[0]}: {error.strerror or error}") from error
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if line.strip()]
        reason = said[0].split(": error: ", 1)[-1] if said else f"exit status {done.returncode}"
        raise StoreError(_("{tool} failed for {place}: {reason}").format(
            tool=Path(command[0]).name, place=where(url), reason=reason))


def backup_class(url: str, target: str | Path, *, keep: tuple[Path, ...] = ()) -> Path:
    """The whole class store in one file (``pg_dump``'s custom format), written whole or not at all. The logins
    are the server's, not the database's: restored on the same server, every password still signs in."""
    from trainer.store.safepath import written

    with written(target, keep=keep) as partial:
        _run_tool([pg_tool("pg_dump"), "--format=custom", "--file", str(partial), "--dbname", url], url)
    return Path(target)


def restore_class(url: str, source: str | Path) -> None:
    """Put the class store back as a :func:`backup_class` file has it (``pg_restore``, one transaction: all of
    it or nothing); what the database held since is replaced."""
    path = Path(source)
    if not path.is_file():
        raise StoreError(_("no backup file {file}").format(file=shown(str(path))))
    _run_tool([pg_tool("pg_restore"), "--clean", "--if-exists", "--single-transaction", "--exit-on-error",
               "--dbname", url, str(path)], url)
