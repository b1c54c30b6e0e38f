"""The run round on the table: the trainee deals the round, act by act, and the felt follows.

:class:`RunRoundController` owns the :class:`~trainer.quiz.run_round.RunRound` of the round on the table (which
judges every act against the engine's script, with its document and section) and a
:class:`~trainer.gui.runround.table.RunTable` (which shows each act on the felt). What the trainee does comes
from the :class:`~trainer.gui.runround.panel.RunRoundPanel` (buttons and keys) and from clicks on the felt: a
place deals it the next card, a folded hand is chosen to be counted, a wager is settled. The announcement and the
settlement are the settle-it-yourself panel's, judged by the run round's own settlement quiz.

The round's course, seen from here::

    deal() ─▶ the wagers go down ─▶ fee · no more bets · COIN IN ─▶ each card to its place (guided: lit)
      ─▶ unload ─▶ the players decide (the table) ─▶ the folds spread ─▶ each counted and racked
      ─▶ the showdown ─▶ announce · settle (the settlement panel) ─▶ rack ─▶ count ─▶ scored into the book
    an irregularity on the table (shuffler error, a card with the other back, a fold of 1 or 3 cards)
      ─▶ void (every wager returned) · call the floor · carry on ─▶ the round ends as the documents say

Modes: guided (the next place lit on the felt and what is due, and why), practice (a wrong act named at once
with its rule, not taken), exam (every act taken as given; the review at the end of the round) and speed (as
practice, against the clock). Each round is one item in the session's score book (``run-round``), so the
progress store keeps it.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence

from trainer.drills.whole_round import NEXT_REFUSED
from trainer.engine.dealing import Target
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager
from trainer.gui.felt import felt_layout
from trainer.gui.quiz.cutting import PayoutCutter
from trainer.gui.runround.panel import ACT_KEYS, RunRoundPanel
from trainer.gui.runround.places import IRREGULARITY_RATE, Part, clicked_target, part_of, run_round_for
from trainer.gui.runround.table import RunTable
from trainer.gui.table.stage import Stage
from trainer.quiz.given import as_given
from trainer.quiz.round_script import Irregularity, ScriptStep, Task, kept_face_up
from trainer.quiz.run_round import Act, RoundVerdict, RunRound
from trainer.scoring import ItemResult, Mistake, Mode
from trainer.session import DrillStarted, Event, ModeChanged, RoundDealt

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from trainer.gui.host import TableHost
    from trainer.gui.table.layout import TableLayoutConfig

MODE_TITLES = {
    Mode.GUIDED: "Guided — the next place lit, and why",
    Mode.PRACTICE: "Practice — each act checked at once",
    Mode.EXAM: "Exam — the review at the end of the round",
    Mode.SPEED: "Speed — against the clock",
}
RESPONSES = ("void", "floor", "carry_on")
Refresh = Callable[["TableLayoutConfig"], bool]


class RunRoundController(QObject):
    """Run the round on ``host``'s table; the panel goes in ``prompt_area`` and ``log`` (the round log, which
    follows only the table's own rounds) is hidden meanwhile. ``refresh`` puts the felt a round needs on the
    table (False when it cannot be drawn)."""

    modeChanged = Signal(object)  # noqa: N815 (Qt signal names)
    """The run round's mode (None: off)."""
    roundStarted = Signal()  # noqa: N815
    roundFinished = Signal(object)  # noqa: N815
    """An :class:`ItemResult`: a round run to its end (or cut short), recorded in the score book."""

    def __init__(self, host: TableHost, prompt_area: QWidget, log: QWidget, refresh: Refresh, *,
                 tick_ms: int = 200, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(host.window())
        self.host = host
        self.session = host.session
        self.clock = clock
        self.mode: Mode | None = None
        self.irregular = True
        """Irregularities now and then (at :data:`IRREGULARITY_RATE`); exam rounds bring some regardless."""
        self.rate = IRREGULARITY_RATE
        self.run: RunRound | None = None
        self.table: RunTable | None = None
        self.cutter: PayoutCutter | None = None
        self.rounds = 0
        """Rounds run in this sitting."""
        self._prompt_area, self._log, self._refresh = prompt_area, log, refresh
        self._shown: set[str] = set()
        self._fold_seat: int | None = None
        self._scene_connected = False
        self.panel = RunRoundPanel()
        self.panel.hide()
        layout = prompt_area.layout()
        assert layout is not None
        layout.addWidget(self.panel)
        self.actions: dict[str, QAction] = {}
        self._connect_panel()
        self._ticker = QTimer(self)
        self._ticker.setInterval(tick_ms)
        self._ticker.timeout.connect(self._show_clock)
        self.session.subscribe(self._heard)
        self._enable_actions()

    # -- wiring ---------------------------------------------------------------------------------------------

    def _connect_panel(self) -> None:
        panel, window = self.panel, self.host.window()
        slots: dict[str, Callable[[], object]] = {
            "fee": self.take_fee, "no_more_bets": lambda: self.perform(Act(Task.NO_MORE_BETS)),
            "coin_in": lambda: self.perform(Act(Task.COIN_IN)), "deal_next": self.deal_next,
            "unload": lambda: self.perform(Act(Task.UNLOAD)), "fold_1": lambda: self.count_fold(1),
            "fold_2": lambda: self.count_fold(2), "fold_3": lambda: self.count_fold(3),
            "rack": lambda: self.perform(Act(Task.RACK)), "count": self.confirm_count,
            "void": lambda: self.perform(Act(Task.VOID)), "floor": lambda: self.perform(Act(Task.CALL_FLOOR)),
            "carry_on": self.carry_on,
        }
        for name, slot in slots.items():
            panel.buttons[name].clicked.connect(lambda _checked=False, s=slot: s())
            text, key, tip = ACT_KEYS[name]
            action = QAction(f"Run the round: {text}", window)
            action.setObjectName(f"runRound_{name}")
            action.setShortcut(QKeySequence(key))
            action.setStatusTip(f"Run the round: {tip[:1].lower()}{tip[1:]}")
            action.triggered.connect(lambda _checked=False, s=slot: s())
            window.addAction(action)
            self.actions[name] = action
        panel.fee_amount.returnPressed.connect(self.take_fee)
        panel.count_box.returnPressed.connect(self.confirm_count)
        panel.lesson_button.clicked.connect(lambda _checked=False: self.open_lesson())
        settlement = panel.settlement
        settlement.dealerAnnounced.connect(self.announce)
        settlement.stepConfirmed.connect(lambda seat, wager, action, amount: self.settle(
            seat, Wager(wager), Action(action), amount))
        settlement.selectionChanged.connect(lambda seat, wager: self.cutter.aim(seat, wager) if self.cutter else None)
        settlement.chipAdded.connect(lambda value: self.cutter.add(value) if self.cutter else None)
        settlement.chipRemoved.connect(lambda value: self.cutter.remove(value) if self.cutter else None)
        settlement.chipsCleared.connect(lambda: self.cutter.clear() if self.cutter else None)
        settlement.lessonRequested.connect(self.open_lesson)

    # -- the mode -------------------------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        """True while the trainee runs the rounds (a mode is chosen)."""
        return self.mode is not None

    @property
    def on_table(self) -> bool:
        """A run round is on the table and not over."""
        return self.run is not None and not self.run.done

    def set_mode(self, mode: Mode | None) -> bool:
        """Run the rounds in ``mode`` from now on and deal the first (None: stop; the table is the user's again).
        False when a round the table plays is on the felt."""
        if mode is None:
            self.stop()
            return True
        if self.host.playing:
            self.host.notify_once("Finish the round on the table first, then run the round yourself.")
            return False
        self._end_round()
        if self.session.mode is not None or self.session.drill is not None:
            self.session.set_mode(None)
            self.session.stop_drill()
        self.mode, self.rounds = mode, 0
        self._log.hide()
        self._prompt_area.show()
        self.panel.show()
        self.panel.title.setText(f"Run the round · {MODE_TITLES[mode]}")
        self.modeChanged.emit(mode)
        self.deal()
        return True

    def stop(self) -> None:
        """Stop running rounds: the round on the table counts what was done; the felt is cleared."""
        if self.mode is None:
            return
        self._end_round()
        if self.host.scene is not None:
            self.host.scene.reset_round()
        self.mode = None
        self.panel.hide()
        self._log.show()
        self._prompt_area.setVisible(self.session.mode is not None)
        self._enable_actions()
        self.modeChanged.emit(None)

    def _heard(self, event: Event) -> None:
        """The table is taken for something else (settle it yourself, a drill, a round the table plays)."""
        if self.mode is None:
            return
        if (isinstance(event, ModeChanged) and event.mode is not None) or isinstance(event, DrillStarted | RoundDealt):
            self.stop()

    # -- rounds ---------------------------------------------------------------------------------------------

    def deal(self) -> bool:
        """Deal the next round to run (the user's table, by the settings); False when one is being run."""
        if self.mode is None or self.on_table or self.host.playing:
            return False
        table_round = self.session.user_source.next_round()
        if table_round is None:
            return False
        settings = self.host.settings
        config = felt_layout(table_round.felt, four_colour=settings.four_colour, deck_backs=settings.deck_backs)
        if not self._refresh(config) or (scene := self.host.scene) is None:
            return False
        self._end_round()
        played = table_round.played
        self.run = run_round_for(played, self.mode, self.host.rng, index=self.rounds, irregular=self.irregular,
                                 rate=self.rate, clock=self.clock)
        backs = [colour for colour in settings.deck_backs if colour != played.deck_colour]
        stage = Stage(scene, played, self.host.timing, play=self._sound)
        self.table = RunTable(stage, lambda: self.host.settings.animation_speed, backs[0] if backs else "blue", self)
        self.table.placeClicked.connect(self._place_clicked)
        self._connect_scene()
        self._shown, self._fold_seat = set(), None
        self.table.set_up()
        self._begin_panel()
        if self.mode is Mode.SPEED:
            self._ticker.start()
        self.roundStarted.emit()
        self._sync()
        return True

    def _begin_panel(self) -> None:
        panel, run = self.panel, self.run
        assert run is not None
        played = run.played
        table = played.table
        where = (f"player-dealer in seat {table.player_dealer_seat}" if table.player_dealer_seat is not None
                 else "house-banked")
        panel.progress.setText(f"Round {played.number} · {played.procedure.label} · the {played.deck_colour} deck · "
                               f"{where}")
        panel.set_settling(False)
        panel.fee_amount.clear()
        panel.count_box.clear()
        panel.show_fold_seat(None)
        panel.show_feedback("")
        panel.show_score(self._set_text())

    def _connect_scene(self) -> None:
        scene = self.host.scene
        if scene is None or self._scene_connected:
            return
        scene.seatClicked.connect(self._seat_clicked)
        scene.dealerClicked.connect(self._dealer_clicked)
        scene.boardClicked.connect(self._board_clicked)
        scene.spotClicked.connect(self._spot_clicked)
        self._scene_connected = True
        self._connected_scene = scene

    def _disconnect_scene(self) -> None:
        if not self._scene_connected:
            return
        scene = self._connected_scene
        scene.seatClicked.disconnect(self._seat_clicked)
        scene.dealerClicked.disconnect(self._dealer_clicked)
        scene.boardClicked.disconnect(self._board_clicked)
        scene.spotClicked.disconnect(self._spot_clicked)
        self._scene_connected = False

    def _end_round(self) -> None:
        """The round on the table is given up (it counts what was done) and the run round's items go."""
        run = self.run
        if run is not None and not run.done and run.done_acts:
            result = run.result()
            self.session.book.record(result)
            self.roundFinished.emit(result)
        self.run = None
        self._ticker.stop()
        self._drop_cutter()
        self._disconnect_scene()
        if self.table is not None:
            self.table.clear()
            self.table.deleteLater()
            self.table = None
        self._enable_actions()

    # -- the trainee's acts ---------------------------------------------------------------------------------

    def perform(self, act: Act) -> RoundVerdict | None:
        """Do ``act`` in the round on the table; the felt shows it when it is taken."""
        run, table = self.run, self.table
        if run is None or table is None or run.done:
            return None
        due = run.expected()
        verdict = run.perform(act)
        self._report(verdict)
        if verdict.accepted and due is not None:
            self._show_act(due, act)
        self._sync()
        return verdict

    def take_fee(self) -> RoundVerdict | None:
        text = self.panel.fee_amount.text().strip().lstrip("$")
        try:
            amount = Decimal(text) if text else None
        except InvalidOperation:
            amount = None
        if amount is None:
            self.panel.show_feedback("Type the collection fee first in the box beside Fee, then T.")
            self.panel.fee_amount.setFocus()
            return None
        return self.perform(Act(Task.TAKE_FEE, amount=amount))

    def deal_next(self) -> RoundVerdict | None:
        """The next card to the place it is due (guided and practice modes only)."""
        if self.run is None:
            return None
        if self.mode in (Mode.EXAM, Mode.SPEED):
            self.panel.show_feedback(html.escape(NEXT_REFUSED.replace("name the place", "click the place")
                                                 .replace(" ('seat 3', 'dealer', 'flop', ...)", "")
                                                 .replace("'next' deals", "D deals")))
            return None
        return self.perform(Act(Task.DEAL, target=self.run.next_place()))

    def deal_to(self, target: Target) -> RoundVerdict | None:
        """A card to ``target`` (a place clicked on the felt)."""
        return self.perform(Act(Task.DEAL, target=target))

    def count_fold(self, count: int) -> RoundVerdict | None:
        """The folded hand chosen on the felt counts ``count`` cards: into the rack."""
        if self._fold_seat is None:
            self.panel.show_feedback("Click the folded hand on the felt first, then its count (1, 2 or 3).")
            return None
        return self.perform(Act(Task.COLLECT_FOLD, seat=self._fold_seat, count=count))

    def confirm_count(self) -> RoundVerdict | None:
        text = self.panel.count_box.text().strip()
        if not text.isdigit():
            self.panel.show_feedback("Type the number of cards in the rack first in the box beside Count, then K.")
            self.panel.count_box.setFocus()
            return None
        return self.perform(Act(Task.COUNT, count=int(text)))

    def carry_on(self) -> RoundVerdict | None:
        """Go on as if nothing were wrong: the card dealt, or the folded hand counted as it spreads."""
        run = self.run
        due = run.expected() if run is not None else None
        if due is None or not due.task.responds:
            self.panel.show_feedback("Carry on: do the next act of the round.")
            return None
        if due.target is not None:
            return self.perform(Act(Task.DEAL, target=due.target))
        return self.perform(Act(Task.COLLECT_FOLD, seat=due.seat, count=due.count))

    # -- the announcement and the settlement ----------------------------------------------------------------

    def announce(self, category: Category, qualifies: bool) -> RoundVerdict | None:
        run = self.run
        if run is None or run.done:
            return None
        verdict = run.announce_dealer(category, qualifies)
        self._report(verdict)
        if verdict.accepted:
            said = f"{category.label}, {'qualifies' if qualifies else 'does not qualify'}"
            mark = "" if self.mode is Mode.EXAM else (" ✓" if verdict.correct else " ✗")
            self.panel.settlement.begin_steps(f"Dealer: {said}{mark}", self._wagers_left())
        self._sync()
        return verdict

    def settle(self, seat: int, wager: Wager, action: Action, amount: Decimal | None) -> RoundVerdict | None:
        run, table = self.run, self.table
        if run is None or table is None or run.done:
            return None
        before = {(step.seat, step.wager): step for step in run.quiz.pending()}
        verdict = run.submit(seat, wager, action, amount)
        self._report(verdict)
        step = before.get((seat, wager))
        if verdict.accepted and step is not None:
            shown = step if verdict.correct else as_given(step, action, amount, self._stake(seat, wager))
            payout = self.cutter.hand_over() if self.cutter is not None and action is Action.PAY else None
            self.panel.settlement.clear_step()
            table.settle(shown, payout)
            self.panel.settlement.set_wagers(self._wagers_left())
        self._sync()
        return verdict

    def _stake(self, seat: int, wager: Wager) -> Decimal:
        assert self.run is not None
        hand = next((hand for hand in self.run.played.hands if hand.seat == seat), None)
        return Decimal(getattr(hand, wager.value)) if hand is not None else Decimal(0)

    def _wagers_left(self) -> dict[int, list[str]]:
        if self.run is None:
            return {}
        left: dict[int, list[str]] = {}
        for step in self.run.quiz.pending():
            left.setdefault(step.seat, []).append(step.wager.value)
        order = list(Wager)
        return {seat: sorted(wagers, key=lambda w: order.index(Wager(w))) for seat, wagers in sorted(left.items())}

    def _drop_cutter(self) -> None:
        if self.cutter is not None:
            self.cutter.drop()
            self.cutter.deleteLater()
            self.cutter = None

    # -- the felt -------------------------------------------------------------------------------------------

    def _part(self) -> Part:
        return part_of(self.run.expected() if self.run is not None else None)

    def _place_clicked(self, kind: str, seat: int | None, slot: int | None) -> None:
        run = self.run
        if run is None or run.done:
            return
        part = self._part()
        if part is Part.FOLDS and kind == "seat" and seat is not None:
            self._choose_fold(seat)
            return
        if part is Part.SETTLE:
            if kind == "seat" and seat is not None:
                self._settle_seat(seat)
            return
        given = [act.target for _, act in run.done_acts if act.task is Task.DEAL and act.target is not None]
        pd_seat = run.played.table.player_dealer_seat if not run.played.table.is_house else None
        self.deal_to(clicked_target(kind, seat, slot, given, player_dealer_seat=pd_seat))

    def _seat_clicked(self, seat: int) -> None:
        self._place_clicked("seat", seat, None)

    def _dealer_clicked(self) -> None:
        self._place_clicked("dealer", None, None)

    def _board_clicked(self) -> None:
        self._place_clicked("board", None, None)

    def _spot_clicked(self, seat: int, wager: str) -> None:
        if self._part() is Part.SETTLE:
            settlement = self.panel.settlement
            if not settlement.select(seat, wager):
                settlement.show_feedback(f"Nothing is left to settle on seat {seat}'s {Wager(wager).label}.")
            return
        self._place_clicked("seat", seat, None)

    def _settle_seat(self, seat: int) -> None:
        wagers = self._wagers_left().get(seat)
        if wagers:
            self.panel.settlement.select(seat, wagers[0])

    def _choose_fold(self, seat: int) -> None:
        run, scene = self.run, self.host.scene
        if run is None or scene is None:
            return
        collected = {act.seat for _, act in run.done_acts if act.task is Task.COLLECT_FOLD}
        if seat not in run.played.folded - kept_face_up(run.played) or seat in collected:
            self.panel.show_feedback(f"Seat {seat} has no folded hand to collect.")
            return
        if self._fold_seat is not None:
            scene.highlight_seat(self._fold_seat, False)
        self._fold_seat = seat
        scene.highlight_seat(seat, True)
        self.panel.show_fold_seat(seat)

    # -- what the table shows --------------------------------------------------------------------------------

    def _show_act(self, due: ScriptStep, act: Act) -> None:
        """The felt after an act taken: what the act due does (a card to the place given)."""
        run, table = self.run, self.table
        assert run is not None and table is not None
        task = due.task
        if task is Task.TAKE_FEE and due.amount is not None:
            table.take_fee(due.amount)
        elif task is Task.NO_MORE_BETS:
            table.say("No more bets")
        elif task is Task.COIN_IN:
            table.coin_in()
        elif task is Task.DEAL:
            table.say("")
            given = act.target if act.task is Task.DEAL and act.target is not None else due.target
            assert given is not None
            table.deal(given, due.target)
        elif task is Task.UNLOAD:
            table.unload()
        elif task is Task.COLLECT_FOLD and due.seat is not None:
            if self.host.scene is not None:
                self.host.scene.highlight_seat(due.seat, False)
            self._fold_seat = None
            self.panel.show_fold_seat(None)
            table.collect_fold(due.seat)
        elif task is Task.RACK:
            table.rack()
        elif task is Task.VOID:
            table.say("Void: every wager is returned")
            table.void(run.voided)
        elif task is Task.CALL_FLOOR:
            table.say("Floor! The supervisor takes over")

    def _sync(self) -> None:
        """The felt and the panel for the task now due."""
        run, table = self.run, self.table
        if run is None or table is None:
            return
        due = run.expected()
        part = part_of(due)
        injected = run.injected
        if table.hand_held and part is Part.DEAL and due is not None and due.task is not Task.VOID:
            self._once("deck", table.deliver_deck)
        if due is not None and due.task.responds and due.target is not None and injected is not None:
            if injected.kind is Irregularity.SHUFFLER_FAILS:
                self._once("fault", table.shuffler_fails)
            else:
                self._once("fault", table.wrong_back)
        voided = run.done and run.script[-1].task.responds and run.script[-1].target is not None
        if part in (Part.FOLDS, Part.SETTLE, Part.AFTER) and not voided:
            miscount = (injected.seat, injected.count) if (
                injected is not None and injected.kind is Irregularity.FOLD_MISCOUNT and injected.seat is not None
            ) else None
            self._once("decided", lambda: self._players_decide(miscount))
        if due is not None and due.task is Task.ANNOUNCE:
            self._once("showdown", self._begin_settlement)
        if part is not Part.SETTLE and "showdown" in self._shown and "settled" not in self._shown:
            self._once("settled", self._end_settlement)
        if run.done:
            self._once("over", self._round_over)
        self._guide()
        self._enable_actions()
        self._show_clock()
        if not run.done:
            self.panel.show_score(self._score_text())

    def _players_decide(self, miscount: tuple[int, int] | None) -> None:
        """The deal is over: any card not dealt to its place, the players decide, the folds are spread."""
        table = self.table
        assert table is not None
        table.complete_deal()
        table.decide()
        table.spread_folds(miscount)

    def _once(self, what: str, show: Callable[[], object]) -> None:
        if what not in self._shown:
            self._shown.add(what)
            show()

    def _begin_settlement(self) -> None:
        table, scene, run = self.table, self.host.scene, self.run
        assert table is not None and scene is not None and run is not None and self.mode is not None
        table.showdown()
        self._drop_cutter()
        self.cutter = PayoutCutter(scene, self.host.timing.chips, lambda: self.host.settings.animation_speed, self)
        self.panel.set_settling(True)
        settlement = self.panel.settlement
        settlement.begin_hand(f"Settle · {MODE_TITLES[self.mode]}", "Reveal and announce your hand, then settle "
                                                                    "every wager.")
        settlement.dealer_box.show()
        settlement.keys_help.hide()
        settlement.title.hide()

    def _end_settlement(self) -> None:
        self._drop_cutter()
        self.panel.settlement.finish_hand("")
        self.panel.settlement.review_button.hide()
        self.panel.set_settling(False)

    def _guide(self) -> None:
        run, table = self.run, self.table
        if run is None or table is None:
            return
        guided = self.mode is Mode.GUIDED and not run.done
        table.light(run.next_place() if guided else None)
        self.panel.show_hint(run.hint() if guided else "")
        due = run.expected()
        self.panel.show_seen(due.shown if due is not None and due.task.responds else "")

    def _enable_actions(self) -> None:
        on = self.on_table
        settling = on and self._part() is Part.SETTLE
        for name, action in self.actions.items():
            action.setEnabled(on and (name in RESPONSES or not settling))

    def _round_over(self) -> None:
        run = self.run
        assert run is not None
        self._ticker.stop()
        if self.table is not None:
            self.table.hide_places()
        result = run.result()
        self.session.book.record(result)
        self.rounds += 1
        last = run.script[-1].task
        ending = {Task.VOID: "The round is void: every wager is returned. ",
                  Task.CALL_FLOOR: "The floor supervisor takes over: the round stops here. "}.get(last, "")
        score = f"{result.correct} of {result.steps} acts right ({result.score:.0f} %)"
        if self.mode is Mode.EXAM:
            self.panel.show_feedback(self._review_html(result), "note" if not result.mistakes else "bad",
                                     next((m.topic for m in result.mistakes if m.topic), None))
        self.panel.progress.setText(f"{ending}Round run: {score}. Deal the next round (N).")
        self.panel.show_score(self._set_text())
        self.panel.show_seen("")
        self._enable_actions()
        self.roundFinished.emit(result)

    # -- feedback --------------------------------------------------------------------------------------------

    def _report(self, verdict: RoundVerdict) -> None:
        panel = self.panel
        if self.mode is Mode.EXAM:
            panel.show_feedback("Noted." if verdict.accepted else html.escape(verdict.message), "note")
            return
        self._sound("right" if verdict.correct else "wrong")
        if verdict.correct:
            panel.show_feedback(f"✓ {html.escape(verdict.message)}", "good")
            return
        topic = next((mistake.topic for mistake in verdict.mistakes if mistake.topic), None)
        body = "<br>".join(_mistake_html(mistake) for mistake in verdict.mistakes) or html.escape(verdict.message)
        panel.show_feedback(body + "<br>Do it again, right.", "bad", topic)

    def _review_html(self, result: ItemResult) -> str:
        if not result.mistakes:
            return f"Review: every act right ({result.steps} of {result.steps})."
        lines = [f"Review: {len(result.mistakes)} mistake{'s' if len(result.mistakes) != 1 else ''}"]
        lines += [_mistake_html(mistake) for mistake in result.mistakes]
        return "<br>".join(lines)

    def _score_text(self) -> str:
        if self.run is None or self.mode is Mode.EXAM:
            return ""
        now = self.run.result()
        return f"This round: {now.correct} of {now.steps} acts right" if now.steps else ""

    def _set_text(self) -> str:
        items = [item for item in self.session.book.items(self.run.drill if self.run else "run-round")
                 if item.mode is self.mode][-self.rounds:] if self.rounds else []
        if not items:
            return ""
        steps = sum(item.steps for item in items)
        correct = sum(item.correct for item in items)
        return (f"This sitting: {len(items)} round{'s' if len(items) != 1 else ''}, {correct} of {steps} acts right"
                f" ({100 * correct / steps:.0f} %)" if steps else "")

    def _show_clock(self) -> None:
        run = self.run
        if self.mode is not Mode.SPEED or run is None:
            self.panel.show_clock("")
            return
        result = run.result()
        per = result.seconds / result.steps if result.steps else 0.0
        self.panel.show_clock(f"⏱ {result.seconds:5.1f} s · {result.steps} acts · {per:.1f} s each")

    def _sound(self, name: str) -> None:
        sound = self.host.sound
        if sound is not None:
            sound.play(name)

    def open_lesson(self, topic: str | None = None) -> None:
        from trainer.gui.training import open_lessons

        open_lessons(self.host, topic or self.panel.lesson_topic)


def _mistake_html(mistake: Mistake) -> str:
    return (f"<b>✗ {html.escape(mistake.kind.value.capitalize())}</b><br>"
            f"Expected: {html.escape(mistake.expected)}<br>You: {html.escape(mistake.given)}<br>"
            f"<i>Document:</i> {html.escape(mistake.rule)}")


__all__ = ["MODE_TITLES", "RunRoundController"]
