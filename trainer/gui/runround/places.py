"""What a run round on the table needs that is not drawing (Qt-free): the place a click on the felt names, the
part of the round an act belongs to (the round to run is the session's: :mod:`trainer.session.running`).

A click names a *place* — a seat, the dealer (on a player-dealer table, the player-dealer's seat), the board
(one community card's place, or the board as a whole) — and the card it gets is that place's next one:

>>> from trainer.engine.dealing import Target
>>> dealt = [Target("seat", 2, 0), Target("dealer", None, 0)]
>>> clicked_target("seat", 2, None, dealt), clicked_target("seat", 1, None, dealt, player_dealer_seat=1)
(Target(kind='seat', seat=2, slot=1), Target(kind='dealer', seat=None, slot=1))
>>> clicked_target("board", None, 3, dealt), clicked_target("board", None, None, dealt)
(Target(kind='board', seat=None, slot=3), Target(kind='board', seat=None, slot=0))
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from trainer.engine.dealing import Target
from trainer.quiz.round_order import Stage
from trainer.quiz.round_script import ScriptStep, Task
from trainer.session.running import IRREGULARITY_RATE, RUN_ROUND_DRILL, run_round_for

__all__ = ["DRILL", "IRREGULARITY_RATE", "Part", "clicked_target", "part_of", "run_round_for"]

DRILL = RUN_ROUND_DRILL
"""What a run round is scored under (the terminal's topic of the same name)."""


class Part(StrEnum):
    """The part of the round a task belongs to (what a click on the felt means then)."""

    BEFORE = "before"
    """The fee, "No more bets", COIN IN."""
    DEAL = "deal"
    """The cards to their places, the rest unloaded (a click deals the next card)."""
    STREETS = "streets"
    """The Play wagers taken (or a second one refused) street by street, the flop, turn and river turned over."""
    FOLDS = "folds"
    """Each fold: its losing wagers taken, its cards counted and racked (a click picks a folded hand)."""
    SETTLE = "settle"
    """The dealer's hand announced, then one player at a time: the hand announced, the wagers settled, the cards
    racked (a click picks a wager)."""
    AFTER = "after"
    """The cards racked and counted."""


def part_of(step: ScriptStep | None) -> Part:
    """The part of the round ``step`` belongs to (a response to an irregularity: the part it strikes in).

    >>> part_of(ScriptStep(Task.VOID, "", target=Target("seat", 1, 0))), part_of(ScriptStep(Task.RACK, ""))
    (<Part.DEAL: 'deal'>, <Part.AFTER: 'after'>)
    """
    if step is None:
        return Part.AFTER
    task = step.task
    if task in (Task.TAKE_FEE, Task.NO_MORE_BETS, Task.COIN_IN) or (task is Task.STOP and step.stage is Stage.DEAL):
        return Part.BEFORE
    if task is Task.STOP:
        return Part.STREETS
    if task in (Task.DEAL, Task.UNLOAD) or (task.responds and step.target is not None):
        return Part.DEAL
    if task in (Task.TAKE_PLAY, Task.REFUSE_PLAY, Task.REVEAL):
        return Part.STREETS
    if task is Task.COLLECT_FOLD or (task.responds and step.seat is not None):
        return Part.FOLDS
    if task is Task.SETTLE and step.stage is Stage.FOLD_WAGERS:
        return Part.FOLDS
    if task in (Task.ANNOUNCE, Task.ANNOUNCE_HAND, Task.HAND_BUTTON, Task.CALL_SUPERVISOR, Task.SETTLE):
        return Part.SETTLE
    if task is Task.RACK and step.seat is not None:
        return Part.SETTLE
    return Part.AFTER


def clicked_target(kind: str, seat: int | None, slot: int | None, given: Sequence[Target], *,
                   player_dealer_seat: int | None = None) -> Target:
    """The card a click deals: ``kind`` (``seat``, ``dealer``, ``board``), the seat clicked, the community
    card's ``slot`` when one place of the board was clicked; ``given``: the places dealt to so far."""
    if kind == "seat" and seat is not None and seat == player_dealer_seat:
        kind = "dealer"
    if kind == "seat" and seat is not None:
        return Target("seat", seat, min(1, sum(target.kind == "seat" and target.seat == seat for target in given)))
    if kind == "dealer":
        return Target("dealer", None, min(1, sum(target.kind == "dealer" for target in given)))
    if slot is not None:
        return Target("board", None, slot)
    return Target("board", None, min(4, sum(target.kind == "board" for target in given)))
