"""The window on a class store: how it stands in the status bar, and File ▸ Upload this station's history.

The items are sent by the store's :class:`~trainer.store.classroom.Sender` on its own thread, so keeping an item
on the window's thread is the local write only; the status bar reads the sender's line every
:data:`STATUS_MS` ("Class store: offline, N items waiting", "Class store: sent"). The upload (as
``uth-trainer class upload``: every item by its uid, so a second one adds nothing) runs on a thread of its own with
its own connections, and says how it went in one line.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu

from trainer.gui.progress.desk import Inform
from trainer.gui.widgets import window_action
from trainer.i18n.translation import _, ngettext
from trainer.store import outbox
from trainer.store.classroom import ClassStore, open_server
from trainer.store.errors import STORE_OR_FILE_FAILURES
from trainer.store.store import Store

STATUS_MS = 500
"""How often the status bar reads how the class store stands."""


class ClassStoreDoor(QObject):
    """The status bar's class store line (:attr:`label`) and the upload entry (:attr:`upload_action`) of a window
    working on ``store``; ``inform`` tells the upload's outcome."""

    uploaded = Signal(str)
    """The upload ended: its one line."""

    def __init__(self, window: QMainWindow, store: ClassStore, menu: QMenu, inform: Inform,
                 on_server: Callable[[], object] | None = None) -> None:
        super().__init__(window)
        self.store = store
        self._inform = inform
        self._on_server = on_server
        store.send_in_background()
        self.label = QLabel()
        self.label.setObjectName("classStoreLabel")
        window.statusBar().addPermanentWidget(self.label)
        self.upload_action: QAction = window_action(
            window, "classUpload", _("&Upload this station's history…"), [],
            tip=_("Send every item kept on this station to the class store (nothing is sent twice)"),
            slot=self.upload, menu=menu)
        self.retranslate()
        self._uploading: threading.Thread | None = None
        self.uploaded.connect(self._upload_done)
        self._timer = QTimer(self)
        self._timer.setInterval(STATUS_MS)
        self._timer.timeout.connect(self.refresh)
        self._timer.start()
        self.refresh()

    def retranslate(self) -> None:
        """The language changed (or the door is built): its tooltip and its menu entry in the current language."""
        self.label.setToolTip(_("The class store {where}: every item is kept on this station first, then sent")
                              .format(where=self.store.place))
        tip = _("Send every item kept on this station to the class store (nothing is sent twice)")
        self.upload_action.setText(_("&Upload this station's history…"))
        self.upload_action.setToolTip(tip)
        self.upload_action.setStatusTip(tip)

    def refresh(self) -> None:
        """The status bar's line, as the sender last found the server (and the screens moved to the server once
        the sender reached it, for a window opened on the station's copy)."""
        if self.store.take_server_reads() and self._on_server is not None:
            self._on_server()
        self.store.reconnect_reads()
        self.label.setText(self.store.status_line())

    def upload(self) -> None:
        """Send the station's whole history on a thread of its own."""
        if self._uploading is not None and self._uploading.is_alive():
            return
        self.upload_action.setEnabled(False)
        self.label.setText(_("Class store: uploading this station's history…"))
        self._uploading = threading.Thread(target=self._upload, name="class-store-upload", daemon=True)
        self._uploading.start()

    def _upload(self) -> None:
        try:
            local = Store.open(path=self.store.local.path)
            try:
                server = open_server(self.store.url)
                try:
                    profiles, added, present = outbox.upload(local, server)
                finally:
                    server.close()
            finally:
                local.close()
        except STORE_OR_FILE_FAILURES as error:
            self._tell(_("Nothing was uploaded: {error}.").format(error=error))
            return
        self._tell(_("Uploaded this station's history to the class store {where}: {trainees}, {added}, {present} "
                     "already there.").format(
            where=self.store.place,
            trainees=ngettext("{count} trainee", "{count} trainees", profiles).format(count=profiles),
            added=ngettext("{count} item added", "{count} items added", added).format(count=added),
            present=present))


    def _tell(self, line: str) -> None:
        with contextlib.suppress(RuntimeError):  # the window closed during the upload: it is done all the same
            self.uploaded.emit(line)

    def _upload_done(self, line: str) -> None:
        self.upload_action.setEnabled(True)
        self.refresh()
        self._inform(line)

    def close(self) -> None:
        self._timer.stop()
