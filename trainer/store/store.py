"""The progress store: trainees' profiles and every item they score, kept in one SQLite file.

>>> import tempfile
>>> from trainer.scoring import ItemResult
>>> with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
...     alice = store.add_profile("Alice")
...     _ = store.record_item(alice, ItemResult("blind", "blind/flush/680499", 6, 5, seconds=21.0))
...     [(item.situation, item.seed, item.correct) for item in store.items(alice)]
[('blind', 680499, 5)]
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self, cast

from trainer.i18n.translation import _, ngettext
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode
from trainer.store import review
from trainer.store.db import StoreError, open_database, store_path, transaction
from trainer.store.records import Identity, ItemId, Profile, ProfileId, Replay, ReplayKind, StoredItem, identify
from trainer.store.safepath import WriteError, written
from trainer.store.skills import SkillKind, skill

Clock = Callable[[], datetime]
MAX_NAME = 60


def _new_uid() -> str:
    """A new profile's or item's identity (a random UUID's hex; ``uuid`` is imported when first needed)."""
    import uuid

    return uuid.uuid4().hex


def utc_now() -> datetime:
    return datetime.now(UTC)


def check_name(name: str) -> str:
    """A profile's name, trimmed; a clear error when it is empty, too long or has control characters."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise StoreError(_("a profile needs a name"))
    if len(cleaned) > MAX_NAME:
        raise StoreError(_("a profile's name has at most {count} characters").format(count=MAX_NAME))
    if any(not char.isprintable() for char in cleaned):
        raise StoreError(_("the profile name {name} has characters that cannot be shown").format(name=repr(name)))
    return cleaned


class Store(AbstractContextManager["Store"]):
    """The open store. ``notices`` holds what the user must be told once (a damaged file moved aside)."""

    def __init__(self, connection: sqlite3.Connection, path: Path, notices: Sequence[str] = (),
                 clock: Clock = utc_now) -> None:
        self.connection = connection
        self.path = path
        self.notices = tuple(notices)
        self.clock = clock
        self.skipped: dict[str, str] = {}
        """Stored items a reader skipped as breaking the store's rules: uid → why (:meth:`skipped_line`)."""

    @classmethod
    def open(cls, data_dir: str | Path | None = None, *, path: Path | None = None, clock: Clock = utc_now,
             upgrade_to: int | None = None) -> Store:
        """The store in ``data_dir`` (default: the user's data folder), or at ``path``."""
        where = path if path is not None else store_path(data_dir)
        connection, notices = open_database(where, now=clock, upgrade_to=upgrade_to)
        return cls(connection, where, notices, clock)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    @contextmanager
    def transact(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is kept, or (when the block raises) none of it."""
        with transaction(self.connection, self.path) as connection:
            yield connection

    def backup(self, target: str | Path) -> Path:
        """A consistent copy of the store at ``target`` (SQLite's online backup; safe while the app writes),
        written the safe way (:mod:`trainer.store.safepath`; its folder made when missing): a regular file or a new
        path only, never the store's own files, and a failed backup never leaves half a file."""
        with written(target, make_folder=True, keep=self.own_files()) as partial:
            try:
                copy = sqlite3.connect(partial)
                try:
                    self.connection.backup(copy)
                finally:
                    copy.close()
            except sqlite3.Error as error:
                raise WriteError(f"cannot write the backup {target}: {error}") from error
        return Path(target)

    def own_files(self) -> tuple[Path, ...]:
        """The store's file and its -wal and -shm companions: no backup, export or report may write over them."""
        return tuple(self.path.with_name(self.path.name + suffix) for suffix in ("", "-wal", "-shm"))

    # -- profiles ------------------------------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        rows = self.connection.execute("SELECT id, uid, name, created FROM profile ORDER BY name").fetchall()
        return [_profile(row) for row in rows]

    def find_profile(self, name: str) -> Profile | None:
        row = self.connection.execute("SELECT id, uid, name, created FROM profile WHERE name = ?",
                                      (" ".join(name.split()),)).fetchone()
        return _profile(row) if row else None

    def profile(self, name: str) -> Profile:
        """The profile named ``name`` (any case); a clear error naming the profiles there are."""
        found = self.find_profile(name)
        if found is None:
            names = ", ".join(profile.name for profile in self.profiles()) or _("none yet")
            raise StoreError(_("no profile named {name} (profiles: {names})").format(name=repr(name), names=names))
        return found

    def add_profile(self, name: str, *, uid: str | None = None, created: str | None = None) -> Profile:
        cleaned = check_name(name)
        if self.find_profile(cleaned) is not None:
            raise StoreError(_("a profile named {name} already exists").format(name=repr(cleaned)))
        try:
            with self.transact() as connection:
                cursor = connection.execute("INSERT INTO profile (uid, name, created) VALUES (?, ?, ?)",
                                            (uid or _new_uid(), cleaned, created or self.clock().isoformat()))
        except sqlite3.IntegrityError as error:  # another program added it since the look above
            raise StoreError(_("a profile named {name} already exists").format(name=repr(cleaned))) from error
        return self.profile_by_id(ProfileId(cursor.lastrowid or 0))

    def profile_or_new(self, name: str) -> Profile:
        """The profile named ``name``, made when there is none (``quiz --profile NAME``); when another program
        makes it at the same moment, that one."""
        found = self.find_profile(name)
        if found is not None:
            return found
        try:
            return self.add_profile(name)
        except StoreError:
            again = self.find_profile(name)
            if again is None:
                raise
            return again

    def profile_by_id(self, profile_id: ProfileId) -> Profile:
        row = self.connection.execute("SELECT id, uid, name, created FROM profile WHERE id = ?",
                                      (profile_id,)).fetchone()
        if row is None:
            raise StoreError(f"no profile with id {profile_id}")
        return _profile(row)

    # -- items ---------------------------------------------------------------------------------------------

    def record_item(self, profile: Profile, result: ItemResult, *, situation: str | None = None,
                    seed: int | None = None, index: int | None = None, count: int | None = None,
                    at: datetime | None = None, replay: Replay | None = None) -> ItemId:
        """Keep one scored item (one transaction) and review its situation type's card.

        ``seed``, ``index`` and ``count`` place the item in its set (see :func:`identify`); ``situation``
        overrides the situation type found from the item; ``replay`` deals an item again that names no replay of
        its own, or a hand that must be dealt again as its round (:attr:`~trainer.store.records.ReplayKind.ROUND`:
        an exam's hand, on the exam's pay tables, which its seed alone would not deal).
        """
        identity = identify(result, seed=seed, index=index, count=count)
        if situation is not None:
            identity = Identity(situation, identity.variant, identity.seed, identity.replay)
        if replay is not None and (identity.replay is None or replay.kind is ReplayKind.ROUND):
            identity = Identity(identity.situation, identity.variant, identity.seed, replay)
        when = (at or self.clock()).astimezone(UTC)
        with self.transact() as connection:
            item_id = insert_item(connection, profile.id, _new_uid(), when.isoformat(), result, identity)
            review_item(connection, profile.id, result, identity.situation, when)
        return item_id

    def items(self, profile: Profile | None = None, *, since: str | None = None, drill: str | None = None,
              situation: str | None = None, limit: int | None = None, mistakes: bool = True) -> list[StoredItem]:
        """Items in the order they were scored (``limit``: the latest that many); every profile's when None."""
        where, values = ["1 = 1"], []
        for column, value in (("item.profile_id", profile.id if profile else None), ("item.drill", drill),
                              ("item.situation", situation)):
            if value is not None:
                where.append(f"{column} = ?")
                values.append(value)
        if since is not None:
            where.append("item.at >= ?")
            values.append(since)
        sql = (f"SELECT item.*, profile.name AS profile_name FROM item JOIN profile ON profile.id = item.profile_id "
               f"WHERE {' AND '.join(where)} ORDER BY item.at DESC, item.id DESC")
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        rows = self.connection.execute(sql, values).fetchall()
        rows.reverse()
        found = mistakes_of(self.connection, [row["id"] for row in rows]) if mistakes else {}
        return self.sound_items(rows, found)

    def sound_items(self, rows: Sequence[sqlite3.Row], mistakes: dict[int, tuple[Mistake, ...]]) -> list[StoredItem]:
        """The stored items of ``rows``; a row that breaks the store's rules is skipped and kept in
        :attr:`skipped` (by uid) for :meth:`skipped_line` to say once."""
        sound = []
        for row in rows:
            try:
                sound.append(item_of(row, mistakes.get(row["id"], ())))
            except BadRowError as error:
                self.skipped.setdefault(str(row["uid"]), str(error))
        return sound

    def skipped_line(self) -> str | None:
        """One line saying how many stored items were skipped as breaking the store's rules, and why the first
        was (None when none was)."""
        if not self.skipped:
            return None
        count = len(self.skipped)
        return ngettext("{count} stored item was skipped: it breaks the store's rules ({why})",
                        "{count} stored items were skipped: they break the store's rules (the first: {why})",
                        count).format(count=count, why=next(iter(self.skipped.values())))

    def item_count(self, profile: Profile | None = None) -> int:
        if profile is None:
            return int(self.connection.execute("SELECT count(*) FROM item").fetchone()[0])
        return int(self.connection.execute("SELECT count(*) FROM item WHERE profile_id = ?",
                                           (profile.id,)).fetchone()[0])

    def last_practised(self, profile: Profile) -> str | None:
        """When the profile's latest item was scored (ISO time), or None before its first."""
        row = self.connection.execute("SELECT max(at) FROM item WHERE profile_id = ?", (profile.id,)).fetchone()
        return None if row[0] is None else str(row[0])

    def keep_attempt(self, profile: Profile, attempt: Sequence[object]) -> None:
        """Keep an exam attempt of ``profile``: ``attempt`` holds :data:`ATTEMPT_COLUMNS`' values after the
        profile's (a class store keeps it on the station first when a background sender sends)."""
        with self.transact() as connection:
            insert_attempt(connection, profile.id, attempt)

    def keep_setting(self, key: str, value: str) -> None:
        """Set the setting ``key`` (a trainee's marked path steps) to ``value``."""
        with self.transact() as connection:
            connection.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", (key, value))

    def rebuild_reviews(self, profile: Profile) -> None:
        """Review the profile's cards again from all its items, in order (after an import)."""
        with self.transact() as connection:
            rebuild_reviews(connection, profile.id)


def rebuild_reviews(connection: sqlite3.Connection, profile_id: int) -> None:
    """Review the profile's cards again from all its items, in order (inside the caller's transaction)."""
    if server_keeps_totals(connection):
        return  # a class store reviews each item as it comes (a station may not start a trainee's cards again)
    connection.execute("DELETE FROM review_card WHERE profile_id = ?", (profile_id,))
    rows = connection.execute(
        "SELECT situation, drill, perfect, steps, seconds, at FROM item WHERE profile_id = ? "
        "ORDER BY at, id", (profile_id,)).fetchall()
    for row in rows:
        target = skill(SkillKind.SITUATION, row["situation"]).target_seconds
        per_decision = row["seconds"] / row["steps"] if row["steps"] else 0.0
        review.review(connection, profile_id, row["situation"],
                      review.rating(bool(row["perfect"]), per_decision, target),
                      datetime.fromisoformat(row["at"]))


ATTEMPT_COLUMNS = ("uid", "profile_id", "exam_uid", "exam_name", "at", "score", "steps", "correct", "mistakes",
                   "seconds", "passed", "items", "pass_mark", "instructor", "hands")
"""An exam attempt's columns, as :func:`insert_attempt` takes them (``profile_id`` given apart)."""
SENT_ATTEMPT_COLUMNS = ("uid", "profile_id", "exam_uid", "exam_name", "at", "mistakes", "seconds", "items", "hands")
"""What a class store takes of an attempt (with the pass mark asked and whether it was taken to the end): the server
works out its score, steps, verdict and (an instructor's exam) its pass mark and hands."""


def insert_attempt(connection: sqlite3.Connection, profile_id: int, attempt: Sequence[object]) -> None:
    """Insert an exam attempt (inside the caller's transaction); one already there (by ``uid``) is left as it is.
    ``attempt``: the values of :data:`ATTEMPT_COLUMNS` but ``profile_id``."""
    values = (attempt[0], profile_id, *attempt[1:])
    if server_keeps_totals(connection):  # the server marks it: the station says only what was done
        given = dict(zip(ATTEMPT_COLUMNS, values, strict=True))
        sent = {key: given[key] for key in SENT_ATTEMPT_COLUMNS}
        sent.update(asked_pass_mark=given["pass_mark"], complete=1 if given["passed"] else 0)
        connection.execute(f"INSERT OR IGNORE INTO attempt ({', '.join(sent)}) VALUES ({', '.join('?' * len(sent))})",
                           tuple(sent.values()))
        return
    connection.execute(f"INSERT OR IGNORE INTO attempt ({', '.join(ATTEMPT_COLUMNS)}) "
                       f"VALUES ({', '.join('?' * len(ATTEMPT_COLUMNS))})", values)


def insert_item(connection: sqlite3.Connection, profile_id: int, uid: str, at: str, result: ItemResult,
                identity: Identity) -> ItemId:
    """Insert one item and its mistakes (inside the caller's transaction); an item already there (by ``uid``)
    is left as it is."""
    cursor = connection.execute(
        "INSERT OR IGNORE INTO item (uid, profile_id, at, drill, situation, variant, title, seed, replay, mode, "
        "steps, correct, seconds, perfect, wrong_attempts, left_to_table) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (uid, profile_id, at, result.drill, identity.situation, identity.variant, result.item, identity.seed,
         identity.replay.key if identity.replay else None, result.mode.value, result.steps, result.correct,
         float(result.seconds), int(result.perfect), result.wrong_attempts, result.left_to_table))
    item_id = ItemId(cursor.lastrowid or 0)
    if cursor.rowcount:
        connection.executemany(
            "INSERT INTO mistake (item_id, position, kind, expected, given, rule, topic) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(item_id, number, mistake.kind.value, mistake.expected, mistake.given, mistake.rule, mistake.topic)
             for number, mistake in enumerate(result.mistakes)])
        if not server_keeps_totals(connection):
            _add_to_totals(connection, profile_id, at, result, identity)
    return item_id


def server_keeps_totals(connection: object) -> bool:
    """Whether ``connection`` is a class store's, whose server keeps the totals, scores and verdicts itself."""
    return bool(getattr(connection, "server_keeps_totals", False))


def _add_to_totals(connection: sqlite3.Connection, profile_id: int, at: str, result: ItemResult,
                   identity: Identity) -> None:
    """Keep the day's totals and the mistake counts in step with the items (same transaction)."""
    connection.execute(
        "INSERT INTO day_total (profile_id, day, drill, situation, mode, items, steps, correct, seconds, "
        "wrong_attempts, left_to_table) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?) "
        "ON CONFLICT (profile_id, day, drill, situation, mode) DO UPDATE SET "
        "items = day_total.items + 1, steps = day_total.steps + excluded.steps, "
        "correct = day_total.correct + excluded.correct, seconds = day_total.seconds + excluded.seconds, "
        "wrong_attempts = day_total.wrong_attempts + excluded.wrong_attempts, "
        "left_to_table = day_total.left_to_table + excluded.left_to_table",
        (profile_id, at[:10], result.drill, identity.situation, result.mode.value, result.steps, result.correct,
         float(result.seconds), result.attempts_wrong, result.left_to_table))
    connection.executemany(
        "INSERT INTO mistake_total (profile_id, kind, topic, drill, count, rule) VALUES (?, ?, ?, ?, 1, ?) "
        "ON CONFLICT (profile_id, kind, topic, drill) DO UPDATE SET count = mistake_total.count + 1, "
        "rule = excluded.rule",
        [(profile_id, mistake.kind.value, mistake.topic, result.drill, mistake.rule) for mistake in result.mistakes])


def review_item(connection: sqlite3.Connection, profile_id: int, result: ItemResult, situation: str,
                at: datetime) -> None:
    """Review the item's situation card (an item with no steps answered is no review)."""
    if result.steps == 0:
        return
    target = skill(SkillKind.SITUATION, situation).target_seconds
    review.review(connection, profile_id, situation,
                  review.rating(result.perfect, result.seconds / result.steps, target), at)


def mistakes_of(connection: sqlite3.Connection, item_ids: Sequence[int]) -> dict[int, tuple[Mistake, ...]]:
    found: dict[int, list[Mistake]] = {}
    for start in range(0, len(item_ids), 500):
        chunk = item_ids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        for row in connection.execute(f"SELECT * FROM mistake WHERE item_id IN ({marks}) ORDER BY item_id, position",
                                      chunk):
            found.setdefault(row["item_id"], []).append(mistake_of(row))
    return {key: tuple(value) for key, value in found.items()}


def mistake_of(row: sqlite3.Row) -> Mistake:
    try:
        kind = ErrorKind(row["kind"])
    except ValueError:
        kind = ErrorKind.WRONG_ANSWER
    return Mistake(kind, row["expected"], row["given"], row["rule"], row["topic"])


class BadRowError(ValueError):
    """A stored row that breaks the store's rules (another program wrote it): a reader skips it and says so once.
    The message names the row and what is wrong, in one line."""


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2**31


def count_problem(uid: str, steps: object, correct: object, seconds: object) -> str | None:
    """What is wrong with an item's counts (steps, steps right, seconds), in one line naming the item; None when
    they keep the store's rules."""
    if not _count(steps) or not _count(correct) or cast(int, correct) > cast(int, steps):
        return _("item {uid}: {correct} steps right of {steps} steps is no count").format(
            uid=uid, correct=correct, steps=steps)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 <= seconds < 1e12:
        return _("item {uid}: {seconds} is no number of seconds").format(uid=uid, seconds=seconds)
    return None


def item_of(row: sqlite3.Row, mistakes: tuple[Mistake, ...]) -> StoredItem:
    """The stored item of ``row``; :class:`BadRowError` for a row that breaks the store's rules (steps that are not
    a count, more steps right than steps, a time that is not one, seconds that are not a number of seconds, a
    replay that cannot deal again)."""
    uid = str(row["uid"])[:64]
    problem = count_problem(uid, row["steps"], row["correct"], row["seconds"])
    if problem is not None:
        raise BadRowError(problem)
    try:
        datetime.fromisoformat(row["at"])
    except (TypeError, ValueError):
        raise BadRowError(_("item {uid}: {at} is not a date and time").format(uid=uid, at=repr(row["at"])[:80])) \
            from None
    try:
        mode = Mode(row["mode"])
    except ValueError:
        mode = Mode.PRACTICE
    try:
        replay = Replay.from_key(row["replay"]) if row["replay"] else None
    except ValueError:
        raise BadRowError(_("item {uid}: its replay {replay} cannot deal the item again").format(
            uid=uid, replay=repr(row["replay"])[:80])) from None
    return StoredItem(ItemId(row["id"]), row["uid"], row["profile_name"], row["at"], row["drill"], row["situation"],
                      row["variant"], row["title"], row["seed"], replay, mode, row["steps"], row["correct"],
                      row["seconds"], mistakes, row["wrong_attempts"], row["left_to_table"] or 0)


def _profile(row: sqlite3.Row) -> Profile:
    return Profile(ProfileId(row["id"]), row["uid"], row["name"], row["created"])
