"""How long the pay-table lab's exact figures take, from nothing cached: Trips, Pairs, Progressive, Bad Beat and the
whole game under optimal strategy.

``python -m trainer.bench odds [--workers N] [--skip-game]`` prints each figure next to rules-notes §8 and §9 and
the time it took, against the targets (Trips and Bad Beat under 10 s, Pairs and Progressive under 1 s, the game
under 10 minutes). Exit status 1 when a figure differs from the published one at its printed precision.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any


def _timed(label: str, target: float, work: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - start
    print(f"{label:<44} {seconds:8.2f} s   (target < {target:g} s){'' if seconds < target else '  SLOW'}",
          flush=True)
    return result


PROGRESSIVE_BREAK_EVEN = 165959.74
"""Progressive 01's break-even meter for a 1 wager, from the closed-form royal lines and the seven-card counts."""
_FRESH_PROCESS = ("from decimal import Decimal; from trainer.engine.paytables import load_paytables; "
                  "from trainer.odds.sidebets import progressive_report; "
                  "progressive_report(load_paytables().progressive('01'), Decimal(10000), Decimal(1))")


def _cold(seven_cards: Any) -> None:
    """Forget the seven-card counts, so the next figure counts them again."""
    seven_cards.category_counts.cache_clear()
    seven_cards._straight_sets.cache_clear()


def _progressive_in_a_fresh_process() -> None:
    """The Progressive's figures in a new interpreter: Python's start, the imports and the count."""
    import subprocess

    subprocess.run([sys.executable, "-c", _FRESH_PROCESS], check=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench odds", description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    parser.add_argument("--skip-game", action="store_true", help="leave out the game (several minutes)")
    args = parser.parse_args(argv)

    from trainer.engine.bad_beat_odds import bad_beat_counts
    from trainer.engine.paytables import load_paytables
    from trainer.odds import seven_cards, sidebets

    tables = load_paytables()
    _cold(seven_cards)
    agree = []
    trips = _timed("Trips UTH-01..04, exact", 10, lambda: [sidebets.trips_report(tables.trips(t))
                                                           for t in tables.ids("trips")])
    agree.append([f"{float(r.house_edge) * 100:.4f}" for r in trips] == ["0.9018", "1.9040", "3.4979", "6.1808"])
    pairs = _timed("Pairs 1..6, exact", 1, lambda: [sidebets.pairs_report(tables.pairs(t))
                                                    for t in tables.ids("pairs")])
    agree.append([f"{float(r.house_edge) * 100:.2f}" for r in pairs] == ["8.90", "8.54", "4.52", "4.68", "4.90",
                                                                        "6.79"])
    _cold(seven_cards)
    progressive = _timed("Progressive 01 at 10,000, exact", 1,
                         lambda: sidebets.progressive_report(tables.progressive("01"), Decimal(10000), Decimal(1)))
    agree.append(progressive.extra.get("break_even_meter") == PROGRESSIVE_BREAK_EVEN)
    _timed("Progressive 01, fresh process, imports too", 1, _progressive_in_a_fresh_process)
    counts = _timed(f"Bad Beat, every deal, exact ({args.workers} processes)", 10,
                    lambda: bad_beat_counts(workers=args.workers))
    edges = [f"{float(sidebets.bad_beat_report(tables.bad_beat(t), counts).house_edge) * 100:.3f}"
             for t in ("BBB-01", "BBB-02", "BBB-03")]
    agree.append(edges == ["20.387", "14.787", "16.639"])
    print(f"  Trips {[f'{float(r.house_edge):.6f}' for r in trips]}  Bad Beat {edges} %")
    if not args.skip_game:
        from trainer.odds.game import solve_game

        solution = _timed(f"The game, optimal and simple ({args.workers} processes)", 600,
                          lambda: solve_game(tables.blind(), workers=args.workers))
        best, simple = solution.optimal, solution.simple
        print(f"  optimal: house edge {float(best.house_edge) * 100:.4f} % of the Ante (published 2.185 %), "
              f"element of risk {float(best.element_of_risk) * 100:.4f} % (about 0.53 %)")
        print(f"  simple:  house edge {float(simple.house_edge) * 100:.4f} % (published about 2.43 %); 4x "
              f"{float(simple.raise_4x):.1%}, 2x {float(simple.raise_2x):.1%}, 1x {float(simple.raise_1x):.1%}, "
              f"fold {float(simple.fold):.1%} (rules-notes §9: 37.7, 21.3, 23.0, 18.0 %)")
        agree.append(f"{float(best.house_edge) * 100:.3f}" == "2.185")
    return 0 if all(agree) else 1


if __name__ == "__main__":
    sys.exit(main())
