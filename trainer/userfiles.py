"""Reading and writing the user's files.

Reading: at most a stated size, from a regular file (or a pipe where the caller allows one), refused in one line
otherwise. Every reader of a user's file (pay-table files, kept odds results, profile exports) reads through
:func:`read_file_at_most`, so ``/dev/zero`` or a folder never grows memory or hangs.

Writing: every file the trainer writes (the settings, kept odds results, and through
:mod:`trainer.store.safepath` every backup, export and report) is written by :func:`replaced`: a temporary file
beside it, on the disk when the block ends, then renamed over it, so a full disk or a writer killed half way
leaves the previous file whole.

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

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
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


@contextlib.contextmanager
def replaced(target: Path) -> Iterator[Path]:
    """A new temporary file beside ``target`` for the block to write; when the block ends without an error, the
    file is flushed to the disk and renamed over ``target`` (keeping ``target``'s permissions, or the usual ones
    for a new file): a reader sees the old file or the new one, never half of one. On any error the temporary
    file is removed, ``target`` is as it was, and the error goes on (``OSError`` from the file system as it is).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = Path(folder) / "settings.json"
    ...     with replaced(target) as partial:
    ...         _ = partial.write_text("{}", encoding="utf-8")
    ...     sorted(path.name for path in Path(folder).iterdir()), target.read_text(encoding="utf-8")
    (['settings.json'], '{}')
    """
    handle, name = tempfile.mkstemp(prefix=f".{target.name[:60]}.", suffix=".partial", dir=target.parent)
    os.close(handle)
    partial = Path(name)
    try:
        yield partial
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        with contextlib.suppress(OSError):
            os.chmod(partial, mode)
        with open(partial, "rb") as done:
            os.fsync(done.fileno())
        os.replace(partial, target)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
