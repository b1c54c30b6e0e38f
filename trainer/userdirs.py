"""The user's folders of the trainer: configuration, progress data, caches and logs (``appdirs``).

appdirs ships no type information; this is the one module that imports it, so its ``Any`` goes no further.
It is imported when a folder is first asked for, so the parts that need no folder need nothing installed.
"""

from __future__ import annotations

from pathlib import Path

APP_DIR_NAME = "uth-dealer-trainer"
"""The folder name under the user's configuration, data, cache and log folders."""


def _user_dir(kind: str) -> Path:
    import appdirs  # type: ignore[import-untyped]  # appdirs ships no type information

    return Path(str(getattr(appdirs, f"user_{kind}_dir")(APP_DIR_NAME, appauthor=False)))


def config_dir() -> Path:
    """The trainer's folder for its settings (``~/.config/uth-dealer-trainer`` on Linux)."""
    return _user_dir("config")


def data_dir() -> Path:
    """The trainer's folder for the progress store (``~/.local/share/uth-dealer-trainer`` on Linux)."""
    return _user_dir("data")


def cache_dir() -> Path:
    """The trainer's folder for results it can compute again (``~/.cache/uth-dealer-trainer`` on Linux)."""
    return _user_dir("cache")


def log_dir() -> Path:
    """The trainer's folder for its log (``~/.cache/uth-dealer-trainer/log`` on Linux)."""
    return _user_dir("log")
