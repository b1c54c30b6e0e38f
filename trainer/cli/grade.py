"""``uth-trainer grade [FILE]``: what a trainee did with a hand, graded as the exam mode grades it.

JSON in (a file, or standard input), JSON out (:mod:`trainer.quiz.grade` has the contract); ``--jsonl`` one request
per line in and one result per line out, a bad line answered with ``{"error": ...}`` and the rest going on;
``--text`` the review as the table's review shows it. Bad input: one line on stderr naming the field, exit status 2,
nothing on standard output.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, TextIO

from trainer.cli.inputs import decode, opened_input, read_document, safe
from trainer.cli.options import add_input_options
from trainer.cli.status import EXIT_USAGE
from trainer.engine.paytables import PaytableRegistry
from trainer.i18n.translation import _
from trainer.userfiles import InputError

if TYPE_CHECKING:
    from trainer.scoring import ItemResult
    from trainer.store import Profile, Store

MAX_REQUEST_BYTES = 4_000_000
"""One request is a few kilobytes; input past this is refused, not read."""
WAITING_MESSAGE = "uth-trainer grade: waiting for a hand and its steps as JSON on standard input (end it with Ctrl-D)"


def add_grade_command(commands: Any) -> None:
    """Add ``grade`` to the command line's subcommands."""
    grade = commands.add_parser(
        "grade",
        help=_("grade a trainee's settlement of a hand (JSON in, JSON out)"),
        description=_("Grade the steps a trainee took to settle a hand, as the exam mode does: every step judged "
                      "against the engine.") + " " + _("Input:") + ' {"hand": <a settle input>, "dealer": {"hand", '
        '"qualifies"}, "steps": [{"seat", "wager", "action", "amount"}]}.',
    )
    add_input_options(grade, file=_("the hand and the steps as JSON (default, or '-': standard input)"),
                      line=_("one request per input line, one result per output line, each written at once"),
                      text=_("print the review as the table shows it instead of JSON"))
    from trainer.cli.store import add_quiz_options

    add_quiz_options(grade)  # --profile NAME: each hand graded is kept in the trainee's progress
    grade.set_defaults(handler=run_grade)


def run_grade(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``uth-trainer grade``: errors are one line on stderr and exit status 2, never a traceback."""
    from trainer.store import StoreError

    def fail(message: str) -> int:
        print(f"uth-trainer grade: {safe(message)}", file=stderr)
        return EXIT_USAGE

    try:
        keep = _keeper(args, stderr)
    except StoreError as exc:
        return fail(str(exc))
    try:
        return _run_grade(args, stdin, stdout, stderr, fail, keep)
    finally:
        if keep is not None:
            keep.close()


def _run_grade(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO,
               fail: Callable[[str], int], keep: GradeKeeper | None) -> int:
    from trainer.engine.paytables import PaytableError, load_paytables
    from trainer.engine.validation import RoundError
    from trainer.quiz.grade import review_of

    try:
        paytables = load_paytables(args.paytables)
    except PaytableError as exc:
        return fail(str(exc))
    try:
        with opened_input(args.file, stdin, stderr, WAITING_MESSAGE) as (source, name):
            if args.jsonl:
                return grade_stream(source, stdout, paytables, keep)
            text = read_document(source, name, MAX_REQUEST_BYTES, longer="use --jsonl for one request per line")
        output = review_of(text, paytables) if args.text else _graded(text, paytables, keep)
    except (InputError, RoundError) as exc:
        return fail(str(exc))
    stdout.write(output + "\n")
    return 0


def grade_stream(source: IO[Any], out: TextIO, paytables: PaytableRegistry, keep: GradeKeeper | None = None) -> int:
    """Grade every line of ``source`` onto ``out``, each result written before the next line is read."""
    from trainer.cli.settle_stream import read_lines

    for line in read_lines(source):
        out.write(grade_line(line, paytables, keep) + "\n")
        out.flush()
    return 0


def grade_line(line: object, paytables: PaytableRegistry, keep: GradeKeeper | None = None) -> str:
    """One input line's output line: the grade as JSON, or ``{"error": ...}`` naming the field. Never raises."""
    from trainer.cli.settle_stream import MAX_LINE_BYTES
    from trainer.engine.validation import RoundError

    try:
        if not isinstance(line, bytes | str):
            raise RoundError("input", f"the line is longer than {MAX_LINE_BYTES:,} bytes")
        text = decode(line)
        if not text.strip():
            return json.dumps({"error": "empty line"})
        return _graded(text, paytables, keep)
    except RoundError as exc:
        return json.dumps({"error": safe(str(exc))}, ensure_ascii=False)
    except Exception as exc:  # one line must never end the run; the message says what happened
        return json.dumps({"error": f"input: could not be graded ({type(exc).__name__})"})


class GradeKeeper:
    """``--profile NAME``: each hand graded is kept in the trainee's progress (no seed: a graded hand comes from
    the training room, not from a drill that deals it again)."""

    def __init__(self, store: Store, profile: Profile, stderr: TextIO | None = None) -> None:
        self.store, self.profile, self.stderr = store, profile, stderr
        self.unsaved = 0

    def keep(self, result: ItemResult) -> None:
        """Keep the hand; when the store cannot take it (read-only, busy), the grade stands and one line says so."""
        from trainer.store import StoreError

        if not result.steps:
            return
        try:
            self.store.record_item(self.profile, result)
        except StoreError as exc:
            self.unsaved += 1
            if self.unsaved == 1 and self.stderr is not None:
                _say(self.stderr, _("a graded hand could not be saved to {name}'s progress ({problem}); the grade "
                                    "stands").format(name=self.profile.name, problem=exc))

    def close(self) -> None:
        """Close the store; a class store's items still waiting to be sent are said in one line."""
        try:
            status = getattr(self.store, "status", "")
            if "waiting" in status and self.stderr is not None:
                from trainer.store.classroom import shown_status

                _say(self.stderr, shown_status(status), prefix="uth-trainer: ")
            line = self.store.skipped_line()
            if line and self.stderr is not None:
                _say(self.stderr, line, prefix="uth-trainer: ")
        finally:
            self.store.close()


def _say(stderr: TextIO, line: str, *, prefix: str = "uth-trainer grade: ") -> None:
    """One line on ``stderr`` (its control characters and lone surrogates escaped); a stream that cannot take it
    does not stop the grading."""
    with contextlib.suppress(OSError, ValueError):
        print(prefix + safe(" ".join(line.splitlines())), file=stderr, flush=True)


def _keeper(args: argparse.Namespace, stderr: TextIO | None = None) -> GradeKeeper | None:
    """The keeper of ``--profile NAME`` (None without it, or when the store cannot be opened or the profile not
    made: one line then says so, and the grades stand); raises :class:`~trainer.store.StoreError` for a name that
    cannot be a profile's or a ``--store`` that is not a class store's URL. The store's notices (a damaged file
    moved aside, a class store offline) are said once, here."""
    from trainer.store import StoreError
    from trainer.store.classdb import is_class_url
    from trainer.store.opening import open_store
    from trainer.store.store import check_name

    name = getattr(args, "profile", None)
    if not name:
        return None
    name = check_name(name)
    url = getattr(args, "store", None)
    if url and not is_class_url(url):
        raise StoreError(f"--store takes a class store's URL (postgresql://USER:PASSWORD@HOST/DATABASE), "
                         f"not {url!r}")
    try:
        store = open_store(getattr(args, "data_dir", None), url)
    except StoreError as exc:
        if stderr is not None:
            _say(stderr, _("the graded hands cannot be saved to {name}'s progress ({problem}); the grade "
                           "stands").format(name=name, problem=exc))
        return None
    try:
        for notice in store.notices:
            if stderr is not None:
                _say(stderr, notice, prefix="uth-trainer: ")
        return GradeKeeper(store, store.profile_or_new(name), stderr)
    except StoreError as exc:
        store.close()
        if stderr is not None:
            _say(stderr, _("the graded hands cannot be saved to {name}'s progress ({problem}); the grade "
                           "stands").format(name=name, problem=exc))
        return None
    except BaseException:
        store.close()
        raise


def _graded(text: str, paytables: PaytableRegistry, keep: GradeKeeper | None) -> str:
    """One request graded as JSON text; with ``--profile`` the hand is kept in the trainee's progress."""
    from trainer.quiz.grade import grade, grade_json, read_grade
    from trainer.settle_io import dumps

    quiz = grade(read_grade(text, paytables))
    if keep is not None:
        keep.keep(quiz.result())
    return dumps(grade_json(quiz))
