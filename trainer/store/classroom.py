"""A station on a class store (``--store postgresql://…``): the whole class's data on the server, nothing lost
when the network is not there.

:class:`ClassStore` is a :class:`~trainer.store.store.Store` whose queries run on the server (through the dialect
layer), so every screen and command reads the class as it is now. A scored item is kept in the station's own
SQLite store first and queued in its outbox (:mod:`trainer.store.outbox`), then sent; when the server does not
answer the item waits and goes with the next one that is sent. A station that starts while the server is down
works from its own store: the last synced copy of the trainees who used it (their items, review cards and exam
attempts are copied to the station when they sign in).
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import re
import sqlite3
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from trainer.i18n.translation import N_, _, ngettext
from trainer.scoring import ItemResult
from trainer.store import outbox
from trainer.store.classdb import check_version, connect, is_class_url, shown, station_name, where
from trainer.store.db import StoreError
from trainer.store.dialect import ClassOfflineError, PgConnection
from trainer.store.records import Identity, ItemId, Profile, ProfileId, Replay, StoredItem, identify
from trainer.store.reports import StationCount, TraineeReport
from trainer.store.store import (
    Clock,
    Store,
    insert_attempt,
    insert_item,
    mistakes_of,
    rebuild_reviews,
    review_item,
    utc_now,
)

_T = TypeVar("_T")

RETRY_SECONDS = 5.0
"""After the server went away, the first try again; each failed try doubles the wait, up to a minute."""
MAX_RETRY_SECONDS = 60.0
LINGER_SECONDS = 1.0
"""How long the sender lets items gather after the first one woke it, so a busy station sends a few to a
transaction (the trainee never waits for it: the item is kept on the station already)."""
RECONNECT_TIMEOUT = 2
"""Seconds a try again may wait for a host that does not answer (a save waits for it)."""


def open_server(url: str, *, timeout: int | None = None) -> PgConnection:
    """A station's connection to the class store at ``url``, checked (a class store, this trainer's schema); one
    line (:class:`StoreError`, :class:`ClassOfflineError`) when it cannot be used. The server names the station by
    the login it signs in with."""
    raw = connect(url) if timeout is None else connect(url, timeout=timeout)
    try:
        check_version(raw, url)
    except BaseException:
        raw.close()
        raise
    return PgConnection(raw)


def try_class_store(url: str, *, timeout: int = RECONNECT_TIMEOUT) -> str:
    """Connect to ``url`` as a station would and say so in one line; :class:`StoreError` (one line: host
    unreachable, wrong password, not a class store, another schema) when it cannot be used."""
    if not is_class_url(url):
        raise StoreError(_("a class store's URL starts with postgresql:// (postgresql://USER:PASSWORD@HOST/DATABASE)"))
    server = open_server(url, timeout=timeout)
    try:
        version = check_version(server.raw, url)
        row = server.raw.execute("SELECT class_who()").fetchone()
    finally:
        server.close()
    return _("Connected to the class store {place} (schema {version}) as station {station}").format(
        place=where(url), version=version, station=shown(str(row[0]) if row else station_name()))


class Sender:
    """Sends a station's outbox on a thread of its own, so that keeping an item is the local write only.

    It has its own connections (the station's store and the server); :meth:`wake` after each item kept; when the
    server does not answer it tries again after :data:`RETRY_SECONDS`, doubling up to :data:`MAX_RETRY_SECONDS`.
    :attr:`status` is the status bar's line ("Class store: sent", "Class store: offline, N items waiting")."""

    def __init__(self, url: str, local_path: Path, status: str = "") -> None:
        self.url, self.local_path = url, local_path
        self.status = status
        self.sent = 0
        """Items new on the server since the sender started."""
        self.online = False
        self.outages = 0
        """How many tries found the server away (the screens' connection is then to be made again too)."""
        self.want_reads = False
        """Set by a class store opened without its server: the sender opens the screens' connection too, once it
        reached the server (on its thread, so the window never waits for the network)."""
        self.reads: PgConnection | None = None
        self.timings: deque[tuple[int, float]] = deque(maxlen=100_000)
        """Each server transaction's items and seconds (the benchmark reads them)."""
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="class-store-sender", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def wake(self) -> None:
        """An item waits: send it now (without waiting for the thread)."""
        self._wake.set()

    def stop(self, timeout: float = RECONNECT_TIMEOUT + 1.0) -> None:
        """Send what waits one last time and stop (waiting at most ``timeout`` seconds for the thread)."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        try:
            local = Store.open(path=self.local_path)
        except (StoreError, sqlite3.Error, OSError) as error:
            self.status = f"Class store: nothing is sent this session (this station's store: {error})"
            return
        server: PgConnection | None = None
        known: dict[str, int] = {}
        retry = RETRY_SECONDS
        try:
            while True:
                stopping = self._stop.is_set()
                wait: float | None = None
                try:
                    if server is None:
                        server = open_server(self.url, timeout=RECONNECT_TIMEOUT)
                        known.clear()
                        retry = RETRY_SECONDS
                    batches: list[tuple[int, float]] = []
                    sent = outbox.send(local, server, known=known, timings=batches)
                    outbox.send_others(local, server, known)
                    if self.want_reads and self.reads is None:
                        with contextlib.suppress(StoreError):  # (tried again after the next send)
                            self.reads = open_server(self.url, timeout=RECONNECT_TIMEOUT)
                    self.timings.extend(batches)
                    self.sent += sent
                    self.online = True
                    if sent:
                        self.status = "Class store: sent"
                    elif not self.status.endswith("sent"):
                        self.status = "Class store: online"
                except (StoreError, sqlite3.Error) as error:
                    if server is not None:
                        server.close()
                        server = None
                    self.outages += 1
                    self.online = False
                    count = outbox.waiting(local.connection)
                    self.status = f"Class store: offline, {count} item{'s' if count != 1 else ''} waiting"
                    if not isinstance(error, ClassOfflineError):
                        self.status += f" ({error})"
                    wait, retry = retry, min(MAX_RETRY_SECONDS, retry * 2)
                if stopping:
                    return
                self._wake.wait(wait)
                self._stop.wait(LINGER_SECONDS)
                self._wake.clear()
        finally:
            if server is not None:
                server.close()
            if self.reads is not None:  # (never handed to the screens)
                self.reads.close()
                self.reads = None
            local.close()


class ClassStore(Store):
    """The class store as a station uses it; ``online`` says whether the queries run on the server."""

    def __init__(self, local: Store, url: str, server: PgConnection | None, notices: tuple[str, ...],
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        # The dialect layer answers as sqlite3 does for the statements the store runs.
        connection = cast(sqlite3.Connection, server) if server is not None else local.connection
        super().__init__(connection, local.path, notices, local.clock)
        self.local, self.url, self.server = local, url, server
        self._monotonic = monotonic
        self._next_try = 0.0
        self._retry = RETRY_SECONDS
        self._synced: set[str] = set()
        self._server_ids: dict[str, int] = {}
        self.status = "Class store: online" if server is not None else ""
        self.sender: Sender | None = None
        self._may_instruct: bool | None = None
        self._outages_seen = 0
        self._reads_wanted = False

    @classmethod
    def open_class(cls, url: str, data_dir: str | Path | None = None, *, clock: Clock = utc_now,
                   monotonic: Callable[[], float] = time.monotonic, connect: bool = True) -> ClassStore:
        """The class store at ``url``, with the station's store in ``data_dir`` as its outbox and offline copy.

        A server that cannot be reached is not an error: the station works from its copy and says so once. A
        wrong password, a database that is not a class store, or a schema from another trainer version are.

        With ``connect`` false (the window) nothing waits for the network: the store opens on the station's copy
        and its :meth:`send_in_background` sender reaches the server; :meth:`take_server_reads` then moves the
        screens to the server (a wrong password and the like are then said on the status line)."""
        local = Store.open(data_dir, clock=clock)
        try:
            with local.transact() as connection:
                told = (outbox.ensure(connection), outbox.ensure_others(connection))
                outbox.forget_orphans(connection)
            local.notices += tuple(notice for notice in told if notice)
            if not connect:
                store = cls(local, url, None, local.notices, monotonic)
                store.status = f"Class store: connecting to {where(url)}…"
                store._reads_wanted = True
                return store
            try:
                server: PgConnection | None = open_server(url)
            except ClassOfflineError as error:
                server = None
                reason = str(error)
            store = cls(local, url, server, local.notices, monotonic)
            if server is None:
                store.status = store._offline_line()
                store.notices += (f"{store.status} ({reason}); working from this station's copy",)
            else:
                store.flush()
            return store
        except BaseException:
            local.close()
            raise

    @property
    def online(self) -> bool:
        return (self.server is not None and not self.server.raw.closed
                and self.connection is cast(sqlite3.Connection, self.server))

    @property
    def may_instruct(self) -> bool:
        """Whether this URL's user is one of the class store's instructors (may manage exams and hold the PIN),
        the server says so now: a station on a class store has no instructor of its own, offline neither."""
        if not self.online or self.server is None:
            return False
        if self._may_instruct is None:
            row = self.server.raw.execute("SELECT has_table_privilege(current_user, 'exam', 'INSERT')").fetchone()
            self._may_instruct = bool(row and row[0])
        return self._may_instruct

    def send_in_background(self) -> Sender:
        """From now on an item kept is the local write only; a :class:`Sender` thread sends the outbox."""
        if self.sender is None:
            self.sender = Sender(self.url, self.local.path, self.status)
            self.sender.want_reads = self._reads_wanted
            self.sender.start()
        return self.sender

    def take_server_reads(self) -> bool:
        """Opened without its server (``connect=False``): once the sender reached the server and opened the
        screens' connection, the screens read the server from now on; True when they just moved (the trainee's
        :class:`Profile` then is the server's: :meth:`server_profile`)."""
        if not self._reads_wanted or self.sender is None or self.sender.reads is None:
            return False
        fresh, self.sender.reads = self.sender.reads, None
        self.sender.want_reads = self._reads_wanted = False
        self.server, self._outages_seen = fresh, self.sender.outages
        self.connection = cast(sqlite3.Connection, fresh)
        self._server_ids.clear()
        return True

    def server_profile(self, mine: Profile) -> Profile:
        """The server's profile of ``mine`` (a profile of the station's copy, read before the screens moved to the
        server), added there when the server does not know it yet."""
        row = self.local.connection.execute("SELECT uid, name, created FROM profile WHERE id = ?",
                                            (mine.id,)).fetchone()
        uid, name, created = (row[0], row[1], row[2]) if row is not None else (mine.uid, mine.name, mine.created)
        joined: dict[str, str] = {}
        with self.transact():  # a trainee of that name on the server is that trainee (no "Name (2)")
            found = outbox.server_profile(self.connection, {}, uid, name, created, same_name=joined)
        if joined:
            with self.local.transact() as connection:
                connection.execute("UPDATE profile SET uid = ? WHERE uid = ?", (joined[uid], uid))
        if found is None:
            raise StoreError(_("the instructor deleted the trainee {name} from the class").format(name=name))
        return self.profile_by_id(ProfileId(found))

    def status_line(self) -> str:
        """How the class store stands, for the status bar (the sender's word when it sends), in the language
        spoken (:func:`shown_status`)."""
        return shown_status(self.sender.status if self.sender is not None else self.status)

    def reconnect_reads(self) -> bool:
        """When the screens read the server and lost it while the sender has it again, open the screens' own
        connection again (the server just answered, so this is quick); True when the screens read the server."""
        lost = (self.server is None or self.server.raw.closed or self.server.raw.broken
                or (self.sender is not None and self.sender.outages != self._outages_seen))
        if lost and self.connection is not self.local.connection and self.sender is not None and self.sender.online:
            outages = self.sender.outages
            try:
                fresh = open_server(self.url, timeout=RECONNECT_TIMEOUT)
            except StoreError:
                return False
            if self.server is not None:
                self.server.close()
            self.server, self._outages_seen = fresh, outages
            self.connection = cast(sqlite3.Connection, self.server)
            self._server_ids.clear()
            return True
        return not lost and self.connection is not self.local.connection

    def close(self) -> None:
        """Close; a command (no background sender) first tries once more to send what waits, so a terminal
        station's items reach the server when it exits, not at its next command."""
        if self.sender is None and self.waiting():
            with contextlib.suppress(StoreError, sqlite3.Error):
                self.flush(now=True)
        if self.sender is not None:
            self.sender.stop()
        if self.server is not None:
            self.server.close()
        self.local.close()

    def backup(self, target: str | Path) -> Path:
        """A copy of the station's own store (its copy of the class and the items waiting to be sent); the class
        store itself is backed up on the server (``pg_dump``)."""
        return self.local.backup(target)

    @property
    def place(self) -> str:
        """``host:port/db`` of the class store, never its password (for messages)."""
        return where(self.url)

    def reset_trainee(self, name: str) -> int:
        """Delete every item, exam attempt and review card of trainee ``name`` on the server (an instructor's
        act); the number of items deleted. :class:`StoreError` when the server refuses or cannot be reached."""
        from trainer.store.classdb import reset_trainee

        return self._administer(lambda server: reset_trainee(server, name))

    def rename_trainee(self, name: str, new: str) -> None:
        from trainer.store.classdb import rename_trainee

        self._administer(lambda server: rename_trainee(server, name, new))

    def merge_trainees(self, name: str, into: str) -> int:
        """Move every item and exam attempt of ``name`` to ``into`` and delete ``name``; the items moved."""
        from trainer.store.classdb import merge_trainees

        return self._administer(lambda server: merge_trainees(server, name, into))

    def delete_trainee(self, name: str) -> int:
        """Delete trainee ``name`` with every item and exam attempt; the items deleted."""
        from trainer.store.classdb import delete_trainee

        return self._administer(lambda server: delete_trainee(server, name))

    def _administer(self, change: Callable[[Any], _T]) -> _T:
        """``change`` run on the server's connection, its refusal as one :class:`StoreError` line."""
        import psycopg

        if self.server is None:
            raise StoreError(_("The class store does not answer now: a trainee is changed online only."))
        try:
            return change(self.server.raw)
        except psycopg.Error as error:
            raise StoreError(_("The class store refused: {reason}").format(
                reason=str(error).splitlines()[0] if str(error) else type(error).__name__)) from error

    def waiting(self) -> int:
        """Items kept on this station and not yet on the server."""
        return outbox.waiting(self.local.connection)

    def _offline_line(self) -> str:  # (kept in English, as the sender's: shown with :func:`shown_status`)
        count = self.waiting()
        return f"Class store: offline, {count} item{'s' if count != 1 else ''} waiting"

    # -- profiles: found on the server, copied to the station ----------------------------------------------

    def find_profile(self, name: str) -> Profile | None:
        found = super().find_profile(name)
        if found is not None and self.online and found.uid not in self._synced:
            self._synced.add(found.uid)
            self.sync_profile(found)
        return found

    def add_profile(self, name: str, *, uid: str | None = None, created: str | None = None) -> Profile:
        made = super().add_profile(name, uid=uid, created=created)
        if self.online:
            self._local_profile(made)
            self._synced.add(made.uid)
        return made

    def _local_profile(self, profile: Profile) -> Profile:
        """The station's copy of ``profile`` (same uid), made when it has none (``Name (2)`` when the name is
        another trainee's on this station)."""
        row = self.local.connection.execute("SELECT id FROM profile WHERE uid = ?", (profile.uid,)).fetchone()
        if row is not None:
            return self.local.profile_by_id(ProfileId(row[0]))
        name, number = profile.name, 1
        while self.local.find_profile(name) is not None:
            number += 1
            name = f"{profile.name} ({number})"
        return self.local.add_profile(name, uid=profile.uid, created=profile.created)

    def sync_profile(self, profile: Profile) -> int:
        """Copy the trainee's items, review cards and exam attempts from the server to the station (what it has
        not yet), so the station can go on from them when the server is down; returns the items copied."""
        mine = self._local_profile(profile)
        have = {row[0] for row in self.local.connection.execute("SELECT uid FROM item WHERE profile_id = ?",
                                                                (mine.id,)).fetchall()}
        there = [row[0] for row in self.connection.execute("SELECT uid FROM item WHERE profile_id = ?",
                                                           (profile.id,)).fetchall()]
        missing = {uid for uid in there if uid not in have}
        there_set = set(there)
        gone = [row[0] for row in self.connection.execute(
            "SELECT uid FROM tombstone WHERE kind = 'item' AND uid = ANY(?)",
            ([uid for uid in have if uid not in there_set],)).fetchall()] if len(have) > len(there_set & have) else []
        items = [item for item in self.items(profile) if item.uid in missing] if missing else []
        cards = self.connection.execute("SELECT card, due, state, reviews FROM review_card WHERE profile_id = ?",
                                        (profile.id,)).fetchall()
        attempts = self.connection.execute(
            "SELECT uid, exam_uid, exam_name, at, score, steps, correct, mistakes, seconds, passed, items, "
            "pass_mark, hands, instructor FROM attempt WHERE profile_id = ?", (profile.id,)).fetchall()
        with self.local.transact() as connection:
            if gone:  # deleted on the server by an instructor: deleted here too, the totals made again
                forget_items(connection, mine.id, gone)
            for item in items:
                result, identity = outbox.result_of(item)
                insert_item(connection, mine.id, item.uid, item.at, result, identity)
            if not outbox.waiting(connection):
                connection.execute("DELETE FROM review_card WHERE profile_id = ?", (mine.id,))
                connection.executemany(
                    "INSERT INTO review_card (profile_id, card, due, state, reviews) VALUES (?, ?, ?, ?, ?)",
                    [(mine.id, *tuple(row)) for row in cards])
            connection.executemany(
                "INSERT OR IGNORE INTO attempt (uid, profile_id, exam_uid, exam_name, at, score, steps, correct, "
                "mistakes, seconds, passed, items, pass_mark, hands, instructor) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(row[0], mine.id, *tuple(row)[1:]) for row in attempts])
        return len(items)

    # -- items: kept here first, then sent -----------------------------------------------------------------

    def record_item(self, profile: Profile, result: ItemResult, *, situation: str | None = None,
                    seed: int | None = None, index: int | None = None, count: int | None = None,
                    at: datetime | None = None, replay: Replay | None = None) -> ItemId:
        """Keep one scored item on the station and queue it (one local transaction), then send what waits."""
        identity = identify(result, seed=seed, index=index, count=count)
        if situation is not None:
            identity = Identity(situation, identity.variant, identity.seed, identity.replay)
        if replay is not None and identity.replay is None:
            identity = Identity(identity.situation, identity.variant, identity.seed, replay)
        when = (at or self.clock()).astimezone(UTC)
        # the session reads the server (profiles with the server's ids) or this station's copy (its own ids)
        mine = profile if self.connection is self.local.connection else self._local_profile(profile)
        uid = uuid.uuid4().hex
        with self.local.transact() as connection:
            item_id = insert_item(connection, mine.id, uid, when.isoformat(), result, identity)
            review_item(connection, mine.id, result, identity.situation, when)
            outbox.queue(connection, uid)
        if self.sender is not None:
            self.sender.wake()
        else:
            self.flush()
        return item_id

    def keep_attempt(self, profile: Profile, attempt: Sequence[object]) -> None:
        """As the store's; while a background sender sends, the attempt is kept on the station and queued (the
        window never waits for the server), else written to the server (or the station's copy when offline)."""
        if self.sender is None:
            super().keep_attempt(profile, attempt)
            return
        mine = profile if self.connection is self.local.connection else self._local_profile(profile)
        with self.local.transact() as connection:
            insert_attempt(connection, mine.id, attempt)
            outbox.queue_other(connection, "attempt", str(attempt[0]))
        self.sender.wake()

    def keep_setting(self, key: str, value: str) -> None:
        """As the store's (on the server through its function); while a background sender sends, or offline, kept
        on the station and queued."""
        if self.sender is None and self.online:
            with self.transact() as connection:
                outbox.put_setting(connection, key, value)
            return
        with self.local.transact() as connection:
            connection.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", (key, value))
            outbox.queue_other(connection, "setting", key)
        if self.sender is not None:
            self.sender.wake()

    def items(self, profile: Profile | None = None, *, since: str | None = None, drill: str | None = None,
              situation: str | None = None, limit: int | None = None, mistakes: bool = True) -> list[StoredItem]:
        """As the store's, with the station's items the sender has not yet sent (so a trainee's history shows the
        item scored a moment ago)."""
        found = super().items(profile, since=since, drill=drill, situation=situation, limit=limit,
                              mistakes=mistakes)
        if self.sender is None or self.connection is self.local.connection:
            return found
        where_, values = ["1 = 1"], []
        if profile is not None:
            where_.append("profile.uid = ?")
            values.append(profile.uid)
        for column, value in (("item.drill", drill), ("item.situation", situation), ("item.at", since)):
            if value is not None:
                where_.append(f"{column} {'>=' if column == 'item.at' else '='} ?")
                values.append(value)
        rows = self.local.connection.execute(
            "SELECT item.*, profile.name AS profile_name FROM class_outbox JOIN item ON item.uid = class_outbox.uid "
            f"JOIN profile ON profile.id = item.profile_id WHERE {' AND '.join(where_)} ORDER BY class_outbox.seq",
            values).fetchall()
        have = {item.uid for item in found}
        rows = [row for row in rows if row["uid"] not in have]
        if not rows:
            return found
        marks = mistakes_of(self.local.connection, [row["id"] for row in rows]) if mistakes else {}
        waiting = self.sound_items(rows, marks)
        if profile is not None:  # (the station's copy may carry the name as "Name (2)")
            waiting = [dataclasses.replace(item, profile=profile.name) for item in waiting]
        merged = sorted([*found, *waiting], key=lambda item: item.at)
        if limit is not None:
            merged = merged[len(merged) - limit:] if limit > 0 else []
        return merged

    def flush(self, *, now: bool = False) -> int:
        """Send the items waiting (trying the server again at most every few seconds when it was gone, or at once
        with ``now``); returns how many were new on the server. ``status`` says how it stands."""
        if self.server is None or self.server.raw.closed:
            if not now and self._monotonic() < self._next_try:
                self.status = self._offline_line()
                return 0
            try:
                self.server = open_server(self.url, timeout=RECONNECT_TIMEOUT)
                self._server_ids.clear()  # (an instructor may have deleted a trainee meanwhile)
                self._retry = RETRY_SECONDS
            except ClassOfflineError:
                self.server = None
                self._next_try = self._monotonic() + self._retry
                self._retry = min(MAX_RETRY_SECONDS, self._retry * 2)
                self.status = self._offline_line()
                return 0
            if self.connection is not self.local.connection:
                self.connection = cast(sqlite3.Connection, self.server)
        try:
            sent = outbox.send(self.local, self.server, known=self._server_ids)
            outbox.send_others(self.local, self.server, self._server_ids)
        except ClassOfflineError:
            if self.server is not None:
                self.server.close()
            self._next_try = self._monotonic() + RETRY_SECONDS
            self.status = self._offline_line()
            return 0
        self.status = "Class store: sent" if sent else "Class store: online"
        return sent

    def upload(self) -> tuple[int, int, int]:
        """Send the station's whole local history (``class upload``); see :func:`outbox.upload`."""
        if not self.online or self.server is None:
            raise ClassOfflineError(f"the class store {where(self.url)} cannot be reached: nothing was uploaded")
        self.flush()
        return outbox.upload(self.local, self.server)


_CLASS_CSV = (
    "WITH trainee AS (SELECT id, class_csv(name::text) AS cell, array_position(%(ids)s, id) AS place FROM profile "
    "WHERE id = ANY(%(ids)s)) "
    "SELECT trainee.cell || ',' || item.csv_head || ',' || coalesce(item.wrong_attempts, marks.count, 0)::text "
    "|| ',' || item.csv_tail FROM item JOIN trainee ON trainee.id = item.profile_id "
    "LEFT JOIN (SELECT item_id, count(*) AS count FROM mistake GROUP BY item_id) AS marks ON marks.item_id = item.id "
    "ORDER BY trainee.place, item.at, item.id")
"""The class report's rows, made on the server from the cells each item keeps (``csv_head``, ``csv_tail``: the
cells as :func:`~trainer.store.reports.csv_row` gives them and :func:`~trainer.store.reports.csv_cell` writes
them, a cell with a semicolon quoted) and the station that sent it."""


def forget_items(connection: sqlite3.Connection, profile_id: int, uids: Sequence[str]) -> None:
    """Delete the station's copies of items an instructor deleted on the server (inside the caller's transaction),
    and count the trainee's totals and review cards again from what is left."""
    connection.executemany("DELETE FROM class_outbox WHERE uid = ?", [(uid,) for uid in uids])
    connection.executemany("DELETE FROM item WHERE uid = ? AND profile_id = ?", [(uid, profile_id) for uid in uids])
    connection.execute("DELETE FROM day_total WHERE profile_id = ?", (profile_id,))
    connection.execute("DELETE FROM mistake_total WHERE profile_id = ?", (profile_id,))
    connection.execute(
        "INSERT INTO day_total (profile_id, day, drill, situation, mode, items, steps, correct, seconds, "
        "wrong_attempts, left_to_table) SELECT item.profile_id, substr(item.at, 1, 10), item.drill, item.situation, "
        "item.mode, count(*), sum(item.steps), sum(item.correct), sum(item.seconds), "
        "sum(coalesce(item.wrong_attempts, (SELECT count(*) FROM mistake WHERE mistake.item_id = item.id))), "
        "sum(item.left_to_table) FROM item WHERE item.profile_id = ? GROUP BY 1, 2, 3, 4, 5", (profile_id,))
    connection.execute(
        "INSERT INTO mistake_total (profile_id, kind, topic, drill, count, rule) SELECT item.profile_id, "
        "mistake.kind, mistake.topic, item.drill, count(*), max(mistake.rule) FROM mistake JOIN item "
        "ON item.id = mistake.item_id WHERE item.profile_id = ? GROUP BY 1, 2, 3, 4", (profile_id,))
    rebuild_reviews(connection, profile_id)


def save_class_csv(store: ClassStore, profiles: Sequence[Profile], target: str | Path) -> int:
    """The report CSV of a class store: the station's columns (:data:`~trainer.store.reports.CSV_COLUMNS`) and
    the station that sent each item (the name it signed in with); written whole or not at all; returns the
    number of rows. Offline, the station's copy (without the station column's names)."""
    import psycopg

    from trainer.store.reports import CSV_COLUMNS, csv_cell, csv_row
    from trainer.store.safepath import written

    rows = 0
    with written(target, keep=store.own_files()) as partial, partial.open("w", encoding="utf-8",
                                                                         newline="") as out:
        out.write(",".join((*CSV_COLUMNS, "station")) + "\n")
        if not store.online or store.server is None:
            writer = csv.writer(out, lineterminator="\n")
            for profile in profiles:
                for item in store.items(profile):
                    writer.writerow([*(csv_cell(cell) for cell in csv_row(item)), ""])
                    rows += 1
            return rows
        raw = store.server.raw
        try:
            with raw.transaction(), raw.cursor(name="class_csv") as cursor:
                raw.execute("SET LOCAL work_mem = '64MB'")  # (the rows sorted in memory, not on disk)
                cursor.itersize = 20_000
                cursor.execute(_CLASS_CSV, {"ids": [int(profile.id) for profile in profiles]})
                while chunk := cursor.fetchmany(20_000):
                    out.write("\n".join(row[0] for row in chunk))
                    out.write("\n")
                    rows += len(chunk)
        except psycopg.Error as error:
            raise StoreError(f"the class store {where(store.url)}: {str(error).strip().splitlines()[0]}") from error
    return rows


def with_stations(store: Store, reports: Sequence[TraineeReport]) -> list[TraineeReport]:
    """``reports`` with the stations each trainee's items came from, when ``store`` is a class store the server
    answers for (its ``station_total``, kept by the server as items come); as they are otherwise (the station's
    own store knows no stations)."""
    if not isinstance(store, ClassStore) or not store.online:
        return list(reports)
    ids = [report.profile.id for report in reports]
    where_ = "WHERE profile_id = ?" if len(ids) == 1 else ""
    found: dict[int, list[StationCount]] = {}
    for row in store.connection.execute(f"SELECT profile_id, station, items, last FROM station_total {where_}",
                                        ids[:1] if where_ else ()).fetchall():
        found.setdefault(int(row[0]), []).append(StationCount(str(row[1]), int(row[2]), str(row[3])))
    return [dataclasses.replace(report, stations=tuple(sorted(found.get(report.profile.id, []),
                                                              key=lambda seen: seen.station)))
            for report in reports]


_STATUS_FORMS = (
    (re.compile(r"Class store: sent\Z"), N_("Class store: sent")),
    (re.compile(r"Class store: online\Z"), N_("Class store: online")),
    (re.compile(r"Class store: connecting to (?P<where>.*)…\Z", re.S), N_("Class store: connecting to {where}…")),
    (re.compile(r"Class store: nothing is sent this session \(this station's store: (?P<error>.*)\)\Z", re.S),
     N_("Class store: nothing is sent this session (this station's store: {error})")),
)
_OFFLINE = re.compile(r"Class store: offline, (?P<count>\d+) items? waiting(?: \((?P<why>.*)\))?\Z", re.S)


def shown_status(status: str) -> str:
    """The class store's status line (kept in English by the sender, which other code reads) in the language
    spoken; a line of another form as it is.

    >>> from trainer.i18n.translation import speaking
    >>> with speaking("es"):
    ...     shown_status("Class store: offline, 1 item waiting"), shown_status("Class store: sent")
    ('Almacén de la clase: sin conexión, 1 ítem en espera', 'Almacén de la clase: enviado')
    """
    offline = _OFFLINE.match(status)
    if offline:
        count = int(offline["count"])
        line = ngettext("Class store: offline, {count} item waiting", "Class store: offline, {count} items waiting",
                        count).format(count=count)
        return line + (f" ({offline['why']})" if offline["why"] else "")
    for pattern, text in _STATUS_FORMS:
        found = pattern.match(status)
        if found:
            return _(text).format(**found.groupdict())
    return status
