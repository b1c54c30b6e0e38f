"""The table session: one owner of the round on the table, the trainee's quiz and the score book.

:class:`TableSession` is a state machine (:class:`~trainer.session.state.SessionState`). Each action has a
``can_…()`` question and raises :class:`~trainer.session.state.SessionError` when the state does not allow
it. What happens is told to the listeners as event records (:mod:`trainer.session.events`).
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal

from trainer.engine.evaluator import Category
from trainer.engine.round import PlayedRound
from trainer.engine.wagers import Action, Wager
from trainer.i18n.translation import _
from trainer.quiz.given import as_given
from trainer.quiz.run_round import Act, RoundVerdict, RunRound
from trainer.quiz.settlement import SettlementQuiz, Verdict
from trainer.scoring import ItemResult, Mode, ScoreBook, SetResult
from trainer.session.events import (
    DrillEnded,
    DrillStarted,
    Event,
    HandFinished,
    Listener,
    ModeChanged,
    RoundDealt,
    RoundOver,
    RunModeChanged,
    RunRoundDealt,
    RunRoundOver,
    RunSetFinished,
    SetFinished,
    SettlementBegun,
    StepAccepted,
    TableSettles,
)
from trainer.session.phases import Phase, TablePhase
from trainer.session.records import HandReview, TableRound
from trainer.session.running import IRREGULARITY_RATE, RUN_ROUND_DRILL, run_round_for
from trainer.session.sources import RetriedRounds, RoundSource
from trainer.session.state import SessionError, SessionState, state_of_phase

SPEED_TARGET_SECONDS = 3.0
"""Speed mode's target: seconds per decision (one announcement or one wager settled)."""

ROUNDS_REMEMBERED = 600
"""How many scored hands the session remembers the round of (an exam of 500 hands is recorded at its end)."""
_BEFORE_SETTLEMENT = (SessionState.DEALING, SessionState.DECISIONS, SessionState.SHOWDOWN)


class TableSession:
    """The trainee at the table: rounds from ``source``, settled by the table or, in a quiz ``mode``, by the
    trainee; every hand scored into ``book``. ``clock`` times the hands (injectable for tests)."""

    def __init__(self, source: RoundSource, *, book: ScoreBook | None = None,
                 clock: Callable[[], float] = time.monotonic, exam_hands: int = 5, pass_mark: float = 90.0,
                 speed_target: float = SPEED_TARGET_SECONDS) -> None:
        self.book = book if book is not None else ScoreBook()
        self.clock = clock
        self.exam_hands = exam_hands
        self.pass_mark = pass_mark
        self.speed_target = speed_target
        self.continuous = False
        """Deal the next round by itself when one ends."""
        self.last_review: tuple[tuple[HandReview, ...], SetResult] | None = None
        """What *Review* shows: the hand settled last, or the exam set done last."""
        self.hands: list[HandReview] = []
        """The hands of the set in progress."""
        self._user_source = source
        self._source = source
        self._drill: RoundSource | None = None
        self._mode_before_drill: Mode | None = None
        self._drill_hands = 0
        self._drill_pass_mark: float | None = None
        self._switching = False
        self._state = SessionState.WAITING
        self._mode: Mode | None = None
        self._round: TableRound | None = None
        self._settle_by_trainee = False
        self._quiz: SettlementQuiz | None = None
        self._set: SetResult | None = None
        self._set_hands = exam_hands
        self._hand_number = 0
        self._listeners: list[Listener] = []
        self._pending: deque[Event] = deque()
        self._depth = 0
        self._running: Mode | None = None
        self._run: RunRound | None = None
        self._run_round: TableRound | None = None
        self._run_count = 0
        self._run_set: SetResult | None = None
        self._scored: deque[tuple[ItemResult, TableRound]] = deque(maxlen=ROUNDS_REMEMBERED)

    # -- what it is doing ----------------------------------------------------------------------------------

    @property
    def state(self) -> SessionState:
        return self._state

    @property
    def mode(self) -> Mode | None:
        """The quiz mode the trainee settles in (None: the table settles the rounds)."""
        return self._mode

    @property
    def quiz(self) -> SettlementQuiz | None:
        """The hand being settled by the trainee (None when none is)."""
        return self._quiz

    @property
    def round(self) -> TableRound | None:
        """The round on the table, or the round played last."""
        return self._round

    @property
    def played(self) -> PlayedRound | None:
        return self._round.played if self._round is not None else None

    @property
    def settle_by_trainee(self) -> bool:
        """True when the round on the table stops after the showdown for the trainee."""
        return self._settle_by_trainee

    @property
    def source(self) -> RoundSource:
        """Where the next round comes from."""
        return self._source

    @property
    def user_source(self) -> RoundSource:
        """The user's own table (the source a drill gives the table back to)."""
        return self._user_source

    @property
    def drill(self) -> RoundSource | None:
        """The drill being dealt on the table, if any."""
        return self._drill

    @property
    def scored_as(self) -> str:
        """The name the hands are recorded under (the user's table: ``settlement``; else the drill's)."""
        return self._source.name

    @property
    def set_result(self) -> SetResult | None:
        """The set in progress (None while the table settles)."""
        return self._set

    @property
    def set_hands(self) -> int:
        """The hands of the exam set in progress (a drill's exam: its hands)."""
        return self._set_hands

    @property
    def set_pass_mark(self) -> float:
        """The pass mark of the set in progress (an instructor's exam: its own), else of the next exam set."""
        if self._set is not None:
            return self._set.pass_mark
        return self._drill_pass_mark if self._drill is not None and self._drill_pass_mark is not None else (
            self.pass_mark)

    @property
    def hand_number(self) -> int:
        """The hand of the set being (or last) settled, counted from 1."""
        return self._hand_number

    def round_of(self, result: ItemResult) -> TableRound | None:
        """The round the hand scored as ``result`` was played on (settled or run at this table; None: no hand of
        the latest :data:`ROUNDS_REMEMBERED`), so that it can be kept and dealt again exactly."""
        for scored, table_round in reversed(self._scored):
            if scored is result:
                return table_round
        return None

    def subscribe(self, listener: Listener) -> None:
        """Tell ``listener`` every event from now on."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Tell ``listener`` nothing more."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    # -- rounds --------------------------------------------------------------------------------------------

    def can_deal(self) -> bool:
        """True when no round is on the table and the trainee is not running the rounds."""
        return not self._state.round_on_table and self._running is None

    def deal(self) -> TableRound:
        """Deal the next round from the source; the trainee settles it when a mode is chosen."""
        if self._running is not None:
            raise SessionError(_("A new round cannot be dealt now: the trainee runs the rounds."))
        self._require(self.can_deal(), _("A new round cannot be dealt"))
        with self._acting():
            table_round = self._source.next_round()
            if table_round is None and self._drill is not None:
                self._end_drill()
                table_round = self._source.next_round()
            if table_round is None:
                raise SessionError(_("A new round cannot be dealt: {source} has no rounds left.").format(
                    source=self._source.name))
            self._round = table_round
            self._settle_by_trainee = self._mode is not None
            self._state = SessionState.DEALING
            self._emit(RoundDealt(table_round, self._settle_by_trainee))
            return table_round

    def reach(self, phase: TablePhase | Phase) -> SessionState:
        """The table's animation began ``phase`` (the deal, the flop, the reveal, seat 3's settlement, …): the
        state follows it. Once the table settles it stays settling until the round is over."""
        reached = phase if isinstance(phase, TablePhase) else TablePhase(phase)
        self._require(self._state.round_on_table, _("The round cannot reach {phase!r}").format(phase=reached.name))
        if self._state in _BEFORE_SETTLEMENT:
            self._state = state_of_phase(reached)
        return self._state

    def can_begin_settlement(self) -> bool:
        """True when the round was dealt for the trainee and has not been settled yet."""
        return self._settle_by_trainee and self._state in _BEFORE_SETTLEMENT

    def begin_settlement(self) -> SettlementQuiz | None:
        """The hands are shown and the table waits: the trainee settles now (None: the quiz was turned off
        since the deal, so the table settles the round)."""
        self._require(self.can_begin_settlement(), _("The trainee cannot begin settling"))
        with self._acting():
            played = self.played
            if self._mode is None or self._set is None or played is None:
                self._state = SessionState.TABLE_SETTLING
                self._emit(TableSettles())
                return None
            self._hand_number += 1
            self._quiz = SettlementQuiz(played.settlement, played.table, self._mode, hands=played.hands,
                                        drill=self.scored_as, item=f"round {played.number}", clock=self.clock)
            self._state = SessionState.TRAINEE_SETTLING
            self._emit(SettlementBegun(self._quiz, self._hand_number))
            return self._quiz

    def can_answer(self) -> bool:
        """True while the trainee settles a hand."""
        return self._quiz is not None and self._state is SessionState.TRAINEE_SETTLING

    def announce(self, category: Category, qualifies: bool) -> Verdict:
        """The trainee announces the dealer's hand and whether it qualifies."""
        quiz = self._answering(_("The dealer's hand cannot be announced"))
        return quiz.announce_dealer(category, qualifies)

    def submit_step(self, seat: int, wager: Wager, action: Action, amount: Decimal | None = None) -> Verdict:
        """The trainee settles ``seat``'s ``wager`` with ``action`` (and ``amount``). A step taken moves the
        chips as given (:class:`StepAccepted`); the last one ends the hand and the table clears."""
        quiz = self._answering(_("A wager cannot be settled"))
        with self._acting():
            before = {(step.seat, step.wager): step for step in quiz.pending()}
            verdict = quiz.submit(seat, wager, action, amount)
            if verdict.accepted:
                step = before[(seat, wager)]
                stake = quiz.stake(step)
                given = amount if amount is not None or action is Action.PAY else stake  # none: the whole stake
                shown = step if verdict.correct else as_given(step, action, given, stake)
                self._emit(StepAccepted(shown))
                if quiz.done:
                    self._end_hand(by_table=False)
            return verdict

    def can_let_table_finish(self) -> bool:
        """True while the trainee settles a hand outside an exam (an exam hand is the trainee's to the end: no key
        hands it to the table)."""
        return self.can_answer() and self._mode is not Mode.EXAM

    def let_table_finish(self) -> None:
        """The trainee stops: the table settles the rest, and the steps it settles count wrong."""
        self._require(self.can_let_table_finish(), _("The table cannot take over the settlement"))
        with self._acting():
            self._end_hand(by_table=True)

    def can_skip_to_end(self) -> bool:
        """True when E (skip to the end) applies: a round the table settles is on the felt, or the trainee is
        settling one (the table then finishes it, the steps it settles counting wrong). Not while a round dealt
        for the trainee is still being dealt (that would settle a hand the trainee never saw), and never for a
        hand of an exam: a stray key does not hand the trainee's work to the table."""
        if not self._state.round_on_table:
            return False
        if self._settle_by_trainee and self._mode is Mode.EXAM and self._state is not SessionState.TABLE_SETTLING:
            return False
        return not (self._settle_by_trainee and self._state in _BEFORE_SETTLEMENT)

    def can_pause(self) -> bool:
        """True when the table's animation may be paused or stepped: a round is on the felt and the trainee is
        not settling it."""
        return self._state.round_on_table and self._state is not SessionState.TRAINEE_SETTLING

    def can_finish_round(self) -> bool:
        return self._state.round_on_table

    def finish_round(self) -> RoundOver:
        """The table is clear: the round is over (a hand still being settled is scored, the steps the table
        settled counting wrong). A drill with no hands left gives the table back to the user."""
        self._require(self.can_finish_round(), _("The round cannot be finished"))
        with self._acting():
            self._state = SessionState.ROUND_OVER
            if self._quiz is not None:
                self._score_hand(by_table=True)
                self._end_exam_if_done()
            if self._drill is not None and self._drill.rounds_left == 0:
                self._end_drill()
            over = RoundOver(self.next_round_due())
            self._emit(over)
            return over

    def next_round_due(self) -> bool:
        """The one rule for dealing without a key: with no round on the table, the next comes by itself when
        dealing continuously, during an exam set once its first hand is settled, and in a speed drill."""
        if self._state.round_on_table:
            return False
        if self.continuous:
            return True
        if self._mode is Mode.EXAM and self._set is not None and 0 < len(self._set.items) < self._set_hands:
            return True
        return self._drill is not None and self._mode is Mode.SPEED and bool(self._drill.rounds_left)

    # -- modes and sets ------------------------------------------------------------------------------------

    def set_mode(self, mode: Mode | None) -> None:
        """Settle the next rounds in ``mode`` (None: the table settles them). A hand being settled is finished
        by the table (the steps it settles count wrong); the set in progress is recorded; a drill running ends
        (the mode chosen stays)."""
        if mode == self._mode and mode is not Mode.EXAM:
            return
        with self._acting():
            if mode is not None:
                self.stop_running()
            ended = self._drill if not self._switching else None
            if self._quiz is not None:
                self._end_hand(by_table=True)
            self._close_set()
            if ended is not None:
                self._drill, self._source = None, self._user_source
            self._mode = mode
            if mode is not None:
                self._open_set()
            self._emit(ModeChanged(mode))
            if ended is not None:
                self._emit(DrillEnded(ended))

    def start_exam(self, hands: int | None = None, pass_mark: float | None = None) -> None:
        """A new exam set of ``hands`` hands with ``pass_mark`` percent to pass (the last ones when None)."""
        if hands is not None:
            self.exam_hands = max(1, int(hands))
        if pass_mark is not None:
            self.pass_mark = float(pass_mark)
        self.set_mode(Mode.EXAM)

    # -- drills --------------------------------------------------------------------------------------------

    def can_start_drill(self) -> bool:
        """True when no round of the table's is on the felt (a run round is given up for the drill)."""
        return not self._state.round_on_table

    def start_drill(self, source: RoundSource, mode: Mode, *, pass_mark: float | None = None) -> None:
        """Deal ``source``'s hands (a drill) in ``mode`` until it has none left; then the user's table and mode
        come back. A drill running already is stopped first. ``pass_mark``: the drill's own (an instructor's
        exam), else the session's."""
        if not self.can_start_drill():
            raise SessionError(_("Finish the round on the table first, then start the drill."))
        with self._acting():
            self.stop_running()
            if self._drill is not None:
                self.stop_drill()
            self._mode_before_drill = self._mode
            self._switching = True
            try:
                self.set_mode(None)
                self._drill = self._source = source
                self._drill_hands = source.rounds_left or 1
                self._drill_pass_mark = pass_mark
                self.set_mode(mode)
            finally:
                self._switching = False
            self._emit(DrillStarted(source))

    def stop_drill(self) -> None:
        """Record the drill's set and give the table and the mode back (a hand on the table is finished by the
        table)."""
        if self._drill is not None:
            with self._acting():
                self._end_drill()

    # -- the trainee runs the rounds -----------------------------------------------------------------------

    @property
    def running(self) -> Mode | None:
        """The mode the trainee runs the rounds in (None: the table deals its own)."""
        return self._running

    @property
    def run(self) -> RunRound | None:
        """The round the trainee runs (or ran last in this sitting)."""
        return self._run

    @property
    def round_run(self) -> TableRound | None:
        """The round of the user's table being run (its felt), or the one run last."""
        return self._run_round

    @property
    def run_count(self) -> int:
        """The rounds run to their end (or cut short) in this sitting."""
        return self._run_count

    @property
    def run_set(self) -> SetResult | None:
        """The exam set of rounds run in progress (None outside exam mode)."""
        return self._run_set

    def can_run_rounds(self) -> bool:
        """True when no round of the table's is on the felt."""
        return not self._state.round_on_table

    def run_rounds(self, mode: Mode) -> None:
        """The trainee runs the rounds in ``mode`` from now on: the settling mode is turned off and a drill
        stopped; a round being run is given up (what was done counts)."""
        if not self.can_run_rounds():
            raise SessionError(_("Finish the round on the table first, then run the round yourself."))
        with self._acting():
            self._give_up_run()
            self._close_run_set()
            if self._mode is not None or self._drill is not None:
                self.set_mode(None)
                self.stop_drill()
            self._running, self._run_count = mode, 0
            if mode is Mode.EXAM:
                self._run_set = SetResult(RUN_ROUND_DRILL, mode, pass_mark=self.pass_mark)
            self._emit(RunModeChanged(mode))

    def stop_running(self) -> None:
        """The table is the user's again: a round being run counts what was done, an exam set is recorded."""
        if self._running is None:
            return
        with self._acting():
            self._give_up_run()
            self._close_run_set()
            self._running = None
            self._emit(RunModeChanged(None))

    def can_deal_run(self) -> bool:
        """True while the trainee runs the rounds and no round being run is on the table."""
        return self._running is not None and not self.can_act() and not self._state.round_on_table

    def deal_run(self, rng: random.Random, *, irregular: bool, rate: float = IRREGULARITY_RATE,
                 clock: Callable[[], float] | None = None) -> RunRound:
        """The next round of the user's table for the trainee to run (now and then, with ``irregular``, an
        irregularity at ``rate``; in an exam every third round brings one)."""
        self._require(self.can_deal_run(), _("A round cannot be dealt to run"))
        mode = self._running
        assert mode is not None
        with self._acting():
            table_round = self._user_source.next_round()
            if table_round is None:
                raise SessionError(_("A round cannot be dealt to run now: {source} has none left.").format(
                    source=self._user_source.name))
            self._run_round = table_round
            self._run = run_round_for(table_round.played, mode, rng, index=self._run_count, irregular=irregular,
                                      rate=rate, clock=clock or self.clock)
            self._emit(RunRoundDealt(table_round, self._run, self._run_count + 1))
            return self._run

    def run_instead(self, run: RunRound) -> None:
        """Run ``run`` (the same round, another way: with a given irregularity) in place of the round dealt,
        before any act of it."""
        self._require(self._run is not None and not self._run.done_acts and run.played is self._run.played,
                      _("Another run of the round cannot be given"))
        self._run = run

    def give_up_run(self) -> None:
        """The round being run is left (what was done counts; a round not begun is not scored)."""
        with self._acting():
            self._give_up_run()

    def can_act(self) -> bool:
        """True while a round being run waits for the trainee's next act."""
        return self._running is not None and self._run is not None and not self._run.done

    def run_act(self, act: Act) -> RoundVerdict:
        """The trainee's ``act`` in the round being run (the last ends it and scores it)."""
        run = self._acting_on(_("The act cannot be done"))
        with self._acting():
            verdict = run.perform(act)
            self._after_act(run)
            return verdict

    def run_announce(self, category: Category, qualifies: bool) -> RoundVerdict:
        """The trainee announces the dealer's hand in the round being run."""
        run = self._acting_on(_("The dealer's hand cannot be announced"))
        with self._acting():
            verdict = run.announce_dealer(category, qualifies)
            self._after_act(run)
            return verdict

    def run_settle(self, seat: int, wager: Wager, action: Action, amount: Decimal | None) -> RoundVerdict:
        """The trainee settles ``seat``'s ``wager`` in the round being run."""
        run = self._acting_on(_("A wager cannot be settled"))
        with self._acting():
            verdict = run.submit(seat, wager, action, amount)
            self._after_act(run)
            return verdict

    def _acting_on(self, what: str) -> RunRound:
        if not self.can_act():
            raise SessionError(_("{what} now: no round is being run.").format(what=what))
        assert self._run is not None
        return self._run

    def _after_act(self, run: RunRound) -> None:
        if run.done:
            self._score_run(run, complete=True)

    def _give_up_run(self) -> None:
        run = self._run
        if run is not None and not run.done and run.done_acts:
            self._score_run(run, complete=False)
        self._run = None

    def _score_run(self, run: RunRound, *, complete: bool) -> None:
        result = run.result()
        if self._run_round is not None:
            self._scored.append((result, self._run_round))
        self.book.record(result)
        self._run_count += 1
        self._emit(RunRoundOver(result, complete))
        run_set = self._run_set
        if run_set is not None:
            run_set.items.append(result)
            if len(run_set.items) >= self.exam_hands:
                self._close_run_set(complete=True)
                self._run_set = SetResult(RUN_ROUND_DRILL, Mode.EXAM, pass_mark=self.pass_mark)

    def _close_run_set(self, *, complete: bool = False) -> None:
        run_set, self._run_set = self._run_set, None
        if run_set is not None and run_set.items:
            self.book.record_set(run_set, complete=complete, planned=self.exam_hands)
            self._emit(RunSetFinished(run_set, complete))

    # -- internals -----------------------------------------------------------------------------------------

    def _end_drill(self) -> None:
        drill, previous = self._drill, self._mode_before_drill
        if drill is None:
            return
        self._switching = True
        try:
            if self._mode is not None or previous is not None:
                self.set_mode(None)
            self._drill, self._source = None, self._user_source
            if previous is not None:
                self.set_mode(previous)
        finally:
            self._switching = False
        self._emit(DrillEnded(drill))

    def _answering(self, what: str) -> SettlementQuiz:
        self._require(self.can_answer(), what)
        assert self._quiz is not None
        return self._quiz

    def _end_hand(self, *, by_table: bool) -> None:
        """The hand is settled (or the trainee stopped): score it, let the table clear; an exam set's last
        hand ends the set."""
        self._score_hand(by_table=by_table)
        self._state = SessionState.TABLE_SETTLING
        self._emit(TableSettles())
        self._end_exam_if_done()

    def _end_exam_if_done(self) -> None:
        if self._mode is Mode.EXAM and self._set is not None and len(self._set.items) >= self._set_hands:
            self._finish_exam()

    def _score_hand(self, *, by_table: bool) -> None:
        quiz, self._quiz = self._quiz, None
        played, result_set = self.played, self._set
        if quiz is None or played is None or result_set is None:
            return
        if by_table:
            quiz.leave_to_table()  # the steps the table settles are steps not done: they count wrong
        result = quiz.result()
        if self._round is not None:
            self._scored.append((result, self._round))
        if isinstance(self._source, RetriedRounds):  # before the drill may end: a hand got wrong comes again
            self._source.scored(played.number, result.perfect)
        hand = HandReview(f"Hand {self._hand_number} (round {played.number})", tuple(quiz.review()), result)
        self.hands.append(hand)
        result_set.items.append(result)
        exam = result_set.mode is Mode.EXAM
        if not exam:
            self.last_review = ((hand,), SetResult(result_set.drill, result.mode, [result],
                                                   pass_mark=result_set.pass_mark))
            self.book.record(result)
        left = self._set_hands - len(result_set.items) if exam else None
        self._emit(HandFinished(hand, self._hand_number, by_table, left))

    def _finish_exam(self) -> None:
        result = self._set
        if result is None:
            return
        hands = tuple(self.hands)
        self.last_review = (hands, result)
        self._close_set(complete=True)
        self._open_set()

    def _open_set(self) -> None:
        assert self._mode is not None
        self._set_hands = self._drill_hands if self._drill is not None else self.exam_hands
        self._set = SetResult(self.scored_as, self._mode, pass_mark=self.set_pass_mark)
        if self._mode is Mode.SPEED:
            self._set.target_seconds_per_decision = self.speed_target
        self.hands = []
        self._hand_number = 0

    def _close_set(self, *, complete: bool = False) -> None:
        """Record the set in progress (an exam cut short too: its hands and its score so far)."""
        result, self._set = self._set, None
        if result is None or not result.items:
            return
        if result.mode is Mode.EXAM:
            for item in result.items:
                self.book.record(item)
        self.book.record_set(result, complete=complete, planned=self._set_hands)
        self._emit(SetFinished(result, tuple(self.hands), complete))

    def _require(self, allowed: bool, what: str) -> None:
        if not allowed:
            raise SessionError(_("{what} now: {state}.").format(what=what, state=self._state.description))

    @contextmanager
    def _acting(self) -> Iterator[None]:
        """Events wait until the outermost action is complete, then reach every listener in order (an action a
        listener takes adds its events at the end)."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._deliver()

    def _emit(self, event: Event) -> None:
        self._pending.append(event)

    def _deliver(self) -> None:
        """Every pending event to every listener. A listener that raises delays nobody: the others hear the event
        and the events after it now; the first error is raised once all are delivered."""
        self._depth += 1  # actions taken by listeners queue their events behind these
        failure: Exception | None = None
        try:
            while self._pending:
                event = self._pending.popleft()
                for listener in list(self._listeners):
                    try:
                        listener(event)
                    except Exception as error:  # any listener's failure: raised below, after the rest
                        failure = failure or error
        finally:
            self._depth -= 1
        if failure is not None:
            raise failure


__all__ = ["SPEED_TARGET_SECONDS", "TableSession"]
