"""The exit statuses the commands end with."""

from __future__ import annotations

EXIT_USAGE = 2
"""Bad input or usage: one line on stderr naming the problem."""
EXIT_WRITE_FAILED = 1
"""The result could not be written (a full disk): one line on stderr."""
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT, as a shell reports it)."""
EXIT_BROKEN_PIPE = 141
"""The reader of the output went away (``| head -1``): 128 + SIGPIPE, as a shell reports it; nothing printed."""
