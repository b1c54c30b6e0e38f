"""Run the round yourself: the trainee does every task of a round from the dealer's side, each scored against
the engine (Qt-free; the table window is its view).

A :class:`RunRound` holds the :func:`~trainer.quiz.round_script.round_script` of an engine round. The trainee
acts (:meth:`RunRound.perform` with an :class:`Act`: take the fee, call no more bets, COIN IN, deal a card to a
place, unload, collect a fold with its count, rack, confirm the count, void the round or call the floor), and
announces and settles through the :class:`~trainer.quiz.settlement.SettlementQuiz` it delegates to
(:meth:`RunRound.announce_dealer`, :meth:`RunRound.submit`). Every task is one scored step; the settlement's steps
are the quiz's. Mistakes name the task due, what was done, and the document and section.

Modes as in the settlement quiz: guided (:meth:`RunRound.hint` says what is due and why), practice and speed (a
wrong act is named at once and not taken: the trainee does it again), exam (every act is taken as given; the
review comes at the end). The result is an :class:`~trainer.scoring.ItemResult` like the settlement quiz's.

>>> import random
>>> from trainer.engine.dealing import Procedure
>>> from trainer.engine.round import RoundDealer
>>> from trainer.engine.games import game_named
>>> played = RoundDealer(game_named("wa").table_rules(), Procedure.ACE, 1, random.Random(5)).next_round()
>>> run = RunRound(played, Mode.PRACTICE)
>>> run.perform(Act(Task.DEAL, target=Target("seat", 1, 0))).mistakes[0].kind
<ErrorKind.ORDER: 'order'>
>>> run.perform(Act(Task.NO_MORE_BETS)).correct, run.expected().describe()
(True, 'deal flop card 1')

Before the deal the fee, "No more bets" and COIN IN are taken in any order (rules-notes §2).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.dealing import Target
from trainer.engine.evaluator import Category
from trainer.engine.round import PlayedRound
from trainer.engine.settlement import Step
from trainer.engine.wagers import Action, Phase, Wager
from trainer.i18n.translation import _
from trainer.quiz.protection import ProtectionAttempt
from trainer.quiz.round_script import (
    BEFORE_THE_DEAL,
    Injected,
    PlayAttempt,
    ScriptStep,
    Task,
    round_script,
    void_steps,
)
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode

__all__ = ["Act", "RoundVerdict", "RunRound", "in_segment", "same_place"]


@dataclass(frozen=True)
class Act:
    """What the trainee does: a task and, as it needs, the place, the seat, the amount or the count."""

    task: Task
    target: Target | None = None
    seat: int | None = None
    amount: Decimal | None = None
    count: int | None = None
    hand: Category | None = None
    result: str = ""

    def describe(self) -> str:
        return ScriptStep(self.task, "", self.target, self.seat, self.amount, self.count, hand=self.hand,
                          result=self.result).describe()


@dataclass(frozen=True)
class RoundVerdict:
    """What the round says of one act: taken or not, the mistakes, and a message."""

    accepted: bool
    mistakes: tuple[Mistake, ...]
    message: str

    @property
    def correct(self) -> bool:
        return not self.mistakes


def same_place(given: Target | None, due: Target | None) -> bool:
    """The card went where it is due: the same seat (or the dealer), or the same community card."""
    if given is None or due is None or given.kind != due.kind or given.seat != due.seat:
        return False
    return due.kind != "board" or given.slot == due.slot


def in_segment(task: ScriptStep, step: Step) -> bool:
    """The settlement ``step`` belongs to the settlement ``task``: its pass, and its seat when the task names one."""
    return step.phase in task.phases and (task.seat is None or step.seat == task.seat)


class RunRound:
    """One round the trainee runs. ``injected`` brings an irregularity, ``attempt`` a second Play wager to refuse
    (see :func:`round_script`)."""

    def __init__(self, played: PlayedRound, mode: Mode = Mode.PRACTICE, injected: Injected | None = None, *,
                 drill: str = "run-round", item: str = "", clock: Callable[[], float] = time.monotonic,
                 attempt: PlayAttempt | None = None, protection: ProtectionAttempt | None = None) -> None:
        self.played, self.mode, self.injected, self.attempt = played, mode, injected, attempt
        self.protection = protection
        """A prohibited act a player attempts in the round, for the dealer to stop."""
        self.script = round_script(played, injected, attempt, protection)
        self.drill, self.item = drill, item or f"round {played.number}"
        self.quiz = SettlementQuiz(played.settlement, played.table, mode, hands=played.hands, drill=drill,
                                   item=self.item, clock=clock, early=frozenset({Phase.FOLD}))
        self._clock = clock
        self._started = clock()
        self._finished: float | None = None
        self._index = 0
        self._faulted: set[int] = set()
        self._first: dict[int, Mistake] = {}
        """Each task got wrong: its first mistake (the one its wrong step counts)."""
        self._wrong_acts = 0
        """Every act of the trainee's own tasks that was wrong (the settlement quiz counts its own)."""
        self.done_acts: list[tuple[ScriptStep, Act]] = []

    # -- state ---------------------------------------------------------------------------------------------

    def expected(self) -> ScriptStep | None:
        """The task due now (None when the round is over)."""
        return self.script[self._index] if self._index < len(self.script) else None

    @property
    def done(self) -> bool:
        return self._index >= len(self.script)

    @property
    def voided(self) -> tuple[Step, ...]:
        """The wagers returned when the round is void (empty unless the shuffler failed)."""
        last = self.script[-1]
        return void_steps(self.played) if last.task is Task.VOID and self.done else ()

    def next_place(self) -> Target | None:
        """Where the next card goes (the key for "next in order" and guided mode's highlight)."""
        step = self.expected()
        return step.target if step is not None and step.task is Task.DEAL else None

    def segment(self) -> list[Step]:
        """The settlement steps of the settlement task due, still to do, in the table's order (empty when no
        settlement task is due): a fold's wagers, the refund pass, or one seat's."""
        step = self.expected()
        if step is None or step.task is not Task.SETTLE:
            return []
        return [pending for pending in self.quiz.pending() if in_segment(step, pending)]

    def hint(self) -> str:
        """Guided mode: what is due now and why."""
        step = self.expected()
        if step is None:
            return _("The round is over.")
        if step.task is Task.ANNOUNCE:
            return self.quiz.hint()
        if step.task is Task.SETTLE:
            part = self.segment()
            if not part:
                return _("{step} — {rule}").format(step=step.describe(), rule=step.rule)
            return _("Next: {step} — {rule}").format(step=part[0].describe(), rule=part[0].rule)
        if step.shown:
            return _("{seen}: {step} — {rule}").format(seen=step.shown[0].upper() + step.shown[1:],
                                                       step=step.describe(), rule=step.rule)
        return _("{step} — {rule}").format(step=step.describe(), rule=step.rule)

    # -- acts ----------------------------------------------------------------------------------------------

    def perform(self, act: Act) -> RoundVerdict:
        """The trainee does ``act``; it is checked against the task due."""
        due = self.expected()
        if due is None:
            return RoundVerdict(False, (), _("The round is over"))
        if due.task in (Task.ANNOUNCE, Task.SETTLE) and not act.task.responds:
            mistake = Mistake(ErrorKind.ORDER, due.describe(), act.describe(), due.rule, due.topic)
            return self._conclude(due, (mistake,))
        due = self._bring_forward(due, act)
        return self._conclude(due, self._check(due, act), act)

    def announce_dealer(self, category: Category, qualifies: bool) -> RoundVerdict:
        """Reveal and announce the dealer's hand (the settlement quiz checks it)."""
        due = self.expected()
        if due is None or due.task is not Task.ANNOUNCE:
            return self._out_of_turn(due, _("reveal and announce your hand"))
        verdict = self.quiz.announce_dealer(category, qualifies)
        return self._from_quiz(verdict.accepted, verdict.mistakes, verdict.message)

    def submit(self, seat: int, wager: Wager, action: Action, amount: Decimal | None = None) -> RoundVerdict:
        """Settle one wager (the settlement quiz checks it)."""
        due = self.expected()
        if due is None or due.task is not Task.SETTLE:
            return self._out_of_turn(due, _("settle seat {seat}'s {wager}").format(seat=seat, wager=wager.label))
        if (seat, wager) not in {(step.seat, step.wager) for step in self.segment()} and any(
                (step.seat, step.wager) == (seat, wager) for step in self.quiz.pending()):
            return self._out_of_turn(due, _("settle seat {seat}'s {wager}").format(seat=seat, wager=wager.label))
        verdict = self.quiz.submit(seat, wager, action, amount)
        return self._from_quiz(verdict.accepted, verdict.mistakes, verdict.message)

    def engine_act(self) -> Act | None:
        """The act the engine would do now (None at the announcement and the settlement: the quiz's)."""
        step = self.expected()
        if step is None or step.task in (Task.ANNOUNCE, Task.SETTLE):
            return None
        count = step.count if step.task in (Task.COLLECT_FOLD, Task.COUNT, Task.REVEAL) else None
        if step.task is Task.STOP:
            return Act(Task.STOP, result=step.result)
        return Act(step.task, step.target, step.seat, step.amount, count, step.hand, step.result)

    # -- results -------------------------------------------------------------------------------------------

    def result(self) -> ItemResult:
        """The round's score so far: every task done (or got wrong) and the settlement quiz's steps."""
        own = {index for index in range(min(self._index, len(self.script)))
               if self.script[index].task not in (Task.ANNOUNCE, Task.SETTLE)} | self._faulted
        settled = self.quiz.result()
        quiz_started = any(step.task in (Task.ANNOUNCE, Task.SETTLE) for step in self.script[:self._index + 1])
        steps = len(own) + (settled.steps if quiz_started else 0)
        correct = len(own) - len(self._faulted) + (settled.correct if quiz_started else 0)
        seconds = (self._finished or self._clock()) - self._started
        mistakes = tuple(self._first[index] for index in sorted(self._first))
        wrong, left = self._wrong_acts, 0
        if quiz_started:
            mistakes += settled.mistakes
            wrong += settled.attempts_wrong
            left = settled.left_to_table
        return ItemResult(self.drill, self.item, steps, correct, mistakes, seconds, self.mode, wrong, left)

    # -- internals -----------------------------------------------------------------------------------------

    def _check(self, due: ScriptStep, act: Act) -> tuple[Mistake, ...]:
        def wrong(kind: ErrorKind) -> tuple[Mistake, ...]:
            return (Mistake(kind, due.describe(), act.describe(), due.rule, due.topic),)

        if due.task is Task.CALL_SUPERVISOR and act.task is Task.CALL_FLOOR:
            return ()  # the floor supervisor is the supervisor rule 9 e asks for
        if {act.task, due.task} == {Task.TAKE_PLAY, Task.REFUSE_PLAY}:
            return wrong(ErrorKind.WRONG_ANSWER)
        if act.task is not due.task:
            if due.task.responds and not act.task.responds:
                return wrong(ErrorKind.MISSED_FAULT)
            if act.task.responds and not due.task.responds:
                return wrong(ErrorKind.FALSE_ALARM)
            return wrong(ErrorKind.WRONG_ANSWER if due.task.responds else ErrorKind.ORDER)
        if due.task is Task.STOP and act.result != due.result:
            return wrong(ErrorKind.WRONG_ANSWER)
        if due.task is Task.DEAL and not same_place(act.target, due.target):
            return wrong(ErrorKind.WRONG_CARD)
        if due.task is Task.TAKE_FEE and act.amount != due.amount:
            return wrong(ErrorKind.WRONG_AMOUNT)
        if due.task in (Task.COLLECT_FOLD, Task.TAKE_PLAY, Task.REFUSE_PLAY) and act.seat != due.seat:
            return wrong(ErrorKind.ORDER)
        if due.task is Task.TAKE_PLAY and act.amount != due.amount:
            return wrong(ErrorKind.WRONG_AMOUNT)
        if due.task is Task.REVEAL and act.count != due.count:
            return wrong(ErrorKind.ORDER)
        if due.task is Task.RACK and act.seat is not None and act.seat != due.seat:
            return wrong(ErrorKind.ORDER)
        if due.task is Task.HAND_BUTTON and act.seat != due.seat:
            return wrong(ErrorKind.ORDER)
        if due.task is Task.HAND_BUTTON and act.hand is not due.hand:
            return wrong(ErrorKind.WRONG_ANSWER)
        if due.task is Task.ANNOUNCE_HAND and act.seat != due.seat:
            return wrong(ErrorKind.ORDER)
        if due.task is Task.ANNOUNCE_HAND and (act.hand is not due.hand or act.result != due.result):
            return wrong(ErrorKind.WRONG_ANSWER)
        if due.task in (Task.COLLECT_FOLD, Task.COUNT) and act.count != due.count:
            return wrong(ErrorKind.MISCOUNT)
        return ()

    def _bring_forward(self, due: ScriptStep, act: Act) -> ScriptStep:
        """Before the deal the fee, "No more bets" and COIN IN may come in any order (rules-notes §2): an act
        that is one of them still to do is taken as the task due now."""
        if due.task is act.task or due.task not in BEFORE_THE_DEAL or act.task not in BEFORE_THE_DEAL:
            return due
        for later in range(self._index + 1, len(self.script)):
            step = self.script[later]
            if step.task not in BEFORE_THE_DEAL:
                break
            if step.task is act.task:
                script = list(self.script)
                script.insert(self._index, script.pop(later))
                self.script = tuple(script)
                return step
        return due

    def _conclude(self, due: ScriptStep, mistakes: tuple[Mistake, ...], act: Act | None = None) -> RoundVerdict:
        if mistakes:
            self._faulted.add(self._index)
            self._first.setdefault(self._index, mistakes[0])
            self._wrong_acts += 1
        accepted = act is not None and (not mistakes or self.mode is Mode.EXAM)
        if accepted and act is not None:
            self.done_acts.append((due, act))
            self._advance()
        if not mistakes:
            return RoundVerdict(accepted, (), _("Right: {step}").format(step=due.describe()))
        message = _("Noted.") if self.mode is Mode.EXAM else "; ".join(mistake.describe() for mistake in mistakes)
        return RoundVerdict(accepted, mistakes, message)

    def _out_of_turn(self, due: ScriptStep | None, what: str) -> RoundVerdict:
        if due is None:
            return RoundVerdict(False, (), _("The round is over"))
        mistake = Mistake(ErrorKind.MISSED_FAULT if due.task.responds else ErrorKind.ORDER, due.describe(), what,
                          due.rule, due.topic)
        return self._conclude(due, (mistake,))

    def _from_quiz(self, accepted: bool, mistakes: tuple[Mistake, ...], message: str) -> RoundVerdict:
        if self.quiz.stage != "dealer" and self._due_is(Task.ANNOUNCE):
            self._advance()
        self._skip_settled()
        return RoundVerdict(accepted, mistakes, message)

    def _due_is(self, task: Task) -> bool:
        due = self.expected()
        return due is not None and due.task is task

    def _skip_settled(self) -> None:
        """Past every settlement task due whose steps are all done."""
        while self._due_is(Task.SETTLE) and not self.segment():
            self._index += 1
        if self._index >= len(self.script) and self._finished is None:
            self._finished = self._clock()

    def _advance(self) -> None:
        self._index += 1
        self._skip_settled()
        if self._index >= len(self.script) and self._finished is None:
            self._finished = self._clock()
