"""How often a round the trainee runs brings an irregularity, or a second Play wager to refuse (the run-round
drill, :mod:`trainer.drills.whole_round`, and the table's Run the round, :mod:`trainer.session.running`). Kept apart
so the table loads them without the drill."""

from __future__ import annotations

IRREGULARITY_RATE = 1 / 6
"""How often a round brings an irregularity now and then: about one round in six."""
SECOND_PLAY_RATE = 0.25
"""How often a player who has made the Play wager pushes out another on a later street, for the dealer to refuse."""
EXAM_IRREGULAR_EVERY = 3
"""In exam mode every third round brings one (each kind in turn, where the round allows it), and only those: an
exam asks for more than now and then, and for the same number in every attempt."""

PROTECTION_RATE = 1 / 8
"""How often a run round brings a player's attempt at a prohibited act (:mod:`trainer.quiz.protection`): about one
round in eight, never two in one round and never in a round that brings an irregularity; the plain settling modes
never bring one."""

__all__ = ["EXAM_IRREGULAR_EVERY", "IRREGULARITY_RATE", "PROTECTION_RATE", "SECOND_PLAY_RATE"]
