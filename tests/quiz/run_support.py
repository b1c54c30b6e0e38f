"""Running a round the way the engine has it, task by task, for the run-round tests."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from tests.typed import present
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager
from trainer.quiz.round_script import ScriptStep, Task
from trainer.quiz.run_round import Act, RoundVerdict, RunRound

Perform = Callable[[Act], RoundVerdict]
Announce = Callable[[Category, bool], RoundVerdict]
Submit = Callable[[int, Wager, Action, Decimal | None], RoundVerdict]


def do_due(run: RunRound, *, perform: Perform | None = None, announce: Announce | None = None,
           submit: Submit | None = None) -> RoundVerdict:
    """Do the task due as the engine has it (the acts through ``perform``, ``announce`` and ``submit`` when given,
    e.g. the session's); the verdict must be right."""
    due = present(run.expected())
    if due.task is Task.ANNOUNCE:
        dealer = run.played.settlement
        verdict = (announce or run.announce_dealer)(dealer.dealer.category, dealer.dealer_qualifies)
    elif due.task is Task.SETTLE:
        step = run.segment()[0]
        verdict = (submit or run.submit)(step.seat, step.wager, step.action, step.amount)
    else:
        verdict = (perform or run.perform)(present(run.engine_act()))
    assert verdict.correct, verdict.message
    return verdict


def run_until(run: RunRound, stop: Callable[[ScriptStep], bool], *, perform: Perform | None = None,
              announce: Announce | None = None, submit: Submit | None = None) -> ScriptStep | None:
    """Do every task until the one due satisfies ``stop`` (returned), or the round is over (None)."""
    for _ in range(500):
        due = run.expected()
        if due is None or stop(due):
            return due
        do_due(run, perform=perform, announce=announce, submit=submit)
    raise AssertionError("the round never ended")
