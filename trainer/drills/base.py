"""What a drill is, how drills are found, and the question-and-answer loop they share.

A :class:`Drill` deals *items* (a hand to settle, a payout to work out, a deck to count) from a seeded random
source, so any item can be replayed from its seed. An item asks :class:`Question` s one at a time; each
answer is parsed (``None`` = unreadable: the hint is shown and the same question asked again) and checked,
giving :class:`Feedback`. The GUI and the terminal quiz drive the same items.

Drills are found by scanning this package: every module that defines a ``DRILLS`` sequence adds its drills.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol

from trainer.i18n.translation import _
from trainer.scoring import ItemResult, Mistake, Mode


@dataclass(frozen=True)
class Feedback:
    """What the trainee is told after an answer (in exam mode the GUI and terminal hold it back)."""

    correct: bool
    message: str
    mistakes: tuple[Mistake, ...] = ()
    accepted: bool = True


@dataclass(frozen=True)
class Question:
    """One question: the prompt, how to read an answer, and a hint shown when it cannot be read."""

    prompt: str
    parse: Callable[[str], Any]
    hint: str
    choices: Sequence[str] = field(default=())


class DrillItem(Protocol):
    """One item of a drill: text to show, questions one at a time, a score at the end."""

    title: str
    text: str

    def next_question(self) -> Question | None:
        """The next question, or None when the item is done."""
        ...

    def answer(self, value: Any) -> Feedback:
        """Check a parsed answer to the current question."""
        ...

    def result(self) -> ItemResult:
        ...


class Drill(Protocol):
    """A drill: its name (the word ``quiz --topic`` takes), topic group, description, and its items.

    The three texts are read-only here, so a frozen dataclass is a drill too."""

    @property
    def name(self) -> str: ...

    @property
    def group(self) -> str: ...

    @property
    def description(self) -> str: ...

    def items(self, rng: random.Random, count: int, mode: Mode) -> Iterator[DrillItem]:
        ...


@cache
def all_drills() -> dict[str, Drill]:
    """Every drill of every module of this package that defines ``DRILLS``, by name, in a stable order."""
    import trainer.drills as package

    found: dict[str, Drill] = {}
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name):
        module = importlib.import_module(f"trainer.drills.{module_info.name}")
        for drill in getattr(module, "DRILLS", ()):
            if drill.name in found:
                raise ValueError(f"two drills are named {drill.name!r}")
            found[drill.name] = drill
    return found


def drill_description(drill: Drill) -> str:
    """The drill's description in the current language: its own ``shown_description`` where it builds one (the
    payout and deck-count levels), else its marked ``description`` looked up."""
    shown = getattr(drill, "shown_description", None)
    return shown if isinstance(shown, str) and shown else _(drill.description)


def drill_named(name: str) -> Drill:
    drills = all_drills()
    if name not in drills:
        raise KeyError(_("no drill named {name!r} (see `uth-trainer quiz --list`)").format(name=name))
    return drills[name]


def item_rng(seed: int, index: int) -> random.Random:
    """The random source of item ``index`` of a set dealt from ``seed``: any item replays on its own."""
    return random.Random(f"{seed}:{index}")
