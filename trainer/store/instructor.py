"""The training room: the instructor's PIN, the exams an instructor defines, and every attempt at them.

The PIN is kept only as a salted ``hashlib.scrypt`` hash. A wrong PIN is refused, and each further try must wait
longer (1 s, 2 s, 4 s … up to a minute) before it is even checked; the wait is kept in the store (it survives
closing the dialog and restarting), and is told, never slept here, so the GUI stays responsive and the tests need
not wait.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import secrets
import sqlite3
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from trainer.i18n.translation import _
from trainer.scoring import ItemResult, Mode, SetResult
from trainer.store.db import StoreError
from trainer.store.exam_policy import attempt_passed
from trainer.store.records import Profile
from trainer.store.store import Store

PIN_KEY = "instructor_pin"
WAIT_KEY = "instructor_pin_wait"
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
MAX_WAIT = 60.0
MIN_PIN = 4


def hash_pin(pin: str, salt: bytes | None = None) -> dict[str, Any]:
    """The stored form of ``pin``: its salt, the scrypt costs and the hash (never the PIN)."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=SCRYPT["n"], r=SCRYPT["r"], p=SCRYPT["p"], dklen=32)
    return {"salt": salt.hex(), **SCRYPT, "hash": digest.hex()}


def pin_matches(pin: str, stored: dict[str, Any]) -> bool:
    digest = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(stored["salt"]), n=int(stored["n"]),
                            r=int(stored["r"]), p=int(stored["p"]), dklen=32)
    return hmac.compare_digest(digest.hex(), stored["hash"])


@dataclass(frozen=True)
class PinCheck:
    """The answer to a PIN: accepted, or refused with the seconds before the next try is checked."""

    accepted: bool
    wait: float
    message: str


class Instructor:
    """The PIN gate of instructor mode. Wrong PINs and the wait they earn are kept in the store (the wall clock's
    time of the next try), so closing the dialog or restarting the trainer does not start the count again."""

    def __init__(self, store: Store, clock: Callable[[], float] | None = None) -> None:
        import time

        self.store = store
        self._clock = clock or time.time
        self._failures, self._next_try = self._kept_wait()

    def _kept_wait(self) -> tuple[int, float]:
        row = self.store.connection.execute("SELECT value FROM setting WHERE key = ?", (WAIT_KEY,)).fetchone()
        try:
            kept = json.loads(row[0]) if row else {}
            failures, next_try = int(kept.get("failures", 0)), float(kept.get("next_try", 0.0))
        except (ValueError, TypeError, AttributeError, OverflowError):
            return 0, 0.0
        if not 0 <= failures <= 1000 or not math.isfinite(next_try):
            return 0, 0.0
        return failures, next_try

    def _keep_wait(self) -> None:
        try:
            with self.store.transact() as connection:
                connection.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)",
                                   (WAIT_KEY, json.dumps({"failures": self._failures, "next_try": self._next_try})))
        except (StoreError, sqlite3.Error):
            pass  # a store that cannot be written still has the wait in memory for this session

    def pending_wait(self) -> float:
        """The seconds before the next try is checked (0: now); never more than :data:`MAX_WAIT`, even when the
        clock was set back."""
        self._failures, self._next_try = self._kept_wait()
        return max(0.0, min(MAX_WAIT, self._next_try - self._clock()))

    def has_pin(self) -> bool:
        return self._stored() is not None

    def set_pin(self, pin: str, *, current: str | None = None) -> None:
        """Set the PIN (changing it needs the current one)."""
        if len(pin) < MIN_PIN or not pin.isdigit():
            raise StoreError(_("the PIN must be at least {count} digits").format(count=MIN_PIN))
        stored = self._stored()
        if stored is not None and (current is None or not pin_matches(current, stored)):
            raise StoreError(_("the current PIN is needed to change it"))
        with self.store.transact() as connection:
            connection.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)",
                               (PIN_KEY, json.dumps(hash_pin(pin))))

    def check(self, pin: str) -> PinCheck:
        """Check ``pin``; a try before the wait is over is refused without being checked."""
        stored = self._stored()
        if stored is None:
            return PinCheck(False, 0.0, _("No instructor PIN is set yet"))
        wait = self.pending_wait()
        if wait > 0:
            return PinCheck(False, wait, _("Wait {seconds} s before trying again").format(seconds=math.ceil(wait)))
        now = self._clock()
        if pin_matches(pin, stored):
            if self._failures:
                self._failures, self._next_try = 0, 0.0
                self._keep_wait()
            return PinCheck(True, 0.0, _("Instructor mode"))
        self._failures += 1
        wait = min(MAX_WAIT, 2.0 ** min(self._failures - 1, 16))
        self._next_try = now + wait
        self._keep_wait()
        return PinCheck(False, wait, _("Wrong PIN; wait {seconds} s before trying again").format(seconds=f"{wait:.0f}"))

    def _stored(self) -> dict[str, Any] | None:
        row = self.store.connection.execute("SELECT value FROM setting WHERE key = ?", (PIN_KEY,)).fetchone()
        return json.loads(row[0]) if row else None


# -- exams ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Exam:
    """An exam: the drill it deals, the game (house or player-dealer table) and pay tables, the hands, the pass
    mark and the time limit. The mode is always exam: no feedback until the end."""

    name: str
    drill: str
    hands: int
    pass_mark: float
    time_limit_minutes: float
    banking: str = "house"
    paytables: dict[str, str] = field(default_factory=dict)
    uid: str = ""

    @property
    def mode(self) -> Mode:
        return Mode.EXAM

    def problems(self) -> list[str]:
        """What is wrong with the definition, one line each (empty: it can be saved)."""
        from trainer.drills.base import all_drills

        found = []
        if not self.name.strip():
            found.append(_("an exam needs a name"))
        if self.drill not in all_drills():
            found.append(_("no drill named {drill} (see `uth-trainer quiz --list`)").format(drill=repr(self.drill)))
        if not 1 <= self.hands <= 500:
            found.append(_("the number of hands must be from 1 to 500"))
        if not 0 < self.pass_mark <= 100:
            found.append(_("the pass mark must be a percentage above 0, at most 100"))
        if not 0 < self.time_limit_minutes <= 600:
            found.append(_("the time limit must be above 0 and at most 600 minutes"))
        if self.banking not in ("house", "player-dealer"):
            found.append(_("the game must be 'house' or 'player-dealer'"))
        elif not found:
            found += _table_problems(self)
        return found


def _table_problems(exam: Exam) -> list[str]:
    """A settlement drill must deal hands on the exam's game (the player-dealer drill has no house table)."""
    import random

    from trainer.drills.settlement_drills import DRILLS

    drill = next((each for each in DRILLS if each.name == exam.drill), None)
    if drill is None:
        return []
    try:
        drill.items_on(random.Random(0), 1, Mode.EXAM, banking=exam.banking, paytables=exam.paytables)
    except ValueError as error:
        return [str(error)]
    return []


@dataclass(frozen=True)
class Attempt:
    """One attempt at an exam."""

    profile: str
    exam: str
    at: str
    score: float
    steps: int
    correct: int
    mistakes: int
    seconds: float
    passed: bool
    uid: str = ""
    pass_mark: float | None = None
    """The pass mark it was marked by (None: an attempt kept before pass marks were)."""
    instructor: bool = True
    """An instructor's exam (False: an exam set the trainee chose, Ctrl+E)."""

    @property
    def kind(self) -> str:
        """``instructor`` or ``own``, as reports print it."""
        return "instructor" if self.instructor else "own"


OWN_EXAM_TIME_LIMIT = 600.0
"""Minutes: an exam the trainee sets has no time limit; this is the longest any exam may have (what an export
of its attempt says)."""


def own_exam(result: SetResult, hands: int) -> Exam:
    """The terms an exam set the trainee chose is marked by: its drill's ``hands`` hands at the set's pass mark,
    no time limit. Its name says whose it is: ``Own exam: settlement``."""
    return Exam(f"Own exam: {result.drill}", result.drill, max(1, hands), result.pass_mark, OWN_EXAM_TIME_LIMIT)


def save_exam(store: Store, exam: Exam) -> Exam:
    """Add or replace (by name) an exam definition."""
    problems = exam.problems()
    if problems:
        raise StoreError(_("exam {name}: {problems}").format(name=repr(exam.name), problems="; ".join(problems)))
    existing = find_exam(store, exam.name)
    uid = existing.uid if existing else (exam.uid or uuid.uuid4().hex)
    definition = {key: value for key, value in asdict(exam).items() if key not in ("name", "uid")}
    with store.transact() as connection:
        connection.execute(
            "INSERT INTO exam (uid, name, definition, created) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (name) DO UPDATE SET definition = excluded.definition",
            (uid, exam.name.strip(), json.dumps(definition), store.clock().isoformat()))
    return Exam(**{**asdict(exam), "name": exam.name.strip(), "uid": uid})


def exams(store: Store) -> list[Exam]:
    rows = store.connection.execute("SELECT uid, name, definition FROM exam ORDER BY name").fetchall()
    return [Exam(name=row[1], uid=row[0], **json.loads(row[2])) for row in rows]


def find_exam(store: Store, name: str) -> Exam | None:
    return next((exam for exam in exams(store) if exam.name.casefold() == name.strip().casefold()), None)


def delete_exam(store: Store, name: str) -> None:
    with store.transact() as connection:
        connection.execute("DELETE FROM exam WHERE name = ?", (name.strip(),))


class AttemptNotSavedError(StoreError):
    """The store could not keep an attempt; ``attempt`` is the attempt as marked, to show all the same."""

    def __init__(self, message: str, attempt: Attempt) -> None:
        super().__init__(message)
        self.attempt = attempt


def record_attempt(store: Store, profile: Profile, exam: Exam, result: SetResult, *, seconds: float | None = None,
                   at: datetime | None = None, complete: bool = True, instructor: bool = True) -> Attempt:
    """Keep an attempt: the set's score and mistakes, passed when at the pass mark and within the time limit;
    ``instructor`` false for an exam the trainee set (:func:`own_exam`).

    An attempt cut short (``complete`` false: fewer hands than the exam's, or the mode changed) is kept as failed.
    A store that cannot take it raises :class:`AttemptNotSavedError`, which carries the attempt as marked.
    """
    duration = result.seconds if seconds is None else seconds
    passed = attempt_passed(exam, result, seconds=duration, complete=complete)
    items = [attempt_item(item) for item in result.items]
    mistakes = [mistake for item in items for mistake in item["mistakes"]]
    attempt = Attempt(profile.name, exam.name, (at or store.clock()).isoformat(), result.score, result.steps,
                      result.correct, len(mistakes), duration, passed, uuid.uuid4().hex, exam.pass_mark, instructor)
    try:
        store.keep_attempt(profile, (attempt.uid, exam.uid if instructor else "", exam.name, attempt.at,
                                     attempt.score, attempt.steps, attempt.correct, json.dumps(mistakes), duration,
                                     int(passed), json.dumps(items), exam.pass_mark, int(instructor), exam.hands))
    except StoreError as error:
        raise AttemptNotSavedError(str(error), attempt) from error
    return attempt


def attempt_item(item: ItemResult) -> dict[str, Any]:
    """What an attempt keeps of one of its items: enough to work its score out again."""
    return {"item": item.item, "steps": item.steps, "correct": item.correct, "seconds": float(item.seconds),
            "mistakes": [{"kind": mistake.kind.value, "expected": mistake.expected, "given": mistake.given,
                          "rule": mistake.rule, "topic": mistake.topic} for mistake in item.mistakes]}


def attempts(store: Store, profile: Profile | None = None) -> list[Attempt]:
    """Every attempt (of one profile, or of all), oldest first."""
    where, values = ("WHERE attempt.profile_id = ?", [profile.id]) if profile else ("", [])
    rows = store.connection.execute(
        "SELECT profile.name, exam_name, at, score, steps, correct, mistakes, seconds, passed, attempt.uid, "
        "attempt.pass_mark, attempt.instructor "
        f"FROM attempt JOIN profile ON profile.id = attempt.profile_id {where} ORDER BY at", values).fetchall()
    return [Attempt(row[0], row[1], row[2], row[3], row[4], row[5], len(json.loads(row[6])), row[7], bool(row[8]),
                    row[9], row[10], bool(row[11])) for row in rows]
