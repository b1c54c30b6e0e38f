"""``uth-trainer grade``: the JSON contract, --jsonl, --text (the review the table shows), one-line errors, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from trainer.engine.wagers import Action, Wager
from trainer.quiz.grade import grade, read_grade
from trainer.quiz.review import review_text
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import Mode
from trainer.settle_io import read_hand, settle_hand

ROOT = Path(__file__).resolve().parent.parent
HAND: dict[str, Any] = {
    "table": {"banking": "house"}, "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40}],
}
EXAMPLE: dict[str, Any] = {
    "hand": HAND,
    "dealer": {"hand": "high card", "qualifies": False},
    "steps": [{"seat": 1, "wager": "ante", "action": "push", "amount": 10},
              {"seat": 1, "wager": "play", "action": "pay", "amount": 40}],
}
THREE_SEATS: dict[str, Any] = {
    "table": {"banking": "house"}, "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5},
              {"seat": 4, "hole": ["Qc", "4h"], "ante": 10, "blind": 10, "play": 10},
              {"seat": 6, "hole": ["8c", "2h"], "ante": 5, "blind": 5, "play": 0}],
}


def grade_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "trainer.cli", "grade", *args], input=stdin, text=True,
                          capture_output=True, env=env, timeout=60, check=False)


def ok(request: dict[str, Any], *args: str) -> Any:
    done = grade_cli(*args, stdin=json.dumps(request))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return done.stdout if "--text" in args else json.loads(done.stdout)


def test_the_issue_example_grades_to_the_contract_shape() -> None:
    result = ok(EXAMPLE)
    assert set(result) == {"dealer", "steps", "missed", "score"}
    assert result["dealer"] == {"verdict": "right", "expected": {"hand": "high card", "qualifies": False}}
    assert result["steps"] == [
        {"seat": 1, "wager": "ante", "action": "push", "amount": 10, "verdict": "right", "mistakes": []},
        {"seat": 1, "wager": "play", "action": "pay", "amount": 40, "verdict": "right", "mistakes": []},
    ]
    # ace high beats king high, less than a straight: the Blind pushes, and it was never done
    assert result["missed"] == [{"seat": 1, "wager": "blind", "action": "push", "amount": 10}]
    assert result["score"] == {"steps": 4, "right": 3, "wrong_attempts": 0}


def test_a_file_gives_the_same_as_standard_input(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    done = grade_cli(str(path))
    assert done.returncode == 0 and json.loads(done.stdout) == ok(EXAMPLE)


def test_every_mistake_has_its_kind_expected_step_and_rule() -> None:
    request = {"hand": THREE_SEATS, "dealer": {"hand": "one pair", "qualifies": True}, "steps": [
        {"seat": 6, "wager": "ante", "action": "take"},                     # right: the fold is collected first
        {"seat": 6, "wager": "blind", "action": "take", "amount": 5},
        {"seat": 1, "wager": "play", "action": "pay", "amount": 40},        # the refund pass comes first
        {"seat": 4, "wager": "ante", "action": "push"},
        {"seat": 1, "wager": "ante", "action": "take"},                     # a push: wrong action
        {"seat": 4, "wager": "trips", "action": "take", "amount": 5},       # no Trips on seat 4
        {"seat": 6, "wager": "ante", "action": "take"},                     # collected already
        {"seat": 1, "wager": "blind", "action": "push", "amount": 20},      # the Blind is $10
    ]}
    result = ok(request)
    assert result["dealer"]["verdict"] == "wrong"
    kinds = [[m["kind"] for m in step["mistakes"]] for step in result["steps"]]
    assert kinds == [[], [], ["missed refund pass"], [], ["wrong action"], ["not placed"], ["already settled"],
                     ["wrong amount"]]
    refund = result["steps"][2]["mistakes"][0]
    assert refund["expected"] == "Seat 4: push the Ante $10" and "refund pass comes first" in refund["rule"]
    assert result["steps"][4]["mistakes"][0]["expected"] == "Seat 1: push the Ante $10"
    assert result["steps"][0]["amount"] == 5  # no amount: the whole stake
    missed = [(m["seat"], m["wager"]) for m in result["missed"]]
    assert missed == [(4, "play"), (4, "blind"), (1, "trips")]
    # steps: the announcement and 9 wagers; right: seat 6's two, seat 4's Ante (and nothing else)
    assert result["score"] == {"steps": 10, "right": 3, "wrong_attempts": 6}


def test_a_partial_take_given_as_the_whole_stake_is_a_wrong_amount() -> None:
    hand = {"table": {"banking": "player-dealer", "player_dealer_seat": 3, "player_dealer_bank": 45},
            "dealer": ["Kd", "Kc"], "board": ["9h", "9s", "2c", "7d", "Jc"],
            "seats": [{"seat": 4, "hole": ["2h", "3d"], "ante": 10, "blind": 10, "play": 40}]}
    procedure = settle_hand(read_hand(json.dumps(hand))).procedure
    stakes = {"ante": 10, "blind": 10, "play": 40}
    steps = [{"seat": s.seat, "wager": s.wager.value, "action": s.action.value} for s in procedure]
    partial = [index for index, s in enumerate(procedure) if s.action is Action.TAKE
               and s.amount < stakes[s.wager.value]]
    assert len(partial) == 1  # the bank of $45 covers only part of the $50 Ante and Play
    result = ok({"hand": hand, "steps": steps})
    wrong = [index for index, step in enumerate(result["steps"]) if step["verdict"] == "wrong"]
    assert wrong == partial
    mistake = result["steps"][partial[0]]["mistakes"][0]
    assert mistake["kind"] == "wrong amount" and "the rest is returned" in mistake["rule"]
    assert result["steps"][partial[0]]["amount"] == stakes[procedure[partial[0]].wager.value]
    assert result["dealer"] == {"verdict": None, "expected": {"hand": "two pair", "qualifies": True}}


def test_coin_in_steps_are_not_expected_of_the_trainee() -> None:
    hand = {"table": {"banking": "house", "progressive_meter": 25000}, "dealer": ["Kh", "7d"],
            "board": ["2c", "9d", "Ts", "Jh", "3s"],
            "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "progressive": 1}]}
    steps = [{"seat": 1, "wager": "ante", "action": "push"}, {"seat": 1, "wager": "play", "action": "pay",
                                                               "amount": 40},
             {"seat": 1, "wager": "blind", "action": "push"}]
    result = ok({"hand": hand, "steps": steps})
    assert result["missed"] == [] and result["score"] == {"steps": 3, "right": 3, "wrong_attempts": 0}


def test_jsonl_answers_every_line_and_a_bad_line_with_an_error() -> None:
    lines = [json.dumps(EXAMPLE), "{not json", json.dumps({**EXAMPLE, "steps": [{"seat": 1}]}), "",
             json.dumps(EXAMPLE)]
    done = grade_cli("--jsonl", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0 and done.stderr == ""
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 5
    assert out[0] == out[4] == ok(EXAMPLE)
    assert set(out[1]) == {"error"} and out[1]["error"].startswith("input:")
    assert out[2] == {"error": "steps[0].wager: is missing"}
    assert out[3] == {"error": "empty line"}


@pytest.mark.parametrize(("request_text", "field"), [
    ("{not json", "input"),
    (json.dumps({"steps": []}), "hand"),
    (json.dumps({"hand": HAND}), "steps"),
    (json.dumps({**EXAMPLE, "extra": 1}), "extra"),
    (json.dumps({**EXAMPLE, "steps": [{"seat": 1, "wager": "antes", "action": "push"}]}), "steps[0].wager"),
    (json.dumps({**EXAMPLE, "steps": [{"seat": 1, "wager": "ante", "action": "collect"}]}), "steps[0].action"),
    (json.dumps({**EXAMPLE, "steps": [{"seat": True, "wager": "ante", "action": "push"}]}), "steps[0].seat"),
    (json.dumps({**EXAMPLE, "steps": [{"seat": 1, "wager": "ante", "action": "push", "amount": -5}]}),
     "steps[0].amount"),
    (json.dumps({**EXAMPLE, "steps": [{"seat": 1, "wager": "ante", "action": "push", "amount": "10"}]}),
     "steps[0].amount"),
    (json.dumps({**EXAMPLE, "steps": {"seat": 1}}), "steps"),
    (json.dumps({**EXAMPLE, "dealer": {"hand": "a pair", "qualifies": True}}), "dealer.hand"),
    (json.dumps({**EXAMPLE, "dealer": {"hand": "one pair", "qualifies": "yes"}}), "dealer.qualifies"),
    (json.dumps({**EXAMPLE, "hand": {**HAND, "board": ["2c", "9d", "Ts", "Jh"]}}), "hand.board"),
    (json.dumps({**EXAMPLE, "hand": {**HAND, "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": -10}]}}),
     "hand.seats[0].ante"),
])
def test_bad_input_is_one_line_naming_the_field_and_exit_2(request_text: str, field: str) -> None:
    done = grade_cli(stdin=request_text)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"uth-trainer grade: {field}: "), done.stderr


def test_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = grade_cli(str(tmp_path / "nothing.json"))
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "cannot read" in done.stderr


def the_gui_way(request: dict[str, Any]) -> SettlementQuiz:
    """The hand settled in exam mode through the quiz's own calls, as the table's quiz panel makes them."""
    hand = read_hand(json.dumps(request["hand"]))
    quiz = SettlementQuiz(settle_hand(hand), hand.table, Mode.EXAM, hands=hand.seats)
    from trainer.engine.evaluator import Category

    dealer = request["dealer"]
    quiz.announce_dealer(next(c for c in Category if c.label == dealer["hand"]), dealer["qualifies"])
    for step in request["steps"]:
        amount = step.get("amount")
        quiz.submit(step["seat"], Wager(step["wager"]), Action(step["action"]),
                    None if amount is None else Decimal(str(amount)))
    quiz.leave_to_table()
    return quiz


def test_grade_text_shows_the_same_lines_as_the_review_model() -> None:
    request = {"hand": THREE_SEATS, "dealer": {"hand": "high card", "qualifies": False}, "steps": [
        {"seat": 6, "wager": "ante", "action": "take"}, {"seat": 6, "wager": "blind", "action": "take"},
        {"seat": 1, "wager": "play", "action": "pay", "amount": 40}, {"seat": 4, "wager": "ante", "action": "push"},
        {"seat": 1, "wager": "ante", "action": "push"}, {"seat": 4, "wager": "play", "action": "take"},
        {"seat": 4, "wager": "blind", "action": "return"}, {"seat": 1, "wager": "trips", "action": "take"}]}
    text = ok(request, "--text")
    model = the_gui_way(request).review()
    assert text == review_text(model) + "\n"
    rows = text.splitlines()[1:]
    assert rows == [f"{mark} {expected}  |  {given}  |  {rule}" for mark, expected, given, rule in
                    (line.cells() for line in model)]
    assert review_text(grade(read_grade(json.dumps(request))).review()) == review_text(model)


@pytest.mark.gui
def test_the_exam_review_dialog_shows_the_rows_grade_text_prints(qtbot: Any) -> None:
    from trainer.gui.quiz.review import HandReview, ReviewDialog
    from trainer.scoring import SetResult

    request = {"hand": THREE_SEATS, "dealer": {"hand": "high card", "qualifies": False}, "steps": [
        {"seat": 1, "wager": "ante", "action": "push"}, {"seat": 4, "wager": "play", "action": "take"}]}
    quiz = the_gui_way(request)
    dialog = ReviewDialog([HandReview("Hand 1", tuple(quiz.review()), quiz.result())],
                          SetResult("grade", Mode.EXAM, [quiz.result()]))
    qtbot.addWidget(dialog)
    text_rows = ok(request, "--text").splitlines()[1:]
    assert [f"{mark} {expected}  |  {given}  |  {rule}" for mark, expected, given, rule in dialog.lines()] == \
        text_rows


def test_grade_with_a_profile_keeps_each_graded_hand_in_that_trainees_progress(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parent.parent / "packaging" / "samples" / "grade.json"
    wrong = json.loads(sample.read_text())
    wrong["steps"] = wrong["steps"][1:]  # the first step never done: counted wrong (missed)
    (tmp_path / "wrong.json").write_text(json.dumps(wrong))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    for request in (sample, tmp_path / "wrong.json"):
        done = subprocess.run([sys.executable, "-m", "trainer", "--data-dir", str(tmp_path), "grade", "--profile",
                               "Ana", str(request)], capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr
    from trainer.store import Store

    store = Store.open(tmp_path)
    try:
        items = store.items(store.profile("Ana"))
        assert [(item.drill, item.mode.value) for item in items] == [("grade", "exam")] * 2
        assert sorted(item.correct == item.steps for item in items) == [False, True]  # one perfect, one not
    finally:
        store.close()


def test_grade_with_a_profile_on_an_unreachable_class_store_says_its_hands_wait(tmp_path: Path,
                                                                                 capsys: Any) -> None:
    from trainer.bench.pg_server import free_port
    from trainer.cli import main

    away = f"postgresql://station:secret@127.0.0.1:{free_port()}/classroom"
    sample = ROOT / "packaging" / "samples" / "grade.json"
    assert main(["--data-dir", str(tmp_path), "--store", away, "grade", "--profile", "Lu", str(sample)]) == 0
    captured = capsys.readouterr()
    assert {"steps", "score"} <= set(json.loads(captured.out))
    err = captured.err.splitlines()
    assert err[0].startswith("uth-trainer: Class store: offline, 0 items waiting (")
    assert err[-1] == "uth-trainer: Class store: offline, 1 item waiting"


class _Zeros:
    """Standard input as ``/dev/zero``: NUL bytes without end and without a line ending."""

    def __init__(self) -> None:
        self.read_bytes = 0

    def readline(self, size: int = -1) -> bytes:
        self.read_bytes += size
        return b"\0" * size

    def read(self, size: int = -1) -> bytes:
        return self.readline(size)


class _SaidError(Exception):
    """The first output line was written: the test has what it waits for."""


class _FirstLine:
    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        if "\n" in self.text:
            raise _SaidError


def test_grade_jsonl_answers_a_line_without_end_before_reading_past_it() -> None:
    from trainer.cli.grade import grade_stream
    from trainer.cli.settle_stream import MAX_LINE_BYTES
    from trainer.engine.paytables import load_paytables

    zeros, out = _Zeros(), _FirstLine()
    with pytest.raises(_SaidError):
        grade_stream(zeros, out, load_paytables())  # type: ignore[arg-type]
    assert json.loads(out.text) == {"error": f"input: the line is longer than {MAX_LINE_BYTES:,} bytes"}
    assert zeros.read_bytes <= 2 * MAX_LINE_BYTES + 2  # said after one line's worth, memory bounded by it
