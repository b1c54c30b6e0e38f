"""The settings file: JSON in the user's configuration folder, written atomically, never fatal to read.

Pure Python (no Qt). A file that cannot be read or parsed is moved aside (``settings.json.bad-<timestamp>``) and the
defaults are used; a read-only file, or one written by a newer version, is read as far as it can be and left as it
is. Each of those is reported in one line for the window to show once.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import time
from pathlib import Path

from trainer.i18n.translation import _
from trainer.settings.fields import SettingsError, _is_int, _quoted
from trainer.settings.record import DEFAULTS, SETTINGS_VERSION, Settings, from_json

MAX_FILE_BYTES = 1_000_000
"""A settings file is a few hundred bytes; a bigger one is set aside unread."""


def default_settings_path() -> Path:
    """``settings.json`` in the user's configuration folder."""
    from trainer import userdirs

    return userdirs.config_dir() / "settings.json"


class SettingsStore:
    """The settings file: JSON, written atomically, never fatal to read.

    ``path`` defaults to :func:`default_settings_path`; tests pass a temporary one.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_settings_path()
        self.kept_because: str | None = None
        """Why :meth:`save` must leave the file as it is (read-only, or written by a newer version), or None."""

    def load(self) -> tuple[Settings, str | None]:
        """The saved settings and a one-line message when anything in the file could not be used.

        No file yet: the defaults and ``None``. A file that cannot be read or is not a settings object (not a
        regular file, too big, not UTF-8 JSON, nested too deeply, a key twice): it is moved aside as
        ``settings.json.bad-<timestamp>`` and the defaults are used. Unknown keys and bad values are noted, and
        the rest of the file is kept. A read-only file, or one written by a newer version, is read as far as it
        can be and reported; :meth:`save` then leaves it as it is.
        """
        self.kept_because = None
        try:
            raw = self._read_regular_file()
        except FileNotFoundError:
            return DEFAULTS, None
        except (OSError, ValueError) as exc:
            return DEFAULTS, self._set_aside(_("could not be read ({reason})").format(reason=_reason(exc)))
        from trainer import jsonin

        try:
            data = jsonin.loads(jsonin.decode_utf8(raw))
            settings, notes = from_json(data)
        except jsonin.JsonInputError as exc:
            return DEFAULTS, self._set_aside(_("is not a settings file (it {problem})").format(problem=exc))
        except SettingsError as exc:
            return DEFAULTS, self._set_aside(_("is not a settings file ({problem})").format(problem=exc.message))
        version = data.get("version", SETTINGS_VERSION)
        if _is_int(version) and version > SETTINGS_VERSION:
            self.kept_because = _("it was written by a newer version (settings version {version})").format(
                version=version)
            notes.insert(0, _("written by a newer version (settings version {version}): read as far as it can "
                              "be and kept as it is (changes are not saved)").format(version=version))
        elif version != SETTINGS_VERSION:
            notes.insert(0, _("version {old} read as version {version}").format(old=_quoted(version),
                                                                                version=SETTINGS_VERSION))
        if _read_only(self.path):
            self.kept_because = self.kept_because or _("the file is read-only")
            notes.append(_("the file is read-only: changes are not saved"))
        if not notes:
            return settings, None
        return settings, _("Settings file {path}: {notes}.").format(path=self.path, notes="; ".join(notes))

    def _read_regular_file(self) -> bytes:
        """The file's bytes, opened without blocking and read only when it is a regular file of sane size."""
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(self.path, flags)
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise ValueError("it is not a regular file")
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise ValueError(f"it is bigger than {MAX_FILE_BYTES:,} bytes")
        return raw

    def save(self, settings: Settings) -> bool:
        """Write ``settings`` atomically (:func:`trainer.userfiles.replaced`: a temporary file beside it, then a
        rename).

        A file that :meth:`load` found must be kept as it is (read-only, or written by a newer version:
        :attr:`kept_because`, already reported) is left untouched and False returned. Raises ``OSError`` when the
        folder cannot be written or the file has become read-only; the previous file is then untouched.
        """
        if self.kept_because is not None:
            return False
        if _read_only(self.path):
            raise PermissionError(errno.EACCES, "the settings file is read-only", str(self.path))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(settings.to_json(), indent=2, sort_keys=False) + "\n"
        from trainer.userfiles import replaced  # here: the window's start, which only reads the file, waits not

        with replaced(self.path) as partial:
            partial.write_text(text, encoding="utf-8")
        return True

    def _set_aside(self, what: str) -> str:
        """Move the unusable file out of the way (kept, never deleted) and say so in one line."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = self.path.with_name(f"{self.path.name}.bad-{stamp}-{counter}")
        try:
            os.replace(self.path, target)
        except OSError:
            return _("Settings file {path} {problem}; using the defaults.").format(path=self.path, problem=what)
        return _("Settings file {path} {problem}; it was kept as {name} and the defaults are used.").format(
            path=self.path, problem=what, name=target.name)


def _read_only(path: Path) -> bool:
    """True when the file exists and is marked read-only (no write permission bit, as ``chmod a-w`` or Windows'
    read-only attribute leave it), or cannot be written by this user."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
