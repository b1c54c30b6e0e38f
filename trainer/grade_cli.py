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
from typing import IO, Any, TextIO

from trainer.cli_io import decode, is_terminal, safe
from trainer.engine.paytables import PaytableRegistry

EXIT_USAGE = 2
MAX_REQUEST_BYTES = 4_000_000
"""One request is a few kilobytes; input past this is refused, not read."""
WAITING_MESSAGE = "uth-trainer grade: waiting for a hand and its steps as JSON on standard input (end it with Ctrl-D)"


def add_grade_command(commands: Any) -> None:
    """Add ``grade`` to the command line's subcommands."""
    grade = commands.add_parser(
        "grade",
        help="grade a trainee's settlement of a hand (JSON in, JSON out)",
        description="Grade the steps a trainee took to settle a hand, as the exam mode does: every step judged "
        "against the engine. Input: {\"hand\": <a settle input>, \"dealer\": {\"hand\", \"qualifies\"}, "
        "\"steps\": [{\"seat\", \"wager\", \"action\", \"amount\"}]}.",
    )
    grade.add_argument("file", nargs="?", metavar="FILE",
                       help="the hand and the steps as JSON (default, or '-': standard input)")
    form = grade.add_mutually_exclusive_group()
    form.add_argument("--text", action="store_true", help="print the review as the table shows it instead of JSON")
    form.add_argument("--jsonl", action="store_true",
                      help="one request per input line, one result per output line, each written at once")
    grade.add_argument(
        "--paytables", action="append", default=[], metavar="FILE",
        help="also load pay tables from this TOML or JSON file (may be repeated)",
    )
    grade.set_defaults(handler=run_grade)


def run_grade(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``uth-trainer grade``: errors are one line on stderr and exit status 2, never a traceback."""
    from trainer.engine.paytables import PaytableError, load_paytables
    from trainer.engine.validation import RoundError
    from trainer.quiz.grade import grade_text, review_of

    def fail(message: str) -> int:
        print(f"uth-trainer grade: {safe(message)}", file=stderr)
        return EXIT_USAGE

    try:
        paytables = load_paytables(args.paytables)
    except PaytableError as exc:
        return fail(str(exc))
    from_stdin = args.file in (None, "-")
    name = "standard input" if from_stdin else args.file
    try:
        source = getattr(stdin, "buffer", stdin) if from_stdin else open(args.file, "rb")  # noqa: SIM115
    except OSError as exc:
        return fail(f"cannot read {name}: {exc.strerror or exc}")
    with contextlib.ExitStack() as closing:
        if not from_stdin:
            closing.enter_context(source)
        if from_stdin and is_terminal(stdin):
            print(WAITING_MESSAGE, file=stderr, flush=True)
        if args.jsonl:
            return grade_stream(source, stdout, paytables)
        try:
            data = source.read(MAX_REQUEST_BYTES + 1)
        except OSError as exc:
            return fail(f"cannot read {name}: {exc.strerror or exc}")
    if len(data) > MAX_REQUEST_BYTES:
        return fail(f"input: is longer than {MAX_REQUEST_BYTES:,} bytes (use --jsonl for one request per line)")
    try:
        text = decode(data)
        output = review_of(text, paytables) if args.text else grade_text(text, paytables)
    except RoundError as exc:
        return fail(str(exc))
    stdout.write(output + "\n")
    return 0


def grade_stream(source: IO[Any], out: TextIO, paytables: PaytableRegistry) -> int:
    """Grade every line of ``source`` onto ``out``, each result written before the next line is read."""
    from trainer.settle_stream import read_lines

    for line in read_lines(source):
        out.write(grade_line(line, paytables) + "\n")
        out.flush()
    return 0


def grade_line(line: object, paytables: PaytableRegistry) -> str:
    """One input line's output line: the grade as JSON, or ``{"error": ...}`` naming the field. Never raises."""
    from trainer.engine.validation import RoundError
    from trainer.quiz.grade import grade_text
    from trainer.settle_stream import MAX_LINE_BYTES

    try:
        if not isinstance(line, bytes | str):
            raise RoundError("input", f"the line is longer than {MAX_LINE_BYTES:,} bytes")
        text = decode(line)
        if not text.strip():
            return json.dumps({"error": "empty line"})
        return grade_text(text, paytables)
    except RoundError as exc:
        return json.dumps({"error": safe(str(exc))}, ensure_ascii=False)
    except Exception as exc:  # one line must never end the run; the message says what happened
        return json.dumps({"error": f"input: could not be graded ({type(exc).__name__})"})


