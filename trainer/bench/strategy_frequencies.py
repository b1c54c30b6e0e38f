"""How often the simulated players raise 4x, 2x, 1x or fold, against the figures of rules notes §9.

``python -m trainer.bench strategy_frequencies [--hands N] [--seed S]`` plays N random hands (200,000 by
default) with :class:`~trainer.engine.strategy.BasicStrategy` and prints the share of each outcome next to
the published one (4x 37.7 %, 2x 21.3 %, 1x 23.0 %, fold 18.0 %), with the simulation's standard error.
The exit status is 1 when a share is further than ``--tolerance`` points (1.0 by default) from its figure.

Run on demand only; it is never part of the test suite.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence

from trainer.engine.cards import FULL_DECK
from trainer.engine.strategy import BasicStrategy, play_hand

PUBLISHED = {4: 37.7, 2: 21.3, 1: 23.0, 0: 18.0}
"""Rules notes §9: per cent of hands by Play wager (0 = fold) under the simple strategy."""
NAMES = {4: "4x before the flop", 2: "2x on the flop", 1: "1x on the river", 0: "fold"}
EXACT_4X = 500 / 1326
"""The 500 starting hands of 1,326 that the strategy raises 4x: the exact share of the first line."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench strategy_frequencies",
        description="Frequencies of 4x / 2x / 1x / fold under the simple strategy, against rules notes §9.",
    )
    parser.add_argument("--hands", type=int, default=200_000, help="hands to play (default 200,000)")
    parser.add_argument("--seed", type=int, default=20_240_611, help="random seed (default 20240611)")
    parser.add_argument(
        "--tolerance", type=float, default=1.0, help="largest gap, in points, from a published share"
    )
    return parser


def simulate(hands: int, seed: int) -> Counter[int]:
    """The Play wager of each of ``hands`` random hands, counted; 0 is a fold."""
    rng = random.Random(seed)
    player = BasicStrategy()
    plays: Counter[int] = Counter()
    for _ in range(hands):
        cards = rng.sample(FULL_DECK, 7)
        play, _street = play_hand(player, cards[:2], cards[2:])
        plays[play] += 1
    return plays


def report(plays: Counter[int], tolerance: float) -> bool:
    """Print the table; whether every share is within ``tolerance`` points of its published figure."""
    total = sum(plays.values())
    ok = True
    print(f"{'Play wager':<20} {'hands':>9} {'share':>8} {'± s.e.':>7} {'published':>10} {'gap':>7}")
    for play, published in PUBLISHED.items():
        share = plays[play] / total
        error = math.sqrt(share * (1 - share) / total)
        gap = 100 * share - published
        ok = ok and abs(gap) <= tolerance
        print(
            f"{NAMES[play]:<20} {plays[play]:>9,} {100 * share:>7.2f}% {100 * error:>6.2f}"
            f" {published:>9.1f}% {gap:>+7.2f}"
        )
    print(f"(exact share of 4x: 500 of 1,326 starting hands = {100 * EXACT_4X:.2f} %)")
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulation; exit status 1 when a share is off by more than the tolerance."""
    args = build_parser().parse_args(argv)
    if args.hands < 1:
        print("--hands must be at least 1", file=sys.stderr)
        return 2
    started = time.perf_counter()
    plays = simulate(args.hands, args.seed)
    elapsed = time.perf_counter() - started
    print(f"{args.hands:,} hands, seed {args.seed}, {elapsed:.1f} s")
    ok = report(plays, args.tolerance)
    if not ok:
        print(f"a share is more than {args.tolerance} points from rules notes §9", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
