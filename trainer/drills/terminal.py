"""The drills in a terminal: the item as text, prompts on stdout, answers on stdin, a score at the end.

Any text at any prompt gets the hint and the same question again, never a crash. ``?`` shows how answers are
written (:data:`~trainer.drills.answers.ANSWER_GUIDE`), which is also said once at the start. Exam mode holds
every item's score and mistakes back until the set is done. End of input (Ctrl-D) and Ctrl-C both stop the quiz
with the score so far; Ctrl-C then raises ``KeyboardInterrupt`` again so the command exits 130.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from trainer.drills.answers import ANSWER_GUIDE, HELP_WORDS
from trainer.drills.base import Drill, DrillItem, drill_description
from trainer.i18n.translation import N_, _, ngettext
from trainer.jsonin import shown_text
from trainer.scoring import ItemResult, Mode, ScoreBook, SetResult

MAX_QUIZ_COUNT = 1000
"""The most items one quiz asks (``--count``); items are dealt one at a time as they are asked."""
MAX_ANSWER_CHARS = 200
"""An answer line is read up to this many characters (the rest of a longer line is read past, not kept)."""
NOTHING_ANSWERED = N_("Nothing was answered: no score.")


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
    """Ask ``count`` items of ``drill``; end of input or Ctrl-C ends the quiz with the score so far."""
    result = SetResult(drill.name, mode)
    if mode is Mode.SPEED:
        result.target_seconds_per_decision = getattr(drill, "target_seconds_per_decision", None)
    book = book or ScoreBook()

    def say(text: str = "") -> None:
        print(text, file=stdout, flush=True)

    say(ngettext("{description} — {count} item, {mode} mode, seed {seed}",
                 "{description} — {count} items, {mode} mode, seed {seed}", count).format(
        description=drill_description(drill), count=count, mode=mode_name(mode), seed=seed))
    guide = answer_guide(drill)
    say(_("Answers: {guide} Type ? at any prompt to see this again.").format(guide=guide))
    interrupted = False
    titles: list[str] = []
    try:
        _ask_items(drill, seed, count, mode, (result, book, titles), say, stdin, guide)
    except KeyboardInterrupt:
        interrupted = True
        say()
        say(_("Interrupted: the quiz stops here."))
    book.record_set(result, complete=not interrupted and len(result.items) >= count, planned=count)
    if mode is Mode.EXAM and result.items:
        _review(result.items, titles, say)
    say()
    say(result.summary() if result.steps else _(NOTHING_ANSWERED))
    if interrupted:
        raise KeyboardInterrupt
    return result


def mode_name(mode: Mode) -> str:
    """The mode as the quiz's first line says it (``practice mode``)."""
    return _(_MODE_NAMES[mode.value])


_MODE_NAMES = {"guided": N_("guided"), "practice": N_("practice"), "exam": N_("exam"), "speed": N_("speed")}


def answer_guide(drill: Drill) -> str:
    """How answers are written in ``drill``: its own ``answer_guide`` where it has one, else the common one."""
    guide = getattr(drill, "answer_guide", None)
    return _(guide) if isinstance(guide, str) and guide else _(ANSWER_GUIDE)


def _ask_items(drill: Drill, seed: int, count: int, mode: Mode, kept: tuple[SetResult, ScoreBook, list[str]],
               say: Callable[[str], None], stdin: TextIO, guide: str) -> None:
    result, book, titles = kept
    items = drill.items(random.Random(seed), count, mode)
    for number, item in enumerate(items, start=1):
        say("")
        say(f"== {number}/{count}: {item.title}")
        say(item.text)
        try:
            finished = _ask_item(item, mode, say, stdin, guide)
        finally:
            outcome = item.result()
            if outcome.steps:
                result.items.append(outcome)
                titles.append(f"{number}/{count}: {item.title}")
                book.record(outcome)
        if not finished:
            say("")
            say(_("End of input: the quiz stops here."))
            return


def _review(items: list[ItemResult], titles: list[str], say: Callable[[str], None]) -> None:
    """Exam mode: each item's score and mistakes, once the set is done."""
    say("")
    say(_("Review: the feedback held back during the exam"))
    for title, outcome in zip(titles, items, strict=True):
        say(f"== {title}")
        say(_("Item score: {score:.0f} %").format(score=outcome.score))
        for mistake in outcome.mistakes:
            say(f"  - {mistake.describe()}")


def _read_answer(stdin: TextIO) -> str | None:
    """One answer line (cut to :data:`MAX_ANSWER_CHARS`), or None at the end of input."""
    line = stdin.readline(MAX_ANSWER_CHARS + 1)
    if not line:
        return None
    if len(line) > MAX_ANSWER_CHARS and not line.endswith("\n"):
        while (rest := stdin.readline(MAX_ANSWER_CHARS)) and not rest.endswith("\n"):
            pass
    return line.strip()


def _ask_item(item: DrillItem, mode: Mode, say: Callable[[str], None], stdin: TextIO, guide: str) -> bool:
    """Ask every question of ``item``; False when the input ended first."""
    while (question := item.next_question()) is not None:
        while True:
            say(question.prompt)
            text = _read_answer(stdin)
            if text is None:
                return False
            if text.lower() in HELP_WORDS:
                say("  " + _("This question: {hint}. {guide}").format(hint=_(question.hint), guide=guide))
                continue
            try:
                value = question.parse(text)
            except (ValueError, ArithmeticError, OverflowError):
                value = None
            if value is None:
                say("  " + _("(could not read '{text}': {hint})").format(text=shown_text(text, quote=False),
                                                                        hint=_(question.hint)))
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
