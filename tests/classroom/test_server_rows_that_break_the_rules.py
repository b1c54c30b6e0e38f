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
    """Lu's three items on the server, one with a garbage replay and one with NaN seconds; the instructor's URL."""
    owner, instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "station") as store:
        lu = store.profile_or_new("Lu")
        for seed in (21, 22, 23):
            store.record_item(lu, hand(seed=seed, correct=5))
    with psycopg.connect(owner) as connection:
        ids = [row[0] for row in connection.execute("SELECT id FROM item ORDER BY id")]
        assert len(ids) == 3
        connection.execute("UPDATE item SET replay = '{\"garbage\": 1}' WHERE id = %s", (ids[0],))
        connection.execute("UPDATE item SET seconds = 'NaN' WHERE id = %s", (ids[1],))
    return instructor


def test_the_class_report_and_profile_show_skip_server_rows_that_break_the_rules_in_one_line(
        class_server_rows: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    desk = tmp_path / "desk"
    out = tmp_path / "class.csv"
    assert main(["--data-dir", str(desk), "--store", class_server_rows, "report", "--format", "csv", "--out",
                 str(out)]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "2 stored items were skipped: they break the store's rules" in err
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2  # the header and the one sound item
    for argv in (["profile", "show", "Lu"], ["report", "--format", "pdf", "--out", str(tmp_path / "class.pdf")]):
        assert main(["--data-dir", str(desk), "--store", class_server_rows, *argv]) == 0
        err = capsys.readouterr().err
        assert "skipped: " in err and "break" in err and err.count("\n") == 1 and "Traceback" not in err, err
