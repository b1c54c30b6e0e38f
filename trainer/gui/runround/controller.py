"""The run round on the table: the trainee deals the round, act by act, and the felt follows.

The session owns the rounds run (:meth:`~trainer.session.TableSession.run_rounds`: the mode, the
:class:`~trainer.quiz.run_round.RunRound` that judges every act against the engine's script, the score, an exam
set's pass mark); :class:`RunRoundController` only asks it, and owns a :class:`~trainer.gui.runround.table.RunTable`
(which shows each act on the felt). What the trainee does comes
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
progress store keeps it; in exam mode the session's exam hands make a set, passed at its pass mark.

The controller is put together from pieces, each owning its data: what the trainee is told
(:class:`~trainer.gui.runround.feedback.Feedback`, no data of its own), what the felt shows and when
(:class:`~trainer.gui.runround.showing.Showing`: the run table, the payout cutter, what was shown); the round,
its mode and its score are the session's. Here: the modes, the rounds, the trainee's acts and the felt's clicks.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QListWidget

from trainer.engine.dealing import Target
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager
from trainer.gui.felt import felt_layout
from trainer.gui.quiz.cutting import PayoutCutter
from trainer.gui.runround.feedback import Feedback
from trainer.gui.runround.panel import ACT_KEYS, STOPS, RunRoundPanel
from trainer.gui.runround.places import IRREGULARITY_RATE, Part, clicked_target
from trainer.gui.runround.showing import Showing
from trainer.gui.runround.state import MODE_TITLES, RESPONSES, Refresh
from trainer.gui.runround.table import RunTable
from trainer.gui.table.stage import Stage
from trainer.i18n.translation import _, pgettext
from trainer.quiz.amounts import not_an_amount, read_amount
from trainer.quiz.given import as_given
from trainer.quiz.round_script import BOARD_CARDS, FLOP_CARDS, Task, left_after_fold
from trainer.quiz.run_round import Act, RoundVerdict, RunRound
from trainer.scoring import Mode
from trainer.session import Event, RunModeChanged, RunRoundOver, RunSetFinished

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from trainer.gui.host import TableHost
    from trainer.gui.quiz.panel import SettlementPanel


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
        self.irregular = True
        """Irregularities now and then (at :data:`IRREGULARITY_RATE`); exam rounds bring some regardless."""
        self.rate = IRREGULARITY_RATE
        self._prompt_area, self._log, self._refresh = prompt_area, log, refresh
        self._scene_connected = False
        self.panel = RunRoundPanel()
        self.panel.hide()
        layout = prompt_area.layout()
        assert layout is not None
        layout.addWidget(self.panel)
        self.actions: dict[str, QAction] = {}
        self._also_retranslate: list[Callable[[], object]] = []

        self.feedback = Feedback(host, self.session, self.panel)
        """What the trainee is told (it keeps no data)."""
        self.showing = Showing(host, self.session, self.panel, self.feedback, self.actions, self, tick_ms=tick_ms)
        """What the felt shows (it owns the run table, the cutter and what was shown)."""
        self.showing.roundOver.connect(self.roundFinished.emit)
        self._connect_panel()
        self.session.subscribe(self._heard)
        self.showing.enable_actions()

    # -- what it shows and asks, as the window and the tests see it ----------------------------------------

    @property
    def mode(self) -> Mode | None:
        """The mode the trainee runs the rounds in (the session's; None: off)."""
        return self.session.running

    @property
    def active(self) -> bool:
        """True while the trainee runs the rounds (a mode is chosen)."""
        return self.mode is not None

    @property
    def run(self) -> RunRound | None:
        """The round being run (or run last), the session's."""
        return self.session.run

    @run.setter
    def run(self, run: RunRound) -> None:
        """The same round run another way (with a given irregularity), before its first act."""
        self.session.run_instead(run)

    @property
    def rounds(self) -> int:
        """Rounds run in this sitting."""
        return self.session.run_count

    @property
    def on_table(self) -> bool:
        """A run round is on the table and not over."""
        return self.session.can_act()

    @property
    def table(self) -> RunTable | None:
        return self.showing.table

    @property
    def cutter(self) -> PayoutCutter | None:
        return self.showing.cutter

    def _sync(self) -> None:
        """The felt and the panel for the task now due."""
        self.showing.sync()

    def open_lesson(self, topic: str | None = None) -> None:
        self.feedback.open_lesson(topic)

    # -- wiring ---------------------------------------------------------------------------------------------

    def _connect_panel(self) -> None:
        panel, window = self.panel, self.host.window()
        slots: dict[str, Callable[[], object]] = {
            "fee": self.take_fee, "no_more_bets": lambda: self.perform(Act(Task.NO_MORE_BETS)),
            "coin_in": lambda: self.perform(Act(Task.COIN_IN)), "deal_next": self.deal_next,
            "unload": lambda: self.perform(Act(Task.UNLOAD)), "take_play": lambda: self.play_wager(Task.TAKE_PLAY),
            "refuse_play": lambda: self.play_wager(Task.REFUSE_PLAY), "reveal": self.turn_over,
            "hand_button": self.hand_button, "game_over": lambda: self.perform(Act(Task.GAME_OVER)),
            "fold_1": lambda: self.count_fold(1),
            "fold_2": lambda: self.count_fold(2), "fold_3": lambda: self.count_fold(3),
            "rack": lambda: self.perform(Act(Task.RACK)), "count": self.confirm_count,
            "void": lambda: self.perform(Act(Task.VOID)), "floor": lambda: self.perform(Act(Task.CALL_FLOOR)),
            "carry_on": self.carry_on,
            **{name: partial(self.stop_act, stop) for name, stop in STOPS.items()},
        }
        for name, slot in slots.items():
            panel.buttons[name].clicked.connect(lambda _checked=False, s=slot: s())
            action = QAction(window)
            action.setObjectName(f"runRound_{name}")
            action.setShortcut(QKeySequence(ACT_KEYS[name][1]))
            action.triggered.connect(lambda _checked=False, s=slot: s())
            window.addAction(action)
            self.actions[name] = action
        self._name_actions()
        for result, button in panel.hand_buttons.items():
            button.clicked.connect(lambda _checked=False, r=result: self.announce_hand(r))
        panel.fee_amount.returnPressed.connect(self.take_fee)
        panel.count_box.returnPressed.connect(self.confirm_count)
        panel.lesson_button.clicked.connect(lambda _checked=False: self.open_lesson())
        panel.when_settlement_made(self._connect_settlement)

    def prepare(self) -> None:
        """Make the panel's settlement part now, so that the first round run does not wait for it."""
        self.panel.make_settlement()

    def _connect_settlement(self, settlement: SettlementPanel) -> None:
        settlement.dealerAnnounced.connect(self.announce)
        settlement.stepConfirmed.connect(lambda seat, wager, action, amount: self.settle(
            seat, Wager(wager), Action(action), amount))
        settlement.selectionChanged.connect(lambda seat, wager: self.cutter.aim(seat, wager) if self.cutter else None)
        settlement.chipAdded.connect(lambda value: self.cutter.add(value) if self.cutter else None)
        settlement.chipRemoved.connect(lambda value: self.cutter.remove(value) if self.cutter else None)
        settlement.chipsCleared.connect(lambda: self.cutter.clear() if self.cutter else None)
        settlement.lessonRequested.connect(self.open_lesson)

    def _name_actions(self) -> None:
        """The window's act actions (their keys) named in the current language."""
        for name, action in self.actions.items():
            text, _key, tip = ACT_KEYS[name]
            action.setText(_("Run the round: {act}").format(act=_(text)))
            tip = _(tip)
            action.setStatusTip(_("Run the round: {what}").format(what=f"{tip[:1].lower()}{tip[1:]}"))

    def also_retranslate(self, again: Callable[[], object]) -> None:
        """``again`` re-sets more texts of the run round (its menu) when :meth:`retranslate` runs."""
        self._also_retranslate.append(again)

    def retranslate(self) -> None:
        """The language changed: the panel, the act actions and what the panel says of the round on the table,
        in the new one (what the trainee was told of an act already done stays as it was said)."""
        self.panel.retranslate()
        self._name_actions()
        for again in self._also_retranslate:
            again()
        mode = self.mode
        if mode is not None:
            self.panel.title.setText(_("Run the round · {mode}").format(mode=_(MODE_TITLES[mode])))
            if self.run is not None and not self.run.done:
                self._begin_panel(keep=True)
            self.showing.sync()

    # -- the mode -------------------------------------------------------------------------------------------
    def set_mode(self, mode: Mode | None) -> bool:
        """Run the rounds in ``mode`` from now on and deal the first (None: stop; the table is the user's again).
        False when a round the table plays is on the felt."""
        if mode is None:
            self.stop()
            return True
        if self.host.playing or not self.session.can_run_rounds():
            self.host.notify_once(_("Finish the round on the table first, then run the round yourself."))
            return False
        self.session.run_rounds(mode)
        self.deal()
        return True

    def stop(self) -> None:
        """Stop running rounds: the round on the table counts what was done; the felt is cleared."""
        self.session.stop_running()

    def _heard(self, event: Event) -> None:
        """What the session decided about the rounds run: the mode (the table taken for something else ends it),
        a round cut short, an exam set done."""
        if isinstance(event, RunModeChanged):
            self._show_mode(event.mode)
        elif isinstance(event, RunRoundOver) and not event.complete:
            self.roundFinished.emit(event.result)
        elif isinstance(event, RunSetFinished) and event.complete:
            self.showing.finished_set = event.result

    def _show_mode(self, mode: Mode | None) -> None:
        self._clear_table()
        review = self.host.action("reviewHandKey")  # V reviews a settled hand; while rounds are run V voids
        if review is not None:
            review.setEnabled(mode is None)
        if mode is None:
            if self.host.scene is not None:
                self.host.scene.reset_round()
            self.panel.hide()
            if isinstance(self._log, QListWidget):
                self._log.clear()  # the table's next round starts its own log; an earlier one is not shown again
            self._log.show()
            self._prompt_area.setVisible(self.session.mode is not None)
        else:
            self._log.hide()
            self._prompt_area.show()
            self.panel.show()
            self.panel.title.setText(_("Run the round · {mode}").format(mode=_(MODE_TITLES[mode])))
        self.showing.enable_actions()
        self.modeChanged.emit(mode)

    # -- rounds ---------------------------------------------------------------------------------------------

    def deal(self) -> bool:
        """Deal the next round to run (the user's table, by the settings); False when one is being run."""
        if self.mode is None or self.host.playing or not self.session.can_deal_run():
            return False
        run = self.session.deal_run(self.host.rng, irregular=self.irregular, rate=self.rate, clock=self.clock)
        table_round = self.session.round_run
        assert table_round is not None
        settings = self.host.settings
        config = felt_layout(table_round.felt, four_colour=settings.four_colour, deck_backs=settings.deck_backs)
        if not self._refresh(config) or (scene := self.host.scene) is None:
            self.session.give_up_run()  # nothing done: not scored
            return False
        self._clear_table()
        played = run.played
        backs = [colour for colour in settings.deck_backs if colour != played.deck_colour]
        stage = Stage(scene, played, self.host.timing, play=self.feedback.sound)
        table = RunTable(stage, lambda: self.host.settings.animation_speed, backs[0] if backs else "blue", self)
        table.placeClicked.connect(self._place_clicked)
        self._connect_scene()
        self.showing.new_table(table)
        self._begin_panel()
        self.roundStarted.emit()
        self.showing.sync()
        return True

    def _begin_panel(self, *, keep: bool = False) -> None:
        """The panel for the round just dealt (``keep``: only its words again, in the current language)."""
        panel, run = self.panel, self.run
        assert run is not None
        played = run.played
        table = played.table
        where = (_("player-dealer in seat {seat}").format(seat=table.player_dealer_seat)
                 if table.player_dealer_seat is not None else _("house-banked"))
        decks = {"red": pgettext("deck", "the red deck"), "blue": pgettext("deck", "the blue deck"),
                 "green": pgettext("deck", "the green deck"), "black": pgettext("deck", "the black deck")}

        deck = decks.get(played.deck_colour, _("the {colour} deck").format(colour=played.deck_colour))
        panel.progress.setText(_("Round {number} · {procedure} · {deck} · {where}").format(
            number=played.number, procedure=played.procedure.label, deck=deck, where=where))
        if keep:
            return
        panel.set_settling(False)
        panel.fee_amount.clear()
        panel.count_box.clear()
        panel.show_fold_seat(None)
        panel.show_feedback("")
        panel.show_score(self.feedback.set_text())

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

    def _clear_table(self) -> None:
        """The run round's items leave the felt (the session has scored or given up the round)."""
        self.showing.clear()
        self._disconnect_scene()
        self.showing.enable_actions()

    # -- the trainee's acts ---------------------------------------------------------------------------------

    def perform(self, act: Act) -> RoundVerdict | None:
        """Do ``act`` in the round on the table; the felt shows it when it is taken."""
        run, table = self.run, self.table
        if run is None or table is None or run.done:
            return None
        due = run.expected()
        verdict = self.session.run_act(act)
        self.feedback.report(verdict)
        if verdict.accepted and due is not None:
            self.showing.show_act(due, act)
        self.showing.sync()
        return verdict

    def stop_act(self, stop: str) -> RoundVerdict | None:
        """Stop the prohibited act a player attempts (``stop``: a :class:`~trainer.quiz.protection.Stop` value)."""
        return self.perform(Act(Task.STOP, result=stop))

    def take_fee(self) -> RoundVerdict | None:
        text = self.panel.fee_amount.text().strip()
        amount = read_amount(text) if text else None
        if amount is None:
            self.panel.show_feedback(
                _("Type the collection fee first in the box beside Fee, then T.") if not text else
                html.escape(not_an_amount(text)))
            self.panel.fee_amount.setFocus()
            return None
        return self.perform(Act(Task.TAKE_FEE, amount=amount))

    def deal_next(self) -> RoundVerdict | None:
        """The next card to the place it is due (guided and practice modes only)."""
        if self.run is None:
            return None
        if self.mode in (Mode.EXAM, Mode.SPEED):
            self.panel.show_feedback(html.escape(_("In exam and speed modes click the place of each card: D deals "
                                                   "for you only in guided and practice modes")))
            return None
        return self.perform(Act(Task.DEAL, target=self.run.next_place()))

    def deal_to(self, target: Target) -> RoundVerdict | None:
        """A card to ``target`` (a place clicked on the felt)."""
        return self.perform(Act(Task.DEAL, target=target))

    def play_wager(self, task: Task) -> RoundVerdict | None:
        """Take (or refuse) the Play wager a player puts out now (seed 001 Dealing Procedures 9-13)."""
        run = self.run
        due = run.expected() if run is not None else None
        if due is None or due.task not in (Task.TAKE_PLAY, Task.REFUSE_PLAY):
            return self.perform(Act(task))
        return self.perform(Act(task, seat=due.seat, amount=due.amount if task is Task.TAKE_PLAY else None))

    def hand_button(self) -> RoundVerdict | None:
        """Press the Progressive hand button for the winning hand of the seat due (seed 002 Progressive rule 9 d)."""
        run = self.run
        due = run.expected() if run is not None else None
        if due is None or due.task is not Task.HAND_BUTTON:
            return self.perform(Act(Task.HAND_BUTTON))
        return self.perform(Act(Task.HAND_BUTTON, seat=due.seat, hand=due.hand))

    def turn_over(self) -> RoundVerdict | None:
        """Turn over the next street: the flop, or once it is up the turn and the river."""
        run = self.run
        if run is None:
            return None
        turned = sum(act.task is Task.REVEAL for _step, act in run.done_acts)
        return self.perform(Act(Task.REVEAL, count=FLOP_CARDS if turned == 0 else BOARD_CARDS))

    def announce_hand(self, result: str) -> RoundVerdict | None:
        """Announce the hand chosen for the seat due and its ``result`` (``win``, ``lose``, ``push``)."""
        run = self.run
        due = run.expected() if run is not None else None
        category = self.panel.hand_category.currentData()
        if not isinstance(category, Category):
            self.panel.show_feedback(_("Choose the player's hand first, then Wins, Loses or Ties."))
            return None
        seat = due.seat if due is not None and due.task is Task.ANNOUNCE_HAND else None
        return self.perform(Act(Task.ANNOUNCE_HAND, seat=seat, hand=category, result=result))

    def count_fold(self, count: int) -> RoundVerdict | None:
        """The folded hand chosen on the felt counts ``count`` cards: into the rack."""
        if self.showing.fold_seat is None:
            self.panel.show_feedback(_("Click the folded hand on the felt first, then its count (1, 2 or 3)."))
            return None
        return self.perform(Act(Task.COLLECT_FOLD, seat=self.showing.fold_seat, count=count))

    def confirm_count(self) -> RoundVerdict | None:
        text = self.panel.count_box.text().strip()
        if not text.isdigit():
            self.panel.show_feedback(_("Type the number of cards in the rack first in the box beside Count, then K."))
            self.panel.count_box.setFocus()
            return None
        return self.perform(Act(Task.COUNT, count=int(text)))

    def carry_on(self) -> RoundVerdict | None:
        """Go on as if nothing were wrong: the card dealt, or the folded hand counted as it spreads."""
        run = self.run
        due = run.expected() if run is not None else None
        if due is None or not due.task.responds:
            self.panel.show_feedback(_("Carry on: do the next act of the round."))
            return None
        if due.task is Task.STOP:  # letting a prohibited act go on: the next card, as if nothing were happening
            return self.perform(Act(Task.DEAL, target=self.run.next_place() if self.run is not None else None))
        if due.target is not None:
            return self.perform(Act(Task.DEAL, target=due.target))
        return self.perform(Act(Task.COLLECT_FOLD, seat=due.seat, count=due.count))

    # -- the announcement and the settlement ----------------------------------------------------------------

    def announce(self, category: Category, qualifies: bool) -> RoundVerdict | None:
        run = self.run
        if run is None or run.done:
            return None
        verdict = self.session.run_announce(category, qualifies)
        self.feedback.report(verdict)
        if verdict.accepted:
            said = (_("{hand}, qualifies") if qualifies else _("{hand}, does not qualify")).format(
                hand=_(category.label))

            mark = "" if self.mode is Mode.EXAM else (" ✓" if verdict.correct else " ✗")
            self.panel.settlement.begin_steps(_("Dealer: {said}").format(said=said) + mark, self._wagers_left())
        self.showing.sync()
        return verdict

    def settle(self, seat: int, wager: Wager, action: Action, amount: Decimal | None) -> RoundVerdict | None:
        run, table = self.run, self.table
        if run is None or table is None or run.done:
            return None
        before = {(step.seat, step.wager): step for step in run.quiz.pending()}
        verdict = self.session.run_settle(seat, wager, action, amount)
        self.feedback.report(verdict)
        step = before.get((seat, wager))
        if verdict.accepted and step is not None:
            shown = step if verdict.correct else as_given(step, action, amount, self._stake(seat, wager))
            payout = self.cutter.hand_over() if self.cutter is not None and action is Action.PAY else None
            self.panel.settlement.clear_step()
            table.settle(shown, payout)
            self.panel.settlement.set_wagers(self._wagers_left())
        self.showing.sync()
        return verdict

    def _stake(self, seat: int, wager: Wager) -> Decimal:
        assert self.run is not None
        hand = next((hand for hand in self.run.played.hands if hand.seat == seat), None)
        return Decimal(getattr(hand, wager.value)) if hand is not None else Decimal(0)

    def _wagers_left(self) -> dict[int, list[str]]:
        """The wagers of the settlement task due (a fold's, the refund pass, one seat's)."""
        return self.showing.wagers_due()

    # -- the felt -------------------------------------------------------------------------------------------

    def _place_clicked(self, kind: str, seat: int | None, slot: int | None) -> None:
        run = self.run
        if run is None or run.done:
            return
        part = self.showing.part()
        if self.showing.settling():
            if kind == "seat" and seat is not None:
                self._settle_seat(seat)
            return
        if part is Part.FOLDS and kind == "seat" and seat is not None:
            self._choose_fold(seat)
            return
        if part is Part.SETTLE:
            return
        given = [act.target for _step, act in run.done_acts if act.task is Task.DEAL and act.target is not None]
        pd_seat = run.played.table.player_dealer_seat if not run.played.table.is_house else None
        self.deal_to(clicked_target(kind, seat, slot, given, player_dealer_seat=pd_seat))

    def _seat_clicked(self, seat: int) -> None:
        self._place_clicked("seat", seat, None)

    def _dealer_clicked(self) -> None:
        self._place_clicked("dealer", None, None)

    def _board_clicked(self) -> None:
        self._place_clicked("board", None, None)

    def _spot_clicked(self, seat: int, wager: str) -> None:
        if self.showing.settling():
            settlement = self.panel.settlement
            if settlement.select(seat, wager):
                settlement.amount.setFocus(Qt.FocusReason.MouseFocusReason)  # P / T / U / R as in settle it yourself
            else:
                settlement.show_feedback(_("Nothing is left to settle on seat {seat}'s {wager}.").format(
                    seat=seat, wager=Wager(wager).label))
            return
        self._place_clicked("seat", seat, None)

    def _settle_seat(self, seat: int) -> None:
        wagers = self._wagers_left().get(seat)
        if wagers and self.panel.settlement.select(seat, wagers[0]):
            self.panel.settlement.amount.setFocus(Qt.FocusReason.MouseFocusReason)

    def _choose_fold(self, seat: int) -> None:
        run, scene = self.run, self.host.scene
        if run is None or scene is None:
            return
        collected = {act.seat for _step, act in run.done_acts if act.task is Task.COLLECT_FOLD}
        if seat not in run.played.folded - left_after_fold(run.played) or seat in collected:
            self.panel.show_feedback(_("Seat {seat} has no folded hand to collect.").format(seat=seat))

            return
        if self.showing.fold_seat is not None:
            scene.highlight_seat(self.showing.fold_seat, False)
        self.showing.fold_seat = seat
        scene.highlight_seat(seat, True)
        self.panel.show_fold_seat(seat)


__all__ = ["MODE_TITLES", "RESPONSES", "Refresh", "RunRoundController"]
