"""The instructor dialog: the PIN first, then the training room: exams, reports, profiles (export, import, backup).
*Start for the trainee* asks for the exam on the form to be dealt (``examRequested``), its mode locked to exam.

A wrong PIN is refused and the PIN field is closed for the wait the store names (1 s, 2 s, 4 s …); Enter in the
PIN field does what the Unlock button does, never closes the dialog. A new PIN is typed twice. File names come from
``ask_path`` (a file dialog by default; the tests pass their own).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.names import drill_name, exam_name
from trainer.gui.progress.words import page_count
from trainer.i18n.translation import N_, _, ngettext
from trainer.store.errors import StoreError
from trainer.store.instructor import Exam, Instructor, delete_exam, exams, save_exam
from trainer.store.store import Store

if TYPE_CHECKING:
    from trainer.store.classroom import ClassStore

AskPath = Callable[[str, str, bool], str | None]
"""``ask_path(title, file filter, for saving)``: a chosen file name, or None."""
AskPin = Callable[[str], str | None]
"""``ask_pin(why)``: the PIN typed (not shown), or None when the instructor cancels."""
PAYTABLE_KINDS = (("trips", N_("Trips pay table")), ("bad_beat", N_("Bad Beat pay table")),
                  ("pairs", N_("Pairs pay table")), ("progressive", N_("Progressive pay table")))
"""Each side bet's pay table chooser: its kind and its label (marked; shown with ``_``)."""


def game_paytables(banking: str) -> dict[str, tuple[str, ...]]:
    """The pay tables an exam on a game of ``banking`` may name, by kind: those its games offer, the first game's
    default first (Washington: Bad Beat BBB-02, BBB-01, BBB-03; never California's table).

    >>> game_paytables("house")["bad_beat"], game_paytables("player-dealer")["trips"]
    (('BBB-02', 'BBB-01', 'BBB-03'), ('UTH-02', 'UTH-04'))
    >>> "pairs" in game_paytables("player-dealer")
    False
    """
    from trainer.engine.games import games

    found: dict[str, list[str]] = {}
    for game in games():
        if game.banking.value == banking:
            for kind, _title in PAYTABLE_KINDS:
                for table_id in game.paytables_of(kind):
                    if table_id not in found.setdefault(kind, []):
                        found[kind].append(table_id)
    return {kind: tuple(ids) for kind, ids in found.items() if ids}


def file_dialog(parent: QWidget) -> AskPath:
    def ask(title: str, pattern: str, save: bool) -> str | None:
        if save:
            name, _pattern = QFileDialog.getSaveFileName(parent, title, "", pattern)
        else:
            name, _pattern = QFileDialog.getOpenFileName(parent, title, "", pattern)
        return name or None

    return ask


def pin_dialog(parent: QWidget) -> AskPin:
    def ask(why: str) -> str | None:
        pin, given = QInputDialog.getText(parent, _("Instructor PIN"), why, QLineEdit.EchoMode.Password)
        return pin if given else None

    return ask


AskText = Callable[[str, str, str], str | None]
"""``ask_text(title, label, text)``: what the user typed, or None when cancelled (an input dialog in the app)."""
Confirm = Callable[[str], bool]
"""``confirm(question)``: whether the user said yes (a question box in the app)."""


def text_dialog(parent: QWidget) -> AskText:
    def ask(title: str, label: str, text: str) -> str | None:
        answer, given = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, text)
        return answer.strip() if given and answer.strip() else None

    return ask


def confirm_dialog(parent: QWidget) -> Confirm:
    def ask(question: str) -> bool:
        answer = QMessageBox.question(parent, _("Instructor"), question)
        return answer == QMessageBox.StandardButton.Yes

    return ask


class InstructorDialog(QDialog):
    """Instructor mode behind the PIN. ``unlocked`` is emitted when the PIN is accepted."""

    unlocked = Signal()
    examRequested = Signal(object)  # noqa: N815 (a Qt signal)
    """The instructor starts an :class:`~trainer.store.instructor.Exam` for the trainee training now."""

    def __init__(self, store: Store, parent: QWidget | None = None, *, gate: Instructor | None = None,
                 ask_path: AskPath | None = None, ask_pin: AskPin | None = None, ask_text: AskText | None = None,
                 confirm: Confirm | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("instructorDialog")
        self.setWindowTitle(_("Instructor"))
        self.store = store
        self.gate = gate or Instructor(store)
        self.ask_path = ask_path or file_dialog(self)
        self.ask_pin = ask_pin or pin_dialog(self)
        self.ask_text = ask_text or text_dialog(self)
        self.confirm = confirm or confirm_dialog(self)
        self.pages = QStackedWidget()
        self.pages.addWidget(self._pin_page())
        self.room = QTabWidget()
        self.room.setObjectName("room")
        self.room.addTab(self._exams_page(), _("Exams"))
        self.room.addTab(self._reports_page(), _("Reports"))
        self.room.addTab(self._profiles_page(), _("Profiles"))
        self.pages.addWidget(self.room)
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(_("Close"))
        for button in buttons.buttons():

            if isinstance(button, QPushButton):
                button.setAutoDefault(False)  # Enter never closes the dialog; Escape or a click does
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.resize(720, 520)
        self._hold_pin(self.gate.pending_wait() if self.gate.has_pin() else 0.0)

    # -- the PIN -------------------------------------------------------------------------------------------

    def _pin_page(self) -> QWidget:
        page = QWidget()
        self.pin_prompt = QLabel()
        self.pin = QLineEdit()
        self.pin.setObjectName("pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.returnPressed.connect(self._pin_entered)
        self.pin_confirm = QLineEdit()
        self.pin_confirm.setObjectName("pinConfirm")
        self.pin_confirm.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin_confirm.setPlaceholderText(_("the same PIN again"))
        self.pin_confirm.returnPressed.connect(self.enter_pin)
        self.pin_confirm_label = QLabel(_("Again"))
        self.pin_button = QPushButton()
        self.pin_button.setObjectName("pinButton")
        self.pin_button.setAutoDefault(False)  # Enter in a field is the field's returnPressed, handled once
        self.pin_button.clicked.connect(self.enter_pin)
        form = QFormLayout()
        self.pin_label = QLabel(_("PIN"))
        form.addRow(self.pin_label, self.pin)
        form.addRow(self.pin_confirm_label, self.pin_confirm)
        row = QHBoxLayout()
        row.addLayout(form, 1)
        row.addWidget(self.pin_button)
        layout = QVBoxLayout(page)
        layout.addWidget(self.pin_prompt)
        layout.addLayout(row)
        layout.addStretch(1)
        self._show_pin_prompt()
        return page

    def _show_pin_prompt(self) -> None:
        if not getattr(self.store, "may_instruct", True):  # a class store: no instructor of the station's own
            if getattr(self.store, "online", True):
                self.pin_prompt.setText(_("This station works on the class store as a station: the instructor's "
                                          "screens open with an instructor's URL (uth-trainer --store "
                                          "INSTRUCTOR_URL, as `class init` or `class add-instructor` printed it)."))
            else:
                self.pin_prompt.setText(_("This station works on a class store that does not answer now: the "
                                          "instructor's screens open only online, with an instructor's URL (the "
                                          "class store's instructors and exams are on its server)."))
            self.pin_prompt.setWordWrap(True)
            for field in (self.pin, self.pin_confirm, self.pin_button):
                field.setEnabled(False)
            for shown in (self.pin_label, self.pin, self.pin_confirm_label, self.pin_confirm, self.pin_button):
                shown.setVisible(False)  # (nothing to type here: the instructor signs in elsewhere)
            return
        if self.gate.has_pin():
            self.pin_prompt.setText(_("Enter the instructor PIN."))
            self.pin_button.setText(_("Unlock"))
        else:
            self.pin_prompt.setText(_("No instructor PIN yet: choose one (at least 4 digits) and type it twice. "
                                      "Only its hash is kept."))
            self.pin_button.setText(_("Set PIN"))
        setting = not self.gate.has_pin()
        self.pin_confirm.setVisible(setting)
        self.pin_confirm_label.setVisible(setting)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Enter is handled by the field it was typed in (the PIN's is Unlock); it never closes the dialog."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)

    def _pin_entered(self) -> None:
        """Enter in the PIN field: Unlock; while a new PIN is being set, first on to the second field."""
        if self.pin_confirm.isVisibleTo(self) and not self.pin_confirm.text():
            self.pin_confirm.setFocus()
            return
        self.enter_pin()

    def enter_pin(self) -> None:
        """Unlock with the PIN typed (or set it, typed twice, when there is none yet); what happened goes to the
        status line."""
        pin = self.pin.text()
        self.pin.clear()
        confirm = self.pin_confirm.text()
        self.pin_confirm.clear()
        if not self.gate.has_pin():
            if not pin:
                self.status.setText(_("Type a PIN (at least 4 digits), then the same PIN again."))
                self.pin.setFocus()
                return
            if confirm != pin:
                self.status.setText(_("The two PINs differ: type the same PIN twice.") if confirm
                                    else _("Type the PIN again in the second field to confirm it."))
                self.pin.setFocus()
                return
            try:
                self.gate.set_pin(pin)
            except StoreError as error:
                self.status.setText(str(error).capitalize())
                return
            self._open_room(_("PIN set."))
            return
        answer = self.gate.check(pin)
        if answer.accepted:
            self._open_room(answer.message)
            return
        self.status.setText(answer.message)
        self._hold_pin(answer.wait)

    def _hold_pin(self, wait: float) -> None:
        """Keep the PIN field closed for ``wait`` seconds (a wrong PIN's wait, kept in the store across openings)."""
        if wait <= 0:
            return
        if not self.status.text():
            self.status.setText(_("A wrong PIN was given: wait {seconds} s before trying again").format(
                seconds=math.ceil(wait)))
        self.pin.setEnabled(False)
        self.pin_button.setEnabled(False)
        QTimer.singleShot(int(wait * 1000) + 50, self._reopen_pin)  # a coarse timer may come early

    def _reopen_pin(self) -> None:
        self.pin.setEnabled(True)
        self.pin_button.setEnabled(True)
        self.pin.setFocus()

    def _open_room(self, message: str) -> None:
        self.status.setText(message)
        self.pages.setCurrentWidget(self.room)
        self.unlocked.emit()

    @property
    def is_unlocked(self) -> bool:
        return self.pages.currentWidget() is self.room

    # -- exams ---------------------------------------------------------------------------------------------

    def _exams_page(self) -> QWidget:
        from trainer.drills.base import all_drills

        page = QWidget()
        self.exam_list = QListWidget()
        self.exam_list.setObjectName("exams")
        self.exam_list.currentItemChanged.connect(
            lambda item, _previous: self._load_exam(str(item.data(Qt.ItemDataRole.UserRole)) if item else ""))
        self.exam_name = QLineEdit()
        self.exam_name.setObjectName("examName")
        self.exam_drill = QComboBox()
        self.exam_drill.setObjectName("examDrill")
        for drill in all_drills():
            self.exam_drill.addItem(drill_name(drill), drill)
        self.exam_game = QComboBox()
        self.exam_game.setObjectName("examGame")
        for label, banking in ((_("Washington (house-banked)"), "house"),
                               (_("California (player-dealer)"), "player-dealer")):
            self.exam_game.addItem(label, banking)
        self.exam_paytables: dict[str, QComboBox] = {}
        self.exam_hands = QSpinBox()
        self.exam_hands.setObjectName("examHands")
        self.exam_hands.setRange(1, 500)
        self.exam_hands.setValue(20)
        self.exam_pass = QDoubleSpinBox()
        self.exam_pass.setObjectName("examPassMark")
        self.exam_pass.setRange(1, 100)
        self.exam_pass.setValue(90)
        self.exam_pass.setSuffix(" %")
        self.exam_time = QDoubleSpinBox()
        self.exam_time.setRange(1, 600)
        self.exam_time.setValue(20)
        self.exam_time.setSuffix(_(" min"))
        form = QFormLayout()
        form.addRow(_("Name"), self.exam_name)
        form.addRow(_("Drill"), self.exam_drill)
        form.addRow(_("Game"), self.exam_game)
        for kind, title in PAYTABLE_KINDS:
            box = QComboBox()
            box.setObjectName(f"examPaytable_{kind}")
            self.exam_paytables[kind] = box
            form.addRow(_(title), box)
        self.exam_game.currentIndexChanged.connect(lambda _index: self._offer_paytables())
        self._offer_paytables()
        form.addRow(_("Hands"), self.exam_hands)
        form.addRow(_("Pass mark"), self.exam_pass)
        form.addRow(_("Time limit"), self.exam_time)
        form.addRow(_("Mode"), QLabel(_("exam (locked: no feedback until the end)")))
        save = QPushButton(_("Save exam"))
        save.setObjectName("saveExam")
        save.clicked.connect(self.save_exam)
        remove = QPushButton(_("Delete"))
        remove.clicked.connect(self._delete_exam)
        start = QPushButton(_("Start for the trainee"))
        start.setObjectName("startExam")
        start.setToolTip(_("Saves the exam, then deals it to the trainee training now, in exam mode"))
        start.clicked.connect(self.start_exam)
        actions = QHBoxLayout()
        actions.addWidget(save)
        actions.addWidget(remove)
        actions.addWidget(start)
        right = QVBoxLayout()
        right.addLayout(form)
        right.addLayout(actions)
        layout = QHBoxLayout(page)
        layout.addWidget(self.exam_list, 1)
        layout.addLayout(right, 2)
        self._list_exams()
        return page

    def _offer_paytables(self) -> None:
        """Each side bet's chooser offers the pay tables of the game chosen, its default first chosen; a side bet
        the game does not offer is left out of the exam (its chooser off, showing a dash)."""
        offered = game_paytables(str(self.exam_game.currentData()))
        for kind, box in self.exam_paytables.items():
            choices = offered.get(kind, ())
            box.clear()
            box.addItems(list(choices) or ["—"])
            box.setEnabled(bool(choices))

    def _list_exams(self) -> None:
        self.exam_list.clear()
        for exam in exams(self.store):  # a trainee's own exam by its drill's name; the store keeps the name
            item = QListWidgetItem(exam_name(exam.name))
            item.setData(Qt.ItemDataRole.UserRole, exam.name)
            self.exam_list.addItem(item)

    def _load_exam(self, name: str) -> None:
        exam = next((each for each in exams(self.store) if each.name == name), None)
        if exam is None:
            return
        self.exam_name.setText(exam.name)
        self.exam_drill.setCurrentIndex(max(0, self.exam_drill.findData(exam.drill)))
        self.exam_game.setCurrentIndex(max(0, self.exam_game.findData(exam.banking)))
        self._offer_paytables()
        for kind, box in self.exam_paytables.items():
            if kind in exam.paytables and box.findText(exam.paytables[kind]) >= 0:
                box.setCurrentText(exam.paytables[kind])
        self.exam_hands.setValue(exam.hands)
        self.exam_pass.setValue(exam.pass_mark)
        self.exam_time.setValue(exam.time_limit_minutes)

    def save_exam(self) -> Exam | None:
        exam = Exam(self.exam_name.text(), str(self.exam_drill.currentData()), self.exam_hands.value(),
                    self.exam_pass.value(), self.exam_time.value(), str(self.exam_game.currentData()),
                    {kind: box.currentText() for kind, box in self.exam_paytables.items() if box.isEnabled()})
        try:
            saved = save_exam(self.store, exam)
        except StoreError as error:
            self.status.setText(str(error))
            return None
        self._list_exams()
        self.status.setText(_("Exam {name} saved.").format(name=repr(saved.name)))
        return saved

    def start_exam(self) -> Exam | None:
        """Save the exam on the form and ask for it to be dealt to the trainee (the dialog closes)."""
        saved = self.save_exam()
        if saved is not None:
            self.examRequested.emit(saved)
            self.accept()
        return saved

    def _delete_exam(self) -> None:
        item = self.exam_list.currentItem()
        if item is not None:
            delete_exam(self.store, str(item.data(Qt.ItemDataRole.UserRole)))
            self._list_exams()

    # -- reports and profiles ------------------------------------------------------------------------------

    def _reports_page(self) -> QWidget:
        page = QWidget()
        self.report_profile = QComboBox()
        self.report_profile.setObjectName("reportProfile")
        csv_button = QPushButton(_("CSV…"))
        csv_button.setObjectName("reportCsv")
        csv_button.clicked.connect(lambda: self.write_report("csv"))
        pdf_button = QPushButton(_("PDF…"))
        pdf_button.setObjectName("reportPdf")
        pdf_button.clicked.connect(lambda: self.write_report("pdf"))
        form = QFormLayout(page)
        form.addRow(_("Report on"), self.report_profile)
        buttons = QHBoxLayout()
        buttons.addWidget(csv_button)
        buttons.addWidget(pdf_button)
        form.addRow(_("Write"), buttons)
        # Translators: the CSV's column names stay in English (a contract for the programs that read it): say so.
        about = QLabel(_("CSV: one row per scored item. PDF: mastery, exam attempts, frequent mistakes, a chart."))

        about.setWordWrap(True)
        form.addRow(about)
        return page

    def _profiles_page(self) -> QWidget:
        page = QWidget()
        self.profile_list = QListWidget()
        self.profile_list.setObjectName("roomProfiles")
        export = QPushButton(_("Export…"))
        export.setObjectName("exportProfile")
        export.clicked.connect(self.export_profile)
        importing = QPushButton(_("Import…"))
        importing.setObjectName("importProfile")
        importing.clicked.connect(self.import_profile)
        backup = QPushButton(_("Back up the store…"))
        backup.setObjectName("backupStore")
        backup.clicked.connect(self.backup)
        buttons = QVBoxLayout()
        for button in (export, importing, backup):
            buttons.addWidget(button)
        if self._on_class_store():  # a class store's trainees, changed on its server (each change audited)
            for key, text, action in (("renameTrainee", _("Rename…"), self.rename_trainee),
                                      ("mergeTrainee", _("Merge into…"), self.merge_trainee),
                                      ("resetTrainee", _("Reset…"), self.reset_trainee),
                                      ("deleteTrainee", _("Delete…"), self.delete_trainee)):
                button = QPushButton(text)
                button.setObjectName(key)
                button.clicked.connect(action)
                buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QHBoxLayout(page)
        layout.addWidget(self.profile_list, 1)
        layout.addLayout(buttons)
        self.refresh_profiles()
        return page

    def refresh_profiles(self) -> None:
        names = [profile.name for profile in self.store.profiles()]
        self.profile_list.clear()
        self.profile_list.addItems(names)
        self.report_profile.clear()
        self.report_profile.addItems([_("The class (every profile)"), *names])

    def write_report(self, kind: str) -> Path | None:
        pattern = _("CSV (*.csv)") if kind == "csv" else _("PDF (*.pdf)")
        name = self.ask_path(_("Write the CSV report") if kind == "csv" else _("Write the PDF report"), pattern,
                             True)
        if not name:
            return None
        from trainer.store.opening import save_report_csv
        from trainer.store.reports import class_report, trainee_report

        chosen = self.report_profile.currentIndex()
        try:
            profiles = [self.store.profile(self.report_profile.currentText())] if chosen > 0 else self.store.profiles()
            if kind == "csv":  # a class store's: every station's items
                rows = save_report_csv(self.store, profiles, name)
                self.status.setText(_wrote_items(rows, name))
            else:
                from trainer.gui.progress.pdf import write_pdf
                from trainer.store.classroom import with_stations

                reports = with_stations(self.store, [trainee_report(self.store, profiles[0])] if chosen > 0
                                        else class_report(self.store))
                pages = write_pdf(reports, name, title=None if chosen > 0 else _("Class report"),
                                  keep=self.store.own_files())
                self.status.setText(_("Wrote {file} ({pages})").format(file=name, pages=page_count(pages)))
        except StoreError as error:
            self.status.setText(str(error))
            return None
        return Path(name)

    def export_profile(self) -> Path | None:
        from trainer.store.transfer import export_profile

        item = self.profile_list.currentItem()
        if item is None:
            self.status.setText(_("Choose a profile to export."))
            return None
        name = self.ask_path(_("Export {name}").format(name=item.text()), _("Profile (*.json)"), True)
        if not name:
            return None
        try:
            count = export_profile(self.store, self.store.profile(item.text()), name)
        except StoreError as error:
            self.status.setText(str(error))
            return None
        self.status.setText(ngettext("Exported {name}: {count} item to {file}",
                                     "Exported {name}: {count} items to {file}", count).format(
            name=item.text(), count=count, file=name))
        return Path(name)

    def import_profile(self) -> None:
        """Import a profile; a file with exam attempts asks the PIN again (the room may have been left open), and
        its attempts are marked again from their items."""
        from trainer.store.transfer import import_profile, read_export

        name = self.ask_path(_("Import a profile"), _("Profile (*.json)"), False)
        if not name:
            return
        try:
            held = len(read_export(name).attempts)
            if held and not self._pin_again(ngettext(
                    "{file} holds {count} exam attempt: the instructor's PIN imports it",
                    "{file} holds {count} exam attempts: the instructor's PIN imports them", held).format(
                    file=name, count=held)):
                return
            self.status.setText(import_profile(self.store, name, instructor=True).describe())
        except StoreError as error:
            self.status.setText(str(error))
        self.refresh_profiles()

    def _pin_again(self, why: str) -> bool:
        """The PIN asked again (wrong PINs wait as at the door); False, with the reason shown, when not given."""
        wait = self.gate.pending_wait()
        if wait > 0:
            self.status.setText(_("A wrong PIN was given: wait {seconds} s before trying again; nothing was "
                                  "imported").format(seconds=math.ceil(wait)))
            return False
        pin = self.ask_pin(why)
        if pin is None:
            self.status.setText(_("Import cancelled: nothing was imported"))
            return False
        answer = self.gate.check(pin)
        if not answer.accepted:
            self.status.setText(_("{reason}; nothing was imported").format(reason=answer.message))
            return False
        return True

    # -- a class store's trainees ------------------------------------------------------------------------------

    def _on_class_store(self) -> bool:
        from trainer.store.classroom import ClassStore

        return isinstance(self.store, ClassStore) and self.store.online and self.store.may_instruct

    def _chosen_trainee(self, what: str) -> str | None:
        item = self.profile_list.currentItem()
        if item is None:
            self.status.setText(_("Choose a trainee to {what}.").format(what=what))
            return None
        return str(item.text())

    def _on_server(self, change: Callable[[ClassStore], str]) -> None:
        """Run ``change`` on the class store (its line to the status), then list the trainees again."""
        from trainer.store.classroom import ClassStore

        store = self.store
        if not isinstance(store, ClassStore):
            return
        try:
            self.status.setText(change(store))
        except StoreError as error:
            self.status.setText(str(error))
        self.refresh_profiles()

    def rename_trainee(self) -> None:
        name = self._chosen_trainee(_("rename"))
        new = self.ask_text(_("Rename {name}").format(name=name), _("New name:"), name or "") if name else None
        if not (name and new and new != name):
            return

        def rename(store: ClassStore) -> str:
            store.rename_trainee(name, new)
            return _("Renamed {name} to {new}").format(name=name, new=new)

        self._on_server(rename)

    def merge_trainee(self) -> None:
        name = self._chosen_trainee(_("merge"))
        into = self.ask_text(_("Merge {name}").format(name=name), _("Into the trainee named:"), "") if name else None
        if name and into and self.confirm(_("Move every item and exam attempt of {name} to {into} and delete "
                                            "{name}?").format(name=name, into=into)):
            self._on_server(lambda store: ngettext(
                "Merged {name} into {into}: {count} item moved", "Merged {name} into {into}: {count} items moved",
                count := store.merge_trainees(name, into)).format(name=name, into=into, count=count))

    def reset_trainee(self) -> None:
        name = self._chosen_trainee(_("reset"))
        if name and self.confirm(_("Delete every item, exam attempt and review card of {name}? {name} stays, "
                                   "with nothing recorded.").format(name=name)):
            self._on_server(lambda store: ngettext(
                "Reset {name}: {count} item deleted (with the exam attempts and review cards)",
                "Reset {name}: {count} items deleted (with the exam attempts and review cards)",
                count := store.reset_trainee(name)).format(name=name, count=count))

    def delete_trainee(self) -> None:
        name = self._chosen_trainee(_("delete"))
        if name and self.confirm(_("Delete {name} with every item and exam attempt?").format(name=name)):
            self._on_server(lambda store: ngettext(
                "Deleted {name} and {count} item", "Deleted {name} and {count} items",
                count := store.delete_trainee(name)).format(name=name, count=count))

    def backup(self) -> None:
        name = self.ask_path(_("Back up the progress store"), _("SQLite (*.sqlite3)"), True)
        if not name:
            return
        try:
            self.status.setText(_("Backed up to {file}").format(file=self.store.backup(name)))

        except StoreError as error:
            self.status.setText(str(error))


def _wrote_items(rows: int, name: str) -> str:
    """``Wrote 3 items to report.csv``, in the current language."""
    return ngettext("Wrote {count} item to {file}", "Wrote {count} items to {file}", rows).format(count=rows,
                                                                                                   file=name)
