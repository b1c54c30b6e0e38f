"""Nothing typed at a quiz prompt crashes it: every topic, every question, the answers of
tests/data/fuzz_answers.json and hypothesis' own text; and the quiz's own promises (hints, exam, Ctrl-C, limits)."""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.processes import ctrl_c_interrupts
from tests.typed import present
from trainer.drills.answers import ANSWER_GUIDE, read_action, read_dealer_hand, read_money, read_step
from trainer.drills.base import DrillItem, Question, all_drills
from trainer.drills.decision_drills import read_place
from trainer.drills.deck_count.answers import parse_count
from trainer.drills.terminal import MAX_QUIZ_COUNT, NOTHING_ANSWERED, run_quiz
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action
from trainer.scoring import Mode

ROOT = Path(__file__).resolve().parents[1]
ANSWERS: list[str] = json.loads((ROOT / "tests" / "data" / "fuzz_answers.json").read_text(encoding="utf-8"))[
    "answers"]
TOPICS = sorted(all_drills())


def quiz(*args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "trainer", "quiz", *args], input=answers, capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120, check=False)


def every_question(topic: str, count: int = 3) -> list[tuple[DrillItem, Question]]:
    """(item, question) for the first questions of ``count`` items of ``topic`` (parsers are pure)."""
    found = []
    for item in all_drills()[topic].items(random.Random(7), count, Mode.PRACTICE):
        question = item.next_question()
        if question is not None:
            found.append((item, question))
    return found


@pytest.mark.parametrize("topic", TOPICS)
def test_every_answer_of_the_corpus_is_read_or_hinted_at_every_prompt(topic: str) -> None:
    for _item, question in every_question(topic):
        for text in ANSWERS:
            question.parse(text.strip())  # returns a value or None, never raises


@pytest.mark.parametrize("topic", TOPICS)
def test_a_whole_quiz_of_hostile_answers_runs_to_the_end_of_input(topic: str) -> None:
    lines = "\n".join(answer.replace("\n", " ") for answer in ANSWERS * 2) + "\n"
    out = io.StringIO()
    result = run_quiz(all_drills()[topic], seed=3, count=2, mode=Mode.PRACTICE,
                      stdin=io.StringIO(lines.encode("utf-8", "surrogatepass").decode("utf-8", "replace")),
                      stdout=out)
    text = out.getvalue()
    assert "Score " in text or NOTHING_ANSWERED in text
    assert result.steps >= 0 and "Traceback" not in text


@hypothesis_settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60), topic=st.sampled_from(TOPICS))
def test_any_text_at_any_first_prompt_is_read_or_hinted(text: str, topic: str) -> None:
    for _item, question in every_question(topic, 1):
        question.parse(text.strip())


@hypothesis_settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(categories=["Nd", "No", "Nl", "Pd", "Sm", "Sc", "Zs"]) | st.sampled_from(
    list("0123456789.$,-")), max_size=40))
def test_digits_of_any_script_and_signs_never_crash_a_reader(text: str) -> None:
    for reader in (read_money, read_step, read_action, read_dealer_hand, read_place, parse_count):
        reader(text)


def test_a_superscript_two_is_no_number() -> None:
    assert parse_count("²") is None and read_place("²") is None and read_money("²") is None


def test_a_number_of_4300_digits_is_unreadable_not_a_crash() -> None:
    huge = "9" * 4300
    assert read_step(f"{huge} blind push") is None and read_place(huge) is None
    assert read_money(huge) is None and read_step(f"3 blind pay {huge}") is None


@pytest.mark.parametrize("text", ["-120", "−120", "$-120", "pay -120", "- 120"])
def test_a_negative_amount_is_never_read_as_a_pay(text: str) -> None:
    assert read_money(text) is None and read_action(text) is None
    assert read_step(f"3 blind {text}") is None


def test_a_full_house_needs_no_qualifies_and_a_high_card_is_read_as_not_qualifying() -> None:
    assert read_dealer_hand("full house") == (Category.FULL_HOUSE, True)
    assert read_dealer_hand("ace high") == (Category.HIGH_CARD, False)
    assert read_dealer_hand("high card yes") == (Category.HIGH_CARD, True)  # said, so checked as said


def test_one_grammar_pay_45_reads_the_same_in_every_reader() -> None:
    assert read_money("pay 45") == read_money("45") == 45
    assert read_action("pay 45") == read_action("45") == (Action.PAY, Decimal(45))
    pay_45 = (Action.PAY, Decimal(45))
    assert present(read_step("4 bad beat pay 45"))[2:] == present(read_step("4 bad beat 45"))[2:] == pay_45


def test_payouts_seed_11_item_4_refuses_minus_120() -> None:
    done = quiz("--topic", "payouts", "--seed", "11", "--count", "4", answers="1\n1\n1\n-120\n")
    item_4 = done.stdout.split("== 4/4")[1]
    assert "could not read '-120'" in item_4 and "✓" not in item_4


def test_every_drill_says_the_answer_grammar_at_the_start_and_on_a_question_mark() -> None:
    for topic in ("payouts-1", "blind", "deal-order", "dealer-hand"):
        done = quiz("--topic", topic, "--seed", "1", "--count", "1", answers="?\n")
        start, after = done.stdout.split("\n", 2)[1], done.stdout.split("?\n", 1)[-1]
        assert start.startswith(f"Answers: {ANSWER_GUIDE}"), start
        assert "This question: " in after and ANSWER_GUIDE in after and "could not read" not in after


def test_quitting_before_any_answer_says_nothing_was_answered() -> None:
    done = quiz("--topic", "blind", "--seed", "1", "--count", "2", answers="")
    assert done.returncode == 0
    assert done.stdout.rstrip().endswith(NOTHING_ANSWERED) and "0 of 0" not in done.stdout


def test_a_count_over_the_limit_is_refused_at_once() -> None:
    done = quiz("--topic", "blind", "--count", "100000000")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"uth-trainer quiz: --count must be 1 to {MAX_QUIZ_COUNT:,}, not 100000000\n"


def test_ctrl_c_mid_drill_prints_the_score_so_far_and_exits_130() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    child = subprocess.Popen([sys.executable, "-m", "trainer", "quiz", "--topic", "payouts-1", "--seed", "2",
                              "--count", "5"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env,
                             preexec_fn=ctrl_c_interrupts)
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write("1\n")
    child.stdin.flush()
    seen = ""
    while seen.count("Payout for") < 2:
        seen += child.stdout.readline()
    child.send_signal(signal.SIGINT)
    rest, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert "Interrupted: the quiz stops here." in rest
    assert re.search(r"Score \d+\.\d % \(\d+ of 1 steps\)", rest), rest
    assert "Traceback" not in err and err == ""
