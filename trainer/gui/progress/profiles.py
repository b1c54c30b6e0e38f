"""The start page's profile chooser and Today queue.

:class:`ProfileChooser` lists the trainees on this station (items, last practice) and adds one;
``profileChosen(name)`` says who is training. :class:`TodayView` shows a profile's Today queue: the hands got
wrong, the reviews due and the new material; ``drillRequested(drill)`` asks for a drill, ``mistakesRequested()``
for My mistakes.
"""

from __future__ import annotations

from datetime import date
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.names import drill_name
from trainer.gui.progress.words import item_count
from trainer.i18n.formats import format_day
from trainer.i18n.translation import _, ngettext
from trainer.store.errors import StoreError
from trainer.store.learning import TodayKind, today
from trainer.store.records import Profile
from trainer.store.store import Store

KIND_MARKS = {TodayKind.MISTAKES: "✗", TodayKind.REVIEW: "↻", TodayKind.NEW: "＋"}


class ProfileChooser(QWidget):
    """Who is training: pick a profile (double-click or Start) or add one (who then trains)."""

    profileChosen = Signal(str)  # noqa: N815 (a Qt signal)

    def __init__(self, store: Store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("profileChooser")
        self.store = store
        self.list = QListWidget()
        self.list.setObjectName("profiles")
        self.list.itemActivated.connect(lambda _item: self.choose())
        self.name = QLineEdit()
        self.name.setObjectName("newProfileName")
        self.name.setPlaceholderText(_("New trainee's name"))
        self.name.returnPressed.connect(self.add)
        self.add_button = QPushButton(_("Add"))
        self.add_button.setObjectName("addProfile")
        self.add_button.clicked.connect(self.add)
        self.start_button = QPushButton(_("Start"))
        self.start_button.setObjectName("startProfile")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.choose)
        self.problem = QLabel()
        self.problem.setObjectName("profileProblem")
        self.problem.setStyleSheet("color: #b00020")
        adding = QHBoxLayout()
        adding.addWidget(self.name, 1)
        adding.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        self.who = QLabel()
        layout.addWidget(self.who)
        layout.addWidget(self.list, 1)
        layout.addLayout(adding)
        layout.addWidget(self.problem)
        layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignRight)
        self.refresh()

    def refresh(self, select: str | None = None) -> None:
        self.list.clear()
        for profile in self.store.profiles():
            last = self.store.last_practised(profile)
            count = self.store.item_count(profile)
            said = _("{name} — {items}").format(name=profile.name, items=item_count(count))
            if last:
                said = _("{name} — {items}, last {day}").format(name=profile.name, items=item_count(count),
                                                                 day=format_day(date.fromisoformat(last[:10])))
            item = QListWidgetItem(said)
            item.setData(Qt.ItemDataRole.UserRole, profile.name)
            self.list.addItem(item)
            if select is not None and profile.name.casefold() == select.casefold():
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        self.start_button.setEnabled(self.list.count() > 0)
        self._set_texts()

    def _set_texts(self) -> None:
        """The chooser's own words in the current language."""
        self.who.setText("<b>" + escape(_("Who is training?")) + "</b>")

        self.name.setPlaceholderText(_("New trainee's name"))
        self.add_button.setText(_("Add"))
        self.start_button.setText(_("Start"))

    def add(self) -> None:
        try:
            profile = self.store.add_profile(self.name.text())
        except StoreError as error:
            self.problem.setText(str(error).capitalize())
            return
        self.problem.clear()
        self.name.clear()
        self.refresh(select=profile.name)
        self.profileChosen.emit(profile.name)  # the trainee just added is the one training now

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def choose(self) -> None:
        name = self.chosen()
        if name is not None:
            self.profileChosen.emit(name)


class TodayView(QWidget):
    """A profile's Today queue; activating a line asks for its drill (or for My mistakes)."""

    drillRequested = Signal(str)  # noqa: N815 (a Qt signal)
    mistakesRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, profile: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("todayView")
        self.store, self.profile = store, profile
        self.title = QLabel()
        self.list = QListWidget()
        self.list.setObjectName("todayQueue")
        self.list.setWordWrap(True)  # a long situation reads whole in the start page's column
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.itemActivated.connect(self._activate)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        self.refresh()

    def set_profile(self, profile: Profile) -> None:
        self.profile = profile
        self.refresh()

    def refresh(self) -> None:
        entries = today(self.store, self.profile)
        reviews = sum(1 for entry in entries if entry.kind is TodayKind.REVIEW)
        new = sum(1 for entry in entries if entry.kind is TodayKind.NEW)
        self.title.setText(
            "<b>" + escape(_("Today for {name}").format(name=self.profile.name)) + "</b>: " + escape(
                ngettext("{count} review due", "{count} reviews due", reviews).format(count=reviews) + ", "
                + ngettext("{count} new", "{count} new", new).format(count=new)))
        self.list.clear()
        for entry in entries:
            # a new one's note names it in words already; a review names its skill by the skill's title
            said = entry.note if entry.kind is TodayKind.NEW else _("{skill}: {note}").format(
                skill=entry.skill.shown_title, note=entry.note)
            text = f"{KIND_MARKS[entry.kind]}  {said}"
            if entry.kind is TodayKind.MISTAKES:
                text = f"{KIND_MARKS[entry.kind]}  " + _("My mistakes: {note}").format(note=entry.note)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, (entry.kind.value, entry.drill))
            item.setToolTip(_("{skill} (drill: {drill})").format(skill=entry.skill.shown_title,
                                                                    drill=drill_name(entry.drill)))
            self.list.addItem(item)
        if not entries:
            self.list.addItem(QListWidgetItem(_("Nothing due: every skill is reviewed and no new material today.")))

    def _activate(self, item: QListWidgetItem) -> None:
        data = item.data(Qt.ItemDataRole.UserRole)
        if not data:
            return
        kind, drill = data
        if kind == TodayKind.MISTAKES.value:
            self.mistakesRequested.emit()
        else:
            self.drillRequested.emit(drill)


class TraineePanel(QWidget):
    """The start page's side: who is training (the chooser) and, below, their Today queue.

    ``profileChosen(name)`` when another trainee starts; ``drillRequested(drill)`` and ``mistakesRequested()``
    from the Today queue.
    """

    profileChosen = Signal(str)  # noqa: N815 (a Qt signal)
    drillRequested = Signal(str)  # noqa: N815
    mistakesRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, profile: Profile | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("traineePanel")
        self.store = store
        self.chooser = ProfileChooser(store)
        self.chooser.profileChosen.connect(self.profileChosen.emit)
        self.training = QLabel()
        self.training.setObjectName("trainingNow")
        self.today: TodayView | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.chooser, 2)
        self._layout.addWidget(self.training)
        self._profile = profile
        self.show_profile(profile)

    def retranslate(self) -> None:
        """The language changed: the chooser, who is training and the Today queue again in the new one."""
        self.show_profile(self._profile)

    def show_profile(self, profile: Profile | None) -> None:
        """Show ``profile`` as the one training, with its Today queue."""
        self._profile = profile

        self.chooser.refresh(select=profile.name if profile else None)
        self.training.setText(_("Training now: {name}").format(name=f"<b>{escape(profile.name)}</b>") if profile
                              else escape(_("Nobody is training yet: add a trainee, then Start.")))

        if profile is None:
            return
        if self.today is None:
            self.today = TodayView(self.store, profile)
            self.today.drillRequested.connect(self.drillRequested.emit)
            self.today.mistakesRequested.connect(self.mistakesRequested.emit)
            self._layout.addWidget(self.today, 3)
        else:
            self.today.set_profile(profile)
