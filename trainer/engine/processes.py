"""Worker processes for the long computations (``odds``, ``settle --jsonl --workers``, the pay-table lab).

One way to start them everywhere: a fresh interpreter (the ``forkserver`` context where the platform has it, else
``spawn``), never a ``fork`` of a process that runs threads (a Qt window, a pool's own threads). Workers cannot be
interrupted from their first instruction (they start with Ctrl-C held back, then ignore it): the parent alone
handles it and terminates the pool, so Ctrl-C ends a run at once, without a traceback per worker.
The number of workers is bounded by the machine's cores (:func:`most_workers`).
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import multiprocessing.context
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
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
    # what the worker inherited from the fork server (the modules it preloaded) is left out of the collector's
    # passes: it would write into each of those objects, copying their pages, shared until then
    gc.freeze()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held since the start (see _hold_interrupts)
    if initializer is not None:
        initializer(*initargs)


def _hold_interrupts() -> Callable[[], None]:
    """Hold Ctrl-C back while processes start, and return what lets it through.

    SIGINT is blocked in this thread, so a process started meanwhile inherits the block and cannot be interrupted
    before it ignores Ctrl-C (:func:`_start`), as CPython starts its resource tracker. Another thread (a numerical
    library's) may still receive the signal, so in the main thread Ctrl-C is also only noted meanwhile, never
    raised half-way through starting the pool (a worker started but not yet counted would be left behind): it is
    raised when let through, the pool in hand. Where signals cannot be blocked (Windows), nothing is held."""
    if not hasattr(signal, "pthread_sigmask"):
        return lambda: None
    from multiprocessing import resource_tracker

    # started first: starting it lets Ctrl-C through again (CPython unblocks it after), which must not happen
    # between the block below and the workers' start
    resource_tracker.ensure_running()
    previous_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    pressed: list[bool] = []
    previous_handler: Any = None
    if threading.current_thread() is threading.main_thread():
        previous_handler = signal.signal(signal.SIGINT, lambda _signal, _frame: pressed.append(True))

    def let_through() -> None:
        if previous_handler is not None:
            signal.signal(signal.SIGINT, previous_handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, previous_mask)
        if pressed and previous_handler in (signal.default_int_handler, signal.SIG_DFL):
            raise KeyboardInterrupt
        if pressed and callable(previous_handler):
            previous_handler(signal.SIGINT, None)

    return let_through


_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters
_GLIBC_DEFAULT_THRESHOLD = 128 * 1024
_KEPT_FREE = 1 << 30  # free memory at the top of the heap is given back from this much on
_OWN_MAPPING = 32 << 20  # blocks from this size on get a mapping of their own (glibc's largest such threshold)


def _glibc_malloc() -> Any:
    """The C library when it is glibc (it has ``mallopt`` and ``malloc_trim``), else None."""
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except (ImportError, OSError, TypeError):  # no ctypes, or no C library to look in (Windows)
        return None


def keep_freed_memory() -> Any:
    """From now on, keep memory freed for the next arrays (see :func:`reused_memory`; for a worker, which ends
    when its computation does); the C library when it is glibc, else None (nothing changed)."""
    libc = _glibc_malloc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, _OWN_MAPPING)
        libc.mallopt(_M_TRIM_THRESHOLD, _KEPT_FREE)
    return libc


@contextlib.contextmanager
def reused_memory() -> Iterator[None]:
    """Within: memory freed is kept for the next arrays rather than given back to the system at once.

    The counting makes and frees arrays of a few megabytes each batch. By default glibc gives each back (a
    mapping of its own, or the top of the heap), and the system clears new pages for the next one: that took a
    third of the game's counting. Within this, blocks up to 32 MB come from the heap and its free top is kept; on
    leaving, the default thresholds come back and the free memory is given back. Elsewhere than glibc, nothing
    changes."""
    libc = keep_freed_memory()
    if libc is None:
        yield
        return
    try:
        yield
    finally:
        libc.mallopt(_M_TRIM_THRESHOLD, _GLIBC_DEFAULT_THRESHOLD)
        libc.mallopt(_M_MMAP_THRESHOLD, _GLIBC_DEFAULT_THRESHOLD)
        libc.malloc_trim(0)


class _Pool(Pool):
    """A pool whose watcher of workers wakes when a worker ends or the pool changes, not whenever a result waits
    to be read.

    CPython's pool also wakes its worker watcher on every result waiting in the pipe (it replaces workers that
    did their ``maxtasksperchild`` tasks; these pools set none). While a large result is read (``settle
    --workers`` sends back a batch's lines, some hundred kilobytes) the watcher wakes again and again, and with
    the fork server each wake asks every worker whether it ended through a selector of its own: the parent kept
    most of a core busy doing nothing (measured: 2.7 s of the parent's processor for 150 results of 600 kB, 0.3 s
    with the watcher waking as here), one core of two that the workers needed."""

    def _get_sentinels(self) -> list[Any]:
        return [self._change_notifier._reader]  # type: ignore[attr-defined]


def new_pool(context: BaseContext, workers: int, initializer: Callable[..., None],
             initargs: tuple[Any, ...]) -> Pool:
    """A pool of ``workers`` processes of ``context`` (:class:`_Pool`)."""
    return _Pool(workers, initializer=initializer, initargs=initargs, context=context)


@contextlib.contextmanager
def worker_pool(workers: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = (), preload: Sequence[str] = ()) -> Iterator[Pool]:
    """A pool of ``workers`` processes (see the module's note); on leaving it, however (Ctrl-C, an error, a
    cancel), the workers are terminated and waited for; they end at once, holding nothing to save.

    ``preload`` names modules the fork server imports before it starts the first pool (where the platform has
    one): each worker then starts with them imported, their memory shared with the other workers, instead of
    importing them itself."""
    let_through = _hold_interrupts()
    try:
        context = worker_context()
        if preload and isinstance(context, multiprocessing.context.ForkServerContext):
            context.set_forkserver_preload(["__main__", *preload])
        pool = new_pool(context, workers, initializer=_start, initargs=(initializer, initargs))
    except BaseException:
        let_through()
        raise
    try:
        let_through()  # a Ctrl-C pressed while the workers started is raised here, the pool in hand
        yield pool
    finally:
        pool.terminate()
        pool.join()
