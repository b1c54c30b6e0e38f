"""Reading and writing for the commands that take hands as JSON (``settle``, ``grade``): input bytes to text,
whether a stream is a terminal, and messages that encode whatever they quote."""

from __future__ import annotations

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
