"""``uth-trainer quiz``: ``--list`` the drills, or run one (``--topic``) in the terminal: the hand as text,
prompts on standard output, answers typed on standard input, a score at the end; ``--profile`` keeps the items in
the trainee's progress (:mod:`trainer.cli.store`)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from trainer.cli.inputs import ClosedStream, ClosedStreamError
from trainer.cli.status import EXIT_USAGE
from trainer.drills.terminal import MAX_QUIZ_COUNT
from trainer.i18n.translation import _


def add_quiz_command(commands: Any) -> None:
    """Add ``quiz`` to the command line's subcommands."""
    quiz = commands.add_parser(
        "quiz",
        help=_("run a drill in the terminal"),
        description=_("Run a drill in the terminal: the hand as text, prompts here, answers typed, a score at the "
                      "end."),
    )
    quiz.add_argument("--list", action="store_true", help=_("list the topics, one a line, with a description"))
    quiz.add_argument("--topic", metavar="TOPIC", help=_("the drill to run (see --list)"))
    quiz.add_argument("--seed", type=int, default=None, help=_("replay the same items (default: a new seed)"))
    quiz.add_argument("--count", type=int, default=10, metavar="K",
                      help=_("how many items, 1 to {most} (default 10)").format(most=f"{MAX_QUIZ_COUNT:,}"))
    quiz.add_argument(
        "--mode", choices=["practice", "exam", "speed", "guided"], default="practice",
        help=_("practice: feedback at once (default); exam: feedback at the end; speed: timed"),
    )
    from trainer.cli.store import add_quiz_options

    add_quiz_options(quiz)
    quiz.set_defaults(handler=run_quiz_command)


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
        print("uth-trainer quiz: " + _("name a drill with --topic (see --list)"), file=stderr)
        return EXIT_USAGE
    if args.topic not in drills:
        from trainer.jsonin import shown_text

        print("uth-trainer quiz: " + _("no topic named {topic} (see --list)").format(topic=shown_text(args.topic)),
              file=stderr)
        return EXIT_USAGE
    if not 1 <= args.count <= MAX_QUIZ_COUNT:
        print("uth-trainer quiz: " + _("--count must be 1 to {most}, not {count}").format(
            most=f"{MAX_QUIZ_COUNT:,}", count=args.count), file=stderr)
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
