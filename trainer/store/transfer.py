"""A profile in one file: exported on a trainee's station, imported on the instructor's to gather a class.

The file is JSON (``format`` = ``uth-trainer profile``): the profile, its items with their mistakes, its exam
attempts. Every record carries the ``uid`` it was made with, so importing the same file twice adds nothing the
second time, and a profile imported again gains only the items it did not have. A different trainee with the
same name on the importing station keeps hers; the imported one is named ``Name (2)``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.scoring import ItemResult, Mistake, Mode
from trainer.store.db import StoreError
from trainer.store.records import Identity, Profile, Replay
from trainer.store.safepath import write_text
from trainer.store.store import Store, check_name, insert_item

FORMAT = "uth-trainer profile"
VERSION = 1


@dataclass(frozen=True)
class ImportResult:
    profile: Profile
    items_added: int
    attempts_added: int
    renamed_from: str | None = None

    def describe(self) -> str:
        text = f"{self.profile.name}: {self.items_added} items and {self.attempts_added} exam attempts added"
        return text + (f" (named {self.profile.name!r}: {self.renamed_from!r} is another trainee here)"
                       if self.renamed_from else "")


def export_profile(store: Store, profile: Profile, target: str | Path) -> int:
    """Write ``profile`` to ``target``; returns the number of items written."""
    items = store.items(profile)
    attempt_rows = store.connection.execute(
        "SELECT uid, exam_uid, exam_name, at, score, steps, correct, mistakes, seconds, passed FROM attempt "
        "WHERE profile_id = ? ORDER BY at", (profile.id,)).fetchall()
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
        "attempts": [{**dict(row), "mistakes": json.loads(row["mistakes"]), "passed": bool(row["passed"])}
                     for row in attempt_rows],
    }
    write_text(target, json.dumps(data, ensure_ascii=False, indent=1))
    return len(items)


def read_export(source: str | Path) -> dict[str, Any]:
    """The export in ``source``, checked; one clear line when it is not one."""
    path = Path(source)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise StoreError(f"cannot read {path}: {error.strerror or error}") from error
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise StoreError(f"{path} is not a profile export (not JSON: {error})") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoreError(f"{path} is not a profile export (no \"format\": \"{FORMAT}\")")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise StoreError(f"{path} was exported by a newer version of the trainer (export version "
                         f"{data.get('version')!r}; this one reads up to {VERSION})")
    profile = data.get("profile")
    if not isinstance(profile, dict) or not all(isinstance(profile.get(key), str) for key in ("uid", "name")):
        raise StoreError(f"{path}: the profile needs a uid and a name")
    for key in ("items", "attempts"):
        if not isinstance(data.get(key, []), list):
            raise StoreError(f"{path}: {key} must be a list")
    return data


def import_profile(store: Store, source: str | Path) -> ImportResult:
    """Add the profile in ``source`` (or the items it lacks) to the store; importing twice adds nothing twice."""
    data = read_export(source)
    given = data["profile"]
    row = store.connection.execute("SELECT name FROM profile WHERE uid = ?", (given["uid"],)).fetchone()
    renamed_from = None
    if row is None:
        name = check_name(given["name"])
        wanted = name
        number = 1
        while store.find_profile(name) is not None:
            number += 1
            name = f"{wanted} ({number})"
        renamed_from = wanted if name != wanted else None
        store.add_profile(name, uid=given["uid"], created=str(given.get("created") or store.clock().isoformat()))
        row = store.connection.execute("SELECT name FROM profile WHERE uid = ?", (given["uid"],)).fetchone()
    profile = store.profile(row[0])
    try:
        with store.transact() as connection:
            items_added = sum(_add_item(connection, profile, entry) for entry in data.get("items", []))
            attempts_added = sum(_add_attempt(connection, profile, entry) for entry in data.get("attempts", []))
    except (KeyError, TypeError, ValueError) as error:
        raise StoreError(f"{source}: a damaged record ({type(error).__name__}: {error}); nothing was imported") \
            from error
    if items_added:
        store.rebuild_reviews(profile)
    return ImportResult(profile, items_added, attempts_added, renamed_from)


def _add_item(connection: Any, profile: Profile, entry: dict[str, Any]) -> int:
    mistakes = tuple(Mistake(kind=_kind(mistake["kind"]), expected=str(mistake["expected"]),
                             given=str(mistake["given"]), rule=str(mistake.get("rule", "")),
                             topic=str(mistake.get("topic", ""))) for mistake in entry.get("mistakes", []))
    result = ItemResult(str(entry["drill"]), str(entry.get("title", "")), int(entry["steps"]), int(entry["correct"]),
                        mistakes, float(entry["seconds"]), Mode(entry["mode"]))
    replay = Replay.from_key(entry["replay"]) if entry.get("replay") else None
    seed = entry.get("seed")
    identity = Identity(str(entry["situation"]), str(entry.get("variant", "")),
                        int(seed) if seed is not None else None, replay)
    before = connection.total_changes
    insert_item(connection, profile.id, str(entry["uid"]), str(entry["at"]), result, identity)
    return 1 if connection.total_changes > before else 0


def _add_attempt(connection: Any, profile: Profile, entry: dict[str, Any]) -> int:
    cursor = connection.execute(
        "INSERT OR IGNORE INTO attempt (uid, profile_id, exam_uid, exam_name, at, score, steps, correct, mistakes, "
        "seconds, passed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (str(entry["uid"]), profile.id, str(entry["exam_uid"]), str(entry["exam_name"]), str(entry["at"]),
         float(entry["score"]), int(entry["steps"]), int(entry["correct"]), json.dumps(entry.get("mistakes", [])),
         float(entry["seconds"]), int(bool(entry["passed"]))))
    return int(cursor.rowcount > 0)


def _kind(value: str) -> Any:
    from trainer.scoring import ErrorKind

    try:
        return ErrorKind(value)
    except ValueError:
        return ErrorKind.WRONG_ANSWER
