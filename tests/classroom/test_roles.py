"""Roles that hold: a station connects as the station role (psycopg, directly) and is refused each change the
issue forbids it; the instructor's corrections and deletions are kept in the audit table with who and when."""

from __future__ import annotations

import json
import uuid

import psycopg
import pytest
from psycopg.errors import InsufficientPrivilege

from tests.typed import present
from trainer.store.classdb import role_names


def _profile_and_item(connection: psycopg.Connection) -> tuple[int, int]:
    profile = connection.execute("INSERT INTO profile (uid, name, created) VALUES (%s, %s, %s) RETURNING id",
                                 (uuid.uuid4().hex, f"Ana {uuid.uuid4().hex[:6]}", "2025-03-03T09:00:00+00:00"))
    profile_id = present(profile.fetchone())[0]
    item = connection.execute(
        "INSERT INTO item (uid, profile_id, at, drill, situation, mode, steps, correct, seconds, perfect) "
        "VALUES (%s, %s, %s, 'blind', 'blind', 'practice', 6, 5, 12.0, 0) RETURNING id",
        (uuid.uuid4().hex, profile_id, "2025-03-03T09:01:00+00:00"))
    item_id = present(item.fetchone())[0]
    connection.execute("INSERT INTO mistake (item_id, position, kind, expected, given) VALUES (%s, 0, 'k', 'e', 'g')",
                       (item_id,))
    connection.execute(
        "INSERT INTO attempt (uid, profile_id, exam_uid, exam_name, at, score, steps, correct, mistakes, seconds, "
        "passed) VALUES (%s, %s, 'x', 'Final', '2025-03-03T10:00:00', 80.0, 10, 8, '[]', 300.0, 1)",
        (uuid.uuid4().hex, profile_id))
    return profile_id, item_id


REFUSED = [
    ("UPDATE item SET correct = steps", ()),
    ("DELETE FROM item", ()),
    ("UPDATE mistake SET given = expected", ()),
    ("DELETE FROM mistake", ()),
    ("UPDATE attempt SET passed = 1, score = 100", ()),
    ("DELETE FROM attempt", ()),
    ("UPDATE profile SET name = 'Someone else'", ()),
    ("DELETE FROM profile", ()),
    ("INSERT INTO exam (uid, name, definition, created) VALUES ('u', 'Easy', '{}', 'now')", ()),
    ("UPDATE exam SET definition = '{}'", ()),
    ("DELETE FROM exam", ()),
    ("SELECT * FROM audit", ()),
    ("DELETE FROM audit", ()),
    ("UPDATE uth_class_store SET version = 1", ()),
    ("CREATE TABLE mine (x int)", ()),
]


@pytest.mark.parametrize("statement, values", REFUSED, ids=[entry[0] for entry in REFUSED])
def test_the_station_role_may_not_change_scored_items_exams_or_the_audit(
        class_urls: tuple[str, str, str], statement: str, values: tuple[object, ...]) -> None:
    _owner, _instructor, station = class_urls
    with psycopg.connect(station, autocommit=True) as connection:
        _profile_and_item(connection)
        with pytest.raises(InsufficientPrivilege):
            connection.execute(statement, values)


def test_the_station_role_inserts_profiles_items_mistakes_attempts_and_reads_them(
        class_urls: tuple[str, str, str]) -> None:
    _owner, _instructor, station = class_urls
    with psycopg.connect(station, autocommit=True) as connection:
        profile_id, item_id = _profile_and_item(connection)
        row = connection.execute("SELECT item.steps, item.correct, count(mistake.position) FROM item "
                                 "JOIN mistake ON mistake.item_id = item.id WHERE item.id = %s "
                                 "GROUP BY item.id", (item_id,)).fetchone()
        assert row == (6, 5, 1)
        assert connection.execute("SELECT count(*) FROM attempt WHERE profile_id = %s",
                                  (profile_id,)).fetchone() == (1,)


def test_the_station_role_never_sees_or_sets_the_instructors_pin_hash(class_urls: tuple[str, str, str]) -> None:
    _owner, instructor, station = class_urls
    with psycopg.connect(instructor, autocommit=True) as connection:
        connection.execute("INSERT INTO setting (key, value) VALUES ('instructor_pin', %s)",
                           (json.dumps({"hash": "abc"}),))
    with psycopg.connect(station, autocommit=True) as connection:
        assert connection.execute("SELECT value FROM setting WHERE key = 'instructor_pin'").fetchall() == []
        assert connection.execute("UPDATE setting SET value = '{}' WHERE key = 'instructor_pin'").rowcount == 0
        with pytest.raises(InsufficientPrivilege):
            connection.execute("INSERT INTO setting (key, value) VALUES ('instructor_pin', '{}') "
                               "ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        # a trainee's own marks (the newcomer's path) the station keeps
        connection.execute("INSERT INTO setting (key, value) VALUES ('path/abc', '[\"lesson\"]')")
        assert connection.execute("SELECT value FROM setting WHERE key = 'path/abc'").fetchone() == ('["lesson"]',)
    with psycopg.connect(instructor, autocommit=True) as connection:
        assert connection.execute("SELECT value FROM setting WHERE key = 'instructor_pin'").fetchone() == (
            json.dumps({"hash": "abc"}),)


def test_the_station_role_may_not_delete_settings(class_urls: tuple[str, str, str]) -> None:
    _owner, _instructor, station = class_urls
    with psycopg.connect(station, autocommit=True) as connection, pytest.raises(InsufficientPrivilege):
        connection.execute("DELETE FROM setting")


def test_the_instructors_corrections_and_deletions_are_audited_with_who_and_when(
        class_urls: tuple[str, str, str]) -> None:
    owner, instructor, station = class_urls
    with psycopg.connect(station, autocommit=True) as connection:
        _profile_id, item_id = _profile_and_item(connection)
    with psycopg.connect(instructor, autocommit=True) as connection:
        connection.execute("UPDATE item SET correct = 6 WHERE id = %s", (item_id,))
        connection.execute("DELETE FROM item WHERE id = %s", (item_id,))
        connection.execute("INSERT INTO exam (uid, name, definition, created) VALUES ('e1', 'Final', '{}', 'now')")
        rows = connection.execute(
            "SELECT who, table_name, action, old_row ->> 'correct', new_row ->> 'correct', at > now() - interval "
            "'1 minute' FROM audit ORDER BY id").fetchall()
        with pytest.raises(InsufficientPrivilege):
            connection.execute("DELETE FROM audit")
    with psycopg.connect(owner) as connection:
        _station, instructor_role = role_names(connection)
    assert rows[:2] == [(instructor_role, "item", "UPDATE", "5", "6", True),
                        (instructor_role, "item", "DELETE", "6", None, True)]
    assert (instructor_role, "mistake", "DELETE") in [row[:3] for row in rows]
    assert (instructor_role, "exam", "INSERT") in [row[:3] for row in rows]
