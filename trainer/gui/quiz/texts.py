"""What the settlement panel writes: a verdict's feedback, the score as steps and wrong attempts, the speed
clock. Plain functions of the quiz's records, so the controller only decides when to show them."""

from __future__ import annotations

import html
from collections.abc import Sequence

from trainer.drills.names import topic_name
from trainer.gui.quiz.review import set_summary
from trainer.i18n.translation import N_, _, ngettext
from trainer.quiz.review import mistakes_text, tally_of
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode, SetResult


def mistakes_html(mistakes: Sequence[Mistake]) -> str:
    """Each mistake with its kind, the step expected, the step given and the rule it broke (rich text)."""
    parts = []
    for mistake in mistakes:
        parts.append(
            f"<b>✗ {html.escape(kind_name(mistake.kind))}</b><br>"
            + html.escape(_("Expected: {step}").format(step=mistake.expected)) + "<br>"
            + html.escape(_("You: {step}").format(step=mistake.given)) + "<br>"
            + "<i>" + html.escape(_("Rule:")) + f"</i> {html.escape(mistake.rule)}"
            + ("<br><i>" + html.escape(_("Topic:")) + f"</i> {html.escape(topic_name(mistake.topic))}"
               if mistake.topic else ""))
    return "<br>".join(parts) + "<br>" + html.escape(_("Correct it and go on."))


KIND_NAMES: dict[ErrorKind, str] = {
    ErrorKind.ORDER: N_("Order"), ErrorKind.MISSED_REFUND_PASS: N_("Missed refund pass"),
    ErrorKind.WRONG_ACTION: N_("Wrong action"), ErrorKind.WRONG_AMOUNT: N_("Wrong amount"),
    ErrorKind.WRONG_DEALER_HAND: N_("Wrong dealer announcement"), ErrorKind.NOT_PLACED: N_("Not placed"),
    ErrorKind.ALREADY_SETTLED: N_("Already settled"), ErrorKind.WRONG_ANSWER: N_("Wrong answer"),
    ErrorKind.MISCOUNT: N_("Miscount"), ErrorKind.MISSED_FAULT: N_("Missed fault"),
    ErrorKind.FALSE_ALARM: N_("False alarm"), ErrorKind.WRONG_CARD: N_("Wrong card"),
    ErrorKind.WRONG_DECK: N_("Wrong deck"),
}
"""Each kind of mistake as the feedback heads it."""


def kind_name(kind: ErrorKind) -> str:
    """The kind of a mistake, capitalised, in the language spoken: ``Wrong amount``."""
    name = KIND_NAMES.get(kind)
    return _(name) if name is not None else kind.value.capitalize()


def score_text(hand: ItemResult | None, result: SetResult, planned: int | None = None) -> str:
    """The hand's tally and the set's, then the set's mistakes by kind: ``This hand: 9 of 11 steps right
    (81.8 %) · 2 steps wrong · 3 wrong attempts``. ``planned``: the hands of a drill being dealt (the set's line
    then counts them as the table's caption does, ``1 of 4 hands settled``)."""
    parts = []
    if hand is not None and hand.steps:
        parts.append(_("This hand: {tally}").format(tally=tally_of([hand]).text()))
    if result.items:
        hands = len(result.items)
        alone = hands == 1 and hand is not None and hand in result.items and result.mode is not Mode.SPEED
        if planned is not None and planned > 1:  # a drill's hands: counted as the caption counts them
            parts.append(ngettext("{count} of {planned} hand settled: {summary}",
                                  "{count} of {planned} hands settled: {summary}", planned).format(
                count=hands, planned=planned, summary=set_summary(result)))
        elif not alone:  # a set of one hand: the hand's own line says it all (speed adds the pace)
            parts.append(ngettext("Set of {count} hand: {summary}", "Set of {count} hands: {summary}",
                                  hands).format(count=hands, summary=set_summary(result)))
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
        lines.append("⏱ " + ngettext("{seconds} s · {count} decision · {each} s each",
                                     "{seconds} s · {count} decisions · {each} s each", decisions).format(
            seconds=f"{hand.seconds:5.1f}", count=decisions, each=f"{per:.1f}"))
    if result is not None and result.items:
        lines.append(_("Set: {hands} hands per hour · {seconds} s per decision (target {target} s)").format(
            hands=f"{result.hands_per_hour:.0f}", seconds=f"{result.seconds_per_decision:.1f}",
            target=f"{target:.1f}"))
        return "\n".join(lines), result.on_target
    lines.append(_("Target: {target} s per decision").format(target=f"{target:.1f}"))
    return "\n".join(lines), None


__all__ = ["clock_text", "mistakes_html", "score_text"]
