"""The station's outbox: every item scored against a class store is kept in the station's own SQLite store first,
with its ``uid`` queued here in the same transaction, and sent to the server in the order it was scored.

The server adds an item once by its ``uid`` (``ON CONFLICT DO NOTHING``): an item sent twice (the station stopped
between the server's commit and the queue's) is not counted twice, and its totals and review are kept only when it
is new. :func:`upload` sends a station's whole local history the same way (``class upload``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from trainer.scoring import ItemResult
from trainer.store.db import transaction
from trainer.store.records import Identity, StoredItem
from trainer.store.store import Store, insert_item, item_of, mistakes_of, review_item

BATCH = 200


def ensure(connection: sqlite3.Connection) -> None:
    """The outbox table in the station's store (kept beside the store's own tables; only class stores use it)."""
    connection.execute("CREATE TABLE IF NOT EXISTS class_outbox ("
                       "seq INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE)")


def queue(connection: sqlite3.Connection, uid: str) -> None:
    """Queue the item ``uid`` (inside the transaction that keeps it)."""
    connection.execute("INSERT OR IGNORE INTO class_outbox (uid) VALUES (?)", (uid,))


def waiting(connection: sqlite3.Connection) -> int:
    """How many items wait to be sent."""
    return int(connection.execute("SELECT count(*) FROM class_outbox").fetchone()[0])


def result_of(item: StoredItem) -> tuple[ItemResult, Identity]:
    """The scored item and its identity, as they were recorded."""
    return (ItemResult(item.drill, item.title, item.steps, item.correct, item.mistakes, item.seconds, item.mode,
                       item.wrong_attempts, item.left_to_table),
            Identity(item.situation, item.variant, item.seed, item.replay))


def server_profile(server: Any, known: dict[str, int], uid: str, name: str, created: str, *,
                   same_name: dict[str, str] | None = None) -> int:
    """The server's id of the profile ``uid``, added when it is new there (as ``Name (2)`` when another trainee
    already has the name).

    With ``same_name``, a trainee the server knows by this name (one who signed in at a station that had never
    seen them, while the server was away) is that trainee: ``same_name`` gets the station's uid and the server's."""
    if uid in known:
        return known[uid]
    row = server.execute("SELECT id FROM profile WHERE uid = ?", (uid,)).fetchone()
    if row is None and same_name is not None:
        row = server.execute("SELECT id, uid FROM profile WHERE name = ?", (name,)).fetchone()
        if row is not None:
            same_name[uid] = row[1]
    if row is None:
        wanted, number, chosen = name, 1, name
        while server.execute("SELECT 1 FROM profile WHERE name = ?", (chosen,)).fetchone() is not None:
            number += 1
            chosen = f"{wanted} ({number})"
        server.execute("INSERT OR IGNORE INTO profile (uid, name, created) VALUES (?, ?, ?)", (uid, chosen, created))
        row = server.execute("SELECT id FROM profile WHERE uid = ?", (uid,)).fetchone()
    known[uid] = int(row[0])
    return known[uid]


def put(server: Any, profile_id: int, item: StoredItem) -> bool:
    """Add one item to the server (inside the caller's transaction): its mistakes, the day's totals and its
    review with it; True when it was new there."""
    result, identity = result_of(item)
    before = server.total_changes
    insert_item(server, profile_id, item.uid, item.at, result, identity)
    if server.total_changes == before:
        return False
    review_item(server, profile_id, result, identity.situation, datetime.fromisoformat(item.at))
    return True


def _pending(local: sqlite3.Connection, limit: int) -> list[tuple[int, StoredItem, Sequence[str]]]:
    rows = local.execute(
        "SELECT class_outbox.seq AS outbox_seq, item.*, profile.name AS profile_name, profile.uid AS profile_uid, "
        "profile.created AS profile_created FROM class_outbox JOIN item ON item.uid = class_outbox.uid "
        "JOIN profile ON profile.id = item.profile_id ORDER BY class_outbox.seq LIMIT ?", (limit,)).fetchall()
    found = mistakes_of(local, [row["id"] for row in rows])
    return [(int(row["outbox_seq"]), item_of(row, found.get(row["id"], ())),
             (row["profile_uid"], row["profile_name"], row["profile_created"])) for row in rows]


def forget_orphans(connection: sqlite3.Connection) -> None:
    """Drop the uids queued for items no longer on the station (a profile deleted there)."""
    connection.execute("DELETE FROM class_outbox WHERE uid NOT IN (SELECT uid FROM item)")


def send(local: Store, server: Any, *, batch: int = BATCH, known: dict[str, int] | None = None) -> int:
    """Send the waiting items in order, ``batch`` to a server transaction; returns how many were new there.
    ``known`` keeps the server's profile ids found (by uid) from one call to the next.

    Raises :class:`~trainer.store.dialect.ClassOfflineError` when the server goes away: what was not confirmed stays
    queued, to be sent again (and ignored by the server when it had arrived)."""
    known = {} if known is None else known
    added = 0
    while True:
        rows = _pending(local.connection, batch)
        if not rows:
            return added
        joined: dict[str, str] = {}
        with transaction(server):
            for _seq, item, (uid, name, created) in rows:
                added += put(server, server_profile(server, known, uid, name, created, same_name=joined), item)
        with local.transact() as connection:
            connection.execute("DELETE FROM class_outbox WHERE seq <= ?", (rows[-1][0],))
            # the station's copy takes the class's uid, so the trainee is one from now on
            connection.executemany("UPDATE profile SET uid = ? WHERE uid = ?",
                                   [(theirs, ours) for ours, theirs in joined.items()])
        for ours, theirs in joined.items():
            known[theirs] = known.pop(ours)
        if len(rows) < batch:
            return added


def upload(local: Store, server: Any) -> tuple[int, int, int]:
    """Send every item of every profile of the station's store (``class upload``), by uid, so running it again
    adds nothing; returns (profiles, items added, items already there)."""
    known: dict[str, int] = {}
    added = present = 0
    profiles = local.profiles()
    for profile in profiles:
        items = local.items(profile)
        with transaction(server):
            server_id = server_profile(server, known, profile.uid, profile.name, profile.created)
            there = {row[0] for row in server.execute("SELECT uid FROM item WHERE profile_id = ?", (server_id,))}
        fresh = [item for item in items if item.uid not in there]
        present += len(items) - len(fresh)
        for start in range(0, len(fresh), BATCH):
            with transaction(server):
                added += sum(put(server, server_id, item) for item in fresh[start:start + BATCH])
        attempts = local.connection.execute(
            "SELECT uid, exam_uid, exam_name, at, score, steps, correct, mistakes, seconds, passed, items, "
            "pass_mark, hands, instructor FROM attempt WHERE profile_id = ? ORDER BY at", (profile.id,)).fetchall()
        if attempts:
            with transaction(server):
                for row in attempts:
                    server.execute(
                        "INSERT OR IGNORE INTO attempt (uid, profile_id, exam_uid, exam_name, at, score, steps, "
                        "correct, mistakes, seconds, passed, items, pass_mark, hands, instructor) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (row[0], server_id, *tuple(row)[1:]))
    return len(profiles), added, present
