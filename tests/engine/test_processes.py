"""Worker processes: started from a fresh interpreter, deaf to Ctrl-C (the parent's to handle), ended with the
pool; a Ctrl-C pressed while they start is raised once the pool is in hand, never lost and never leaving one
behind (``odds`` refusing more workers than cores is in tests/test_fuzz_odds.py)."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest

from trainer.engine import processes


@pytest.fixture(autouse=True)
def ctrl_c_raises() -> Any:
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_a_worker_ignores_ctrl_c_and_goes_on_working() -> None:
    with processes.worker_pool(2) as pool:
        workers = list(pool._pool)  # type: ignore[attr-defined]
        for worker in workers:
            os.kill(worker.pid, signal.SIGINT)
        assert pool.map(abs, range(-5, 0)) == [5, 4, 3, 2, 1]
        assert all(worker.is_alive() for worker in workers)
    assert not any(worker.is_alive() for worker in workers)  # ended with the pool


def test_ctrl_c_while_the_workers_start_is_raised_with_the_pool_in_hand_and_ends_them(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    real = processes.worker_context()
    made: list[Any] = []

    class PressedWhileStarting:
        def Pool(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802 (multiprocessing's name)
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C half-way through starting the pool
            made.append(real.Pool(*args, **kwargs))
            return made[-1]

    monkeypatch.setattr(processes, "worker_context", lambda: PressedWhileStarting())
    ran = []
    with pytest.raises(KeyboardInterrupt), processes.worker_pool(2):
        ran.append(True)
    assert ran == [] and len(made) == 1  # held until the pool was made, then raised before any work
    workers = list(made[0]._pool)
    deadline = time.monotonic() + 30
    while any(worker.is_alive() for worker in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(workers) == 2 and not any(worker.is_alive() for worker in workers)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Ctrl-C handled as before


def test_workers_start_from_a_fresh_interpreter() -> None:
    assert processes.worker_context().get_start_method() in ("forkserver", "spawn")
