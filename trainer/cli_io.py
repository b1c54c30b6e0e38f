"""Reading and writing for the commands that take hands as JSON (``settle``, ``grade``): input bytes to text,
whether a stream is a terminal, and messages that encode whatever they quote."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, TextIO

from trainer.engine.errors import RoundError
from trainer.jsonin import JsonInputError, decode_utf8


def decode(data: bytes | str) -> str:
    """Input bytes as text (UTF-8, a byte-order mark dropped); :class:`RoundError` on ``input`` otherwise.

    >>> decode(b"\\xef\\xbb\\xbf{}"), decode("{}")
    ('{}', '{}')
    """
    if isinstance(data, str):
        return data
    try:
        return decode_utf8(data)
    except JsonInputError as exc:
        raise RoundError("input", str(exc)) from None


def binary(stream: TextIO) -> Any:
    """The byte stream under a text stream (tests pass a ``StringIO``, which is read as text)."""
    return getattr(stream, "buffer", stream)


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (False for anything that cannot say)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def safe(message: str) -> str:
    """Text that encodes as UTF-8 whatever it holds (a lone surrogate is written escaped).

    >>> safe("seat \\udc80")
    'seat \\\\udc80'
    """
    return message.encode("utf-8", "backslashreplace").decode("utf-8")


class InputError(Exception):
    """The input cannot be opened or read: the message names it and says why."""


@contextlib.contextmanager
def opened_input(file: str | None, stdin: TextIO, stderr: TextIO, waiting: str) -> Iterator[tuple[Any, str]]:
    """``file`` (standard input for none or ``-``) opened as bytes, with the name a message gives it; at a
    terminal ``waiting`` is said first. :class:`InputError` when the file cannot be opened."""
    path = None if file in (None, "-") else file
    from_stdin = path is None
    name = "standard input" if path is None else path
    try:
        source = binary(stdin) if path is None else open(path, "rb")  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None
    with contextlib.ExitStack() as closing:
        if not from_stdin:
            closing.enter_context(source)
        if from_stdin and is_terminal(stdin):
            print(waiting, file=stderr, flush=True)
        yield source, name


def read_at_most(source: Any, name: str, limit: int) -> bytes | str:
    """Up to ``limit`` bytes of ``source``; :class:`InputError` when reading fails."""
    try:
        data: bytes | str = source.read(limit)
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None
    return data
