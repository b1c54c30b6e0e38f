"""``uth-trainer settle``: the JSON contract, --text, --jsonl, and one-line errors with exit status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from trainer.cli import main

EXAMPLE: dict[str, Any] = {
    "table": {"banking": "house", "trips_paytable": "UTH-01", "bad_beat_paytable": "BBB-02",
              "pairs_paytable": 1, "progressive_paytable": "01", "progressive_meter": 25000,
              "progressive_seed": 10000, "player_dealer_seat": 3, "player_dealer_bank": 500,
              "collection_schedule": "uth-1", "bad_beat_on_fold": "action", "progressive_on_fold": "action"},
    "dealer": ["Kh", "7d"],
    "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40,
               "trips": 5, "bad_beat": 5, "pairs": 0, "progressive": 0}],
}


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    assert monkeypatch is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_the_issue_example_settles_to_the_contract_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["settle"], json.dumps(EXAMPLE), monkeypatch)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert set(result) == {"dealer", "seats", "procedure", "player_dealer", "collection_fee", "game"}
    assert result["dealer"] == {"hand": "high card", "cards": ["Kh", "Jh", "Ts", "9d", "7d"], "qualifies": False}
    seat = result["seats"][0]
    assert set(seat) == {"seat", "hand", "cards", "result", "wagers", "net"}
    assert seat["wagers"]["ante"] == {"outcome": "push", "net": 0}
    assert seat["wagers"]["play"] == {"outcome": "win", "net": 40}
    assert "pairs" not in seat["wagers"]
    assert seat["net"] == sum(w["net"] for w in seat["wagers"].values())
    assert result["procedure"][0] == {"seat": 1, "wager": "ante", "action": "push", "amount": 10, "phase": "refund"}
    assert result["player_dealer"] is None and result["collection_fee"] is None


def test_golden_vectors_settle_as_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = json.loads((Path(__file__).parent / "data" / "settle_cases.json").read_text(encoding="utf-8"))
    for case in cases:
        code, out, _ = run(["settle"], json.dumps(case["input"]), monkeypatch)
        assert code == 0, case["name"]
        assert json.loads(out) == case["output"], case["name"]


def test_amounts_are_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = {"dealer": ["Kd", "Kc"], "board": ["9h", "Th", "2h", "5c", "6s"],
            "seats": [{"seat": 2, "hole": ["Ah", "4h"], "ante": 5, "blind": 5, "play": 5}]}
    _, out, _ = run(["settle"], json.dumps(hand), monkeypatch)
    assert '"net": 7.5' in out
    assert json.loads(out)["seats"][0]["wagers"]["blind"]["net"] == 7.5


def test_player_dealer_output_has_the_bank_result_and_the_fee(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = {"table": {"banking": "player-dealer", "player_dealer_seat": 3, "player_dealer_bank": 500,
                      "collection_schedule": "bb-1"},
            "dealer": ["Ac", "As"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
            "seats": [{"seat": 4, "hole": ["Kh", "4d"], "ante": 25, "blind": 25, "play": 100}]}
    _, out, _ = run(["settle"], json.dumps(hand), monkeypatch)
    result = json.loads(out)
    assert result["player_dealer"] == {"seat": 3, "net": 150}
    assert result["collection_fee"] == 4


def test_text_prints_a_readable_table(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["settle", "--text"], json.dumps(EXAMPLE), monkeypatch)
    assert code == 0
    assert "does not qualify" in out
    assert "Ante refund pass" in out
    assert "Seat 1: pay the Play $40" in out


def test_a_file_argument_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    code, out, _ = run(["settle", str(path)], "", monkeypatch)
    assert code == 0 and json.loads(out)["seats"][0]["result"] == "win"


def test_jsonl_settles_each_line_and_reports_bad_lines_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [json.dumps(EXAMPLE), "{not json", json.dumps({**EXAMPLE, "dealer": ["Kh"]}), json.dumps(EXAMPLE)]
    code, out, err = run(["settle", "--jsonl"], "\n".join(lines) + "\n", monkeypatch)
    assert (code, err) == (0, "")
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == 4
    assert "dealer" in results[0] and "dealer" in results[3]
    assert results[1]["error"].startswith("input: is not valid JSON")
    assert results[2] == {"error": "dealer: expected 2 cards, got 1"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"extra": 1}, "extra: unknown key"),
        ({"table": {"colour": "green"}}, "table.colour: unknown key"),
        ({"dealer": ["Kh", "Kh"]}, "dealer: duplicate card Kh"),
        ({"board": ["2c", "9d", "Ts", "Jh"]}, "board: expected 5 cards, got 4"),
        ({"dealer": ["Zz", "7d"]}, 'dealer[0]: "Zz" is not a card'),
        ({"seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 5}]}, "seats[0].blind: the Blind (5)"),
        ({"seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 25}]},
         "seats[0].play: 25 is not 0, 1x, 2x, 3x or 4x the Ante (10)"),
        ({"seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "bad_beat": 5}]},
         "seats[0].bad_beat: a Bad Beat wager needs an Ante, a Blind and a Trips wager"),
        ({"table": {"trips_paytable": "UTH-09"}}, "table.trips_paytable: unknown trips pay table 'UTH-09'"),
        ({"seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": -10, "blind": -10}]}, "seats[0].ante: -10 is negative"),
        ({"seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": "ten", "blind": 10}]},
         'seats[0].ante: "ten" is not a number'),
        ({"table": {"banking": "player-dealer", "player_dealer_seat": 3}},
         "table.player_dealer_bank: is required on a player-dealer table"),
        ({"seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "progressive": 1}],
          "table": {}}, "table.progressive_meter: is required when a Progressive wager is placed"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_exit_status_2(
    monkeypatch: pytest.MonkeyPatch, change: dict[str, Any], message: str
) -> None:
    code, out, err = run(["settle"], json.dumps({**EXAMPLE, **change}), monkeypatch)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"uth-trainer settle: {message}")


def test_malformed_json_names_the_position(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["settle"], '{"dealer": ["Kh",, ]}', monkeypatch)
    assert (code, out) == (2, "")
    assert "is not valid JSON" in err and "line 1 column" in err


def test_a_missing_file_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    code, _, err = run(["settle", str(tmp_path / "none.json")], "", monkeypatch)
    assert code == 2 and "cannot read" in err and err.count("\n") == 1


def test_settle_in_a_real_process_never_prints_a_traceback() -> None:
    done = subprocess.run([sys.executable, "-m", "trainer", "settle"], input="[1, 2", capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr and done.stderr.startswith("uth-trainer settle: input: ")


def test_version_and_help() -> None:
    done = subprocess.run([sys.executable, "-m", "trainer", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("uth-trainer ")
    helped = subprocess.run([sys.executable, "-m", "trainer", "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "settle" in helped.stdout and "quiz" in helped.stdout


# --- --jsonl streams, --workers, and the --text sheet --------------------------------------------------------


def _settle_process(*args: str) -> subprocess.Popen[bytes]:
    env = {**__import__("os").environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.Popen([sys.executable, "-m", "trainer", "settle", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def test_jsonl_writes_each_result_before_reading_the_next_line() -> None:
    child = _settle_process("--jsonl")
    assert child.stdin is not None and child.stdout is not None
    try:
        for bad in ("", "[1e5000]", json.dumps(EXAMPLE)):
            child.stdin.write(bad.encode() + b"\n")
            child.stdin.flush()
            answer = json.loads(child.stdout.readline())  # would wait forever if the result were held back
            assert ("error" in answer) == (bad != json.dumps(EXAMPLE))
        child.stdin.close()
        assert child.wait(timeout=30) == 0 and child.stdout.read() == b""
    finally:
        if child.poll() is None:
            child.kill()


def test_workers_give_the_same_lines_in_the_same_order() -> None:
    lines = []
    for index in range(450):
        hand = json.loads(json.dumps(EXAMPLE))
        hand["seats"][0]["ante"] = hand["seats"][0]["blind"] = 5 + index % 7
        hand["seats"][0]["play"] = 0 if index % 3 else hand["seats"][0]["ante"] * 4
        lines.append(json.dumps(hand) if index % 50 else "{bad")
    data = ("\n".join(lines) + "\n").encode()
    one = subprocess.run([sys.executable, "-m", "trainer", "settle", "--jsonl"], input=data, capture_output=True,
                         timeout=120)
    two = subprocess.run([sys.executable, "-m", "trainer", "settle", "--jsonl", "--workers", "2"], input=data,
                         capture_output=True, timeout=120)
    assert one.returncode == two.returncode == 0, two.stderr
    assert one.stdout.count(b"\n") == 450 and one.stdout == two.stdout


def test_a_line_past_the_limit_gets_an_error_and_the_run_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.cli import settle_stream

    monkeypatch.setattr(settle_stream, "MAX_LINE_BYTES", 1000)
    text = json.dumps(EXAMPLE) + "\n" + "[" + "1, " * 2000 + "1]\n" + json.dumps(EXAMPLE) + "\n"
    code, out, err = run(["settle", "--jsonl"], text, monkeypatch)
    results = [json.loads(line) for line in out.splitlines()]
    assert (code, err, len(results)) == (0, "", 3)
    assert results[1] == {"error": "input: the line is longer than 1,000 bytes"}
    assert results[0] == results[2] and "dealer" in results[2]


def test_workers_out_of_range_or_without_jsonl_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["settle", "--jsonl", "--workers", "0"], "", monkeypatch)
    assert (code, out) == (2, "") and err == "uth-trainer settle: --workers must be 1 to 64, not 0\n"
    code, out, err = run(["settle", "--workers", "2"], json.dumps(EXAMPLE), monkeypatch)
    assert (code, out) == (2, "") and "(add --jsonl)" in err


def test_text_is_a_floor_supervisors_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = {"table": {"round_payouts_to": 1, "trips_paytable": "UTH-02"},
            "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
            "seats": [{"seat": 2, "hole": ["Qd", "8c"], "ante": 5, "blind": 5, "play": 0},   # folds
                      {"seat": 3, "hole": ["Kd", "7c"], "ante": 5, "blind": 5, "play": 5},   # ties the dealer
                      {"seat": 5, "hole": ["Ah", "4h"], "ante": 5, "blind": 5, "play": 5, "trips": 3}]}
    hand["board"] = ["2h", "9h", "Th", "Jc", "3s"]  # seat 5 makes a flush (Blind 3 to 2 on $5: $7.50)
    code, out, err = run(["settle", "--text"], json.dumps(hand), monkeypatch)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:3] == ["Ultimate Texas Hold'em", "Banking: House-banked",
                         "Pay tables: Trips UTH-02, Bad Beat BBB-02, Ultimate Pairs 1, Progressive 01"]
    assert "Payouts rounded down to $1" in lines
    assert "Dealer  Kh 7d   Board  2h 9h Th Jc 3s" in lines
    assert any(line.startswith("Dealer's best five  Kh Jc Th 9h 7d  high card") for line in lines)
    assert any("push the Ante $5 (push: the stake stays" in line for line in lines)
    assert any("Seat 2: take the Blind $5" in line for line in lines), "a fold's Blind is taken"
    assert any("Seat 5: pay the Blind $7 (rounded down from $7.50)" in line for line in lines)
    tray = next(line for line in lines if line.startswith("Tray: "))
    house = next(line for line in lines if line.startswith("House net: "))
    result = json.loads(run(["settle"], json.dumps(hand), monkeypatch)[1])
    taken = sum(step["amount"] for step in result["procedure"] if step["action"] == "take")
    paid = sum(step["amount"] for step in result["procedure"] if step["action"] == "pay")
    assert tray.startswith(f"Tray: takes in ${taken:g}, pays out ${paid:g}")
    assert house == f"House net: {'+' if taken > paid else '-' if taken < paid else ''}${abs(taken - paid):g}"
