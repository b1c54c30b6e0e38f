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
from dataclasses import dataclass

from trainer.drills.decision_drills import Ask
from trainer.drills.procedures.answers import LETTER_HINT, read_letter
from trainer.drills.procedures.catalogue import DocStep, catalogue, deal_citation
from trainer.engine.dealing import DealingStep, Procedure
from trainer.i18n.translation import _
from trainer.quiz.round_order import BEFORE_DEAL_STAGES, order_games, round_order
from trainer.scoring import ErrorKind, Mistake

TOPICS = {
    "before-the-deal-player-dealer": "collection", "before-the-deal-house": "progressive-controller",
    "fold": "fold", "showdown-player-dealer": "order", "showdown-house": "qualification",
    "showdown-player-dealer-not-qualified": "qualification", "ace-round": "dealing", "fold-with-pairs": "pairs",
}
"""The lesson each procedure of the documents belongs to."""


def _ordinal(number: int) -> str:
    if number == 1:
        return _("{number}st").format(number=number)
    if number == 2:
        return _("{number}nd").format(number=number)
    if number == 3:
        return _("{number}rd").format(number=number)
    return _("{number}th").format(number=number)


def deal_steps(procedure: Procedure) -> tuple[DocStep, ...]:
    """The engine's dealing procedure in dealer English, one :class:`DocStep` per step of its data.

    >>> [step.text for step in deal_steps(Procedure.ACE)][:2]
    ['The five community cards, spread face down in the middle', 'Two cards to each seat with an Ante and a Blind, \
seat 1 upward']
    """
    citation = deal_citation(procedure.value)
    to_player_dealer = procedure in (Procedure.CARD_SHOE, Procedure.SHUFFLER)
    texts: list[str] = []
    rounds = {"seats": 0, "dealer": 0}
    for step in procedure.steps:
        texts.append(_deal_text(step, procedure, to_player_dealer, rounds))
    return tuple(DocStep(text, citation) for text in texts)


def _deal_text(step: DealingStep, procedure: Procedure, to_player_dealer: bool, rounds: dict[str, int]) -> str:
    if step.to in ("seats", "dealer"):
        rounds[step.to] += 1
        again = rounds[step.to] > 1
        count = _("Two cards") if step.count == 2 else _("A second card") if again else _("One card")
        if step.to == "dealer":
            if to_player_dealer:
                return _("{cards} to the player-dealer").format(cards=count)
            return _("{cards} to yourself").format(cards=count)
        return _("{cards} to each seat with an Ante and a Blind, seat 1 upward").format(cards=count)
    if step.to == "board":
        if procedure is Procedure.ACE:
            return _("The five community cards, spread face down in the middle")
        if procedure is Procedure.DECK_MATE:
            return _("The flop, turn and river from the hand-held deck, as the round goes on")
        return _("The five community cards in the centre of the table")
    if procedure is Procedure.DECK_MATE:
        return _("The stub of the hand-held deck to the discard rack with the round")
    return _("Unload the remaining cards into the discard rack, unseen")


@dataclass(frozen=True)
class OrderChoice:
    """A procedure the ordering drill asks: its key, title, steps in order, lesson, and the groups of steps that
    may come in any order among themselves (indexes into ``steps``)."""

    key: str
    title: str
    steps: tuple[DocStep, ...]
    topic: str
    either_order: tuple[frozenset[int], ...] = ()


def order_asks(steps: Sequence[DocStep], rng: random.Random, topic: str,
               either_order: Sequence[frozenset[int]] = ()) -> tuple[str, list[Ask]]:
    """The shuffled steps as lettered lines and one question per place but the last. At a place of an
    ``either_order`` group any step of the group not yet placed is right (the asks of one item share what was
    given)."""
    shuffled = list(range(len(steps)))
    while shuffled == sorted(shuffled):
        rng.shuffle(shuffled)
    letters = string.ascii_uppercase
    letter_of = {index: letters[place] for place, index in enumerate(shuffled)}
    lines = [f"{letters[place]}. {_(steps[index].text)}" for place, index in enumerate(shuffled)]
    placed: dict[int, str] = {}
    asks = []
    for position in range(len(steps) - 1):
        group = next((group for group in either_order if position in group), frozenset({position}))
        asks.append(_place_ask(steps, position, letter_of, topic, group, placed))
    return "\n".join(lines), asks


def _place_ask(steps: Sequence[DocStep], position: int, letter_of: dict[int, str], topic: str,
               group: frozenset[int], placed: dict[int, str]) -> Ask:
    step = steps[position]
    others = sorted(group - {position})
    either = "".join(_("; or, in either order, {letter}: {step}").format(letter=letter_of[index],
                                                                         step=_(steps[index].text)) for index in others)
    right = f"{letter_of[position]}: {_(step.text)}{either} ({step.citation})"
    by_letter = {letter: _(steps[index].text) for index, letter in letter_of.items()}

    def check(value: str) -> Mistake | None:
        earlier = {given for at, given in placed.items() if at < position}
        placed[position] = value
        if value in {letter_of[index] for index in group} - earlier:
            return None
        given = f"{value}: {by_letter[value]}" if value in by_letter else _("{letter} (no such step)").format(
            letter=value)
        return Mistake(ErrorKind.ORDER, f"{letter_of[position]}: {_(step.text)}", given, step.citation, topic)

    return Ask(_("Which step comes {ordinal}?").format(
        ordinal=_ordinal(position + 1)), read_letter, LETTER_HINT, check, right,
               letter_of[position])


def procedure_choices() -> list[OrderChoice]:
    """Every procedure the ordering drill asks: the documents' procedures, the deals, a whole round of each game
    (the very order the run round's script walks, :mod:`trainer.quiz.round_order`) and the controllers."""
    found: list[OrderChoice] = []
    for name, doc in catalogue().procedures.items():
        found.append(OrderChoice(name, _(doc.title), doc.steps, TOPICS.get(name, "dealing"), doc.either_order))
    for procedure in Procedure:
        found.append(OrderChoice(f"deal-{procedure.value}", _("The deal: {procedure}").format(
            procedure=procedure.label), deal_steps(procedure), "dealing"))
    for game, dealt_by, title in order_games():
        stages = round_order(game, dealt_by)
        before = frozenset(index for index, stage in enumerate(stages) if stage.key in BEFORE_DEAL_STAGES)
        found.append(OrderChoice(f"round-{game}-{dealt_by}", _(title),
                                 tuple(DocStep(stage.text, stage.rule) for stage in stages), "order", (before,)))
    for name, controller in catalogue().controllers.items():
        found.append(OrderChoice(f"controller-{name}", _("{title}, a round with a winner").format(
            title=_(controller.title)),
                                 controller.steps, "progressive-controller"))
    return found
