"""Worker processes for the long computations (``odds``, ``settle --jsonl --workers``, the pay-table lab).

One way to start them everywhere: a fresh interpreter (the ``forkserver`` context where the platform has it, else
``spawn``), never a ``fork`` of a process that runs threads (a Qt window, a pool's own threads). Workers ignore
Ctrl-C from their first instruction (they are started while the parent ignores it, and keep ignoring it): the
parent alone handles it and terminates the pool, so Ctrl-C ends a run at once, without a traceback per worker.
The number of workers is bounded by the machine's cores (:func:`most_workers`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool
from typing import Any


def most_workers() -> int:
    """The most worker processes a computation starts: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def worker_context() -> BaseContext:
    """The ``forkserver`` context where the platform has it (Linux), else ``spawn``: never a plain ``fork``."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if initializer is not None:
        initializer(*initargs)


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """While processes start: Ctrl-C ignored, so each starts ignoring it (the disposition is inherited)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may change a handler; a thread's workers ignore Ctrl-C from _start on
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def worker_pool(workers: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = ()) -> Iterator[Pool]:
    """A pool of ``workers`` processes (see the module's note); on leaving it, however (Ctrl-C, an error, a
    cancel), the workers are terminated and waited for; they end at once, holding nothing to save."""
    with _interrupts_ignored():
        pool = worker_context().Pool(workers, initializer=_start, initargs=(initializer, initargs))
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()
