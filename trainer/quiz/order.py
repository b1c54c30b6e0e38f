"""The order a dealer settles a round in, as the quiz grades it and as the table's selection follows it.

The engine's ``procedure`` lists every step in one order. The quiz grades that order with the freedom the rules
give (rules-notes §2):

- a house table settles seat by seat, right to left; inside a seat the Washington documents leave the order of
  the wagers to the casino, so the quiz accepts a seat's wagers in any order, unless the room set its own order
  (``wager_order``), which is then graded;
- a player-dealer table fixes the order inside a seat too (coverage depends on it), so every step has its place.

Steps the trainee may do in any order among themselves share a *rank*; a step is in order when nothing of a lower
rank is still to do. :func:`next_selection` and :func:`next_seat` give the table's own order to a screen (where the
selection goes after a step, and the "next seat" key).
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.settlement import Step
from trainer.engine.table import TableRules
from trainer.engine.wagers import Wager
from trainer.i18n.translation import _

StepKey = tuple[int, Wager]
"""A wager on the layout: its seat and which wager."""

COIN_IN = "coin-in"
"""The phase of the Progressive wagers removed at COIN IN, before the deal: never asked of the trainee."""


def key_of(step: Step) -> StepKey:
    """The wager a step settles.

    >>> from decimal import Decimal
    >>> from trainer.engine.wagers import Action, Outcome
    >>> key_of(Step(3, Wager.PLAY, Action.TAKE, Decimal(20), Decimal(-20), "settle", Outcome.LOSE, "", ""))
    (3, <Wager.PLAY: 'play'>)
    """
    return (step.seat, step.wager)


def steps_to_settle(procedure: Sequence[Step]) -> tuple[Step, ...]:
    """The steps a trainee settles: the whole procedure but the coin-in steps (done before the deal)."""
    return tuple(step for step in procedure if step.phase != COIN_IN)


def seat_order_graded(table: TableRules) -> bool:
    """True when the order of the wagers inside a seat is graded: always on a player-dealer table; on a house
    table only when the room set its own ``wager_order``.

    >>> from trainer.engine.table import Banking
    >>> seat_order_graded(TableRules()), seat_order_graded(TableRules(banking=Banking.PLAYER_DEALER))
    (False, True)
    >>> seat_order_graded(TableRules(wager_order=("play", "ante", "blind", "trips", "bad_beat", "pairs",
    ...                                           "progressive"), room_wager_order=True))
    True
    """
    return not table.is_house or table.room_wager_order


def order_ranks(steps: Sequence[Step], table: TableRules) -> dict[StepKey, int]:
    """Each step's rank: steps of equal rank may be done in any order among themselves, a lower rank first.

    On a house table without its own ``wager_order``, the steps of one seat in one pass share a rank; otherwise
    every step has its own, in the procedure's order.
    """
    free = not seat_order_graded(table)
    ranks: dict[StepKey, int] = {}
    rank, group = -1, None
    for step in steps:
        this = (step.phase, step.seat) if free else None
        if this is None or this != group:
            rank += 1
        group = this
        ranks[key_of(step)] = rank
    return ranks


def order_rule(table: TableRules, due: Step, chosen: Step | None = None) -> str:
    """The ordering rule that puts ``due`` before ``chosen`` (the step the trainee took instead)."""
    if due.phase == "fold":
        return _("A folded hand is collected at once, in seat order, before any hand is settled")
    if due.phase == "refund" and chosen is not None and chosen.phase == "refund":
        return _("Dealer does not qualify: the Antes are refunded right to left, from the highest seat down")
    if due.phase == "refund":
        return _("Dealer does not qualify: the refund pass comes first — refund every Ante (push it), right to "
                 "left, before looking at any player's hand")
    if chosen is not None and chosen.seat == due.seat and chosen.phase == due.phase:
        if table.is_house:
            return _("Inside a seat the wagers go in the room's order: {wagers}").format(wagers=_wager_names(table))
        return _("Inside a seat the order is fixed: a losing hand Play, Ante, Blind; a winning hand Ante, Play, "
                 "Blind; a tie Ante, Play, Blind; then the Trips, then the Bad Beat")
    if table.is_house:
        return _("Settle right to left, from the highest seat down, one seat at a time")
    return _("Settle clockwise, starting with the player on the player-dealer's left, one seat at a time")


def _wager_names(table: TableRules) -> str:
    names = []
    for name in table.wager_order:
        try:
            names.append(Wager(name).label)
        except ValueError:
            names.append(name)
    return ", ".join(names)


def in_order(ranks: Sequence[int]) -> set[int]:
    """The positions of the longest run of ``ranks`` (not necessarily adjacent) that never goes down: the steps
    judged in order. Of several such runs the one made of the later steps is kept, so of two steps swapped the one
    done first is the one out of order.

    >>> sorted(in_order([0, 1, 2, 3]))
    [0, 1, 2, 3]
    >>> sorted(in_order([0, 5, 1, 2, 3, 4]))  # the step of rank 5 was done out of turn
    [0, 2, 3, 4, 5]
    >>> sorted(in_order([1, 0]))  # swapped: the first done is out of order
    [1]
    """
    ending = [1] * len(ranks)
    for i, rank in enumerate(ranks):
        for j in range(i):
            if ranks[j] <= rank and ending[j] + 1 > ending[i]:
                ending[i] = ending[j] + 1
    kept: set[int] = set()
    need, ceiling = max(ending, default=0), None
    for i in range(len(ranks) - 1, -1, -1):
        if ending[i] == need and (ceiling is None or ranks[i] <= ceiling):
            kept.add(i)
            need, ceiling = need - 1, ranks[i]
    return kept


def next_selection(pending: Sequence[Step]) -> StepKey | None:
    """Where the selection goes once a step is done: the next wager in the table's own order (None when every
    wager is settled). ``pending`` is the quiz's list of steps still to do, in the procedure's order.

    After a refund-pass push this is the next seat's Ante, never the same seat's Play.
    """
    return key_of(pending[0]) if pending else None


def seats_in_order(pending: Sequence[Step]) -> list[int]:
    """The seats with something left to settle, in the order the table settles them."""
    seats: list[int] = []
    for step in pending:
        if step.seat not in seats:
            seats.append(step.seat)
    return seats


def next_seat(pending: Sequence[Step], current: int | None) -> int | None:
    """The "next seat" key: the seat after ``current`` in the table's order (right to left on a house table,
    clockwise from the player-dealer's left on a player-dealer table), wrapping round; the first seat with
    something to settle when ``current`` is None or done; None when nothing is left."""
    seats = seats_in_order(pending)
    if not seats:
        return None
    if current not in seats:
        return seats[0]
    return seats[(seats.index(current) + 1) % len(seats)]
