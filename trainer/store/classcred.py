"""A class store's password kept out of the settings file: the settings keep the URL without it; the password goes
to the system keyring when the ``keyring`` package is installed and has a working backend, else the user is told to
put it in ``~/.pgpass`` (which the PostgreSQL client reads by itself). For this run of the trainer it is also kept
in memory, so a station that has no keyring still connects until it closes.

>>> split_password("postgresql://room_station:s%40cret@db:5433/room?sslmode=require")
('postgresql://room_station@db:5433/room?sslmode=require', 's@cret')
>>> split_password("postgresql://room_station@db/room")
('postgresql://room_station@db/room', None)
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from trainer.i18n.translation import _
from trainer.store.classdb import where

KEYRING_SERVICE = "uth-trainer class store"
_remembered: dict[str, str] = {}


def split_password(url: str) -> tuple[str, str | None]:
    """``url`` without its password, and the password (None when the URL has none)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url, None
    user = f"{parts.username}@" if parts.username is not None else ""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{user}{host}{':' + str(parts.port) if parts.port else ''}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment)), unquote(parts.password)


def with_password(url: str, password: str) -> str:
    """``url`` (without a password) with ``password`` put back in."""
    parts = urlsplit(url)
    user = quote(unquote(parts.username or ""), safe="")
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit((parts.scheme, f"{user}:{quote(password, safe='')}@{host}", parts.path, parts.query,
                       parts.fragment))


KEYRING_EXTRA = "pip install 'uth-dealer-trainer[keyring]'"
"""How the optional ``keyring`` package is installed with the trainer (``pip install '.[keyring]'`` from source)."""


def keyring_installed() -> bool:
    """Whether the optional ``keyring`` package is installed (whatever its backend)."""
    return importlib.util.find_spec("keyring") is not None


def _keyring() -> Any | None:
    """The ``keyring`` module when it is installed and its backend can keep a password, else None."""
    try:  # (an optional package, the extra ``keyring``: the trainer works without it)
        keyring = importlib.import_module("keyring")
        fail = importlib.import_module("keyring.backends.fail")
    except ImportError:
        return None
    try:
        backend = keyring.get_keyring()
    except Exception:  # a keyring backend that cannot even start is one we cannot use
        return None
    return None if isinstance(backend, fail.Keyring) else keyring


def keep_password(url: str) -> tuple[str, str]:
    """Keep the password of ``url`` out of the settings: returns the URL to save (without it) and one line saying
    where the password went ("" when the URL had none)."""
    bare, password = split_password(url)
    if password is None:
        return bare, ""
    _remembered[bare] = password
    keyring = _keyring()
    if keyring is not None:
        try:
            keyring.set_password(KEYRING_SERVICE, bare, password)
            return bare, _("The password is kept in the system keyring, not in the settings file.")
        except Exception as error:  # the backend refused (locked, no session bus): say so, use ~/.pgpass
            reason = f" ({error})"
    elif not keyring_installed():
        reason = " " + _("(the keyring package is not installed: {command})").format(command=KEYRING_EXTRA)
    else:
        reason = " " + _("(no usable keyring on this computer)")
    return bare, _("The password is not saved{reason}: put it in ~/.pgpass as {line} so the trainer finds it at "
                   "the next start.").format(reason=reason, line=_pgpass_line(bare))


def full_url(url: str) -> str:
    """``url`` as saved, with the password kept for it (this run, or the keyring) put back; as it is otherwise
    (the PostgreSQL client then looks in ``~/.pgpass``)."""
    bare, password = split_password(url)
    if password is not None:
        return url
    found = _remembered.get(bare)
    if found is None:
        keyring = _keyring()
        if keyring is not None:
            try:
                found = keyring.get_password(KEYRING_SERVICE, bare)
            except Exception:  # no keyring now: ~/.pgpass still may have it
                found = None
    return with_password(bare, found) if found else bare


def _pgpass_line(url: str) -> str:
    """The ``~/.pgpass`` line for ``url``: ``host:port:database:user:PASSWORD``."""
    parts = urlsplit(url)
    place = where(url)
    database = place.split("/", 1)[1] if "/" in place else "*"
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}:{database}:{unquote(parts.username or '*')}:PASSWORD"
