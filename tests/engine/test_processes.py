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
    real = processes.new_pool
    made: list[Any] = []

    def pressed_while_starting(*args: Any, **kwargs: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C half-way through starting the pool
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(processes, "new_pool", pressed_while_starting)
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


def test_the_pools_watcher_of_workers_does_not_wake_for_each_result_waiting() -> None:
    """CPython's pool wakes its watcher of workers on every result waiting in the pipe; while a large result is
    read it wakes again and again, and with the fork server each wake asks every worker whether it ended. These
    pools' watcher wakes when a worker ends or the pool changes; results still come back whole and in order."""
    with processes.worker_pool(2) as pool:
        woken_by = pool._get_sentinels()  # type: ignore[attr-defined]
        assert pool._outqueue._reader not in woken_by  # type: ignore[attr-defined]
        assert woken_by == [pool._change_notifier._reader]  # type: ignore[attr-defined]
        results = [pool.apply_async(str.__mul__, (str(index % 10), 600_000)) for index in range(20)]
        assert [result.get() for result in results] == [str(index % 10) * 600_000 for index in range(20)]


def test_workers_start_from_a_fresh_interpreter() -> None:
    assert processes.worker_context().get_start_method() in ("forkserver", "spawn")
