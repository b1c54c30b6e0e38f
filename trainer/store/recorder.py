"""Every scored item kept in the progress store without ever holding the window up (no Qt here).

The store is written on the caller's thread, one short transaction an item. When another program holds the store's
write lock (``uth-trainer profile import``, a second trainer on the same data folder), a write waits at most
:data:`WAIT_MS` and the item is kept in a queue, in order, with the time it was scored; the queue is tried again
every :data:`RETRY_MS` (the caller's timer: :class:`ItemQueue` says when to start and stop it) and once more,
waiting as long as the store allows, when the window closes. Any other failure is told once and the trainer goes
on.
"""

from __future__ import annotations

import logging
import sqlite3
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime

from trainer.i18n.translation import _
from trainer.scoring import ItemResult
from trainer.store.errors import STORE_FAILURES, StoreError
from trainer.store.records import Profile, Replay
from trainer.store.store import Store

log = logging.getLogger("trainer.store")

WAIT_MS = 50
"""The longest a write waits for another program's lock on the window's thread (a frame or three)."""
RETRY_MS = 2_000
"""How often items kept waiting are tried again."""
_WRITE_FAILURES: tuple[type[Exception], ...] = (*STORE_FAILURES, OSError)
_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


def is_busy(error: BaseException) -> bool:
    """True when ``error`` says another connection holds the lock (try again later), not that the write failed;
    a :class:`StoreError` is busy when the SQLite error it was raised from is."""
    if isinstance(error, StoreError) and error.__cause__ is not None:
        error = error.__cause__
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.OperationalError) and (
        (code is not None and code & 0xFF in _BUSY_CODES) or "locked" in str(error) or "busy" in str(error))


def local_connection(store: Store) -> sqlite3.Connection:
    """The SQLite connection an item is written to: the store's, or on a class store the station's own store's
    (the item is kept there first, then sent)."""
    local = getattr(store, "local", None)
    return local.connection if isinstance(local, Store) else store.connection


def busy_timeout(store: Store) -> int:
    """How long, in milliseconds, a write to ``store`` waits for another program's lock."""
    return int(local_connection(store).execute("PRAGMA busy_timeout").fetchone()[0])


@contextmanager
def waiting_at_most(store: Store, milliseconds: int) -> Iterator[None]:
    """The store's connection waits at most ``milliseconds`` for a lock within the block (as before after)."""
    connection = local_connection(store)
    before = busy_timeout(store)
    connection.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")
    try:
        yield
    finally:
        connection.execute(f"PRAGMA busy_timeout = {before}")


class ItemQueue:
    """Writes items to ``store`` in the order they were scored; ``failed`` hears the first failure's message;
    ``retry(True)`` asks for :meth:`flush` every :data:`RETRY_MS` while the store is busy, ``retry(False)``
    stops asking."""

    def __init__(self, store: Store, failed: Callable[[str], object], retry: Callable[[bool], object], *,
                 wait_ms: int = WAIT_MS) -> None:
        self.store = store
        self._failed = failed
        self._retry = retry
        self._retrying = False
        self._wait_ms = wait_ms
        self._queue: deque[tuple[Profile, ItemResult, datetime, Replay | None]] = deque()
        self._told = False

    @property
    def waiting(self) -> int:
        """Items kept until the store can be written."""
        return len(self._queue)

    def record(self, profile: Profile, item: ItemResult, replay: Replay | None = None) -> None:
        """Keep ``item`` for ``profile``, scored now (``replay``: how to deal it again, when the item does not say):
        written at once, or queued while the store is busy."""
        self._queue.append((profile, item, self.store.clock(), replay))
        self.flush()

    def flush(self, *, wait_ms: int | None = None) -> None:
        """Write the items waiting, oldest first, each waiting at most ``wait_ms`` (the short wait by default);
        a busy store keeps the rest for the next try."""
        while self._queue:
            profile, item, scored, replay = self._queue[0]
            try:
                with waiting_at_most(self.store, self._wait_ms if wait_ms is None else wait_ms):
                    self.store.record_item(profile, item, at=scored, replay=replay)
            except _WRITE_FAILURES as error:
                if is_busy(error):
                    if not self._retrying:
                        log.info("The progress store is busy (%s): %d item(s) wait", error, len(self._queue))
                        self._set_retrying(True)
                    return
                self._queue.popleft()
                self._tell(item, error)
                continue
            self._queue.popleft()
        self._set_retrying(False)

    def close(self) -> None:
        """The window closes: the items waiting are written, waiting as long as the store allows for a lock."""
        self._set_retrying(False)
        if self._queue:
            self.flush(wait_ms=busy_timeout(self.store))
        if self._queue:
            log.error("%d item(s) could not be stored: the progress store stayed busy", len(self._queue))

    def _set_retrying(self, retrying: bool) -> None:
        self._retrying = retrying
        self._retry(retrying)

    def _tell(self, item: ItemResult, error: BaseException) -> None:
        log.error("Could not store %s %s: %s", item.drill, item.item, error)
        if not self._told:
            self._told = True
            self._failed(_("Progress could not be saved ({error}); this session's results are still under Train ▸ "
                           "Results.").format(error=error))


__all__ = ["RETRY_MS", "WAIT_MS", "ItemQueue", "busy_timeout", "is_busy", "local_connection", "waiting_at_most"]
