"""The store's file: the migration ladder, WAL, the integrity check, newer schemas refused, the online backup."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.store.conftest import Clock, hand
from trainer.store import Store, StoreError, schema_version, store_path
from trainer.store.db import migrations


def test_migrations_are_numbered_without_a_gap_and_shipped_in_the_package() -> None:
    ladder = migrations()
    assert [step.version for step in ladder] == list(range(1, len(ladder) + 1))
    assert len(ladder) >= 3
    assert all(step.sql.strip() for step in ladder)


def test_a_store_of_the_first_schema_is_migrated_keeping_its_items(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "progress.sqlite3"
    with Store.open(path=path, clock=clock, upgrade_to=1) as first:
        assert first.connection.execute("PRAGMA user_version").fetchone()[0] == 1
        first.connection.execute("INSERT INTO profile (uid, name, created) VALUES ('u1', 'Ana', '2025-01-01')")
        first.connection.execute(
            "INSERT INTO item (uid, profile_id, at, drill, situation, mode, steps, correct, seconds) "
            "VALUES ('i1', 1, '2025-01-02T10:00:00+00:00', 'blind', 'blind', 'practice', 5, 5, 10.0), "
            "       ('i2', 1, '2025-01-02T10:01:00+00:00', 'blind', 'blind', 'practice', 5, 4, 10.0)")
        first.connection.execute("INSERT INTO mistake (item_id, position, kind, expected, given) "
                                 "VALUES (2, 0, 'wrong amount', '$15', '$10')")
    with Store.open(path=path, clock=clock) as latest:
        assert latest.connection.execute("PRAGMA user_version").fetchone()[0] == schema_version()
        items = latest.items(latest.profile("Ana"))
        assert [(item.uid, item.correct) for item in items] == [("i1", 5), ("i2", 4)]
        perfect = latest.connection.execute("SELECT uid, perfect FROM item ORDER BY uid").fetchall()
        assert [tuple(row) for row in perfect] == [("i1", 1), ("i2", 0)]
        assert items[1].mistakes[0].given == "$10"
        from trainer.store.progress import frequent_mistakes, totals

        summary = totals(latest, latest.profile("Ana"))
        assert (summary.items, summary.steps, summary.correct, summary.days) == (2, 10, 9, 1)
        assert [(entry.kind, entry.count) for entry in frequent_mistakes(latest, latest.profile("Ana"))] == [
            ("wrong amount", 1)]


def test_the_journal_is_write_ahead(store: Store) -> None:
    assert store.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_data_folder_is_made_when_missing(tmp_path: Path) -> None:
    with Store.open(tmp_path / "a" / "b") as opened:
        assert opened.path == store_path(tmp_path / "a" / "b")
        assert opened.path.exists()
        assert opened.notices == ()


def test_a_damaged_file_is_moved_aside_with_a_timestamp_and_a_fresh_store_started(tmp_path: Path,
                                                                                   clock: Clock) -> None:
    path = store_path(tmp_path)
    path.write_bytes(b"this is not a database, it is a shopping list" * 100)
    with Store.open(tmp_path, clock=clock) as opened:
        assert len(opened.notices) == 1
        assert "moved to progress.sqlite3.corrupt-20250303-090000" in opened.notices[0]
        assert opened.profiles() == []
        opened.add_profile("Ana")
    aside = tmp_path / "progress.sqlite3.corrupt-20250303-090000"
    assert aside.read_bytes().startswith(b"this is not a database")
    with Store.open(tmp_path, clock=clock) as again:
        assert again.notices == ()
        assert [profile.name for profile in again.profiles()] == ["Ana"]


def test_a_store_with_a_damaged_page_is_moved_aside(tmp_path: Path, clock: Clock) -> None:
    with Store.open(tmp_path, clock=clock) as opened:
        ana = opened.add_profile("Ana")
        for number in range(300):
            opened.record_item(ana, hand(seed=number))
        opened.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    path = store_path(tmp_path)
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(page * 3, min(len(data), page * 8)):
        data[offset] = 0x5A
    path.write_bytes(bytes(data))
    with Store.open(tmp_path, clock=clock) as reopened:
        assert len(reopened.notices) == 1
        assert "damaged" in reopened.notices[0]
        assert reopened.profiles() == []
    assert list(tmp_path.glob("progress.sqlite3.corrupt-*"))


def test_a_store_from_a_newer_version_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = store_path(tmp_path)
    with Store.open(tmp_path) as opened:
        opened.add_profile("Ana")
        opened.connection.execute(f"PRAGMA user_version = {schema_version() + 1}")
        opened.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer version of the trainer") as raised:
        Store.open(tmp_path)
    assert "\n" not in str(raised.value)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_a_write_that_fails_leaves_nothing_behind(store: Store) -> None:
    ana = store.add_profile("Ana")
    with pytest.raises(sqlite3.IntegrityError), store.transact() as connection:
        connection.execute("INSERT INTO profile (uid, name, created) VALUES ('x', 'Bea', 'now')")
        connection.execute("INSERT INTO profile (uid, name, created) VALUES ('x', 'Cy', 'now')")
    assert [profile.name for profile in store.profiles()] == [ana.name]


def test_the_backup_is_a_readable_copy_taken_while_the_store_is_open(store: Store, tmp_path: Path) -> None:
    ana = store.add_profile("Ana")
    for number in range(20):
        store.record_item(ana, hand(seed=number))
    target = store.backup(tmp_path / "backups" / "copy.sqlite3")
    store.record_item(ana, hand(seed=99))
    with Store.open(path=target) as copy:
        assert copy.item_count(copy.profile("Ana")) == 20
    assert not list((tmp_path / "backups").glob("*.partial"))


def test_the_backup_cannot_overwrite_the_store(store: Store) -> None:
    with pytest.raises(StoreError, match="cannot overwrite"):
        store.backup(store.path)
