"""The ``uth-trainer`` command: the table (no arguments) and ``settle``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from trainer import __version__

if TYPE_CHECKING:
    from trainer.engine.paytables import PaytableRegistry

EXIT_USAGE = 2

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
    parser = argparse.ArgumentParser(
        prog="uth-trainer",
        description="UTH Dealer Trainer: deal and settle Ultimate Texas Hold'em. "
        "With no command it opens the table.",
        epilog=FILES_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"uth-trainer {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    settle = commands.add_parser(
        "settle",
        help="settle hands given as JSON (the answer key)",
        description="Settle a hand given as JSON (a file, or standard input) and print the settlement as JSON.",
    )
    settle.add_argument("file", nargs="?", metavar="FILE", help="the hand as JSON (default: standard input)")
    form = settle.add_mutually_exclusive_group()
    form.add_argument("--text", action="store_true", help="print a readable table instead of JSON")
    form.add_argument("--jsonl", action="store_true", help="one hand per input line, one result per output line")
    settle.add_argument(
        "--paytables", action="append", default=[], metavar="FILE",
        help="also load pay tables from this TOML or JSON file (may be repeated)",
    )
    quiz = commands.add_parser(
        "quiz",
        help="run a drill in the terminal",
        description="Run a drill in the terminal: the hand as text, prompts here, answers typed, a score at the end.",
    )
    quiz.add_argument("--list", action="store_true", help="list the topics, one a line, with a description")
    quiz.add_argument("--topic", metavar="TOPIC", help="the drill to run (see --list)")
    quiz.add_argument("--seed", type=int, default=None, help="replay the same items (default: a new seed)")
    quiz.add_argument("--count", type=int, default=10, metavar="K", help="how many items (default 10)")
    quiz.add_argument(
        "--mode", choices=["practice", "exam", "speed", "guided"], default="practice",
        help="practice: feedback at once (default); exam: feedback at the end; speed: timed",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "settle":
        return run_settle(args, sys.stdin, sys.stdout, sys.stderr)
    if args.command == "quiz":
        return run_quiz_command(args, sys.stdin, sys.stdout, sys.stderr)
    from trainer.gui.app import run_app

    return run_app(list(argv) if argv is not None else sys.argv[1:])


def run_settle(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``uth-trainer settle``: errors are one line on stderr and exit status 2, never a traceback."""
    from trainer.engine.paytables import PaytableError, load_paytables
    from trainer.engine.validation import RoundError
    from trainer.settle_io import dumps, loads, read_request, settle_request, settlement_text

    def fail(message: str) -> int:
        print(f"uth-trainer settle: {message}", file=stderr)
        return EXIT_USAGE

    try:
        paytables = load_paytables(args.paytables)
    except PaytableError as exc:
        return fail(str(exc))
    try:
        if args.file:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        else:
            text = stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        return fail(f"cannot read {args.file or 'standard input'}: {getattr(exc, 'strerror', None) or exc}")

    if args.jsonl:
        return _settle_lines(text, stdout, paytables, fail)
    try:
        data = loads(text)
        if args.text:
            from trainer.engine.settlement import settle

            output = settlement_text(settle(*read_request(data, paytables)))
        else:
            output = dumps(settle_request(data, paytables))
    except RoundError as exc:
        return fail(str(exc))
    try:
        print(output, file=stdout)
    except OSError as exc:
        return fail(f"cannot write the result: {exc}")
    return 0


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
    if not args.topic:
        print("uth-trainer quiz: name a drill with --topic (see --list)", file=stderr)
        return EXIT_USAGE
    if args.topic not in drills:
        print(f"uth-trainer quiz: no topic named {args.topic!r} (see --list)", file=stderr)
        return EXIT_USAGE
    if args.count < 1:
        print("uth-trainer quiz: --count must be at least 1", file=stderr)
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        run_quiz(drills[args.topic], seed=seed, count=args.count, mode=Mode(args.mode), stdin=stdin, stdout=stdout)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    return 0


def _settle_lines(text: str, stdout: TextIO, paytables: PaytableRegistry, fail: Callable[[str], int]) -> int:
    from trainer.engine.validation import RoundError
    from trainer.settle_io import dumps, loads, settle_request

    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            result = settle_request(loads(line), paytables)
        except RoundError as exc:
            result = {"error": str(exc)}
        try:
            print(dumps(result), file=stdout, flush=False)
        except OSError as exc:
            return fail(f"cannot write the result: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
