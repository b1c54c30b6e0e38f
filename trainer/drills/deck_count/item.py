"""What every level of the deck-count drill shares: the rules quoted, the levels and their time targets, and
:class:`CountItem`, the timed and scored run of questions each level's item is."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from trainer.drills.base import Feedback, Question
from trainer.drills.deck_count.answers import parse_yes_no
from trainer.drills.deck_count.spread import Spread
from trainer.i18n.translation import N_, _
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode, Stopwatch

TOPIC = "card count"

RULE_HAND = N_("A folded hand is spread face down and counted (two cards) before it goes to the discard rack.")
RULE_UNLOADED = N_("After the deal the cards left, 52 − 2 per seat − 2 dealer − 5 community, are unloaded unseen "
                   "into the discard rack.")
RULE_WHOLE_DECK = N_("At the end of the round every card of the round's deck is in the rack: 2 per seat + 2 dealer "
                     "+ 5 community + the unloaded rest = 52.")
RULE_DECKS = N_("Two decks with different backs alternate round by round; only one deck is in the discard rack at "
                "a time.")
RULE_DECK_CHECK = N_("Spread the deck face up and check that all 52 cards are there; name the missing and the extra "
                     "card.")
RULE_DUPLICATE = N_("A card with the other deck's back, or any miscount, is an irregularity: stop and call the floor "
                    "supervisor, never tidy the card away or fix the deck yourself (rules notes §7).")
RULE_COUNT_DOWN = N_("Count a face-down deck in groups of five; a whole deck comes to 52.")


# -- levels and their targets --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    """One level of the drill and its time target."""

    number: int
    name: str
    description: str
    target_seconds: float
    """Seconds per hand (level 1), per round (2), per deck in suit order (3; twice that in random order), or per
    card counted (4)."""


LEVELS: dict[int, Level] = {
    1: Level(1, N_("Hand count"), N_("each folded hand spread face down: two cards, or flag it"), 3.0),
    2: Level(2, N_("Round count"), N_("the deck in play, the cards unloaded after the deal, a whole deck in the rack"),
             30.0),
    3: Level(3, N_("Deck check"), N_("a deck spread face up: all 52? the missing card, the extra card and its deck"),
             45.0),
    4: Level(4, N_("Count down"), N_("a face-down stack spread and counted in fives against the clock"), 0.5),
}



@dataclass(frozen=True)
class Ask:
    question: Question
    check: Callable[[Any], Feedback]
    spread: Spread | None


class CountItem(ABC):
    """What every level's item has: questions asked in turn, each with the spread to show, timed and scored.

    Subclasses write :meth:`_asks`, a generator of questions; it may look at the answers already checked,
    so a follow-up is only asked when it applies. The clock starts at the first question.
    """

    level: Level
    title: str
    text: str
    brief: str
    """One line saying what is on the layout, in English: the scores' key (:attr:`item_name`)."""
    deck_colour: str

    def __init__(self, difficulty: int, *, drill: str, mode: Mode, clock: Callable[[], float]) -> None:
        self.difficulty = difficulty
        self.drill = drill
        self.mode = mode
        self._mistakes: list[Mistake] = []
        self._steps: list[bool] = []
        self._script: Iterator[Ask] | None = None
        self._current: Ask | None = None
        self._shown: Spread | None = None
        self._watch = Stopwatch(clock)
        self._started = False
        self._answered_after = 0.0
        self.done = False

    # -- the DrillItem protocol ------------------------------------------------------------------------------

    def next_question(self) -> Question | None:
        if self._script is None:
            self._watch.restart()
            self._started = True
            self._script = self._asks()
            self._advance()
        return None if self._current is None else self._current.question

    def answer(self, value: Any) -> Feedback:
        if self._current is None:
            raise RuntimeError("no question is waiting for an answer")
        feedback = self._current.check(value)
        self._answered_after = self._watch.seconds()
        self._advance()
        if self.done:
            feedback = replace(feedback, message=f"{feedback.message} {self.timing()}")
        return feedback

    def result(self) -> ItemResult:
        correct = sum(self._steps)
        return ItemResult(self.drill, self.item_name, len(self._steps), correct, tuple(self._mistakes),
                          round(self.seconds, 3), self.mode)

    # -- what the GUI reads ----------------------------------------------------------------------------------

    @property
    def spread(self) -> Spread | None:
        """The cards on the layout for the current question (after the last answer: the last ones shown)."""
        return self._shown

    @property
    def question(self) -> Question | None:
        return None if self._current is None else self._current.question

    @property
    def seconds(self) -> float:
        """Seconds from the first question to the last answer (while unfinished: until now)."""
        if not self._started:
            return 0.0
        return max(0.0, self._answered_after if self.done else self._watch.seconds())

    @property
    def target_seconds(self) -> float:
        return self.level.target_seconds

    @property
    def on_target(self) -> bool:
        return self.seconds <= self.target_seconds

    def timing(self) -> str:
        verdict = _("on target") if self.on_target else _("over target")
        return _("Time {seconds:.1f} s, target {target:.0f} s: {verdict}.").format(
            seconds=self.seconds, target=self.target_seconds, verdict=verdict)

    @property
    def shown_brief(self) -> str:
        """:attr:`brief` in the language spoken: the line the GUI shows above the spread (``text`` adds a
        picture)."""
        return self._shown_brief()

    def _shown_brief(self) -> str:
        return self.brief

    @property
    def item_name(self) -> str:
        return f"level {self.level.number} {self.level.name.lower()}: {self.brief}"

    # -- for the levels --------------------------------------------------------------------------------------

    @abstractmethod
    def _asks(self) -> Iterator[Ask]:
        """The level's questions, in turn."""

    def _advance(self) -> None:
        assert self._script is not None
        self._current = next(self._script, None)
        if self._current is None:
            self.done = True
        elif self._current.spread is not None:
            self._shown = self._current.spread

    def _score(self, right: bool, message: str, mistake: Mistake | None = None) -> Feedback:
        """Count one step; a wrong one carries its named mistake."""
        self._steps.append(right)
        if mistake is None:
            return Feedback(right, message)
        self._mistakes.append(mistake)
        text = _("{kind} (you said {given}): {message} Rule: {rule}").format(
            kind=mistake.kind.label.capitalize(), given=mistake.given, message=message, rule=mistake.rule)
        return Feedback(right, text, (mistake,))

    def _mistake(self, kind: ErrorKind, expected: str, given: str, rule: str) -> Mistake:
        return Mistake(kind, expected, given, _(rule), TOPIC)

    def _guide(self, prompt: str, how: str) -> str:
        """In guided mode a prompt also says how to work the answer out."""
        return f"{prompt}\n  ({how})" if self.mode is Mode.GUIDED else prompt


def yes_no_question(prompt: str, hint: str | None = None) -> Question:
    return Question(prompt, parse_yes_no, _("answer Y or N") if hint is None else hint, ("Y", "N"))
