"""Fuzz run: many hostile inputs to every reader of user input; none may crash.

``python -m trainer.bench fuzz [--inputs N] [--seed S]`` feeds N inputs (default 12,000) in turn to: the hand reader
(``settle`` and ``--jsonl``), pay-table files (TOML and JSON), the settings file, every quiz prompt of every
topic, typed amounts in English and Spanish (the quiz's one reader, every panel's and prompt's), profile imports
(a refused one must have written nothing; dates at the edges; what an import means: an attempt is an instructor's
only at an exam the store holds, by its terms, and a look-alike exam name is refused), ``grade`` requests (with
``--profile``: the hand kept soundly), every numeric option of every command, ``odds`` options (meter, wager, table
name), ``odds`` cache entries (damaged, or edited with their hash made to match), the paths a pay-table file may
name (devices, folders, files past the size limit), output targets (devices, folders, the store's own file, a disk
that fills: a file-size limit) and a class store's local outbox tables made again by another program. Inputs are
valid ones mutated (a value swapped for a hostile one,
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
HOSTILE_DATES = (
    "9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00+00:00", "1970-01-01T00:00:00+00:00",
    "1969-12-31T23:59:59+00:00", "2199-12-31T23:59:59+00:00", "2200-01-01T00:00:00+00:00", "2025-02-29T00:00:00",
    "2025-03-03T09:00:00-23:59", "2025-03-03T09:00:00+14:00", "2025-03-03", "2025-W10-1", "0000-00-00T00:00:00",
    "2025-03-03T24:00:00+00:00", "2025-03-03T09:00:00.999999999+00:00",
)
EXAM_NAMES = (
    "Blind check", "BLIND CHECK", "Bl\u0456nd check", "\uff22\uff4c\uff49\uff4e\uff44 check", "Blind  check",
    "Blind check\u200b", "Own exam: blind", "Final", "Fin\u0430l", "\u202eFinal",
)
"""Exam names an import may carry: this store's own (any case, fullwidth), look-alikes of it (a Cyrillic і or а),
and names of no exam here."""
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
        from trainer.store.instructor import Exam, save_exam

        store = _STORES[folder] = Store.open(folder / "store")
        save_exam(store, Exam("Blind check", "blind", 2, 90.0, 10.0))
    text = _export_text(rng) if rng.random() < 0.95 else rng.choice(HOSTILE_JSON)
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
    _check_attempt_kinds(store)
    _read_every_screen(store)
    out = io.StringIO()
    write_csv(store, store.profiles(), out)
    if any(cell.startswith(("=", "+", "@", "-")) for row in csv.reader(io.StringIO(out.getvalue())) for cell in row):
        raise BrokenPromiseError("a report CSV cell starts like a formula")
    return text


def _export_text(rng: random.Random) -> str:
    """The export mutated as text, or one of its dates, exam names, exam uids or exam terms changed."""
    if rng.random() < 0.6:
        return mutate(rng, json.dumps(EXPORT))
    data = json.loads(json.dumps(EXPORT))
    attempt = data["attempts"][0]
    change = rng.randrange(4)
    if change == 0:
        holder = rng.choice((data["profile"], data["items"][0], attempt))
        holder["created" if holder is data["profile"] else "at"] = rng.choice(HOSTILE_DATES)
    elif change == 1:
        attempt["exam_name"] = rng.choice(EXAM_NAMES)
    elif change == 2:
        attempt["exam_uid"] = rng.choice(("", "exam-1", "unknown", _LOCAL_EXAM_UID[0] if _LOCAL_EXAM_UID else ""))
    else:
        attempt["exam"] = rng.choice((None, {"hands": 1, "pass_mark": 0.0001, "time_limit_minutes": 600},
                                      {"hands": 500, "pass_mark": 100, "time_limit_minutes": 0.001}))
    attempt["items"] = attempt["items"] * rng.choice((1, 1, 4))
    return json.dumps(data, ensure_ascii=False)


_LOCAL_EXAM_UID: list[str] = []


def _check_attempt_kinds(store: Store) -> None:
    """An attempt is an instructor's only at an exam the store holds, marked by that exam's terms; any other is
    the trainee's own (no exam uid)."""
    from trainer.store.instructor import exams

    held = {exam.uid: exam for exam in exams(store)}
    _LOCAL_EXAM_UID[:] = sorted(held)[:1]
    for exam_uid, name, instructor, pass_mark, hands in store.connection.execute(
            "SELECT exam_uid, exam_name, instructor, pass_mark, hands FROM attempt"):
        exam = held.get(exam_uid)
        if instructor and (exam is None or (pass_mark, hands, name) != (exam.pass_mark, exam.hands, exam.name)):
            raise BrokenPromiseError(f"an attempt kept as an instructor's at {name!r} ({exam_uid!r}, pass mark "
                                     f"{pass_mark}) that this store holds no such exam for")
        if not instructor and exam_uid:
            raise BrokenPromiseError(f"a trainee's own attempt kept with the exam uid {exam_uid!r}")


def _read_every_screen(store: Store) -> None:
    """Every reader of every profile reads what the import kept (a date at an edge included)."""
    from trainer.store.instructor import attempts
    from trainer.store.learning import my_mistakes, today
    from trainer.store.mastery import mastery
    from trainer.store.progress import by_day, totals

    for profile in store.profiles():
        store.items(profile)
        mastery(store, profile)
        today(store, profile)
        my_mistakes(store, profile)
        totals(store, profile)
        by_day(store, profile)
        attempts(store, profile)


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



GRADE = {
    "hand": {"table": {"banking": "house"}, "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
             "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5}]},
    "dealer": {"hand": "high card", "qualifies": False},
    "steps": [{"seat": 1, "wager": "ante", "action": "push", "amount": 10},
              {"seat": 1, "wager": "play", "action": "pay", "amount": 40},
              {"seat": 1, "wager": "trips", "action": "take", "amount": 5}],
}


def fuzz_grade(rng: random.Random, folder: Path) -> str:
    """A ``grade`` request mutated: one JSON line (the grade, or ``{"error"}`` naming the field) for ``--jsonl``,
    the same grade or one clean line for a whole request and ``--text``; with ``--profile`` the hand is kept with
    its counts sound."""
    from trainer.cli.grade import GradeKeeper, grade_line
    from trainer.engine.paytables import load_paytables
    from trainer.engine.validation import RoundError
    from trainer.quiz.grade import review_of
    from trainer.store import Store
    from trainer.userfiles import InputError

    text = mutate(rng, json.dumps(GRADE)) if rng.random() < 0.9 else rng.choice(HOSTILE_NUMBERS + HOSTILE_JSON)
    tables = load_paytables()
    store = _STORES.get(folder / "grade")
    if store is None:
        store = _STORES[folder / "grade"] = Store.open(folder / "grade")
    said = io.StringIO()
    keeper = GradeKeeper(store, store.profile_or_new("Fuzz"), said)
    line = grade_line(text.encode("utf-8", "surrogatepass"), tables, keeper)
    keys = set(json.loads(line))
    if "\n" in line or not (keys == {"error"} or keys == {"dealer", "steps", "missed", "score"}):
        raise BrokenPromiseError(f"grade --jsonl line broken: {line[:200]!r}")
    if keys == {"error"}:
        _one_clean_line(json.loads(line)["error"])
    try:
        review_of(text, tables)
    except (InputError, RoundError) as exc:
        _one_clean_line(str(exc))
    if said.getvalue():
        raise BrokenPromiseError(f"grade could not keep a hand: {said.getvalue()[:200]!r}")
    for steps, correct, seconds in store.connection.execute("SELECT steps, correct, seconds FROM item"):
        if not 0 <= correct <= steps or not 0 <= seconds < 1e12:
            raise BrokenPromiseError(f"grade kept a hand with {correct} of {steps} steps in {seconds} s")
    return text


NUMBERS_OF_OPTIONS = (
    "0", "1", "-1", "2", "64", "65", "100000", "100001", "99999999999999999999", str(2**63), str(2**64), "1e9",
    "1.5", "0x10", "1_000", " 7", "", "NaN", "-0", "9" * 5000, "٣", "\u0661\u0660",
)
_NUMERIC_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("quiz", "--topic", "payouts-1", "--count", "{}"),
    ("quiz", "--topic", "payouts-1", "--count", "1", "--seed", "{}"),
    ("settle", "--workers", "{}", "{hand}"),
    ("odds", "trips", "--no-cache", "--json", "--workers", "{}"),
    ("odds", "trips", "--no-cache", "--json", "--hands", "{}"),
    ("odds", "trips", "--no-cache", "--json", "--seed", "{}"),
    ("odds", "progressive", "--no-cache", "--json", "--meter", "{}"),
    ("odds", "progressive", "--no-cache", "--json", "--wager", "{}"),
    ("grade", "--profile", "Num", "{grade}"),
)
BAD_BEAT_SHARE = 0.01
"""The share of numeric-option inputs that try ``odds bad-beat --hands`` past any simulation (each a child process)."""
BAD_BEAT_HANDS_SECONDS = 20.0
"""``odds bad-beat --hands`` with a value no simulation should take: refused in one line well within this."""


def fuzz_numeric_options(rng: random.Random, folder: Path) -> str:
    """Every numeric option of every command given a hostile number: the command runs, or refuses in one clean
    line (the parser's usage error, status 2, is a refusal too); never a traceback. ``odds bad-beat --hands``
    with a number too large for any simulation runs in a child process with a memory limit and a time limit:
    building its work at once is a crash, not a machine brought down."""
    from contextlib import redirect_stderr, redirect_stdout

    from trainer.cli import main

    value = rng.choice(NUMBERS_OF_OPTIONS) if rng.random() < 0.8 else mutate(rng, rng.choice(("10", "500000")))
    if rng.random() < BAD_BEAT_SHARE:
        return _bad_beat_hands(rng.choice(("0", "-5", "99999999999999999999", str(2**63), str(10**12))), folder)
    hand, request = folder / "hand.json", folder / "grade.json"
    if not hand.exists():
        hand.write_text(json.dumps(HAND), encoding="utf-8")
        request.write_text(json.dumps(GRADE), encoding="utf-8")
    template = rng.choice(_NUMERIC_COMMANDS)
    argv = ["--data-dir", str(folder / "numbers"), "--lang", "en"]
    argv += [part.format(value, hand=hand, grade=request) if "{" in part else part for part in template]
    argv = [os.fsdecode(arg.encode("utf-8", "surrogatepass")) for arg in argv]
    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO("")
    import sys

    saved = sys.stdin
    sys.stdin = stdin
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exit_:  # the parser's own refusal: usage and one error line
                status = exit_.code if isinstance(exit_.code, int) else 2
                if status != 2 or "error: " not in err.getvalue():
                    raise BrokenPromiseError(f"the parser ended with {exit_.code!r}: {err.getvalue()[:200]!r}") \
                        from None
                return " ".join(argv)
    finally:
        sys.stdin = saved
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    if status not in (0, 2) or "Traceback" in err.getvalue():
        raise BrokenPromiseError(f"status {status}: {err.getvalue()[:300]!r}")
    if status == 2:
        if len(lines) != 1:
            raise BrokenPromiseError(f"refused in {len(lines)} lines: {err.getvalue()[:300]!r}")
        _one_clean_line(lines[0])
    return " ".join(argv)


def _bad_beat_hands(value: str, folder: Path) -> str:
    import subprocess
    import sys

    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)); "
            "from trainer.cli import main; sys.exit(main(sys.argv[1:]))")
    argv = ["--data-dir", str(folder / "numbers"), "odds", "bad-beat", "--no-cache", "--json", "--workers", "1",
            "--hands", value]
    try:
        done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, check=False,
                              timeout=BAD_BEAT_HANDS_SECONDS, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise BrokenPromiseError(f"odds bad-beat --hands {value} still running after {BAD_BEAT_HANDS_SECONDS:g} s") \
            from None
    lines = done.stderr.splitlines()
    if done.returncode != 2 or len(lines) != 1 or "Traceback" in done.stderr:
        raise BrokenPromiseError(f"odds bad-beat --hands {value}: status {done.returncode}, {done.stderr[-300:]!r}")
    _one_clean_line(lines[0])
    return f"odds bad-beat --hands {value}"


OUTPUT_ITEMS = 400


def fuzz_output_targets(rng: random.Random, folder: Path) -> str:
    """``profile export``, ``report --format csv`` and ``backup`` written to a device, a folder, the store's own
    file, a name with control characters, a missing folder or a file on a disk that fills (a file-size limit):
    written whole, or refused in one clean line with status 1 or 2 and what was there left as it was."""
    import resource
    import signal
    from contextlib import redirect_stderr, redirect_stdout

    from trainer.cli import main
    from trainer.store import Store

    data = folder / "outputs"
    if not data.exists():
        with Store.open(data) as store:
            from trainer.scoring import ItemResult

            trainee = store.add_profile("Out")
            for seed in range(OUTPUT_ITEMS):  # outputs of some 50 to 250 KB: past the limits below
                store.record_item(trainee, ItemResult("blind", f"blind/flush/{seed}", 6, 5, seconds=9.0))
    kept = folder / "kept.txt"
    kept.write_text("what the user had\n" * 50, encoding="utf-8")
    fifo = folder / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    targets = ["/dev/full", "/dev/null", str(folder), str(data / "progress.sqlite3"), str(kept), str(fifo),
               str(folder / "missing" / "deep" / "x.csv"), str(folder / "x\x1b[2Jy.csv"), str(folder / "new.csv"),
               str(folder / ("n" * 300)), ""]
    target = rng.choice(targets)
    command = rng.choice((["profile", "export", "Out", target], ["report", "--format", "csv", "--out", target],
                          ["backup", target]))
    limit = rng.choice((None, 40_000, 45_000))  # a disk that fills after that many bytes (past the store's -shm)
    before = kept.read_bytes()
    out, err = io.StringIO(), io.StringIO()
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
        with redirect_stdout(out), redirect_stderr(err):
            status = main(["--data-dir", str(data), "--lang", "en", *command])
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, old_handler)
    lines = err.getvalue().splitlines()
    if status not in (0, 1, 2) or "Traceback" in err.getvalue() or (status and len(lines) != 1):
        raise BrokenPromiseError(f"{' '.join(command)} (limit {limit}): status {status}, {err.getvalue()[:300]!r}")
    if status:
        _one_clean_line(lines[0])
    if target == str(kept) and status and kept.read_bytes() != before:
        raise BrokenPromiseError(f"{' '.join(command)} failed and left {kept.name} changed")
    with Store.open(data) as store:
        if store.item_count() != OUTPUT_ITEMS:
            raise BrokenPromiseError(f"{' '.join(command)} changed the store it read")
    return f"{' '.join(command)} (limit {limit})"


OUTBOX_TABLES = {"class_outbox": "seq INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE",
                 "class_outbox_other": "seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, key TEXT NOT NULL, "
                                       "UNIQUE (kind, key)"}


def fuzz_outbox_tables(rng: random.Random, folder: Path) -> str:
    """A station's outbox table made again by another program (columns missing, of other types, a view, rows of
    garbage): the class store opens on it (its server away) and keeps a hand, or says why in one line."""
    import sqlite3
    from contextlib import suppress

    from trainer.bench.pg_server import free_port
    from trainer.scoring import ItemResult
    from trainer.store import StoreError, store_path
    from trainer.store.classroom import ClassStore

    data = folder / "station"
    url = f"postgresql://station:secret@127.0.0.1:{free_port()}/classroom"
    if not data.exists():
        ClassStore.open_class(url, data).close()
    table = rng.choice(sorted(OUTBOX_TABLES))
    shapes = (f"CREATE TABLE {table} (x)", f"CREATE TABLE {table} (seq TEXT, uid BLOB)",
              f"CREATE TABLE {table} (uid TEXT)", f"CREATE TABLE {table} (seq INTEGER, kind TEXT, key TEXT)",
              f"CREATE VIEW {table} AS SELECT 1 AS seq, 'x' AS uid", f"CREATE TABLE {table} ({OUTBOX_TABLES[table]})")
    shape = rng.choice(shapes)
    with sqlite3.connect(store_path(data)) as connection:
        kind = connection.execute("SELECT type FROM sqlite_master WHERE name = ?", (table,)).fetchone()
        if kind is not None:
            connection.execute(f"DROP {kind[0].upper()} {table}")
        connection.execute(shape)
        if "VIEW" not in shape and rng.random() < 0.5:
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]
            with suppress(sqlite3.Error):  # (a row its columns refuse is no damage)
                connection.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
                                   f"({', '.join('?' * len(columns))})",
                                   [rng.choice(("", "x", "-1", "\x1b[2J", "9" * 400, None, 7, 1e308))
                                    for _ in columns])
    connection.close()
    try:
        with ClassStore.open_class(url, data) as store:
            for notice in store.notices:
                _one_clean_line(notice)
            store.record_item(store.profile_or_new("Out"), ItemResult("blind", "blind/flush/7", 6, 5, seconds=9.0))
            store.waiting()
    except StoreError as exc:
        _one_clean_line(str(exc))
    return shape


SLOWEST_TARGET_SECONDS = 5.0
"""No hostile input may take a reader longer (no conversion of a huge number at Python's cost)."""
TARGETS: dict[str, Callable[[random.Random, Path], str]] = {
    "settle hands": fuzz_hand, "pay-table files": fuzz_paytables, "settings file": fuzz_settings,
    "quiz prompts": fuzz_quiz, "typed amounts": fuzz_amounts, "profile imports": fuzz_import,
    "odds options": fuzz_odds_options,
    "odds cache entries": fuzz_odds_cache,
    "pay-table paths": fuzz_paytable_paths, "grade requests": fuzz_grade, "numeric options": fuzz_numeric_options,
    "output targets": fuzz_output_targets, "outbox tables": fuzz_outbox_tables,
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
