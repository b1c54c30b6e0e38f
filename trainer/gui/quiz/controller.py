"""The glue of the settlement quiz on the table: a :class:`SettlementQuiz` for each round the trainee settles.

The window deals the round with ``settle_by_trainee``; when the director shows the hands and waits
(``settlementDue``), a quiz starts for the round's settlement. The trainee's answers come from the
:class:`~trainer.gui.quiz.panel.SettlementPanel` and from clicks on the felt (a wager picks seat and wager, a
seat its first wager left); each goes to the quiz, which judges it. The controller only shows the verdict
(at once, or in exam mode not until the review), plays ``right`` / ``wrong``, highlights the next wager in
guided mode, moves the chips (a cut payout from the tray, and each accepted step through the director) and
hands the results to the window's :class:`~trainer.scoring.ScoreBook`.

A *set* is the hands of one sitting in one mode: an exam set has a number of hands and a pass mark and ends
with the review; the other modes' set runs until the mode changes. Changing the mode (or turning the quiz
off) while a hand is being settled lets the table finish it; the hand counts what was answered.
"""

from __future__ import annotations

import dataclasses
import html
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from trainer.engine.evaluator import Category
from trainer.engine.settlement import Step
from trainer.engine.wagers import Action, Wager
from trainer.gui.quiz.cutting import PayoutCutter
from trainer.gui.quiz.panel import SettlementPanel
from trainer.gui.quiz.review import HandReview, ReviewDialog, verdict_text
from trainer.quiz.settlement import SettlementQuiz, Verdict
from trainer.scoring import ItemResult, Mode, SetResult

DRILL = "settlement"
SPEED_TARGET_SECONDS = 3.0
"""Speed mode's target: seconds per decision (one announcement or one wager settled)."""
MODE_TITLES = {
    Mode.GUIDED: "Guided — the table shows each step and why",
    Mode.PRACTICE: "Practice — each step checked at once",
    Mode.EXAM: "Exam — the review comes at the end",
    Mode.SPEED: "Speed — against the clock",
}


class QuizController(QObject):
    """Runs the settlement quiz on ``window`` (the main window). ``clock`` and ``tick_ms`` are injectable."""

    modeChanged = Signal(object)  # noqa: N815 (Qt signal names)
    """The mode (a :class:`Mode`, or None when the table settles by itself)."""
    handStarted = Signal()  # noqa: N815
    handFinished = Signal(object)  # noqa: N815
    """An :class:`ItemResult`: a hand settled (or cut short)."""
    setFinished = Signal(object)  # noqa: N815
    """A :class:`SetResult`: an exam set done, or a sitting ended by a change of mode."""

    def __init__(self, window: Any, *, clock: Callable[[], float] = time.monotonic, tick_ms: int = 200,
                 exam_hands: int = 5, pass_mark: float = 90.0,
                 speed_target: float = SPEED_TARGET_SECONDS) -> None:
        super().__init__(window)
        self.window = window
        self.clock = clock
        self.mode: Mode | None = None
        self.exam_hands = exam_hands
        self.pass_mark = pass_mark
        self.speed_target = speed_target
        self.drill = DRILL
        """The name the hands are recorded under (a drill on the table gives its own)."""
        self.quiz: SettlementQuiz | None = None
        self.set_result: SetResult | None = None
        self.hands: list[HandReview] = []
        """The hands of the set in progress."""
        self.last_hand: HandReview | None = None
        self.last_review: tuple[list[HandReview], SetResult] | None = None
        """What *Review* shows: the hand settled last, or the exam set done last."""
        self.review: ReviewDialog | None = None
        self.cutter: PayoutCutter | None = None
        self._scene: Any = None
        self._director: Any = None
        self._played: Any = None
        self._hand_number = 0
        self.panel = SettlementPanel()
        self.panel.hide()
        window.round_log.prompt_area.layout().addWidget(self.panel)
        self._connect_panel()
        self._ticker = QTimer(self)
        self._ticker.setInterval(tick_ms)
        self._ticker.timeout.connect(self._show_clock)
        window.roundStarted.connect(self._round_started)
        window.roundFinished.connect(self._round_finished)

    def _connect_panel(self) -> None:
        panel = self.panel
        panel.dealerAnnounced.connect(self.announce)
        panel.stepConfirmed.connect(lambda seat, wager, action, amount: self.settle(
            seat, Wager(wager), Action(action), amount))
        panel.selectionChanged.connect(self._aim)
        panel.chipAdded.connect(lambda value: self.cutter.add(value) if self.cutter else None)
        panel.chipRemoved.connect(lambda value: self.cutter.remove(value) if self.cutter else None)
        panel.chipsCleared.connect(lambda: self.cutter.clear() if self.cutter else None)
        panel.lessonRequested.connect(self.open_lesson)
        panel.reviewRequested.connect(self.review_last_hand)

    # -- modes and sets --------------------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        """True when the trainee settles the rounds (a mode is chosen)."""
        return self.mode is not None

    def set_mode(self, mode: Mode | None) -> None:
        """Settle the next rounds yourself in ``mode`` (None: the table settles them). A hand being settled
        is finished by the table; the set in progress is recorded."""
        if mode == self.mode and mode is not Mode.EXAM:
            return
        self._abandon_hand()
        self._close_set()
        self.mode = mode
        prompt_area = self.window.round_log.prompt_area
        prompt_area.setVisible(mode is not None)
        self.panel.setVisible(mode is not None)
        self._show_log(True)
        if mode is not None:
            self._open_set()
            self._show_waiting()
        self.modeChanged.emit(mode)

    def start_exam(self, hands: int | None = None, pass_mark: float | None = None) -> None:
        """A new exam set of ``hands`` hands with ``pass_mark`` percent to pass; deals its first hand."""
        if hands is not None:
            self.exam_hands = max(1, int(hands))
        if pass_mark is not None:
            self.pass_mark = float(pass_mark)
        self.set_mode(Mode.EXAM)
        if not self.window.playing:
            self.window.new_round()

    def _open_set(self) -> None:
        assert self.mode is not None
        self.set_result = SetResult(self.drill, self.mode, pass_mark=self.pass_mark)
        if self.mode is Mode.SPEED:
            self.set_result.target_seconds_per_decision = self.speed_target
        self.hands = []
        self._hand_number = 0

    def _close_set(self) -> None:
        """Record the set in progress (an exam cut short too: its hands and its score so far)."""
        result, self.set_result = self.set_result, None
        if result is None or not result.items:
            return
        if result.mode is Mode.EXAM:
            for item in result.items:
                self.window.book.record(item)
        self.window.book.record_set(result)
        self.setFinished.emit(result)

    def _show_waiting(self) -> None:
        assert self.mode is not None
        panel = self.panel
        panel.title.setText(f"Settle it yourself · {MODE_TITLES[self.mode]}")
        if self.mode is Mode.EXAM:
            text = (f"Exam set: {self.exam_hands} hand{'s' if self.exam_hands != 1 else ''}, pass mark "
                    f"{self.pass_mark:.0f} %. Deal a hand (N); after the showdown you settle it.")
        elif self.window.playing and not self.window.settling:
            text = "From the next hand: this one is settled by the table."
        else:
            text = "Deal a hand (N); after the showdown you settle it."
        panel.progress.setText(text)
        panel.progress.show()
        panel.set_stage("idle")
        panel.dealer_box.hide()
        panel.step_box.hide()
        panel.show_hint("")
        panel.show_feedback("")
        panel.review_button.setVisible(self.last_review is not None and self.mode is not Mode.EXAM)
        self._show_score()
        self._show_clock()

    # -- a hand ----------------------------------------------------------------------------------------------

    def _round_started(self) -> None:
        director = self.window.director
        if self.active and director is not None and director.settle_by_trainee:
            director.settlementDue.connect(self._begin_hand)

    def _begin_hand(self) -> None:
        window = self.window
        if window.director is None:
            return
        if self.mode is None or self.set_result is None:  # the quiz was turned off during the deal
            window.director.finish_settlement()
            return
        self._director, self._played, self._scene = window.director, window.played, window.scene
        played = self._played
        self._hand_number += 1
        self.quiz = SettlementQuiz(played.settlement, played.table, self.mode, drill=self.drill,
                                   item=f"round {played.number}", clock=self.clock)
        scene = self._scene
        scene.spotClicked.connect(self._spot_clicked)
        scene.seatClicked.connect(self._seat_clicked)
        scene.dealerClicked.connect(self._dealer_clicked)
        self.cutter = PayoutCutter(scene, self._director.durations.chips, lambda: self._director.speed, self)
        self.panel.dealer_box.show()
        self.panel.begin_hand(f"Settle it yourself · {MODE_TITLES[self.mode]}", self._progress_text())
        self._show_log(self.mode is not Mode.EXAM)
        self._guide()
        self._show_score()
        if self.mode is Mode.SPEED:
            self._ticker.start()
            self._show_clock()
        self.handStarted.emit()

    def _progress_text(self) -> str:
        number = self._played.number
        if self.mode is Mode.EXAM:
            return (f"Hand {self._hand_number} of {self.exam_hands} (round {number}) · no feedback until the "
                    "review")
        return f"Hand {self._hand_number} of this set (round {number})"

    def announce(self, category: Category, qualifies: bool) -> Verdict | None:
        """The trainee announces the dealer's hand."""
        quiz = self.quiz
        if quiz is None:
            return None
        verdict = quiz.announce_dealer(category, qualifies)
        self._report(verdict)
        self._show_score()
        if verdict.accepted:
            said = f"{category.label}, {'qualifies' if qualifies else 'does not qualify'}"
            mark = "" if self.mode is Mode.EXAM else (" ✓" if verdict.correct else " ✗")
            self.panel.begin_steps(f"Dealer: {said}{mark}", self._wagers_left())
            self._after_answer()
        return verdict

    def settle(self, seat: int, wager: Wager, action: Action, amount: Decimal | None) -> Verdict | None:
        """The trainee settles ``seat``'s ``wager`` with ``action`` (and ``amount``)."""
        quiz = self.quiz
        if quiz is None:
            return None
        before = {(step.seat, step.wager): step for step in quiz.pending()}
        verdict = quiz.submit(seat, wager, action, amount)
        self._report(verdict)
        self._show_score()
        if verdict.accepted:
            step = before[(seat, wager)]
            shown = step if verdict.correct else self._as_given(step, action, amount)
            assert self.cutter is not None
            payout = self.cutter.hand_over() if action is Action.PAY else None
            self.panel.clear_step()
            self._director.play_step(shown, payout)
            self.panel.set_wagers(self._wagers_left())
            if quiz.done:
                self._finish_hand()
                return verdict
            self._after_answer()
        elif verdict.expected is not None and self.mode is not Mode.EXAM:
            self._scene.clear_highlights()
            self._scene.highlight_spot(verdict.expected.seat, str(verdict.expected.wager))
        return verdict

    def _as_given(self, step: Step, action: Action, amount: Decimal | None) -> Step:
        """The step as the trainee gave it (exam mode accepts it so), to move the chips that way."""
        stake = self._scene.wager_amount(step.seat, str(step.wager))
        if action is Action.PAY:
            paid = amount if amount is not None else Decimal(0)
            stake_taken = step.amount - step.net if step.action is Action.PAY else Decimal(0)
            return dataclasses.replace(step, action=action, amount=paid, net=paid - stake_taken)
        if action is Action.TAKE:
            taken = amount if amount is not None else (step.amount if step.action is Action.TAKE else stake)
            return dataclasses.replace(step, action=action, amount=taken, net=-taken)
        return dataclasses.replace(step, action=action, amount=stake, net=Decimal(0))

    def _wagers_left(self) -> dict[int, list[str]]:
        """What is still on the table to settle, by seat, in the layout's order (never in settling order)."""
        quiz = self.quiz
        if quiz is None:
            return {}
        left: dict[int, list[str]] = {}
        for step in quiz.pending():
            left.setdefault(step.seat, []).append(step.wager.value)
        order = list(Wager)
        return {seat: sorted(wagers, key=lambda w: order.index(Wager(w))) for seat, wagers in sorted(left.items())}

    def _after_answer(self) -> None:
        self._guide()
        self._show_score()
        self._show_clock()

    def _finish_hand(self, *, by_table: bool = False) -> None:
        """The hand is settled (or the table finished it): score it, keep it for the review, clear up."""
        quiz, self.quiz = self.quiz, None
        if quiz is None or self.set_result is None:
            return
        self._ticker.stop()
        result = quiz.result()
        title = f"Hand {self._hand_number} (round {self._played.number})"
        hand = HandReview(title, tuple(quiz.review()), result)
        self.hands.append(hand)
        self.last_hand = hand
        if self.mode is not Mode.EXAM:
            self.last_review = ([hand], SetResult(self.drill, result.mode, [result], pass_mark=self.pass_mark))
        self.set_result.items.append(result)
        if self.mode is not Mode.EXAM:
            self.window.book.record(result)
        self._disconnect_scene()
        director = self._director
        self._director = None
        self.panel.finish_hand(self._finished_text(result, by_table))
        self.panel.review_button.setVisible(self.mode is not Mode.EXAM)
        self._show_score(result)
        self._show_clock(final=quiz)
        self.handFinished.emit(result)
        exam_done = self.mode is Mode.EXAM and len(self.set_result.items) >= self.exam_hands
        if not by_table and director is not None:
            director.finish_settlement()
        if exam_done:
            self._finish_exam()

    def _finished_text(self, result: ItemResult, by_table: bool) -> str:
        cut = " The table settled the rest." if by_table else ""
        if self.mode is Mode.EXAM:
            assert self.set_result is not None
            left = self.exam_hands - len(self.set_result.items)
            more = f" {left} more to go: the next hand comes by itself." if left > 0 else ""
            return f"Hand {self._hand_number} settled.{cut}{more}"
        return (f"Hand settled: {result.correct} of {result.steps} steps right ({result.score:.0f} %).{cut} "
                "Deal the next hand (N).")

    def _finish_exam(self) -> None:
        result = self.set_result
        if result is None:
            return
        hands = list(self.hands)
        self.last_review = (hands, result)
        self._close_set()
        self._show_log(True)
        self.panel.progress.setText(verdict_text(result) + ". Deal a hand (N) to start a new exam set.")
        self.panel.show_score(result.summary())
        self.show_review(hands, result)
        self._open_set()
        self.panel.review_button.show()

    def _abandon_hand(self) -> None:
        """A change of mode while a hand is being settled: the table finishes it; it counts what was answered."""
        if self.quiz is None:
            return
        self._finish_hand(by_table=True)
        director = self.window.director
        if director is not None:
            director.finish_settlement()

    def _round_finished(self) -> None:
        if self.quiz is not None:  # the table finished the hand (Skip to end) before the trainee did
            self._finish_hand(by_table=True)
        if self.cutter is not None:
            self.cutter.drop()
            self.cutter.deleteLater()
            self.cutter = None
        if (self.mode is Mode.EXAM and self.hands and self.set_result is not None
                and not self.window.continuous_action.isChecked()):
            QTimer.singleShot(self.window.next_round_delay_ms(), self._deal_next_exam_hand)

    def _deal_next_exam_hand(self) -> None:
        if self.mode is Mode.EXAM and self.hands and not self.window.playing and self.window.isVisible():
            self.window.new_round()

    # -- the felt --------------------------------------------------------------------------------------------

    def _spot_clicked(self, seat: int, wager: str) -> None:
        if self.quiz is None:
            return
        if self.panel.stage == "dealer":
            self.panel.show_feedback("First announce the dealer's hand (0–9, Y or N, Enter).")
            self.panel.categories.setFocus()
            return
        if self.panel.select(seat, wager):
            self.panel.amount.setFocus(Qt.FocusReason.MouseFocusReason)
        else:
            self.panel.show_feedback(f"Nothing is left to settle on seat {seat}'s {Wager(wager).label}.")

    def _seat_clicked(self, seat: int) -> None:
        if self.quiz is None or self.panel.stage != "steps":
            return
        wagers = self._wagers_left().get(seat)
        if wagers:
            self.panel.select(seat, wagers[0])
            self.panel.amount.setFocus(Qt.FocusReason.MouseFocusReason)

    def _dealer_clicked(self) -> None:
        if self.quiz is not None and self.panel.stage == "dealer":
            self.panel.categories.setFocus(Qt.FocusReason.MouseFocusReason)

    def _aim(self, seat: int, wager: str) -> None:
        if self.cutter is not None:
            self.cutter.aim(seat, wager)

    def _guide(self) -> None:
        """Guided mode: the next thing to do lit on the table, and why in one line."""
        quiz, scene = self.quiz, self._scene
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
        panel = self.panel
        if self.mode is Mode.EXAM:
            panel.show_feedback("Noted." if verdict.accepted else html.escape(verdict.message), "note")
            return
        self._play("right" if verdict.correct else "wrong")
        if verdict.correct:
            panel.show_feedback(f"✓ {html.escape(verdict.message)}", "good")
            return
        parts = []
        for mistake in verdict.mistakes:
            parts.append(
                f"<b>✗ {html.escape(mistake.kind.value.capitalize())}</b><br>"
                f"Expected: {html.escape(mistake.expected)}<br>"
                f"You: {html.escape(mistake.given)}<br>"
                f"<i>Rule:</i> {html.escape(mistake.rule)}"
                + (f"<br><i>Topic:</i> {html.escape(mistake.topic)}" if mistake.topic else ""))
        topic = next((mistake.topic for mistake in verdict.mistakes if mistake.topic), None)
        panel.show_feedback("<br>".join(parts) + "<br>Correct it and go on.", "bad", topic)

    def _play(self, name: str) -> None:
        sound = self.window.sound
        if sound is not None:
            sound.play(name)

    def _show_score(self, hand: ItemResult | None = None) -> None:
        result = self.set_result
        if self.mode is Mode.EXAM or result is None:
            self.panel.show_score("")
            return
        parts = []
        current = hand or (self.quiz.result() if self.quiz is not None else None)
        if current is not None and current.steps:
            parts.append(f"This hand: {current.correct} of {current.steps} steps right ({current.score:.0f} %)")
        if result.items:
            parts.append(f"Set of {len(result.items)} hand{'s' if len(result.items) != 1 else ''}: "
                         f"{result.summary()}")
        self.panel.show_score("\n".join(parts))

    def _show_clock(self, final: SettlementQuiz | None = None) -> None:
        """Speed mode: the hand's clock and the pace of the set against the target."""
        if self.mode is not Mode.SPEED:
            self.panel.show_clock("")
            return
        quiz = final or self.quiz
        result = self.set_result
        lines = []
        if quiz is not None:
            hand = quiz.result()
            decisions = len(quiz.decision_times)
            per = hand.seconds / decisions if decisions else 0.0
            lines.append(f"⏱ {hand.seconds:5.1f} s · {decisions} decisions · {per:.1f} s each")
        on_target = None
        if result is not None and result.items:
            on_target = result.on_target
            lines.append(f"Set: {result.hands_per_hour:.0f} hands per hour · "
                         f"{result.seconds_per_decision:.1f} s per decision (target {self.speed_target:.1f} s)")
        else:
            lines.append(f"Target: {self.speed_target:.1f} s per decision")
        self.panel.show_clock("\n".join(lines), on_target)

    def _show_log(self, shown: bool) -> None:
        """The round log gives the answers away once a round ends: hidden during an exam set."""
        self.window.round_log.list.setVisible(shown)

    # -- lessons and review ----------------------------------------------------------------------------------

    def open_lesson(self, topic: str) -> Any:
        from trainer.gui.training import open_lessons

        return open_lessons(self.window, topic)

    def review_last_hand(self) -> ReviewDialog | None:
        """The review of the hand settled last, or of the exam set done last (never while an exam set is in
        progress)."""
        if self.last_review is None or (self.mode is Mode.EXAM and self.hands):
            return None
        hands, result = self.last_review
        return self.show_review(hands, result)

    def show_review(self, hands: list[HandReview], result: SetResult) -> ReviewDialog:
        if self.review is not None:
            self.review.close()
        dialog = ReviewDialog(hands, result, self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda: setattr(self, "review", None) if self.review is dialog else None)
        self.review = dialog
        dialog.open()
        return dialog
