"""The store's SQLite file: where it lives, opening it safely, the migration ladder, transactions and backups.

The schema is a ladder of numbered SQL files in ``migrations/`` (``0001_….sql``, ``0002_….sql``, …); the file's
``PRAGMA user_version`` says how many have been applied. Opening a file:

* a file that is not a database, or fails ``PRAGMA integrity_check``, is moved aside with a timestamp (with its
  ``-wal`` and ``-shm`` companions), a fresh store is started, and a notice says so once;
* a file from a newer trainer (a version above the ladder's top) is refused with :class:`StoreError` and left
  untouched;
* otherwise the missing rungs are applied, each in its own transaction.

The journal is WAL with ``synchronous=NORMAL``: a committed transaction survives the program being killed, and a
write never blocks a reader (a backup or a report while the app runs).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path

from trainer import userdirs

FILE_NAME = "progress.sqlite3"
_MIGRATION = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class StoreError(Exception):
    """A store that cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class Migration:
    """One rung of the ladder: the version it brings the file to and its SQL."""

    version: int
    name: str
    sql: str


@cache
def migrations() -> tuple[Migration, ...]:
    """The migration ladder shipped in the package, in order; numbered 1, 2, 3 … without a gap.

    >>> [step.version for step in migrations()][:2]
    [1, 2]
    """
    folder = resources.files("trainer.store").joinpath("migrations")
    found = []
    for entry in folder.iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda step: step.version)
    for expected, step in enumerate(found, start=1):
        if step.version != expected:
            raise StoreError(f"migration {step.name}: expected number {expected:04d}")
    return tuple(found)


def schema_version() -> int:
    """The version this trainer writes: the top of the ladder."""
    return len(migrations())


def default_data_dir() -> Path:
    """The user's data folder."""
    return userdirs.data_dir()


def store_path(data_dir: str | Path | None = None) -> Path:
    """The store's file in ``data_dir`` (default: the user's data folder)."""
    return Path(data_dir if data_dir is not None else default_data_dir()) / FILE_NAME


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10.0)
    connection.row_factory = sqlite3.Row
    return connection


def _check(connection: sqlite3.Connection) -> str | None:
    """None when the file is a sound database, else what is wrong."""
    try:
        rows = connection.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as error:
        return str(error)
    problems = [row[0] for row in rows if row[0] != "ok"]
    return "; ".join(problems[:3]) if problems else None


def _move_aside(path: Path, now: datetime) -> Path:
    stamp = now.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
    path.rename(target)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(target.with_name(target.name + suffix))
    return target


def open_database(path: Path, *, now: Callable[[], datetime] = lambda: datetime.now(UTC),
                  upgrade_to: int | None = None) -> tuple[sqlite3.Connection, tuple[str, ...]]:
    """Open (or create) the store at ``path``: checked, moved aside when corrupt, migrated.

    Returns the connection and the notices the user should read once. ``upgrade_to`` stops the ladder at that
    version (the migration tests start from the first schema).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"cannot create the data folder {path.parent}: {error.strerror or error}") from error
    notices: list[str] = []
    try:
        connection = _connect(path)
    except sqlite3.Error as error:
        raise StoreError(f"cannot open the progress store {path}: {error}") from error
    problem = _check(connection) if path.exists() and path.stat().st_size else None
    if problem is not None:
        connection.close()
        try:
            aside = _move_aside(path, now())
        except OSError as error:
            raise StoreError(f"the progress store {path} is damaged ({problem}) and cannot be moved aside: "
                             f"{error.strerror or error}") from error
        notices.append(f"The progress store was damaged ({problem}); it was moved to {aside.name} "
                       "and a new, empty store was started.")
        connection = _connect(path)
    try:
        _prepare(connection, path, upgrade_to)
    except BaseException:
        connection.close()
        raise
    return connection, tuple(notices)


def _prepare(connection: sqlite3.Connection, path: Path, upgrade_to: int | None) -> None:
    ladder = migrations()
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    if version > len(ladder):
        raise StoreError(f"the progress store {path} was written by a newer version of the trainer (schema "
                         f"{version}; this version knows up to {len(ladder)}); it is left untouched: update the "
                         "trainer, or use --data-dir to work elsewhere")
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute("PRAGMA foreign_keys=ON")
        top = len(ladder) if upgrade_to is None else upgrade_to
        for step in ladder[version:top]:
            _apply(connection, step)
    except sqlite3.Error as error:
        raise StoreError(f"cannot prepare the progress store {path}: {error}") from error


def _apply(connection: sqlite3.Connection, step: Migration) -> None:
    connection.execute("BEGIN IMMEDIATE")
    try:
        for statement in _statements(step.sql):
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {step.version:d}")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _statements(sql: str) -> Iterator[str]:
    """The statements of a migration file, one at a time (so one transaction holds the whole rung)."""
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if statement.strip(";").strip() and not all(
                    part.strip().startswith("--") or not part.strip() for part in statement.splitlines()):
                yield statement
            buffer = ""
    if buffer.strip() and not all(part.strip().startswith("--") or not part.strip() for part in buffer.splitlines()):
        raise StoreError(f"an unfinished statement at the end of a migration: {buffer.strip()[:60]}")


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction: committed when the block ends, rolled back when it raises."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def backup_database(connection: sqlite3.Connection, target: Path) -> None:
    """Copy the store to ``target`` with SQLite's online backup (safe while the app writes); the copy is
    written beside the target first and renamed, so a failed backup never leaves half a file."""
    partial = target.with_name(target.name + ".partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        copy = sqlite3.connect(partial)
        try:
            connection.backup(copy)
        finally:
            copy.close()
        partial.replace(target)
    except (OSError, sqlite3.Error) as error:
        partial.unlink(missing_ok=True)
        raise StoreError(f"cannot write the backup {target}: {getattr(error, 'strerror', None) or error}") from error
