"""``uth-trainer settle [FILE]``: a hand given as JSON (a file, or standard input) settled by the engine, the
settlement printed as JSON (:mod:`trainer.settle_io` has the contract); ``--text`` a readable table; ``--jsonl``
one hand per line (:mod:`trainer.cli.settle_stream`, in ``--workers`` processes). Bad input: one line on stderr
naming the field, exit status 2, nothing on standard output."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, TextIO

from trainer.cli.inputs import opened_input, read_document, safe
from trainer.cli.options import add_input_options
from trainer.cli.status import EXIT_USAGE
from trainer.engine.errors import RoundError
from trainer.i18n.translation import _
from trainer.userfiles import InputError

if TYPE_CHECKING:
    from trainer.engine.paytables import PaytableRegistry

MAX_HAND_BYTES = 4_000_000
"""One hand (``settle`` without ``--jsonl``) is a few hundred bytes; input past this is refused, not read."""
WAITING_MESSAGE = "uth-trainer settle: waiting for a hand as JSON on standard input (end it with Ctrl-D)"


def add_settle_command(commands: Any) -> None:
    """Add ``settle`` to the command line's subcommands."""
    settle = commands.add_parser(
        "settle",
        help=_("settle hands given as JSON (the answer key)"),
        description=_("Settle a hand given as JSON (a file, or standard input) and print the settlement as JSON."),
    )
    add_input_options(settle, file=_("the hand as JSON (default, or '-': standard input)"),
                      text=_("print a readable table instead of JSON"),
                      line=_("one hand per input line, one result per output line, each written at once"))
    settle.add_argument(
        "--workers", type=int, default=1, metavar="N",
        help=_("with --jsonl: settle in N processes, results still in input order (default 1)"),
    )
    settle.set_defaults(handler=run_settle)


def run_settle(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``uth-trainer settle``: errors are one line on stderr and exit status 2, never a traceback."""
    from trainer.engine.paytables import PaytableError, load_paytables
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
            text = read_document(source, name, MAX_HAND_BYTES,
                                 longer="one hand is far shorter; use --jsonl for one hand per line")
        output = _settle_as_text(text, paytables) if args.text else settle_text(text, paytables)
    except (InputError, RoundError) as exc:
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
