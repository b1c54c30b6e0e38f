# ruff: noqa: N999  # the benchmark is named after the command it measures: python -m trainer.bench class
"""Benchmark of the class store: a training room's stations on one PostgreSQL server.

``python -m trainer.bench class`` starts its own server (the system's ``initdb``/``pg_ctl``, fsync on, in a
temporary folder), makes a class store with ``class init``'s steps, and measures

* **stations**: ``--stations`` processes (30) each scoring ``--items`` items (200) through the class store at once,
  an item every ``--pace`` seconds: all of them on the server, none twice. Two figures, median and 95th
  percentile. The **save** is what the trainee waits for: ``record_item``, timed around the call. With
  ``--send background`` (the default, as the window does) that is the item kept in the station's own SQLite store
  (WAL) and queued in its outbox, one local transaction; the server is not waited for. With ``--send inline`` (as
  the commands do) the save also sends the outbox within the call. Goal: p95 under 20 ms. The **server insert**
  is the background sender's server transaction, from ``BEGIN`` to the ``COMMIT`` answered (fsync on), per batch
  and per item (the batch's time over its items).
* **outage**: the same again, the server stopped (``pg_ctl stop``) for ``--outage`` seconds (30) in the middle:
  the stations keep scoring, their outboxes drain after, and the count is exact (items and the day totals).
* **kill**: a station SIGKILLed while it writes: its store is sound, the server gets every item it had confirmed
  and at most the one in progress besides, never half an item (each item with all its mistakes).
* **report**: the class report (every trainee's totals, mastery, attempts, frequent mistakes and days, as the PDF
  report lays them out) over ``--report-items`` items (1,000,000). Goal: under 1 s. Then ``report --format csv``
  and ``--format pdf`` as an instructor's desk writes them, from the class store opened to the file written (the
  PDF with Qt already loaded, as in the window): under 3 s each.

Each station signs in as itself (``class add-station``). The verdict (``all_ok``) is every figure's: exact counts
and each timing within its goal.

Run on demand only; never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from trainer.bench.pg_server import LocalServer
from trainer.bench.store import practice_item
from trainer.scoring import Mode
from trainer.store.skills import SkillKind, catalogue

SAVE_TARGET_MS = 20.0
REPORT_TARGET_S = 1.0
FILE_TARGET_S = 3.0


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench class", description=__doc__.splitlines()[0])
    parser.add_argument("--stations", type=int, default=30, help="station processes (default 30)")
    parser.add_argument("--items", type=int, default=200, help="items each station scores (default 200)")
    parser.add_argument("--pace", type=float, default=0.1, help="seconds between a station's items (default 0.1)")
    parser.add_argument("--outage", type=float, default=30.0, help="seconds the server is stopped (default 30)")
    parser.add_argument("--report-items", type=int, default=1_000_000, help="items for the report (1,000,000)")
    parser.add_argument("--skip", action="append", default=[], choices=("stations", "outage", "kill", "report"),
                        help="leave out a part (may be repeated)")
    parser.add_argument("--send", choices=("background", "inline"), default="background",
                        help="who sends a station's items: a background thread, as the window does (default), or "
                             "the save itself, as the commands do")
    parser.add_argument("--worker", nargs=4, metavar=("URL", "DIR", "NUMBER", "ITEMS"), help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def _skills() -> list[tuple[str, str]]:
    return [(skill.name, skill.drill) for skill in catalogue().values() if skill.kind is SkillKind.SITUATION]


def worker(url: str, folder: str, number: int, items: int, pace: float, send: str = "background") -> int:
    """One station: score ``items`` items, print each saved item's uid and milliseconds, then drain the outbox."""
    from trainer.store.classroom import ClassStore

    store = ClassStore.open_class(url, folder)
    sender = store.send_in_background() if send == "background" else None
    rng = random.Random(number)
    skills = _skills()
    profile = store.profile_or_new(f"Trainee {number:02d}")
    print(f"ready {int(store.online)}", flush=True)
    for _ in range(items):
        name, drill = rng.choice(skills)
        result, identity = practice_item(rng, name, drill, Mode.PRACTICE, rng.random())
        # the server up: as the sender last found it, else with nothing waiting to be sent before this item
        online = sender.online if sender is not None else store.online and store.waiting() == 0
        begin = time.perf_counter()
        item_id = store.record_item(profile, result, situation=identity.situation, seed=identity.seed, index=0,
                                    count=1)
        elapsed = (time.perf_counter() - begin) * 1000
        uid = store.local.connection.execute("SELECT uid FROM item WHERE id = ?", (item_id,)).fetchone()[0]
        print(f"saved {uid} {elapsed:.3f} {int(online)}", flush=True)
        if pace:
            time.sleep(pace)
    deadline = time.monotonic() + 300
    while store.waiting() and time.monotonic() < deadline:
        if sender is not None:
            sender.wake()
        else:
            store.flush(now=True)
        if store.waiting():
            time.sleep(0.2 if sender is not None else 1.0)
    if sender is not None:
        for count, seconds in list(sender.timings):
            print(f"sent {count} {seconds * 1000:.3f}", flush=True)
    print(f"done {store.waiting()}", flush=True)
    store.close()
    return 0


class Station:
    """A station process and what it printed, read as it comes (``ready``: it signed in; ``saved``: its items)."""

    def __init__(self, url: str, folder: Path, number: int, items: int, pace: float, send: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "trainer.bench", "class", "--pace", str(pace), "--send", send, "--worker", url,
             str(folder / f"station-{number:02d}"), str(number), str(items)], stdout=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.ready = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)
            if line.startswith("ready"):
                self.ready.set()
        self.ready.set()

    def saved(self) -> int:
        return sum(1 for line in list(self.lines) if line.startswith("saved"))

    def output(self) -> str:
        self.process.wait()
        self._reader.join()
        return "".join(self.lines)


def _saved(output: str) -> list[tuple[str, float, bool]]:
    return [(parts[1], float(parts[2]), parts[3] == "1") for parts in
            (line.split() for line in output.splitlines()) if parts and parts[0] == "saved"]


def _count(owner_url: str) -> tuple[int, int, int]:
    """Items on the server, distinct uids, and the items the day totals count."""
    import psycopg

    with psycopg.connect(owner_url) as connection:
        row = connection.execute("SELECT count(*), count(DISTINCT uid), (SELECT coalesce(sum(items), 0) "
                                 "FROM day_total) FROM item").fetchone()
    return (int(row[0]), int(row[1]), int(row[2])) if row else (0, 0, 0)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)] if ordered else float("nan")


_urls: dict[int, str] = {}


def station_url(owner: str, number: int) -> str:
    """The URL of the station ``station-NN``, added to the class (``class add-station``) the first time."""
    from trainer.store.classdb import add_member, connect

    if number not in _urls:
        with connect(owner) as connection:
            _urls[number] = add_member(connection, owner, "station", f"station-{number:02d}")
    return _urls[number]


def stations(server: LocalServer, owner: str, folder: Path, args: argparse.Namespace, outage: float = 0.0) -> bool:
    """All stations at once, each signed in as itself (with the server stopped for ``outage`` seconds in the
    middle); True when exact and the save's 95th percentile is within its goal."""
    before = _count(owner)
    started = time.perf_counter()
    workers = [Station(station_url(owner, number), folder, number, args.items, args.pace, args.send)
               for number in range(1, args.stations + 1)]
    for station in workers:
        station.ready.wait()
    print(f"  {len(workers)} stations signed in after {time.perf_counter() - started:.1f} s")
    if outage:
        time.sleep(max(1.0, args.items * args.pace / 4))
        server.stop()
        stopped = time.perf_counter()
        time.sleep(outage)
        server.start()
        print(f"  server stopped {stopped - started:.1f} s after the start, for {time.perf_counter() - stopped:.1f} s")
    outputs = [station.output() for station in workers]
    elapsed = time.perf_counter() - started
    saves = [save for output in outputs for save in _saved(output)]
    online = [ms for _uid, ms, was_online in saves if was_online]
    waiting = sum(int(line.split()[1]) for output in outputs for line in output.splitlines() if line.startswith("done"))
    after = _count(owner)
    expected = args.stations * args.items
    added = after[0] - before[0]
    exact = added == expected and after[0] == after[1] == after[2] and waiting == 0
    print(f"  {len(saves):,} items saved by {args.stations} stations in {elapsed:.1f} s; on the server "
          f"{added:,} new (expected {expected:,}), {after[1]:,} distinct uids of {after[0]:,}, the day totals count "
          f"{after[2]:,}; {waiting} left waiting: {'EXACT' if exact else 'NOT EXACT'}")
    fast = True
    if online:
        p95 = _percentile(online, 0.95)
        fast = p95 < SAVE_TARGET_MS
        print(f"  save{' (local write and queue)' if args.send == 'background' else ' (with the send)'} "
              f"(server up): median {statistics.median(online):.1f} ms, 95th percentile {p95:.1f} ms "
              f"of {len(online):,} (goal < {SAVE_TARGET_MS:.0f} ms) {'OK' if p95 < SAVE_TARGET_MS else 'OVER'}")
    every = [ms for _uid, ms, _online in saves]
    if every:
        print(f"  save (every item): median {statistics.median(every):.1f} ms, 95th percentile "
              f"{_percentile(every, 0.95):.1f} ms of {len(every):,}")
    batches = [(int(parts[1]), float(parts[2])) for output in outputs for parts in
               (line.split() for line in output.splitlines()) if parts and parts[0] == "sent"]
    if batches:
        whole = [ms for _count, ms in batches]
        each = [ms / count for count, ms in batches for _ in range(count)]
        print(f"  server insert (background sender, one transaction a batch): {len(batches):,} batches of "
              f"{statistics.mean(count for count, _ms in batches):.1f} items on average; a batch median "
              f"{statistics.median(whole):.1f} ms, 95th percentile {_percentile(whole, 0.95):.1f} ms; per item "
              f"median {statistics.median(each):.1f} ms, 95th percentile {_percentile(each, 0.95):.1f} ms")
    offline = [ms for _uid, ms, was_online in saves if not was_online]
    if offline:
        print(f"  save (server away or outbox draining): median {statistics.median(offline):.1f} ms, 95th percentile "
              f"{_percentile(offline, 0.95):.1f} ms of {len(offline):,}")
    return exact and fast


def kill(owner: str, folder: Path) -> bool:
    """SIGKILL a station mid-write; then its store is sound and the server has no half item."""
    import psycopg

    from trainer.store.classroom import ClassStore

    url = station_url(owner, 99)
    victim = Station(url, folder, 99, 100_000, 0.0, "inline")
    while victim.saved() < 100 and victim.process.poll() is None:
        time.sleep(0.05)
    time.sleep(random.uniform(0.0, 0.05))  # anywhere in an item's write
    victim.process.send_signal(signal.SIGKILL)
    output = victim.output()
    confirmed = {uid for uid, _ms, _online in _saved(output)}
    store = ClassStore.open_class(url, folder / "station-99")  # what the victim left waiting, sent as itself
    try:
        sound = store.local.connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        local_half = store.local.connection.execute(
            "SELECT count(*) FROM item WHERE steps - correct <> (SELECT count(*) FROM mistake "
            "WHERE mistake.item_id = item.id)").fetchone()[0]
        local = {row[0] for row in store.local.connection.execute("SELECT uid FROM item").fetchall()}
        store.flush(now=True)
        waiting = store.waiting()
    finally:
        store.close()
    with psycopg.connect(owner) as connection:
        there = {row[0] for row in connection.execute("SELECT uid FROM item WHERE station = 'station-99'")}
        half = connection.execute(
            "SELECT count(*) FROM item WHERE station = 'station-99' AND steps - correct <> "
            "(SELECT count(*) FROM mistake WHERE mistake.item_id = item.id)").fetchone()
    missing = confirmed - there
    ok = (sound and not local_half and not missing and not (half and half[0]) and waiting == 0
          and there == local and len(there - confirmed) <= 1)
    print(f"  killed after {len(confirmed):,} confirmed items: store {'sound' if sound else 'DAMAGED'}, "
          f"{len(there):,} on the server ({len(there - confirmed)} beyond the confirmed, {len(missing)} confirmed "
          f"missing), half items: {local_half} on the station, {half[0] if half else '?'} on the server: "
          f"{'OK' if ok else 'NOT OK'}")
    if not ok:
        print(f"  (left waiting {waiting}; on the station {len(local):,}, not on the server {len(local - there)}, "
              f"on the server and not the station {len(there - local)})")
    return ok


def report(server: LocalServer, owner: str, instructor: str, folder: Path, items: int) -> bool:
    """Fill the class store to ``items`` items (in SQL, on the server) and time the class report."""
    import psycopg

    from trainer.store.classroom import ClassStore, with_stations
    from trainer.store.reports import class_report

    skills = _skills()
    trainees = 30
    started = time.perf_counter()
    with psycopg.connect(owner, autocommit=True) as connection:
        have = connection.execute("SELECT count(*) FROM item").fetchone()
        wanted = max(0, items - int(have[0] if have else 0))
        connection.execute(
            "INSERT INTO profile (uid, name, created) SELECT 'bench-' || g, 'Bench trainee ' || g, "
            "'2025-01-01T00:00:00+00:00' FROM generate_series(1, %s) AS g", (trainees,))
        connection.execute(
            "INSERT INTO item (uid, profile_id, at, drill, situation, variant, title, seed, replay, mode, steps, "
            "correct, seconds, perfect, station) "
            "SELECT 'bench-item-' || g, p.id, "
            "       to_char(timestamp '2025-01-01' + (g %% 365) * interval '1 day' "
            "               + (g %% 86400) * interval '1 second', 'YYYY-MM-DD\"T\"HH24:MI:SS\"+00:00\"'), "
            "       (%s::text[])[1 + (g / %s) %% %s], (%s::text[])[1 + (g / %s) %% %s], 'practice', 'bench', g, NULL, "
            "       CASE WHEN g %% 7 = 0 THEN 'speed' ELSE 'practice' END, 6, CASE WHEN g %% 6 = 0 THEN 5 ELSE 6 END, "
            "       18.0 + g %% 20, CASE WHEN g %% 6 = 0 THEN 0 ELSE 1 END, 'station-' || (g %% 30) "
            "FROM generate_series(1, %s) AS g JOIN profile AS p ON p.uid = 'bench-' || (1 + g %% %s)",
            ([drill for _name, drill in skills], trainees, len(skills), [name for name, _drill in skills], trainees,
             len(skills), wanted, trainees))
        connection.execute("INSERT INTO mistake (item_id, position, kind, expected, given, rule, topic) "
                           "SELECT id, 0, 'wrong amount', 'Seat 1: pay $15', 'Seat 1: pay $10', 'A flush pays 3 to 2', "
                           "'blind' FROM item WHERE uid LIKE 'bench-item-%%' AND perfect = 0")
        connection.execute("DELETE FROM day_total")
        connection.execute("DELETE FROM mistake_total")
        connection.execute(  # as the stations keep them (and as the class store's rung 0008 counts them)
            "INSERT INTO day_total (profile_id, day, drill, situation, mode, items, steps, correct, seconds, "
            "wrong_attempts, left_to_table) SELECT item.profile_id, substr(item.at, 1, 10), item.drill, "
            "item.situation, item.mode, count(*), sum(item.steps), sum(item.correct), sum(item.seconds), "
            "sum(coalesce(item.wrong_attempts, marks.count, 0)), sum(item.left_to_table) FROM item LEFT JOIN "
            "(SELECT item_id, count(*) AS count FROM mistake GROUP BY item_id) AS marks ON marks.item_id = item.id "
            "GROUP BY 1, 2, 3, 4, 5")
        connection.execute(
            "INSERT INTO mistake_total (profile_id, kind, topic, drill, count, rule) SELECT item.profile_id, "
            "mistake.kind, mistake.topic, item.drill, count(*), max(mistake.rule) FROM mistake JOIN item "
            "ON item.id = mistake.item_id GROUP BY 1, 2, 3, 4")
        connection.execute("VACUUM ANALYZE")  # as autovacuum would have by then on a live server
        total = connection.execute("SELECT count(*) FROM item").fetchone()
    print(f"  filled to {int(total[0] if total else 0):,} items of {trainees}+ trainees in "
          f"{time.perf_counter() - started:.0f} s")
    store = ClassStore.open_class(instructor, folder / "desk")
    try:
        times, with_columns = [], []
        for _ in range(4):
            begin = time.perf_counter()
            reports = class_report(store)
            times.append(time.perf_counter() - begin)
            with_stations(store, reports)
            with_columns.append(time.perf_counter() - begin)
    finally:
        store.close()
    median = statistics.median(times[1:])
    whole = statistics.median(with_columns[1:])
    print(f"  class report ({len(reports)} trainees): median {median:.2f} s of {len(times) - 1} after a warm-up "
          f"(goal < {REPORT_TARGET_S:.0f} s) {'OK' if median < REPORT_TARGET_S else 'OVER'}; with the PDF's "
          f"station column {whole:.2f} s {'OK' if whole < REPORT_TARGET_S else 'OVER'}")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from trainer.cli import write_pdf_report
    from trainer.i18n.translation import _
    from trainer.store.classroom import save_class_csv

    files = {}
    for kind in ("csv", "pdf"):
        target = folder / f"class.{kind}"
        store = ClassStore.open_class(instructor, folder / "desk")
        try:
            if kind == "pdf":  # (Qt loaded first, as the window has it: the report's figures are timed)
                write_pdf_report([], str(folder / "warm.pdf"))
            begin = time.perf_counter()
            if kind == "csv":
                save_class_csv(store, store.profiles(), target)
            else:
                write_pdf_report(with_stations(store, class_report(store)), str(target), _("Class report"),
                                 keep=store.own_files())
            files[kind] = time.perf_counter() - begin
        finally:
            store.close()
        print(f"  report --format {kind} over the class (from the store opened to the file written): "
              f"{files[kind]:.2f} s (goal < {FILE_TARGET_S:.0f} s) {'OK' if files[kind] < FILE_TARGET_S else 'OVER'}")
    return (median < REPORT_TARGET_S and whole < REPORT_TARGET_S
            and all(seconds < FILE_TARGET_S for seconds in files.values()))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.worker:
        url, folder, number, items = args.worker
        return worker(url, folder, int(number), int(items), args.pace, args.send)
    from trainer.store.classdb import connect, make_roles

    server = LocalServer(fsync=True)
    signal.signal(signal.SIGTERM, lambda _number, _frame: sys.exit(143))  # the server is stopped and removed too
    results = []
    try:
        server.start()
        owner = server.create_database("bench_room")
        with connect(owner) as connection:
            roles = make_roles(connection, owner)
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            if "stations" not in args.skip:
                print(f"stations: {args.stations} × {args.items} items, one every {args.pace} s, sent "
                      f"{'by a background thread' if args.send == 'background' else 'within the save'}")
                results.append(stations(server, owner, folder / "a", args))
            if "outage" not in args.skip:
                print(f"outage: the same, the server stopped for {args.outage:.0f} s in the middle")
                results.append(stations(server, owner, folder / "b", args, outage=args.outage))
            if "kill" not in args.skip:
                print("kill: a station SIGKILLed while it writes")
                results.append(kill(owner, folder / "c"))
            if "report" not in args.skip:
                print(f"report: the class report over {args.report_items:,} items")
                results.append(report(server, owner, roles.instructor_url, folder, args.report_items))
            print(json.dumps({"all_ok": all(results)}))
    finally:
        server.destroy()
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
