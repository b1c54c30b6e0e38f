"""The options ``settle`` and ``grade`` share: the input file, ``--text`` or ``--jsonl``, and ``--paytables``."""

from __future__ import annotations

import argparse


def add_input_options(command: argparse.ArgumentParser, *, file: str, text: str, line: str) -> None:
    """``FILE`` (``file``: what it holds), ``--text`` (``text``: its help) or ``--jsonl`` (``line``: what one input
    line holds), and ``--paytables FILE`` (repeatable)."""
    command.add_argument("file", nargs="?", metavar="FILE", help=f"{file} as JSON (default, or '-': standard input)")
    form = command.add_mutually_exclusive_group()
    form.add_argument("--text", action="store_true", help=text)
    form.add_argument("--jsonl", action="store_true",
                      help=f"one {line} per input line, one result per output line, each written at once")
    command.add_argument(
        "--paytables", action="append", default=[], metavar="FILE",
        help="also load pay tables from this TOML or JSON file (may be repeated)",
    )
