"""Put the steps of a procedure in order: the documents' procedures (``procedures.toml``), the engine's dealing
procedures, and the two Progressive controller systems.

The steps are shown shuffled, lettered A, B, C ...; the trainee names the letter that comes 1st, 2nd, ... (the
last one follows). Each answer is checked against the procedure's order and a wrong one names the step due
there with the document and section it comes from.
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence

from trainer.drills.decision_drills import Ask
from trainer.drills.procedures.answers import LETTER_HINT, read_letter
from trainer.drills.procedures.catalogue import DocStep, catalogue, deal_citation
from trainer.engine.dealing import DealingStep, Procedure
from trainer.scoring import ErrorKind, Mistake

TOPICS = {
    "before-the-deal-player-dealer": "collection", "before-the-deal-house": "progressive-controller",
    "fold": "fold", "showdown-player-dealer": "order", "showdown-house": "qualification",
}
"""The lesson each procedure of the documents belongs to."""


def _ordinal(number: int) -> str:
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th') }"


def deal_steps(procedure: Procedure) -> tuple[DocStep, ...]:
    """The engine's dealing procedure in dealer English, one :class:`DocStep` per step of its data.

    >>> [step.text for step in deal_steps(Procedure.ACE)][:2]
    ['The five community cards, spread face down in the middle', 'Two cards to each seat with an Ante and a Blind, \
seat 1 upward']
    """
    citation = deal_citation(procedure.value)
    who = "the player-dealer" if procedure in (Procedure.CARD_SHOE, Procedure.SHUFFLER) else "yourself"
    texts: list[str] = []
    rounds = {"seats": 0, "dealer": 0}
    for step in procedure.steps:
        texts.append(_deal_text(step, procedure, who, rounds))
    return tuple(DocStep(text, citation) for text in texts)


def _deal_text(step: DealingStep, procedure: Procedure, who: str, rounds: dict[str, int]) -> str:
    if step.to in ("seats", "dealer"):
        rounds[step.to] += 1
        again = rounds[step.to] > 1
        count = {1: "A second card" if again else "One card", 2: "Two cards"}[step.count]
        if step.to == "dealer":
            return f"{count} to {who}"
        return f"{count} to each seat with an Ante and a Blind, seat 1 upward"
    if step.to == "board":
        if procedure is Procedure.ACE:
            return "The five community cards, spread face down in the middle"
        if procedure is Procedure.DECK_MATE:
            return "The flop, turn and river from the hand-held deck, as the round goes on"
        return "The five community cards in the centre of the table"
    if procedure is Procedure.DECK_MATE:
        return "The stub of the hand-held deck to the discard rack with the round"
    return "Unload the remaining cards into the discard rack, unseen"


def order_asks(steps: Sequence[DocStep], rng: random.Random, topic: str) -> tuple[str, list[Ask]]:
    """The shuffled steps as lettered lines and one question per place but the last."""
    shuffled = list(range(len(steps)))
    while shuffled == sorted(shuffled):
        rng.shuffle(shuffled)
    letters = string.ascii_uppercase
    letter_of = {index: letters[place] for place, index in enumerate(shuffled)}
    lines = [f"{letters[place]}. {steps[index].text}" for place, index in enumerate(shuffled)]
    asks = []
    for position in range(len(steps) - 1):
        asks.append(_place_ask(steps, position, letter_of, topic))
    return "\n".join(lines), asks


def _place_ask(steps: Sequence[DocStep], position: int, letter_of: dict[int, str], topic: str) -> Ask:
    step = steps[position]
    right = f"{letter_of[position]}: {step.text} ({step.citation})"
    by_letter = {letter: steps[index].text for index, letter in letter_of.items()}

    def check(value: str) -> Mistake | None:
        if value == letter_of[position]:
            return None
        given = f"{value}: {by_letter[value]}" if value in by_letter else f"{value} (no such step)"
        return Mistake(ErrorKind.ORDER, f"{letter_of[position]}: {step.text}", given, step.citation, topic)

    return Ask(f"Which step comes {_ordinal(position + 1)}?", read_letter, LETTER_HINT, check, right,
               letter_of[position])


def procedure_choices() -> list[tuple[str, str, tuple[DocStep, ...], str]]:
    """Every procedure the ordering drill asks: (key, title, steps, lesson topic)."""
    found: list[tuple[str, str, tuple[DocStep, ...], str]] = []
    for name, doc in catalogue().procedures.items():
        found.append((name, doc.title, doc.steps, TOPICS.get(name, "dealing")))
    for procedure in Procedure:
        found.append((f"deal-{procedure.value}", f"The deal: {procedure.label}", deal_steps(procedure), "dealing"))
    for name, controller in catalogue().controllers.items():
        found.append((f"controller-{name}", f"{controller.title}, a round with a winner", controller.steps,
                      "progressive-controller"))
    return found
