"""Nothing given to ``odds`` crashes it or comes back absurd: the cases of tests/data/fuzz_odds.json.

Amounts are the amounts ``settle`` takes (0 to 1,000,000,000 in cents, refused in one line naming the option);
names are quoted with anything hidden escaped; a path naming a device, a folder or a file past 1,000,000 bytes is
refused in one line by ``settle --paytables`` and ``odds --paytable-file`` alike, never read whole; a kept result
that is damaged, or edited even with its hash made to match, is computed again.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_fuzz_settle import assert_one_clean_line
from trainer.bench.fuzz import BAD_BEAT_COUNTS
from trainer.cli import build_parser, main
from trainer.cli.odds import counts_from_cache, run
from trainer.engine.paytables import MAX_PAYTABLE_FILE_BYTES, load_paytables
from trainer.odds import cache as odds_cache
from trainer.odds.game import GameSolution, solution_cache_key, solution_from_cache, solution_to_cache, solve_game

ROOT = Path(__file__).resolve().parents[1]
CORPUS = json.loads((ROOT / "tests" / "data" / "fuzz_odds.json").read_text(encoding="utf-8"))
HAND = json.dumps({"dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
                   "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5}]})


def odds(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(build_parser().parse_args(["odds", *argv]), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "uth-dealer-trainer" / "odds"


@pytest.mark.parametrize("case", CORPUS["amounts"], ids=[case["name"] for case in CORPUS["amounts"]])
def test_an_amount_settle_refuses_is_refused_by_odds_in_one_line(case: dict[str, str]) -> None:
    status, out, err = odds("progressive", f"{case['option']}={case['value']}")
    assert (status, out) == (2, "")
    assert err.startswith(f"uth-trainer odds: {case['option']}: ") and case["said"] in err, err
    assert_one_clean_line(err)


def test_the_largest_meter_a_table_holds_is_computed() -> None:
    status, out, err = odds("progressive", "--meter=1000000000", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out)["meter"] == 1e9


@pytest.mark.parametrize("case", CORPUS["names"], ids=[case["name"] for case in CORPUS["names"]])
def test_a_table_name_is_quoted_with_anything_hidden_escaped(case: dict[str, str]) -> None:
    status, out, err = odds("trips", f"--paytable={case['value']}")
    assert (status, out) == (2, "")
    assert case["escaped"] in err and "\x1b" not in err and "\u202e" not in err, err
    assert_one_clean_line(err)


def _path(case: dict[str, str], tmp_path: Path) -> str:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_PAYTABLE_FILE_BYTES + 1))
    return case["path"].replace("{folder}", str(tmp_path)).replace("{big}", str(big))


@pytest.mark.parametrize("case", CORPUS["paths"], ids=[case["name"] for case in CORPUS["paths"]])
def test_a_paytable_path_that_is_no_file_or_too_long_is_one_line_for_odds(tmp_path: Path,
                                                                          case: dict[str, str]) -> None:
    path = _path(case, tmp_path)
    status, out, err = odds("trips", f"--paytable-file={path}")
    assert (status, out) == (2, "")
    assert err == f"uth-trainer odds: {path}: {case['said']}\n"


@pytest.mark.parametrize("case", CORPUS["paths"], ids=[case["name"] for case in CORPUS["paths"]])
def test_a_paytable_path_that_is_no_file_or_too_long_is_one_line_for_settle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: dict[str, str]
) -> None:
    path = _path(case, tmp_path)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(HAND))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["settle", "--paytables", path]) == 2
    assert out.getvalue() == "" and err.getvalue() == f"uth-trainer settle: {path}: {case['said']}\n"


# --- kept results ---------------------------------------------------------------------------------------------

_SMALL: list[GameSolution] = []


def small_solution() -> GameSolution:
    """The game on the top four ranks (a second to solve): its figures differ from the full game's."""
    if not _SMALL:
        _SMALL.append(solve_game(load_paytables().blind(), ranks=(9, 10, 11, 12)))
    return _SMALL[0]


def _entry(case: dict[str, Any]) -> tuple[str, bytes]:
    key = solution_cache_key(load_paytables().blind()) if case["key"] == "game" else case["key"]
    if "hex" in case:
        return key, bytes.fromhex(case["hex"])
    if "text" in case or "parts" in case:
        text = case.get("text") or "".join(part * times for part, times in case["parts"])
        return key, text.encode("utf-8")
    result = json.loads(json.dumps(solution_to_cache(small_solution()) if case["key"] == "game"
                                   else BAD_BEAT_COUNTS))
    fresh_hash = odds_cache.result_hash(result)
    where, value = case["edit"]
    target = result
    for step in where[:-1]:
        target = target[step]
    target[where[-1]] = value
    entry = {"format": odds_cache.FORMAT, "key": key, "inputs": odds_cache.inputs_hash(key, ""),
             "check": odds_cache.result_hash(result) if case["hash"] == "matching" else fresh_hash,
             "result": result}
    return key, json.dumps(entry).encode("utf-8")


def _read_back(case: dict[str, Any], folder: Path) -> object:
    key, data = _entry(case)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{key}.json").write_bytes(data)
    stored = odds_cache.ResultCache(folder).load(key)
    if case["key"] == "game":
        return solution_from_cache(stored, load_paytables().blind())
    return counts_from_cache(stored)


@pytest.mark.parametrize("case", CORPUS["cache_entries"], ids=[case["name"] for case in CORPUS["cache_entries"]])
def test_a_damaged_or_edited_kept_result_is_not_used(tmp_path: Path, case: dict[str, Any]) -> None:
    assert _read_back(case, tmp_path) is None


@pytest.mark.parametrize("key", ["game", "bad-beat-counts"])
def test_a_kept_result_as_written_is_used(tmp_path: Path, key: str) -> None:
    folder = tmp_path / "odds"
    cache = odds_cache.ResultCache(folder)
    if key == "game":
        cache.store(solution_cache_key(load_paytables().blind()), solution_to_cache(small_solution()))
    else:
        cache.store(key, BAD_BEAT_COUNTS)
    stored = cache.load(solution_cache_key(load_paytables().blind()) if key == "game" else key)
    read = solution_from_cache(stored, load_paytables().blind()) if key == "game" else counts_from_cache(stored)
    assert read is not None


def test_odds_bad_beat_computes_a_damaged_entry_again(private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.engine.bad_beat_odds import BadBeatCounts
    from trainer.engine.evaluator import Category

    case = next(case for case in CORPUS["cache_entries"] if case["name"].startswith("bad beat: no deals"))
    key, data = _entry(case)
    private_cache.mkdir(parents=True)
    (private_cache / f"{key}.json").write_bytes(data)
    computed = []
    real = BadBeatCounts(BAD_BEAT_COUNTS["deals"],  # type: ignore[arg-type]
                         {Category[name]: count for name, count in BAD_BEAT_COUNTS["beaten"].items()})  # type: ignore[attr-defined]

    def count(**_kwargs: object) -> BadBeatCounts:
        computed.append(1)
        return real

    monkeypatch.setattr("trainer.engine.bad_beat_odds.bad_beat_counts", count)
    status, out, err = odds("bad-beat", "--hands=100", "--workers=1", "--json")
    assert status == 0 and computed == [1], err
    assert 0 < json.loads(out)["house_edge"] < 1
    assert counts_from_cache(odds_cache.ResultCache(private_cache).load(key)) == real  # kept again, sound


def test_two_writers_of_one_key_never_share_a_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    import os

    names: list[str] = []
    replace = os.replace

    def record(source: str, target: str) -> None:
        names.append(str(source))
        replace(source, target)

    monkeypatch.setattr(os, "replace", record)
    for writer in range(2):
        odds_cache.ResultCache(tmp_path).store("bad-beat-counts", {"writer": writer})
    assert len(set(names)) == 2 and not any(path.suffix == ".partial" for path in tmp_path.iterdir())
    assert odds_cache.ResultCache(tmp_path).load("bad-beat-counts") == {"writer": 1}


def test_workers_are_bounded_by_the_cores() -> None:
    from trainer.engine.processes import most_workers

    status, out, err = odds("trips", f"--workers={most_workers() + 1}")
    assert (status, out) == (2, "")
    assert err == f"uth-trainer odds: --workers must be 1 to {most_workers()} (the cores here), " \
                  f"not {most_workers() + 1}\n"
