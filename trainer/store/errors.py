"""What a store operation may raise, for callers that know no SQL (the window): catch :data:`STORE_FAILURES`."""

from __future__ import annotations

import sqlite3


class StoreError(Exception):
    """A store that cannot be used; the message is one line for the user."""


STORE_FAILURES: tuple[type[Exception], ...] = (StoreError, sqlite3.Error)
"""A store that failed: said in one line (its own words, or the database's), never a traceback."""

STORE_OR_FILE_FAILURES: tuple[type[Exception], ...] = (*STORE_FAILURES, OSError)
"""The same, or a file that could not be read or written (a backup, an export)."""

__all__ = ["STORE_FAILURES", "STORE_OR_FILE_FAILURES", "StoreError"]
