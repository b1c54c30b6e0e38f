"""The Settings dialog's *Class store* tab: the training room's PostgreSQL class store this station works on.

The URL is tested with *Connect* on a thread of its own (a host that does not answer never holds the window up),
and the answer is one line: connected, or the class store's own line for what is wrong (host unreachable, wrong
password, not a class store, a newer schema). A password typed in the URL is taken out of it at once
(:func:`~trainer.store.classcred.keep_password`: the keyring, or the user is told to use ``~/.pgpass``); the
settings keep the URL without it.
"""

from __future__ import annotations

import contextlib
import threading

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from trainer.gui.settings_tabs.form import ErrorRows, form_of
from trainer.i18n.translation import N_, _
from trainer.store.classcred import full_url, keep_password
from trainer.store.errors import StoreError

CONNECTING = N_("Connecting…")
LINE_WIDTH = 520
"""The width the answer and the password's line wrap at (the URL field's and the button's)."""


class _Answer(QObject):
    """Carries a connection test's answer from its thread to the window's."""

    said = Signal(bool, str)


class ClassStoreTab(QWidget):
    """The URL field (:attr:`url`), the *Connect* button (:attr:`connect_button`) and its answer (:attr:`result`),
    and where the password went (:attr:`password_note`)."""

    tested = Signal(bool, str)
    """A connection test ended: whether the class store can be used, and the line shown."""

    def __init__(self, rows: ErrorRows) -> None:
        super().__init__()
        form = form_of(self)
        self.url = QLineEdit()
        self.url.setObjectName("class_store_url")
        self.url.setPlaceholderText(
            _("postgresql://USER:PASSWORD@HOST:PORT/DATABASE (empty: this station's own store)"))
        # the whole example shows, in any language (the field's margins and frame take about 16 pixels)
        self.url.setMinimumWidth(max(420, self.url.fontMetrics().horizontalAdvance(self.url.placeholderText()) + 16))
        self.url.setToolTip(_("The station URL the instructor's `uth-trainer class init` gave"))
        self.connect_button = QPushButton(_("C&onnect"))
        self.connect_button.setObjectName("classStoreConnect")
        self.connect_button.setToolTip(_("Try the class store now"))
        line = QWidget()
        row = QHBoxLayout(line)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.url)
        row.addWidget(self.connect_button)
        rows.add(form, _("Class store &URL:"), line, "class_store_url")
        self.result = QLabel()
        self.result.setObjectName("classStoreResult")
        self.result.setWordWrap(True)
        self.result.setMinimumWidth(LINE_WIDTH)
        form.addRow("", self.result)
        self.password_note = QLabel()
        self.password_note.setObjectName("classStorePassword")
        self.password_note.setWordWrap(True)
        self.password_note.setMinimumWidth(LINE_WIDTH)
        form.addRow("", self.password_note)
        note = QLabel(_("A training room keeps the whole class on one class store: every trainee finds their "
                        "progress at any station. Items scored while the server is away wait on this station and "
                        "are sent when it answers. The window opens on the class store from its next start; empty "
                        "keeps this station's own store."))
        note.setObjectName("classStoreNote")
        note.setWordWrap(True)
        form.addRow("", note)
        self._answer = _Answer(self)
        self._answer.said.connect(self._show)
        self._testing: threading.Thread | None = None
        self.url.editingFinished.connect(self.take_password)
        self.connect_button.clicked.connect(self.try_connect)

    def take_password(self) -> None:
        """A password typed in the URL leaves the field (and never reaches the settings file)."""
        bare, said = keep_password(self.url.text().strip())
        if said:
            self.url.setText(bare)
            self.password_note.setText(said)

    def try_connect(self) -> None:
        """Test the URL on a thread of its own; :attr:`result` says how it went."""
        self.take_password()
        url = self.url.text().strip()
        if not url:
            self._show(False, _("No class store: this station keeps its own progress."))
            return
        self.connect_button.setEnabled(False)
        self.result.setStyleSheet("")
        self.result.setText(_(CONNECTING))
        self._testing = threading.Thread(target=self._test, args=(full_url(url),), name="class-store-test",
                                         daemon=True)
        self._testing.start()

    def _test(self, url: str) -> None:
        from trainer.store.classroom import try_class_store  # (psycopg loads when a class store is tried)

        try:
            usable, line = True, f"{try_class_store(url)}."
        except StoreError as error:
            usable, line = False, _("Cannot use it: {error}.").format(error=error)
        with contextlib.suppress(RuntimeError):  # the dialog closed while the server was tried: nobody to tell
            self._answer.said.emit(usable, line)

    def _show(self, usable: bool, line: str) -> None:
        self.connect_button.setEnabled(True)
        self.result.setStyleSheet("color: #1b5e20;" if usable else "color: #b00020;")
        self.result.setText(line)
        self.tested.emit(usable, line)
