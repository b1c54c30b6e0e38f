"""What the trainee is told as the round is run: each act's verdict (named with its rule at once, or only
"Noted." in an exam), the review at the end of an exam round, the score of the round and of the sitting, the
clock in speed mode, the sounds, and the lesson a mistake points to."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from trainer.gui.progress.words import mistake_kind
from trainer.gui.runround.panel import RunRoundPanel
from trainer.i18n.translation import _, ngettext
from trainer.quiz.run_round import RoundVerdict, RunRound
from trainer.scoring import ItemResult, Mistake, Mode

if TYPE_CHECKING:
    from trainer.gui.host import TableHost
    from trainer.session import TableSession


class Feedback:
    """The run round's words to the trainee on ``panel``, from what ``session`` holds (it keeps no data)."""

    def __init__(self, host: TableHost, session: TableSession, panel: RunRoundPanel) -> None:
        self.host, self.session, self.panel = host, session, panel

    @property
    def mode(self) -> Mode | None:
        return self.session.running

    @property
    def run(self) -> RunRound | None:
        return self.session.run

    def report(self, verdict: RoundVerdict) -> None:
        """An act's verdict: named with its rule at once, or only "Noted." in an exam."""
        if self.mode is not Mode.EXAM:
            self.sound("right" if verdict.correct else "wrong")
        topic = next((mistake.topic for mistake in verdict.mistakes if mistake.topic), None)
        body = "<br>".join(_mistake_html(mistake) for mistake in verdict.mistakes) or html.escape(verdict.message)
        self.panel.show_verdict(exam=self.mode is Mode.EXAM, accepted=verdict.accepted, correct=verdict.correct,
                                message=verdict.message, wrong_html=body + "<br>" + html.escape(
                                    _("Do it again, right.")), topic=topic)

    @staticmethod
    def review_html(result: ItemResult) -> str:
        """The review at the end of an exam round."""
        if not result.mistakes:
            return html.escape(_("Review: every act right ({steps} of {steps}).").format(steps=result.steps))
        count = len(result.mistakes)
        lines = [html.escape(ngettext("Review: {count} mistake", "Review: {count} mistakes", count).format(
            count=count))]
        lines += [_mistake_html(mistake) for mistake in result.mistakes]
        return "<br>".join(lines)

    def score_text(self) -> str:
        """The round's score so far (not in an exam)."""
        if self.run is None or self.mode is Mode.EXAM:
            return ""
        now = self.run.result()
        return _("This round: {correct} of {steps} acts right").format(correct=now.correct, steps=now.steps) \
            if now.steps else ""

    def set_text(self) -> str:
        """The sitting's score: the rounds run in this mode."""
        rounds = self.session.run_count
        items = [item for item in self.session.book.items(self.run.drill if self.run else "run-round")
                 if item.mode is self.mode][-rounds:] if rounds else []
        if not items:
            return ""
        steps = sum(item.steps for item in items)
        correct = sum(item.correct for item in items)
        rounds_run = ngettext("{count} round", "{count} rounds", len(items)).format(count=len(items))
        return _("This sitting: {rounds}, {correct} of {steps} acts right ({percent} %)").format(
            rounds=rounds_run, correct=correct, steps=steps, percent=f"{100 * correct / steps:.0f}") if steps else ""

    def show_clock(self) -> None:
        """Speed mode's clock."""
        run = self.run
        if self.mode is not Mode.SPEED or run is None:
            self.panel.show_clock("")
            return
        result = run.result()
        per = result.seconds / result.steps if result.steps else 0.0
        self.panel.show_clock("⏱ " + _("{seconds} s · {acts} · {each} s each").format(
            seconds=f"{result.seconds:5.1f}", acts=ngettext("{count} act", "{count} acts", result.steps).format(
                count=result.steps), each=f"{per:.1f}"))

    def sound(self, name: str) -> None:
        sound = self.host.sound
        if sound is not None:
            sound.play(name)

    def open_lesson(self, topic: str | None = None) -> None:
        from trainer.gui.training import open_lessons

        open_lessons(self.host, topic or self.panel.lesson_topic)


def _mistake_html(mistake: Mistake) -> str:
    kind = mistake_kind(mistake.kind)
    return (f"<b>✗ {html.escape(kind[:1].upper() + kind[1:])}</b><br>"
            + html.escape(_("Expected:")) + f" {html.escape(mistake.expected)}<br>"
            + html.escape(_("You:")) + f" {html.escape(mistake.given)}<br>"
            + "<i>" + html.escape(_("Document:")) + f"</i> {html.escape(mistake.rule)}")


