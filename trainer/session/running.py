"""The rounds the trainee runs at the table (Train ▸ Run the round): the round to run, with its irregularity now
and then. Qt-free; :class:`~trainer.session.table_session.TableSession` deals them and scores them."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from trainer.drills.run_rates import EXAM_IRREGULAR_EVERY, IRREGULARITY_RATE, PROTECTION_RATE, SECOND_PLAY_RATE
from trainer.engine.round import PlayedRound
from trainer.quiz.protection import protection_attempt
from trainer.quiz.round_script import Irregularity, inject, play_attempt
from trainer.quiz.run_round import RunRound
from trainer.scoring import Mode

RUN_ROUND_DRILL = "run-round"
"""What a run round is scored under (the terminal's topic of the same name)."""


def run_round_for(played: PlayedRound, mode: Mode, rng: random.Random, *, index: int, irregular: bool,
                  rate: float = IRREGULARITY_RATE, clock: Callable[[], float] = time.monotonic) -> RunRound:
    """The run round of ``played``, the ``index``-th of the sitting (from 0): with ``irregular`` now and then
    (``rate``, about one round in six) an irregularity; in exam mode every third round brings one, each kind in
    turn, and no others; now and then (:data:`SECOND_PLAY_RATE`) a second Play wager to refuse; with ``irregular``
    now and then (:data:`PROTECTION_RATE`, never with an irregularity) a player's prohibited act to stop."""
    kinds = list(Irregularity)
    forced = None
    if mode is Mode.EXAM and index % EXAM_IRREGULAR_EVERY == EXAM_IRREGULAR_EVERY - 1:
        forced = kinds[(index // EXAM_IRREGULAR_EVERY) % len(kinds)]
    drawn = irregular and mode is not Mode.EXAM and rng.random() < rate
    injected = inject(played, rng, forced) if forced is not None or drawn else None
    attempt = play_attempt(played, rng) if rng.random() < SECOND_PLAY_RATE else None
    protected = irregular and injected is None and rng.random() < PROTECTION_RATE
    protection = protection_attempt(played, rng) if protected else None
    return RunRound(played, mode, injected, drill=RUN_ROUND_DRILL, item=f"{RUN_ROUND_DRILL}/round {played.number}",
                    clock=clock, attempt=attempt, protection=protection)


__all__ = ["IRREGULARITY_RATE", "RUN_ROUND_DRILL", "run_round_for"]
