"""Game protection in the run round and in a drill of its own: a player or a spectator now and then attempts an act
the documents prohibit; the dealer stops it with the right act and words, and a missed one is a mistake with its
rule cited (seed 001 Dealing Procedures 2, 4 a, 16; seed 003 Betting scheme 2, Round of Play 8; seed 002 and 004
Additional Rules)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.drills.test_run_round_drill import act_line, perfect_lines, play
from tests.typed import of_kind, present
from trainer.drills.base import drill_named
from trainer.drills.decision_drills import DecisionItem
from trainer.drills.run_rates import PROTECTION_RATE
from trainer.drills.whole_round import round_item
from trainer.quiz.protection import Prohibited, Stop, kinds_for
from trainer.quiz.round_order import Stage
from trainer.quiz.round_script import Task
from trainer.quiz.run_round import Act
from trainer.scoring import ErrorKind, Mode

ROOT = Path(__file__).resolve().parents[2]


def test_a_run_round_brings_a_prohibited_act_at_the_stated_rate_never_two_never_with_an_irregularity() -> None:
    rounds = 320
    stops = 0
    for seed in range(rounds):
        run = round_item(seed, Mode.PRACTICE).run
        mine = [step for step in run.script if step.task is Task.STOP]
        assert len(mine) <= 1, "never two in one round"
        if mine:
            stops += 1
            assert run.injected is None, "never together with an irregularity"
    expected = rounds * PROTECTION_RATE * (5 / 6)
    assert expected / 2 < stops < expected * 2


@pytest.mark.parametrize("kind", list(Prohibited))
def test_each_prohibited_act_comes_where_it_happens_and_is_stopped_by_its_own_act(kind: Prohibited) -> None:
    for seed in range(40):
        item = round_item(seed, Mode.PRACTICE, rate=0.0, guarded=kind)
        if kind in kinds_for(item.run.played.table.is_house):
            break
    script = item.run.script
    stop = next(step for step in script if step.task is Task.STOP)
    at = script.index(stop)
    assert stop.result == kind.stop.value and stop.rule == kind.rule
    following = next(step.stage for step in script[at + 1:] if step.stage is not None)
    before = {Prohibited.LATE_WAGER: Stage.DEAL, Prohibited.BACK_LINE: Stage.DEAL,
              Prohibited.CARDS_OFF_TABLE: Stage.FLOP}.get(kind, Stage.FLOP_PLAY)
    if before is Stage.FLOP_PLAY:
        assert script[at - 1].task is Task.REVEAL and script[at - 1].count == 3, "the hands in view: after the flop"
    else:
        assert following is before
    if kind is Prohibited.LATE_WAGER:
        assert "Dealing Procedures 4 a" in stop.rule and "No more bets" in stop.shown
    if kind is Prohibited.BACK_LINE:
        assert "back line wagering is not permitted" in stop.rule
    if kind is Prohibited.CARDS_OFF_TABLE:
        assert "Round of Play 8" in stop.rule and "Dealing Procedures 16" in stop.rule


def test_a_late_wager_caught_scores_every_act_right_in_the_terminal() -> None:
    item = round_item(3, Mode.PRACTICE, rate=0.0, guarded=Prohibited.LATE_WAGER)
    play(item, perfect_lines(item))
    result = item.result()
    assert result.score == 100.0 and not result.mistakes


def test_a_late_wager_missed_is_a_mistake_with_its_rule_and_a_wrong_stop_is_named() -> None:
    item = round_item(3, Mode.PRACTICE, rate=0.0, guarded=Prohibited.LATE_WAGER)
    run = item.run
    lines = perfect_lines(item)
    at = next(index for index, step in enumerate(run.script) if step.task is Task.STOP)
    for line in lines[:at]:
        item.answer(present(item.next_question()).parse(line))
    question = present(item.next_question())
    assert "slides" in question.prompt and "Trips" in question.prompt
    missed = item.answer(question.parse(lines[at + 1]))
    assert not missed.correct and missed.mistakes[0].kind is ErrorKind.MISSED_FAULT
    assert "Dealing Procedures 4 a" in missed.mistakes[0].rule
    wrong = run.perform(Act(Task.STOP, result=Stop.STOP_SIDE_BET.value))
    assert wrong.mistakes[0].kind is ErrorKind.WRONG_ANSWER
    right = item.answer(present(item.next_question()).parse(act_line(Act(Task.STOP, result=Stop.REFUSE_LATE_WAGER))))
    assert right.correct


def test_stopping_an_act_nobody_attempts_is_a_false_alarm() -> None:
    item = round_item(3, Mode.PRACTICE, rate=0.0)
    assert not [step for step in item.run.script if step.task is Task.STOP]
    verdict = item.run.perform(Act(Task.STOP, result=Stop.REFUSE_LATE_WAGER.value))
    assert verdict.mistakes[0].kind is ErrorKind.FALSE_ALARM


def test_the_table_s_run_round_brings_one_now_and_then_only_with_irregularities_on() -> None:
    from tests.session.support import new_session

    for irregular in (False, True):
        session, _table = new_session()
        session.run_rounds(Mode.PRACTICE)
        rng = random.Random(4)
        seen = 0
        for _ in range(40):
            run = session.deal_run(rng, irregular=irregular)
            stops = [step for step in run.script if step.task is Task.STOP]
            assert len(stops) <= 1 and (not stops or run.injected is None)
            seen += bool(stops)
            session.stop_running()
            session.run_rounds(Mode.PRACTICE)
        assert (seen > 0) is irregular


def test_the_protection_drill_asks_the_right_stop_and_allows_cards_kept_on_the_layout() -> None:
    drill = drill_named("protection")
    seen: set[str] = set()
    for item in drill.items(random.Random(7), 60, Mode.PRACTICE):
        ask = of_kind(item, DecisionItem).asks[0]
        seen.add(ask.expected)
        assert ask.check(ask.expected) is None
        other = "carry-on" if ask.expected != "carry-on" else Stop.REFUSE_LATE_WAGER.value
        mistake = present(ask.check(other))
        assert mistake.kind in (ErrorKind.MISSED_FAULT, ErrorKind.FALSE_ALARM)
        assert mistake.rule.startswith("seed 00")
    assert seen == {*(stop.value for stop in Stop), "carry-on"}


def test_the_new_topic_is_only_added_to_quiz_list() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "trainer", "quiz", "--list"], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120, check=False)
    lines = done.stdout.splitlines()
    names = [line.split("  ")[0] for line in lines]
    assert names.index("play-wager") + 1 == names.index("protection") == names.index("order") - 1
    assert lines[names.index("protection")].startswith("protection  Game protection at the table: stop a late")
