"""The lessons: the teaching text every rule and every scored mistake links to, read from ``lessons/*.md``.

Every ``.md`` file in the lessons folder is one lesson. It starts with a front-matter block of TOML between two
``+++`` lines, then the Markdown body::

    +++
    topic = "blind"                       # the topic the engine and the quizzes tag steps with
    title = "The Blind"
    summary = "Pays by the Blind table on a straight or better; pushes on a smaller win."   # one line
    sources = ["Washington UTH procedures", "rules notes §4"]
    order = 70                            # place in the syllabus (lower first)
    +++
    Markdown body ...

These keys and no others; ``sources`` names the documents the lesson teaches from (the regulatory documents by
name, ``rules notes §N`` for the product's decisions).

**Languages.** The English lessons are the folder's own ``*.md`` files; a translation lives in a subfolder named
by its language (``lessons/es/``), one file of the same name a lesson, with the same front-matter keys (title and
summary translated; topic, order and sources as in English). ``load_lessons(language="es")`` reads them and falls
back to the English lesson for a topic not translated yet. A translation follows its glossary
(:mod:`trainer.i18n`).

A paragraph that starts ``**Trainer's reading.**`` (in Spanish ``**Criterio del entrenador.**``; optionally inside
a ``>`` quote) marks a place where the lesson follows the rules notes rather than an explicit document;
:attr:`Lesson.readings` lists them.

**Checked examples.** A fenced block whose info string is ``settle`` holds a hand in the JSON of
``uth-trainer settle``, a line ``---``, then the facts the answer key must give, one a line::

    Dealer holds a pair of kings and qualifies
    Seat 3 holds an ace-high flush and wins
    1. Seat 3: pay the Ante $5            (the procedure's step 1, in the engine's words)
    Seat 3: pay the Blind $7.50           (some step of the procedure)
    Seat 3 net: +$67.50
    Player-dealer net: -$40
    Collection fee: $4
    Meter after settlement: $9,500

A ``deal`` block holds ``{"procedure": "ace", "seats": [1, 4, 7]}``, ``---``, then facts such as
``1. flop card 1`` (the first card's target), ``Unloaded: 39`` and ``Card count: 2 × 3 seats + ...``.

The facts are the answer key's own words in the lesson's language: an English lesson states them as above, a
Spanish one as the engine says them under ``speaking("es")`` (``Asiento 3: pagar la ciega $7.50``, ``El crupier
tiene pareja de reyes y califica``, ``Neto del asiento 3: +$67.50``, ``1. flop carta 1``, ``Descargadas: 39``);
:data:`FACTS` has each language's patterns, and :func:`check_examples` works the example in that language.

In :attr:`Lesson.body` such a block is replaced by its facts as a Markdown list under a short caption ("*The
answer key:*"); the JSON is not shown. What the student reads is exactly what :func:`check_examples` holds
against the engine, so a lesson cannot contradict the answer key without a test failing.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from trainer.i18n.pseudo import PSEUDO, pseudo
from trainer.i18n.translation import _, speaking

__all__ = [
    "FACTS", "LANGUAGES", "READING_MARKER", "READING_MARKERS", "Example", "Lesson", "LessonError", "check_examples",
    "lesson_for", "load_lesson", "load_lessons", "load_lessons_tolerant", "translation_dir",
]

FENCE = "+++"
READING_MARKER = "**Trainer's reading.**"
LANGUAGES = ("en", "es")
"""The languages lessons are written in: English in the lessons folder, every other one in its subfolder."""
READING_MARKERS = {"en": READING_MARKER, "es": "**Criterio del entrenador.**"}
"""How a paragraph following the rules notes starts, by language."""
CAPTIONS = {
    "en": {"settle": "*The answer key:*", "deal": "*Card by card, from the top of the deck:*"},
    "es": {"settle": "*La clave de respuestas:*", "deal": "*Carta a carta, desde arriba del mazo:*"},
}
"""The caption over a checked example's facts, by language (the facts are the engine's words in the lesson's
language)."""
KEYS = ("topic", "title", "summary", "sources", "order")
EXAMPLE_KINDS = ("settle", "deal")
_TOPIC = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_BLOCK_START = re.compile(r"^(`{3,}|~{3,})\s*([A-Za-z0-9_-]*)\s*$")

_STEP = r"Seat \d+: (?:pay|take|push|return) the [A-Za-z ]+ -?\$[\d,]+(?:\.\d\d)?"
_MONEY = r"[+-]?\$[\d,]+(?:\.\d\d)?"
SETTLE_FACTS: Mapping[str, re.Pattern[str]] = {
    "numbered-step": re.compile(rf"^(\d+)\. ({_STEP})$"),
    "step": re.compile(rf"^({_STEP})$"),
    "dealer": re.compile(r"^Dealer holds (?:an? )?(.+?) and (qualifies|does not qualify)$"),
    "seat-hand": re.compile(r"^Seat (\d+) holds (?:an? )?(.+?)(?: and (wins|loses|ties|folds))?$"),
    "seat-net": re.compile(rf"^Seat (\d+) net: ({_MONEY})$"),
    "player-dealer-net": re.compile(rf"^Player-dealer net: ({_MONEY})$"),
    "collection-fee": re.compile(rf"^Collection fee: ({_MONEY})$"),
    "meter": re.compile(rf"^Meter after settlement: ({_MONEY})$"),
}
DEAL_FACTS: Mapping[str, re.Pattern[str]] = {
    "numbered-target": re.compile(r"^(\d+)\. ((?:seat \d+|dealer|rack) card \d+|flop card [123]|turn|river)$"),
    "unloaded": re.compile(r"^Unloaded: (\d+)$"),
    "card-count": re.compile(r"^Card count: (.+ = \d+)$"),
}
_RESULT_WORDS = {"wins": "win", "loses": "lose", "ties": "push", "folds": "fold"}

_STEP_ES = r"Asiento \d+: (?:pagar|cobrar|empate en|devolver) .+? -?\$[\d,]+(?:\.\d\d)?"
SETTLE_FACTS_ES: Mapping[str, re.Pattern[str]] = {
    "numbered-step": re.compile(rf"^(\d+)\. ({_STEP_ES})$"),
    "step": re.compile(rf"^({_STEP_ES})$"),
    "dealer": re.compile(r"^El crupier tiene (.+?) y (califica|no califica)$"),
    "seat-hand": re.compile(r"^El asiento (\d+) tiene (.+?)(?: y (gana|pierde|empata|se retira))?$"),
    "seat-net": re.compile(rf"^Neto del asiento (\d+): ({_MONEY})$"),
    "player-dealer-net": re.compile(rf"^Neto del jugador-crupier: ({_MONEY})$"),
    "collection-fee": re.compile(rf"^Comisión: ({_MONEY})$"),
    "meter": re.compile(rf"^Medidor tras la liquidación: ({_MONEY})$"),
}
DEAL_FACTS_ES: Mapping[str, re.Pattern[str]] = {
    "numbered-target": re.compile(r"^(\d+)\. ((?:asiento \d+|crupier|bandeja) carta \d+|flop carta [123]|turn|river)$"),
    "unloaded": re.compile(r"^Descargadas: (\d+)$"),
    "card-count": re.compile(r"^Recuento de cartas: (.+ = \d+)$"),
}


@dataclass(frozen=True)
class FactWords:
    """How one language states an example's facts: the patterns, and the words the checker compares."""

    settle: Mapping[str, re.Pattern[str]] = field(hash=False)
    deal: Mapping[str, re.Pattern[str]] = field(hash=False)
    joiner: str
    """Between the dealer's hand and whether it qualifies (``and``)."""
    qualifies: tuple[str, str]
    """Qualifies, does not qualify."""
    results: Mapping[str, str] = field(hash=False)
    """A stated result → the engine's (``wins`` → ``win``)."""


FACTS: Mapping[str, FactWords] = {
    "en": FactWords(SETTLE_FACTS, DEAL_FACTS, " and ", ("qualifies", "does not qualify"), _RESULT_WORDS),
    "es": FactWords(SETTLE_FACTS_ES, DEAL_FACTS_ES, " y ", ("califica", "no califica"),
                    {"gana": "win", "pierde": "lose", "empata": "push", "se retira": "fold"}),
}
"""Each language's facts."""


class LessonError(ValueError):
    """A lesson file that cannot be used: one line naming the file and what is wrong."""

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path, self.problem = str(path), problem
        super().__init__(f"{self.path}: {problem}")


@dataclass(frozen=True)
class Example:
    """A checked example: a hand (``settle``) or a deal (``deal``) and the facts the engine must give."""

    kind: str
    request: Mapping[str, Any] = field(hash=False)
    facts: tuple[str, ...]
    line: int
    """The line of the file where the block starts (1-based), for messages."""


@dataclass(frozen=True)
class Lesson:
    """One lesson: its topic, title, one-line summary, sources, place in the syllabus and Markdown body."""

    topic: str
    title: str
    summary: str
    sources: tuple[str, ...]
    order: int
    body: str
    path: Path
    examples: tuple[Example, ...] = ()
    language: str = "en"

    @property
    def readings(self) -> tuple[str, ...]:
        """The paragraphs marked ``**Trainer's reading.**`` (in Spanish ``**Criterio del entrenador.**``): where
        the lesson follows the rules notes."""
        marker = READING_MARKERS[self.language]
        found = []
        for paragraph in re.split(r"\n\s*\n", self.body):
            text = "\n".join(line.removeprefix(">").strip() for line in paragraph.strip().splitlines())
            if text.startswith(marker):
                found.append(text)
        return tuple(found)


# -- reading one file ------------------------------------------------------------------------------------------


def load_lesson(path: str | Path, language: str = "en") -> Lesson:
    """Read one lesson file written in ``language``; :class:`LessonError` names the file and the problem."""
    path = Path(path)
    if language not in LANGUAGES:
        raise LessonError(path, _("is in an unknown language {language!r} (expected {languages})").format(
            language=language, languages=', '.join(LANGUAGES)))
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise LessonError(path, _("cannot be read ({problem})").format(problem=exc.strerror or exc)) from None
    except UnicodeDecodeError as exc:
        raise LessonError(path, _("is not UTF-8 text (byte {start})").format(start=exc.start)) from None
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != FENCE:
        raise LessonError(path, _("has no front matter (the first line must be {fence})").format(fence=FENCE))
    try:
        end = next(index for index in range(1, len(lines)) if lines[index].strip() == FENCE)
    except StopIteration:
        raise LessonError(path, _("front matter is not closed (no second {fence} line)").format(fence=FENCE)) from None
    meta = _front_matter(path, "\n".join(lines[1:end]))
    body, examples = _body(path, lines[end + 1:], first_line=end + 2, language=language)
    if not body.strip():
        raise LessonError(path, _("has no text after the front matter"))
    return Lesson(meta["topic"], meta["title"], meta["summary"], tuple(meta["sources"]), meta["order"], body,
                  path, tuple(examples), language)


def _front_matter(path: Path, text: str) -> dict[str, Any]:
    try:
        meta = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(path, _("front matter is not valid TOML ({problem})").format(problem=exc)) from None
    for key in KEYS:
        if key not in meta:
            raise LessonError(path, _("front matter lacks '{key}'").format(key=key))
    unknown = sorted(set(meta) - set(KEYS))
    if unknown:
        raise LessonError(path, _("front matter has an unknown key '{key}' (expected {keys})").format(
            key=unknown[0], keys=', '.join(KEYS)))
    for key in ("topic", "title", "summary"):
        if not isinstance(meta[key], str) or not meta[key].strip():
            raise LessonError(path, _("'{key}' must be a text").format(key=key))
    if not _TOPIC.match(meta["topic"]):
        raise LessonError(path, _("topic {topic!r} is not lower-case words joined by hyphens").format(
            topic=meta['topic']))
    if "\n" in meta["summary"].strip():
        raise LessonError(path, _("'summary' must be one line"))
    sources = meta["sources"]
    if not isinstance(sources, list) or not sources or not all(isinstance(s, str) and s.strip() for s in sources):
        raise LessonError(path, _("'sources' must be a list of document names"))
    if isinstance(meta["order"], bool) or not isinstance(meta["order"], int):
        raise LessonError(path, _("'order' must be a whole number, not {order!r}").format(order=meta['order']))
    return meta


def _body(path: Path, lines: list[str], first_line: int, language: str) -> tuple[str, list[Example]]:
    """The body with every checked example replaced by its facts, and the examples."""
    out: list[str] = []
    examples: list[Example] = []
    index = 0
    while index < len(lines):
        start = _BLOCK_START.match(lines[index])
        if not start:
            out.append(lines[index])
            index += 1
            continue
        fence, info = start.groups()
        close = next((j for j in range(index + 1, len(lines)) if lines[j].strip() == fence), None)
        line_number = first_line + index
        if close is None:
            raise LessonError(path, _("line {line}: a {fence} block is not closed").format(
                line=line_number, fence=fence))
        if info in EXAMPLE_KINDS:
            example = _example(path, info, lines[index + 1:close], line_number, FACTS[language])
            examples.append(example)
            out.extend(_render_facts(CAPTIONS[language][info], example.facts))
        else:
            out.extend(lines[index:close + 1])
        index = close + 1
    return "\n".join(out).strip() + "\n", examples


def _example(path: Path, kind: str, lines: list[str], line_number: int, words: FactWords) -> Example:
    where = _("line {line}: the {kind} block").format(line=line_number, kind=kind)
    try:
        split = next(i for i, line in enumerate(lines) if line.strip() == "---")
    except StopIteration:
        raise LessonError(path, _("{where} needs a --- line between the JSON and the facts").format(
            where=where)) from None
    try:
        request = json.loads("\n".join(lines[:split]), parse_float=Decimal)
    except json.JSONDecodeError as exc:
        raise LessonError(path, _("{where} is not valid JSON ({problem} at its line {line})").format(
            where=where, problem=exc.msg,
                                                                                         line=exc.lineno)) from None
    if not isinstance(request, dict):
        raise LessonError(path, _("{where} must hold a JSON object").format(where=where))
    facts = tuple(line.strip() for line in lines[split + 1:] if line.strip())
    if not facts:
        raise LessonError(path, _("{where} states no facts").format(where=where))
    patterns = words.settle if kind == "settle" else words.deal
    for fact in facts:
        if not any(pattern.match(fact) for pattern in patterns.values()):
            raise LessonError(path, _("{where} has a fact the trainer cannot check: {fact!r}").format(
                where=where, fact=fact))
    return Example(kind, request, facts, line_number)


def _render_facts(caption: str, facts: Iterable[str]) -> list[str]:
    """The facts as Markdown under a caption: numbered steps as an ordered list, the rest as bullets."""
    out: list[str] = ["", caption, ""]
    previous = None
    for fact in facts:
        numbered = bool(re.match(r"^\d+\. ", fact))
        if previous is not None and numbered != previous:
            out.append("")
        out.append(fact if numbered else f"- {fact}")
        previous = numbered
    out.append("")
    return out


# -- reading a folder ------------------------------------------------------------------------------------------


def _folder(folder: str | Path | None) -> Path:
    if folder is not None:
        return Path(folder)
    from trainer.resources import lessons_dir

    return lessons_dir()


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise LessonError(folder, _("is not a folder of lessons"))
    return sorted(path for path in folder.glob("*.md") if path.is_file())


def _sorted(lessons: Iterable[Lesson]) -> dict[str, Lesson]:
    return {lesson.topic: lesson for lesson in sorted(lessons, key=lambda lesson: (lesson.order, lesson.topic))}


def translation_dir(folder: str | Path | None = None, language: str = "en") -> Path:
    """Where the lessons of ``language`` are: the lessons folder for English, its subfolder (``es/``) otherwise."""
    folder = _folder(folder)
    if language not in LANGUAGES:
        raise LessonError(folder, _("has no lessons in the unknown language {language!r} (expected {languages})")
                          .format(language=language, languages=", ".join(LANGUAGES)))
    return folder if language == "en" else folder / language


def _load_folder(folder: Path, language: str) -> dict[str, Lesson]:
    lessons: dict[str, Lesson] = {}
    for path in _files(folder):
        lesson = load_lesson(path, language)
        if lesson.topic in lessons:
            raise LessonError(path, _("topic '{topic}' is already taught by {name}").format(
                topic=lesson.topic, name=lessons[lesson.topic].path.name))
        lessons[lesson.topic] = lesson
    if not lessons:
        raise LessonError(folder, _("holds no lessons (*.md files)"))
    return lessons


def load_lessons(folder: str | Path | None = None, language: str = "en") -> dict[str, Lesson]:
    """Every lesson of ``folder`` (default: the shipped lessons) by topic, in syllabus order, in ``language``:
    a topic not yet translated is taught by its English lesson.

    Raises :class:`LessonError` for the first file that cannot be used, or a topic taught twice.
    """
    english = _load_folder(_folder(folder), "en")
    if language == "en":
        return _sorted(english.values())
    translated = translation_dir(folder, language)
    lessons = _load_folder(translated, language) if translated.is_dir() else {}
    return _sorted({**english, **lessons}.values())


def _load_tolerant(folder: Path, language: str) -> tuple[dict[str, Lesson], list[str]]:
    try:
        paths = _files(folder)
    except LessonError as exc:
        return {}, [str(exc)]
    lessons: dict[str, Lesson] = {}
    problems: list[str] = []
    for path in paths:
        try:
            lesson = load_lesson(path, language)
        except LessonError as exc:
            problems.append(str(exc))
            continue
        if lesson.topic in lessons:
            problems.append(str(LessonError(
                path, f"topic '{lesson.topic}' is already taught by {lessons[lesson.topic].path.name}; skipped")))
            continue
        lessons[lesson.topic] = lesson
    return lessons, problems


def load_lessons_tolerant(folder: str | Path | None = None, language: str = "en") -> tuple[dict[str, Lesson],
                                                                                         list[str]]:
    """Like :func:`load_lessons`, but a file that cannot be used is skipped (a translated one falls back to the
    English lesson): returns the good lessons and one line per problem (the screen shows them once and goes on)."""
    english, problems = _load_tolerant(_folder(folder), "en")
    if language == "en":
        return _sorted(english.values()), problems
    if language == PSEUDO:
        return _sorted(_pseudo_lesson(lesson) for lesson in english.values()), problems
    try:
        translated = translation_dir(folder, language)
    except LessonError as exc:
        return _sorted(english.values()), [*problems, str(exc)]
    lessons, more = _load_tolerant(translated, language) if translated.is_dir() else ({}, [])
    return _sorted({**english, **lessons}.values()), [*problems, *more]


_MARKDOWN_LEAD = re.compile(r"^(\s*(?:#+|>|[-*]|\d+\.)?\s*)(.*)$")


def _pseudo_markdown(body: str) -> str:
    """A lesson's Markdown in the pseudo-language: each line's text (each cell of a table), the Markdown around it
    and the fenced examples kept."""
    lines, fenced = [], False
    for line in body.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            lines.append(line)
        elif fenced or not line.strip() or set(line.strip()) <= set("|-: "):
            lines.append(line)
        elif line.lstrip().startswith("|"):
            cells = line.strip().strip("|").split("|")
            lines.append("| " + " | ".join(pseudo(cell.strip()) for cell in cells) + " |")
        else:
            match = _MARKDOWN_LEAD.match(line)
            assert match is not None  # the pattern matches any line
            lines.append(match[1] + pseudo(match[2]))
    return "\n".join(lines)


def _pseudo_lesson(lesson: Lesson) -> Lesson:
    """The English lesson in the pseudo-language (:mod:`trainer.i18n.pseudo`), made when it is read."""
    return replace(lesson, title=pseudo(lesson.title), summary=pseudo(lesson.summary),
                   body=_pseudo_markdown(lesson.body))


@cache
def _shipped() -> dict[str, Lesson]:
    return load_lessons_tolerant()[0]


def lesson_for(topic: str, lessons: Mapping[str, Lesson] | None = None) -> Lesson | None:
    """The lesson that teaches ``topic`` (a step's or a mistake's topic), or None when there is none.

    >>> lesson_for("blind").title
    'The Blind'
    """
    return (_shipped() if lessons is None else lessons).get(topic)


# -- checking the examples against the engine ------------------------------------------------------------------


def check_examples(lesson: Lesson) -> list[str]:
    """Every fact of the lesson's examples that the engine does not give, one line each (empty: all correct)."""
    problems: list[str] = []
    for example in lesson.examples:
        name = lesson.path.name if lesson.language == "en" else f"{lesson.language}/{lesson.path.name}"
        where = f"{name} line {example.line}"
        try:
            with speaking(lesson.language):
                words = FACTS[lesson.language]
                found = _check_settle(example, words) if example.kind == "settle" else _check_deal(example, words)
        except (ValueError, KeyError, IndexError) as exc:
            found = [f"the example cannot be worked ({exc})"]
        problems.extend(f"{where}: {problem}" for problem in found)
    return problems


def _check_settle(example: Example, words: FactWords) -> list[str]:
    from trainer.engine.settlement import format_money, settle
    from trainer.settle_io import read_request

    result = settle(*read_request(dict(example.request)))
    steps = [step.describe() for step in result.procedure]
    problems = []
    for fact in example.facts:
        kind, match = _match(words.settle, fact)
        actual: str | None
        if kind == "numbered-step":
            number = int(match.group(1))
            actual = steps[number - 1] if number <= len(steps) else f"only {len(steps)} steps"
            expected = match.group(2)
        elif kind == "step":
            expected = match.group(1)
            actual = expected if expected in steps else "; ".join(steps)
        elif kind == "dealer":
            expected = f"{match.group(1)}{words.joiner}{match.group(2)}"
            actual = result.dealer.describe() + words.joiner + words.qualifies[0 if result.dealer_qualifies else 1]
        elif kind == "seat-hand":
            seat = result.seat(int(match.group(1)))
            expected, actual = match.group(2), seat.hand.describe()
            if match.group(3):
                expected += f", {words.results[match.group(3)]}"
                actual += f", {seat.result}"
        elif kind == "seat-net":
            expected, actual = match.group(2), format_money(result.seat(int(match.group(1))).net, signed=True)
        elif kind == "player-dealer-net":
            net = result.player_dealer_net
            expected, actual = match.group(1), None if net is None else format_money(net, signed=True)
        elif kind == "collection-fee":
            fee = result.collection_fee
            expected, actual = match.group(1), None if fee is None else format_money(fee)
        else:
            meter = result.progressive_meter
            expected, actual = match.group(1), None if meter is None else format_money(meter)
        if actual != expected:
            problems.append(f"states {fact!r}, the answer key gives {actual!r}")
    return problems


def _check_deal(example: Example, words: FactWords) -> list[str]:
    from trainer.engine.dealing import CardCount, Procedure, cards_unloaded, deal_order

    seats = list(example.request.get("seats", []))
    order = [str(target) for target in deal_order(Procedure(str(example.request.get("procedure"))), seats)]
    problems = []
    for fact in example.facts:
        kind, match = _match(words.deal, fact)
        if kind == "numbered-target":
            expected, actual = match.group(2), order[int(match.group(1)) - 1]
        elif kind == "unloaded":
            expected, actual = match.group(1), str(cards_unloaded(len(seats)))
        else:
            expected, actual = match.group(1), str(CardCount.for_seats(len(seats)))
        if actual != expected:
            problems.append(f"states {fact!r}, the answer key gives {actual!r}")
    return problems


def _match(patterns: Mapping[str, re.Pattern[str]], fact: str) -> tuple[str, re.Match[str]]:
    for kind, pattern in patterns.items():
        match = pattern.match(fact)
        if match:
            return kind, match
    raise ValueError(f"unknown fact {fact!r}")  # not reached: facts are checked when the lesson is read
