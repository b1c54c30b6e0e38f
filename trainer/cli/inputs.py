"""Reading and writing for the commands: input bytes to text (every file a user names read up to a bound, in
one place), whether a stream is a terminal, messages that encode whatever they quote, and output spelled in what
the stream's encoding can write."""

from __future__ import annotations

import codecs
import contextlib
import unicodedata
from collections.abc import Iterator
from typing import Any, TextIO

from trainer.engine.errors import RoundError
from trainer.jsonin import JsonInputError, decode_utf8
from trainer.userfiles import InputError


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


def read_document(source: Any, name: str, limit: int, *, longer: str) -> str:
    """The one document ``source`` holds, as text: read up to ``limit`` bytes, then decoded as :func:`decode`
    does. :class:`InputError` when reading fails or the input is longer (``longer`` says what to do instead);
    :class:`RoundError` on ``input`` when it is not UTF-8.

    >>> import io
    >>> read_document(io.BytesIO(b"{}"), "standard input", 10, longer="use --jsonl")
    '{}'
    >>> read_document(io.BytesIO(b"[1, 2, 3]"), "standard input", 4, longer="use --jsonl")
    Traceback (most recent call last):
    trainer.userfiles.InputError: input: is longer than 4 bytes (use --jsonl)
    """
    data = read_at_most(source, name, limit + 1)
    if len(data) > limit:
        raise InputError(f"input: is longer than {limit:,} bytes ({longer})")
    return decode(data)


# --- streams that are closed, or cannot encode everything -----------------------------------------------------

ASCII_SPELLINGS = {
    "\u2014": "--", "\u2013": "-", "\u00b7": "-", "\u2022": "*", "\u2026": "...", "\u2018": "'", "\u2019": "'",
    "\u201c": '"', "\u201d": '"', "\u00d7": "x", "\u2264": "<=", "\u2265": ">=", "\u2192": "->", "\u2190": "<-",
    "\u00b1": "+/-", "\u2212": "-", "\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c", "\u2713": "ok",
    "\u2717": "x", "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u20ac": "EUR", "\u00a7": "s.",
}
"""Plain spellings of the characters the trainer writes, for a stream that cannot encode them."""
SPELLING_ERRORS = "uth-spelling"
"""The codec error handler that writes :data:`ASCII_SPELLINGS` (else the letters without accents, else ``?``)."""


def ascii_spelling(char: str) -> str:
    """``char`` in ASCII: its plain spelling, else its letters without accents, else ``?``.

    >>> ascii_spelling("\u2014"), ascii_spelling("\u00e9"), ascii_spelling("\u2660"), ascii_spelling("\u4e00")
    ('--', 'e', 's', '?')
    """
    if char in ASCII_SPELLINGS:
        return ASCII_SPELLINGS[char]
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return plain if plain.isprintable() and plain else "?"


def _spell(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    return "".join(ascii_spelling(char) for char in text), error.end


codecs.register_error(SPELLING_ERRORS, _spell)


def spell_what_it_can_encode(stream: Any) -> None:
    """Make ``stream`` (a text stream) write what its encoding cannot as :func:`ascii_spelling` (``--`` for an em
    dash, ``s`` for a spade as the trainer writes cards: ``As``) instead of failing with ``UnicodeEncodeError``;
    a UTF-8 stream is left as it is."""
    encoding = str(getattr(stream, "encoding", None) or "utf-8")
    try:
        if codecs.lookup(encoding).name.startswith("utf"):
            return
    except LookupError:
        return
    with contextlib.suppress(AttributeError, ValueError, OSError):
        stream.reconfigure(errors=SPELLING_ERRORS)


class ClosedStream:
    """Stands in for a standard stream the shell closed (``<&-``, ``>&-``; Python then has ``None``): reading
    or writing raises :class:`ClosedStreamError`, so the command says so in one line."""

    encoding = "utf-8"

    def __init__(self, name: str) -> None:
        self.name = name

    def _closed(self, *_args: Any) -> Any:
        raise ClosedStreamError(self.name)

    read = readline = write = _closed

    def flush(self) -> None:
        """Nothing was written: nothing to flush."""

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(f"{self.name} is closed")

    @property
    def buffer(self) -> ClosedStream:
        return self


class ClosedStreamError(Exception):
    """A command read or wrote a standard stream that is closed; the message names the stream."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} is closed")
        self.stream = name
