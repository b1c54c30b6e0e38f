"""Exact Bad Beat figures over every deal, the player never folding: each table's house edge and the hit frequency.

``python -m trainer.bench bad_beat`` counts all 2,598,960 × 1,081 × 990 deals with
:func:`trainer.engine.bad_beat_odds.bad_beat_counts`, prints the deals by the category of the beaten hand, then
for every Bad Beat pay table its house edge and hit frequency, next to the house edge its data file quotes
(rules-notes §8), and the time taken. Exit status 1 when a figure differs from the quoted one at its printed
precision.

Run on demand; the test suite checks the same figures (tests/engine/test_bad_beat_odds.py).
"""

from __future__ import annotations

import argparse
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Count, print the figures and the time; exit status 1 when a figure differs from the quoted one."""
    args = build_parser().parse_args(argv)
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
