"""A profile in one file: exported on a trainee's station, imported on the instructor's to gather a class.

The file is JSON (``format`` = ``uth-trainer profile``): the profile, its items with their mistakes, its exam
attempts. Every record carries the ``uid`` it was made with, so importing the same file twice adds nothing the
second time, and a profile imported again gains only the items it did not have. A different trainee with the
same name on the importing station keeps hers; the imported one is named ``Name (2)``.

An import trusts nothing in the file: every field is checked (types, bounds, ISO times, replay seeds, no more
steps right than steps) before anything is written, then all of it is written in one transaction or none of it. A
``uid`` adds to a profile only with that profile's own name; with another name it is a new trainee; an import that
would make a new trainee and adds nothing (its items are another trainee's here) makes none and says why. Exam
attempts need the instructor, and their score and verdict are worked out again from their items and the terms of an
exam this store holds; an attempt at an exam it does not hold is kept as the trainee's own, never as an
instructor's, and an exam name that only looks like one here (look-alike letters) is refused.
"""

from __future__ import annotations

import json
import re
import sqlite3
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, NoReturn

from trainer.i18n.translation import _, ngettext
from trainer.jsonin import JsonInputError, Unreadable, decode_utf8, loads, shown
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode, SetResult
from trainer.store.db import StoreError
from trainer.store.exam_policy import attempt_passed
from trainer.store.instructor import OWN_EXAM_TIME_LIMIT, Exam, attempt_item, exams
from trainer.store.records import Identity, Profile, ProfileId, Replay, ReplayKind
from trainer.store.safepath import write_text
from trainer.store.store import Store, check_name, insert_item, rebuild_reviews
from trainer.userfiles import InputError, read_file_at_most

FORMAT = "uth-trainer profile"
VERSION = 1


@dataclass(frozen=True)
class ImportResult:
    profile: Profile
    items_added: int
    attempts_added: int
    renamed_from: str | None = None
    attempts_left_out: int = 0
    items_of_others: int = 0
    """Items skipped because another trainee here already has them (the same ``uid``)."""
    others: tuple[str, ...] = ()
    """Those trainees' names."""

    def describe(self) -> str:
        items = ngettext("{count} item", "{count} items", self.items_added).format(count=self.items_added)
        attempts = ngettext("{count} exam attempt", "{count} exam attempts", self.attempts_added).format(
            count=self.attempts_added)
        text = _("{name}: {items} and {attempts} added").format(name=self.profile.name, items=items,
                                                                 attempts=attempts)
        if self.renamed_from:
            text += " " + _("(named {name}: {other} is another trainee here)").format(
                name=repr(self.profile.name), other=repr(self.renamed_from))
        if self.items_of_others:
            text += "; " + _skipped_items(self.items_of_others, self.others)
        if self.attempts_left_out:
            text += "; " + ngettext(
                "{count} exam attempt left out (without its items, or for an exam neither this station nor the "
                "file defines)",
                "{count} exam attempts left out (without their items, or for an exam neither this station nor the "
                "file defines)", self.attempts_left_out).format(count=self.attempts_left_out)
        return text


def _skipped_items(count: int, others: tuple[str, ...]) -> str:
    return ngettext("{count} item skipped: another trainee here already has it ({names})",
                    "{count} items skipped: another trainee here already has them ({names})", count).format(
        count=count, names=", ".join(repr(name) for name in others))


def _skipped_attempts(count: int, others: tuple[str, ...]) -> str:
    return ngettext("{count} exam attempt skipped: another trainee here already has it ({names})",
                    "{count} exam attempts skipped: another trainee here already has them ({names})", count).format(
        count=count, names=", ".join(repr(name) for name in others))


class _NothingImportedError(Exception):
    """A new profile would be made and nothing added to it: the transaction is rolled back."""


def export_profile(store: Store, profile: Profile, target: str | Path) -> int:
    """Write ``profile`` to ``target``; returns the number of items written."""
    items = store.items(profile)
    attempt_rows = store.connection.execute(
        "SELECT uid, exam_uid, exam_name, at, score, steps, correct, mistakes, seconds, passed, items, pass_mark, "
        "hands FROM attempt WHERE profile_id = ? ORDER BY at", (profile.id,)).fetchall()
    terms = {exam.uid: {"hands": exam.hands, "pass_mark": exam.pass_mark,
                        "time_limit_minutes": exam.time_limit_minutes} for exam in exams(store)}

    def terms_of(row: sqlite3.Row) -> dict[str, float] | None:
        """The instructor's exam's terms; an exam the trainee set: the hands and pass mark it was kept with."""
        if row["exam_uid"] in terms:
            return terms[row["exam_uid"]]
        if row["hands"] is None or row["pass_mark"] is None:
            return None
        return {"hands": row["hands"], "pass_mark": row["pass_mark"], "time_limit_minutes": OWN_EXAM_TIME_LIMIT}

    data = {
        "format": FORMAT, "version": VERSION, "exported": store.clock().isoformat(),
        "profile": {"uid": profile.uid, "name": profile.name, "created": profile.created},
        "items": [{
            "uid": item.uid, "at": item.at, "drill": item.drill, "situation": item.situation,
            "variant": item.variant, "title": item.title, "seed": item.seed,
            "replay": item.replay.key if item.replay else None, "mode": item.mode.value, "steps": item.steps,
            "correct": item.correct, "seconds": item.seconds,
            "mistakes": [{"kind": mistake.kind.value, "expected": mistake.expected, "given": mistake.given,
                          "rule": mistake.rule, "topic": mistake.topic} for mistake in item.mistakes],
        } for item in items],
        "attempts": [{**{key: value for key, value in dict(row).items() if key not in ("pass_mark", "hands")},
                      "mistakes": json.loads(row["mistakes"]), "passed": bool(row["passed"]),
                      "items": json.loads(row["items"]), "exam": terms_of(row)}
                     for row in attempt_rows],
    }
    write_text(target, json.dumps(data, ensure_ascii=False, indent=1), keep=store.own_files())
    return len(items)




# -- reading an export: every field checked before anything is written ------------------------------------------

MAX_EXPORT_BYTES = 64 * 1024 * 1024
"""``profile import`` reads at most this much (64 MiB: some 150,000 items); a larger file is refused unread."""
MAX_DEPTH = 8
"""An export nests four levels (attempts → items → mistakes); deeper is refused before it is parsed."""
MAX_ID = 64
MAX_TEXT = 1000
MAX_REPLAY = 4000
"""A replay's key: a round of the table's record is some 1,300 characters."""
MAX_STEPS = 10_000
MAX_SECONDS = 10_000_000.0
MAX_SEED = 2**63 - 1
MAX_SET = 100_000
MAX_EXAM_HANDS = 500
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(2200, 1, 1, tzinfo=UTC)
"""An imported date and time lies in this range: outside it, it is no practice this trainer could have kept (and
the review schedule cannot count from it)."""
_NAMESPACE = uuid.UUID("6f1c2a4e-8d57-4b0b-9a55-2f2b8f0e7c11")


class ExportError(StoreError):
    """An export that cannot be imported; the message names the file, the field and what is wrong."""


@dataclass(frozen=True)
class ExportedProfile:
    uid: str
    name: str
    created: str | None


@dataclass(frozen=True)
class ExportedItem:
    uid: str
    at: str
    result: ItemResult
    identity: Identity


@dataclass(frozen=True)
class ExamTerms:
    """What marks an attempt: the exam's hands, pass mark and time limit."""

    hands: int
    pass_mark: float
    time_limit_minutes: float


@dataclass(frozen=True)
class ExportedAttempt:
    uid: str
    exam_uid: str
    exam_name: str
    at: str
    seconds: float
    items: tuple[ItemResult, ...]
    terms: ExamTerms | None


@dataclass(frozen=True)
class Export:
    profile: ExportedProfile
    items: tuple[ExportedItem, ...]
    attempts: tuple[ExportedAttempt, ...]


def _fail(where: str, message: str) -> NoReturn:
    raise ExportError(f"{where}: {message}")


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        _fail(where, f"must be an object, not {shown(value)}")
    return value


def _list(entry: dict[str, Any], key: str, where: str) -> list[Any]:
    value = entry.get(key, [])
    if not isinstance(value, list):
        _fail(f"{where}.{key}", f"must be a list, not {shown(value)}")
    return value


def _text(entry: dict[str, Any], key: str, where: str, *, required: bool = True, empty: bool = True,
          limit: int = MAX_TEXT, plain: bool = False) -> str:
    """A string field: present when ``required``, non-empty unless ``empty``, at most ``limit`` characters,
    only printable characters when ``plain`` (an id, a name)."""
    if key not in entry and not required:
        return ""
    value = entry.get(key)
    if not isinstance(value, str):
        _fail(f"{where}.{key}", f"must be text, not {shown(value)}" if key in entry else "is missing")
    if not empty and not value.strip():
        _fail(f"{where}.{key}", "must not be empty")
    if len(value) > limit:
        _fail(f"{where}.{key}", f"is longer than {limit} characters")
    if plain and not value.isprintable():
        _fail(f"{where}.{key}", f"{shown(value)} has characters that cannot be shown")
    if any(0xD800 <= ord(char) <= 0xDFFF for char in value):
        _fail(f"{where}.{key}", f"{shown(value)} is not valid text (a lone surrogate)")
    return value


def _int(entry: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = entry.get(key)
    if isinstance(value, Unreadable):
        _fail(f"{where}.{key}", value.describe())
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(f"{where}.{key}", f"must be a whole number, not {shown(value)}" if key in entry else "is missing")
    if not low <= value <= high:
        _fail(f"{where}.{key}", f"{shown(value)} is not from {low:,} to {high:,}")
    return value


def _number(entry: dict[str, Any], key: str, where: str, low: float, high: float, *,
            above_low: bool = False) -> float:
    value = entry.get(key)
    if isinstance(value, Unreadable):
        _fail(f"{where}.{key}", value.describe())
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        _fail(f"{where}.{key}", f"must be a number, not {shown(value)}" if key in entry else "is missing")
    number = float(value)
    if not (low < number if above_low else low <= number) or number > high:
        _fail(f"{where}.{key}", f"{shown(value)} is not {'above' if above_low else 'from'} {low:g} "
                                f"{'and at most' if above_low else 'to'} {high:g}")
    return number


def _time(entry: dict[str, Any], key: str, where: str) -> str:
    """An ISO 8601 date and time, written back in UTC (a time without a zone is taken as UTC)."""
    text = _text(entry, key, where, empty=False, limit=40)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        _fail(f"{where}.{key}", f"{shown(text)} is not an ISO 8601 date and time")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        moment = moment.astimezone(UTC)
    except (OverflowError, ValueError):
        _fail(f"{where}.{key}", f"{shown(text)} is not a date and time this trainer can keep")
    if not EARLIEST <= moment < LATEST:
        _fail(f"{where}.{key}", f"{shown(text)} is not from {EARLIEST.year} to {LATEST.year - 1}")
    return moment.isoformat()


def _mistake(value: Any, where: str) -> Mistake:
    entry = _object(value, where)
    kind_text = _text(entry, "kind", where, empty=False, limit=MAX_ID)
    try:
        kind = ErrorKind(kind_text)
    except ValueError:
        _fail(f"{where}.kind", f"{shown(kind_text)} is not a kind of mistake "
                               f"({', '.join(kind.value for kind in ErrorKind)})")
    return Mistake(kind, _text(entry, "expected", where), _text(entry, "given", where),
                   _text(entry, "rule", where, required=False), _text(entry, "topic", where, required=False,
                                                                      limit=MAX_ID))


def _result(entry: dict[str, Any], where: str, drill: str, mode: Mode) -> ItemResult:
    """An item's steps, steps right (at most the steps), seconds and mistakes."""
    steps = _int(entry, "steps", where, 0, MAX_STEPS)
    correct = _int(entry, "correct", where, 0, MAX_STEPS)
    if correct > steps:
        _fail(f"{where}.correct", f"{correct} steps right of {steps} steps: more right than there were")
    seconds = _number(entry, "seconds", where, 0.0, MAX_SECONDS)
    mistakes = tuple(_mistake(value, f"{where}.mistakes[{number}]")
                     for number, value in enumerate(_list(entry, "mistakes", where)))
    title_key = "title" if "title" in entry else "item"
    return ItemResult(drill, _text(entry, title_key, where, required=False), steps, correct, mistakes, seconds, mode)


def _replay(entry: dict[str, Any], where: str) -> Replay | None:
    if entry.get("replay") is None:
        return None
    key = _text(entry, "replay", where, empty=False, limit=MAX_REPLAY)
    place = f"{where}.replay"
    try:
        parts = loads(key, max_depth=4)
    except JsonInputError as error:
        _fail(place, f"{shown(key)} {error}")
    if isinstance(parts, list) and len(parts) == 2 and parts[0] == "round":
        return _round_replay(parts[1], place)
    if not isinstance(parts, list) or not parts or parts[0] not in ("hand", "set") or len(parts) != 5:
        _fail(place, f"{shown(key)} is not a replay ([\"hand\", drill, situation, variant, seed], "
                     "[\"set\", drill, seed, index, count] or [\"round\", the round])")
    fields = dict(zip(("kind", "drill", "situation", "variant", "seed") if parts[0] == "hand"
                      else ("kind", "drill", "seed", "index", "count"), parts, strict=True))
    drill = _text(fields, "drill", place, empty=False, limit=MAX_ID, plain=True)
    seed = _int(fields, "seed", place, 0, MAX_SEED)
    if parts[0] == "hand":
        return Replay(ReplayKind.HAND, drill, seed, situation=_text(fields, "situation", place, limit=MAX_ID,
                                                                      plain=True),
                      variant=_text(fields, "variant", place, limit=MAX_ID, plain=True))
    count = _int(fields, "count", place, 1, MAX_SET)
    return Replay(ReplayKind.SET, drill, seed, index=_int(fields, "index", place, 0, count - 1), count=count)


def _round_replay(record: Any, place: str) -> Replay:
    """A round of the table: kept only when it deals again (the engine deals and settles it here)."""
    from trainer.session.replay import round_from_record

    try:
        round_from_record(record)
    except ValueError as error:
        _fail(place, f"not a round of the table that deals again ({error})")
    return Replay.of_round(record)


def _mode(entry: dict[str, Any], where: str) -> Mode:
    text = _text(entry, "mode", where, empty=False, limit=MAX_ID)
    try:
        return Mode(text)
    except ValueError:
        _fail(f"{where}.mode", f"{shown(text)} is not a mode ({', '.join(mode.value for mode in Mode)})")


def _item(value: Any, where: str) -> ExportedItem:
    entry = _object(value, where)
    uid = _text(entry, "uid", where, empty=False, limit=MAX_ID, plain=True)
    at = _time(entry, "at", where)
    drill = _text(entry, "drill", where, empty=False, limit=MAX_ID, plain=True)
    situation = _text(entry, "situation", where, empty=False, limit=MAX_ID, plain=True)
    variant = _text(entry, "variant", where, required=False, limit=MAX_ID, plain=True)
    seed = None if entry.get("seed") is None else _int(entry, "seed", where, 0, MAX_SEED)
    result = _result(entry, where, drill, _mode(entry, where))
    return ExportedItem(uid, at, result, Identity(situation, variant, seed, _replay(entry, where)))


def _terms(entry: dict[str, Any], where: str) -> ExamTerms | None:
    if entry.get("exam") is None:
        return None
    terms = _object(entry["exam"], f"{where}.exam")
    place = f"{where}.exam"
    return ExamTerms(_int(terms, "hands", place, 1, MAX_EXAM_HANDS),
                     _number(terms, "pass_mark", place, 0.0, 100.0, above_low=True),
                     _number(terms, "time_limit_minutes", place, 0.0, 600.0, above_low=True))


def _attempt(value: Any, where: str) -> ExportedAttempt:
    entry = _object(value, where)
    uid = _text(entry, "uid", where, empty=False, limit=MAX_ID, plain=True)
    exam_uid = _text(entry, "exam_uid", where, required=False, limit=MAX_ID, plain=True)
    exam_name = _text(entry, "exam_name", where, empty=False, limit=MAX_TEXT, plain=True)
    at = _time(entry, "at", where)
    seconds = _number(entry, "seconds", where, 0.0, MAX_SECONDS)
    items = tuple(_result(_object(item, f"{where}.items[{number}]"), f"{where}.items[{number}]", "exam", Mode.EXAM)
                  for number, item in enumerate(_list(entry, "items", where)))
    if len(items) > MAX_EXAM_HANDS:
        _fail(f"{where}.items", f"{len(items)} items: an exam has at most {MAX_EXAM_HANDS} hands")
    return ExportedAttempt(uid, exam_uid, exam_name, at, seconds, items, _terms(entry, where))


def parse_export(text: str, name: str) -> Export:
    """The export in ``text`` (``name`` for messages), every field checked; :class:`ExportError` otherwise."""
    try:
        data = loads(text, max_depth=MAX_DEPTH)
    except JsonInputError as error:
        raise ExportError(f"{name} is not a profile export ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExportError(f"{name} is not a profile export (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        _fail(f"{name}: version", f"{shown(version)} is not an export version")
    if version > VERSION:
        raise ExportError(f"{name} was exported by a newer version of the trainer (export version {version}; "
                          f"this one reads up to {VERSION})")
    given = _object(data.get("profile"), f"{name}: profile")
    uid = _text(given, "uid", f"{name}: profile", empty=False, limit=MAX_ID, plain=True)
    try:
        profile_name = check_name(_text(given, "name", f"{name}: profile", empty=False, limit=MAX_TEXT))
    except ExportError:
        raise
    except StoreError as error:
        _fail(f"{name}: profile.name", str(error))
    created = _time(given, "created", f"{name}: profile") if given.get("created") is not None else None
    items = tuple(_item(entry, f"{name}: items[{number}]")
                  for number, entry in enumerate(_list(data, "items", name)))
    attempts = tuple(_attempt(entry, f"{name}: attempts[{number}]")
                     for number, entry in enumerate(_list(data, "attempts", name)))
    return Export(ExportedProfile(uid, profile_name, created), items, attempts)


def read_export(source: str | Path) -> Export:
    """The export in the regular file ``source`` (at most :data:`MAX_EXPORT_BYTES`), checked; one clear line
    (:class:`StoreError`) when it is not one."""
    path = Path(source)
    try:
        data = read_file_at_most(path, MAX_EXPORT_BYTES, pipes=False)
    except InputError as error:
        why = error.problem.removeprefix("cannot be read (").removesuffix(")")
        raise StoreError(_("cannot read {path}: {problem}").format(path=path, problem=why)) from None
    try:
        text = decode_utf8(data)
    except JsonInputError as error:
        raise ExportError(_("{path} is not a profile export ({problem})").format(path=path, problem=error)) from None
    return parse_export(text, str(path))


# -- importing: one transaction, or nothing ---------------------------------------------------------------------


def import_profile(store: Store, source: str | Path, *, instructor: bool = False) -> ImportResult:
    """Add the profile in ``source`` (or the items it lacks) to the store; importing twice adds nothing twice.

    Everything is checked first, then written in one transaction (the profile, its items, its exam attempts and
    its review schedule) or not at all. Exam attempts need ``instructor`` (the PIN was given); each attempt's score
    and verdict are worked out again from its items and its exam's terms.
    """
    export = read_export(source)
    if export.attempts and not instructor:
        raise StoreError(ngettext(
            "{source} holds {count} exam attempt: importing it needs the instructor (profile import --instructor, "
            "which asks the PIN, or Import… in the instructor dialog); nothing was imported",
            "{source} holds {count} exam attempts: importing them needs the instructor (profile import "
            "--instructor, which asks the PIN, or Import… in the instructor dialog); nothing was imported",
            len(export.attempts)).format(source=source, count=len(export.attempts)))
    local_exams = exams(store)
    marks = [_marking(attempt, local_exams, f"{source}: attempts[{number}]")
             for number, attempt in enumerate(export.attempts)]
    try:
        with store.transact() as connection:
            profile, renamed_from, created = _profile_for(connection, export.profile, store)
            items_added, others = 0, []
            for item in export.items:
                before = connection.total_changes
                insert_item(connection, profile.id, item.uid, item.at, item.result, item.identity)
                if connection.total_changes > before:
                    items_added += 1
                else:
                    others += _other_owner(connection, "item", item.uid, profile)
            attempts_added = left_out = 0
            attempt_others: list[str] = []
            for attempt, mark in zip(export.attempts, marks, strict=True):
                if mark is None or not attempt.items:
                    left_out += 1
                    continue
                if _add_attempt(connection, profile, attempt, mark):
                    attempts_added += 1
                else:
                    attempt_others += _other_owner(connection, "attempt", attempt.uid, profile)
            if items_added:
                rebuild_reviews(connection, profile.id)
            if created and (export.items or export.attempts) and not items_added and not attempts_added:
                raise _NothingImportedError  # the file's records were all skipped: no empty trainee is made
    except _NothingImportedError:
        raise StoreError(_nothing_imported(source, export, others, attempt_others, left_out)) from None
    except (sqlite3.Error, StoreError) as error:
        raise StoreError(_("cannot import {source}: {problem}; nothing was imported").format(
            source=source, problem=error)) from error
    return ImportResult(store.profile_by_id(profile.id), items_added, attempts_added, renamed_from, left_out,
                        len(others), tuple(sorted(set(others))))


def _other_owner(connection: sqlite3.Connection, table: str, uid: str, profile: Profile) -> list[str]:
    """The name of the other trainee who holds the record ``uid`` of ``table`` (none: it is ``profile``'s)."""
    row = connection.execute(f"SELECT profile.name FROM {table} JOIN profile ON profile.id = {table}.profile_id "
                             f"WHERE {table}.uid = ? AND {table}.profile_id != ?", (uid, profile.id)).fetchone()
    return [] if row is None else [str(row[0])]


def _nothing_imported(source: str | Path, export: Export, others: list[str], attempt_others: list[str],
                      left_out: int) -> str:
    """Why an import that would have made a new profile added nothing (and so made none)."""
    reasons = []
    if others:
        reasons.append(_skipped_items(len(others), tuple(sorted(set(others)))))
    if attempt_others:
        reasons.append(_skipped_attempts(len(attempt_others), tuple(sorted(set(attempt_others)))))
    if left_out:
        reasons.append(ngettext(
            "{count} exam attempt left out (without its items, or for an exam neither this station nor the file "
            "defines)",
            "{count} exam attempts left out (without their items, or for an exam neither this station nor the file "
            "defines)", left_out).format(count=left_out))
    return _("nothing was imported from {source} and no profile {name} was made: {reasons}").format(
        source=source, name=repr(export.profile.name), reasons="; ".join(reasons))


def _profile_for(connection: sqlite3.Connection, given: ExportedProfile,
                 store: Store) -> tuple[Profile, str | None, bool]:
    """The profile the export adds to: the one with its uid when it comes with that profile's own name (the same,
    or the same numbered ``Name (2)`` an earlier import gave it); otherwise a new trainee, whose uid is made from
    the export's uid and name (so importing that file again finds it). The last value says whether it is new."""
    uid = given.uid
    row = connection.execute("SELECT id, name FROM profile WHERE uid = ?", (uid,)).fetchone()
    if row is not None and not _own_name(row["name"], given.name):
        uid = uuid.uuid5(_NAMESPACE, f"{given.uid}\n{given.name}").hex
        row = connection.execute("SELECT id, name FROM profile WHERE uid = ?", (uid,)).fetchone()
    if row is not None:
        return store.profile_by_id(ProfileId(row["id"])), None, False
    name, number = given.name, 1
    while connection.execute("SELECT 1 FROM profile WHERE name = ?", (name,)).fetchone() is not None:
        number += 1
        name = f"{given.name} ({number})"
    cursor = connection.execute("INSERT INTO profile (uid, name, created) VALUES (?, ?, ?)",
                                (uid, name, given.created or store.clock().isoformat()))
    profile = Profile(ProfileId(cursor.lastrowid or 0), uid, name, given.created or "")
    return profile, (given.name if name != given.name else None), True


def _own_name(kept: str, given: str) -> bool:
    """Whether ``kept`` is the name ``given``, or the numbered name an import gave it (``Ana (2)``)."""
    if kept.casefold() == given.casefold():
        return True
    match = re.fullmatch(r"(.*) \((\d+)\)", kept)
    return match is not None and match.group(1).casefold() == given.casefold()


@dataclass(frozen=True)
class _Marking:
    """What an imported attempt is kept as: marked by ``terms``, an instructor's exam (``exam_uid``, ``name``:
    this store's exam) or the trainee's own (no exam uid, the file's name)."""

    terms: ExamTerms
    exam_uid: str
    name: str

    @property
    def instructor(self) -> bool:
        return bool(self.exam_uid)


def _marking(attempt: ExportedAttempt, local: list[Exam], where: str) -> _Marking | None:
    """How ``attempt`` is kept: an exam this store (or the class store) holds, found by uid, else by name, marks
    it by its own terms as that instructor's exam; an exam it does not hold makes it the trainee's own, marked by
    the terms the file carries (None without them: left out). A name that only looks like an exam's here (letters
    of another script that look the same) is refused: :class:`ExportError`."""
    from trainer.store.lookalike import look_alike, same_name, strangers

    exam = next((exam for exam in local if attempt.exam_uid and exam.uid == attempt.exam_uid), None) or next(
        (exam for exam in local if same_name(exam.name, attempt.exam_name)), None)
    if exam is not None:
        return _Marking(ExamTerms(exam.hands, exam.pass_mark, exam.time_limit_minutes), exam.uid, exam.name)
    posing = next((exam for exam in local if look_alike(attempt.exam_name, exam.name)), None)
    if posing is not None:
        _fail(f"{where}.exam_name", f"{attempt.exam_name!a} only looks like the exam {posing.name!a} "
                                    f"here (look-alike letters: {strangers(attempt.exam_name, posing.name)})")
    if attempt.terms is None:
        return None
    return _Marking(attempt.terms, "", attempt.exam_name)


def _add_attempt(connection: sqlite3.Connection, profile: Profile, attempt: ExportedAttempt,
                 mark: _Marking) -> int:
    """Keep ``attempt`` with its score and verdict worked out from its items by ``mark``'s terms (what the file
    says of them is not read); 1 when added, 0 when it was there."""
    terms = mark.terms
    result = SetResult(mark.name, Mode.EXAM, list(attempt.items), pass_mark=terms.pass_mark)
    exam = Exam(mark.name, "", terms.hands, terms.pass_mark, terms.time_limit_minutes)
    passed = attempt_passed(exam, result, seconds=attempt.seconds, complete=len(attempt.items) >= terms.hands)
    items = [attempt_item(item) for item in attempt.items]
    mistakes = [mistake for item in items for mistake in item["mistakes"]]
    cursor = connection.execute(
        "INSERT OR IGNORE INTO attempt (uid, profile_id, exam_uid, exam_name, at, score, steps, correct, mistakes, "
        "seconds, passed, items, pass_mark, hands, instructor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (attempt.uid, profile.id, mark.exam_uid, mark.name, attempt.at, result.score, result.steps,
         result.correct, json.dumps(mistakes), attempt.seconds, int(passed), json.dumps(items), terms.pass_mark,
         terms.hands, int(mark.instructor)))
    return int(cursor.rowcount > 0)
