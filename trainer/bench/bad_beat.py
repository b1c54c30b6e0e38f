"""Exact Bad Beat figures over every deal, the player never folding: each table's house edge and the hit frequency.

``python -m trainer.bench bad_beat`` counts all 2,598,960 × 1,081 × 990 deals with
:func:`trainer.engine.bad_beat_odds.bad_beat_counts`, prints the deals by the category of the beaten hand, then
for every Bad Beat pay table its house edge and hit frequency, next to the house edge its data file quotes
(rules-notes §8), and the time taken. Exit status 1 when a figure differs from the quoted one at its printed
precision.

``--command`` times instead what a user waits for: ``uth-trainer odds bad-beat --paytable T --json`` for BBB-01,
BBB-02 and BBB-03, each in a fresh process with an empty cache of its own (Python's start, the imports, the
counting of every deal and the fold-loses simulation), wall time and processor time (of the command and of its
workers), against the target of 5 s each; exit status 1 when one is slower.

Run on demand; the test suite checks the same figures (tests/engine/test_bad_beat_odds.py).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Sequence
from fractions import Fraction

from trainer.engine.bad_beat_odds import BadBeatCounts, bad_beat_counts, board_classes
from trainer.engine.paytables import Paytable, load_paytables


def percent(share: Fraction, places: int) -> str:
    return f"{float(share * 100):.{places}f} %"


def quoted_places(quoted: float) -> int:
    """How many decimals a quoted percentage is printed with: 14.787 -> 3."""
    text = repr(quoted)
    return len(text.split(".")[1]) if "." in text else 0


def report_counts(counts: BadBeatCounts) -> None:
    print(f"deals: {counts.deals:,}")
    for category, count in sorted(counts.beaten.items(), reverse=True):
        print(f"  beaten {category.label:<16} {count:>18,}  {percent(Fraction(count, counts.deals), 5):>11}")


def report_table(table: Paytable, counts: BadBeatCounts) -> bool:
    """Print one table's figures; False when the data file quotes a different house edge."""
    edge = counts.house_edge(table)
    line = (f"  {table.id:<7} house edge {percent(edge, 4):>10}   hit frequency "
            f"{percent(counts.hit_frequency(table), 4)}   ({table.title})")
    if table.house_edge is None:
        print(line)
        return True
    places = quoted_places(table.house_edge)
    agrees = f"{float(edge * 100):.{places}f}" == f"{table.house_edge:.{places}f}"
    print(f"{line}   quoted {table.house_edge} %: {'matches' if agrees else 'DIFFERS'}")
    return agrees


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench bad_beat",
        description="Exact Bad Beat house edges and hit frequency over every deal (player never folding).",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes to count with (1)")
    parser.add_argument("--batch", type=int, default=200, help="boards per batch (200)")
    parser.add_argument("--command", action="store_true",
                        help="time the whole odds bad-beat command, cold, for BBB-01..03 (target 5 s each)")
    return parser


COMMAND_TARGET = 5.0
"""Seconds ``odds bad-beat`` may take from nothing cached, on a machine of two cores."""


def _time_command(table_id: str) -> tuple[float, float]:
    """Wall and processor seconds of ``odds bad-beat --paytable TABLE --json`` with an empty cache of its own.

    The processor time counts the workers too: they are children of the fork server, which is this process's
    child once the command has ended (a child subreaper, where Linux has one) and is waited for."""
    import ctypes
    import os
    import resource
    import subprocess
    import tempfile

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory(prefix="uth-bench-") as cache:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "trainer", "odds", "bad-beat", "--paytable", table_id, "--json"],
                       check=True, stdout=subprocess.DEVNULL, env={**os.environ, "XDG_CACHE_HOME": cache})
        wall = time.perf_counter() - start
        with contextlib.suppress(ChildProcessError):
            while True:
                os.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def time_commands() -> int:
    """Time the command cold for each table; 1 when one took longer than the target."""
    slow = False
    for table_id in ("BBB-01", "BBB-02", "BBB-03"):
        wall, processor = _time_command(table_id)
        slow = slow or wall >= COMMAND_TARGET
        verdict = "" if wall < COMMAND_TARGET else "  SLOW"
        print(f"odds bad-beat --paytable {table_id} --json, cold: {wall:5.2f} s "
              f"(processor {processor:5.2f} s; target < {COMMAND_TARGET:g} s){verdict}", flush=True)
    return 1 if slow else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Count, print the figures and the time; exit status 1 when a figure differs from the quoted one."""
    args = build_parser().parse_args(argv)
    if args.command:
        return time_commands()
    start = time.perf_counter()
    boards = board_classes()
    print(f"{len(boards):,} classes of boards standing for {int(boards.weights.sum()):,} boards", flush=True)
    counts = bad_beat_counts(boards, workers=args.workers, batch=args.batch)
    seconds = time.perf_counter() - start
    report_counts(counts)
    tables = load_paytables()
    agree = [report_table(tables.bad_beat(table_id), counts) for table_id in tables.ids("bad_beat")]
    print(f"took {seconds:.1f} s on {args.workers} process(es)")
    return 0 if all(agree) else 1


if __name__ == "__main__":
    sys.exit(main())
