"""The ``uth-trainer`` command: the table (no arguments), each command in its own module: :mod:`trainer.cli.settle`,
:mod:`trainer.cli.quiz`, :mod:`trainer.cli.grade`, :mod:`trainer.cli.odds`, :mod:`trainer.cli.store` (``report``,
``profile``, ``backup``), :mod:`trainer.cli.classroom` (``class``). :mod:`trainer.cli.inputs` reads a command's
input, :mod:`trainer.cli.settle_stream` runs ``settle --jsonl``, :mod:`trainer.cli.status` holds the exit statuses.
Here: the parser, and running a command so that it ends the conventional way. Nothing below the command line
imports this package."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from trainer import __version__
from trainer.cli.status import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, EXIT_USAGE, EXIT_WRITE_FAILED

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from trainer.store.reports import TraineeReport

# The names settle and quiz use stay importable from here, as before they had modules of their own.
__all__ = [
    "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "EXIT_USAGE", "EXIT_WRITE_FAILED", "FILES_EPILOG", "MAX_HAND_BYTES",
    "MAX_QUIZ_COUNT", "WAITING_MESSAGE", "ClosedStream", "ClosedStreamError", "Handler", "InputError",
    "add_input_options", "build_parser", "decode", "main", "opened_input", "read_at_most", "replaced_tables",
    "run_guarded", "run_quiz_command", "run_settle", "safe", "spell_what_it_can_encode", "standard_streams",
    "write_pdf_report",
]

Handler = Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]

def build_parser() -> argparse.ArgumentParser:
    """The command line: no command opens the table; each command is added by its own ``_add_…`` function."""
    from trainer.cli.words import FILES_EPILOG
    from trainer.i18n.translation import _

    parser = _Parser(
        prog="uth-trainer",
        description=_("UTH Dealer Trainer: deal and settle Ultimate Texas Hold'em. With no command it opens the "
                      "table."),
        epilog=_(FILES_EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"uth-trainer {__version__}",
                        help=_("show program's version number and exit"))
    from trainer.cli.store import add_global_options, add_parsers

    add_global_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    from trainer.cli.quiz import add_quiz_command
    from trainer.cli.settle import add_settle_command

    add_settle_command(commands)
    add_quiz_command(commands)
    from trainer.cli.grade import add_grade_command

    add_grade_command(commands)
    add_parsers(commands)
    from trainer.cli.odds import add_parser as add_odds_parser

    add_odds_parser(commands)
    return parser


class _Parser(argparse.ArgumentParser):
    """The command line's parser (its commands' too): ``--help`` and ``--version`` that cannot be written (a full
    disk, a closed standard output) end with one line and a non-zero status, as a command's output does."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message and file is sys.stdout:
            status = printed(message)
            if status:
                raise SystemExit(status)
            return
        super()._print_message(message, file)


def printed(text: str) -> int:
    """``text`` written to standard output and flushed: 0; when it cannot be (a full disk, a closed stream) one
    line on stderr and :data:`EXIT_WRITE_FAILED` (a reader gone away: :data:`EXIT_BROKEN_PIPE`, silently)."""
    stdout = sys.stdout
    try:
        if stdout is None:
            raise ValueError("standard output is closed")
        stdout.write(text)
        stdout.flush()
    except BrokenPipeError:
        _quiet_stdout(stdout)
        return EXIT_BROKEN_PIPE
    except (OSError, ValueError) as exc:
        if stdout is not None:
            _quiet_stdout(stdout)
        problem = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        from trainer.i18n.translation import _

        with contextlib.suppress(OSError, ValueError, AttributeError):
            print("uth-trainer: " + _("cannot write the output ({problem})").format(problem=problem),
                  file=sys.stderr)
        return EXIT_WRITE_FAILED
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:
        # what the parser's --version prints, before the commands' modules are loaded to build it
        return printed(f"uth-trainer {__version__}\n")
    arguments = list(sys.argv[1:] if argv is None else argv)
    _speak(arguments)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command in ("settle", "grade") and not getattr(args, "text", False):
        from trainer.i18n.translation import set_language

        set_language("en")  # their JSON is a contract in English, and so are its error lines
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
                   class_url=getattr(args, "store", None), language=getattr(args, "lang", None))


def _speak(arguments: Sequence[str]) -> None:
    """Speak the language ``--lang`` asks for before the parser is built, so that ``--help`` is in it too (a
    language the trainer does not speak is left to the parser to refuse); without ``--lang``, the one chosen in
    Settings, else the system's (the window decides again and keeps the first choice:
    :func:`trainer.gui.app.run_app`)."""
    from trainer.cli import words
    from trainer.i18n.translation import SPOKEN, language_from_environment, set_language

    asked = None
    for index, argument in enumerate(arguments):
        if argument == "--":
            break
        if argument == "--lang" and index + 1 < len(arguments):
            asked = arguments[index + 1]
        elif argument.startswith("--lang="):
            asked = argument.partition("=")[2]
    if asked not in SPOKEN:
        asked = _saved_language() or language_from_environment()
    set_language(asked)
    words.argparse_speaks_the_catalogue()



def _saved_language() -> str | None:
    """The language chosen in Settings, when the settings file names one the trainer speaks (a file that cannot
    be read is left for the window to report: the command speaks the system's language meanwhile)."""
    import json

    from trainer.i18n.translation import SPOKEN
    from trainer.settings.file import default_settings_path

    try:
        path = default_settings_path()
        if not path.is_file():  # a FIFO named settings.json must not hold the command up
            return None
        with path.open("rb") as file:
            saved = json.loads(file.read(1 << 20)).get("language")
    except (OSError, ValueError, AttributeError):
        return None
    return saved if saved in SPOKEN else None


def standard_streams() -> tuple[TextIO, TextIO, TextIO]:
    """Standard input, output and error for a command: one the shell closed (``<&-``, ``>&-``) stands in as a
    :class:`~trainer.cli.inputs.ClosedStream` (a closed error stream as the null device); output and error write
    what their encoding cannot (``PYTHONIOENCODING=ascii``, cp1252) in plain ASCII spellings."""
    from trainer.cli.inputs import ClosedStream, spell_what_it_can_encode

    stdin: Any = sys.stdin if sys.stdin is not None else ClosedStream("standard input")
    stdout: Any = sys.stdout if sys.stdout is not None else ClosedStream("standard output")
    stderr: Any = sys.stderr
    if stderr is None:
        stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the process)
    for stream in (stdout, stderr):
        spell_what_it_can_encode(stream)
    return stdin, stdout, stderr


def write_pdf_report(reports: Sequence[TraineeReport], target: str, title: str | None = None, *,
                     keep: Iterable[Path] = (), table: tuple[Sequence[str], Sequence[Sequence[str]]] | None = None
                     ) -> int:
    """``report --format pdf``: the GUI's Qt PDF writer, which needs Qt's fonts, not a screen (without a display
    Qt runs offscreen); with ``table`` (its heads and rows), that table under ``title`` instead."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from trainer.gui.progress.pdf import write_pdf, write_table_pdf

    if table is not None:
        return write_table_pdf(title or "", table[0], table[1], target, keep=keep)
    return write_pdf(reports, target, title=title, keep=keep)


def run_guarded(handler: Handler, args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Run a command so that it ends the conventional way: Ctrl-C exits 130, a closed pipe 141 (both silently),
    a failed write (a full disk) one line and 1, a closed standard stream one line and 2 (input) or 1 (output);
    never a traceback."""
    from trainer.cli.inputs import ClosedStreamError

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


_LAZY = {
    "trainer.cli.inputs": ("ClosedStream", "ClosedStreamError", "decode", "opened_input", "read_at_most", "safe",
                           "spell_what_it_can_encode"),
    "trainer.cli.options": ("add_input_options",),
    "trainer.cli.words": ("FILES_EPILOG",),
    "trainer.cli.quiz": ("run_quiz_command",),
    "trainer.cli.settle": ("MAX_HAND_BYTES", "WAITING_MESSAGE", "replaced_tables", "run_settle"),
    "trainer.drills.terminal": ("MAX_QUIZ_COUNT",),
    "trainer.userfiles": ("InputError",),
}
"""The names settle and quiz use, importable from here as before they had modules of their own, loaded when first
asked for: ``uth-trainer --version`` loads none of them."""


def __getattr__(name: str) -> Any:
    import importlib

    for module, names in _LAZY.items():
        if name in names:
            return getattr(importlib.import_module(module), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    sys.exit(main())
