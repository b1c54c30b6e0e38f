"""Writing a file the user named (a backup, a profile export, a report) without ever replacing what the name is.

The one rule, for every command that writes a user-named path: the target must be a regular file or a new path.

* ``""``, a directory, a FIFO, a device node or a socket is refused in one line and left as it was;
* a symlink is followed: its target gets the new content, the link stays a link;
* an existing file that cannot be written, or is marked read-only (no write permission for anyone, which
  even the administrator's account honours here), is refused and left as it was;
* a file with several names (hard links) is refused and left as it was: a new file renamed over one name would
  split them;
* the content is written to a hidden temporary file beside the (resolved) target, checked, then renamed over it
  (:func:`trainer.userfiles.replaced`), so a full disk or a writer killed half way leaves the previous file
  whole, and a writer that wrote nothing is an error.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     target = Path(folder) / "report.csv"
...     with written(target) as partial:
...         _ = partial.write_text("a,b\\n", encoding="utf-8")
...     target.read_text(encoding="utf-8")
'a,b\\n'
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from trainer.i18n.translation import _
from trainer.store.db import StoreError
from trainer.userfiles import replaced


class WriteError(StoreError):
    """A user-named path that cannot be written as asked; the message is one line and nothing was changed."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def writable_target(target: str | Path, *, make_folder: bool = False, keep: Iterable[Path] = ()) -> Path:
    """The real path to write for ``target``: symlinks resolved; :class:`WriteError` when it is not a regular
    file or a new path in an existing folder (``make_folder``: the folder is made), is a file that cannot be
    written, or is one of ``keep`` (the progress store's own files)."""
    if not str(target).strip():
        raise WriteError(_("no file named (an empty name): name the file to write"))
    given = Path(target)
    try:
        real = given.resolve(strict=False)
    except (OSError, RuntimeError) as error:  # a symlink loop
        raise WriteError(_("cannot write {path}: {problem}").format(
            path=given, problem=getattr(error, "strerror", None) or error)) from error
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise WriteError(_("cannot write {path}: {problem}").format(path=given, problem=error.strerror or error)) \
            from error
    if real in {Path(path).resolve() for path in keep}:
        raise WriteError(_("{path} is the progress store itself, which a backup, export or report cannot "
                           "overwrite: name another file").format(path=given))
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise WriteError(_("{path} is {kind}, not a file: it is left as it is; name a file").format(
                path=given, kind=_kind(info.st_mode)))
        if not os.access(real, os.W_OK) or not info.st_mode & 0o222:
            raise WriteError(_("{path} is read-only: it is left as it is").format(path=given))
        if info.st_nlink > 1:
            raise WriteError(_hard_linked(given, info.st_nlink))
    if make_folder and not real.parent.exists():
        try:
            real.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise WriteError(_("cannot make the folder {path}: {problem}").format(
                path=real.parent, problem=error.strerror or error)) from error
    if not real.parent.is_dir():
        raise WriteError(_("cannot write {path}: no folder {folder}").format(path=given, folder=real.parent))
    return real


@contextlib.contextmanager
def written(target: str | Path, *, make_folder: bool = False, keep: Iterable[Path] = ()) -> Iterator[Path]:
    """A temporary path to write; when the block ends, checked (not empty) and renamed over ``target``'s real
    path (:func:`trainer.userfiles.replaced`). :class:`WriteError` (and nothing changed) when the target is
    refused or the write fails (a full disk included)."""
    real = writable_target(target, make_folder=make_folder, keep=keep)
    try:
        with replaced(real) as partial:
            yield partial
            if partial.stat().st_size == 0:
                raise WriteError(_("cannot write {path}: nothing was written").format(path=target))
            _still_a_file(real, target)
    except OSError as error:
        raise WriteError(_("cannot write {path}: {problem}").format(path=target, problem=error.strerror or error)) \
            from error


def _still_a_file(real: Path, target: str | Path) -> None:
    """What the name is may have changed while the file was written: checked again just before the rename."""
    try:
        info = os.lstat(real)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        raise WriteError(_("{path} is {kind}, not a file: it is left as it is; name a file").format(
            path=target, kind=_kind(info.st_mode)))
    if info.st_nlink > 1:
        raise WriteError(_hard_linked(target, info.st_nlink))


def _hard_linked(target: str | Path, links: int) -> str:
    return _("{path} has {count} names (hard links): a new file under one of them would split them, so it is left "
             "as it is; name another file").format(path=target, count=links)


def write_text(target: str | Path, text: str, *, keep: Iterable[Path] = ()) -> Path:
    """Write ``text`` (UTF-8) to ``target`` the safe way; returns the real path written."""
    with written(target, keep=keep) as partial:
        partial.write_text(text, encoding="utf-8", newline="")
    return Path(target).resolve()
