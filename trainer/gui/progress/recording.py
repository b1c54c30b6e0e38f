"""Every scored item kept in the progress store without ever holding the window up: the store's
:class:`~trainer.store.recorder.ItemQueue` (queued, retried, told once) on the window's Qt timer. An exam attempt
is stored the same way (:class:`~trainer.gui.progress.exam_run.ExamRun`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from trainer.scoring import ItemResult
from trainer.store.recorder import RETRY_MS, WAIT_MS, ItemQueue, is_busy, waiting_at_most
from trainer.store.records import Profile, Replay
from trainer.store.store import Store


class Recorder(QObject):
    """Writes items to ``store`` in the order they were scored; ``failed`` hears the first failure's message."""

    def __init__(self, store: Store, failed: Callable[[str], object], parent: QObject | None = None, *,
                 wait_ms: int = WAIT_MS, retry_ms: int = RETRY_MS) -> None:
        super().__init__(parent)
        self.store = store
        self._timer = QTimer(self)
        self._timer.setInterval(retry_ms)
        self._items = ItemQueue(store, failed, self._retry, wait_ms=wait_ms)
        self._timer.timeout.connect(self.flush)

    @property
    def waiting(self) -> int:
        """Items kept until the store can be written."""
        return self._items.waiting

    def record(self, profile: Profile, item: ItemResult, replay: Replay | None = None) -> None:
        """Keep ``item`` for ``profile``, scored now (``replay``: how to deal it again, when the item does not say):
        written at once, or queued while the store is busy."""
        self._items.record(profile, item, replay)

    def flush(self, *, wait_ms: int | None = None) -> None:
        """Write the items waiting, oldest first (a busy store keeps the rest for the timer's next try)."""
        self._items.flush(wait_ms=wait_ms)

    def close(self) -> None:
        """The window closes: the items waiting are written, waiting as long as the store allows for a lock."""
        self._items.close()

    def _retry(self, retrying: bool) -> None:
        if not retrying:
            self._timer.stop()
        elif not self._timer.isActive():
            self._timer.start()


__all__ = ["RETRY_MS", "WAIT_MS", "Recorder", "is_busy", "waiting_at_most"]
