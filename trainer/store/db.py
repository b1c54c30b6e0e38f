"""The store's SQLite file: where it lives, opening it safely, the migration ladder and transactions.

The schema is a ladder of numbered SQL files in ``migrations/`` (``0001_….sql``, ``0002_….sql``, …); the file's
``PRAGMA user_version`` says how many have been applied. Opening a file:

* a file that is not a database, or fails ``PRAGMA integrity_check``, is moved aside with a timestamp (with its
  ``-wal`` and ``-shm`` companions), a fresh store is started, and a notice says so once;
* a file from a newer trainer (a version above the ladder's top) is refused with :class:`StoreError` and left
  untouched;
* a file that cannot be read or written for another reason (read-only, held by another program) is no damage: it
  is left as it is and :class:`StoreError` says why in one line;
* otherwise the missing rungs are applied in one exclusive transaction, the version read inside it (two programs
  opening a new store at once apply each rung once).

The journal is WAL with ``synchronous=NORMAL``: a committed transaction survives the program being killed, and a
write never blocks a reader (a backup or a report while the app runs).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import NoReturn

from trainer import userdirs
from trainer.i18n.translation import _
from trainer.store.errors import StoreError as StoreError  # where it was first kept

FILE_NAME = "progress.sqlite3"
_MIGRATION = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


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
    """The store's file in ``data_dir`` (default: the user's data folder); an empty name is refused."""
    if data_dir is not None and not str(data_dir).strip():
        raise StoreError(_("the data folder is named by an empty string: name a folder (--data-dir DIR) or leave "
                           "--data-dir out"))
    return Path(data_dir if data_dir is not None else default_data_dir()) / FILE_NAME


BUSY_SECONDS = 10.0
"""How long a write waits for another program holding the store before it says the store is busy."""


def problem_of(error: sqlite3.Error, path: Path) -> str:
    """What a SQLite error means for the user, in one line naming the store."""
    text = str(error).lower()
    if "readonly" in text or "read-only" in text or "unable to open" in text or "access permission" in text:
        return _("the progress store {path} cannot be written (the file, its -wal or -shm file, or its folder is "
                 "read-only): nothing can be saved there; make it writable, or use --data-dir DIR").format(path=path)
    if "locked" in text or "busy" in text:
        return _("the progress store {path} is busy: another program has held it for over {seconds} s; try again "
                 "when it is done").format(path=path, seconds=f"{BUSY_SECONDS:g}")
    if "full" in text:
        return _("the progress store {path} cannot grow: the disk is full").format(path=path)
    return _("the progress store {path} cannot be used: {problem}").format(path=path, problem=error)


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)  # one thread uses it
    connection.row_factory = sqlite3.Row
    return connection


class _UnusableError(Exception):
    """The file could not be read for a reason that is no damage (read-only, locked): it is not moved aside."""

    def __init__(self, error: sqlite3.Error) -> None:
        super().__init__(str(error))
        self.error = error


def _check(connection: sqlite3.Connection) -> str | None:
    """None when the file is a sound database, else what is wrong; :class:`_UnusableError` when it cannot be read for
    a reason that is no damage (a read-only folder, another program's lock)."""
    try:
        rows = connection.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.OperationalError as error:
        text = str(error).lower()
        if "malformed" in text or "not a database" in text:
            return str(error)
        raise _UnusableError(error) from error
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
        raise StoreError(_("cannot create the data folder {path}: {problem}").format(
            path=path.parent, problem=error.strerror or error)) from error
    notices: list[str] = []
    try:
        connection = _connect(path)
    except sqlite3.Error as error:
        raise StoreError(problem_of(error, path)) from error
    try:
        problem = _check(connection) if path.exists() and path.stat().st_size else None
    except _UnusableError as unusable:
        connection.close()
        raise StoreError(problem_of(unusable.error, path)) from unusable.error
    if problem is not None:
        connection.close()
        try:
            aside = _move_aside(path, now())
        except OSError as error:
            raise StoreError(_("the progress store {path} is damaged ({problem}) and cannot be moved aside: "
                               "{reason}").format(path=path, problem=problem, reason=error.strerror or error)) \
                from error
        notices.append(_("The progress store was damaged ({problem}); it was moved to {name} and a new, empty "
                         "store was started.").format(problem=problem, name=aside.name))
        connection = _connect(path)
    try:
        _prepare(connection, path, upgrade_to)
    except BaseException:
        connection.close()
        raise
    return connection, tuple(notices)


def _prepare(connection: sqlite3.Connection, path: Path, upgrade_to: int | None) -> None:
    """Bring the file up the ladder: the version is read inside an exclusive transaction that applies every rung
    missing, so two programs opening a new store at once never both apply the first rung."""
    ladder = migrations()
    try:
        if int(connection.execute("PRAGMA user_version").fetchone()[0]) > len(ladder):
            _refuse_newer(connection, path, len(ladder))
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute("PRAGMA foreign_keys=ON")
        top = len(ladder) if upgrade_to is None else upgrade_to
        if int(connection.execute("PRAGMA user_version").fetchone()[0]) >= top:
            return
        connection.execute("BEGIN EXCLUSIVE")
        try:
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
            if version > len(ladder):
                _refuse_newer(connection, path, len(ladder))
            for step in ladder[version:top]:
                _apply(connection, step)
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
    except sqlite3.Error as error:
        raise StoreError(problem_of(error, path)) from error


def _refuse_newer(connection: sqlite3.Connection, path: Path, known: int) -> NoReturn:
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    raise StoreError(_("the progress store {path} was written by a newer version of the trainer (schema "
                       "{version}; this version knows up to {known}); it is left untouched: update the trainer, "
                       "or use --data-dir to work elsewhere").format(path=path, version=version, known=known))


def _apply(connection: sqlite3.Connection, step: Migration) -> None:
    """One rung, inside the caller's transaction."""
    for statement in _statements(step.sql):
        connection.execute(statement)
    connection.execute(f"PRAGMA user_version = {step.version:d}")


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
def transaction(connection: sqlite3.Connection, path: Path | None = None) -> Iterator[sqlite3.Connection]:
    """One write transaction: committed when the block ends, rolled back when it raises. With ``path``, a store
    that cannot be written (read-only, busy past :data:`BUSY_SECONDS`, a full disk) is a :class:`StoreError` in
    one line, and nothing was written."""
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if path is None:
            raise
        raise StoreError(problem_of(error, path)) from error
    try:
        yield connection
    except BaseException as error:
        with suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        if path is not None and isinstance(error, sqlite3.OperationalError):
            raise StoreError(problem_of(error, path)) from error
        raise
    try:
        connection.execute("COMMIT")
    except sqlite3.OperationalError as error:
        with suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        if path is None:
            raise
        raise StoreError(problem_of(error, path)) from error
