"""The store's commands: ``report``, ``profile``, ``backup`` and ``--profile`` for ``quiz``.

``uth-trainer`` adds them with :func:`add_global_options` (``--data-dir DIR``), :func:`add_parsers` and runs them
with :func:`run`; ``quiz --profile NAME`` records the terminal quiz's items through :func:`quiz_recorder`.
Errors are one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from trainer.scoring import ItemResult, ScoreBook
from trainer.store.db import StoreError
from trainer.store.records import Profile
from trainer.store.store import Store

EXIT_USAGE = 2
COMMANDS = ("report", "profile", "backup", "class")


def add_global_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", metavar="DIR", default=None,
                        help="keep the progress store in DIR (default: the user's data folder); a local folder, "
                             "never a network drive: a class is gathered by profile export and import")
    parser.add_argument("--store", metavar="URL", default=None,
                        help="work on a class store (postgresql://USER:PASSWORD@HOST/DATABASE, as `class init` "
                             "gives it): every station of the room shares it; this station's store (--data-dir) "
                             "keeps the items until the server has them")


def add_quiz_options(quiz: argparse.ArgumentParser) -> None:
    quiz.add_argument("--profile", metavar="NAME", default=None,
                      help="record the items in this trainee's progress (made when new)")


def add_parsers(commands: Any) -> None:
    """Add ``report``, ``profile`` and ``backup`` to the ``uth-trainer`` subcommands."""
    report = commands.add_parser(
        "report", help="a trainee's or the class's report as CSV or PDF",
        description="Write a report: one trainee's (--profile) or the class's (every profile on this station). "
                    "CSV: one row per scored item. PDF: mastery per skill, exam attempts, frequent mistakes, a chart.")
    report.add_argument("--profile", metavar="NAME", help="one trainee (default: every profile)")
    report.add_argument("--format", choices=("csv", "pdf"), required=True)
    report.add_argument("--out", metavar="FILE", required=True, help="the file to write")
    profile = commands.add_parser("profile", help="list, add, show, export or import trainee profiles",
                                  description="Trainee profiles on this station.")
    actions = profile.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    actions.add_parser("list", help="the profiles, with their items and last practice")
    add = actions.add_parser("add", help="add a profile")
    add.add_argument("name", metavar="NAME")
    show = actions.add_parser("show", help="a profile's mastery, Today queue and open mistakes")
    show.add_argument("name", metavar="NAME")
    export = actions.add_parser("export", help="write a profile to one file (to import on another station)")
    export.add_argument("name", metavar="NAME")
    export.add_argument("file", metavar="FILE")
    imports = actions.add_parser("import", help="add a profile from an exported file (twice adds nothing twice)")
    imports.add_argument("file", metavar="FILE")
    backup = commands.add_parser("backup", help="copy the progress store to FILE (safe while the app runs)")
    backup.add_argument("file", metavar="FILE")
    from trainer.store.class_cli import add_class_parser

    add_class_parser(commands)


@contextmanager
def _opened(args: argparse.Namespace, stderr: TextIO) -> Iterator[Store]:
    from trainer.store.classroom import open_store

    store = open_store(args)
    try:
        for notice in store.notices:
            print(f"uth-trainer: {notice}", file=stderr)
        yield store
    finally:
        store.close()


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``report``, ``profile``, ``backup`` or ``class``."""
    if args.command == "class":
        from trainer.store.class_cli import run_class

        return run_class(args, stdout, stderr)
    try:
        with _opened(args, stderr) as store:
            if args.command == "report":
                return _report(store, args, stdout)
            if args.command == "backup":
                store.backup(args.file)
                print(f"Backed up {store.path} to {args.file}", file=stdout)
                return 0
            return _profile(store, args, stdout)
    except StoreError as error:
        print(f"uth-trainer {args.command}: {error}", file=stderr)
        return EXIT_USAGE


def _report(store: Store, args: argparse.Namespace, stdout: TextIO) -> int:
    profiles = [store.profile(args.profile)] if args.profile else store.profiles()
    if not profiles:
        raise StoreError("no profiles yet: nothing to report")
    if args.format == "csv":
        from trainer.store.classroom import ClassStore, save_class_csv
        from trainer.store.reports import save_csv

        rows = save_class_csv(store, profiles, args.out) if isinstance(store, ClassStore) else save_csv(
            store, profiles, args.out)
        print(f"Wrote {rows} item{'s' if rows != 1 else ''} to {args.out}", file=stdout)
        return 0
    from trainer.store.reports import class_report, trainee_report

    reports = [trainee_report(store, profiles[0])] if args.profile else class_report(store)
    _ensure_qt_platform()
    from trainer.gui.progress.pdf import write_pdf

    pages = write_pdf(reports, args.out, title=None if args.profile else "Class report")
    print(f"Wrote {args.out} ({pages} page{'s' if pages != 1 else ''})", file=stdout)
    return 0


def _ensure_qt_platform() -> None:
    """The PDF writer needs Qt's fonts, not a screen: without a display, Qt runs offscreen."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _profile(store: Store, args: argparse.Namespace, stdout: TextIO) -> int:
    from trainer.store import transfer

    action = args.profile_command
    if action == "list":
        profiles = store.profiles()
        for profile in profiles:
            last = store.connection.execute("SELECT max(at) FROM item WHERE profile_id = ?",
                                            (profile.id,)).fetchone()[0]
            print(f"{profile.name}  {store.item_count(profile)} items"
                  f"{', last ' + last[:10] if last else ''}", file=stdout)
        if not profiles:
            print("No profiles yet (uth-trainer profile add NAME, or quiz --profile NAME)", file=stdout)
    elif action == "add":
        print(f"Added {store.add_profile(args.name).name}", file=stdout)
    elif action == "show":
        _show(store, store.profile(args.name), stdout)
    elif action == "export":
        count = transfer.export_profile(store, store.profile(args.name), args.file)
        print(f"Exported {args.name}: {count} items to {args.file}", file=stdout)
    else:
        print(transfer.import_profile(store, args.file).describe(), file=stdout)
    return 0


def _show(store: Store, profile: Profile, stdout: TextIO) -> None:
    from trainer.store.learning import my_mistakes, today
    from trainer.store.mastery import mastery

    print(f"{profile.name}: {store.item_count(profile)} items", file=stdout)
    print("Mastery:", file=stdout)
    for entry in mastery(store, profile):
        print(f"  {entry.skill.kind.value} {entry.describe()}", file=stdout)
    print("Today:", file=stdout)
    for line in today(store, profile):
        print(f"  {line.kind.value}: {line.skill.name} — {line.note} (quiz --topic {line.drill})", file=stdout)
    print("My mistakes:", file=stdout)
    for mistake in my_mistakes(store, profile):
        print(f"  {mistake.title} ({mistake.drill}, wrong {mistake.times_wrong}×): "
              + "; ".join(each.describe() for each in mistake.mistakes[:2]), file=stdout)


class QuizRecorder:
    """A score book whose every item goes to the store under a profile, placed in its set (seed, index)."""

    def __init__(self, store: Store, profile: Profile, seed: int, count: int) -> None:
        self.store, self.profile, self.seed, self.count = store, profile, seed, count
        self.book = ScoreBook()
        self._index = 0
        self.book.subscribe(self._record)

    def _record(self, item: ItemResult) -> None:
        index = self._index
        self._index += 1
        if item.steps:
            self.store.record_item(self.profile, item, seed=self.seed, index=index, count=self.count)

    def close(self) -> None:
        self.store.close()


def quiz_recorder(args: argparse.Namespace, *, seed: int, count: int) -> QuizRecorder | None:
    """The recorder for ``quiz --profile NAME`` (None without ``--profile``); raises :class:`StoreError`."""
    name = getattr(args, "profile", None)
    if not name:
        return None
    from trainer.store.classroom import open_store

    store = open_store(args)
    try:
        return QuizRecorder(store, store.profile_or_new(name), seed, count)
    except BaseException:
        store.close()
        raise
