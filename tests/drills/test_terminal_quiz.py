"""``uth-trainer quiz`` in a terminal, driven through a subprocess with scripted answers: right, wrong,
unreadable and cut short; ``--list``; exit status 0."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from tests.typed import of_kind, present
from trainer.drills.base import drill_named
from trainer.drills.settlement_drills import SettlementItem
from trainer.engine.wagers import Action
from trainer.scoring import Mode

ROOT = Path(__file__).resolve().parents[2]


def quiz(*args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "trainer", "quiz", *args], input=answers, capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120, check=False)


def perfect_answers(topic: str, seed: int, count: int) -> list[str]:
    """The lines a perfect trainee types for the items ``--seed`` deals."""
    lines: list[str] = []
    for drill_item in drill_named(topic).items(random.Random(seed), count, Mode.PRACTICE):
        item = of_kind(drill_item, SettlementItem)
        result = item.scenario.settlement
        if present(item.next_question()).prompt.startswith("Collection fee"):
            lines.append(str(result.collection_fee))
        lines.append(f"{result.dealer.category.label} {'yes' if result.dealer_qualifies else 'no'}")
        for step in result.procedure:
            if step.phase == "coin-in":  # gone before the deal: the quiz never asks for it
                continue
            stake = item.scenario.seat(step.seat).stake(step.wager)
            amount = f" {step.amount}" if step.action is Action.PAY or step.amount != stake else ""
            lines.append(f"{step.seat} {step.wager.label.lower()} {step.action.value}{amount}")
    return lines


def score_of(output: str) -> float:
    match = re.search(r"^Score ([\d.]+) %", output, re.MULTILINE)
    assert match, output
    return float(match.group(1))


def test_list_prints_one_topic_a_line_name_then_description() -> None:
    done = quiz("--list")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    names = [line.split("  ", 1)[0] for line in lines]
    for topic in ("order", "qualification", "blind", "trips", "bad-beat", "pairs", "progressive", "player-dealer",
                  "dealer-hand", "deal-order", "payouts", "blind-quick"):
        assert topic in names
    for line in lines:
        name, description = line.split("  ", 1)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name) and description.strip()


def test_right_answers_score_100_percent() -> None:
    answers = perfect_answers("qualification", 11, 3)
    done = quiz("--topic", "qualification", "--seed", "11", "--count", "3", answers="\n".join(answers) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Dealer's hand?" in done.stdout and "Next step?" in done.stdout
    assert "Dealer:" in done.stdout and "Board:" in done.stdout
    assert score_of(done.stdout) == 100.0 and "✗" not in done.stdout


def test_a_wrong_answer_is_named_and_asked_again() -> None:
    answers = perfect_answers("blind", 5, 1)
    wrong = "royal flush no" if not answers[0].startswith("royal") else "high card no"
    done = quiz("--topic", "blind", "--seed", "5", "--count", "1",
                answers="\n".join([wrong, *answers]) + "\n")
    assert done.returncode == 0
    assert "✗ wrong dealer announcement" in done.stdout
    assert done.stdout.count("Dealer's hand?") == 2
    assert score_of(done.stdout) < 100.0 and "wrong dealer announcement 1" in done.stdout


def test_an_unreadable_answer_gets_the_hint_and_the_same_question() -> None:
    answers = perfect_answers("pairs", 2, 1)
    done = quiz("--topic", "pairs", "--seed", "2", "--count", "1",
                answers="\n".join(["banana", *answers[:1], "seat blind pay", *answers[1:]]) + "\n")
    assert done.returncode == 0
    assert "could not read 'banana'" in done.stdout and "'two pair'" in done.stdout
    assert "could not read 'seat blind pay'" in done.stdout and "3 blind pay 7.50" in done.stdout
    assert done.stdout.count("Dealer's hand?") == 2
    assert score_of(done.stdout) == 100.0


def test_end_of_input_stops_with_the_score_so_far() -> None:
    answers = perfect_answers("order", 8, 2)
    done = quiz("--topic", "order", "--seed", "8", "--count", "2", answers="\n".join(answers[:2]) + "\n")
    assert done.returncode == 0
    assert "End of input: the quiz stops here." in done.stdout
    assert re.search(r"Score 100\.0 % \(2 of 2 steps\)", done.stdout)


def test_single_decision_and_payout_drills_run_in_a_terminal() -> None:
    done = quiz("--topic", "blind-quick", "--seed", "1", "--count", "2", answers="push\nmaybe\npay 1\n")
    assert done.returncode == 0
    assert "what happens to the Blind, and how much?" in done.stdout and "could not read 'maybe'" in done.stdout
    payout = quiz("--topic", "payouts-1", "--seed", "1", "--count", "1", answers="\n")
    assert payout.returncode == 0 and "Payout for" in payout.stdout and "End of input" in payout.stdout


def test_exam_mode_holds_feedback_until_the_set_is_done() -> None:
    answers = perfect_answers("trips", 4, 2)
    answers[0] = "high card no" if not answers[0].startswith("high card") else "royal flush yes"
    done = quiz("--topic", "trips", "--seed", "4", "--count", "2", "--mode", "exam",
                answers="\n".join(answers) + "\n")
    assert done.returncode == 0
    assert "✗" not in done.stdout and "wrong dealer announcement: expected" in done.stdout
    held, review = done.stdout.split("Review: the feedback held back during the exam")
    assert "Item score" not in held and "expected" not in held, "exam feedback shown before the set ended"
    assert "== 2/2:" in held
    assert review.count("Item score: ") == 2 and "- wrong dealer announcement: expected" in review
    assert score_of(done.stdout) < 100.0
