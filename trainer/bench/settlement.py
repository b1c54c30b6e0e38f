"""Benchmark: full seven-seat settlements per second (target: one settlement under 0.4 ms).

``python -m trainer.bench settlement [--rounds N] [--seed S]``. Rounds are dealt and decided beforehand;
only :func:`trainer.engine.settle` is timed, every seat with Ante, Blind, Play, Trips, Bad Beat, Pairs and
Progressive so that every wager's rules run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from decimal import Decimal

from trainer.engine import BasicStrategy, Card, Procedure, SeatHand, TableRules, deal, settle, shuffled_deck
from trainer.engine.strategy import play_hand

TARGET_MS = 0.4


def build_rounds(count: int, rng: random.Random) -> list[tuple[tuple[Card, Card], tuple[Card, ...], list[SeatHand]]]:
    """``count`` seven-seat rounds: the dealer's cards, the board, every seat's hand and wagers."""
    strategy = BasicStrategy()
    rounds: list[tuple[tuple[Card, Card], tuple[Card, ...], list[SeatHand]]] = []
    for _ in range(count):
        dealt = deal(Procedure.ACE, shuffled_deck(rng), range(1, 8))
        seats = []
        for seat in range(1, 8):
            play, _street = play_hand(strategy, dealt.hands[seat], dealt.board)
            ante = Decimal(rng.choice((5, 10, 25)))
            seats.append(SeatHand(seat, dealt.hands[seat], ante, ante, ante * play, Decimal(5), Decimal(5),
                                  Decimal(5), Decimal(1)))
        rounds.append((dealt.dealer, dealt.board, seats))
    return rounds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench settlement", description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    table = TableRules(progressive_meter=Decimal(25000))
    rounds = build_rounds(args.rounds, random.Random(args.seed))
    settle(table, *rounds[0])  # warm the caches
    per_round = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        for dealer, board, seats in rounds:
            settle(table, dealer, board, seats)
        per_round.append((time.perf_counter() - start) / len(rounds))
    best, median = min(per_round) * 1000, statistics.median(per_round) * 1000
    print(f"seven-seat settlements: {1000 / median:,.0f} per second; median {median:.3f} ms, best {best:.3f} ms "
          f"per settlement over {args.rounds} rounds x {args.repeat}")
    ok = median < TARGET_MS
    print(f"target under {TARGET_MS} ms: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
