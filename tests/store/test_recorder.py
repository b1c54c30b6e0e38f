"""The store's item queue, without Qt: a busy store keeps items in order and asks to be tried again; any other
failure is told once and the items after it are still written."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from trainer.scoring import ItemResult, Mode
from trainer.store import Store
from trainer.store.recorder import ItemQueue, busy_timeout


def item(title: str) -> ItemResult:
    return ItemResult("trips", title, 3, 3, (), 9.0, Mode.PRACTICE)


def test_a_busy_store_keeps_items_in_order_and_asks_for_a_retry_until_they_are_written(tmp_path: Path) -> None:
    retries: list[bool] = []
    told: list[str] = []
    with Store.open(tmp_path / "data") as store:
        profile = store.add_profile("Ana")
        queue = ItemQueue(store, told.append, retries.append, wait_ms=1)
        other = sqlite3.connect(store.path, isolation_level=None)  # another program holds the write lock
        try:
            other.execute("BEGIN IMMEDIATE")
            queue.record(profile, item("hand 1"))
            queue.record(profile, item("hand 2"))
            assert queue.waiting == 2 and retries == [True], "kept, and a retry asked for once"
            other.execute("COMMIT")
        finally:
            other.close()
        queue.flush()
        assert queue.waiting == 0 and retries[-1] is False, "written, and the retries stop"
        assert [stored.title for stored in store.items(profile)] == ["hand 1", "hand 2"]  # in the order scored
        assert told == [], "a busy store is no failure to tell"


def test_a_failed_write_is_told_once_and_the_queue_goes_on(tmp_path: Path) -> None:
    told: list[str] = []
    with Store.open(tmp_path / "data") as store:
        profile = store.add_profile("Ana")
        before = busy_timeout(store)
        queue = ItemQueue(store, told.append, lambda retrying: None)
        store.connection.execute("CREATE TRIGGER refuse BEFORE INSERT ON item BEGIN SELECT RAISE(ABORT, 'no'); END")
        queue.record(profile, item("hand 1"))
        queue.record(profile, item("hand 2"))
        assert queue.waiting == 0 and len(told) == 1 and "no" in told[0]
        assert busy_timeout(store) == before, "the store waits as long as before"
