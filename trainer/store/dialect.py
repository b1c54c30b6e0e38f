"""The thin dialect layer: a PostgreSQL connection that answers the store's queries as ``sqlite3`` does.

The store's modules speak one SQL with ``?`` parameters and read rows by position or by name. On a class store
the same statements run on PostgreSQL (psycopg 3) through :class:`PgConnection`, which changes only what the two
engines spell differently, the same way every time (see :func:`translate`):

* ``?`` becomes ``%s`` (and a literal ``%`` is doubled): the values still travel as parameters, never in the text;
* ``INSERT OR IGNORE INTO t …`` becomes ``INSERT INTO t … ON CONFLICT DO NOTHING``;
* ``INSERT OR REPLACE INTO t (…) …`` becomes an upsert on the table's key (:data:`KEYS`);
* an ``INSERT`` into a table with an ``id`` returns it, so ``cursor.lastrowid`` is there as in SQLite;
* ``BEGIN IMMEDIATE`` is ``BEGIN``.

>>> translate("INSERT OR IGNORE INTO attempt (uid, at) VALUES (?, ?)")
'INSERT INTO attempt (uid, at) VALUES (%s, %s) ON CONFLICT DO NOTHING RETURNING id'
>>> translate("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
'INSERT INTO setting (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = excluded.value'
>>> translate("SELECT count(*) FROM setting WHERE key LIKE 'path/%' AND value = ?")
"SELECT count(*) FROM setting WHERE key LIKE 'path/%%' AND value = %s"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

import psycopg

from trainer.store.db import StoreError


class ClassOfflineError(StoreError):
    """The class store cannot be reached (now): the station keeps working from its own copy."""


KEYS = {"setting": ("key",)}
"""The key an ``INSERT OR REPLACE`` replaces on, per table."""
WITH_ID = frozenset({"profile", "item", "exam", "attempt"})
"""The tables whose rows have an ``id`` that an insert gives back as ``lastrowid``."""

_TOKENS = re.compile(r"'(?:[^']|'')*'|\?|%")
_OR_IGNORE = re.compile(r"^\s*INSERT\s+OR\s+IGNORE\s+INTO\s", re.IGNORECASE)
_OR_REPLACE = re.compile(r"^\s*INSERT\s+OR\s+REPLACE\s+INTO\s+(\w+)\s*\(([^)]*)\)", re.IGNORECASE)
_INSERT_INTO = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)


@lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """The PostgreSQL spelling of one of the store's statements."""
    if re.match(r"^\s*BEGIN\s+IMMEDIATE\s*$", sql, re.IGNORECASE):
        return "BEGIN"
    text = _TOKENS.sub(lambda match: {"?": "%s", "%": "%%"}.get(match.group(0), match.group(0).replace("%", "%%")),
                       sql.strip().rstrip(";"))
    conflict = ""
    if _OR_IGNORE.match(text):
        text = _OR_IGNORE.sub("INSERT INTO ", text, count=1)
        conflict = " ON CONFLICT DO NOTHING"
    else:
        replace = _OR_REPLACE.match(text)
        if replace:
            table, columns = replace.group(1), [column.strip() for column in replace.group(2).split(",")]
            if table not in KEYS:
                raise ValueError(f"INSERT OR REPLACE INTO {table}: no key known for it on PostgreSQL")
            key = KEYS[table]
            updates = ", ".join(f"{column} = excluded.{column}" for column in columns if column not in key)
            text = re.sub(r"^\s*INSERT\s+OR\s+REPLACE\s+INTO", "INSERT INTO", text, count=1, flags=re.IGNORECASE)
            conflict = f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    text += conflict
    insert = _INSERT_INTO.match(text)
    if insert and insert.group(1) in WITH_ID and not _RETURNING.search(text):
        text += " RETURNING id"
    return text


class Row(tuple[Any, ...]):
    """A row read by position (``row[0]``) or by column name (``row["id"]``), as ``sqlite3.Row``."""

    _names: dict[str, int]

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._names[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


def _row_factory(cursor: Any) -> Any:
    names = {column.name: number for number, column in enumerate(cursor.description or ())}

    def make(values: Sequence[Any]) -> Row:
        row = Row(values)
        row._names = names
        return row

    return make


class PgCursor:
    """What an ``execute`` gives back: its rows, ``rowcount`` and (after an insert) ``lastrowid``."""

    def __init__(self, cursor: psycopg.Cursor[Any] | None, lastrowid: int | None) -> None:
        self._cursor = cursor
        self.rowcount = cursor.rowcount if cursor is not None else 0
        self.lastrowid = lastrowid

    def fetchone(self) -> Any:
        return self._cursor.fetchone() if self._cursor is not None else None

    def fetchall(self) -> list[Any]:
        return self._cursor.fetchall() if self._cursor is not None else []

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class PgConnection:
    """A psycopg connection (autocommit; ``BEGIN``/``COMMIT`` as the store's transactions say) that runs the
    store's SQLite-spelled statements."""

    server_keeps_totals = True
    """The class store works out the day's totals, the mistake counts and an attempt's score and verdict itself
    (its triggers): the store's code does not write them there."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self.raw = connection
        self.total_changes = 0

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> PgCursor:
        statement = translate(sql)
        if statement == "ROLLBACK" and (self.raw.closed or self.raw.broken):
            return PgCursor(None, None)  # the server went away: there is nothing left to roll back
        try:
            cursor = self.raw.cursor(row_factory=_row_factory)
            cursor.execute(statement, tuple(parameters))
        except psycopg.Error as error:
            raise lost(error) from error
        lastrowid = None
        if statement.endswith(" RETURNING id") and cursor.description is not None:
            row = cursor.fetchone()
            lastrowid = int(row[0]) if row is not None else None
        if (cursor.rowcount > 0 and cursor.description is None) or lastrowid is not None:
            self.total_changes += max(cursor.rowcount, 0)
        return PgCursor(cursor, lastrowid)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        # one statement after the other (the store's batches are a few rows): a server gone in the middle is
        # then said once, as any other statement's
        for row in rows:
            self.execute(sql, row)

    def close(self) -> None:
        self.raw.close()


def lost(error: psycopg.Error) -> StoreError:
    """A failure of the connection itself is the class store gone offline; any other is said as it is."""
    if isinstance(error, psycopg.OperationalError) and (error.sqlstate is None or error.sqlstate.startswith(
            ("08", "57P"))):
        said = str(error).strip().splitlines()
        return ClassOfflineError(f"lost the class store ({said[0] if said else 'closed'})")
    return StoreError(f"the class store refused: {str(error).strip().splitlines()[0]}")
