"""Fuzz run: many hostile inputs to every reader of user input; none may crash.

``python -m trainer.bench fuzz [--inputs N] [--seed S]`` feeds N inputs (default 12,000) in turn to: the hand reader
(``settle`` and ``--jsonl``), pay-table files (TOML and JSON), the settings file, every quiz prompt of every
topic, typed amounts in English and Spanish (the quiz's one reader, every panel's and prompt's), profile imports
(a refused one must have written nothing), ``odds`` options (meter, wager, table name),
``odds`` cache entries (damaged, or edited with their hash made to match) and the paths a pay-table file may name
(devices, folders, files past the size limit). Inputs are valid ones mutated (a value swapped for a hostile one,
text cut, spliced, bytes flipped) and hostile values on their own. A reader may accept an input or refuse it with
its own one-line error; anything else (another exception, a message of several lines or with hidden characters,
an absurd figure) is a crash, printed with its input. The slowest input of each reader is reported too
(target: under 5 s).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.store import Store

HOSTILE_NUMBERS = (
    "1e5000", "9" * 5000, "1e999999", "1e9999999999", "-1e400", "1e-400", "NaN", "Infinity", "-Infinity",
    "0.123456789012345678", "1" + "0" * 28, "-0", "-0.0", "1e30", "4e9", "0.001", "7.5", "-10", "1E+2",
)
HOSTILE_TEXT = (
    "", " ", "\u200b", "\u202e", "\x00", "\x1b[2J", "\ud800", "K\u200bh", "²", "٣", "Ａ", "🂡", "x" * 5000,
    "-120", "?", "pay -5", "9" * 4400, "\t", "\r\n", "'", '"', "\\", "null", "[]", "{}",
)
HOSTILE_JSON = (
    "[" * 5000, "{" * 40, "[]", "{}", "null", "true", '"text"', '{"a": 1, "a": 2}', "[1,]", "{not json",
)
HAND = {
    "table": {"progressive_meter": 25000, "round_payouts_to": 0.5},
    "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5, "bad_beat": 5,
               "pairs": 5, "progressive": 1},
              {"seat": 5, "hole": ["5c", "5d"], "ante": 7.5, "blind": 7.5, "play": 0, "trips": 1}],
}
PAYTABLE_TOML = ('ROOM = {kind = "trips", title = "Room Trips", house_edge = 3.5, lines = [\n'
                 '  {hand = "royal flush", odds = "50 to 1"}, {hand = "flush", odds = "7 to 2", label = "Flush"}]}\n'
                 'FEES = {brackets = [{from = 1, fee = 1}, {from = 100, fee = 2.5}], limit_per_spot = "$5"}\n')


class BrokenPromiseError(Exception):
    """A reader broke its promise on an input."""


def mutate(rng: random.Random, text: str) -> str:
    """``text`` with one hostile change."""
    choice = rng.randrange(6)
    at = rng.randrange(len(text) + 1)
    if choice == 0:
        return text[:at] + rng.choice(HOSTILE_NUMBERS) + text[at + rng.randrange(4):]
    if choice == 1:
        return text[:at] + rng.choice(HOSTILE_TEXT) + text[at:]
    if choice == 2:
        return text[:at]
    if choice == 3:
        return text[:at] + rng.choice(HOSTILE_JSON) + text[at:]
    if choice == 4:
        numbers = [index for index, char in enumerate(text) if char.isdigit()]
        if numbers:
            where = rng.choice(numbers)
            return text[:where] + rng.choice(HOSTILE_NUMBERS) + text[where + 1:]
    return "".join(rng.choice((char, char, char, rng.choice(HOSTILE_TEXT) or char)) for char in text[:300])


def _one_clean_line(message: str) -> None:
    if "\n" in message or not message.isprintable() or len(message) > 600 or "Decimal(" in message:
        raise BrokenPromiseError(f"message not one clean line: {message[:200]!r}")


def fuzz_hand(rng: random.Random, _folder: Path) -> str:
    from trainer.cli.settle_stream import settle_line
    from trainer.engine.validation import RoundError
    from trainer.settle_io import read_hand, settle_text

    text = mutate(rng, json.dumps(HAND)) if rng.random() < 0.9 else rng.choice(HOSTILE_NUMBERS + HOSTILE_JSON)
    try:
        read_hand(text)
        json.loads(settle_text(text))
    except RoundError as exc:
        _one_clean_line(str(exc))
    from trainer.engine.paytables import load_paytables

    line = settle_line(text.encode("utf-8", "surrogatepass"), load_paytables())
    keys = set(json.loads(line))
    if "\n" in line or not (keys == {"error"} or {"dealer", "seats", "procedure"} <= keys):
        raise BrokenPromiseError(f"--jsonl line broken: {line[:200]!r}")
    line.encode("utf-8")
    return text


def fuzz_paytables(rng: random.Random, folder: Path) -> str:
    from trainer.engine.paytables import PaytableError, PaytableRegistry

    as_json = rng.random() < 0.4
    base = json.dumps({"ROOM": {"kind": "trips", "title": "Room", "house_edge": 3.5, "lines": [
        {"hand": "royal flush", "odds": "50 to 1"}]}, "FEES": {"brackets": [{"from": 1, "fee": 1}]}}) \
        if as_json else PAYTABLE_TOML
    text = mutate(rng, base)
    path = folder / ("room.json" if as_json else "room.toml")
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        PaytableRegistry().add_file(path)
    except PaytableError as exc:
        _one_clean_line(str(exc))
    return text


def fuzz_settings(rng: random.Random, folder: Path) -> str:
    from trainer.settings import DEFAULTS, Settings, SettingsStore

    text = mutate(rng, json.dumps(DEFAULTS.to_json()))
    path = folder / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.iterdir():
        old.unlink()
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    settings, message = SettingsStore(path).load()
    Settings(**settings.as_dict())
    if message is not None:
        _one_clean_line(message)
    return text


def fuzz_quiz(rng: random.Random, _folder: Path) -> str:
    from trainer.drills.base import all_drills
    from trainer.scoring import Mode

    drill = all_drills()[rng.choice(sorted(all_drills()))]
    item = next(iter(drill.items(random.Random(rng.randrange(1000)), 1, Mode.PRACTICE)))
    question = item.next_question()
    text = mutate(rng, rng.choice(("3 blind pay 7.50", "two pair q", "pay 45", "seat 3", "52", "Qh", "red", "y")))
    if question is not None:
        value = question.parse(text.strip())
        if value is not None:
            item.answer(value)
    return text


def fuzz_amounts(rng: random.Random, _folder: Path) -> str:
    """A typed amount, well formed or not, in either language: read as an amount a table holds (not negative,
    finite, whole cents, at most a billion) or refused; never read two ways."""
    from trainer.engine.amounts import check_amount
    from trainer.quiz.amounts import read_amount

    text = mutate(rng, rng.choice(("7.50", "7,50", "$1,000.50", "1.000,50", "5,000", "15", "0.10", "1000000000")))
    for language in ("en", "es"):
        value = read_amount(text, language)
        if value is not None and check_amount(value) is not None:
            raise BrokenPromiseError(f"{text!r} read in {language} as {value}: {check_amount(value)}")
    english, spanish = read_amount(text, "en"), read_amount(text, "es")
    if english is not None and spanish is not None and english != spanish:
        raise BrokenPromiseError(f"{text!r} read as {english} in English and {spanish} in Spanish")
    return text


EXPORT = {
    "format": "uth-trainer profile", "version": 1,
    "profile": {"uid": "ana-uid", "name": "Ana", "created": "2025-03-03T09:00:00+00:00"},
    "items": [{"uid": "item-1", "at": "2025-03-03T09:00:00+00:00", "drill": "blind", "situation": "blind",
               "variant": "flush", "title": "blind/flush/1234", "seed": 1234,
               "replay": "[\"hand\", \"blind\", \"blind\", \"flush\", 1234]", "mode": "practice", "steps": 6,
               "correct": 5, "seconds": 12.0,
               "mistakes": [{"kind": "wrong amount", "expected": "pay $15", "given": "pay $10", "rule": "3 to 2",
                             "topic": "blind"}]}],
    "attempts": [{"uid": "attempt-1", "exam_uid": "exam-1", "exam_name": "Blind check",
                  "at": "2025-03-03T09:30:00+00:00", "score": 100, "passed": True, "steps": 6, "correct": 6,
                  "mistakes": [], "seconds": 21.0,
                  "items": [{"item": "blind/flush/55", "steps": 6, "correct": 6, "seconds": 10.0, "mistakes": []}],
                  "exam": {"hands": 1, "pass_mark": 90.0, "time_limit_minutes": 10.0}}],
}
_STORES: dict[Path, Store] = {}


def fuzz_import(rng: random.Random, folder: Path) -> str:
    """A profile export mutated, imported as the instructor: refused in one line with nothing written, or
    imported with every record sound (ISO times, no more steps right than steps, attempts marked from items)."""
    from datetime import datetime

    from trainer.store import Store, StoreError
    from trainer.store.reports import write_csv
    from trainer.store.transfer import import_profile

    store = _STORES.get(folder)
    if store is None:
        store = _STORES[folder] = Store.open(folder / "store")
    text = mutate(rng, json.dumps(EXPORT)) if rng.random() < 0.95 else rng.choice(HOSTILE_JSON)
    path = folder / "export.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    tables = ("profile", "item", "mistake", "attempt", "review_card")
    before = [store.connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in tables]
    try:
        import_profile(store, path, instructor=True)
    except StoreError as exc:
        _one_clean_line(str(exc))
        after = [store.connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in tables]
        if after != before:
            raise BrokenPromiseError(f"a refused import wrote something: {before} -> {after}") from None
        return text
    for at, steps, correct in store.connection.execute("SELECT at, steps, correct FROM item"):
        datetime.fromisoformat(at)
        if not 0 <= correct <= steps:
            raise BrokenPromiseError(f"an item imported with {correct} of {steps} steps right")
    for score, steps, correct in store.connection.execute("SELECT score, steps, correct FROM attempt"):
        if abs(score - (100.0 * correct / steps if steps else 100.0)) > 1e-9:
            raise BrokenPromiseError(f"an attempt imported with score {score} for {correct} of {steps}")
    out = io.StringIO()
    write_csv(store, store.profiles(), out)
    if any(cell.startswith(("=", "+", "@", "-")) for row in csv.reader(io.StringIO(out.getvalue())) for cell in row):
        raise BrokenPromiseError("a report CSV cell starts like a formula")
    return text


def close_stores() -> None:
    for store in _STORES.values():
        store.close()
    _STORES.clear()


def fuzz_odds_options(rng: random.Random, _folder: Path) -> str:
    """``odds progressive --meter M --wager W`` or ``odds trips --paytable NAME``: a report or one clean line."""
    from trainer.cli import build_parser
    from trainer.cli.odds import run

    if rng.random() < 0.6:
        meter = mutate(rng, "10000") if rng.random() < 0.5 else rng.choice(HOSTILE_NUMBERS + HOSTILE_TEXT)
        wager = mutate(rng, "1") if rng.random() < 0.3 else "1"
        argv = ["odds", "progressive", f"--meter={meter}", f"--wager={wager}", "--no-cache", "--json"]
    else:
        name = mutate(rng, "UTH-01") if rng.random() < 0.5 else rng.choice(HOSTILE_TEXT)
        argv = ["odds", "trips", f"--paytable={name}", "--no-cache", "--json"]
    argv = [os.fsdecode(arg.encode("utf-8", "surrogatepass")) for arg in argv]  # as the system hands them over
    out, err = io.StringIO(), io.StringIO()
    status = run(build_parser().parse_args(argv), out, err)
    if status == 0:
        def not_a_number(name: str) -> object:
            raise BrokenPromiseError(f"a figure is {name}: {out.getvalue()[:200]!r}")

        json.loads(out.getvalue(), parse_constant=not_a_number)
    elif status != 2 or not err.getvalue().startswith("uth-trainer odds: ") or out.getvalue():
        raise BrokenPromiseError(f"status {status}: {err.getvalue()[:200]!r}")
    else:
        _one_clean_line(err.getvalue().removesuffix("\n"))
    return " ".join(argv)


_SOLVED: list[object] = []


BAD_BEAT_COUNTS = {"deals": 2_781_381_002_400, "beaten": {
    "THREE_OF_A_KIND": 64_049_759_448, "STRAIGHT": 18_271_076_976, "FLUSH": 19_434_208_592,
    "FULL_HOUSE": 8_435_225_376, "FOUR_OF_A_KIND": 471_040_512, "STRAIGHT_FLUSH": 10_300_592, "ROYAL_FLUSH": 0}}
"""The Bad Beat counts as ``odds bad-beat`` keeps them (every deal counted): the entry the fuzzer damages."""


def _cache_entries() -> dict[str, object]:
    """A cached game solution (the game on the top four ranks: a second) and Bad Beat counts, as kept."""
    from trainer.engine.paytables import load_paytables
    from trainer.odds.game import solution_to_cache, solve_game

    if not _SOLVED:
        _SOLVED.append(solution_to_cache(solve_game(load_paytables().blind(), ranks=(9, 10, 11, 12))))
    return {"game": _SOLVED[0], "bad-beat-counts": BAD_BEAT_COUNTS}


def _mutate_value(rng: random.Random, value: object) -> object:
    """``value`` with one number, text or list inside it swapped for a hostile one."""
    hostile: list[object] = [0, -1, 10**30, 1e308, float("nan"), "1/0", "0/1", "-27500", "1e999", "x", [], {},
                             None, True, "9" * 400, [[[[[[]]]]]], "-5/3", "275", 2**70]
    if isinstance(value, dict) and value and rng.random() < 0.85:
        key = rng.choice(sorted(value))
        return {**value, key: _mutate_value(rng, value[key])}
    if isinstance(value, list) and value and rng.random() < 0.85:
        index = rng.randrange(len(value))
        return [*value[:index], _mutate_value(rng, value[index]), *value[index + 1:]]
    return rng.choice(hostile)


def fuzz_odds_cache(rng: random.Random, folder: Path) -> str:
    """A damaged cache entry (its text mutated) or an edited one (a figure changed, the hashes made to match):
    read back as nothing, or as figures that are sane and print."""
    from trainer.cli.odds import counts_from_cache, game_json, game_text
    from trainer.engine.paytables import load_paytables
    from trainer.odds import cache as odds_cache
    from trainer.odds.game import solution_cache_key, solution_from_cache
    from trainer.odds.report import report_text
    from trainer.odds.sidebets import bad_beat_report

    tables = load_paytables()
    entries = _cache_entries()
    which = rng.choice(sorted(entries))
    key = solution_cache_key(tables.blind()) if which == "game" else which
    result = entries[which]
    if rng.random() < 0.6:
        result = _mutate_value(rng, result)
        text = json.dumps({"format": odds_cache.FORMAT, "key": key, "inputs": odds_cache.inputs_hash(key, ""),
                           "check": _hash_or_none(result), "result": result})
    else:
        text = mutate(rng, json.dumps({"format": odds_cache.FORMAT, "key": key,
                                       "inputs": odds_cache.inputs_hash(key, ""),
                                       "check": odds_cache.result_hash(result), "result": result}))
    (folder / "odds").mkdir(exist_ok=True)
    (folder / "odds" / f"{key}.json").write_bytes(text.encode("utf-8", "surrogatepass"))
    stored = odds_cache.ResultCache(folder / "odds").load(key)
    if which == "game":
        solution = solution_from_cache(stored, tables.blind())
        if solution is not None:
            edge, wins = float(solution.optimal.house_edge), float(solution.optimal.wins)
            if not -3 < edge < 6 or not 0 <= wins <= 1:
                raise BrokenPromiseError(f"an absurd figure read back: house edge {edge:.3%}, {wins:.3%} won")
            game_text(solution, "optimal", "optimal")
            json.dumps(game_json(solution, "simple"), allow_nan=False)
    else:
        counts = counts_from_cache(stored)
        if counts is not None:
            report = bad_beat_report(tables.bad_beat("BBB-02"), counts)
            if not -1 <= float(report.house_edge) <= 1:
                raise BrokenPromiseError(f"an absurd figure read back: house edge {float(report.house_edge):.3%}")
            report_text(report)
    return text[:300]


def _hash_or_none(result: object) -> str | None:
    from trainer.odds.cache import result_hash

    try:
        return result_hash(result)
    except ValueError:  # NaN: a file no writer of the cache produces
        return None


def fuzz_paytable_paths(rng: random.Random, folder: Path) -> str:
    """A pay-table path naming a device, a folder, a file past the size limit, nothing, or a strange name:
    refused in one clean line, never read whole."""
    from trainer.engine.paytables import MAX_PAYTABLE_FILE_BYTES, PaytableError, PaytableRegistry

    big = folder / "big.toml"
    if not big.exists():
        big.write_bytes(b"# " + b"x" * MAX_PAYTABLE_FILE_BYTES + b"\n")
    paths = ["/dev/zero", "/dev/urandom", "/dev/null", str(folder), str(big), str(folder / "missing.toml"),
             str(folder / "x\x1b[2J.toml"), str(folder / "\u202eemot.toml"), "/proc/self/mem", "/dev/full", "",
             str(folder / ("n" * 300))]
    path = rng.choice(paths)
    try:
        PaytableRegistry().add_file(path)
    except PaytableError as exc:
        _one_clean_line(str(exc))
    else:
        raise BrokenPromiseError(f"{path!r} was read as a pay-table file")
    return path



SLOWEST_TARGET_SECONDS = 5.0
"""No hostile input may take a reader longer (no conversion of a huge number at Python's cost)."""
TARGETS: dict[str, Callable[[random.Random, Path], str]] = {
    "settle hands": fuzz_hand, "pay-table files": fuzz_paytables, "settings file": fuzz_settings,
    "quiz prompts": fuzz_quiz, "typed amounts": fuzz_amounts, "profile imports": fuzz_import,
    "odds options": fuzz_odds_options,
    "odds cache entries": fuzz_odds_cache,
    "pay-table paths": fuzz_paytable_paths,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench fuzz", description=__doc__)
    parser.add_argument("--inputs", type=int, default=12_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    crashes: list[str] = []
    slowest: dict[str, float] = {}
    started = time.perf_counter()
    names = list(TARGETS)
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.inputs):
            name = names[index % len(names)]
            counts[name] += 1
            state = rng.getstate()
            one = time.perf_counter()
            try:
                TARGETS[name](rng, Path(folder))
            except Exception as exc:  # anything escaping a reader is what this run looks for
                rng.setstate(state)
                crashes.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]} (input {index}, seed {args.seed})")
            slowest[name] = max(slowest.get(name, 0.0), time.perf_counter() - one)
        close_stores()
    took = time.perf_counter() - started
    print(f"fuzz: {args.inputs:,} inputs in {took:.0f} s: "
          + ", ".join(f"{name} {count:,}" for name, count in counts.items()))
    print(f"slowest input (target: refused at once, under {SLOWEST_TARGET_SECONDS:.0f} s): "
          + ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in slowest.items()))
    for crash in crashes[:20]:
        print("CRASH", crash)
    print(f"{len(crashes)} crash{'es' if len(crashes) != 1 else ''}")
    return 1 if crashes else 0
