"""A station whose items are sent by a background thread (as the window's are): a save is the local write only,
the trainee's history shows an item not yet sent, and every item reaches the server once."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import psycopg

from tests.store.conftest import hand
from trainer.bench.pg_server import LocalServer
from trainer.scoring import Mode, SetResult
from trainer.store.classroom import ClassStore, Sender
from trainer.store.db import StoreError
from trainer.store.instructor import own_exam, record_attempt
from trainer.store.path import mark_step


def _on_server(owner: str) -> list[str]:
    with psycopg.connect(owner) as connection:
        return [row[0] for row in connection.execute("SELECT uid FROM item ORDER BY at").fetchall()]


def test_an_item_not_yet_sent_is_in_the_trainees_history_and_on_the_server_once_after(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, station = class_urls
    store = ClassStore.open_class(station, tmp_path / "a")
    try:
        ana = store.profile_or_new("Ana")
        store.record_item(ana, hand(seed=1))  # sent within the save (no sender yet)
        sender = store.sender = Sender(store.url, store.local.path)  # not started: nothing is sent
        store.record_item(ana, hand(seed=2))
        assert store.waiting() == 1 and len(_on_server(owner)) == 1
        history = store.items(ana)
        assert [item.seed for item in history] == [1, 2] and {item.profile for item in history} == {"Ana"}
        assert [item.seed for item in store.items(ana, limit=1)] == [2]
        sender.start()
        deadline = time.monotonic() + 10
        while store.waiting() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert store.waiting() == 0
        assert sorted(item.uid for item in store.items(ana)) == sorted(_on_server(owner))
        assert len(store.items(ana)) == 2
        assert store.status_line() == "Class store: sent"
    finally:
        store.close()


def _until(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.05)
    return check()


def test_exam_attempts_and_path_marks_are_kept_on_the_station_and_sent_by_the_sender_even_with_the_server_away(
        tmp_path: Path, class_urls: tuple[str, str, str], pg_server: LocalServer) -> None:
    owner, _instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "other") as other:  # another station marked a step already
        mark_step(other, other.profile_or_new("Ana"), "watch")
    store = ClassStore.open_class(station, tmp_path / "a")
    try:
        ana = store.profile_or_new("Ana")
        store.sender = Sender(store.url, store.local.path)  # not started: what is kept waits on the station
        record_attempt(store, ana, own_exam(SetResult("blind", Mode.EXAM, [hand(seed=3)] * 2), 2),
                       SetResult("blind", Mode.EXAM, [hand(seed=3)] * 2), seconds=60.0, instructor=False)
        mark_step(store, ana, "lesson")
        waiting = store.local.connection.execute("SELECT kind FROM class_outbox_other ORDER BY seq").fetchall()
        assert [row[0] for row in waiting] == ["attempt", "setting"]
        with psycopg.connect(owner) as connection:
            assert connection.execute("SELECT count(*) FROM attempt").fetchone() == (0,)
        pg_server.stop()
        try:
            started = time.monotonic()
            mark_step(store, ana, "lesson")  # read from the server gone: said as a store error, never a hang
        except StoreError:
            pass
        finally:
            assert time.monotonic() - started < 15
            pg_server.start()
        store.sender.start()
        assert _until(lambda: not store.local.connection.execute(
            "SELECT count(*) FROM class_outbox_other").fetchone()[0], 30)
        with psycopg.connect(owner) as connection:
            assert connection.execute("SELECT exam_name, instructor, score FROM attempt").fetchall() == [
                ("Own exam: blind", 0, 100.0)]
            marks = connection.execute("SELECT value FROM setting WHERE key LIKE 'path/%%'").fetchall()
        assert marks == [('["lesson", "watch"]',)]  # both stations' marks
    finally:
        store.close()


def test_every_connection_to_the_class_store_times_out_and_keeps_alive(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    with ClassStore.open_class(class_urls[2], tmp_path / "a") as store:
        assert store.server is not None
        found = store.server.raw.info.get_parameters()
    assert found["connect_timeout"] == "5" and found["tcp_user_timeout"] == "10000"
    assert (found["keepalives"], found["keepalives_idle"], found["keepalives_count"]) == ("1", "10", "3")
