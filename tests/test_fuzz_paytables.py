"""Nothing a pay-table file holds crashes ``settle --paytables``: the cases of tests/data/fuzz_paytables.json and
hypothesis' own end in one line naming the file, the entry and the problem, exit status 2."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from trainer.cli import main
from trainer.engine.paytables import PaytableError, PaytableRegistry

ROOT = Path(__file__).resolve().parents[1]
CORPUS = json.loads((ROOT / "tests" / "data" / "fuzz_paytables.json").read_text(encoding="utf-8"))
HAND = json.dumps({"dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
                   "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5}]})
SHIPPED_TRIPS = (ROOT / "trainer" / "engine" / "data" / "trips.toml").read_text(encoding="utf-8")


def settle_with(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(HAND))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    return main(["settle", "--paytables", str(path)]), out.getvalue(), err.getvalue()


def write(tmp_path: Path, case: dict[str, Any]) -> Path:
    path = tmp_path / f"room.{case['suffix']}"
    if case["text"] is None:
        path.write_bytes(bytes.fromhex(case["hex"]))
    else:
        path.write_text(case["text"], encoding="utf-8")
    return path


@pytest.mark.parametrize("case", CORPUS["cases"], ids=[case["name"] for case in CORPUS["cases"]])
def test_a_hostile_pay_table_file_is_one_line_naming_file_entry_and_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: dict[str, Any]
) -> None:
    path = write(tmp_path, case)
    code, out, err = settle_with(path, monkeypatch)
    assert (code, out) == (2, ""), err
    assert err.startswith(f"uth-trainer settle: {path}: "), err
    assert case["said"] in err, err
    assert err.count("\n") == 1 and len(err) < 400 and "Traceback" not in err and "Decimal(" not in err


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "notepad.toml"
    entry = b'ROOM-1 = {kind = "trips", lines = [{hand = "royal flush", odds = "60 to 1"}]}'
    path.write_bytes("\ufeff".encode() + entry)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(HAND.replace("{", '{"table": {"trips_paytable": "ROOM-1"}, ', 1)))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["settle", "--paytables", str(path)]) == 0, err.getvalue()
    assert json.loads(out.getvalue())["seats"][0]["wagers"]["trips"]["net"] == -5


def test_redefining_a_shipped_table_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "blind.toml"
    path.write_text('MY-BLIND = {kind = "blind", title = "Room Blind", lines = [{hand = "royal flush", '
                    'odds = "600 to 1"}]}', encoding="utf-8")
    code, out, err = settle_with(path, monkeypatch)
    assert code == 0 and json.loads(out)
    assert err == "uth-trainer settle: note: --paytables replaces the shipped Blind with Room Blind\n"


VALUES = st.one_of(
    st.integers(), st.floats(), st.text(max_size=30), st.booleans(),
    st.sampled_from(["nan", "inf", "-inf", "1e5000", "9" * 5000, "[[[[[[", "{a = 1}", "'x'", '"5 to 1"',
                     '"1e5000 to 1"', '"100001 for 1"', '"0 to 1"', '"5%"', '"101%"', '"\\u202e"']),
)


@hypothesis_settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=len(SHIPPED_TRIPS)), value=VALUES)
def test_a_shipped_file_with_anything_spliced_in_loads_or_is_refused_in_one_line(
    tmp_path: Path, cut: int, value: Any
) -> None:
    text = SHIPPED_TRIPS[:cut] + (value if isinstance(value, str) else json.dumps(value)) + SHIPPED_TRIPS[cut:]
    path = tmp_path / "spliced.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    _loads_or_refuses(path)


@hypothesis_settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["kind", "title", "source", "house_edge", "lines", "odds", "hand", "label", "from",
                            "fee", "brackets", "limit_per_spot"]),
       value=st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
                          lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                       max_size=3),
                          max_leaves=8))
def test_any_value_for_any_key_of_a_json_file_loads_or_is_refused(tmp_path: Path, key: str, value: Any) -> None:
    entry: dict[str, Any] = {"kind": "trips", "lines": [{"hand": "royal flush", "odds": "50 to 1"}]}
    if key in ("odds", "hand", "label"):
        entry["lines"][0][key] = value
    elif key in ("from", "fee", "brackets", "limit_per_spot"):
        entry = {"brackets": [{"from": 1, "fee": 1}], "limit_per_spot": "$5"}
        if key in ("from", "fee"):
            entry["brackets"][0][key] = value
        else:
            entry[key] = value
    else:
        entry[key] = value
    path = tmp_path / "room.json"
    path.write_text(json.dumps({"X": entry}, allow_nan=True), encoding="utf-8", errors="surrogatepass")
    _loads_or_refuses(path)


def _loads_or_refuses(path: Path) -> None:
    registry = PaytableRegistry()
    try:
        registry.add_file(path)
    except PaytableError as exc:
        message = str(exc)
        assert message.startswith(f"{path}") and "\n" not in message and len(message) < 400, message
        assert message.isprintable(), message
        return
    for kind in ("blind", "trips", "bad_beat", "pairs", "progressive"):
        for table_id in registry.ids(kind):
            table = registry.get(kind, table_id)
            assert table.title.isprintable()
            for line in table.lines:
                assert line.odds.numerator.is_finite() and line.odds.denominator > 0
