"""The class store's ladder: the station's rungs, spelled for PostgreSQL, with the same tables and columns; a class
store of every earlier schema climbs to the latest keeping what it holds."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from trainer.store import Store, schema_version
from trainer.store.classdb import VERSION_TABLE, class_version, connect, migrate, pg_migrations
from trainer.store.db import migrations

CLASS_ONLY = {"item": {"station", "received"}}
"""The class store's own columns; its own tables are the audit and each trainee's items per station."""


def test_the_class_ladder_has_the_stations_rungs(tmp_path: Path, owner_url: str) -> None:
    assert [step.name for step in pg_migrations()] == [step.name for step in migrations()]
    with Store.open(tmp_path) as local:
        tables = [row[0] for row in local.connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall()]
        local_columns = {table: [row[1] for row in local.connection.execute(f"PRAGMA table_info({table})")]
                         for table in tables}
    with connect(owner_url) as connection:
        migrate(connection)
        rows = connection.execute("SELECT table_name, column_name FROM information_schema.columns "
                                  "WHERE table_schema = 'public' ORDER BY table_name, ordinal_position").fetchall()
    class_columns: dict[str, list[str]] = {}
    for table, column in rows:
        class_columns.setdefault(table, []).append(column)
    assert set(class_columns) == set(local_columns) | {"audit", "station_total", VERSION_TABLE}
    for table, columns in local_columns.items():
        assert [name for name in class_columns[table] if name not in CLASS_ONLY.get(table, set())] == columns, table


@pytest.mark.parametrize("start", range(1, schema_version()))
def test_a_class_store_of_an_earlier_schema_climbs_keeping_its_items(owner_url: str, start: int) -> None:
    with connect(owner_url) as connection:
        assert migrate(connection, upgrade_to=start) == (0, start)
        connection.execute("INSERT INTO profile (uid, name, created) VALUES ('u1', 'Ana', '2025-01-01')")
        connection.execute(
            "INSERT INTO item (id, uid, profile_id, at, drill, situation, mode, steps, correct, seconds) "
            "VALUES (1, 'i1', 1, '2025-01-02T10:00:00+00:00', 'blind', 'blind', 'practice', 5, 5, 10.0), "
            "       (2, 'i2', 1, '2025-01-02T10:01:00+00:00', 'blind', 'blind', 'practice', 5, 4, 10.5)")
        connection.execute("INSERT INTO mistake (item_id, position, kind, expected, given) "
                           "VALUES (2, 0, 'wrong amount', '$15', '$10')")
        if start >= 2:
            connection.execute("UPDATE item SET perfect = CASE WHEN uid = 'i1' THEN 1 ELSE 0 END")
        assert migrate(connection) == (start, schema_version())
        assert class_version(connection) == schema_version()
        assert connection.execute("SELECT uid, perfect, seconds FROM item ORDER BY uid").fetchall() == [
            ("i1", 1, 10.0), ("i2", 0, 10.5)]
        if start < 4:  # the totals were made from the items by rung 4
            assert connection.execute("SELECT day, items, steps, correct, seconds FROM day_total").fetchall() == [
                ("2025-01-02", 2, 10, 9, 20.5)]
            assert connection.execute("SELECT kind, count FROM mistake_total").fetchall() == [("wrong amount", 1)]


def test_a_name_is_one_trainee_whatever_its_case(owner_url: str) -> None:
    with connect(owner_url) as connection:
        migrate(connection)
        connection.execute("INSERT INTO profile (uid, name, created) VALUES ('u1', 'Ana', 'now')")
        with pytest.raises(psycopg.errors.UniqueViolation):
            connection.execute("INSERT INTO profile (uid, name, created) VALUES ('u2', 'ANA', 'now')")
