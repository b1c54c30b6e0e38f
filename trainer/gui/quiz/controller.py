"""The glue between the settlement panel and the table session: the trainee's answers go to the session, and
what the session decides is shown in the panel and on the felt.

The session (:class:`~trainer.session.TableSession`) deals the round for the trainee and, once the hands are
shown, begins the hand (:class:`~trainer.session.SettlementBegun`). The trainee's answers come from the
:class:`~trainer.gui.quiz.panel.SettlementPanel` and from clicks on the felt (a wager picks seat and wager, a
seat its first wager left); each goes to the session, whose :class:`~trainer.quiz.settlement.SettlementQuiz`
judges it. The controller only shows the verdict (at once, or in exam mode not until the review), plays
``right`` / ``wrong``, highlights the next wager in guided mode and moves the chips (a cut payout from the tray,
and each step taken through the table host).

A *set* is the hands of one sitting in one mode: an exam set has a number of hands and a pass mark and ends
with the review; the other modes' set runs until the mode changes. Changing the mode (or turning the quiz
off) while a hand is being settled lets the table finish it; the hand counts what was answered.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QBoxLayout, QDialog, QWidget

from trainer.engine.evaluator import Category
from trainer.engine.table import WAGER_ORDER
from trainer.engine.wagers import Action, Wager
from trainer.engine.words import hand_name
from trainer.gui.quiz.cutting import PayoutCutter
from trainer.gui.quiz.panel import SettlementPanel
from trainer.gui.quiz.review import ReviewDialog, set_summary, verdict_text
from trainer.gui.quiz.stage import PanelStage
from trainer.gui.quiz.texts import clock_text, mistakes_html, score_text
from trainer.i18n.translation import N_, _, ngettext
from trainer.quiz.order import next_selection
from trainer.quiz.settlement import SettlementQuiz, Verdict
from trainer.scoring import ItemResult, Mode, SetResult, mark_text
from trainer.session import (
    TABLE_DRILL,
    DrillRounds,
    Event,
    HandFinished,
    HandReview,
    ModeChanged,
    RoundDealt,
    RoundOver,
    SessionState,
    SetFinished,
    SettlementBegun,
    StepAccepted,
)
from trainer.session.table_session import SPEED_TARGET_SECONDS

if TYPE_CHECKING:
    from trainer.gui.host import TableHost
    from trainer.gui.table.scene import TableScene

DRILL = TABLE_DRILL
MODE_TITLES = {
    Mode.GUIDED: N_("Guided — the table shows each step and why"),
    Mode.PRACTICE: N_("Practice — each step checked at once"),
    Mode.EXAM: N_("Exam — the review comes at the end"),
    Mode.SPEED: N_("Speed — against the clock"),
}


def mode_title(mode: Mode) -> str:
    """The panel's title in ``mode``: ``Settle it yourself · Practice — each step checked at once``."""
    return _("Settle it yourself · {mode}").format(mode=_(MODE_TITLES[mode]))


class QuizController(QObject):
    """The settlement quiz of ``host``'s session, in ``panel``'s place inside ``prompt_area``; ``log`` (the
    round log, which gives the answers away) is hidden during an exam set. ``tick_ms``: the speed clock's tick."""

    modeChanged = Signal(object)  # noqa: N815 (Qt signal names)
    """The mode (a :class:`Mode`, or None when the table settles by itself)."""
    handStarted = Signal()  # noqa: N815
    handFinished = Signal(object)  # noqa: N815
    """An :class:`ItemResult`: a hand settled (or cut short)."""
    setFinished = Signal(object)  # noqa: N815
    """A :class:`SetResult`: an exam set done, or a sitting ended by a change of mode."""

    def __init__(self, host: TableHost, prompt_area: QWidget, log: QWidget, *, tick_ms: int = 200) -> None:
        super().__init__(host.window())
        self.host = host
        self.session = host.session
        self.review: ReviewDialog | None = None
        self.cutter: PayoutCutter | None = None
        self._scene: TableScene | None = None
        self._hand_quiz: SettlementQuiz | None = None
        self._hand_number = 0
        self._shown: dict[str, Callable[[], str]] = {}
        self._verdict_shown: tuple[Verdict, str] | None = None
        self._score_shown: tuple[ItemResult | None, Mode | None] = (None, None)
        self._clock_shown: tuple[SettlementQuiz | None, Mode | None] = (None, None)
        """How the panel's progress line and announcement were made, to show them again in another language."""
        self._verdict: SetResult | None = None
        """The exam set done last, its verdict kept in the panel until the next hand is dealt (whatever the mode
        the table goes back to)."""
        self._prompt_area = prompt_area
        self._log = log
        self.before_mode_change: list[Callable[[], object]] = []
        """Called before a mode chosen from the menu or the mode bar takes effect (another trainer mode on the
        table, such as running the round, gives the table back first)."""
        self._panel: SettlementPanel | None = None
        self._ticker = QTimer(self)
        self._ticker.setInterval(tick_ms)
        self._ticker.timeout.connect(self._show_clock)
        self.session.subscribe(self._heard)

    @property
    def panel(self) -> SettlementPanel:
        """The settlement panel, made when first asked for: the window opens on the table settling by itself and
        shows its first frame without it (the window makes it just after, :meth:`prepare`)."""
        return self._panel if self._panel is not None else self._make_panel()

    def prepare(self) -> None:
        """Make the panel now, so that the first hand the trainee settles does not wait for it."""
        if self._panel is None:
            self._make_panel()

    def _make_panel(self) -> SettlementPanel:
        panel = self._panel = SettlementPanel()
        panel.hide()
        layout = self._prompt_area.layout()
        assert isinstance(layout, QBoxLayout)
        layout.insertWidget(0, panel)  # above the run round's panel, whichever was made first
        self._connect_panel(panel)
        return panel

    def _connect_panel(self, panel: SettlementPanel) -> None:
        panel.dealerAnnounced.connect(self.announce)
        panel.stepConfirmed.connect(lambda seat, wager, action, amount: self.settle(
            seat, Wager(wager), Action(action), amount))
        panel.selectionChanged.connect(self._aim)
        panel.chipAdded.connect(lambda value: self.cutter.add(value) if self.cutter else None)
        panel.chipRemoved.connect(lambda value: self.cutter.remove(value) if self.cutter else None)
        panel.chipsCleared.connect(lambda: self.cutter.clear() if self.cutter else None)
        panel.lessonRequested.connect(self.open_lesson)
        panel.reviewRequested.connect(self.review_last_hand)

    # -- the session, seen from the panel --------------------------------------------------------------------

    @property
    def mode(self) -> Mode | None:
        return self.session.mode

    @property
    def active(self) -> bool:
        """True when the trainee settles the rounds (a mode is chosen)."""
        return self.session.mode is not None

    @property
    def quiz(self) -> SettlementQuiz | None:
        """The hand being settled."""
        return self.session.quiz

    @property
    def drill(self) -> str:
        """The name the hands are recorded under (a drill on the table gives its own)."""
        return self.session.scored_as

    @property
    def clock(self) -> Callable[[], float]:
        """What times the hands (tests give their own)."""
        return self.session.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.session.clock = clock

    @property
    def exam_hands(self) -> int:
        return self.session.exam_hands

    @property
    def pass_mark(self) -> float:
        return self.session.pass_mark

    @property
    def speed_target(self) -> float:
        return self.session.speed_target

    @property
    def set_result(self) -> SetResult | None:
        return self.session.set_result

    @property
    def hands(self) -> list[HandReview]:
        """The hands of the set in progress."""
        return self.session.hands

    @property
    def last_review(self) -> tuple[tuple[HandReview, ...], SetResult] | None:
        return self.session.last_review

    def set_mode(self, mode: Mode | None) -> None:
        """Settle the next rounds yourself in ``mode`` (None: the table settles them). A hand being settled
        is finished by the table; the set in progress is recorded."""
        self.session.set_mode(mode)

    def start_exam(self, hands: int | None = None, pass_mark: float | None = None) -> None:
        """A new exam set of ``hands`` hands with ``pass_mark`` percent to pass; deals its first hand."""
        self.session.start_exam(hands, pass_mark)
        if not self.host.playing:
            self.host.new_round()

    # -- what the session decided ----------------------------------------------------------------------------

    def _heard(self, event: Event) -> None:
        if isinstance(event, ModeChanged):
            self._mode_changed(event.mode)
        elif isinstance(event, SettlementBegun):
            self._begin_hand(event)
        elif isinstance(event, StepAccepted):
            self._move_chips(event)
        elif isinstance(event, HandFinished):
            self._hand_finished(event)
        elif isinstance(event, SetFinished):
            if event.complete:
                self._exam_done(event)
            self.setFinished.emit(event.result)
        elif isinstance(event, RoundOver):
            self._drop_cutter()
        elif isinstance(event, RoundDealt) and self._panel is not None:
            if self._verdict is not None and self.session.mode is None:  # the verdict kept: gone with the deal
                self._prompt_area.setVisible(False)
                self._panel.setVisible(False)
            self._verdict = None
            self._panel.forget_last_hand()

    def _mode_changed(self, mode: Mode | None) -> None:
        shown = mode is not None or self._verdict is not None  # an exam's verdict stays until the next deal
        self._prompt_area.setVisible(shown)
        if shown or self._panel is not None:
            self.panel.setVisible(shown)
        self._show_log(True)
        if mode is not None:
            self._show_waiting(mode)
        if self._verdict is not None:
            self._show_verdict_kept(self._verdict)
        self.modeChanged.emit(mode)

    def _show_waiting(self, mode: Mode) -> None:
        panel, session = self.panel, self.session
        panel.title.setText(mode_title(mode))
        if mode is Mode.EXAM:
            hands = session.set_hands
            text = ngettext("Exam set: {count} hand, pass mark {mark} %. Deal a hand (N); after the showdown you "
                            "settle it.", "Exam set: {count} hands, pass mark {mark} %. Deal a hand (N); after the "
                            "showdown you settle it.", hands).format(count=hands, mark=mark_text(session.set_pass_mark))
        elif session.state.round_on_table and session.state is not SessionState.TRAINEE_SETTLING:
            text = _("From the next hand: this one is settled by the table.")
        else:
            text = _("Deal a hand (N); after the showdown you settle it.")
        panel.progress.setText(text)
        panel.progress.show()
        panel.set_stage(PanelStage.IDLE)
        panel.dealer_box.hide()
        panel.step_box.hide()
        panel.show_hint("")
        panel.show_feedback("")
        panel.review_button.setVisible(session.last_review is not None and mode is not Mode.EXAM)
        self._show_score()
        self._show_clock()

    def _begin_hand(self, event: SettlementBegun) -> None:
        scene, mode = self.host.scene, self.session.mode
        if scene is None or mode is None:
            return
        self._scene, self._hand_quiz = scene, event.quiz
        scene.spotClicked.connect(self._spot_clicked)
        scene.seatClicked.connect(self._seat_clicked)
        scene.dealerClicked.connect(self._dealer_clicked)
        self._drop_cutter()
        host = self.host
        self.cutter = PayoutCutter(scene, host.timing.chips, lambda: host.settings.animation_speed, self)
        self.panel.dealer_box.show()
        self._hand_number = event.hand
        self._shown = {"progress": lambda: self._progress_text(event.hand)}
        self.panel.begin_hand(mode_title(mode), self._progress_text(event.hand))
        self._show_log(mode is not Mode.EXAM)
        self._guide()
        self._show_score()
        if mode is Mode.SPEED:
            self._ticker.start()
            self._show_clock()
        self.handStarted.emit()

    def _progress_text(self, hand: int) -> str:
        played = self.session.played
        number = played.number if played is not None else hand
        if self.session.mode is Mode.EXAM:
            return _("Hand {hand} of {hands} (round {round}) · no feedback until the review").format(
                hand=hand, hands=self.session.set_hands, round=number)
        return _("Hand {hand} of this set (round {round})").format(hand=hand, round=number)

    def retranslate(self) -> None:
        """The panel in the language spoken now: its texts made from parts shown again, the hand's answers kept
        (a panel not made yet is made in the language spoken then)."""
        if self._panel is None:
            return
        self.panel.retranslate()
        mode = self.session.mode
        if mode is None:
            return
        if self.panel.stage is PanelStage.IDLE and self._hand_quiz is None:
            self._show_waiting(mode)
            return
        self.panel.title.setText(mode_title(mode))
        for label, text in ((self.panel.progress, self._shown.get("progress")),
                            (self.panel.announced, self._shown.get("announced"))):
            if text is not None and label.text():
                label.setText(text())
        if self._verdict_shown is not None and self._verdict_shown[1] == self.panel.feedback.text():
            self._show_verdict(self._verdict_shown[0])
        self._show_score(*self._score_shown)
        self._show_clock(*self._clock_shown)

    def _say_progress(self, text: Callable[[], str]) -> None:
        """Show ``text()`` as the panel's progress line (and keep how, for :meth:`retranslate`)."""
        self._shown["progress"] = text
        self.panel.progress.setText(text())

    def _move_chips(self, event: StepAccepted) -> None:
        """A step taken: the chips move as the trainee gave it (a pay with the chips cut)."""
        payout = self.cutter.hand_over() if self.cutter is not None and event.shown.action is Action.PAY else None
        self.panel.clear_step()
        self.host.play_step(event.shown, payout)
        self.panel.set_wagers(self._wagers_left())
        self._select_next()

    def _hand_finished(self, event: HandFinished) -> None:
        """The hand is settled (or the table finished it): show its score, keep it for the review, clear up."""
        self._ticker.stop()
        result = event.hand.result
        self._disconnect_scene()
        self._shown["progress"] = lambda: self._finished_text(event)
        self.panel.finish_hand(self._finished_text(event))
        self.panel.review_button.setVisible(result.mode is not Mode.EXAM)
        self._show_score(result, result.mode)
        self._show_clock(final=self._hand_quiz, mode=result.mode)
        self._hand_quiz = None
        self.handFinished.emit(result)
        self._drill_done_if_last(result)

    def _drill_done_if_last(self, hand: ItemResult) -> None:
        """A drill on the table whose last hand is settled shows its score (the set's review) at once, before
        the user's table comes back (an exam drill has its exam review already)."""
        drill, result = self.session.drill, self.session.set_result
        if drill is None or drill.rounds_left != 0 or hand.mode is Mode.EXAM or result is None:
            return
        self._say_progress(lambda: _("Drill {drill} done: {summary}. Your own table comes back once this round is "
                                     "cleared.").format(drill=drill.name, summary=set_summary(result)))
        self.show_review(list(self.session.hands), result, caption=_("Drill {drill}").format(drill=drill.name))

    def _finished_text(self, event: HandFinished) -> str:
        result = event.hand.result
        cut = " " + _("The table settled the rest.") if event.by_table else ""
        if result.mode is Mode.EXAM:
            left = event.hands_left or 0
            more = " " + ngettext("{count} more to go: the next hand comes by itself.",
                                  "{count} more to go: the next hand comes by itself.", left).format(
                count=left) if left > 0 else ""
            return _("Hand {hand} settled.").format(hand=event.number) + cut + more
        return (_("Hand settled ({score} %, the counts below).").format(score=f"{result.score:.0f}") + cut + " "
                + _("Deal the next hand (N)."))

    def _exam_done(self, event: SetFinished) -> None:
        result = self._verdict = event.result
        self._show_log(True)
        self._show_verdict_kept(result)
        self.show_review(list(event.hands), result)

    def _show_verdict_kept(self, result: SetResult) -> None:
        """The exam's verdict and score in the panel (kept there when the review closes or the mode changes)."""
        again = (_("Deal a hand (N) to start a new exam set.") if self.session.mode is Mode.EXAM
                 and self.session.drill is None else _("Deal a hand (N) to go on."))
        self._say_progress(lambda: verdict_text(result) + ". " + again)
        self.panel.show_score(set_summary(result))
        self.panel.review_button.show()

    def _drop_cutter(self) -> None:
        if self.cutter is not None:
            self.cutter.drop()
            self.cutter.deleteLater()
            self.cutter = None

    # -- the trainee's answers -------------------------------------------------------------------------------

    def announce(self, category: Category, qualifies: bool) -> Verdict | None:
        """The trainee announces the dealer's hand."""
        if not self.session.can_answer():
            return None
        verdict = self.session.announce(category, qualifies)
        self._report(verdict)
        self._show_score()
        if verdict.accepted:
            mark = "" if self.mode is Mode.EXAM else (" ✓" if verdict.correct else " ✗")
            self._shown["announced"] = lambda: _("Dealer: {said}").format(said=(
                _("{hand}, qualifies") if qualifies else _("{hand}, does not qualify")).format(
                hand=hand_name(category.label))) + mark
            self.panel.begin_steps(self._shown["announced"](), self._wagers_left())
            self._select_next()
            self._after_answer()
        return verdict

    def settle(self, seat: int, wager: Wager, action: Action, amount: Decimal | None) -> Verdict | None:
        """The trainee settles ``seat``'s ``wager`` with ``action`` (and ``amount``)."""
        if not self.session.can_answer():
            return None
        verdict = self.session.submit_step(seat, wager, action, amount)
        self._report(verdict)
        if self.session.quiz is None:  # that was the hand's last step: its score is shown
            return verdict
        self._show_score()
        if verdict.accepted:
            self._after_answer()
        elif verdict.expected is not None and self.mode is not Mode.EXAM and self._scene is not None:
            self._scene.clear_highlights()
            self._scene.highlight_spot(verdict.expected.seat, str(verdict.expected.wager))
        return verdict

    def _wagers_left(self) -> dict[int, list[str]]:
        """What is still on the table to settle, by seat, in one fixed order (the seats by number, each seat's
        wagers as rules-notes §2 lists them: Ante, Play, Blind, Trips, Bad Beat, Pairs, Progressive): S and W
        walk them so, never in the order they are to be settled, which would give the answer away."""
        quiz = self.session.quiz
        if quiz is None:
            return {}
        left: dict[int, list[str]] = {}
        for step in sorted(quiz.pending(), key=lambda step: (step.seat, WAGER_ORDER.index(step.wager.value))):
            left.setdefault(step.seat, []).append(step.wager.value)
        return left

    def _select_next(self) -> None:
        """Guided mode: the selection goes to the next step in the table's order (nothing once every wager is
        settled). In practice, exam and speed nothing is chosen for the trainee: finding the next wager is theirs."""
        quiz = self.session.quiz
        key = next_selection(quiz.pending()) if quiz is not None and self.mode is Mode.GUIDED else None
        if key is None:
            self.panel.select_nothing()
        else:
            self.panel.select(key[0], key[1].value)

    def _after_answer(self) -> None:
        self._guide()
        self._show_score()
        self._show_clock()

    # -- the felt --------------------------------------------------------------------------------------------

    def _spot_clicked(self, seat: int, wager: str) -> None:
        if self.session.quiz is None:
            return
        if self.panel.stage is PanelStage.DEALER:
            self.panel.show_feedback(_("First announce the dealer's hand (0–9, Y or N, Enter)."))
            self.panel.categories.setFocus()
            return
        if self.panel.select(seat, wager):
            self.panel.amount.setFocus(Qt.FocusReason.MouseFocusReason)
        else:
            self.panel.show_feedback(_("Nothing is left to settle on seat {seat}'s {wager}.").format(
                seat=seat, wager=Wager(wager).label))

    def _seat_clicked(self, seat: int) -> None:
        if self.session.quiz is None or self.panel.stage is not PanelStage.STEPS:
            return
        wagers = self._wagers_left().get(seat)
        if wagers:
            self.panel.select(seat, wagers[0])
            self.panel.amount.setFocus(Qt.FocusReason.MouseFocusReason)

    def _dealer_clicked(self) -> None:
        if self.session.quiz is not None and self.panel.stage is PanelStage.DEALER:
            self.panel.categories.setFocus(Qt.FocusReason.MouseFocusReason)

    def _aim(self, seat: int, wager: str) -> None:
        """The wager chosen in the panel: the cut chips go to it, and the felt lights it (guided mode lights the
        next step itself)."""
        if self.cutter is not None:
            self.cutter.aim(seat, wager)
        if self._scene is not None and self.mode is not Mode.GUIDED:
            self._scene.clear_highlights()
            self._scene.highlight_spot(seat, wager)

    def _guide(self) -> None:
        """Guided mode: the next thing to do lit on the table, and why in one line."""
        quiz, scene = self.session.quiz, self._scene
        if quiz is None or scene is None:
            return
        scene.clear_highlights()
        if self.mode is not Mode.GUIDED:
            self.panel.show_hint("")
            return
        self.panel.show_hint(quiz.hint())
        step = quiz.next_step()
        if step is None:
            scene.highlight_dealer(True)
        else:
            scene.highlight_spot(step.seat, step.wager.value)

    def _disconnect_scene(self) -> None:
        scene, self._scene = self._scene, None
        if scene is None:
            return
        scene.clear_highlights()
        scene.spotClicked.disconnect(self._spot_clicked)
        scene.seatClicked.disconnect(self._seat_clicked)
        scene.dealerClicked.disconnect(self._dealer_clicked)
        if self.cutter is not None:
            self.cutter.drop()

    # -- feedback --------------------------------------------------------------------------------------------

    def _report(self, verdict: Verdict) -> None:
        """Show a verdict as the mode wants it (exam: only that it was noted)."""
        if self.mode is not Mode.EXAM:
            self._play("right" if verdict.correct else "wrong")
        self._show_verdict(verdict)

    def _show_verdict(self, verdict: Verdict) -> None:
        topic = next((mistake.topic for mistake in verdict.mistakes if mistake.topic), None)
        self.panel.show_verdict(exam=self.mode is Mode.EXAM, accepted=verdict.accepted, correct=verdict.correct,
                                message=verdict.message, wrong_html=mistakes_html(verdict.mistakes), topic=topic)
        self._verdict_shown = (verdict, self.panel.feedback.text())

    def _play(self, name: str) -> None:
        sound = self.host.sound
        if sound is not None:
            sound.play(name)

    def _show_score(self, hand: ItemResult | None = None, mode: Mode | None = None) -> None:
        self._score_shown = (hand, mode)
        result = self.session.set_result
        if (mode or self.mode) is Mode.EXAM or result is None:
            self.panel.show_score("")
            return
        quiz = self.session.quiz
        drill = self.session.drill
        planned = self.session.set_hands if isinstance(drill, DrillRounds) else None  # as its caption counts
        self.panel.show_score(score_text(hand or (quiz.result() if quiz is not None else None), result, planned))

    def _show_clock(self, final: SettlementQuiz | None = None, mode: Mode | None = None) -> None:
        """Speed mode: the hand's clock and the pace of the set against the target."""
        self._clock_shown = (final, mode)
        if (mode or self.mode) is not Mode.SPEED:
            self.panel.show_clock("")
            return
        text, on_target = clock_text(final or self.session.quiz, self.session.set_result,
                                     self.session.speed_target)
        self.panel.show_clock(text, on_target)

    def _show_log(self, shown: bool) -> None:
        """The round log gives the answers away once a round ends: hidden during an exam set."""
        self._log.setVisible(shown)

    # -- lessons and review ----------------------------------------------------------------------------------

    def open_lesson(self, topic: str) -> QDialog:
        from trainer.gui.training import open_lessons

        return open_lessons(self.host, topic)

    def review_last_hand(self) -> ReviewDialog | None:
        """The review of the hand settled last, or of the exam set done last (never while an exam set is in
        progress)."""
        last = self.session.last_review
        if last is None or (self.mode is Mode.EXAM and self.session.hands):
            return None
        hands, result = last
        return self.show_review(list(hands), result)

    def review_after_hand(self) -> ReviewDialog | None:
        """The V key: the review of the hand settled last, when no hand is being settled."""
        if self.session.quiz is not None:
            return None
        return self.review_last_hand()

    def show_review(self, hands: list[HandReview], result: SetResult, *, caption: str = "") -> ReviewDialog:
        """The review of ``hands`` with ``result``'s headline (``caption``: what they were, as a drill's name)."""
        if self.review is not None:
            self.review.close()
        dialog = ReviewDialog(hands, result, self.host.window(), caption=caption)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda: setattr(self, "review", None) if self.review is dialog else None)
        self.review = dialog
        dialog.open()
        return dialog


__all__ = ["DRILL", "MODE_TITLES", "SPEED_TARGET_SECONDS", "QuizController"]
