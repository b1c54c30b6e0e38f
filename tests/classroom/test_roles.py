"""The server is the authority: each station signs in as itself (psycopg, directly, as a trainee holding the
station's password would) and is refused every change the class store forbids it; what it may add, the server
names, counts and marks itself; the instructor's corrections and deletions are audited and stay."""

from __future__ import annotations

import json
import uuid

import psycopg
import pytest
from psycopg.errors import InsufficientPrivilege

from tests.typed import present
from trainer.store.classdb import CLASS_TABLES, add_member, connect, init_class, remove_member

ITEM = ("INSERT INTO item (uid, profile_id, at, drill, situation, mode, steps, correct, seconds, perfect) "
        "VALUES (%s, %s, %s, 'blind', 'blind', 'practice', 6, 5, 12.0, 0) RETURNING id")


def _add(owner: str, kind: str, name: str) -> str:
    with connect(owner) as connection:
        return add_member(connection, owner, kind, name)


def _profile_and_item(connection: psycopg.Connection) -> tuple[int, int]:
    profile = connection.execute("INSERT INTO profile (uid, name, created) VALUES (%s, %s, %s) RETURNING id",
                                 (uuid.uuid4().hex, f"Ana {uuid.uuid4().hex[:6]}", "2025-03-03T09:00:00+00:00"))
    profile_id = present(profile.fetchone())[0]
    item = connection.execute(ITEM, (uuid.uuid4().hex, profile_id, "2025-03-03T09:01:00+00:00"))
    item_id = present(item.fetchone())[0]
    connection.execute("INSERT INTO mistake (item_id, position, kind, expected, given) VALUES (%s, 0, 'k', 'e', 'g')",
                       (item_id,))
    return profile_id, item_id


def _attempt(connection: psycopg.Connection, profile_id: int, exam_uid: str, name: str, parts: list[tuple[int, int]],
             asked: float = 1.0) -> tuple[object, ...]:
    uid = uuid.uuid4().hex
    items = [{"item": "hand", "steps": steps, "correct": correct, "seconds": 10.0, "mistakes": []}
             for steps, correct in parts]
    connection.execute(
        "INSERT INTO attempt (uid, profile_id, exam_uid, exam_name, at, mistakes, seconds, items, hands, "
        "asked_pass_mark) VALUES (%s, %s, %s, %s, '2025-03-03T10:00:00+00:00', '[]', 30.0, %s, 1, %s)",
        (uid, profile_id, exam_uid, name, json.dumps(items), asked))
    return present(connection.execute(
        "SELECT exam_name, instructor, score, pass_mark, passed, station FROM attempt WHERE uid = %s",
        (uid,)).fetchone())


REFUSED = [
    *[f"UPDATE {table} SET {column} = {column}" for table, column in (
        ("profile", "name"), ("item", "correct"), ("mistake", "given"), ("review_card", "due"),
        ("day_total", "items"), ("mistake_total", "count"), ("exam", "definition"), ("attempt", "passed"),
        ("setting", "value"), ("station_total", "items"), ("audit", "who"), ("tombstone", "who"),
        ("uth_class_store", "version"))],
    *[f"DELETE FROM {table}" for table in CLASS_TABLES],
    *[f"TRUNCATE {table}" for table in CLASS_TABLES],
    "INSERT INTO attempt (uid, profile_id, exam_uid, exam_name, at, score, steps, correct, mistakes, seconds, "
    "passed) VALUES ('f', 1, 'x', 'Final', '2025-03-03T10:00:00', 100.0, 10, 10, '[]', 300.0, 1)",
    "INSERT INTO attempt (uid, profile_id, exam_uid, exam_name, at, mistakes, seconds, pass_mark) "
    "VALUES ('f', 1, 'x', 'Final', '2025-03-03T10:00:00', '[]', 1.0, 1.0)",
    "INSERT INTO item (uid, profile_id, at, drill, situation, mode, steps, correct, seconds, station) "
    "VALUES ('i', 1, '2025-03-03T09:01:00+00:00', 'blind', 'blind', 'practice', 6, 6, 1.0, 'st-b')",
    "INSERT INTO day_total (profile_id, day, drill, situation, mode, items, steps, correct, seconds) "
    "VALUES (1, '2025-03-03', 'blind', 'blind', 'practice', 50, 300, 300, 1.0)",
    "INSERT INTO mistake_total (profile_id, kind, topic, drill, count, rule) VALUES (1, 'k', 't', 'd', 0, '')",
    "INSERT INTO review_card (profile_id, card, due, state) VALUES (1, 'blind', '2099-01-01', '{}')",
    "INSERT INTO setting (key, value) VALUES ('instructor_pin', '{}')",
    "INSERT INTO exam (uid, name, definition, created) VALUES ('u', 'Easy', '{}', 'now')",
    "INSERT INTO audit (who, table_name, action) VALUES ('x', 'item', 'DELETE')",
    "INSERT INTO tombstone (uid, kind, who) VALUES ('x', 'item', 'x')",
    "INSERT INTO member (role, name, kind) VALUES ('x', 'x', 'instructor')",
    "SELECT * FROM audit",
    "SELECT * FROM member",
    "SELECT class_keep_path('instructor_pin', '[]')",
    "CREATE TABLE mine (x int)",
]


@pytest.mark.parametrize("statement", REFUSED)
def test_a_station_may_not_change_what_was_recorded(class_urls: tuple[str, str, str], statement: str) -> None:
    _owner, _instructor, station = class_urls
    with psycopg.connect(station, autocommit=True) as connection:
        _profile_and_item(connection)
        with pytest.raises(InsufficientPrivilege):
            connection.execute(statement)


def test_an_item_is_the_signed_in_stations_whatever_it_claims(class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, _station = class_urls
    st_a, st_b = _add(owner, "station", "st-a"), _add(owner, "station", "st-b")
    with psycopg.connect(st_b, autocommit=True) as connection:
        connection.execute("SELECT set_config('uth.station', 'st-a', false)")  # the old way a station named itself
        _profile_id, item_id = _profile_and_item(connection)
        assert connection.execute("SELECT station FROM item WHERE id = %s", (item_id,)).fetchone() == ("st-b",)
    with psycopg.connect(st_a, autocommit=True) as connection, pytest.raises(InsufficientPrivilege):
        # nor may one station add mistakes to another's item
        connection.execute("INSERT INTO mistake (item_id, position, kind, expected, given) "
                           "VALUES (%s, 5, 'k', 'e', 'g')", (item_id,))
    with psycopg.connect(owner) as connection:
        assert connection.execute("SELECT station, items FROM station_total").fetchall() == [("st-b", 1)]


def test_the_totals_are_the_servers_from_the_items(class_urls: tuple[str, str, str]) -> None:
    _owner, instructor, station = class_urls
    with psycopg.connect(station, autocommit=True) as connection:
        profile_id, item_id = _profile_and_item(connection)
        connection.execute(ITEM, (uuid.uuid4().hex, profile_id, "2025-03-03T09:02:00+00:00"))
        totals = "SELECT items, steps, correct, wrong_attempts FROM day_total WHERE profile_id = %s"
        assert connection.execute(totals, (profile_id,)).fetchall() == [(2, 12, 10, 1)]
        assert connection.execute("SELECT count FROM mistake_total WHERE profile_id = %s",
                                  (profile_id,)).fetchall() == [(1,)]
    with psycopg.connect(instructor, autocommit=True) as connection:
        connection.execute("DELETE FROM item WHERE id = %s", (item_id,))  # the totals follow at once
        assert connection.execute(totals, (profile_id,)).fetchall() == [(1, 6, 5, 0)]
        assert connection.execute("SELECT count(*) FROM mistake_total WHERE profile_id = %s",
                                  (profile_id,)).fetchone() == (0,)


def test_an_attempt_is_marked_by_the_server_with_the_exams_own_pass_mark(class_urls: tuple[str, str, str]) -> None:
    _owner, instructor, station = class_urls
    with psycopg.connect(instructor, autocommit=True) as connection:
        connection.execute("INSERT INTO exam (uid, name, definition, created) VALUES ('e1', 'Final', %s, 'now')",
                           (json.dumps({"drill": "blind", "hands": 2, "pass_mark": 80, "time_limit_minutes": 10}),))
    with psycopg.connect(station, autocommit=True) as connection:
        profile_id, _item_id = _profile_and_item(connection)
        # 1 of 10 steps right asking a pass mark of 1 %: the exam's 80 % marks it, not passed
        assert _attempt(connection, profile_id, "e1", "Final", [(5, 1), (5, 0)]) == (
            "Final", 1, 10.0, 80.0, 0, "station-1")
        # every step right, but one hand of the exam's two: not passed
        assert _attempt(connection, profile_id, "e1", "Final", [(5, 5)])[4] == 0
        assert _attempt(connection, profile_id, "e1", "Final", [(5, 5), (5, 4)])[2:5] == (90.0, 80.0, 1)
        # an exam the server does not have is no instructor's: the trainee's own, and named so
        assert _attempt(connection, profile_id, "made-up", "Final1", [(1, 1)])[:2] == ("Own exam: Final1", 0)
        with pytest.raises(psycopg.errors.CheckViolation):  # items that claim more right than there were steps
            _attempt(connection, profile_id, "e1", "Final", [(1, 5), (1, 1)])


def test_the_pin_hash_is_unreadable_and_a_station_keeps_only_a_trainees_path(class_urls: tuple[str, str, str]) -> None:
    _owner, instructor, station = class_urls
    with psycopg.connect(instructor, autocommit=True) as connection:
        connection.execute("INSERT INTO setting (key, value) VALUES ('instructor_pin', %s)",
                           (json.dumps({"hash": "abc"}),))
    with psycopg.connect(station, autocommit=True) as connection:
        assert connection.execute("SELECT value FROM setting WHERE key = 'instructor_pin'").fetchall() == []
        connection.execute("SELECT class_keep_path('path/abc', '[\"lesson\"]')")
        connection.execute("SELECT class_keep_path('path/abc', '[\"drill\"]')")  # another station's marks merge
        assert connection.execute("SELECT value FROM setting WHERE key = 'path/abc'").fetchone() == (
            '["drill", "lesson"]',)
    with psycopg.connect(instructor, autocommit=True) as connection:
        assert connection.execute("SELECT value FROM setting WHERE key = 'instructor_pin'").fetchone() == (
            json.dumps({"hash": "abc"}),)


def test_a_station_reviews_only_its_own_trainees_cards(class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, station = class_urls
    other = _add(owner, "station", "st-b")
    with psycopg.connect(station, autocommit=True) as connection:
        profile_id, _item_id = _profile_and_item(connection)
    review = "SELECT class_review(%s::bigint[], ARRAY['blind'], ARRAY['2099-01-01'], ARRAY['{}'], ARRAY[1])"
    with psycopg.connect(other, autocommit=True) as connection:
        assert connection.execute(review, ([profile_id],)).fetchone() == (0,)
    with psycopg.connect(station, autocommit=True) as connection:
        assert connection.execute(review, ([profile_id],)).fetchone() == (1,)


def test_the_audit_names_who_signed_in_and_no_one_writes_it(class_urls: tuple[str, str, str]) -> None:
    owner, instructor, station = class_urls
    second = _add(owner, "instructor", "ines")
    with psycopg.connect(station, autocommit=True) as connection:
        _profile_id, item_id = _profile_and_item(connection)
    with psycopg.connect(instructor, autocommit=True) as connection:
        connection.execute("UPDATE item SET correct = 6 WHERE id = %s", (item_id,))
    with psycopg.connect(second, autocommit=True) as connection:
        connection.execute("DELETE FROM item WHERE id = %s", (item_id,))
        rows = connection.execute(
            "SELECT who, table_name, action, old_row ->> 'correct', new_row ->> 'correct', at > now() - interval "
            "'1 minute' FROM audit ORDER BY id").fetchall()
        for statement in ("DELETE FROM audit", "UPDATE audit SET who = 'x'",
                          "INSERT INTO audit (who, table_name, action) VALUES ('x', 'item', 'DELETE')"):
            with pytest.raises(InsufficientPrivilege):
                connection.execute(statement)
    assert rows[:2] == [("instructor", "item", "UPDATE", "5", "6", True), ("ines", "item", "DELETE", "6", None, True)]
    assert ("ines", "mistake", "DELETE") in [row[:3] for row in rows]


def test_a_deleted_item_stays_deleted(class_urls: tuple[str, str, str]) -> None:
    _owner, instructor, station = class_urls
    with psycopg.connect(station, autocommit=True) as connection:
        profile_id, item_id = _profile_and_item(connection)
        uid = present(connection.execute("SELECT uid FROM item WHERE id = %s", (item_id,)).fetchone())[0]
    with psycopg.connect(instructor, autocommit=True) as connection:
        connection.execute("DELETE FROM item WHERE id = %s", (item_id,))
    with psycopg.connect(station, autocommit=True) as connection:
        connection.execute(ITEM, (uid, profile_id, "2025-03-03T09:01:00+00:00"))  # sent again: not taken
        assert connection.execute("SELECT count(*) FROM item WHERE uid = %s", (uid,)).fetchone() == (0,)
        assert connection.execute("SELECT count(*) FROM day_total").fetchone() == (0,)


def test_removing_a_station_locks_it_out_at_once_and_its_history_stays(class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, _station = class_urls
    st_a = _add(owner, "station", "st-a")
    with psycopg.connect(st_a, autocommit=True) as signed_in:
        profile_id, _item_id = _profile_and_item(signed_in)
        with connect(owner) as connection:
            remove_member(connection, "station", "st-a")
        with pytest.raises(psycopg.Error):  # the open session is ended (or, were it not, has no privilege left)
            signed_in.execute(ITEM, (uuid.uuid4().hex, profile_id, "2025-03-03T09:05:00+00:00"))
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(st_a).close()
    with psycopg.connect(owner) as connection:
        assert connection.execute("SELECT station, count(*) FROM item GROUP BY station").fetchall() == [("st-a", 1)]


def test_class_init_again_keeps_every_password(class_urls: tuple[str, str, str]) -> None:
    owner, instructor, station = class_urls
    st_a = _add(owner, "station", "st-a")
    with connect(owner) as connection:
        again = init_class(connection, owner)
    assert again.made == () and again.kept == 3
    for url in (instructor, station, st_a):
        with psycopg.connect(url) as connection:
            assert connection.execute("SELECT count(*) FROM item").fetchone() == (0,)


BROKEN = [  # (steps, correct, seconds, at, replay): each breaks a rule of an item
    (-1, 0, 1.0, "2025-03-03T09:01:00+00:00", None),
    (6, 7, 1.0, "2025-03-03T09:01:00+00:00", None),
    (6, 5, float("nan"), "2025-03-03T09:01:00+00:00", None),
    (6, 5, -2.0, "2025-03-03T09:01:00+00:00", None),
    (6, 5, 1.0, "yesterday", None),
    (6, 5, 1.0, "2025-13-40T09:01:00+00:00", None),
    (6, 5, 1.0, "2025-03-03T09:01:00+00:00", "=HYPERLINK(1)"),
]


@pytest.mark.parametrize("steps, correct, seconds, at, replay", BROKEN)
def test_the_server_refuses_an_item_that_breaks_the_rules(
        class_urls: tuple[str, str, str], steps: int, correct: int, seconds: float, at: str,
        replay: str | None) -> None:
    _owner, _instructor, station = class_urls
    with psycopg.connect(station, autocommit=True) as connection:
        profile_id, _item_id = _profile_and_item(connection)
        with pytest.raises(psycopg.errors.CheckViolation):
            connection.execute(
                "INSERT INTO item (uid, profile_id, at, drill, situation, mode, steps, correct, seconds, perfect, "
                "replay) VALUES (%s, %s, %s, 'blind', 'blind', 'practice', %s, %s, %s, 0, %s)",
                (uuid.uuid4().hex, profile_id, at, steps, correct, seconds, replay))
