"""Benchmark of the progress store: a store with 100,000 items, the time to save one item, the time to open the
progress screen, and the size of the file.

``python -m trainer.bench store [--items N]`` fills a temporary store with ``N`` items of one trainee spread over
a year of practice (every drill and situation, about one item in six with a mistake), then measures

* **save**: ``Store.record_item`` of one more item (its own transaction, with its review card), median and 95th
  percentile of 200 saves. Target: under 5 ms.
* **open**: building the progress screen (``ProgressScreen``: totals, per-day series, charts, mastery, frequent
  mistakes) offscreen, median of 5. Target: under 300 ms.
* **size**: the store's file after a checkpoint, in MB, and bytes per item.

Run on demand only; never a test.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode
from trainer.store.records import Identity, Profile, Replay, ReplayKind
from trainer.store.skills import SkillKind, catalogue
from trainer.store.store import Store, insert_item, review_item

SAVE_TARGET_MS = 5.0
OPEN_TARGET_MS = 300.0
KINDS = (ErrorKind.WRONG_AMOUNT, ErrorKind.ORDER, ErrorKind.WRONG_ACTION, ErrorKind.MISSED_REFUND_PASS)


def practice_item(rng: random.Random, skill_name: str, drill: str, mode: Mode, skill_level: float) -> tuple[
        ItemResult, Identity]:
    """A plausible scored item of ``skill_name``: more right and faster as ``skill_level`` goes from 0 to 1."""
    steps = rng.randint(3, 9)
    wrong = sum(1 for _ in range(steps) if rng.random() > 0.80 + 0.19 * skill_level)
    mistakes = tuple(Mistake(rng.choice(KINDS), f"Seat {rng.randint(1, 7)}: pay the Blind $15",
                             "Seat 3: pay the Blind $10", "A flush pays 3 to 2 on the Blind",
                             rng.choice(("blind", "order", "trips", "qualification", "pairs")))
                     for _ in range(wrong))
    seconds = steps * max(1.0, rng.gauss(6.5 - 4.0 * skill_level, 0.8))
    seed = rng.randrange(1_000_000)
    result = ItemResult(drill, f"{skill_name}/practice/{seed}", steps, steps - wrong, mistakes, seconds, mode)
    replay = Replay(ReplayKind.SET, drill, seed, index=0, count=1)
    return result, Identity(skill_name, "practice", seed, replay)


def fill(store: Store, profile: Profile, items: int, *, days: int = 365, seed: int = 1,
         end: datetime | None = None) -> None:
    """Add ``items`` practice items of ``profile`` over the ``days`` days before ``end``, getting better with
    time (bulk: one transaction per thousand, for speed; the app itself writes one item per transaction)."""
    rng = random.Random(seed)
    last = end or datetime.now(UTC)
    first = last - timedelta(days=days)
    skills = [skill for skill in catalogue().values() if skill.kind is SkillKind.SITUATION]
    skills += [skill for skill in catalogue().values() if skill.kind is SkillKind.DRILL
               and skill.name.startswith(("payouts-", "deck-count-"))]
    stamps = sorted(first + timedelta(seconds=rng.uniform(0, days * 86400)) for _ in range(items))
    for start in range(0, items, 1000):
        with store.transact() as connection:
            for stamp in stamps[start:start + 1000]:
                progress = (stamp - first) / (last - first)
                chosen = rng.choice(skills)
                mode = Mode.SPEED if rng.random() < 0.15 else Mode.PRACTICE
                result, identity = practice_item(rng, chosen.name, chosen.drill, mode, progress)
                insert_item(connection, profile.id, uuid.uuid4().hex, stamp.isoformat(), result, identity)
                review_item(connection, profile.id, result, identity.situation, stamp)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench store", description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100_000, help="items in the store (default 100,000)")
    parser.add_argument("--saves", type=int, default=200, help="single-item saves to time (default 200)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
        profile = store.add_profile("Bench")
        started = time.perf_counter()
        fill(store, profile, args.items)
        print(f"filled {args.items:,} items in {time.perf_counter() - started:.1f} s")
        rng = random.Random(7)
        saves = []
        for _ in range(args.saves):
            result, _identity = practice_item(rng, "blind", "blind", Mode.PRACTICE, 0.8)
            result = ItemResult(result.drill, f"blind/flush/{rng.randrange(1_000_000)}", result.steps,
                                result.correct, result.mistakes, result.seconds, result.mode)
            begin = time.perf_counter()
            store.record_item(profile, result)
            saves.append((time.perf_counter() - begin) * 1000)
        saves.sort()
        p95 = saves[int(len(saves) * 0.95) - 1]
        median = statistics.median(saves)
        print(f"save one item: median {median:.2f} ms, 95th percentile {p95:.2f} ms "
              f"(target < {SAVE_TARGET_MS:.0f} ms) {'OK' if p95 < SAVE_TARGET_MS else 'OVER'}")
        opening = open_times(store, profile)
        print(f"open the progress screen: median {statistics.median(opening):.0f} ms of {len(opening)} "
              f"(target < {OPEN_TARGET_MS:.0f} ms) {'OK' if statistics.median(opening) < OPEN_TARGET_MS else 'OVER'}")
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = Path(store.path).stat().st_size
        print(f"file size: {size / 1e6:.1f} MB for {store.item_count():,} items ({size / store.item_count():.0f} "
              "bytes per item)")
    return 0


def open_times(store: Store, profile: Profile, runs: int = 5) -> list[float]:
    """Milliseconds to build and lay out the progress screen, ``runs`` times (after one uncounted warm-up)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from trainer.gui.progress.screen import ProgressScreen

    app = QApplication.instance() or QApplication([])
    times = []
    for run in range(runs + 1):
        begin = time.perf_counter()
        screen = ProgressScreen(store, profile)
        screen.resize(1366, 768)
        screen.grab()
        elapsed = (time.perf_counter() - begin) * 1000
        screen.deleteLater()
        app.processEvents()
        if run:
            times.append(elapsed)
    return times


if __name__ == "__main__":
    sys.exit(main())
