"""Benchmark of the hand evaluator: seven-card evaluations per second against ``treys``; every 7-card hand.

``python -m trainer.bench evaluator`` times :func:`trainer.engine.evaluator.evaluate` and the pure-Python
``treys`` evaluator on the same random seven-card hands, checks that they agree, and prints both rates and
their ratio (the target is at least 12x). The two are timed in turn, ``--repeat`` rounds, each by the processor
time it took, the best of each kept: on a shared machine both meet the same load. ``--enumerate-7`` also goes
through all 133,784,560 seven-card hands with the evaluator's own tables and compares the category counts with
the known ones.

Run on demand only; it is never part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from multiprocessing import get_context

from trainer.engine import evaluator as ev
from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.evaluator import HAND_CLASSES, Category, evaluate

SEVEN_CARD_CATEGORY_COUNTS = {
    Category.ROYAL_FLUSH: 4_324,
    Category.STRAIGHT_FLUSH: 37_260,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.ONE_PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}
SEVEN_CARD_HANDS = 133_784_560
TARGET_RATIO = 12


# -- Evaluations per second ---------------------------------------------------------------------------------


def random_hands(count: int, seed: int) -> list[list[Card]]:
    """``count`` seven-card hands, each the board (five cards) then the two hole cards."""
    rng = random.Random(seed)
    return [rng.sample(FULL_DECK, 7) for _ in range(count)]


def best_rate(run: Callable[[], object], count: int, repeat: int) -> float:
    """Evaluations per second of the fastest of ``repeat`` runs over ``count`` hands (processor time)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return count / best


def evaluate_runner(hands: list[list[Card]]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            evaluate(hand)

    return run


def treys_runner(hands: list[list[Card]]) -> Callable[[], None] | None:
    """A run of ``treys`` over the same hands (once it agrees on them), or None without it."""
    try:
        from treys import Card as TreysCard  # type: ignore[import-untyped]  # treys ships no type hints
        from treys import Evaluator
    except ImportError:
        return None
    judge = Evaluator()
    boards_and_holes = [([TreysCard.new(str(c)) for c in hand[:5]], [TreysCard.new(str(c)) for c in hand[5:]])
                        for hand in hands]
    for hand, (board, hole) in zip(hands, boards_and_holes, strict=True):
        if evaluate(hand).strength != HAND_CLASSES + 1 - judge.evaluate(board, hole):
            raise AssertionError(f"treys disagrees on {' '.join(map(str, hand))}")

    def run() -> None:
        for board, hole in boards_and_holes:
            judge.evaluate(board, hole)

    return run


def interleaved_rates(runs: list[Callable[[], None]], count: int, repeat: int) -> list[float]:
    """Each run's best rate over ``repeat`` rounds that take the runs in turn, so that both meet the same load."""
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for index, run in enumerate(runs):
            start = time.process_time()
            run()
            best[index] = min(best[index], time.process_time() - start)
    return [count / seconds for seconds in best]


def import_seconds() -> float:
    """Seconds a fresh interpreter spends loading the evaluator module and building its tables."""
    command = [sys.executable, "-X", "importtime", "-c", "import trainer.engine.evaluator"]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    microseconds = [  # "import time: self [us] | cumulative | imported package"
        int(line.split("|")[1]) for line in result.stderr.splitlines()
        if line.startswith("import time:") and line.split("|")[-1].strip() == "trainer.engine.evaluator"
    ]
    return max(microseconds) / 1e6


def report_speed(count: int, seed: int, repeat: int) -> bool:
    hands = random_hands(count, seed)
    ours_run, theirs_run = evaluate_runner(hands), treys_runner(hands)
    print(f"import trainer.engine.evaluator: {import_seconds() * 1000:.0f} ms")
    if theirs_run is None:
        ours = best_rate(ours_run, count, repeat)
        print(f"evaluate(), 7 cards:   {ours:12,.0f} evaluations/s  ({count:,} hands, best of {repeat})")
        print("treys is not installed (pip install treys): no comparison")
        return True
    ours, theirs = interleaved_rates([ours_run, theirs_run], count, repeat)
    print(f"evaluate(), 7 cards:   {ours:12,.0f} evaluations/s  ({count:,} hands, best of {repeat}, processor time)")
    ratio = ours / theirs
    print(f"treys Evaluator:       {theirs:12,.0f} evaluations/s  (agrees on every hand; runs taken in turn)")
    met = ratio >= TARGET_RATIO
    print(f"ratio:                 {ratio:12.1f}x  (target {TARGET_RATIO}x: {'met' if met else 'NOT met'})")
    return met


# -- Every seven-card hand ----------------------------------------------------------------------------------
#
# Five nested loops build the key of the first five cards by adding one card key at a time (the keys are the
# evaluator's own). The last two cards come from lists of card pairs prepared per starting card, and each list
# is run through the evaluator's table with ``map`` and counted with ``Counter.update``, both at C speed. At
# most one suit can hold three or more of the first five cards; only that suit can make a flush, so the pairs
# are split by how many cards of that suit they add: too few, and the hand's ranks alone decide it.


class _PairLists:
    """For each first card ``j``: the pairs of cards from ``j`` up, as rank sums and as a suit's rank bits."""

    def __init__(self, keys: Sequence[int]) -> None:
        rank_shift, card_bits = ev._RANK_SUM_SHIFT, ev._CARD_BITS
        self.all_ranks: list[list[int]] = []
        self.ranks_by_suited: list[list[list[list[int]]]] = []  # [j][suit][cards of suit in pair]
        self.bits_by_suited: list[list[list[list[int]]]] = []
        for first in range(53):
            pairs = [(keys[a] + keys[b]) for a, b in combinations(range(first, 52), 2)]
            self.all_ranks.append([key >> rank_shift for key in pairs])
            ranks: list[list[list[int]]] = [[[], [], []] for _ in range(4)]
            bits: list[list[list[int]]] = [[[], [], []] for _ in range(4)]
            for key in pairs:
                for suit in range(4):
                    suit_bits = (key & card_bits) >> (13 * suit) & 0x1FFF
                    ranks[suit][suit_bits.bit_count()].append(key >> rank_shift)
                    bits[suit][suit_bits.bit_count()].append(suit_bits)
            self.ranks_by_suited.append(ranks)
            self.bits_by_suited.append(bits)

    def unsuited(self, first: int, suit: int, held: int) -> list[int]:
        """Rank sums of the pairs that leave ``suit`` short of five when ``held`` of it are already out."""
        lists = self.ranks_by_suited[first][suit]
        return [rank for needed in range(max(0, 5 - held)) for rank in lists[needed]] if held >= 3 else []

    def suited(self, first: int, suit: int, held: int) -> list[int]:
        """``suit`` rank bits of the pairs that bring ``suit`` to five when ``held`` are already out."""
        lists = self.bits_by_suited[first][suit]
        return [bits for added in range(max(0, 5 - held), 3) for bits in lists[added]]


class _Tables:
    """What a worker needs, built once per process."""

    def __init__(self) -> None:
        self.keys = [ev._KEY_OF[card] for card in FULL_DECK]
        category_of = ev._CATEGORY_OF
        self.rank_category = {key: int(category_of[s]) for key, s in ev._rank_strengths(ev._hand_classes()).items()}
        self.flush_category = [int(category_of[s]) if s else -1 for s in ev._FLUSH_STRENGTH]
        self.pairs = _PairLists(self.keys)
        # for the five-card suit counters (four bits a suit): the suit with the most cards and how many (at
        # most one has 3+)
        self.top_suit = [0] * (1 << 16)
        self.top_count = [0] * (1 << 16)
        for counters in range(1 << 16):
            counts = [(counters >> (4 * suit)) & 15 for suit in range(4)]
            self.top_count[counters] = max(counts)
            self.top_suit[counters] = counts.index(max(counts))
        # the lists of pairs for a prefix with three, four or five of a suit, by (first card, suit, held)
        self.unsuited: dict[tuple[int, int, int], list[int]] = {}
        self.suited: dict[tuple[int, int, int], list[int]] = {}
        for first in range(53):
            for suit in range(4):
                for held in (3, 4, 5):
                    self.unsuited[first, suit, held] = self.pairs.unsuited(first, suit, held)
                    self.suited[first, suit, held] = self.pairs.suited(first, suit, held)


_TABLES: _Tables | None = None


def _init_worker() -> None:
    global _TABLES
    _TABLES = _Tables()


def _count_from(first_two: tuple[int, int]) -> dict[int, int]:
    """Category counts of all seven-card hands whose two lowest cards are ``first_two``."""
    tables = _TABLES if _TABLES is not None else _Tables()
    keys, rank_category, flush_category = tables.keys, tables.rank_category, tables.flush_category
    top_suit, top_count, all_ranks = tables.top_suit, tables.top_count, tables.pairs.all_ranks
    unsuited, suited = tables.unsuited, tables.suited
    counts: Counter[int] = Counter()
    update, rank_of, flush_of = counts.update, rank_category.__getitem__, flush_category.__getitem__
    rank_shift, suit_shift = ev._RANK_SUM_SHIFT, ev._SUIT_COUNT_SHIFT
    i1, i2 = first_two
    key2 = keys[i1] + keys[i2]
    for i3 in range(i2 + 1, 50):
        key3 = key2 + keys[i3]
        for i4 in range(i3 + 1, 50):
            key4 = key3 + keys[i4]
            for i5 in range(i4 + 1, 50):
                key5 = key4 + keys[i5]
                ranks = key5 >> rank_shift
                counters = (key5 >> suit_shift) & 0xFFFF
                held = top_count[counters]
                if held < 3:
                    update(map(rank_of, map(ranks.__add__, all_ranks[i5 + 1])))
                    continue
                suit = top_suit[counters]
                where = (i5 + 1, suit, held)
                bits = (key5 >> (13 * suit)) & 0x1FFF
                update(map(rank_of, map(ranks.__add__, unsuited[where])))
                update(map(flush_of, map(bits.__or__, suited[where])))
    return dict(counts)


def count_seven_card_categories(workers: int) -> Counter[Category]:
    """Category counts of all 133,784,560 seven-card hands, over ``workers`` processes."""
    tasks = sorted(combinations(range(52), 2), key=lambda pair: pair[0] * 52 + pair[1])  # biggest first
    totals: Counter[int] = Counter()
    if workers <= 1:
        _init_worker()
        for task in tasks:
            totals.update(_count_from(task))
    else:
        with get_context().Pool(workers, initializer=_init_worker) as pool:
            for part in pool.imap_unordered(_count_from, tasks):
                totals.update(part)
    return Counter({Category(category): count for category, count in totals.items()})


def report_enumeration(workers: int) -> bool:
    print(f"enumerating all {SEVEN_CARD_HANDS:,} seven-card hands on {workers} process(es)...", flush=True)
    start = time.perf_counter()
    counts = count_seven_card_categories(workers)
    seconds = time.perf_counter() - start
    for category in reversed(Category):
        expected = SEVEN_CARD_CATEGORY_COUNTS[category]
        mark = "ok" if counts[category] == expected else f"EXPECTED {expected:,}"
        print(f"  {category.label:<16} {counts[category]:>12,}  {mark}")
    total = sum(counts.values())
    match = counts == SEVEN_CARD_CATEGORY_COUNTS and total == SEVEN_CARD_HANDS
    print(f"  {'total':<16} {total:>12,}")
    print(f"counts {'match' if match else 'DO NOT match'} the known ones; took {seconds:.1f} s")
    return match


# -- Command ------------------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench evaluator", description="Time the hand evaluator against treys."
    )
    parser.add_argument("--hands", type=int, default=200_000, help="random 7-card hands to time (200,000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each; the best counts (3)")
    parser.add_argument("--seed", type=int, default=7462, help="seed of the random hands")
    parser.add_argument("--enumerate-7", action="store_true", help="also count all 133,784,560 7-card hands")
    parser.add_argument("--workers", type=int, default=2, help="processes for --enumerate-7 (2)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit status 1 when the speed target is missed or the counts are wrong."""
    args = build_parser().parse_args(argv)
    ok = report_speed(args.hands, args.seed, args.repeat)
    if args.enumerate_7:
        ok = report_enumeration(args.workers) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
