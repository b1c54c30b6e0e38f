"""What the table shows and when, as the round is run: the felt after each act taken, the deck delivered, an
irregularity shown when it is due (the shuffler fails, a card with the other back, a fold that does not count
two), the players deciding, the showdown and the settlement, the next place lit in guided mode, and the round's
end told (the session scores it)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction

from trainer.engine.settlement import format_money
from trainer.engine.wagers import Wager
from trainer.gui.quiz.cutting import PayoutCutter
from trainer.gui.quiz.stage import PanelStage
from trainer.gui.runround.feedback import Feedback
from trainer.gui.runround.panel import RunRoundPanel
from trainer.gui.runround.places import Part, part_of
from trainer.gui.runround.state import MODE_TITLES, RESPONSES
from trainer.gui.runround.table import RunTable
from trainer.i18n.translation import _, ngettext, pgettext
from trainer.quiz.round_order import SEAT_CYCLE
from trainer.quiz.round_script import BOARD_CARDS, FLOP_CARDS, RESULT_WORDS, Irregularity, ScriptStep, Task
from trainer.quiz.run_round import Act, RunRound
from trainer.scoring import Mode, SetResult, mark_text

if TYPE_CHECKING:
    from trainer.gui.host import TableHost
    from trainer.session import TableSession


class Showing(QObject):
    """The felt and the panel kept in step with the round being run. It owns what is on show: the
    :class:`RunTable` (``table``), the payout ``cutter``, what has been shown once, the folded hand chosen, the
    speed clock's ticker and an exam set just finished; the round itself is the session's."""

    roundOver = Signal(object)  # noqa: N815 (Qt signal names)
    """The :class:`~trainer.scoring.ItemResult` of a round run to its end, once the felt shows its end."""

    def __init__(self, host: TableHost, session: TableSession, panel: RunRoundPanel, feedback: Feedback,
                 actions: dict[str, QAction], parent: QObject | None = None, *, tick_ms: int = 200) -> None:
        super().__init__(parent)
        self.host, self.session, self.panel, self.feedback, self.actions = host, session, panel, feedback, actions
        self.table: RunTable | None = None
        self.cutter: PayoutCutter | None = None
        self.fold_seat: int | None = None
        """The folded hand chosen on the felt, to be counted."""
        self.finished_set: SetResult | None = None
        """An exam set the round just run finished (told with the round's end)."""
        self._shown: set[str] = set()
        self.ticker = QTimer(self)
        self.ticker.setInterval(tick_ms)
        self.ticker.timeout.connect(feedback.show_clock)

    @property
    def mode(self) -> Mode | None:
        return self.session.running

    @property
    def run(self) -> RunRound | None:
        return self.session.run

    def part(self) -> Part:
        """The part of the round the task due belongs to."""
        return part_of(self.run.expected() if self.run is not None else None)

    def new_table(self, table: RunTable) -> None:
        """``table`` shows the round just dealt: nothing of it shown yet."""
        self.table = table
        self._shown, self.fold_seat = set(), None
        table.set_up()
        if self.mode is Mode.SPEED:
            self.ticker.start()

    def clear(self) -> None:
        """The round's items leave the felt."""
        self.ticker.stop()
        self.drop_cutter()
        if self.table is not None:
            self.table.clear()
            self.table.deleteLater()
            self.table = None

    def show_act(self, due: ScriptStep, act: Act) -> None:
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
        elif task is Task.TAKE_PLAY and due.seat is not None:
            table.say(_("Seat {seat}: Play {amount}").format(seat=due.seat,
                                                             amount=format_money(due.amount or Decimal(0))))
        elif task is Task.REFUSE_PLAY and due.seat is not None:
            table.say(_("Seat {seat}: no second Play wager").format(seat=due.seat))
        elif task is Task.ANNOUNCE_HAND and due.hand is not None:
            table.say(_("Seat {seat}: {hand}, {result}").format(seat=due.seat, hand=_(due.hand.label),
                                                                result=_result_word(due.result)))
        elif task is Task.HAND_BUTTON and due.hand is not None:
            table.say(_("Seat {seat}: {hand}, the hand button pressed").format(seat=due.seat,
                                                                               hand=_(due.hand.label)))

        elif task is Task.CALL_SUPERVISOR:
            table.say(_("The supervisor verifies the Progressive win and records it"))
        elif task is Task.GAME_OVER:
            table.say("Game Over")
        elif task is Task.REVEAL:
            flop = due.count == FLOP_CARDS
            table.say(_("The flop") if flop else _("The turn and the river"))
            table.turn_over(range(FLOP_CARDS) if flop else range(FLOP_CARDS, BOARD_CARDS))
            table.street("flop" if flop else "river")
        elif task is Task.COLLECT_FOLD and due.seat is not None:
            if self.host.scene is not None:
                self.host.scene.highlight_seat(due.seat, False)
            self.fold_seat = None
            self.panel.show_fold_seat(None)
            table.collect_fold(due.seat)
        elif task is Task.RACK and due.seat is not None:
            table.collect_fold(due.seat)
        elif task is Task.RACK:
            table.rack()
        elif task is Task.VOID:
            table.say(_("Void: every wager is returned"))
            table.take_odd_card()
            table.void(run.voided)
        elif task is Task.CALL_FLOOR:
            table.say(_("Floor! The supervisor takes over"))
            table.take_odd_card()
        elif task is Task.STOP:
            table.say(due.describe())
            if self.host.scene is not None and due.seat is not None:
                self.host.scene.highlight_seat(due.seat, False)

    def sync(self) -> None:
        """The felt and the panel for the task now due."""
        run, table = self.run, self.table
        if run is None or table is None:
            return
        due = run.expected()
        part = part_of(due)
        injected = run.injected
        if table.hand_held and part is Part.DEAL and due is not None and due.task is not Task.VOID:
            self._once("deck", table.deliver_deck)
        if due is not None and due.task is Task.STOP and due.seat is not None:
            seat, shown = due.seat, due.shown
            self._once("attempt", lambda: self._attempt(seat, shown))
        if due is not None and due.task.responds and due.target is not None and injected is not None:
            if injected.kind is Irregularity.SHUFFLER_FAILS:
                self._once("fault", table.shuffler_fails)
            else:
                self._once("fault", table.wrong_back)
        voided = run.done and run.script[-1].task.responds and run.script[-1].target is not None
        if part in (Part.STREETS, Part.FOLDS, Part.SETTLE, Part.AFTER) and not voided:
            self._once("dealt", self._deal_done)
        if part in (Part.FOLDS, Part.SETTLE, Part.AFTER) and not voided:
            miscount = (injected.seat, injected.count) if (
                injected is not None and injected.kind is Irregularity.FOLD_MISCOUNT and injected.seat is not None
            ) else None
            self._once("decided", lambda: self._players_decide(miscount))
        settling = self.settling()
        if settling:
            self._once("showdown", self._begin_settlement)
        if due is not None and due.task is Task.ANNOUNCE:
            self._once("dealer up", self._dealer_up)
        if due is not None and due.task is Task.SETTLE:
            self._once(f"part {run.script.index(due)}", self._wagers_due)
        if due is not None and due.seat is not None and due.stage in SEAT_CYCLE:
            seat = due.seat
            self._once(f"seat {seat}", lambda: table.turn_up(seat))
        over = due is None or (part is Part.AFTER and due.task is not Task.ANNOUNCE)
        if over and "showdown" in self._shown and "settled" not in self._shown:
            self._once("settled", self._end_settlement)
        hand_due = due.seat if due is not None and due.task is Task.ANNOUNCE_HAND else None
        self.panel.show_hand_due(hand_due)
        if "showdown" in self._shown and "settled" not in self._shown:
            self.panel.settlement.setVisible(settling)
            self.panel.acts.setVisible(not settling and hand_due is None)
        if run.done:
            self._once("over", self._round_over)
        self._guide()
        self.enable_actions()
        self.feedback.show_clock()
        if not run.done:
            self.panel.show_score(self.feedback.score_text())

    def _attempt(self, seat: int, shown: str) -> None:
        """A player's prohibited act, shown on the felt: the seat lit and what it does said over the table."""
        table = self.table
        assert table is not None
        table.say(shown[:1].upper() + shown[1:])
        if self.host.scene is not None:
            self.host.scene.highlight_seat(seat, True)

    def _deal_done(self) -> None:
        """The deal is over: any card not dealt to its place, and the players' decisions before the flop (the
        flop's and the river's come as each street is turned over)."""
        table = self.table
        assert table is not None
        table.complete_deal()
        table.street("preflop")

    def _players_decide(self, miscount: tuple[int, int] | None) -> None:
        """The river's decisions are in: the folds are spread."""
        table = self.table
        assert table is not None
        table.spread_folds(miscount)

    def _once(self, what: str, show: Callable[[], object]) -> None:
        if what not in self._shown:
            self._shown.add(what)
            show()

    def settling(self) -> bool:
        """The task due is the settlement panel's: the dealer's announcement or a wager to settle."""
        due = self.run.expected() if self.run is not None else None
        return due is not None and due.task in (Task.ANNOUNCE, Task.SETTLE)

    def wagers_due(self) -> dict[int, list[str]]:
        """The wagers of the settlement task due (a fold's, the refund pass, a seat's), by seat, in the layout's
        order."""
        run = self.run
        left: dict[int, list[str]] = {}
        for step in run.segment() if run is not None else []:
            left.setdefault(step.seat, []).append(step.wager.value)
        order = list(Wager)
        return {seat: sorted(wagers, key=lambda w: order.index(Wager(w))) for seat, wagers in sorted(left.items())}

    def _wagers_due(self) -> None:
        """A settlement task comes due: its wagers are the ones the panel offers."""
        settlement = self.panel.settlement
        if settlement.stage is PanelStage.DEALER:
            return  # the dealer's announcement first
        settlement.begin_steps(settlement.announced.text(), self.wagers_due())

    def _dealer_up(self) -> None:
        """The dealer's cards turned up; the panel asks for the announcement."""
        table = self.table
        assert table is not None
        table.say("")
        table.showdown()
        self.panel.settlement.set_stage(PanelStage.DEALER)
        self.panel.settlement.dealer_box.show()

    def _begin_settlement(self) -> None:
        table, scene, run = self.table, self.host.scene, self.run
        assert table is not None and scene is not None and run is not None and self.mode is not None
        table.say("")
        self.drop_cutter()
        self.cutter = PayoutCutter(scene, self.host.timing.chips, lambda: self.host.settings.animation_speed, self)
        self.panel.set_settling(True)
        settlement = self.panel.settlement
        settlement.begin_hand(_("Settle · {mode}").format(mode=_(MODE_TITLES[self.mode])),
                              _("Take each fold's wagers at the fold; reveal and announce your hand; then settle "
                                "one player at a time."))
        settlement.dealer_box.show()
        settlement.keys_help.hide()
        settlement.title.hide()
        due = run.expected()
        if due is not None and due.task is Task.SETTLE:  # a fold's wagers, before the dealer's hand
            settlement.begin_steps("", self.wagers_due())

    def _end_settlement(self) -> None:
        self.drop_cutter()
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
        put_out = due is not None and due.task in (Task.TAKE_PLAY, Task.REFUSE_PLAY) and not guided  # the hint says it
        controller = due is not None and due.task is Task.HAND_BUTTON and not guided
        at_issue = due is not None and (due.task.responds or put_out or controller)
        self.panel.show_seen(due.shown if due is not None and at_issue else "")

    def enable_actions(self) -> None:
        on = self.session.can_act()
        settling = on and self.settling()
        for name, action in self.actions.items():
            action.setEnabled(on and (name in RESPONSES or not settling or name == "hand_button"))

    def _round_over(self) -> None:
        run = self.run
        assert run is not None
        self.ticker.stop()
        if self.table is not None:
            self.table.hide_places()
        result = run.result()  # scored into the book by the session
        last = run.script[-1].task
        ending = {Task.VOID: _("The round is void: every wager is returned.") + " ",
                  Task.CALL_FLOOR: _("The floor supervisor takes over: the round stops here.") + " "}.get(last, "")
        score = _("{correct} of {steps} acts right ({percent} %)").format(
            correct=result.correct, steps=result.steps, percent=f"{result.score:.0f}")
        if self.mode is Mode.EXAM:
            self.panel.show_feedback(self.feedback.review_html(result), "note" if not result.mistakes else "bad",
                                     next((m.topic for m in result.mistakes if m.topic), None))
        finished, self.finished_set = self.finished_set, None
        exam = exam_set_text(finished) + " " if finished is not None else ""
        self.panel.progress.setText(ending + _("Round run: {score}.").format(score=score) + " " + exam
                                    + _("Deal the next round (N)."))
        self.panel.show_score(self.feedback.set_text())
        self.panel.show_seen("")
        self.enable_actions()
        self.roundOver.emit(result)

    def drop_cutter(self) -> None:
        if self.cutter is not None:
            self.cutter.drop()
            self.cutter.deleteLater()
            self.cutter = None


def _result_word(result: str | None) -> str:
    """How a player's result against the dealer is announced (``wins``, ``loses``, ``ties``)."""
    words = {"win": pgettext("hand result", "wins"), "lose": pgettext("hand result", "loses"),
             "push": pgettext("hand result", "ties")}
    return words.get(result or "", RESULT_WORDS.get(result or "", str(result)))


def exam_set_text(result: SetResult) -> str:

    """An exam set of rounds run, in one sentence.

    >>> from trainer.scoring import ItemResult
    >>> done = SetResult("run-round", Mode.EXAM, [ItemResult("run-round", "round 1", 40, 38, (), 90.0, Mode.EXAM)])
    >>> exam_set_text(done)
    'Exam set done: 38 of 40 acts right over 1 round (95 %), passed (pass mark 90 %).'
    """
    rounds = ngettext("{count} round", "{count} rounds", len(result.items)).format(count=len(result.items))
    verdict = _("passed") if result.passed else _("not passed")
    return _("Exam set done: {correct} of {steps} acts right over {rounds} ({percent} %), {verdict} (pass mark "
             "{pass_mark} %).").format(correct=result.correct, steps=result.steps, rounds=rounds,
                                       percent=f"{result.score:.0f}", verdict=verdict,
                                       pass_mark=mark_text(result.pass_mark))

