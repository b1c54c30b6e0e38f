"""The ``uth-trainer`` command: the table (no arguments), ``settle`` and ``quiz`` here; the other commands in their
own modules: :mod:`trainer.cli.grade`, :mod:`trainer.cli.odds`, :mod:`trainer.cli.store` (``report``, ``profile``,
``backup``). :mod:`trainer.cli.inputs` reads a command's input, :mod:`trainer.cli.settle_stream` runs
``settle --jsonl``. Nothing below the command line imports this package."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from trainer import __version__
from trainer.cli.inputs import (
    ClosedStream,
    ClosedStreamError,
    decode,
    opened_input,
    read_at_most,
    safe,
    spell_what_it_can_encode,
)
from trainer.cli.options import add_input_options
from trainer.drills.terminal import MAX_QUIZ_COUNT
from trainer.userfiles import InputError

if TYPE_CHECKING:
    from trainer.engine.paytables import PaytableRegistry
    from trainer.store.reports import TraineeReport

EXIT_USAGE = 2
"""Bad input or usage: one line on stderr naming the problem."""
EXIT_WRITE_FAILED = 1
"""The result could not be written (a full disk): one line on stderr."""
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT, as a shell reports it)."""
EXIT_BROKEN_PIPE = 141
"""The reader of the output went away (``| head -1``): 128 + SIGPIPE, as a shell reports it; nothing printed."""
MAX_HAND_BYTES = 4_000_000
"""One hand (``settle`` without ``--jsonl``) is a few hundred bytes; input past this is refused, not read."""
WAITING_MESSAGE = "uth-trainer settle: waiting for a hand as JSON on standard input (end it with Ctrl-D)"

Handler = Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]

FILES_EPILOG = """\
where your files are kept (Linux; on Windows under %LOCALAPPDATA%\\uth-dealer-trainer, on macOS under
~/Library/Application Support/uth-dealer-trainer and ~/Library/Logs/uth-dealer-trainer):
  settings  ~/.config/uth-dealer-trainer/settings.json
  progress  ~/.local/share/uth-dealer-trainer/progress.sqlite3 (profiles, scored items, exams)
  logs      ~/.cache/uth-dealer-trainer/log/trainer.log
--data-dir DIR keeps the progress in DIR instead (a local folder).
Back up the progress with `uth-trainer backup FILE` (safe while the table is open) and the
settings by copying settings.json; restore by copying them back while the trainer is closed.
"""


def build_parser() -> argparse.ArgumentParser:
    """The command line: no command opens the table; each command is added by its own ``_add_…`` function."""
    parser = argparse.ArgumentParser(
        prog="uth-trainer",
        description="UTH Dealer Trainer: deal and settle Ultimate Texas Hold'em. "
        "With no command it opens the table.",
        epilog=FILES_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"uth-trainer {__version__}")
    from trainer.cli.store import add_global_options, add_parsers

    add_global_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_settle(commands)
    _add_quiz(commands)
    from trainer.cli.grade import add_grade_command

    add_grade_command(commands)
    add_parsers(commands)
    from trainer.cli.odds import add_parser as add_odds_parser

    add_odds_parser(commands)
    return parser


def _add_settle(commands: Any) -> None:
    settle = commands.add_parser(
        "settle",
        help="settle hands given as JSON (the answer key)",
        description="Settle a hand given as JSON (a file, or standard input) and print the settlement as JSON.",
    )
    add_input_options(settle, file="the hand", text="print a readable table instead of JSON", line="hand")
    settle.add_argument(
        "--workers", type=int, default=1, metavar="N",
        help="with --jsonl: settle in N processes, results still in input order (default 1)",
    )
    settle.set_defaults(handler=run_settle)


def _add_quiz(commands: Any) -> None:
    quiz = commands.add_parser(
        "quiz",
        help="run a drill in the terminal",
        description="Run a drill in the terminal: the hand as text, prompts here, answers typed, a score at the end.",
    )
    quiz.add_argument("--list", action="store_true", help="list the topics, one a line, with a description")
    quiz.add_argument("--topic", metavar="TOPIC", help="the drill to run (see --list)")
    quiz.add_argument("--seed", type=int, default=None, help="replay the same items (default: a new seed)")
    quiz.add_argument("--count", type=int, default=10, metavar="K",
                      help=f"how many items, 1 to {MAX_QUIZ_COUNT:,} (default 10)")
    quiz.add_argument(
        "--mode", choices=["practice", "exam", "speed", "guided"], default="practice",
        help="practice: feedback at once (default); exam: feedback at the end; speed: timed",
    )
    from trainer.cli.store import add_quiz_options

    add_quiz_options(quiz)
    quiz.set_defaults(handler=run_quiz_command)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None and args.command == "odds":
        from trainer.cli.odds import run as run_odds

        handler = lambda a, _stdin, out, err: run_odds(a, out, err)  # noqa: E731
    from trainer.cli import store as store_commands

    if handler is None and args.command in store_commands.COMMANDS:
        handler = lambda a, _stdin, out, err: store_commands.run(a, out, err, write_pdf_report)  # noqa: E731
    if handler is not None:
        return run_guarded(handler, args, *standard_streams())
    from trainer.gui.app import run_app

    return run_app(list(argv) if argv is not None else sys.argv[1:], data_dir=getattr(args, "data_dir", None),
                   class_url=getattr(args, "store", None))


def standard_streams() -> tuple[TextIO, TextIO, TextIO]:
    """Standard input, output and error for a command: one the shell closed (``<&-``, ``>&-``) stands in as a
    :class:`~trainer.cli.inputs.ClosedStream` (a closed error stream as the null device); output and error write
    what their encoding cannot (``PYTHONIOENCODING=ascii``, cp1252) in plain ASCII spellings."""
    stdin: Any = sys.stdin if sys.stdin is not None else ClosedStream("standard input")
    stdout: Any = sys.stdout if sys.stdout is not None else ClosedStream("standard output")
    stderr: Any = sys.stderr
    if stderr is None:
        stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the process)
    for stream in (stdout, stderr):
        spell_what_it_can_encode(stream)
    return stdin, stdout, stderr


def write_pdf_report(reports: Sequence[TraineeReport], target: str, title: str | None = None, *,
                     keep: Iterable[Path] = ()) -> int:
    """``report --format pdf``: the GUI's Qt PDF writer, which needs Qt's fonts, not a screen (without a display
    Qt runs offscreen)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from trainer.gui.progress.pdf import write_pdf

    return write_pdf(reports, target, title=title, keep=keep)


def run_guarded(handler: Handler, args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Run a command so that it ends the conventional way: Ctrl-C exits 130, a closed pipe 141 (both silently),
    a failed write (a full disk) one line and 1, a closed standard stream one line and 2 (input) or 1 (output);
    never a traceback."""
    try:
        status = handler(args, stdin, stdout, stderr)
        stdout.flush()
        return status
    except ClosedStreamError as exc:
        with contextlib.suppress(OSError, ValueError, ClosedStreamError):
            print(f"uth-trainer {args.command}: {exc}", file=stderr)
        return EXIT_USAGE if exc.stream == "standard input" else EXIT_WRITE_FAILED
    except KeyboardInterrupt:
        _quiet_stdout(stdout)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout(stdout)
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        _quiet_stdout(stdout)
        with contextlib.suppress(OSError):
            print(f"uth-trainer {args.command}: cannot write the output ({exc.strerror or exc})", file=stderr)
        return EXIT_WRITE_FAILED


def _quiet_stdout(stdout: TextIO) -> None:
    """Point standard output at the null device so Python's own flush at exit cannot fail a second time."""
    if stdout is not sys.stdout:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        os.close(devnull)


def run_settle(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``uth-trainer settle``: errors are one line on stderr and exit status 2, never a traceback."""
    from trainer.engine.paytables import PaytableError, load_paytables
    from trainer.engine.validation import RoundError
    from trainer.settle_io import settle_text

    def fail(message: str) -> int:
        print(f"uth-trainer settle: {safe(message)}", file=stderr)
        return EXIT_USAGE

    if args.workers < 1 or args.workers > 64:
        return fail(f"--workers must be 1 to 64, not {args.workers}")
    if args.workers > 1 and not args.jsonl:
        return fail("--workers settles --jsonl lines in parallel; one hand needs no workers (add --jsonl)")
    try:
        paytables = load_paytables(args.paytables)
    except PaytableError as exc:
        return fail(str(exc))
    for note in replaced_tables(paytables):
        print(f"uth-trainer settle: note: --paytables {note}", file=stderr)
    try:
        with opened_input(args.file, stdin, stderr, WAITING_MESSAGE) as (source, name):
            if args.jsonl:
                from trainer.cli.settle_stream import settle_stream

                return settle_stream(source, stdout, paytables, workers=args.workers)
            data = read_at_most(source, name, MAX_HAND_BYTES + 1)
    except InputError as exc:
        return fail(str(exc))
    if len(data) > MAX_HAND_BYTES:
        return fail(f"input: is longer than {MAX_HAND_BYTES:,} bytes (one hand is far shorter; "
                    "use --jsonl for one hand per line)")
    try:
        text = decode(data)
        output = _settle_as_text(text, paytables) if args.text else settle_text(text, paytables)
    except RoundError as exc:
        return fail(str(exc))
    stdout.write(output + "\n")
    return 0


def replaced_tables(paytables: PaytableRegistry) -> list[str]:
    """What a room's pay-table files replaced among the shipped tables, one line each (a file may redefine a
    shipped table on purpose, but never without a word)."""
    from trainer.engine.paytables import KINDS, load_paytables

    shipped = load_paytables()
    notes = []
    for kind in KINDS:
        for table_id in shipped.ids(kind):
            table = paytables.get(kind, table_id)
            if table is not shipped.get(kind, table_id):
                notes.append(f"replaces the shipped {shipped.get(kind, table_id).title} with {table.title!s}")
    for schedule_id in shipped.schedule_ids():
        if paytables.collection(schedule_id) is not shipped.collection(schedule_id):
            notes.append(f"replaces the shipped collection schedule {schedule_id}")
    return notes


def _settle_as_text(text: str, paytables: PaytableRegistry) -> str:
    from trainer.settle_io import read_hand, settle_hand, settlement_text

    hand = read_hand(text, paytables)
    return settlement_text(settle_hand(hand), hand)






def run_quiz_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``uth-trainer quiz``: ``--list`` the topics, or run ``--topic`` with ``--seed`` and ``--count``."""
    import random

    from trainer.drills.base import all_drills
    from trainer.drills.terminal import run_quiz
    from trainer.scoring import Mode

    drills = all_drills()
    if args.list:
        for name, drill in drills.items():
            print(f"{name}  {drill.description}", file=stdout)
        return 0
    if isinstance(stdin, ClosedStream):  # said before the first item is dealt, not at its first prompt
        raise ClosedStreamError(stdin.name)
    if not args.topic:
        print("uth-trainer quiz: name a drill with --topic (see --list)", file=stderr)
        return EXIT_USAGE
    if args.topic not in drills:
        from trainer.jsonin import shown_text

        print(f"uth-trainer quiz: no topic named {shown_text(args.topic)} (see --list)", file=stderr)
        return EXIT_USAGE
    if not 1 <= args.count <= MAX_QUIZ_COUNT:
        print(f"uth-trainer quiz: --count must be 1 to {MAX_QUIZ_COUNT:,}, not {args.count}", file=stderr)
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    from trainer.cli.store import quiz_recorder
    from trainer.store import StoreError

    try:
        recorder = quiz_recorder(args, seed=seed, count=args.count, stderr=stderr)
    except StoreError as exc:
        print(f"uth-trainer quiz: {exc}", file=stderr)
        return EXIT_USAGE
    for notice in recorder.store.notices if recorder else ():
        print(f"uth-trainer: {notice}", file=stderr)
    try:
        run_quiz(drills[args.topic], seed=seed, count=args.count, mode=Mode(args.mode), stdin=stdin, stdout=stdout,
                 book=recorder.book if recorder else None)
    finally:
        if recorder:
            status = getattr(recorder.store, "status", "")  # a class store: items still waiting to be sent
            if "waiting" in status:
                print(f"uth-trainer: {status}", file=stderr)
            recorder.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
