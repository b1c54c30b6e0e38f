"""``uth-trainer quiz --topic run-round``: a whole round run from the dealer's side in a terminal, in process and by
subprocess. The engine's own acts score 100 %, one wrong act is named with its document, an irregularity wants
the documents' response, and hostile input gets the hint or the score so far, never a traceback."""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import ctrl_c_interrupts
from tests.typed import of_kind, present
from trainer.drills.base import drill_named
from trainer.drills.round_answers import read_round_answer
from trainer.drills.terminal import run_quiz
from trainer.drills.whole_round import RunRoundItem, round_item
from trainer.engine.dealing import Target
from trainer.quiz.round_script import Irregularity, Task
from trainer.quiz.run_round import Act, in_segment
from trainer.scoring import ErrorKind, Mode

ROOT = Path(__file__).resolve().parents[2]
DRILL = drill_named("run-round")


def place_word(target: Target) -> str:
    if target.kind == "seat":
        return f"seat {target.seat}"
    if target.kind == "dealer":
        return "dealer"
    return ("flop", "flop", "flop", "turn", "river")[target.slot]


def act_line(act: Act) -> str:
    """The line a trainee types for the engine's act."""
    if act.task is Task.DEAL:
        assert act.target is not None
        return place_word(act.target)
    if act.task is Task.TAKE_FEE:
        return f"fee {act.amount}"
    if act.task is Task.COLLECT_FOLD:
        return f"collect {act.seat} {act.count}"
    if act.task is Task.COUNT:
        return f"count {act.count}"
    if act.task is Task.TAKE_PLAY:
        return f"take {act.seat} {act.amount}"
    if act.task is Task.REFUSE_PLAY:
        return f"refuse {act.seat}"
    if act.task is Task.HAND_BUTTON:
        assert act.hand is not None
        return f"hand button {act.seat} {act.hand.label}"
    if act.task is Task.ANNOUNCE_HAND:
        assert act.hand is not None
        return f"seat {act.seat} {act.hand.label} {dict(win='wins', lose='loses', push='ties')[act.result]}"
    if act.task is Task.REVEAL:
        return "reveal the flop" if act.count == 3 else "reveal the turn and the river"
    if act.task is Task.STOP:
        return {"refuse-late-wager": "stop the late wager", "refuse-back-line": "refuse the back line",
                "stop-side-bet": "stop the side bet", "cards-on-table": "keep the cards on the table"}[act.result]
    return {Task.NO_MORE_BETS: "no more bets", Task.COIN_IN: "coin in", Task.UNLOAD: "unload", Task.RACK: "rack",
            Task.VOID: "void the round", Task.CALL_FLOOR: "call the floor", Task.CALL_SUPERVISOR: "call the supervisor",
            Task.GAME_OVER: "game over"}[act.task]


def perfect_lines(item: RunRoundItem) -> list[str]:
    """Every line a perfect trainee types for ``item``'s round (worked out on the engine's script)."""
    lines: list[str] = []
    settlement = item.run.played.settlement
    for step in item.run.script:
        if step.task is Task.ANNOUNCE:
            lines.append(f"{settlement.dealer.category.label} {'yes' if settlement.dealer_qualifies else 'no'}")
        elif step.task is Task.SETTLE:
            lines += [f"{s.seat} {s.wager.label.lower()} {s.action.value} {s.amount:f}" for s in item.run.quiz.steps
                      if in_segment(step, s)]
        else:
            count = step.count if step.task in (Task.COLLECT_FOLD, Task.COUNT, Task.REVEAL) else None
            lines.append(act_line(Act(step.task, step.target, step.seat, step.amount, count, step.hand, step.result)))
    return lines


def play(item: RunRoundItem, lines: list[str]) -> None:
    """Answer ``item`` line by line as the terminal does (each line read with the item's own parser)."""
    for line in lines:
        question = item.next_question()
        assert question is not None, f"the round ended before {line!r}"
        value = question.parse(line)
        assert value is not None, f"{line!r} could not be read"
        item.answer(value)
    assert item.next_question() is None


def items(count: int, mode: Mode, seed: int) -> list[RunRoundItem]:
    return [of_kind(item, RunRoundItem) for item in DRILL.items(random.Random(seed), count, mode)]


@pytest.mark.parametrize("mode", list(Mode))
def test_the_engine_s_own_acts_score_100_percent_in_every_mode(mode: Mode) -> None:
    for item in items(12, mode, 5):
        play(item, perfect_lines(item))
        result = item.result()
        assert result.score == 100.0 and not result.mistakes, item.title
        assert result.steps >= len([step for step in item.run.script if step.task not in (Task.ANNOUNCE,
                                                                                          Task.SETTLE)])


def test_every_game_procedure_and_irregularity_comes_up_and_is_run_perfectly() -> None:
    seen_procedures, seen_kinds = set(), set()
    for seed in range(60):
        item = round_item(seed, Mode.PRACTICE, forced=list(Irregularity)[seed % 3])
        seen_procedures.add(item.run.played.procedure)
        assert item.run.injected is not None
        seen_kinds.add(item.run.injected.kind)
        play(item, perfect_lines(item))
        assert item.result().score == 100.0, item.title
        assert item.run.script[-1].task.responds
    assert len(seen_procedures) == 4 and seen_kinds == set(Irregularity)


def test_one_wrong_card_is_named_with_the_dealing_procedure_and_not_taken_in_practice() -> None:
    item = round_item(8, Mode.PRACTICE, rate=0.0)
    lines = perfect_lines(item)
    first_deal = next(index for index, step in enumerate(item.run.script) if step.task is Task.DEAL)
    due = item.run.script[first_deal].target
    assert due is not None
    wrong = "river" if due.kind != "board" or due.slot != 4 else "dealer"
    play_part = lines[:first_deal]
    for line in play_part:
        item.answer(present(item.next_question()).parse(line))
    answer = read_round_answer(wrong, Task.DEAL)
    assert answer is not None
    feedback = item.answer(answer)
    assert not feedback.correct and not feedback.accepted
    assert feedback.mistakes[0].kind is ErrorKind.WRONG_CARD
    assert f"expected deal {due}" in feedback.message and item.run.played.procedure.label in feedback.message
    play(item, lines[first_deal:])
    result = item.result()
    assert result.steps - result.correct == 1 and len(result.mistakes) == 1


def test_dealing_before_no_more_bets_is_out_of_order() -> None:
    item = round_item(9, Mode.EXAM, rate=0.0)
    lines = perfect_lines(item)
    skipped = next(index for index, step in enumerate(item.run.script) if step.task is Task.NO_MORE_BETS)
    for line in lines[:skipped]:
        item.answer(present(item.next_question()).parse(line))
    first_deal = next(index for index, step in enumerate(item.run.script) if step.task is Task.DEAL)
    feedback = item.answer(present(item.next_question()).parse(lines[first_deal]))
    assert feedback.mistakes[0].kind is ErrorKind.ORDER
    assert 'expected call "No more bets"' in feedback.mistakes[0].describe()
    assert "seed 003 Dealing procedures 1 a" in feedback.mistakes[0].rule  # round 9: California UTH, seed 003


def test_dealing_on_after_the_shuffler_fails_is_a_missed_fault() -> None:
    item = round_item(3, Mode.PRACTICE, forced=Irregularity.SHUFFLER_FAILS)
    assert item.run.script[-1].task is Task.VOID
    lines = perfect_lines(item)
    for line in lines[:-1]:
        item.answer(present(item.next_question()).parse(line))
    question = item.next_question()
    assert question is not None and "the shuffler stops with an error" in question.prompt
    feedback = item.answer(question.parse("next"))
    assert feedback.mistakes[0].kind is ErrorKind.MISSED_FAULT and "shuffler malfunction" in feedback.message
    assert item.answer(question.parse("void the round")).correct and item.next_question() is None


def test_next_deals_to_the_place_due_in_practice_but_exam_wants_the_place_named() -> None:
    for mode, taken in ((Mode.PRACTICE, True), (Mode.EXAM, False)):
        item = round_item(12, mode, rate=0.0)
        lines = perfect_lines(item)
        first_deal = next(index for index, step in enumerate(item.run.script) if step.task is Task.DEAL)
        for line in lines[:first_deal]:
            item.answer(present(item.next_question()).parse(line))
        feedback = item.answer(present(item.next_question()).parse("next next"))
        assert feedback.accepted is taken and not feedback.mistakes


def test_a_line_of_places_stops_where_the_table_shows_something() -> None:
    item = round_item(21, Mode.PRACTICE, forced=Irregularity.WRONG_BACK)
    lines = perfect_lines(item)
    at = next(index for index, step in enumerate(item.run.script) if step.task is Task.DEAL)
    for line in lines[:at]:
        item.answer(present(item.next_question()).parse(line))
    deals = [line for line in lines[at:] if line != "call the floor"]
    feedback = item.answer(present(item.next_question()).parse(" ".join([*deals, "dealer", "dealer"])))
    assert feedback.correct and "was not dealt" in feedback.message
    question = item.next_question()
    assert question is not None and "back that is not the" in question.prompt


# -- the terminal ----------------------------------------------------------------------------------------------


def quiz(*args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "trainer", "quiz", "--topic", "run-round", *args], input=answers,
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120, check=False)


def script_for(seed: int, count: int, mode: Mode) -> list[str]:
    return [line for item in items(count, mode, seed) for line in perfect_lines(item)]


def test_the_topic_is_listed() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "trainer", "quiz", "--list"], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120, check=False)
    assert any(line.startswith("run-round  ") for line in done.stdout.splitlines())


def test_a_perfect_run_scores_100_percent_in_a_terminal() -> None:
    lines = script_for(17, 2, Mode.PRACTICE)
    done = quiz("--seed", "17", "--count", "2", answers="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Next act?" in done.stdout and "Seat " in done.stdout and "Board:" in done.stdout
    assert "Score 100.0 %" in done.stdout and "✗" not in done.stdout


def test_hostile_input_gets_the_hint_never_a_traceback() -> None:
    lines = script_for(17, 1, Mode.PRACTICE)
    hostile = ["²", "9" * 5000, "-5", "seat 0", "\x00\x1b[2J", "'; drop table", "?"]
    done = quiz("--seed", "17", "--count", "1", answers="\n".join([*hostile, *lines]) + "\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr + done.stdout
    assert done.stdout.count("(could not read") == len(hostile) - 1
    assert "This question: what you do now" in done.stdout
    assert "Score 100.0 %" in done.stdout


def test_end_of_input_mid_round_gives_the_score_so_far() -> None:
    lines = script_for(17, 1, Mode.PRACTICE)
    done = quiz("--seed", "17", "--count", "1", answers="\n".join(["coin in", *lines[:3]]) + "\n")
    assert done.returncode == 0 and "End of input" in done.stdout and "Traceback" not in done.stderr
    assert "Score " in done.stdout and "order 1" in done.stdout


class InterruptAfter(io.StringIO):
    """Standard input that is Ctrl-C'd after its lines."""

    # typeshed gives StringIO two readline()s to override at once (its text one and _IOBase's bytes one)
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(-1 if size is None else size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_in_process_stops_with_the_score_so_far() -> None:
    lines = script_for(17, 1, Mode.PRACTICE)
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        run_quiz(DRILL, seed=17, count=1, mode=Mode.PRACTICE, stdin=InterruptAfter("\n".join(lines[:4]) + "\n"),
                 stdout=out)
    assert "Interrupted: the quiz stops here." in out.getvalue()
    assert "Score 100.0 % (4 of 4 steps)" in out.getvalue()


def test_ctrl_c_in_a_terminal_exits_130_with_the_score_so_far() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen([sys.executable, "-m", "trainer", "quiz", "--topic", "run-round", "--seed", "17",
                                "--count", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env,
                               preexec_fn=ctrl_c_interrupts)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(script_for(17, 1, Mode.PRACTICE)[0] + "\n")
    process.stdin.flush()
    seen = ""
    while seen.count("Next act?") < 2:
        seen += process.stdout.readline()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err
    assert "Score 100.0 % (1 of 1 steps)" in seen + out


def test_run_round_seed_1_takes_no_more_bets_first_as_the_collection_lesson_teaches() -> None:
    """``quiz --topic run-round --seed 1 --count 1``: "No more bets" first is right, the fee then too."""
    item = next(drill_named("run-round").items(random.Random(1), 1, Mode.PRACTICE))
    assert isinstance(item, RunRoundItem)
    fee = item.run.played.settlement.collection_fee
    assert fee is not None, "the item is a player-dealer round"
    for line in ("no more bets", f"fee {fee}"):
        feedback = item.answer(present(item.next_question()).parse(line))
        assert feedback.correct, feedback.message


def test_taking_a_play_wager_when_none_is_offered_is_said_without_a_seat_or_an_amount() -> None:
    """"take" typed while the task due is not a Play wager names no seat: the mistake says what was done, never
    "seat None's Play wager $0"."""
    item = round_item(9, Mode.PRACTICE, rate=0.0)
    assert item.run.script[0].task is not Task.TAKE_PLAY
    feedback = item.answer(present(item.next_question()).parse("take"))
    said = feedback.mistakes[0].describe()
    assert "given take a Play wager" in said and "None" not in said and "$0" not in said, said
