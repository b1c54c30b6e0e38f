"""A guard against a reference-count fault of the Qt bindings on Python 3.11.

PySide6 6.12 returns ``None`` from every Qt method that returns nothing without taking a reference to it.
From Python 3.12 ``None`` is immortal and this is harmless; on Python 3.11 each such call lowers ``None``'s
count by one, and after a few thousand calls (a few seconds of painting) the interpreter aborts with
"none_dealloc: deallocating None". :func:`guard_none_refcount` detects the fault and, only then, gives
``None`` a reference count that can never run out, which is what Python 3.12 does for every program.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject

_GUARD = 1 << 48
_guarded = False


def bindings_drop_none() -> bool:
    """True when a Qt call returning nothing lowers ``None``'s reference count (the fault above)."""
    if sys.version_info >= (3, 12):
        return False
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(16):
        probe.setObjectName("probe")
    return sys.getrefcount(None) < before


def guard_none_refcount() -> bool:
    """Apply the guard once if the bindings have the fault; True when it is (now) in place."""
    global _guarded
    if not _guarded and bindings_drop_none():
        # CPython keeps an object's reference count in its first field; None lives as long as the process.
        ctypes.c_ssize_t.from_address(id(None)).value += _GUARD
        _guarded = True
    return _guarded
