"""The training menus of the main window: drills, the deck count, the session's results and the lessons.

:func:`install_training` fills the *Train* menu (Drills…, Deck count…, Results…) and the *Help* menu
(Lessons…) it is given; each opens over the table host and scores into its session's
:class:`~trainer.scoring.ScoreBook`. A corrupt lesson file is reported once and the other lessons still open.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.names import drill_name, item_title
from trainer.gui.progress.words import mode_name
from trainer.gui.quiz.review import set_summary
from trainer.gui.widgets import window_action
from trainer.i18n.translation import N_, _, current_language, ngettext
from trainer.quiz.review import tally_of
from trainer.scoring import ItemResult, ScoreBook

if TYPE_CHECKING:
    from trainer.gui.host import TableHost
    from trainer.lessons import Lesson


class LessonsDialog(QDialog):
    """The lessons: the syllabus on the left, the lesson on the right."""

    def __init__(self, lessons: dict[str, Lesson], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonsDialog")
        self.setWindowTitle(_("Lessons"))
        self.lessons = lessons
        self.syllabus = QListWidget()
        self.syllabus.setObjectName("syllabus")
        for lesson in lessons.values():
            item = QListWidgetItem(lesson.title)
            item.setData(Qt.ItemDataRole.UserRole, lesson.topic)
            item.setToolTip(lesson.summary)
            self.syllabus.addItem(item)
        self.page = QTextBrowser()
        self.page.setObjectName("lessonPage")
        self.page.setOpenExternalLinks(False)
        self.syllabus.currentItemChanged.connect(self._chosen)
        splitter = QSplitter()
        splitter.addWidget(self.syllabus)
        splitter.addWidget(self.page)
        splitter.setStretchFactor(1, 3)
        self.resize(1000, 720)
        # the syllabus as wide as its longest title (a Spanish title is a quarter longer), at most two fifths
        longest = max((self.syllabus.fontMetrics().horizontalAdvance(lesson.title) for lesson in lessons.values()),
                      default=0)
        room = min(longest + 2 * self.syllabus.frameWidth() + 16 + self.syllabus.verticalScrollBar().sizeHint().width(),
                   self.width() * 2 // 5)
        splitter.setSizes([room, self.width() - room])
        self.syllabus.setWordWrap(True)  # narrower than that (a small screen), a title goes on two lines, not cut
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        if lessons:
            self.syllabus.setCurrentRow(0)

    def show_topic(self, topic: str) -> bool:
        """Open the lesson of ``topic``; False when there is none."""
        for row in range(self.syllabus.count()):
            if self.syllabus.item(row).data(Qt.ItemDataRole.UserRole) == topic:
                self.syllabus.setCurrentRow(row)
                return True
        return False

    @property
    def current_topic(self) -> str | None:
        item = self.syllabus.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def _chosen(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is None:
            return
        lesson = self.lessons[str(item.data(Qt.ItemDataRole.UserRole))]
        self.page.setMarkdown(lesson.body)


class ResultsDialog(QDialog):
    """The session's results: every item scored, newest first (its steps right and its wrong attempts told
    apart), then the session's tally and each finished set's."""

    COLUMNS = (N_("Drill"), N_("Item"), N_("Mode"), N_("Score"), N_("Steps right"), N_("Steps wrong"),
               N_("Wrong attempts"), N_("Left to the table"), N_("Seconds"), N_("Mistakes"))

    def __init__(self, book: ScoreBook, parent: QWidget | None = None,
                 history: Sequence[ItemResult] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsDialog")
        self.setWindowTitle(_("Results of this session") if history is None else _("Results"))
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("results")
        self.table.setHorizontalHeaderLabels([_(column) for column in self.COLUMNS])
        self.table.horizontalHeader().setSectionResizeMode(len(self.COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        items = list(reversed(book.items())) if history is None else list(history)  # history: the trainee's, kept
        for row, item in enumerate(items):
            self.table.insertRow(row)
            tally = tally_of([item])
            mistakes = "; ".join(mistake.describe() for mistake in item.mistakes) or "—"
            cells = (drill_name(item.drill), shown_item(item.item), mode_name(item.mode), f"{item.score:.1f} %",
                     _("{right} of {steps}").format(right=tally.right, steps=tally.steps), str(tally.wrong_steps),
                     str(tally.wrong_attempts), str(tally.left_to_table), f"{item.seconds:.1f}", mistakes)
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setToolTip(text)
                self.table.setItem(row, column, cell)
        self.table.resizeColumnsToContents()  # every heading whole, in any language (the mistakes stretch)
        heading = _("This session") if history is None else ngettext(
            "The last {count} item kept", "The last {count} items kept", len(items)).format(count=len(items))
        lines = [_("{heading}: {tally}").format(heading=heading, tally=tally_of(items).text())] if items else [
            _("No drill finished yet.")]
        lines += [_("{drill} ({mode}): {summary}").format(drill=drill_name(result.drill), mode=mode_name(result.mode),
                                                         summary=set_summary(result)) for result in book.sets()]
        self.summary = QLabel("\n".join(lines))
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if not items:
            layout.addWidget(QLabel(_("Nothing scored yet in this session: try a drill (Train ▸ Drills…).")
                                    if history is None else _("Nothing scored yet: try a drill (Train ▸ Drills…).")))
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addWidget(buttons)
        self.resize(1080, 520)


_HAND_ITEM = re.compile(r"^(?P<topic>.+) · hand (?P<seed>\d+)$")


def shown_item(name: str) -> str:
    """An item's name as the scores keep it, in English (``Blind · hand 680499``), in the language spoken (``Ciega
    · mano 680499``); any other name as it is kept."""
    found = _HAND_ITEM.match(name)
    if found is None:
        return item_title(name)
    return _("{topic} · hand {seed}").format(topic=_(found["topic"]), seed=found["seed"])


class Training:
    """The training menus of one table host; keeps the windows it opened (the deck count) alive."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.windows: list[QWidget] = []
        self.history: Callable[[], Sequence[ItemResult] | None] = lambda: None
        """The trainee's kept items, newest first, for Results (None: this session's only)."""


def _add(host: TableHost, menu: QMenu, name: str, text: str, keys: list[str],
         slot: Callable[[], object]) -> QAction:
    return window_action(host.window(), name, text, keys, slot=slot, menu=menu)


def install_training(host: TableHost, train: QMenu, help_menu: QMenu) -> Training:
    """Fill ``train`` (Drills…, Deck count…, Results…) and ``help_menu`` (Lessons…) for ``host``."""
    training = Training(host)
    _add(host, train, "drills", _("&Drills…"), ["Ctrl+D"], lambda: open_drills(host))
    _add(host, train, "deckCount", _("Deck &count…"), ["Ctrl+K"],
         lambda: open_deck_count_window(host, training.windows))
    train.addSeparator()
    _add(host, train, "results", _("&Results…"), ["Ctrl+R"], lambda: open_results(host, training.history()))
    _add(host, help_menu, "lessons", _("&Lessons…"), ["F1"], lambda: open_lessons(host))
    return training


def open_drills(host: TableHost) -> QDialog:
    from trainer.gui.drills import DrillsDialog

    dialog = DrillsDialog(host.session.book, parent=host.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    mistakes = host.window().findChild(QAction, "myMistakes")  # there when progress is kept
    if mistakes is not None:
        dialog.add_command("myMistakesButton", _("My mistakes (Ctrl+Shift+M)"), mistakes.toolTip(), mistakes.trigger)
    follow_language(host, dialog.retranslate)
    dialog.show()
    return dialog


def follow_language(host: TableHost, retranslate: Callable[[], object]) -> None:
    """``retranslate`` (a window's method) sets the window's composite texts again each time the table window
    switches its language (its ``languageChanged``); the connection goes with the window."""
    signal = getattr(host.window(), "languageChanged", None)
    if signal is not None:
        signal.connect(retranslate)


def open_deck_count_window(host: TableHost, keep: list[QWidget] | None = None) -> QWidget | None:
    """The deck-count drill in a window of its own (kept in ``keep``); None when its cards cannot be read."""
    from trainer.gui.deck_count import open_deck_count
    from trainer.gui.table import AssetError

    try:
        widget = open_deck_count(host.window(), host.session.book, settings=host.settings, art=host.art)
    except AssetError as error:
        host.notify_once(str(error))
        return None
    widget.setWindowFlag(Qt.WindowType.Window, True)
    if keep is not None:
        keep.append(widget)
    follow_language(host, widget.retranslate)
    widget.show()
    return widget


def open_results(host: TableHost, history: Sequence[ItemResult] | None = None) -> QDialog:
    dialog = ResultsDialog(host.session.book, parent=host.window(), history=history)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog


def open_lessons(host: TableHost, topic: str | None = None) -> QDialog:
    from trainer.lessons import load_lessons_tolerant  # (loads with the first lesson opened: a quicker start)

    lessons, problems = load_lessons_tolerant(language=current_language())  # a topic not translated: in English
    for problem in problems:
        host.notify_once(problem)
    dialog = LessonsDialog(lessons, parent=host.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if topic:
        dialog.show_topic(topic)
    dialog.show()
    return dialog


__all__ = ["LessonsDialog", "ResultsDialog", "Training", "install_training", "open_deck_count_window", "open_drills",
           "open_lessons", "open_results"]
