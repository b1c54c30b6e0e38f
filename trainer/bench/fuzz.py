"""Fuzz run: many hostile inputs to every reader of user input; none may crash.

``python -m trainer.bench fuzz [--inputs N] [--seed S]`` feeds N inputs (default 12,000) in turn to: the hand reader
(``settle`` and ``--jsonl``), pay-table files (TOML and JSON), the settings file and every quiz prompt of every
topic. Inputs are valid ones mutated (a value swapped for a hostile one, text cut, spliced, bytes flipped) and
hostile values on their own. A reader may accept an input or refuse it with its own one-line error; anything else
(another exception, a message of several lines or with hidden characters) is a crash, printed with its input.
The slowest input of each reader is reported too (target: under 5 s).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

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
    from trainer.engine.validation import RoundError
    from trainer.settle_io import read_hand, settle_text
    from trainer.settle_stream import settle_line

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


SLOWEST_TARGET_SECONDS = 5.0
"""No hostile input may take a reader longer (no conversion of a huge number at Python's cost)."""
TARGETS: dict[str, Callable[[random.Random, Path], str]] = {
    "settle hands": fuzz_hand, "pay-table files": fuzz_paytables, "settings file": fuzz_settings,
    "quiz prompts": fuzz_quiz,
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
    took = time.perf_counter() - started
    print(f"fuzz: {args.inputs:,} inputs in {took:.0f} s: "
          + ", ".join(f"{name} {count:,}" for name, count in counts.items()))
    print(f"slowest input (target: refused at once, under {SLOWEST_TARGET_SECONDS:.0f} s): "
          + ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in slowest.items()))
    for crash in crashes[:20]:
        print("CRASH", crash)
    print(f"{len(crashes)} crash{'es' if len(crashes) != 1 else ''}")
    return 1 if crashes else 0
