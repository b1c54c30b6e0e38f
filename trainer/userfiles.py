"""Reading a file the user names: at most a stated size, from a regular file (or a pipe where the caller allows
one), refused in one line otherwise. Every reader of a user's file (pay-table files, kept odds results, profile
exports) reads through :func:`read_file_at_most`, so ``/dev/zero`` or a folder never grows memory or hangs.

It imports nothing of the trainer: the engine reads pay-table files through it.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "t.toml")
...     _ = open(path, "wb").write(b"x" * 11)
...     print(read_file_at_most(path, 11))
...     try:
...         read_file_at_most(path, 10)
...     except InputError as error:
...         print(error.problem)
b'xxxxxxxxxxx'
is longer than 10 bytes
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class InputError(Exception):
    """The input cannot be opened or read: the message names it and says why; ``problem`` is the why alone."""

    def __init__(self, message: str, problem: str | None = None) -> None:
        super().__init__(message)
        self.problem = problem or message


MAX_FILE_BYTES = 1_000_000
"""A file a user names (a pay-table file: a few kilobytes) is read up to this many bytes unless its reader gives its
own bound (:func:`read_file_at_most`); a longer one is refused in one line, never read into memory whole."""


def read_file_at_most(path: str | Path, limit: int = MAX_FILE_BYTES, *, pipes: bool = True) -> bytes:
    """The bytes of the file at ``path`` (a regular file, or with ``pipes`` a pipe such as ``<(cat t.toml)``), at
    most ``limit`` of them; :class:`InputError` ("PATH: problem") when it cannot be opened or read, is a device, a
    folder (or a pipe without ``pipes``), or is longer than ``limit``. Memory never grows past ``limit`` whatever
    the path names (``/dev/zero``), and a FIFO nobody writes to never blocks the open."""
    name = str(path)

    def refuse(problem: str) -> InputError:
        return InputError(f"{name}: {problem}", problem)

    try:
        # a FIFO must not block the open; Windows has no O_NONBLOCK, and reads bytes only with O_BINARY
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise refuse(f"cannot be read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL in the path
        raise refuse("cannot be read (not a file name)") from None
    mode = os.fstat(handle).st_mode
    if not (stat.S_ISREG(mode) or (pipes and stat.S_ISFIFO(mode))):
        os.close(handle)
        if stat.S_ISDIR(mode) and not pipes:
            raise refuse("is a folder, not a file")
        raise refuse("cannot be read (not a regular file or a pipe)" if pipes else
                     "is a device, FIFO or socket, not a file")
    if stat.S_ISFIFO(mode):
        os.set_blocking(handle, True)  # opened without waiting for a writer; now read what it writes
    with os.fdopen(handle, "rb") as source:
        try:
            data = source.read(limit + 1)
        except OSError as exc:
            raise refuse(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise refuse(f"is longer than {limit:,} bytes")
    return data
