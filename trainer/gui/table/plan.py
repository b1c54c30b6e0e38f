"""The plan of a round on the table: which phases it plays, in order, and what each settles (Qt-free).

:func:`plan_round` reads an engine :class:`~trainer.engine.round.PlayedRound` and lists its phases:

``bets`` · ``coin-in`` (when anyone bet the Progressive) · ``fee`` (player-dealer tables) · ``deal`` ·
``preflop`` · ``flop`` · ``turn-river`` · ``river-decisions`` · ``folds`` (when someone folded) · ``reveal`` ·
``refund`` (house table, dealer does not qualify) · ``settle:<seat>`` for each seat in the engine's settlement
order · ``cleanup``.

COIN IN (seed 002 rule 6, rules-notes §2): once the bets are placed the dealer presses COIN IN, the sensors
light and every Progressive wager leaves the layout before the deal. The ``coin-in`` phase holds the engine's
coin-in steps (the losing Progressive wagers) and names in ``seats`` every seat whose Progressive wager goes;
a winning Progressive's stake goes too, and its award is paid from the tray in its seat's turn.

Settled by the trainee, the plan stops at ``showdown``; :func:`rest_of_plan` is what follows
the trainee's settlement: the steps left (``settle-rest``) and the ``cleanup``. Every step of the settlement is
in exactly one phase. The animation of each phase is built by the director from these records; the plan decides
nothing about the game, it only sorts the engine's records.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from trainer.engine.round import PlayedRound
from trainer.engine.settlement import Step
from trainer.gui.table.phases import Phase, phase_name
from trainer.quiz.round_script import tucked_under_pairs as tucked_under_pairs  # what a folded Pairs hand shows

FOLD_STEP = "fold"
REFUND_STEP = "refund"
SETTLE_STEP = "settle"
COIN_IN_STEP = "coin-in"
"""The values of the engine's ``Step.phase`` the plan sorts by (compared as strings: an enum of the engine
with these values compares equal)."""

SettledKey = tuple[int, str]
"""A settled wager: ``(seat, wager name)``."""


@dataclass(frozen=True)
class PlannedPhase:
    """One phase of the plan: the settlement ``steps`` it shows, and the ``seats`` it is about (the seat of a
    ``settle:<seat>`` phase; the folded hands of ``folds``; the hands turned up at ``showdown``; the
    Progressive wagers taken off the layout at ``coin-in``)."""

    phase: Phase
    steps: tuple[Step, ...] = ()
    seats: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        """The name the director reports: the phase, or ``settle:<seat>``."""
        return phase_name(self.phase, self.seats[0] if self.phase is Phase.SETTLE else None)


def step_key(step: Step) -> SettledKey:
    """The wager a step settles, as ``(seat, wager name)``."""
    return step.seat, str(step.wager)


def player_dealer_seat(played: PlayedRound) -> int | None:
    """The player-dealer's seat; None at a house-banked table."""
    table = played.table
    return None if str(table.banking) == "house" else table.player_dealer_seat


def in_action(played: PlayedRound) -> frozenset[int]:
    """The seats with something settled after the folds and coin-in: every hand that did not fold, and a folded
    hand whose Trips, Pairs or Progressive still plays (rules-notes §7). A folded hand whose only wager left is the
    Pairs lies tucked face down under it until the seat's turn (:func:`tucked_under_pairs`, seed 002 Pairs rule 4);
    the others stay face up."""
    procedure = played.settlement.procedure
    return frozenset(step.seat for step in procedure if str(step.phase) in (REFUND_STEP, SETTLE_STEP))


def seat_groups(steps: Iterable[Step]) -> list[tuple[int, tuple[Step, ...]]]:
    """Consecutive steps of the same seat, in the procedure's order."""
    groups: list[tuple[int, list[Step]]] = []
    for step in steps:
        if groups and groups[-1][0] == step.seat:
            groups[-1][1].append(step)
        else:
            groups.append((step.seat, [step]))
    return [(seat, tuple(group)) for seat, group in groups]


def _of_phase(steps: Sequence[Step], phase: str) -> tuple[Step, ...]:
    return tuple(step for step in steps if str(step.phase) == phase)


def progressive_seats(played: PlayedRound) -> tuple[int, ...]:
    """The seats with a Progressive wager, in the engine's coin-in order then any other (every one of them
    leaves the layout at COIN IN, winners included)."""
    betting = {bets.seat for bets in played.bets if bets.progressive > 0}
    first = [step.seat for step in played.settlement.procedure if str(step.phase) == COIN_IN_STEP]
    return tuple(dict.fromkeys([*first, *sorted(betting)]))


def _opening(played: PlayedRound) -> list[PlannedPhase]:
    phases = [PlannedPhase(Phase.BETS)]
    coin_in_seats = progressive_seats(played)
    if coin_in_seats:
        phases.append(PlannedPhase(Phase.COIN_IN, _of_phase(played.settlement.procedure, COIN_IN_STEP),
                                   coin_in_seats))
    if player_dealer_seat(played) is not None:
        phases.append(PlannedPhase(Phase.FEE))
    phases += [PlannedPhase(phase) for phase in
               (Phase.DEAL, Phase.PREFLOP, Phase.FLOP, Phase.TURN_RIVER, Phase.RIVER_DECISIONS)]
    return phases


def plan_round(played: PlayedRound, *, settle_by_trainee: bool = False) -> tuple[PlannedPhase, ...]:
    """The phases ``played`` plays on the table, in order (to ``showdown`` when the trainee settles it)."""
    steps = played.settlement.procedure
    phases = _opening(played)
    if settle_by_trainee:
        later = in_action(played)
        shown = tuple(seat for seat in sorted({bets.seat for bets in played.bets})
                      if seat not in played.folded or seat in later)
        return (*phases, PlannedPhase(Phase.SHOWDOWN, seats=shown))
    folds = _of_phase(steps, FOLD_STEP)
    if folds or played.folded:
        seats = tuple(dict.fromkeys([step.seat for step in folds] + sorted(played.folded)))
        phases.append(PlannedPhase(Phase.FOLDS, folds, seats))
    phases.append(PlannedPhase(Phase.REVEAL))
    refunds = _of_phase(steps, REFUND_STEP)
    if refunds:
        phases.append(PlannedPhase(Phase.REFUND, refunds))
    for seat, group in seat_groups(_of_phase(steps, SETTLE_STEP)):
        phases.append(PlannedPhase(Phase.SETTLE, group, (seat,)))
    phases.append(PlannedPhase(Phase.CLEANUP))
    return tuple(phases)


def trainee_settles(played: PlayedRound) -> tuple[Step, ...]:
    """The steps a trainee settles after the showdown: every step but the coin-in (the table has done it)."""
    return tuple(step for step in played.settlement.procedure if str(step.phase) != COIN_IN_STEP)


def rest_of_plan(played: PlayedRound, settled: Collection[SettledKey]) -> tuple[PlannedPhase, ...]:
    """After the trainee's settlement: the steps not ``settled`` (as the engine has them), then the cleanup,
    where every player picks up what is left on their wagers (its ``seats``: the next hand finds a clear
    felt)."""
    rest = tuple(step for step in trainee_settles(played) if step_key(step) not in settled)
    phases = (PlannedPhase(Phase.SETTLE_REST, rest),) if rest else ()
    seats = tuple(sorted({bets.seat for bets in played.bets}))
    return (*phases, PlannedPhase(Phase.CLEANUP, seats=seats))


def seat_settled(played: PlayedRound, seat: int, settled: Collection[SettledKey]) -> bool:
    """Every step of ``seat`` the trainee settles is ``settled``."""
    return all(step_key(step) in settled for step in trainee_settles(played) if step.seat == seat)
