"""Settlement drills: hands built for one topic's situations, settled step by step with the settlement quiz.

Each drill deals hands from the scenario generator, going through every variant of its situations before
repeating one. The trainee announces the dealer's hand (``two pair q``, ``high card no``), then settles the
wagers one at a time (``5 ante push``, ``3 blind pay 7.50``, ``2 trips take``), in the order a dealer does.
Hands where the collection fee is the point first ask for the fee.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from trainer.drills.answers import DEALER_HINT, MONEY_HINT, STEP_HINT, read_dealer_hand, read_money, read_step
from trainer.drills.base import Feedback, Question
from trainer.drills.scenario_round import Scenario, table_text
from trainer.drills.scenarios import SITUATIONS, TOPICS, Situation, situations_of, variant_plan
from trainer.drills.situations_table import table_action
from trainer.engine.games import game_named
from trainer.engine.paytables import load_paytables
from trainer.engine.settlement import format_money
from trainer.engine.table import TableRules
from trainer.engine.words import schedule_title
from trainer.i18n.translation import N_, _
from trainer.quiz.settlement import SettlementQuiz, Verdict
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode

GROUPS = {
    "order": N_("Settlement order"),
    "qualification": N_("Qualification"),
    "blind": N_("Blind"),
    "trips": N_("Trips"),
    "bad-beat": N_("Bad Beat"),
    "pairs": N_("Pairs Bonus"),
    "progressive": N_("Progressive"),
    "player-dealer": N_("Player-dealer table"),
    "dealer-hand": N_("The dealer's hand"),
    "deal-order": N_("Dealing"),
    "payouts": N_("Payouts"),
}
"""The drill picker's groups: a title per topic."""

Clock = Callable[[], float]


def hand_title(scenario: Scenario, situation: Situation) -> str:
    """``Blind · hand 123456`` — the seed replays the hand; the variant is not named (it would give the
    answer away)."""
    group = GROUPS.get(situation.topic)
    return _("{group} · hand {seed}").format(group=situation.topic if group is None else _(group), seed=scenario.seed)


class SettlementItem:
    """One hand to settle: the collection fee when it is the point, the dealer's hand, then every wager."""

    def __init__(self, scenario: Scenario, situation: Situation, mode: Mode, drill: str,
                 clock: Clock = time.monotonic) -> None:
        self.scenario = scenario
        self.situation = situation
        self.mode = mode
        self.title = hand_title(scenario, situation)
        self.text = table_text(scenario)
        item = f"{situation.name}/{scenario.variant}/{scenario.seed}"
        self.quiz = SettlementQuiz(scenario.settlement, scenario.table, mode, hands=scenario.seats, drill=drill,
                                   item=item, clock=clock)
        self._fee_pending = situation.name == "collection-fee" and scenario.settlement.collection_fee is not None
        self._fee_asked = self._fee_pending
        self._fee_mistakes: list[Mistake] = []
        self._fee_wrong = 0

    def next_question(self) -> Question | None:
        guide = self.mode is Mode.GUIDED
        if self._fee_pending:
            if guide:
                return Question(_("Collection fee? (guided: the total table action is {total})").format(
                    total=format_money(table_action(self.scenario))), read_money, MONEY_HINT)
            return Question(_("Collection fee?"), read_money, MONEY_HINT)
        stage = self.quiz.stage
        hint = f"  [{self.quiz.hint()}]" if guide else ""
        if stage == "dealer":
            return Question(_("Dealer's hand?") + hint, read_dealer_hand, DEALER_HINT)
        if stage == "steps":
            return Question(_("Next step?") + hint, read_step, STEP_HINT)
        return None

    def answer(self, value: Any) -> Feedback:
        if self._fee_pending:
            return self._answer_fee(value)
        if self.quiz.stage == "dealer":
            category, qualifies = value
            verdict = self.quiz.announce_dealer(category, qualifies)
        else:
            seat, wager, action, amount = value
            verdict = self.quiz.submit(seat, wager, action, amount)
        return feedback_of(verdict)

    def _answer_fee(self, value: Decimal) -> Feedback:
        fee = self.scenario.settlement.collection_fee
        assert fee is not None
        total = table_action(self.scenario)
        rule = _("{schedule}: total table action {total} (every Ante, Blind, Trips and Bad Beat; Play never "
                 "counts) pays {fee}").format(schedule=schedule_title(self.scenario.table.collection_schedule),
                                              total=format_money(total), fee=format_money(fee))
        if value == fee:
            self._fee_pending = False
            return Feedback(True, _("Right: the fee is {fee}").format(fee=format_money(fee)))
        mistake = Mistake(ErrorKind.WRONG_AMOUNT, _("collection fee {amount}").format(amount=format_money(fee)),
                          _("collection fee {amount}").format(amount=format_money(value)), rule, "player-dealer")
        self._fee_wrong += 1
        if not self._fee_mistakes:
            self._fee_mistakes.append(mistake)
        accepted = self.mode is Mode.EXAM
        if accepted:
            self._fee_pending = False
        return Feedback(False, _("Noted.") if accepted else mistake.describe(), (mistake,), accepted)

    def result(self) -> ItemResult:
        """The steps answered so far and how many were right (a hand cut short counts only what was done)."""
        result = self.quiz.result()
        steps, correct = result.steps, result.correct
        if self._fee_asked and (self._fee_mistakes or not self._fee_pending):
            steps += 1
            correct += 0 if self._fee_mistakes else 1
        return ItemResult(result.drill, result.item, steps, correct, (*self._fee_mistakes, *result.mistakes),
                          result.seconds, result.mode, result.attempts_wrong + self._fee_wrong, result.left_to_table)


def feedback_of(verdict: Verdict) -> Feedback:
    return Feedback(verdict.correct, verdict.message, verdict.mistakes, verdict.accepted)


@dataclass(frozen=True)
class SettlementDrill:
    """Hands of one topic's situations, every variant in turn, each settled with the settlement quiz."""

    name: str
    group: str
    description: str
    situations: tuple[str, ...]

    def items(self, rng: random.Random, count: int, mode: Mode,
              clock: Clock = time.monotonic) -> Iterator[SettlementItem]:
        plan = variant_plan([SITUATIONS[name] for name in self.situations], rng, count)
        seeds = [rng.randrange(1_000_000) for __ in plan]
        for (situation, variant), seed in zip(plan, seeds, strict=True):
            yield SettlementItem(situation.generate(seed, variant), situation, mode, self.name, clock)


    def items_on(self, rng: random.Random, count: int, mode: Mode, *, banking: str,
                 paytables: Mapping[str, str], clock: Clock = time.monotonic) -> list[SettlementItem]:
        """``count`` hands of the drill on a table of ``banking`` (``house``: Washington; ``player-dealer``:
        California) with the pay tables ``paytables`` names (kind → id, e.g. ``trips`` → ``UTH-01``) wherever
        the table's game offers them; an instructor's exam is dealt this way. The answer key is the engine's
        settlement of each hand on that table. Raises ``ValueError`` when the drill deals no such table."""
        situations = [SITUATIONS[name] for name in self.situations]
        found: list[SettlementItem] = []
        tries = 0
        while len(found) < count and tries < max(60, count * 40):
            for situation, variant in variant_plan(situations, rng, count):
                tries += 1
                if names_another_table(variant, paytables):
                    continue
                scenario = situation.generate(rng.randrange(1_000_000), variant)
                table = exam_table(scenario.table, banking, paytables)
                if table is None:
                    continue
                found.append(SettlementItem(replace(scenario, table=table), situation, mode, self.name, clock))
                if len(found) == count:
                    break
        if len(found) < count:
            raise ValueError(f"the drill {self.name!r} deals no {banking} table")
        return found


def names_another_table(variant: str, paytables: Mapping[str, str]) -> bool:
    """True when ``variant`` is a line of a pay table (``UTH-02: flush``, ``BBB-03: four of a kind``, ``table 2:
    pair of aces``) of a kind ``paytables`` fixes to another table: an exam on that table deals none of it.

    >>> exam = {"trips": "UTH-01"}
    >>> names_another_table("UTH-02: flush", exam), names_another_table("UTH-01: flush", exam)
    (True, False)
    >>> names_another_table("table 2: pair of aces", {"pairs": "1"}), names_another_table("flush", {"trips": "UTH-01"})
    (True, False)
    """
    if ": " not in variant:
        return False
    named = variant.split(": ", 1)[0].removeprefix("table ")
    tables = load_paytables()
    return any(named in tables.ids(kind) and named != str(table_id) for kind, table_id in paytables.items())


def exam_table(table: TableRules, banking: str, paytables: Mapping[str, str]) -> TableRules | None:
    """``table`` with the pay tables ``paytables`` names that its game offers (None: ``table`` is not banked
    as ``banking`` says).

    >>> from trainer.engine.games import game_named
    >>> wa = game_named("wa").table_rules(trips_paytable="UTH-04")
    >>> exam_table(wa, "house", {"trips": "UTH-01", "pairs": "3"}).trips_paytable
    'UTH-01'
    >>> exam_table(wa, "player-dealer", {}) is None
    True
    """
    if table.banking.value != banking:
        return None
    offered = game_named(table.game) if table.game is not None else None
    changes: dict[str, str] = {}
    for kind, table_id in paytables.items():
        choices: tuple[str, ...] = getattr(offered, f"{kind}_paytables", ()) if offered is not None else ()
        if str(table_id) in choices:
            changes[f"{kind}_paytable"] = str(table_id)
    return replace(table, **changes)  # type: ignore[arg-type]


def topic_drill(topic: str) -> SettlementDrill:
    return SettlementDrill(topic, GROUPS[topic], TOPICS[topic],
                           tuple(situation.name for situation in situations_of(topic)))


SETTLEMENT_TOPICS = ("order", "qualification", "blind", "trips", "bad-beat", "pairs", "progressive", "player-dealer")

DRILLS = tuple(topic_drill(topic) for topic in SETTLEMENT_TOPICS)
NAMES = frozenset(drill.name for drill in DRILLS)
"""The settlement drills' names (the ones settled on the table, step by step)."""
