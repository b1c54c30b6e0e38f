"""The drill picker: every drill grouped by topic, a mode, a number of items, and Start.

:class:`DrillPicker` is a panel (it emits :attr:`DrillPicker.chosen`); :class:`DrillsDialog` puts the picker
and the chosen drill's form in one window, with a way back to the list. :func:`form_for` makes the form that
fits a drill: the payout form with its chip keypad for the payout drills, the deck-count widget for the
deck-count drills, the question form for every other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.base import Drill, all_drills, drill_description
from trainer.drills.names import drill_name
from trainer.drills.payouts import PayoutDrill
from trainer.gui.drills.leaving import Confirm, ask_to_leave, close_controls, may_leave
from trainer.gui.drills.payout_form import PayoutForm
from trainer.gui.drills.question_form import DrillForm
from trainer.gui.drills.runner import DrillSet, RunsASet
from trainer.i18n.translation import N_, _
from trainer.scoring import Mode, ScoreBook

Clock = Callable[[], float]
GROUP_ORDER = ("Settlement order", "Qualification", "The dealer's hand", "Blind", "Trips", "Bad Beat", "Pairs Bonus",
               "Progressive", "Player-dealer table", "Payouts", "Dealing")
MODE_TEXT = {
    Mode.PRACTICE: N_("Practice: each answer checked at once, with the rule"),
    Mode.GUIDED: N_("Guided: what comes next and why, before each step"),
    Mode.EXAM: N_("Exam: no feedback until the set is done"),
    Mode.SPEED: N_("Speed: against the clock"),
}
"""Each mode as the picker offers it (English, marked; shown with ``_``)."""


def own_exam_text(drill: str) -> str:
    """The exam mode as the picker offers it for ``drill``: the attempt it is kept as, by the name reports give it
    (:func:`trainer.store.instructor.own_exam`)."""
    return _("Own exam: {drill} (no feedback until the set is done; kept as an attempt)").format(
        drill=drill_name(drill))


def grouped(drills: Mapping[str, Drill]) -> dict[str, list[Drill]]:
    """The drills by group, groups in teaching order (unknown groups last, by name)."""
    groups: dict[str, list[Drill]] = {}
    for drill in drills.values():
        groups.setdefault(drill.group, []).append(drill)
    rank = {name: index for index, name in enumerate(GROUP_ORDER)}
    return {name: groups[name] for name in sorted(groups, key=lambda g: (rank.get(g, len(rank)), g))}


class DrillPicker(QWidget):
    """Every drill, grouped by topic; double-click or Start emits :attr:`chosen`."""

    chosen = Signal(object, object, int, object)
    """(drill, :class:`~trainer.scoring.Mode`, count, seed or None)."""

    def __init__(self, drills: Mapping[str, Drill] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drillPicker")
        self.drills = dict(drills if drills is not None else all_drills())
        self.tree = QTreeWidget()
        self.tree.setObjectName("drills")
        self.tree.setColumnWidth(0, 200)
        self.tree.setWordWrap(True)
        for group, members in grouped(self.drills).items():
            top = QTreeWidgetItem([_(group)])
            top.setData(0, Qt.ItemDataRole.UserRole + 1, group)
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            for drill in members:
                child = QTreeWidgetItem([drill_name(drill.name), ""])
                child.setData(0, Qt.ItemDataRole.UserRole, drill.name)
                top.addChild(child)
            self.tree.addTopLevelItem(top)
        self.tree.expandAll()
        self._set_tree_texts()
        self.tree.itemDoubleClicked.connect(lambda *_args: self.start())
        self.tree.currentItemChanged.connect(lambda *_args: self._update())
        self.mode = QComboBox()
        self.mode.setObjectName("mode")
        for mode, text in MODE_TEXT.items():
            self.mode.addItem(_(text), mode)
        self.count = QSpinBox()
        self.count.setObjectName("count")
        self.count.setRange(1, 100)
        self.count.setValue(10)
        self.seed = QLineEdit()
        self.seed.setObjectName("seed")
        self.seed.setPlaceholderText(_("new hands each time"))
        self.start_button = QPushButton(_("Start"))
        self.start_button.setObjectName("start")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        self.about = QLabel()
        self.about.setObjectName("about")
        self.about.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("Mode"), self.mode)
        form.addRow(_("Hands"), self.count)
        form.addRow(_("Seed (replay)"), self.seed)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.about)
        layout.addLayout(form)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.start_button)
        layout.addLayout(row)
        self._update()

    def _set_tree_texts(self) -> None:
        """The list's headings, groups and descriptions in the current language."""
        self.tree.setHeaderLabels([_("Drill"), _("What it drills")])
        for index in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(index)
            if top is None:
                continue
            top.setText(0, _(str(top.data(0, Qt.ItemDataRole.UserRole + 1))))
            for row in range(top.childCount()):
                child = top.child(row)
                drill = None if child is None else self.drills.get(str(child.data(0, Qt.ItemDataRole.UserRole)))
                if child is not None and drill is not None:
                    child.setText(0, drill_name(drill.name))
                    child.setText(1, drill_description(drill))
                    child.setToolTip(1, drill_description(drill))

    def retranslate(self) -> None:
        """The language changed: the list, the modes and the words around them in the new one."""
        self._set_tree_texts()
        for index, text in enumerate(MODE_TEXT.values()):
            self.mode.setItemText(index, _(text))
        self.seed.setPlaceholderText(_("new hands each time"))
        self.start_button.setText(_("Start"))
        self._update()

    def drill(self) -> Drill | None:
        """The drill selected in the list."""
        item = self.tree.currentItem()
        name = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return self.drills.get(name) if name else None

    def select(self, name: str) -> None:
        """Select the drill whose id is ``name`` (the list shows its name)."""
        found = [item for item in self.tree.findItems("*", Qt.MatchFlag.MatchWildcard | Qt.MatchFlag.MatchRecursive, 0)
                 if item.data(0, Qt.ItemDataRole.UserRole) == name]
        if not found:
            raise KeyError(f"no drill named {name!r}")
        self.tree.setCurrentItem(found[0])

    def _update(self) -> None:
        drill = self.drill()
        self.start_button.setEnabled(drill is not None)
        self.about.setText(f"{_(drill.group)} · {drill_description(drill)}" if drill else _("Choose a drill."))
        exam = self.mode.findData(Mode.EXAM)
        self.mode.setItemText(exam, own_exam_text(drill.name) if drill is not None else _(MODE_TEXT[Mode.EXAM]))

    def start(self) -> None:
        drill = self.drill()
        if drill is None:
            return
        text = self.seed.text().strip()
        seed = int(text) if text.isdigit() else None
        self.chosen.emit(drill, Mode(self.mode.currentData()), self.count.value(), seed)


def form_for(drill: Drill, book: ScoreBook, *, mode: Mode = Mode.PRACTICE, count: int = 10,
             seed: int | None = None, clock: Clock | None = None, parent: QWidget | None = None) -> QWidget:
    """The form that runs ``drill``: payout keypad, deck-count spread, or the question form."""
    if isinstance(drill, PayoutDrill):
        return PayoutForm(drill, book, mode=mode, count=count, seed=seed, clock=clock, parent=parent)
    if drill.name.startswith("deck-count"):
        from trainer.gui.deck_count import DeckCountWidget

        widget = DeckCountWidget(book, count=count, mode=mode, seed=seed, clock=clock, parent=parent)
        widget.choose(drill.name)
        return widget
    return DrillForm(drill, book, mode=mode, count=count, seed=seed, clock=clock, parent=parent)


class DrillsDialog(QDialog):
    """The picker and, once a drill is chosen, its form; *Back to the drills* returns to the list."""

    def __init__(self, book: ScoreBook, drills: Mapping[str, Drill] | None = None, *, clock: Clock | None = None,
                 confirm: Confirm = ask_to_leave, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._confirm = confirm
        self.setObjectName("drillsDialog")
        self.setWindowTitle(_("Drills"))
        self.book = book
        self.clock = clock
        self.picker = DrillPicker(drills)
        self.picker.chosen.connect(self.open_drill)
        self.form: QWidget | None = None
        self.pages = QStackedWidget()
        self.pages.addWidget(self.picker)
        self.back = QPushButton(_("Back to the drills"))

        self.back.setObjectName("back")
        self.back.clicked.connect(self._back_to_the_drills)
        self.back.hide()
        self.close_button = close_controls(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        self._buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addLayout(buttons)
        self.resize(900, 700)

    def retranslate(self) -> None:
        """The language changed: the list again in the new one (a drill's form open keeps its hand's words; its
        buttons and labels the window's retranslation sets)."""
        self.setWindowTitle(_("Drills"))
        self.back.setText(_("Back to the drills"))
        self.picker.retranslate()
        form_again = getattr(self.form, "retranslate", None)
        if callable(form_again):
            form_again()

    def add_command(self, name: str, text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
        """A button beside the list for a set of hands that is no drill of its own (My mistakes): the dialog
        closes, then ``slot`` runs."""
        button = QPushButton(text)
        button.setObjectName(name)
        button.setToolTip(tip)
        button.clicked.connect(lambda _checked=False: self._run_command(slot))
        self._buttons.insertWidget(1, button)
        return button

    def _run_command(self, slot: Callable[[], object]) -> None:
        self.accept()
        slot()

    def open_drill(self, drill: Drill, mode: Mode, count: int, seed: int | None) -> QWidget:
        """Show the form of ``drill`` in place of the picker."""
        self.show_picker()
        self.form = form_for(drill, self.book, mode=mode, count=count, seed=seed, clock=self.clock)
        self.pages.addWidget(self.form)
        self.pages.setCurrentWidget(self.form)
        self.back.show()
        return self.form

    @property
    def part_way(self) -> bool:
        """The drill on show is part-way through a set."""
        return isinstance(self.form, RunsASet) and self.form.part_way

    def reject(self) -> None:
        """Escape, Close or the window's close: closing a set part-way asks first."""
        if may_leave(self, self.part_way, self._confirm):
            super().reject()

    def done(self, code: int) -> None:
        """The window closes: an exam set left part-way is recorded, cut short."""
        self._leave_form()
        super().done(code)

    def _leave_form(self) -> None:
        """The form is left: its exam set, when part-way, is recorded as cut short (kept as an attempt)."""
        drill_set = getattr(self.form, "drill_set", None)
        if isinstance(drill_set, DrillSet):
            drill_set.cut_short()

    def _back_to_the_drills(self) -> None:
        if may_leave(self, self.part_way, self._confirm):
            self.show_picker()

    def show_picker(self) -> None:
        if self.form is not None:
            self._leave_form()
            self.pages.removeWidget(self.form)
            self.form.deleteLater()
            self.form = None
        self.pages.setCurrentWidget(self.picker)
        self.back.hide()
