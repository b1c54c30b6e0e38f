"""One reader of a typed amount for every place a trainee types one: the same hostile amounts get the same verdict
(refused) from the settlement panel's amount box, the run round's fee box, the drills' answers (the GUI drill forms
and the terminal quiz read with them), the run round typed as a line, the ``quiz`` command and ``grade``; and the
same well-formed amount is read alike by all of them. In English and in Spanish."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tests.gui.test_runround import PLAYER_DEALER, make_window, start
from tests.gui.test_settlement_quiz_gui import (  # noqa: F401 (open_window: a fixture)
    HOUSE,
    announce_right,
    choose_by_keys,
    deal,
    feedback,
    has_pay_and_take,
    open_window,
    seed_for,
)
from tests.typed import present
from trainer.drills.answers import read_action, read_money, read_step
from trainer.drills.round_answers import read_round_answer
from trainer.engine.errors import RoundError
from trainer.engine.wagers import Action
from trainer.i18n.translation import set_language
from trainer.quiz.amounts import read_amount
from trainer.quiz.grade import read_grade
from trainer.quiz.round_script import Task
from trainer.quiz.run_round import Act
from trainer.scoring import Mode

pytestmark = pytest.mark.gui

HOSTILE = ("-5", "NaN", ",5", "5,", "1e400", "²")
WELL_FORMED = ("7.50", Decimal("7.50"))
ROOT = Path(__file__).resolve().parents[2]
HAND = {"dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
        "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40}]}


def read_by_the_drills_and_the_typed_run_round(typed: str) -> list[Decimal | None]:
    """What each reader of a typed answer line makes of ``typed`` as the amount of a pay (None: not read)."""
    action, step = read_action(f"pay {typed}"), read_step(f"3 blind pay {typed}")
    fee = read_round_answer(typed, Task.TAKE_FEE)
    return [read_amount(typed), read_money(typed), read_money(f"pay {typed}"),
            action[1] if action is not None else None, step[3] if step is not None else None,
            fee.amount if isinstance(fee, Act) else None]


def read_by_grade(typed: str) -> Decimal | None:
    """``grade``'s verdict on the amount: a JSON number where ``typed`` is one (``-5``, ``NaN``, ``1e400``), else
    a JSON string (which the contract refuses too)."""
    try:
        json.loads(typed)
        raw = typed
    except ValueError:
        raw = json.dumps(typed)
    step = f'{{"seat": 1, "wager": "play", "action": "pay", "amount": {raw}}}'
    request = f'{{"hand": {json.dumps(HAND)}, "steps": [{step}]}}'
    try:
        return read_grade(request).steps[0].amount
    except RoundError:
        return None


def read_by_the_panel(quiz: Any, typed: str) -> Decimal | None:
    """The settlement panel: a pay with ``typed`` in its amount box, confirmed (the panel says so at once)."""
    panel, confirmed = quiz.panel, []
    panel.choose_action(Action.PAY)
    panel.amount.setText(typed)  # as pasted: the box's validator is not the reader
    panel.stepConfirmed.connect(lambda *step: confirmed.append(step[3]))
    try:
        panel.confirm()
    finally:
        panel.stepConfirmed.disconnect()
    if not confirmed:
        assert typed in feedback(quiz), feedback(quiz)  # "“,5” is not an amount: …"
        return None
    return Decimal(confirmed[0])


def read_by_the_fee_box(controller: Any, typed: str) -> Decimal | None:
    """The run round's fee box: ``typed`` in it, then T; the fee the round was given (None: it was not)."""
    given: list[Act] = []
    perform = controller.perform

    def recorded(act: Act) -> object:
        given.append(act)
        return perform(act)

    controller.perform = recorded
    try:
        controller.panel.fee_amount.setText(typed)
        controller.take_fee()
    finally:
        del controller.perform
    return given[0].amount if given else None


def read_by_the_quiz_command(language: str, lines: list[str]) -> list[bool]:
    """For each line typed at ``quiz --topic payouts-1``, whether the quiz read it (else it says it could not)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "trainer", "--lang", language, "quiz", "--topic", "payouts-1",
                           "--count", str(len(lines)), "--seed", "1"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120, check=False)
    said = done.stdout
    return [not any(f"'{line}'" in row for row in said.splitlines() if "(" in row) for line in lines]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_entry_point_refuses_the_same_hostile_amounts_and_reads_a_good_one_alike(
        qtbot: Any, tmp_path: Path, open_window: Any, language: str) -> None:  # noqa: F811
    set_language(language)
    typed_good, good = WELL_FORMED
    for typed in HOSTILE:
        assert read_by_the_drills_and_the_typed_run_round(typed) == [None] * 6, typed
        assert read_by_grade(typed) is None, typed
    assert read_by_the_drills_and_the_typed_run_round(typed_good) == [good] * 6
    assert read_by_grade(typed_good.join("  ")) == good  # a JSON number

    window = open_window(HOUSE, seed_for(HOUSE, has_pay_and_take))
    quiz = deal(qtbot, window)
    announce_right(qtbot, quiz)
    step = present(present(quiz.quiz).next_step())
    choose_by_keys(qtbot, quiz, step.seat, step.wager.value)
    assert [read_by_the_panel(quiz, typed) for typed in HOSTILE] == [None] * len(HOSTILE)
    assert read_by_the_panel(quiz, typed_good) == good

    controller = start(qtbot, make_window(qtbot, tmp_path, PLAYER_DEALER), Mode.PRACTICE)
    run = present(controller.run)
    controller.perform(present(run.engine_act()))  # no more bets: the fee is due
    assert present(run.expected()).task is Task.TAKE_FEE
    assert [read_by_the_fee_box(controller, typed) for typed in HOSTILE] == [None] * len(HOSTILE)
    assert present(run.expected()).task is Task.TAKE_FEE, "nothing was taken"
    assert read_by_the_fee_box(controller, typed_good) == good

    assert read_by_the_quiz_command(language, [*HOSTILE, typed_good]) == [False] * len(HOSTILE) + [True]
