"""What the settlement panel writes: a verdict's feedback, the score as steps and wrong attempts, the speed
clock. Plain functions of the quiz's records, so the controller only decides when to show them."""

from __future__ import annotations

import html
from collections.abc import Sequence

from trainer.gui.quiz.review import set_summary
from trainer.quiz.review import mistakes_text, tally_of
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import ItemResult, Mistake, Mode, SetResult


def mistakes_html(mistakes: Sequence[Mistake]) -> str:
    """Each mistake with its kind, the step expected, the step given and the rule it broke (rich text)."""
    parts = []
    for mistake in mistakes:
        parts.append(
            f"<b>✗ {html.escape(mistake.kind.value.capitalize())}</b><br>"
            f"Expected: {html.escape(mistake.expected)}<br>"
            f"You: {html.escape(mistake.given)}<br>"
            f"<i>Rule:</i> {html.escape(mistake.rule)}"
            + (f"<br><i>Topic:</i> {html.escape(mistake.topic)}" if mistake.topic else ""))
    return "<br>".join(parts) + "<br>Correct it and go on."


def score_text(hand: ItemResult | None, result: SetResult) -> str:
    """The hand's tally and the set's, then the set's mistakes by kind: ``This hand: 9 of 11 steps right
    (81.8 %) · 2 steps wrong · 3 wrong attempts``."""
    parts = []
    if hand is not None and hand.steps:
        parts.append(f"This hand: {tally_of([hand]).text()}")
    if result.items:
        hands = len(result.items)
        alone = hands == 1 and hand is not None and hand in result.items and result.mode is not Mode.SPEED
        if not alone:  # a set of one hand: the hand's own line says it all (speed adds the pace)
            parts.append(f"Set of {hands} hand{'s' if hands != 1 else ''}: {set_summary(result)}")
        if result.mistakes_by_kind():
            parts.append(mistakes_text(result.items))
    return "\n".join(parts)


def clock_text(quiz: SettlementQuiz | None, result: SetResult | None, target: float) -> tuple[str, bool | None]:
    """Speed mode: the hand's clock and the set's pace against ``target`` seconds per decision, and whether the
    set is on target (None before its first hand)."""
    lines = []
    if quiz is not None:
        hand = quiz.result()
        decisions = len(quiz.decision_times)
        per = hand.seconds / decisions if decisions else 0.0
        lines.append(f"⏱ {hand.seconds:5.1f} s · {decisions} decisions · {per:.1f} s each")
    if result is not None and result.items:
        lines.append(f"Set: {result.hands_per_hour:.0f} hands per hour · "
                     f"{result.seconds_per_decision:.1f} s per decision (target {target:.1f} s)")
        return "\n".join(lines), result.on_target
    lines.append(f"Target: {target:.1f} s per decision")
    return "\n".join(lines), None


__all__ = ["clock_text", "mistakes_html", "score_text"]
