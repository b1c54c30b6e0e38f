"""Benchmark of the scenario generator: the median time to build one hand of each situation and variant.

``python -m trainer.bench scenarios [--seeds N] [--verify]`` builds every variant of every situation from
``N`` seeds, and prints, per situation, the median and the slowest variant's median, then the overall median.
The target: under 50 ms for the median hand of any situation, the rarest included. Exit status 1 when a
median misses it (or, with ``--verify``, a hand is not its situation).

Run on demand only; it is never part of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from trainer.drills.scenarios import SITUATIONS

TARGET_MS = 50.0


def time_variant(name: str, variant: str, seeds: int, verify: bool) -> tuple[list[float], int]:
    """Milliseconds per hand for ``seeds`` seeds, and how many hands failed verification."""
    situation = SITUATIONS[name]
    times: list[float] = []
    failed = 0
    for seed in range(seeds):
        started = time.perf_counter()
        scenario = situation.generate(seed * 104_729 + 1, variant)
        times.append((time.perf_counter() - started) * 1000)
        if verify and not situation.verify(scenario):
            failed += 1
    return times, failed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench scenarios", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30, help="hands per variant (default 30)")
    parser.add_argument("--verify", action="store_true", help="also check every hand with the engine")
    args = parser.parse_args(argv)

    print(f"{'situation':24} {'variants':>8} {'median ms':>10} {'slowest variant (median ms)':>40}")
    everything: list[float] = []
    worst_median = 0.0
    failures = 0
    for name, situation in SITUATIONS.items():
        all_times: list[float] = []
        slowest = ("", 0.0)
        for variant in situation.variants:
            times, failed = time_variant(name, variant, args.seeds, args.verify)
            failures += failed
            all_times += times
            median = statistics.median(times)
            worst_median = max(worst_median, median)
            if median > slowest[1]:
                slowest = (variant, median)
        everything += all_times
        label = f"{slowest[0][:30]} ({slowest[1]:.1f})"
        print(f"{name:24} {len(situation.variants):>8} {statistics.median(all_times):>10.2f} {label:>40}")
    print(f"\n{len(everything)} hands; median {statistics.median(everything):.2f} ms; slowest variant median "
          f"{worst_median:.2f} ms (target {TARGET_MS:.0f} ms); 95th percentile "
          f"{statistics.quantiles(everything, n=20)[-1]:.2f} ms; max {max(everything):.1f} ms")
    if args.verify:
        print(f"verified with the engine: {failures} hand(s) not their situation")
    return 0 if worst_median < TARGET_MS and failures == 0 else 1
