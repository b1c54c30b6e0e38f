"""Helpers for tests that start the trainer in a child process."""

from __future__ import annotations

import signal


def ctrl_c_interrupts() -> None:
    """``preexec_fn`` of a child a test will send SIGINT: Ctrl-C has its default meaning there even when the test
    run itself ignores it (a run started in the background, by ``nohup``, or by a CI runner)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
