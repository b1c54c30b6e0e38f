"""The Settings dialog's *Language* tab: the language the trainer speaks, each named in itself."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from trainer.gui.settings_tabs.form import ErrorRows, combo, form_of
from trainer.i18n.translation import LANGUAGE_NAMES, LANGUAGES, PSEUDO, _, current_language


class LanguageTab(QWidget):
    """The language box (:attr:`language`; each choice in its own language, so a trainee who cannot read the one
    spoken now still finds theirs) and a line saying that it applies at once."""

    def __init__(self, rows: ErrorRows) -> None:
        super().__init__()
        form = form_of(self)
        # the pseudo-language (a test language) is listed only while it is spoken
        codes = (*LANGUAGES, PSEUDO) if current_language() == PSEUDO else LANGUAGES
        self.language = combo([(LANGUAGE_NAMES[code], code) for code in codes], "language")
        rows.add(form, _("&Language:"), self.language, "language")
        note = QLabel(_("The window changes language at once; the round in progress goes on."))
        note.setObjectName("languageNote")
        form.addRow("", note)
