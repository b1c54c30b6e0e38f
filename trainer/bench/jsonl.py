"""Benchmark: ``settle --jsonl`` on seven-seat hands with every side bet: hands per second and peak memory.

``python -m trainer.bench jsonl [--hands N ...] [--workers W]`` (default 100,000 and 1,000,000 hands, 2 workers).
The input file (a pool of dealt hands, cycled to N lines) is written once to a temporary folder; the command runs
as a child process reading it and writing to a temporary file. Memory is the peak of the command's and its worker
processes' memory together (proportional set size: pages the workers share with the command count once), sampled
every 20 ms. Targets: at least 3,000 hands/s in one process, 5,000 with two workers or more, and under 100 MB.
The processor time the command used is shown too (one process): on a machine other work keeps busy, hands per
processor second say what the command does better than hands per second.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from trainer.engine import BasicStrategy, Procedure, deal, shuffled_deck
from trainer.engine.strategy import play_hand

TARGET_HANDS_PER_SECOND = 3000
"""In one process."""
TARGET_WITH_WORKERS = 5000
"""With two worker processes or more."""
TARGET_PEAK_MB = 100
POOL = 2000


def hand_lines(count: int, seed: int = 1) -> list[str]:
    """``count`` different seven-seat hands as JSON lines, every seat with every wager."""
    rng = random.Random(seed)
    strategy = BasicStrategy()
    lines = []
    for _ in range(count):
        dealt = deal(Procedure.ACE, shuffled_deck(rng), range(1, 8))
        seats = []
        for seat in range(1, 8):
            play, _street = play_hand(strategy, dealt.hands[seat], dealt.board)
            ante = rng.choice((5, 10, 25))
            seats.append({"seat": seat, "hole": [str(card) for card in dealt.hands[seat]], "ante": ante,
                          "blind": ante, "play": ante * play, "trips": 5, "bad_beat": 5, "pairs": 5,
                          "progressive": 1})
        lines.append(json.dumps({
            "table": {"progressive_meter": 25000},
            "dealer": [str(card) for card in dealt.dealer], "board": [str(card) for card in dealt.board],
            "seats": seats,
        }))
    return lines


def input_file(hands: int) -> Path:
    """A file of ``hands`` lines (made once, kept in the temporary folder)."""
    path = Path(tempfile.gettempdir()) / f"uth-bench-jsonl-{hands}.jsonl"
    if path.exists() and path.stat().st_size > 0:
        return path
    pool = hand_lines(POOL)
    partial = path.with_suffix(".part")
    with partial.open("w", encoding="utf-8") as out:
        for index in range(hands):
            out.write(pool[index % POOL] + "\n")
    partial.replace(path)
    return path


def _memory(pid: int) -> int:
    """The bytes ``pid`` uses: its proportional set size (pages shared with its workers counted once in all),
    else its resident size."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _tree_memory(pid: int) -> int:
    """Bytes used by ``pid`` and its descendants together (Linux /proc; 0 elsewhere)."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            total += _memory(current)
            with open(f"/proc/{current}/task/{current}/children", encoding="ascii") as children:
                pending.extend(int(child) for child in children.read().split())
        except (OSError, ValueError):
            continue
    return total


def run(hands: int, workers: int) -> tuple[float, float, int, float]:
    """Hands per second, peak MB, the output line count of one run and the processor seconds the command used
    (its own and its workers' that it waited for; on a machine other work keeps busy, hands per processor second
    say more than hands per second)."""
    path = input_file(hands)
    command = [sys.executable, "-m", "trainer", "settle", "--jsonl", "--workers", str(workers)]
    peak = 0
    with path.open("rb") as source, tempfile.TemporaryFile() as sink:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdin=source, stdout=sink)
        stop = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not stop.wait(0.02):
                peak = max(peak, _tree_memory(child.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _pid, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        elapsed = time.perf_counter() - start
        stop.set()
        sampler.join()
        sink.seek(0)
        lines = sum(1 for _ in sink)
    if child.returncode != 0:
        raise SystemExit(f"settle --jsonl exited with {child.returncode}")
    return hands / elapsed, peak / 1e6, lines, usage.ru_utime + usage.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench jsonl", description=__doc__)
    parser.add_argument("--hands", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1),
                        help="settle --jsonl --workers N (default: 2, or 1 on a one-core machine)")
    args = parser.parse_args(argv)
    ok = True
    for hands in args.hands:
        rate, peak, lines, cpu = run(hands, args.workers)
        target = TARGET_HANDS_PER_SECOND if args.workers == 1 else TARGET_WITH_WORKERS
        met = rate >= target and peak < TARGET_PEAK_MB and lines == hands
        ok = ok and met
        cpu_rate = f", {hands / cpu:,.0f} per processor second of the command" if args.workers == 1 and cpu else ""
        print(f"{hands:,} seven-seat hands, {args.workers} worker(s): {rate:,.0f} hands/s{cpu_rate}, "
              f"peak {peak:.0f} MB, "
              f"{lines:,} lines out; target {target:,}/s and under {TARGET_PEAK_MB} MB: "
              f"{'met' if met else 'MISSED'}")
    return 0 if ok else 1
