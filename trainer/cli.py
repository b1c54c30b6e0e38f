"""The ``uth-trainer`` command: the table (no arguments), ``settle`` and ``quiz``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from trainer import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="uth-trainer",
        description="UTH Dealer Trainer: deal and settle Ultimate Texas Hold'em. "
        "With no command it opens the table.",
    )
    parser.add_argument("--version", action="version", version=f"uth-trainer {__version__}")
    parser.add_subparsers(dest="command", metavar="COMMAND")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
