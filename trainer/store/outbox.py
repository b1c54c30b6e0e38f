"""The station's outbox: every item scored against a class store is kept in the station's own SQLite store first,
with its ``uid`` queued here in the same transaction, and sent to the server in the order it was scored.

The server adds an item once by its ``uid`` (``ON CONFLICT (uid) DO NOTHING``): an item sent twice (the station
stopped between the server's commit and the queue's) is not counted twice, and its totals and review are kept only
when it is new. :func:`upload` sends a station's whole local history the same way (``class upload``).

On PostgreSQL a batch of items is one transaction of five round trips whatever its size (:func:`put_batch`): each
item is one prepared statement (the item and its mistakes (the server keeps the totals from them), in one statement
that does nothing when the uid is there), all of them sent in one pipeline; then the batch's review cards are read
in one query, worked out in the items' order, and written in one statement.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import psycopg
from fsrs import Card

from trainer.i18n.translation import _
from trainer.scoring import ItemResult
from trainer.store import review
from trainer.store.db import transaction
from trainer.store.dialect import PgConnection, lost
from trainer.store.records import Identity, StoredItem
from trainer.store.skills import SkillKind, skill
from trainer.store.store import (
    ATTEMPT_COLUMNS,
    Store,
    insert_attempt,
    insert_item,
    item_of,
    mistakes_of,
    review_item,
    server_keeps_totals,
)

BATCH = 200


def ensure(connection: sqlite3.Connection) -> str | None:
    """The outbox table in the station's store (kept beside the store's own tables; only class stores use it);
    one that is damaged is set aside first (:func:`set_aside_if_damaged`): then what the user is told, else None."""
    told = set_aside_if_damaged(connection, "class_outbox", ("seq", "uid"))
    connection.execute("CREATE TABLE IF NOT EXISTS class_outbox ("
                       "seq INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE)")
    return told


def ensure_others(connection: sqlite3.Connection) -> str | None:
    """The outbox of what is not an item: exam attempts (by uid) and a trainee's marked path steps (by setting
    key), sent after the items; one that is damaged is set aside first, as :func:`ensure` does."""
    told = set_aside_if_damaged(connection, "class_outbox_other", ("seq", "kind", "key"))
    connection.execute("CREATE TABLE IF NOT EXISTS class_outbox_other (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
                       "kind TEXT NOT NULL, key TEXT NOT NULL, UNIQUE (kind, key))")
    return told


def set_aside_if_damaged(connection: sqlite3.Connection, table: str, columns: Sequence[str]) -> str | None:
    """An outbox table that lacks one of its ``columns`` or whose ``seq`` is not its key (made again by another
    program) is renamed ``<table>_damaged_<time>`` (nothing it held is thrown away), so a new one can be made; what
    the user is told then (``class upload`` sends the station's whole history again, each item once), else None."""
    kind = connection.execute("SELECT type FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    if kind is not None and kind[0] != "table":  # a view or an index in its place holds nothing of its own
        connection.execute(f"DROP {'VIEW' if kind[0] == 'view' else 'INDEX'} \"{table}\"")
        return _("This station's class outbox ({table}) was damaged; a new one was started: uth-trainer --store "
                 "URL class upload sends anything it held").format(table=table)
    found = {row[1]: row for row in connection.execute(f"PRAGMA table_info({table})").fetchall()}
    if not found or (set(columns) <= set(found) and found["seq"][5] == 1):
        return None
    base = aside = f"{table}_damaged_{time.strftime('%Y%m%d_%H%M%S')}"
    number = 1
    while connection.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (aside,)).fetchone() is not None:
        number += 1
        aside = f"{base}_{number}"
    connection.execute(f'ALTER TABLE {table} RENAME TO "{aside}"')
    return _("This station's class outbox ({table}) was damaged; it was set aside as {aside} and a new one "
             "started: uth-trainer --store URL class upload sends anything it held").format(table=table, aside=aside)


def queue_other(connection: sqlite3.Connection, kind: str, key: str) -> None:
    """Queue an attempt (``kind`` "attempt", its uid) or a setting ("setting", its key), inside the transaction
    that keeps it on the station; a setting queued again is sent once, as it then is."""
    connection.execute("INSERT OR IGNORE INTO class_outbox_other (kind, key) VALUES (?, ?)", (kind, key))


def send_others(local: Store, server: Any, known: dict[str, int]) -> int:
    """Send the attempts and settings waiting, in one server transaction; returns how many were sent. A path's
    marked steps are merged with the server's (another station may have marked others)."""
    rows = local.connection.execute("SELECT seq, kind, key FROM class_outbox_other ORDER BY seq").fetchall()
    if not rows:
        return 0
    with transaction(server):
        for _seq, kind, key in rows:
            if kind == "attempt":
                found = local.connection.execute(
                    f"SELECT {', '.join('attempt.' + column for column in ATTEMPT_COLUMNS)}, profile.uid, "
                    "profile.name, profile.created FROM attempt JOIN profile ON profile.id = attempt.profile_id "
                    "WHERE attempt.uid = ?", (key,)).fetchone()
                if found is not None:
                    values = tuple(found)
                    profile_id = server_profile(server, known, *values[len(ATTEMPT_COLUMNS):])
                    if profile_id is not None:  # (a trainee deleted on the server stays deleted)
                        insert_attempt(server, profile_id, (values[0], *values[2:len(ATTEMPT_COLUMNS)]))
            elif kind == "setting":
                mine = local.connection.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
                if mine is None:
                    continue
                value = mine[0]
                put_setting(server, key, value)
    with local.transact() as connection:
        connection.execute("DELETE FROM class_outbox_other WHERE seq <= ?", (rows[-1][0],))
    return len(rows)


def put_setting(server: Any, key: str, value: str) -> None:
    """Keep a trainee's marked path steps on the server (inside the caller's transaction), merged with the steps
    other stations marked: on a class store through its function (a station keeps no other setting there)."""
    if not key.startswith("path/"):
        if not server_keeps_totals(server):
            server.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", (key, value))
        return
    if server_keeps_totals(server):
        server.execute("SELECT class_keep_path(?, ?)", (key, json.dumps(sorted(set(_steps(value))))))
        return
    there = server.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
    value = json.dumps(sorted(set(_steps(value)) | set(_steps(there[0] if there else "[]"))))
    server.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", (key, value))


def _steps(text: str) -> list[str]:
    try:
        found = json.loads(text)
    except ValueError:
        return []
    return [str(step) for step in found] if isinstance(found, list) else []


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
                   same_name: dict[str, str] | None = None) -> int | None:
    """The server's id of the profile ``uid``, added when it is new there (as ``Name (2)`` when another trainee
    already has the name).

    With ``same_name``, a trainee the server knows by this name (one who signed in at a station that had never
    seen them, while the server was away) is that trainee: ``same_name`` gets the station's uid and the server's.

    None when an instructor deleted the trainee on a class store (their items are then not taken again); a
    trainee merged into another is that other one."""
    if uid in known:
        return known[uid]
    gone = _gone(server, uid)
    if gone is not None:
        if not gone:
            return None
        found = server_profile(server, known, gone, name, created)
        if found is not None:
            known[uid] = found
        return found
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
        if row is None:
            return None
    known[uid] = int(row[0])
    return known[uid]


def _gone(server: Any, uid: str, depth: int = 8) -> str | None:
    """None when the trainee ``uid`` was not deleted on a class store; "" when deleted; the uid of the trainee it
    was merged into (followed)."""
    if not server_keeps_totals(server):
        return None
    row = server.execute("SELECT coalesce(merged_into, '') FROM tombstone WHERE kind = 'profile' AND uid = ?",
                         (uid,)).fetchone()
    if row is None:
        return None
    into = str(row[0])
    if into and depth > 0:
        further = _gone(server, into, depth - 1)
        return into if further is None else further
    return into


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


_PG_PUT = (
    "WITH new AS (INSERT INTO item (uid, profile_id, at, drill, situation, variant, title, seed, replay, mode, steps, "
    "correct, seconds, perfect, wrong_attempts, left_to_table) VALUES (%(uid)s, %(profile)s, %(at)s, %(drill)s, "
    "%(situation)s, %(variant)s, %(title)s, %(seed)s, %(replay)s, %(mode)s, %(steps)s, %(correct)s, %(seconds)s, "
    "%(perfect)s, %(wrong_attempts)s, %(left_to_table)s) ON CONFLICT (uid) DO NOTHING RETURNING id, profile_id), "
    "marks AS (INSERT INTO mistake (item_id, position, kind, expected, given, rule, topic) "
    "SELECT new.id, m.position - 1, m.kind, m.expected, m.given, m.rule, m.topic FROM new, "
    "unnest(%(kinds)s::text[], %(expected)s::text[], %(given)s::text[], %(rules)s::text[], %(topics)s::text[]) "
    "WITH ORDINALITY AS m(kind, expected, given, rule, topic, position)) "
    "SELECT count(*) FROM new")
"""One item on PostgreSQL in one statement, as :func:`~trainer.store.store.insert_item` keeps it (the server keeps
the day's totals and the mistake counts itself, by its triggers)."""


def _pg_values(profile_id: int, item: StoredItem) -> dict[str, Any]:
    result, identity = result_of(item)
    return {"uid": item.uid, "profile": profile_id, "at": item.at, "drill": result.drill,
            "situation": identity.situation, "variant": identity.variant, "title": result.item,
            "seed": identity.seed, "replay": identity.replay.key if identity.replay else None,
            "mode": result.mode.value, "steps": result.steps, "correct": result.correct,
            "seconds": float(result.seconds), "perfect": int(result.perfect), "wrong_attempts": result.wrong_attempts,
            "attempts_wrong": result.attempts_wrong,
            "left_to_table": result.left_to_table,
            "kinds": [mistake.kind.value for mistake in result.mistakes],
            "expected": [mistake.expected for mistake in result.mistakes],
            "given": [mistake.given for mistake in result.mistakes],
            "rules": [mistake.rule for mistake in result.mistakes],
            "topics": [mistake.topic for mistake in result.mistakes]}


def put_batch(server: PgConnection, items: Sequence[tuple[int, StoredItem]]) -> int:
    """Add ``items`` (each with the server's profile id) to a PostgreSQL class store inside the caller's
    transaction, in a handful of round trips; the review cards of the items new there are kept as
    :func:`~trainer.store.store.review_item` would, one item after the other. Returns how many were new."""
    if not items:
        return 0
    try:
        with server.raw.cursor() as cursor:
            cursor.executemany(_PG_PUT, [_pg_values(profile_id, item) for profile_id, item in items], returning=True)
            new: list[bool] = []
            while True:
                row = cursor.fetchone()
                new.append(bool(row and row[0]))
                if not cursor.nextset():
                    break
            fresh = [(profile_id, item) for (profile_id, item), added in zip(items, new, strict=True)
                     if added and item.steps > 0]
            if fresh:
                wanted = sorted({(profile_id, item.situation) for profile_id, item in fresh})
                cards = {(int(row[0]), str(row[1])): (Card.from_json(row[2]), 0) for row in cursor.execute(
                    "SELECT profile_id, card, state FROM review_card WHERE (profile_id, card) IN "
                    "(SELECT * FROM unnest(%s::bigint[], %s::text[]))",
                    ([key[0] for key in wanted], [key[1] for key in wanted])).fetchall()}
                for profile_id, item in fresh:
                    result, identity = result_of(item)
                    at = datetime.fromisoformat(item.at)
                    card, reviews = cards.get((profile_id, identity.situation), (Card(card_id=1, due=at), 0))
                    target = skill(SkillKind.SITUATION, identity.situation).target_seconds
                    grade = review.rating(result.perfect, result.seconds / result.steps, target)
                    card, _ = review.scheduler().review_card(card, grade, at)
                    cards[(profile_id, identity.situation)] = (card, reviews + 1)
                changed = [(key, card, reviews) for key, (card, reviews) in cards.items() if reviews]
                cursor.execute(  # (the server's function: a station changes its own trainees' cards only)
                    "SELECT class_review(%s::bigint[], %s::text[], %s::text[], %s::text[], %s::int[])",
                    ([key[0] for key, _card, _n in changed], [key[1] for key, _card, _n in changed],
                     [card.due.isoformat() for _key, card, _n in changed],
                     [card.to_json() for _key, card, _n in changed], [n for _key, _card, n in changed]))
    except psycopg.Error as error:
        raise lost(error) from error
    added = sum(new)
    server.total_changes += added
    return added


def put_all(server: Any, items: Sequence[tuple[int, StoredItem]]) -> int:
    """Add ``items`` (each with the server's profile id) inside the caller's transaction: :func:`put_batch` on
    PostgreSQL, :func:`put` one after the other otherwise; returns how many were new."""
    if isinstance(server, PgConnection):
        return put_batch(server, items)
    return sum(put(server, profile_id, item) for profile_id, item in items)


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


def send(local: Store, server: Any, *, batch: int = BATCH, known: dict[str, int] | None = None,
         timings: list[tuple[int, float]] | None = None) -> int:
    """Send the waiting items in order, ``batch`` to a server transaction; returns how many were new there.
    ``known`` keeps the server's profile ids found (by uid) from one call to the next; ``timings`` hears each
    server transaction's items and seconds (from its ``BEGIN`` to its ``COMMIT`` answered).

    Raises :class:`~trainer.store.dialect.ClassOfflineError` when the server goes away: what was not confirmed stays
    queued, to be sent again (and ignored by the server when it had arrived)."""
    known = {} if known is None else known
    added = 0
    while True:
        rows = _pending(local.connection, batch)
        if not rows:
            return added
        joined: dict[str, str] = {}
        begun = time.perf_counter()
        with transaction(server):
            found = [(server_profile(server, known, uid, name, created, same_name=joined), item)
                     for _seq, item, (uid, name, created) in rows]
            added += put_all(server, [(profile_id, item) for profile_id, item in found if profile_id is not None])
        if timings is not None:
            timings.append((len(rows), time.perf_counter() - begun))
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
    adds nothing (nor what the instructor deleted on the server); returns (profiles, items added, items already
    there or deleted there)."""
    known: dict[str, int] = {}
    added = present = 0
    profiles = local.profiles()
    for profile in profiles:
        items = local.items(profile)
        with transaction(server):
            server_id = server_profile(server, known, profile.uid, profile.name, profile.created)
            there = set() if server_id is None else {
                row[0] for row in server.execute("SELECT uid FROM item WHERE profile_id = ?", (server_id,))}
        if server_id is None:
            present += len(items)
            continue
        fresh = [item for item in items if item.uid not in there]
        present += len(items) - len(fresh)
        for start in range(0, len(fresh), BATCH):
            with transaction(server):
                new = put_all(server, [(server_id, item) for item in fresh[start:start + BATCH]])
            added += new
            present += len(fresh[start:start + BATCH]) - new
        attempts = local.connection.execute(
            f"SELECT {', '.join(column for column in ATTEMPT_COLUMNS if column != 'profile_id')} FROM attempt "
            "WHERE profile_id = ? ORDER BY at", (profile.id,)).fetchall()
        if attempts:
            with transaction(server):
                for row in attempts:
                    insert_attempt(server, server_id, tuple(row))
    return len(profiles), added, present
