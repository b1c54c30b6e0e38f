"""``uth-trainer quiz --topic deck-count`` in a real subprocess, with scripted answers on stdin."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from trainer.drills.deck_count import DRILLS, CountDownItem, DeckCheckItem, HandAnswer, HandCountItem, RoundCountItem
from trainer.drills.terminal import run_quiz
from trainer.engine.cards import format_cards
from trainer.scoring import Mode

ROOT = Path(__file__).resolve().parents[2]
SEED, COUNT = 7, 4
MIXED = DRILLS[0]


def quiz(stdin: str, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "trainer", "quiz", "--topic", "deck-count", "--seed", str(SEED),
               "--count", str(COUNT), *extra]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60,
                          encoding="utf-8")


def items(mode: Mode = Mode.PRACTICE) -> list[Any]:
    """The items the subprocess deals, dealt here from the same seed."""
    return list(MIXED.items(random.Random(SEED), COUNT, mode))


def as_text(value: Any) -> str:
    if isinstance(value, HandAnswer):
        return "y" if value.two_cards else "n"
    if isinstance(value, bool):
        return "y" if value else "n"
    if isinstance(value, tuple):
        return format_cards(value) or "-"
    return str(value)


def right_answers(item: Any) -> list[str]:
    if isinstance(item, HandCountItem):
        values: list[Any] = [HandAnswer(hand.fault is None) for hand in item.hands]
    elif isinstance(item, RoundCountItem):
        values = [item.deck_colour, item.expected_unloaded, item.tally.whole_deck]
    elif isinstance(item, DeckCheckItem):
        values = [True] if item.whole_deck else [False, item.missing, item.extra]
        values += [item.other_colour] if item.extra else []
    else:
        assert isinstance(item, CountDownItem)
        values = [f"{item.expected_total} floor" if item.irregular else item.expected_total]
    return [as_text(value) for value in values]


def wrong_answers(item: Any) -> list[str]:
    if isinstance(item, HandCountItem):
        return ["n" if hand.fault is None else "y" for hand in item.hands]
    if isinstance(item, RoundCountItem):
        other = next(colour for colour in item.colours if colour != item.deck_colour)
        return [other, str(item.expected_unloaded + 1), "n" if item.tally.whole_deck else "y"]
    if isinstance(item, DeckCheckItem):
        return ["n", "-", "-"] if item.whole_deck else ["y"]
    return [str(item.expected_total + 1)]


def expected_summary(script: str, mode: Mode = Mode.PRACTICE) -> str:
    """The last line the same answers give when the quiz runs in this process."""
    out = io.StringIO()
    run_quiz(MIXED, seed=SEED, count=COUNT, mode=mode, stdin=io.StringIO(script), stdout=out)
    return out.getvalue().strip().splitlines()[-1]


def test_the_mixed_set_of_four_is_one_item_of_each_level() -> None:
    assert [item.level.number for item in items()] == [1, 2, 3, 4]


def test_right_answers_score_100_percent() -> None:
    lines = [line for item in items() for line in right_answers(item)]
    done = quiz("\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "== 4/4: Level 4 · Count down" in done.stdout
    assert "✗" not in done.stdout and done.stdout.count("✓") == len(lines)
    assert done.stdout.strip().splitlines()[-1] == f"Score 100.0 % ({len(lines)} of {len(lines)} steps)"


def test_wrong_answers_name_each_mistake() -> None:
    lines = [line for item in items() for line in wrong_answers(item)]
    script = "\n".join(lines) + "\n"
    done = quiz(script)
    assert done.returncode == 0, done.stderr
    summary = done.stdout.strip().splitlines()[-1]
    assert summary == expected_summary(script)
    assert "Score 100.0" not in summary
    for kind in ("false alarm", "wrong deck", "miscount"):
        assert kind in summary
    assert "Wrong deck (you said the" in done.stdout
    assert "Rule: " in done.stdout


def test_unreadable_answers_are_asked_again_with_the_hint() -> None:
    lines = [text for item in items() for line in right_answers(item) for text in ("what?", line)]
    done = quiz("\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "(could not read 'what?': answer Y (two cards), N (flag it) or the number of cards)" in done.stdout
    assert "(could not read 'what?': answer a number of cards)" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == f"Score 100.0 % ({len(lines) // 2} of {len(lines) // 2} steps)"


def test_input_cut_short_ends_the_quiz_with_the_score_so_far() -> None:
    first, second = items()[:2]
    lines = right_answers(first) + right_answers(second)[:1]
    done = quiz("\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "End of input: the quiz stops here." in done.stdout
    assert "== 3/4" not in done.stdout
    steps = len(lines)
    assert done.stdout.strip().splitlines()[-1] == f"Score 100.0 % ({steps} of {steps} steps)"


def test_exam_mode_holds_feedback_back_until_the_item_is_done() -> None:
    lines = [line for item in items(Mode.EXAM) for line in wrong_answers(item)]
    script = "\n".join(lines) + "\n"
    done = quiz(script, "--mode", "exam")
    assert done.returncode == 0, done.stderr
    assert "✗" not in done.stdout and "Item score: " in done.stdout
    assert "  - miscount: expected" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == expected_summary(script, Mode.EXAM)


def test_the_topic_list_names_every_deck_count_drill() -> None:
    done = subprocess.run([sys.executable, "-m", "trainer", "quiz", "--list"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    names = {line.split("  ")[0] for line in done.stdout.splitlines()}
    assert {"deck-count", "deck-count-1", "deck-count-2", "deck-count-3", "deck-count-4"} <= names
