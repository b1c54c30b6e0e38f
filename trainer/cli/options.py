"""The options ``settle`` and ``grade`` share: the input file, ``--text`` or ``--jsonl``, and ``--paytables``."""

from __future__ import annotations

import argparse

from trainer.i18n.translation import _


def add_input_options(command: argparse.ArgumentParser, *, file: str, text: str, line: str) -> None:
    """``FILE`` (``file``: its help), ``--text`` (``text``: its help) or ``--jsonl`` (``line``: its help), and
    ``--paytables FILE`` (repeatable); each help already in the language spoken."""
    command.add_argument("file", nargs="?", metavar="FILE", help=file)
    form = command.add_mutually_exclusive_group()
    form.add_argument("--text", action="store_true", help=text)
    form.add_argument("--jsonl", action="store_true", help=line)
    command.add_argument(
        "--paytables", action="append", default=[], metavar="FILE",
        help=_("also load pay tables from this TOML or JSON file (may be repeated)"),
    )
