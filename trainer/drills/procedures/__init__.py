"""Procedure drills: every procedure of the documents, drilled (``uth-trainer quiz --topic NAME``).

- ``procedure-order``: put the steps of a procedure in order (before the deal at both kinds of table, the deal by
  each dealing procedure of the engine, a folded hand, the showdown, the two Progressive controller systems);
- ``wager-allowed``: is this wager allowed at this table (table limits, the fee option's limit per spot, Bad
  Beat's required wagers, side bets a game does not offer) or this act (back-line wagering, wagers on another
  player's or the house's hand, side bets between players, cards kept on or above the table);
- ``who-banks``: who banks the coming hand at a player-dealer table (two consecutive hands at most, clockwise,
  declines pass the offer on);
- ``controller``: what the Progressive controller (or the dealer) needs now, on either system;
- ``irregularity``: what to do about a shuffler malfunction, a folded hand of one or three cards, a card with the
  other deck's back, a deck that does not count 52 (and when nothing is wrong);
- ``play-wager``: take or refuse a Play wager, street by street (:mod:`.play_wager`).

Items are dealt from the drill's seeded random source, so the same seed gives the same set; every answer names
the document and section it comes from. The items are :class:`~trainer.drills.decision_drills.DecisionItem` s,
so the terminal quiz and the GUI's drill form run them as they run every question drill.

>>> drill = DRILLS[0]
>>> item = next(drill.items(random.Random(4), 1, Mode.PRACTICE))
>>> all(item.answer(ask.expected).correct for ask in list(item.asks))
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from trainer.drills.decision_drills import Ask, DecisionItem
from trainer.drills.procedures import play_wager, protection_drill, questions
from trainer.drills.procedures.ordering import order_asks, procedure_choices
from trainer.i18n.translation import N_, _
from trainer.scoring import Mode

Clock = Callable[[], float]
GROUP = N_("Procedures")
ItemMaker = Callable[[random.Random], tuple[str, str, list[Ask]]]


def ordering_item(rng: random.Random) -> tuple[str, str, list[Ask]]:
    """One procedure, its steps shuffled: which comes 1st, 2nd, ..."""
    choice = rng.choice(procedure_choices())
    text, asks = order_asks(choice.steps, rng, choice.topic, choice.either_order)
    return f"Order · {choice.key}", _("{title}: put these steps in order.\n{steps}").format(title=choice.title,
                                                                                          steps=text), asks


def wager_or_act_item(rng: random.Random) -> tuple[str, str, list[Ask]]:
    """Two wagers at a table for each act of game protection."""
    return (questions.protection_asks if rng.random() < 1 / 3 else questions.wager_asks)(rng)


@dataclass(frozen=True)
class ProcedureDrill:
    """A drill whose items ``make`` builds from a random source (one seed per item, so each replays)."""

    name: str
    group: str
    description: str
    make: ItemMaker

    def items(self, rng: random.Random, count: int, mode: Mode,
              clock: Clock = time.monotonic) -> Iterator[DecisionItem]:
        for __ in range(count):
            seed = rng.randrange(1_000_000)
            title, text, asks = self.make(random.Random(seed))
            kind, sep, _key = title.partition(" · ")
            # the key (which procedure, which street) is not shown: it would give the answer away
            shown = _("{kind} · item {seed}").format(kind=_(_KINDS.get(kind, kind)), seed=seed) if sep else title
            yield DecisionItem(self.name, shown, text, asks, mode, clock, item=f"{title} · item {seed}")


_KINDS = {"Order": N_("Order"), "Wagers": N_("Wagers"), "Game protection": N_("Game protection"),
          "Rotation": N_("Rotation"), "Controller": N_("Controller"), "Irregularity": N_("Irregularity"),
          "Play wager": N_("Play wager")}
"""The kinds of procedure item, as their titles name them (the scores keep the English title)."""


DRILLS = (
    ProcedureDrill("procedure-order", GROUP, N_("Put the steps of a procedure in order: before the deal, the deal by "
                   "each dealing procedure, a fold, the showdown, the Progressive controller"), ordering_item),
    ProcedureDrill("wager-allowed", GROUP, N_("Is this wager allowed at this table (limits, limit per spot, Bad "
                   "Beat's wagers) or this act (back line, other hands, side bets between players)?"),
                   wager_or_act_item),
    ProcedureDrill("who-banks", GROUP, N_("Player-dealer rotation: who banks the coming hand (two in a row at most, "
                   "clockwise, declines pass it on)"), questions.rotation_asks),
    ProcedureDrill("controller", GROUP, N_("The Progressive controller on both systems: what the round needs now"),
                   questions.controller_asks),
    ProcedureDrill("irregularity", GROUP, N_("What to do about an irregularity: shuffler malfunction, a fold of one "
                   "or three cards, the other deck's back, a deck not counting 52"), questions.irregularity_asks),
    ProcedureDrill("play-wager", GROUP, N_("Take or refuse a Play wager, street by street: 4x or 3x before the flop, "
                   "2x on the flop, 1x or fold on the river, one Play wager only, never changed"),
                   play_wager.play_wager_asks),
    ProcedureDrill("protection", GROUP, N_("Game protection at the table: stop a late wager, a back-line wager, a bet "
                   "on another's hand or between players, cards lifted off the table"),
                   protection_drill.protection_asks),
)
