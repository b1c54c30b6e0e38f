"""``uth-trainer odds``: the text and JSON contracts, the pay-table choice, and user files refused with one line
naming the file, the entry and the problem."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from trainer.cli import build_parser
from trainer.cli.odds import run


def odds(*argv: str) -> tuple[int, str, str]:
    args = build_parser().parse_args(["odds", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = run(args, out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_trips_json_has_the_contract_keys_and_the_uth_02_edge() -> None:
    status, out, err = odds("trips", "--paytable", "UTH-02", "--json")
    data = json.loads(out)
    assert status == 0 and err == ""
    assert f"{data['house_edge']:.6f}" == "0.019040"
    assert data["method"] == "exact" and data["paytable"] == "UTH-02"
    assert {"house_edge", "hit_frequency", "return", "method", "lines"} <= set(data)
    assert abs(sum(line["contribution"] for line in data["lines"]) - data["return"]) < 1e-9
    assert data["lines"][0]["hand"] == "royal flush"


def test_pairs_text_lists_each_line_then_the_figures() -> None:
    status, out, _ = odds("pairs", "--paytable", "6")
    assert status == 0
    assert "Pair of aces" in out and "house edge       6.7873 %" in out and "hit frequency" in out


def test_progressive_reports_the_break_even_meter() -> None:
    status, out, _ = odds("progressive", "--meter", "200000", "--json")
    data = json.loads(out)
    assert status == 0 and data["meter"] == 200000.0
    assert round(data["break_even_meter"]) == 165960
    assert data["house_edge"] < 0  # above the break-even meter the player has the edge


def test_an_unknown_built_in_table_is_one_line_naming_the_known_ones() -> None:
    status, out, err = odds("trips", "--paytable", "UTH-09")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "UTH-09" in err and "UTH-01" in err


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "room.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_user_table_file_is_used(tmp_path: Path) -> None:
    path = write(tmp_path, '[ROOM]\nkind = "trips"\nlines = [{ hand = "three of a kind", odds = "3 to 1" }]\n')
    status, out, _ = odds("trips", "--paytable-file", str(path), "--json")
    data = json.loads(out)
    assert status == 0 and data["paytable"] == "ROOM" and len(data["lines"]) == 1


@pytest.mark.parametrize("body,problem", [
    ('lines = [{ hand = "three of a kid", odds = "3 to 1" }]', "'three of a kid' is not a hand"),
    ('lines = [{ hand = "straight", odds = "-4 to 1" }]', "odds '-4 to 1'"),
    ('lines = [{ hand = "straight" }]', "needs a hand and odds"),
    ('lines = []', "has no lines"),
    ('lines = [{ hand = "ace-face", odds = "10 to 1" }]', "'ace-face' is not a hand a trips table can pay"),
])
def test_a_bad_user_table_is_refused_naming_file_entry_and_problem(tmp_path: Path, body: str, problem: str) -> None:
    path = write(tmp_path, f'[ROOM]\nkind = "trips"\n{body}\n')
    status, out, err = odds("trips", "--paytable-file", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert str(path) in err and "ROOM" in err and problem in err


def test_a_file_without_a_table_of_the_bet_says_so(tmp_path: Path) -> None:
    path = write(tmp_path, '[ROOM]\nkind = "trips"\nlines = [{ hand = "straight", odds = "4 to 1" }]\n')
    status, _, err = odds("pairs", "--paytable-file", str(path))
    assert status == 2 and "holds no pairs pay table" in err


def test_ctrl_c_is_one_line_and_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(table: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("trainer.odds.sidebets.trips_report", interrupted)
    status, out, err = odds("trips")
    assert status == 130 and out == "" and err.strip() == "uth-trainer odds: interrupted"


def test_a_negative_meter_is_refused() -> None:
    status, _, err = odds("progressive", "--meter", "-5")
    assert status == 2 and "--meter" in err


def test_game_answers_from_the_cache_and_exports_the_strategy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    from trainer.engine.paytables import load_paytables
    from trainer.odds import game

    small = game.solve_game(load_paytables().blind(), ranks=(9, 10, 11, 12))
    monkeypatch.setattr(game, "solve_game", lambda *args, **kwargs: small)
    target = tmp_path / "strategy.json"
    status, out, _ = odds("game", "--json", "--export-strategy", str(target))
    data = json.loads(out)
    assert status == 0 and data["method"] == "exact" and data["strategy"] == "optimal"
    assert data["house_edge"] == float(small.optimal.house_edge)
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert {entry["hand"] for entry in exported["preflop"]} >= {"AA", "AKs", "QJo"}

    monkeypatch.setattr(game, "solve_game", lambda *args, **kwargs: pytest.fail("not cached"))
    status, out, _ = odds("game", "--strategy", "simple")
    assert status == 0 and "simple strategy" in out



def test_a_reader_that_goes_away_ends_odds_quietly_with_141() -> None:
    import subprocess
    import sys

    # ``true`` reads nothing and is gone long before the trainer starts writing: every write meets a closed pipe
    done = subprocess.run(f"{sys.executable} -m trainer odds pairs --json | true; echo ${{PIPESTATUS[0]}}",
                          shell=True, capture_output=True, text=True, timeout=120, executable="/bin/bash")
    assert done.stdout.splitlines() == ["141"]  # 128 + SIGPIPE, as a shell reports it
    assert done.stderr == ""  # nothing said: the reader went away on purpose


@pytest.mark.parametrize(("option", "value", "bounds"), [
    ("--hands", "99999999999999999999", "1 to 100,000,000"), ("--hands", "0", "1 to 100,000,000"),
    ("--seed", "-1", "0 to 9,223,372,036,854,775,807"), ("--seed", str(2**63), "0 to 9,223,372,036,854,775,807"),
    ("--hands", "9" * 400, "1 to 100,000,000"),
])
def test_bad_beat_numbers_out_of_bounds_are_one_line_and_nothing_computed(option: str, value: str,
                                                                          bounds: str) -> None:
    status, out, err = odds("bad-beat", option, value, "--json")
    assert (status, out) == (2, "")
    assert err.startswith(f"uth-trainer odds: {option} must be {bounds}, not ") and err.count("\n") == 1
    assert len(err) < 200
