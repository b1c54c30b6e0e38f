"""A class store's row that breaks the store's rules (NaN seconds, a replay that is not one; written past the
station's checks) is skipped by the instructor's readers with one line, never a KeyError."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from tests.store.conftest import hand
from trainer.cli import main
from trainer.store.classroom import ClassStore


@pytest.fixture
def class_server_rows(class_urls: tuple[str, str, str], tmp_path: Path) -> str:
    """Lu's three items on the server, one with a garbage replay and one with NaN seconds (kept before the server
    refused such rows: its check leaves the rows it found as they are); the instructor's URL."""
    owner, instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "station") as store:
        lu = store.profile_or_new("Lu")
        for seed in (21, 22, 23):
            store.record_item(lu, hand(seed=seed, correct=5))
    with psycopg.connect(owner) as connection:
        ids = [row[0] for row in connection.execute("SELECT id FROM item ORDER BY id")]
        assert len(ids) == 3
        connection.execute("ALTER TABLE item DROP CONSTRAINT IF EXISTS item_sound")
        connection.execute("UPDATE item SET replay = '{\"garbage\": 1}' WHERE id = %s", (ids[0],))
        connection.execute("UPDATE item SET seconds = 'NaN' WHERE id = %s", (ids[1],))
    return instructor


def test_the_instructors_readers_skip_server_rows_that_break_the_rules_in_one_line(
        class_server_rows: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    desk = tmp_path / "desk"
    out = tmp_path / "class.csv"
    assert main(["--data-dir", str(desk), "--store", class_server_rows, "report", "--format", "csv", "--out",
                 str(out)]) == 0  # (made on the server: its query reads the rows)
    assert "Traceback" not in capsys.readouterr().err
    for argv in (["profile", "show", "Lu"], ["report", "--format", "pdf", "--out", str(tmp_path / "class.pdf")],
                 ["report", "--profile", "Lu", "--format", "pdf", "--out", str(tmp_path / "lu.pdf")]):
        assert main(["--data-dir", str(desk), "--store", class_server_rows, *argv]) == 0
        err = capsys.readouterr().err
        assert "skipped: " in err and "break" in err and err.count("\n") == 1 and "Traceback" not in err, err
