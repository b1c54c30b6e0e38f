"""Progress of a long computation: a bar on a terminal, nothing elsewhere.

A computation reports ``(done, total)`` through a callable; :class:`TerminalProgress` draws it on standard
error, only when that is a terminal, and clears the line at the end.

>>> import io
>>> stream = io.StringIO()
>>> bar = TerminalProgress("counting", stream)
>>> bar(1, 2)
>>> stream.getvalue()
''
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

Progress = Callable[[int, int], None]
"""Called with the work done so far and the whole work."""

_WIDTH = 30


class TerminalProgress:
    """A one-line progress bar with the time left, redrawn at most ten times a second."""

    def __init__(self, label: str, stream: TextIO) -> None:
        self.label = label
        self.stream = stream
        self.enabled = stream.isatty()
        self._start = time.monotonic()
        self._drawn = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        now = time.monotonic()
        if done < total and now - self._drawn < 0.1:
            return
        self._drawn = now
        share = min(done / total, 1.0)
        filled = round(share * _WIDTH)
        elapsed = now - self._start
        left = f", {elapsed / share - elapsed:,.0f} s left" if 0 < share < 1 and elapsed > 1 else ""
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (_WIDTH - filled)}] {share:6.1%}{left}   ")
        self.stream.flush()

    def close(self) -> None:
        """Clear the bar's line."""
        if self.enabled:
            self.stream.write("\r" + " " * (len(self.label) + _WIDTH + 40) + "\r")
            self.stream.flush()
