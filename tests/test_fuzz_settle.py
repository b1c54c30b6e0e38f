"""Nothing a hand holds crashes ``settle``: the hostile cases of tests/data/fuzz_hands.json and hypothesis' own.

Every bad hand ends in one line naming the field (exit 2, nothing on stdout), or in ``--jsonl`` in an
``{"error": ...}`` line with the run going on; messages quote values escaped and cut, never a Python repr.
The corpus is shared by every command that reads hands (:data:`HAND_READERS`).
"""

from __future__ import annotations

import io
import json
import os
import pty
import signal
import subprocess
import sys
import unicodedata
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.processes import ctrl_c_interrupts
from trainer.cli import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, WAITING_MESSAGE, main
from trainer.engine.amounts import MAX_AMOUNT
from trainer.engine.validation import RoundError
from trainer.settle_io import read_hand, settle_text

ROOT = Path(__file__).resolve().parents[1]
CORPUS = json.loads((ROOT / "tests" / "data" / "fuzz_hands.json").read_text(encoding="utf-8"))
HAND_READERS = ("settle",)
"""The commands that read hands; each takes every case of the corpus."""

GOOD: dict[str, Any] = {
    "table": {"progressive_meter": 25000},
    "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5,
               "bad_beat": 5, "pairs": 5, "progressive": 1},
              {"seat": 4, "hole": ["5c", "5d"], "ante": 7.5, "blind": 7.5, "play": 0}],
}


def case_text(case: dict[str, Any]) -> str:
    if "parts" in case:
        return "".join(text * times for text, times in case["parts"])
    return str(case["input"])


TEXT_CASES = [pytest.param(case_text(case), case["field"], id=case["name"]) for case in CORPUS["cases"]]
BYTES_CASES = [pytest.param(bytes.fromhex(case["hex"]), case["field"], id=case["name"])
               for case in CORPUS["bytes_cases"]]


def run(argv: list[str], stdin: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    return main(argv), out.getvalue(), err.getvalue()


def assert_one_clean_line(message: str) -> None:
    """One line, nothing hidden or reordered in it, no Python repr, not a wall of text."""
    assert message.count("\n") == 1 and message.endswith("\n"), message
    body = message[:-1]
    for char in body:
        assert unicodedata.category(char)[0] not in "CZ" or char == " ", f"raw {char!r} in {body!r}"
    assert "Decimal(" not in body and "Traceback" not in body and "Unreadable(" not in body
    assert len(body) < 400, body


@pytest.mark.parametrize("command", HAND_READERS)
@pytest.mark.parametrize(("text", "field"), TEXT_CASES)
def test_a_hostile_hand_is_one_line_naming_the_field_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, command: str, text: str, field: str
) -> None:
    code, out, err = run([command], text.encode("utf-8", "surrogatepass"), monkeypatch)
    assert (code, out) == (2, ""), err
    assert err.startswith(f"uth-trainer {command}: {field}"), err
    assert_one_clean_line(err)


@pytest.mark.parametrize("command", HAND_READERS)
@pytest.mark.parametrize(("data", "field"), BYTES_CASES)
def test_bytes_that_are_not_utf8_are_named_not_echoed(
    monkeypatch: pytest.MonkeyPatch, command: str, data: bytes, field: str
) -> None:
    code, out, err = run([command, "-"], data, monkeypatch)
    assert (code, out) == (2, "")
    assert err.startswith(f"uth-trainer {command}: {field}: is not UTF-8 text (byte 0x"), err
    assert_one_clean_line(err)


def test_jsonl_answers_every_line_of_the_corpus_in_place_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    good = json.dumps(GOOD)
    lines = [good.encode()]
    fields: list[str | None] = [None]
    for case in CORPUS["cases"]:
        text = case_text(case)
        if "\n" in text or "\r" in text:
            continue
        lines += [text.encode("utf-8", "surrogatepass"), good.encode()]
        fields += [case["field"] if text.strip() else "empty", None]
    for case in CORPUS["bytes_cases"]:
        lines.append(bytes.fromhex(case["hex"]).replace(b"\n", b" "))
        fields.append(case["field"])
    lines += [b"", b"   "]
    fields += ["empty", "empty"]
    code, out, err = run(["settle", "--jsonl"], b"\n".join(lines) + b"\n", monkeypatch)
    assert (code, err) == (0, "")
    out.encode("utf-8")  # valid UTF-8 throughout
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == len(lines), "one output line per input line"
    expected = settle_text(good)
    for result, field, line in zip(results, fields, out.splitlines(), strict=True):
        if field is None:
            assert line == expected
        elif field == "empty":
            assert result == {"error": "empty line"}
        else:
            assert set(result) == {"error"} and result["error"].startswith(field), result
            assert_one_clean_line(result["error"] + "\n")


def test_a_dash_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["settle", "-"], json.dumps(GOOD).encode(), monkeypatch)
    assert (code, err) == (0, "") and json.loads(out)["seats"][0]["seat"] == 1


def test_amounts_come_back_exactly_as_given(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = {**GOOD, "seats": [{"seat": 2, "hole": ["Ah", "4h"], "ante": 0.05, "blind": 0.05, "play": 0.2},
                              {"seat": 3, "hole": ["Qc", "Jc"], "ante": 999_999_999.99,
                               "blind": 999_999_999.99, "play": 0}]}
    code, out, err = run(["settle"], json.dumps(hand).encode(), monkeypatch)
    assert code == 0, err
    steps = {(step["seat"], step["wager"]): step["amount"] for step in json.loads(out)["procedure"]}
    assert steps[(3, "ante")] == 999_999_999.99 and '"amount": 999999999.99' in out
    assert steps[(2, "ante")] == 0.05


def test_the_largest_amount_is_documented_and_enforced() -> None:
    at_limit = {**GOOD, "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": int(MAX_AMOUNT),
                                   "blind": int(MAX_AMOUNT)}]}
    assert read_hand(json.dumps(at_limit)).seats[0].ante == MAX_AMOUNT
    over = json.dumps(at_limit).replace(str(int(MAX_AMOUNT)), str(int(MAX_AMOUNT) + 1), 1)
    with pytest.raises(RoundError, match=r"seats\[0\]\.ante: 1000000001 is above the largest amount"):
        read_hand(over)


# --- hypothesis: any value anywhere, any text -------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.decimals(allow_nan=False, allow_infinity=False, places=None) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
PATHS = [("table", "progressive_meter"), ("table", "banking"), ("table", "round_payouts_to"), ("table", "min_wager"),
         ("table", "wager_order"), ("table", "pairs_paytable"), ("table", "player_dealer_seat"), ("dealer",),
         ("board",), ("seats",), ("seats", 0), ("seats", 0, "seat"), ("seats", 0, "hole"), ("seats", 0, "ante"),
         ("seats", 0, "play"), ("seats", 0, "trips"), ("seats", 1, "blind"), ("dealer", 0), ("table",), ("extra",)]


def _encode(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value) if value.is_finite() and abs(value) < Decimal("1e300") else 0
    if isinstance(value, list):
        return [_encode(item) for item in value]
    if isinstance(value, dict):
        return {key: _encode(item) for key, item in value.items()}
    return value


def _put(hand: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(hand))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return copy


def _reads_or_refuses(text: str) -> None:
    try:
        hand = read_hand(text)
    except RoundError as exc:
        assert_one_clean_line(str(exc) + "\n")
        return
    for seat in hand.seats:
        for amount in (seat.ante, seat.blind, seat.play, seat.trips):
            assert 0 <= amount <= MAX_AMOUNT and amount == amount.quantize(Decimal("0.01"))
    json.loads(settle_text(text))


@hypothesis_settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=JSON_VALUES)
def test_any_value_in_any_field_is_settled_or_refused_in_one_line(path: tuple[Any, ...], value: Any) -> None:
    _reads_or_refuses(json.dumps(_put(GOOD, path, _encode(value))))


@hypothesis_settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_settled_or_refused_in_one_line(text: str) -> None:
    _reads_or_refuses(text)


@hypothesis_settings(max_examples=200, deadline=None)
@given(cut=st.integers(min_value=0, max_value=400), insert=st.text(max_size=8))
def test_a_hand_cut_or_spliced_anywhere_is_settled_or_refused(cut: int, insert: str) -> None:
    text = json.dumps(GOOD)
    _reads_or_refuses(text[:cut] + insert + text[cut + len(insert):])


@hypothesis_settings(max_examples=100, deadline=None)
@given(number=st.from_regex(r"-?(0|[1-9][0-9]{0,59})(\.[0-9]{1,60})?([eE][-+]?[0-9]{1,12})?", fullmatch=True))
def test_any_number_as_a_wager_is_an_exact_amount_or_refused(number: str) -> None:
    text = json.dumps(GOOD).replace('"trips": 5', f'"trips": {number}', 1)
    try:
        hand = read_hand(text)
    except RoundError as exc:
        assert str(exc).startswith(("seats[0].trips: ", "seats[0].bad_beat: "))
        return
    assert hand.seats[0].trips == Decimal(number) and not hand.seats[0].trips.is_signed()


# --- the process: pipes, full disks, terminals, Ctrl-C ---------------------------------------------------


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}


def test_a_reader_that_goes_away_ends_the_run_quietly() -> None:
    lines = (json.dumps(GOOD) + "\n") * 2000
    child = subprocess.Popen([sys.executable, "-m", "trainer", "settle", "--jsonl"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=_env())
    assert child.stdout is not None and child.stdin is not None
    child.stdin.write(lines.split("\n", 1)[0].encode() + b"\n")
    child.stdin.flush()
    first = child.stdout.readline()  # ``| head -1``: the first result comes before more input is read
    child.stdout.close()
    try:
        child.stdin.write(lines.encode())
        child.stdin.close()
    except BrokenPipeError:
        pass
    child.wait(timeout=60)
    assert json.loads(first)["seats"]
    assert child.returncode == EXIT_BROKEN_PIPE
    assert child.stderr is not None and child.stderr.read() == b""


def test_quiz_list_into_a_closed_pipe_is_quiet() -> None:
    done = subprocess.run(f"{sys.executable} -m trainer quiz --list | head -1", shell=True, capture_output=True,
                          text=True, cwd=ROOT, env=_env(), timeout=60)
    assert done.stdout.count("\n") == 1 and done.stderr == ""


def test_a_full_disk_is_one_line_and_exit_1() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "trainer", "settle"], input=json.dumps(GOOD), stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, env=_env(), timeout=60)
    assert done.returncode == 1
    assert done.stderr == "uth-trainer settle: cannot write the output (No space left on device)\n"


def test_settle_at_a_terminal_says_it_waits_and_ctrl_c_ends_it_quietly() -> None:
    leader, follower = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "trainer", "settle"], stdin=follower,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=_env(),
                             preexec_fn=ctrl_c_interrupts)
    os.close(follower)
    try:
        assert child.stderr is not None
        assert child.stderr.readline().decode().rstrip("\n") == WAITING_MESSAGE
        child.send_signal(signal.SIGINT)
        child.wait(timeout=30)
    finally:
        os.close(leader)
        if child.poll() is None:
            child.kill()
    assert child.returncode == EXIT_INTERRUPTED
    assert child.stderr.read() == b"" and child.stdout is not None and child.stdout.read() == b""
