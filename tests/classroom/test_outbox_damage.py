"""A station's outbox made again by another program without its columns: set aside and started anew with one line
that says so (and how to send what it held), never an SQLite error, and the store stays usable."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import psycopg
import pytest

from trainer.bench.pg_server import free_port
from trainer.cli import main
from trainer.store import store_path

SAMPLE = Path(__file__).parents[2] / "packaging" / "samples" / "grade.json"
COLUMNS = {"class_outbox": {"seq", "uid"}, "class_outbox_other": {"seq", "kind", "key"}}


def _grade(data: Path, url: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["--data-dir", str(data), "--store", url, "grade", "--profile", "Lu", str(SAMPLE)]) == 0
    captured = capsys.readouterr()
    assert {"steps", "score"} <= set(json.loads(captured.out))
    assert "Traceback" not in captured.err and "sqlite3" not in captured.err and "column" not in captured.err
    return captured.err.splitlines()


def _damage(data: Path, table: str) -> None:
    with sqlite3.connect(store_path(data)) as connection:
        connection.execute(f"DROP TABLE {table}")
        connection.execute(f"CREATE TABLE {table} (x)")
        connection.execute(f"INSERT INTO {table} (x) VALUES ('kept')")
    connection.close()


def _columns(data: Path) -> dict[str, set[str]]:
    with sqlite3.connect(store_path(data)) as connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                                       "name LIKE 'class_outbox%'")]
        found = {table: {row[1] for row in connection.execute(f"PRAGMA table_info({table})")} for table in tables}
    connection.close()
    return found


@pytest.mark.parametrize("table", sorted(COLUMNS))
def test_a_damaged_outbox_is_set_aside_and_made_anew_with_one_line_never_an_sqlite_error(
        table: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    away = f"postgresql://station:secret@127.0.0.1:{free_port()}/classroom"
    data = tmp_path / "station"
    _grade(data, away, capsys)
    _damage(data, table)
    err = _grade(data, away, capsys)
    [told] = [line for line in err if "damaged" in line]
    assert f"({table}) was damaged" in told and "class upload" in told
    aside = re.search(r"set aside as (\S+)", told)
    assert aside is not None
    columns = _columns(data)
    assert columns[table] == COLUMNS[table] and columns[aside.group(1)] == {"x"}  # what it held is kept aside
    waiting = "1 item" if table == "class_outbox" else "2 items"  # the new hand waits in the new outbox
    assert err[-1] == f"uth-trainer: Class store: offline, {waiting} waiting"
    assert not [line for line in _grade(data, away, capsys) if "damaged" in line]  # told once


def test_a_damaged_outbox_of_attempts_and_settings_does_not_stop_the_sending(
        tmp_path: Path, class_urls: tuple[str, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    station = class_urls[2]
    data = tmp_path / "station"
    _grade(data, station, capsys)
    _damage(data, "class_outbox_other")
    err = _grade(data, station, capsys)
    assert any("(class_outbox_other) was damaged" in line for line in err)
    with psycopg.connect(station) as connection:
        assert connection.execute("SELECT count(*) FROM item").fetchone() == (2,)  # both hands reached the server
