"""The drills in a terminal: the item as text, prompts on stdout, answers on stdin, a score at the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from trainer.drills.base import Drill, DrillItem
from trainer.scoring import Mode, ScoreBook, SetResult


def run_quiz(
    drill: Drill,
    *,
    seed: int,
    count: int,
    mode: Mode,
    stdin: TextIO,
    stdout: TextIO,
    book: ScoreBook | None = None,
) -> SetResult:
    """Ask ``count`` items of ``drill``; end of input ends the quiz with the score so far."""
    result = SetResult(drill.name, mode)
    if mode is Mode.SPEED:
        result.target_seconds_per_decision = getattr(drill, "target_seconds_per_decision", None)
    book = book or ScoreBook()

    def say(text: str = "") -> None:
        print(text, file=stdout, flush=True)

    say(f"{drill.description} — {count} item{'s' if count != 1 else ''}, {mode.value} mode, seed {seed}")
    items = drill.items(random.Random(seed), count, mode)
    for number, item in enumerate(items, start=1):
        say()
        say(f"== {number}/{count}: {item.title}")
        say(item.text)
        finished = _ask_item(item, mode, say, stdin)
        outcome = item.result()
        result.items.append(outcome)
        book.record(outcome)
        if not finished:
            say()
            say("End of input: the quiz stops here.")
            break
        if mode is Mode.EXAM:
            say(f"Item score: {outcome.score:.0f} %")
            for mistake in outcome.mistakes:
                say(f"  - {mistake.describe()}")
    book.record_set(result)
    say()
    say(result.summary())
    return result


def _ask_item(item: DrillItem, mode: Mode, say: Callable[[str], None], stdin: TextIO) -> bool:
    """Ask every question of ``item``; False when the input ended first."""
    while (question := item.next_question()) is not None:
        while True:
            say(question.prompt)
            line = stdin.readline()
            if not line:
                return False
            value = question.parse(line.strip())
            if value is None:
                say(f"  (could not read {line.strip()!r}: {question.hint})")
                continue
            feedback = item.answer(value)
            if mode is Mode.EXAM:
                if not feedback.accepted:
                    say(f"  {feedback.message}")
                    continue
                break
            say(f"  {'✓' if feedback.correct else '✗'} {feedback.message}")
            if feedback.accepted:
                break
    return True
