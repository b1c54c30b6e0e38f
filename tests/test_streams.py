"""The commands as a shell runs them: standard streams closed (``<&-``, ``>&-``), an output encoding that is not
UTF-8, a pay-table file given as a pipe to ``settle --workers``, and Ctrl-C while worker processes compute.

Each is one line and a status, never a traceback: a closed input exits 2, a closed output 1, Ctrl-C 130 with the
workers gone (how fast: ``python -m trainer.bench stop_signal``). Children run with Ctrl-C at its default (this
test run may ignore it) in their own process group, so the group gets the signal as a terminal would send it."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.bench.stop_signal import WORKER_COMMANDS, interrupt_with_workers
from trainer.cli import EXIT_INTERRUPTED, EXIT_USAGE, EXIT_WRITE_FAILED

ROOT = Path(__file__).resolve().parents[1]
HAND = {"dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
        "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5}]}
GRADE = {"hand": HAND, "steps": [{"seat": 1, "wager": "ante", "action": "push", "amount": 10}]}
QUIZ = "quiz --topic blind-quick --seed 1 --count 1"
WAIT = 60
"""Seconds any child may take before the test gives up on it (a bound, not a measure)."""
ENDS_WITHIN = 30
"""Seconds within which Ctrl-C ends a command with workers: a bound that a loaded machine keeps, not a measure."""


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", **extra}


def _default_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def shell(command: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    """``command`` run by bash, ``trainer`` standing for ``python -m trainer``."""
    line = command.replace("trainer ", f"{shlex.quote(sys.executable)} -m trainer ", 1)
    return subprocess.run(["bash", "-c", line], capture_output=True, cwd=ROOT, env=_env(**env), timeout=WAIT,
                          preexec_fn=_default_interrupt)


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "hand.json").write_text(json.dumps(HAND), encoding="utf-8")
    (tmp_path / "grade.json").write_text(json.dumps(GRADE), encoding="utf-8")
    (tmp_path / "answers.txt").write_text("pay 25\n" * 5, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("command", ["settle", "grade", QUIZ, "settle -", "settle --jsonl"])
def test_a_closed_standard_input_is_one_line_and_status_2(command: str) -> None:
    done = shell(f"trainer {command} <&-")
    name = command.split()[0]
    assert (done.returncode, done.stdout) == (EXIT_USAGE, b"")
    assert done.stderr.decode() == f"uth-trainer {name}: standard input is closed\n"


@pytest.mark.parametrize("command", ["settle {dir}/hand.json", "settle --text {dir}/hand.json",
                                     "grade {dir}/grade.json", f"{QUIZ} < {{dir}}/answers.txt",
                                     "settle --jsonl {dir}/hand.json", "quiz --list", "odds trips"])
def test_a_closed_standard_output_is_one_line_and_status_1(files: Path, command: str) -> None:
    done = shell(f"trainer {command.format(dir=files)} >&-")
    name = command.split()[0]
    assert done.returncode == EXIT_WRITE_FAILED
    assert done.stderr.decode() == f"uth-trainer {name}: standard output is closed\n"


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
def test_settle_text_in_an_encoding_without_the_dash_spells_it(files: Path, encoding: str) -> None:
    done = shell(f"trainer settle --text {files}/hand.json", PYTHONIOENCODING=encoding)
    assert (done.returncode, done.stderr) == (0, b"")
    text = done.stdout.decode(encoding)  # every byte is the stream's own encoding
    assert "\\u" not in text and "?" not in text
    dash = "\u2014" if encoding == "cp1252" else "--"  # cp1252 has the em dash; ASCII and Latin-1 do not
    # rules: the dealer does not qualify with high card, so the Ante pushes and the winning Play pays 1 to 1
    assert f"Seat 1: pay the Play $40  {dash} The player beats the dealer" in text


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_quiz_in_an_encoding_without_the_dash_runs_to_its_score(files: Path, encoding: str) -> None:
    done = shell(f"trainer {QUIZ} < {files}/answers.txt", PYTHONIOENCODING=encoding)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    text = done.stdout.decode(encoding)
    assert "\\u" not in text
    assert ("push or take -- 1 item" if encoding == "ascii" else "push or take \u2014 1 item") in text
    assert "Blind - hand" in text or "Blind \u00b7 hand" in text


def test_settle_workers_read_a_paytable_pipe_once(files: Path) -> None:
    (files / "room.toml").write_text(
        'ROOM = {kind = "trips", lines = [{hand = "royal flush", odds = "50 to 1"}, '
        '{hand = "high card", odds = "2 to 1"}]}\n', encoding="utf-8")
    hand = json.dumps({**HAND, "table": {"trips_paytable": "ROOM"}})
    (files / "hands.jsonl").write_text((hand + "\n") * 450, encoding="utf-8")
    done = shell(f"trainer settle --jsonl --workers 2 --paytables <(cat {files}/room.toml) < {files}/hands.jsonl")
    assert (done.returncode, done.stderr) == (0, b"")
    results = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(results) == 450
    # the room's table pays high card 2 to 1: the $5 Trips nets +$10 on every line, whichever worker settled it
    assert {result["seats"][0]["wagers"]["trips"]["net"] for result in results} == {10}


def test_a_paytable_pipe_past_the_limit_is_one_line() -> None:
    done = shell("trainer settle --paytables <(head -c 2000000 /dev/zero) <<< '{}'")
    assert done.returncode == EXIT_USAGE
    assert done.stderr.decode().endswith(": is longer than 1,000,000 bytes\n")
    assert done.stderr.count(b"\n") == 1


# --- Ctrl-C with workers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [list(command) for command in WORKER_COMMANDS], ids=" ".join)
def test_ctrl_c_with_workers_ends_the_command_without_a_worker_traceback(argv: list[str]) -> None:
    """How fast it ends is measured by ``python -m trainer.bench stop_signal`` (target: under 2 s)."""
    stdin = (json.dumps(HAND) + "\n").encode() * 300 if argv[0] == "settle" else b""  # one batch, input left open
    ended = interrupt_with_workers(argv, stdin=stdin, env=_env(), cwd=ROOT, wait=WAIT)
    assert ended.status == EXIT_INTERRUPTED
    assert b"Traceback" not in ended.stderr and b"KeyboardInterrupt" not in ended.stderr, ended.stderr.decode()
    assert ended.stderr.strip() in (b"", b"uth-trainer odds: interrupted")
    assert ended.seconds < ENDS_WITHIN, f"Ctrl-C took {ended.seconds:.1f} s"


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["grade", "--help"], ["--data-dir", "x", "--version"]])
@pytest.mark.parametrize("target", [
    pytest.param("a full disk", marks=pytest.mark.skipif(
        not Path("/dev/full").exists(), reason="no /dev/full on this system to stand for a full disk")),
    "a closed standard output"])
def test_version_and_help_that_cannot_be_written_say_so_in_one_line_and_fail(argv: list[str], target: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    command = [sys.executable, "-m", "trainer", *argv]
    if target == "a full disk":
        with open("/dev/full", "w", encoding="utf-8") as full:
            done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True, env=env, timeout=60,
                                  check=False)
    else:
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                              timeout=60, check=False, preexec_fn=lambda: os.close(1))
    assert done.returncode == EXIT_WRITE_FAILED, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "cannot write the output" in done.stderr
