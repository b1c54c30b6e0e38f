"""A stored item that breaks the store's rules (another program wrote it: a replay that is not one, negative steps,
more steps right than steps, a time that is not one, seconds that are not a number of seconds) is skipped by every
reader with one line saying so, never a KeyError or another traceback; the other items are read as before."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from tests.store.conftest import hand
from trainer.cli import main
from trainer.store import Store, store_path
from trainer.store.learning import my_mistakes
from trainer.store.mastery import mastery
from trainer.store.records import Replay

BROKEN = {
    "a replay that is an object": "replay = '{\"garbage\": 1}'",
    "a replay too short": "replay = '[\"hand\"]'",
    "a replay of a round that is a number": "replay = '[\"round\", 5]'",
    "a replay with an endless seed": "replay = '[\"set\", \"payouts-1\", 1e400, 0, 1]'",
    "a replay that is not JSON": "replay = 'nope'",
    "negative steps": "steps = -3",
    "more steps right than steps": "correct = steps + 5",
    "a time that is not one": "at = 'not a date'",
    "negative seconds": "seconds = -1",
    "endless seconds": "seconds = 1e999",
}


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """Ana's store: two wrong hands (My mistakes reads both) and a right one."""
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        ana = store.add_profile("Ana")
        for seed, correct in ((11, 4), (12, 5), (13, 6)):
            store.record_item(ana, hand(seed=seed, correct=correct))
    return folder


def _break(data: Path, change: str) -> None:
    with sqlite3.connect(store_path(data)) as connection:
        connection.execute(f"UPDATE item SET {change} WHERE id = (SELECT min(id) FROM item)")
    connection.close()


@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_readers_skip_an_item_that_breaks_the_rules_and_say_so_once(
        broken: str, data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _break(data, BROKEN[broken])
    with Store.open(data) as store:
        ana = store.profile("Ana")
        assert [item.seed for item in store.items(ana)] == [12, 13]
        assert [open_one.replay.seed for open_one in my_mistakes(store, ana)] == [12]
        mastery(store, ana)
        assert store.skipped_line() is not None
    runs = {
        "profile show": ["profile", "show", "Ana"],
        "report --profile": ["report", "--profile", "Ana", "--format", "csv", "--out", str(tmp_path / "r.csv")],
        "report": ["report", "--format", "csv", "--out", str(tmp_path / "class.csv")],
    }
    for name, argv in runs.items():
        assert main(["--data-dir", str(data), *argv]) == 0, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err and "Error" not in err, (name, err)
        assert "1 stored item was skipped: it breaks the store's rules (item " in err, (name, err)
    rows = (tmp_path / "r.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 3  # the header and the two sound items
    monkeypatch.setattr("sys.stdin", io.StringIO("15\n"))
    assert main(["--data-dir", str(data), "quiz", "--topic", "payouts-1", "--count", "1", "--seed", "8",
                 "--profile", "Ana"]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("key", ['{"garbage": 1}', '["hand"]', '["round", 5]', '["set", "x", 1e400, 0, 1]',
                                 '["set", "x", 1, 5, 2]', "nope", "[[[[", '["hand", 1, 2, 3, "4"]'])
def test_a_replay_key_that_is_not_one_is_a_value_error_naming_it(key: str) -> None:
    with pytest.raises(ValueError, match="not a replay"):
        Replay.from_key(key)
