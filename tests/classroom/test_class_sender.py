"""A station whose items are sent by a background thread (as the window's are): a save is the local write only,
the trainee's history shows an item not yet sent, and every item reaches the server once."""

from __future__ import annotations

import time
from pathlib import Path

import psycopg

from tests.store.conftest import hand
from trainer.store.classroom import ClassStore, Sender


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
