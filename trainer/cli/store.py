"""The store's commands: ``report``, ``profile``, ``backup`` and ``--profile`` for ``quiz``.

``uth-trainer`` adds them with :func:`add_global_options` (``--data-dir DIR``), :func:`add_parsers` and runs them
with :func:`run`; ``quiz --profile NAME`` records the terminal quiz's items through :func:`quiz_recorder`.
Errors are one line on stderr and exit status 2; a file that cannot be written as asked (a backup, an export, a
report: see :mod:`trainer.store.safepath`) exits 1.
"""

from __future__ import annotations

import argparse
import math
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from trainer.i18n.translation import LANGUAGES, SPOKEN, _, ngettext
from trainer.scoring import ItemResult, KeptSet, Mode, ScoreBook
from trainer.store.db import StoreError, problem_of, store_path
from trainer.store.records import Profile
from trainer.store.safepath import WriteError
from trainer.store.store import Store

if TYPE_CHECKING:
    from trainer.store.instructor import Attempt
    from trainer.store.reports import TraineeReport

EXIT_USAGE = 2
EXIT_WRITE_FAILED = 1
COMMANDS = ("report", "profile", "backup", "class")


class PdfWriter(Protocol):
    """Writes reports to a PDF file and returns its pages (the GUI's Qt writer, handed in by the command line)."""

    def __call__(self, reports: Sequence[TraineeReport], target: str, title: str | None = None, *,
                 keep: Iterable[Path] = (),
                 table: tuple[Sequence[str], Sequence[Sequence[str]]] | None = None) -> int: ...


def add_global_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", metavar="LANGUAGE", choices=SPOKEN, default=None,
                        help=_("the language to speak ({languages}; default: the one chosen in Settings, at first "
                               "the system's)").format(languages=", ".join(LANGUAGES)) + "; "
                        + _("the settle and grade JSON stay in English"))
    parser.add_argument("--data-dir", metavar="DIR", default=None,
                        help=_("keep the progress store in DIR (default: the user's data folder); a local folder, "
                               "never a network drive: a class is gathered by profile export and import"))
    parser.add_argument("--store", metavar="URL", default=None,
                        help=_("work on a class store (postgresql://USER:PASSWORD@HOST/DATABASE, as `class init` "
                               "gives it): every station of the room shares it; this station's store (--data-dir) "
                               "keeps the items until the server has them"))


def add_quiz_options(quiz: argparse.ArgumentParser) -> None:
    quiz.add_argument("--profile", metavar="NAME", default=None,
                      help=_("record the items in this trainee's progress (made when new)"))


def add_parsers(commands: Any) -> None:
    """Add ``report``, ``profile`` and ``backup`` to the ``uth-trainer`` subcommands."""
    report = commands.add_parser(
        "report", help=_("a trainee's or the class's report as CSV or PDF"),
        description=_("Write a report: one trainee's (--profile) or the class's (every profile on this station). "
                      "CSV: one row per scored item. PDF: mastery per skill, exam attempts, frequent mistakes, "
                      "a chart."))
    report.add_argument("--profile", metavar="NAME", help=_("one trainee (default: every profile)"))
    report.add_argument("--attempts", action="store_true",
                        help=_("the exam attempts instead, one row each: trainee, exam, set_by, station, at, score, "
                               "pass_mark, passed"))
    report.add_argument("--format", choices=("csv", "pdf"), required=True)
    report.add_argument("--out", metavar="FILE", required=True, help=_("the file to write"))
    profile = commands.add_parser("profile", help=_("list, add, show, export or import trainee profiles"),
                                  description=_("Trainee profiles on this station."))
    actions = profile.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    actions.add_parser("list", help=_("the profiles, with their items and last practice"))
    add = actions.add_parser("add", help=_("add a profile"))
    add.add_argument("name", metavar="NAME")
    show = actions.add_parser("show", help=_("a profile's mastery, Today queue and open mistakes"))
    show.add_argument("name", metavar="NAME")
    export = actions.add_parser("export", help=_("write a profile to one file (to import on another station)"))
    export.add_argument("name", metavar="NAME")
    export.add_argument("file", metavar="FILE")
    imports = actions.add_parser("import", help=_("add a profile from an exported file (twice adds nothing twice)"))
    imports.add_argument("file", metavar="FILE")
    imports.add_argument("--instructor", action="store_true",
                         help=_("import the exam attempts too: asks the instructor's PIN at the terminal"))
    backup = commands.add_parser("backup", help=_("copy the progress store to FILE (safe while the app runs)"))
    backup.add_argument("file", metavar="FILE")
    from trainer.cli.classroom import add_class_parser

    add_class_parser(commands)


@contextmanager
def _opened(args: argparse.Namespace, stderr: TextIO) -> Iterator[Store]:
    from trainer.store.opening import open_store

    store = open_store(getattr(args, "data_dir", None), getattr(args, "store", None))
    try:
        for notice in store.notices:
            print(f"uth-trainer: {notice}", file=stderr)
        yield store
    finally:
        try:
            say_skipped(store, stderr)
        finally:
            store.close()


def say_skipped(store: Store, stderr: TextIO | None) -> None:
    """The one line that says the command skipped stored items breaking the store's rules (nothing when none)."""
    line = store.skipped_line()
    if line and stderr is not None:
        with suppress(OSError, ValueError):
            print(f"uth-trainer: {line}", file=stderr)


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO, write_pdf: PdfWriter) -> int:
    """Run ``report``, ``profile``, ``backup`` or ``class``; ``report --format pdf`` draws with ``write_pdf``."""
    if args.command == "class":
        from trainer.cli.classroom import run_class

        return run_class(args, stdout, stderr)
    try:
        with _opened(args, stderr) as store:
            if args.command == "report":
                return _report(store, args, stdout, write_pdf)
            if args.command == "backup":
                store.backup(args.file)
                print(_("Backed up {store} to {file}").format(store=store.path, file=args.file), file=stdout)
                return 0
            return _profile(store, args, stdout)
    except WriteError as error:
        print(f"uth-trainer {args.command}: {shown_line(str(error))}", file=stderr)
        return EXIT_WRITE_FAILED
    except sqlite3.Error as error:  # a read the store refused (its file changed under the command)
        problem = problem_of(error, store_path(getattr(args, 'data_dir', None)))
        print(f"uth-trainer {args.command}: {shown_line(problem)}", file=stderr)
        return EXIT_USAGE
    except StoreError as error:
        print(f"uth-trainer {args.command}: {shown_line(str(error))}", file=stderr)
        return EXIT_USAGE


def shown_line(message: str) -> str:
    """A message as one line for the terminal: a control character a file name brought in (an escape sequence, a
    new line) shown escaped, never acted on."""
    return "".join(char if char.isprintable() or char == " " else char.encode("unicode_escape").decode("ascii")
                   for char in message)


def _report(store: Store, args: argparse.Namespace, stdout: TextIO, write_pdf: PdfWriter) -> int:
    if args.attempts:
        return _attempts(store, args, stdout, write_pdf)
    profiles = [store.profile(args.profile)] if args.profile else store.profiles()
    if not profiles:
        raise StoreError(_("no profiles yet: nothing to report"))
    if args.format == "csv":
        from trainer.store.opening import save_report_csv

        rows = save_report_csv(store, profiles, args.out)
        print(ngettext("Wrote {count} item to {file}", "Wrote {count} items to {file}", rows).format(
            count=rows, file=args.out), file=stdout)
        return 0
    from trainer.store.classroom import with_stations
    from trainer.store.reports import class_report, trainee_report

    reports = with_stations(store, [trainee_report(store, profiles[0])] if args.profile else class_report(store))
    pages = write_pdf(reports, args.out, title=None if args.profile else _("Class report"), keep=store.own_files())
    print(ngettext("Wrote {file} ({count} page)", "Wrote {file} ({count} pages)", pages).format(
        file=args.out, count=pages), file=stdout)
    return 0


def _attempts(store: Store, args: argparse.Namespace, stdout: TextIO, write_pdf: PdfWriter) -> int:
    from trainer.store.reports import ATTEMPT_CSV_COLUMNS, attempt_rows, save_attempts_csv

    if args.format == "csv":
        rows = save_attempts_csv(store, args.out)
    else:
        found = attempt_rows(store)
        rows = len(found)
        heads = (_("Trainee"), _("Exam"), _("Set by"), _("Station"), _("At"), _("Score"), _("Pass mark"),
                 _("Passed"))
        assert len(heads) == len(ATTEMPT_CSV_COLUMNS)
        shown = [(*row[:2], _("instructor") if row[2] == "instructor" else _("trainee"), *row[3:7],
                  _("yes") if row[7] == "yes" else _("no")) for row in found]
        write_pdf([], args.out, _("Exam attempts"), keep=store.own_files(), table=(heads, shown))
    print(ngettext("Wrote {count} exam attempt to {file}", "Wrote {count} exam attempts to {file}", rows).format(
        count=rows, file=args.out), file=stdout)
    return 0


def _profile(store: Store, args: argparse.Namespace, stdout: TextIO) -> int:
    from trainer.store import transfer

    action = args.profile_command
    if action == "list":
        profiles = store.profiles()
        for profile in profiles:
            last = store.last_practised(profile)
            items = store.item_count(profile)
            counted = ngettext("{count} item", "{count} items", items).format(count=items)
            print(f"{profile.name}  {counted}" + (_(", last {day}").format(day=last[:10]) if last else ""),
                  file=stdout)
        if not profiles:
            print(_("No profiles yet (uth-trainer profile add NAME, or quiz --profile NAME)"), file=stdout)
    elif action == "add":
        print(_("Added {name}").format(name=store.add_profile(args.name).name), file=stdout)
    elif action == "show":
        _show(store, store.profile(args.name), stdout)
    elif action == "export":
        count = transfer.export_profile(store, store.profile(args.name), args.file)
        print(ngettext("Exported {name}: {count} item to {file}", "Exported {name}: {count} items to {file}",
                       count).format(name=args.name, count=count, file=args.file), file=stdout)
    else:
        if args.instructor:
            _instructor_at_terminal(store)
        print(transfer.import_profile(store, args.file, instructor=args.instructor).describe(), file=stdout)
    return 0


def ask_pin(prompt: str) -> str:
    """The PIN typed at the terminal, not echoed; :class:`StoreError` without a terminal to ask at."""
    import getpass
    import sys

    if not sys.stdin or not sys.stdin.isatty():
        raise StoreError(_("--instructor asks the instructor's PIN at a terminal, and standard input is not one"))
    try:
        return getpass.getpass(prompt)
    except EOFError:
        raise StoreError(_("no PIN was given")) from None


def _instructor_at_terminal(store: Store) -> None:
    """Let the command go on only when the instructor's PIN is given (wrong PINs wait as in the dialog)."""
    from trainer.store.instructor import Instructor

    if not getattr(store, "may_instruct", True):
        raise StoreError(_("on a class store, --instructor needs an instructor's URL and the server online "
                           "(uth-trainer --store INSTRUCTOR_URL)"))
    gate = Instructor(store)
    if not gate.has_pin():
        raise StoreError(_("no instructor PIN is set on this station: set it in the instructor dialog first"))
    wait = gate.pending_wait()
    if wait > 0:
        raise StoreError(_("a wrong PIN was given: wait {seconds} s before trying again").format(
            seconds=math.ceil(wait)))
    answer = gate.check(ask_pin(_("Instructor PIN: ")))
    if not answer.accepted:
        raise StoreError(answer.message[0].lower() + answer.message[1:])


def where_to_practise(drill: str) -> str:
    """How to practise ``drill``: ``quiz --topic NAME`` for a topic of the terminal's, else where in the window
    (the table's own hands are no topic: ``settlement`` is not one)."""
    from trainer.drills.base import all_drills

    if drill in all_drills():
        return f"quiz --topic {drill}"
    return _("in the window: Train ▸ My mistakes, or Settle it yourself")


def _show(store: Store, profile: Profile, stdout: TextIO) -> None:
    from trainer.store.learning import my_mistakes, today
    from trainer.store.mastery import mastery
    from trainer.store.progress import frequent_mistakes

    items = store.item_count(profile)
    print(f"{profile.name}: " + ngettext("{count} item", "{count} items", items).format(count=items), file=stdout)
    print(_("Mastery:"), file=stdout)
    for entry in mastery(store, profile):
        print(f"  {entry.skill.kind.value} {entry.describe()}", file=stdout)
    print(_("Today:"), file=stdout)
    for line in today(store, profile):
        print(f"  {line.kind.value}: {line.skill.name} — {line.note} ({where_to_practise(line.drill)})",
              file=stdout)
    print(_("My mistakes (hands to deal again until right):"), file=stdout)
    open_hands = my_mistakes(store, profile)
    for mistake in open_hands:
        print("  " + _("{title} ({drill}, wrong {times}×)").format(
            title=mistake.title, drill=mistake.drill, times=mistake.times_wrong) + ": "
              + "; ".join(each.describe() for each in mistake.mistakes[:2]), file=stdout)
    if not open_hands:
        print("  " + _("none"), file=stdout)
    print(_("Mistakes kept (wrong steps by kind):"), file=stdout)
    kept = frequent_mistakes(store, profile, limit=20)
    for frequent in kept:
        print(f"  {frequent.kind} ({frequent.topic or frequent.drill}) ×{frequent.count}: {frequent.rule} "
              f"({where_to_practise(frequent.drill)})", file=stdout)
    if not kept:
        print("  " + _("none"), file=stdout)


class QuizRecorder:
    """A score book whose every item goes to the store under a profile, placed in its set (seed, index); an exam
    set is kept as the trainee's own exam attempt at its pass mark (cut short by the end of input or Ctrl-C: not
    passed), as on the table.

    An item the store cannot take (read-only, busy, a full disk) is kept and saved with the next one; the quiz goes
    on, told once in a line on ``stderr``; at the end, what could still not be saved is said."""

    def __init__(self, store: Store, profile: Profile, seed: int, count: int, stderr: TextIO | None = None) -> None:
        self.store, self.profile, self.seed, self.count = store, profile, seed, count
        self.stderr = stderr
        self.book = ScoreBook()
        self.pending: list[tuple[ItemResult, int]] = []
        self.problem: str | None = None
        self._index = 0
        self.book.subscribe(self._record)
        self.book.subscribe_sets(self._keep_attempt)
        self.attempt: Attempt | None = None

    def _record(self, item: ItemResult) -> None:
        index = self._index
        self._index += 1
        if item.steps:
            self.pending.append((item, index))
            self._save()

    def _save(self) -> None:
        while self.pending:
            item, index = self.pending[0]
            try:
                self.store.record_item(self.profile, item, seed=self.seed, index=index, count=self.count)
            except StoreError as error:
                if self.problem is None:
                    self._tell(_("item {number} could not be saved ({error}); the quiz goes on and keeps its "
                                 "items to save once the store can be written").format(number=index + 1,
                                                                                      error=error))
                self.problem = str(error)
                return
            self.pending.pop(0)
            if self.problem is not None and not self.pending:
                self.problem = None
                self._tell(_("the store can be written again: every item kept so far is saved"))

    def _keep_attempt(self, kept: KeptSet) -> None:
        result = kept.result
        if result.mode is not Mode.EXAM or not result.items:
            return
        from trainer.store.instructor import AttemptNotSavedError, own_exam, record_attempt

        self._save()  # its items first
        try:
            self.attempt = record_attempt(self.store, self.profile, own_exam(result, kept.hands), result,
                                          complete=kept.complete, instructor=False)
        except AttemptNotSavedError as error:
            self._tell(_("the exam attempt could not be saved ({problem}): {summary}").format(
                problem=error, summary=result.summary()))

    def _tell(self, message: str) -> None:
        if self.stderr is not None:
            with suppress(OSError, ValueError):
                print(f"uth-trainer quiz: {message}", file=self.stderr, flush=True)

    def close(self) -> None:
        self._save()
        if self.pending:
            count = len(self.pending)
            self._tell(ngettext("{count} scored item could not be saved to {name}'s progress ({problem})",
                                "{count} scored items could not be saved to {name}'s progress ({problem})",
                                count).format(count=count, name=self.profile.name, problem=self.problem))
        say_skipped(self.store, self.stderr)
        self.store.close()


def quiz_recorder(args: argparse.Namespace, *, seed: int, count: int,
                  stderr: TextIO | None = None) -> QuizRecorder | None:
    """The recorder for ``quiz --profile NAME`` (None without ``--profile``); raises :class:`StoreError`."""
    name = getattr(args, "profile", None)
    if not name:
        return None
    from trainer.store.opening import open_store

    store = open_store(getattr(args, "data_dir", None), getattr(args, "store", None))
    try:
        return QuizRecorder(store, store.profile_or_new(name), seed, count, stderr)
    except BaseException:
        store.close()
        raise
