"""The deck-count drill on screen: real spreads of cards on the felt, answered from the keyboard, timed and scored.

The widget deals the items of a :class:`~trainer.drills.deck_count.DeckCountDrill` and shows each question's
:class:`~trainer.drills.deck_count.Spread` as a dealer lays it out: face-down cards overlapping in a ribbon
with the deck's back colour, a stuck card peeking out slightly offset from under its neighbour, a face-up deck
in suit rows or in random order. Keys: digits and Enter for counts, Y / N, the first letter of a back colour,
a card such as ``Qh`` and Enter (``-`` for none); Enter goes on to the next item. Every item is recorded in the
:class:`~trainer.scoring.ScoreBook`, the set at the end.

The felt and its spreads are :mod:`trainer.gui.drills.spread_view`. Open the drill from the main window with
:func:`open_deck_count`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QObject,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.base import Feedback, Question
from trainer.drills.deck_count import DRILLS, CountItem, DeckCountDrill
from trainer.drills.deck_count.answers import parse_cards_or_none, parse_hand_answer, parse_yes_no
from trainer.drills.names import drill_name
from trainer.gui.drills.leaving import Confirm, ask_to_leave, close_controls, may_leave
from trainer.gui.drills.runner import DrillSet, RunsASet, new_seed
from trainer.gui.drills.spread_view import SPREAD_MS, SpreadView, font, spread_layout
from trainer.gui.table import ArtLibrary, AssetError
from trainer.i18n.translation import N_, _, ngettext
from trainer.resources import assets_dir
from trainer.scoring import Mode, ScoreBook
from trainer.settings import Settings

TICK_MS = 100


# -- the drill -----------------------------------------------------------------------------------------------


class DeckCountWidget(QWidget, RunsASet[CountItem]):
    """The deck-count drill: pick a drill, answer from the keyboard, see the clock and the score.

    ``clock`` times the items (tests inject one); ``tick_ms`` refreshes the clock shown; ``spread_ms`` is the
    length of the spreading animation (0: at once).
    """

    answered = Signal(object)
    """A :class:`~trainer.drills.base.Feedback` after each answer read."""
    item_finished = Signal(object)
    """The :class:`~trainer.scoring.ItemResult` of an item just done (also recorded in the book)."""
    set_finished = Signal(object)
    """The :class:`~trainer.scoring.SetResult` at the end of a set."""

    def __init__(self, book: ScoreBook, *, art: ArtLibrary | None = None, four_colour: bool = False,
                 drills: tuple[DeckCountDrill, ...] = DRILLS,
                 count: int = 8, mode: Mode = Mode.PRACTICE, seed: int | None = None,
                 colours: tuple[str, str] = ("red", "blue"), clock: Callable[[], float] | None = None,
                 tick_ms: int = TICK_MS, spread_ms: int = SPREAD_MS, confirm: Confirm = ask_to_leave,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._confirm = confirm
        self.setObjectName("deck_count")
        self.setWindowTitle(_("Deck count"))
        self.book = book
        self.count = count
        self.mode = mode
        self._drills = {d.name: _configured(d, colours, clock) for d in drills}
        self._seed = seed
        self._given: int | None = None
        self._item_over = False
        self._build(art or ArtLibrary(assets_dir()), spread_ms, four_colour)
        self._ticker = QTimer(self)
        self._ticker.setInterval(tick_ms)
        self._ticker.timeout.connect(self._show_clock)
        self.start()

    # -- building --------------------------------------------------------------------------------------------

    def _build(self, art: ArtLibrary, spread_ms: int, four_colour: bool) -> None:
        self.chooser = QComboBox()
        self.chooser.setObjectName("drill")
        for drill in self._drills.values():
            self.chooser.addItem(drill.shown_description, drill.name)
        self.chooser.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.chooser.activated.connect(lambda _index: self.start())
        self.new_set = QPushButton(_("New set"))
        self.new_set.setObjectName("new_set")
        self.new_set.setShortcut("Ctrl+N")
        self.new_set.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.new_set.clicked.connect(lambda: self.start())
        self.close_button = close_controls(self.close)
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        top = QHBoxLayout()
        top.addWidget(self.chooser, 1)
        top.addWidget(self.new_set)
        top.addWidget(self.close_button)

        self.title = self._label("title", font(17, bold=True))
        self.brief = self._label("brief", font(13))
        self.view = SpreadView(art, spread_ms, four_colour)
        self.prompt = self._label("prompt", font(15, bold=True))
        self.answer_box = QLineEdit()
        self.answer_box.setObjectName("answer")
        self.answer_box.setFont(font(16))
        self.answer_box.returnPressed.connect(self.submit)
        self.answer_box.installEventFilter(self)
        self.keys = self._label("keys", font(12))
        self.feedback = self._label("feedback", font(13))
        self.clock_label = self._label("clock", font(15, bold=True))
        self.clock_label.setWordWrap(False)  # "12.3 s / target 30 s" on one line, whatever the window's width
        self.clock_label.setMinimumWidth(self.clock_label.fontMetrics().horizontalAdvance(
            "000.0 s / " + _("target {target} s").format(target="000")) + 8)
        self.score_label = self._label("score", font(13))
        answer_row = QHBoxLayout()
        answer_row.addWidget(self.answer_box, 1)
        answer_row.addWidget(self.clock_label)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.title)
        layout.addWidget(self.brief)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.prompt)
        layout.addLayout(answer_row)
        layout.addWidget(self.keys)
        layout.addWidget(self.feedback)
        layout.addWidget(self.score_label)
        self.answer_box.setFocus()

    def _label(self, name: str, font: QFont) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setFont(font)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        return label

    # -- the set ---------------------------------------------------------------------------------------------

    @property
    def drill(self) -> DeckCountDrill:
        return self._drills[self.chooser.currentData()]

    def choose(self, name: str) -> None:
        """Switch to the drill called ``name`` and start a new set of it."""
        self.chooser.setCurrentIndex(self.chooser.findData(name))
        self.start()

    def start(self, seed: int | None = None, items: Sequence[CountItem] | None = None) -> None:
        """A new set of the chosen drill (the same items again for the same ``seed``), or of ``items`` given
        (a lesson's worked examples, a screenshot)."""
        if seed is not None:
            self._seed = seed
        seed_used = new_seed(self._seed)
        drill = self.drill
        if items is None:
            self._given = None
            chosen = drill.items(random.Random(seed_used), self.count, self.mode)
            self.drill_set = DrillSet(self.book, drill.name, self.mode, chosen, seed=seed_used, size=self.count)
        else:
            self._given = len(items)
            self.drill_set = DrillSet(self.book, drill.name, self.mode, items, seed=seed_used)
        self.feedback.clear()
        self._next_item()

    def _next_item(self) -> None:
        """The next item of the set, or the set's score at its end."""
        self.drill_set.advance(self._show_item, self._finish_set)

    def _show_item(self, item: CountItem) -> None:
        self._item_over = False
        self.title.setText(_("{number} of {size} · {title}").format(number=self.number, size=self.drill_set.size,
                                                                    title=item.title))
        self._show_brief(item)
        item.next_question()
        self._show_question()
        self._ticker.start()
        self._show_clock()
        self._show_score()

    def _show_brief(self, item: CountItem) -> None:
        brief = item.shown_brief
        self.brief.setText(brief[:1].upper() + brief[1:] + ".")

    def retranslate(self) -> None:
        """The language changed: the window's own words again in the new one (a question already asked keeps
        its words; the next one is asked in the new language)."""
        self.setWindowTitle(_("Deck count"))
        self.new_set.setText(_("New set"))
        for index in range(self.chooser.count()):
            self.chooser.setItemText(index, self._drills[self.chooser.itemData(index)].shown_description)
        item = self.item
        if item is not None:
            self.title.setText(_("{number} of {size} · {title}").format(
                number=self.number, size=self.drill_set.size, title=item.title))
            self._show_brief(item)
            question = self.question
            if question is not None and not self._item_over:
                self.keys.setText(_keys_text(question))
        self._show_clock()
        self._show_score()

    def _finish_set(self) -> None:
        self._ticker.stop()
        self.prompt.setText(_("Set done. Ctrl+N or New set for another."))
        self.keys.clear()
        self.answer_box.setEnabled(False)
        self._show_score()
        self.set_finished.emit(self.result)

    # -- questions and answers -------------------------------------------------------------------------------

    @property
    def question(self) -> Question | None:
        return None if self.item is None else self.item.question

    def _show_question(self) -> None:
        item, question = self.item, self.question
        assert item is not None and question is not None
        self.prompt.setText(question.prompt)
        self.keys.setText(_keys_text(question))
        self.answer_box.setEnabled(True)
        self.answer_box.clear()
        self.answer_box.setFocus()
        note = _("The deck is in the shuffler: no cards are out yet.")
        self.view.show_spread(item.spread, note)

    def submit(self, text: str | None = None) -> Feedback | None:
        """Read ``text`` (the answer box when None) as the answer to the current question; Enter after an item
        goes on to the next."""
        if self.item is None:
            return None
        if self._item_over:
            self._next_item()
            return None
        question = self.question
        assert question is not None
        raw = self.answer_box.text() if text is None else text
        value = question.parse(raw.strip())
        if value is None:
            self.feedback.setText(_("Could not read {answer}: {hint}.").format(answer=repr(raw.strip()),
                                                                                hint=_(question.hint)))
            self.answer_box.selectAll()
            return None
        feedback = self.item.answer(value)
        if self.mode.shows_feedback_at_once:
            self.feedback.setText(("✓ " if feedback.correct else "✗ ") + feedback.message)
        else:
            self.feedback.setText(_("Answer taken."))
        self.answered.emit(feedback)
        if self.item.next_question() is None:
            self._end_item()
        else:
            self._show_question()
            self._show_score()
        return feedback

    def _end_item(self) -> None:
        item = self.item
        assert item is not None
        self._ticker.stop()
        self._show_clock()
        outcome = item.result()
        self.drill_set.record(outcome)
        self._item_over = True
        if not self.mode.shows_feedback_at_once:
            lines = [_("Item score {score} %.").format(score=f"{outcome.score:.0f}") + f" {item.timing()}"]
            lines += [f"• {mistake.describe()}" for mistake in outcome.mistakes]
            self.feedback.setText("\n".join(lines))
        last = _("Enter: see the score of the set.") if self.drill_set.last else _("Enter: next item.")
        self.prompt.setText(_("Item done: {score} in {seconds} s.").format(
            score=f"{outcome.score:.0f} %", seconds=f"{item.seconds:.1f}") + f" {last}")
        self.keys.clear()
        self.answer_box.clear()
        self._show_score()
        self.item_finished.emit(outcome)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Escape closes the window (the answer box passes it on); Enter, taken by the answer box as the answer,
        stops here (in the drills dialog it would press its default button too)."""
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            self.close()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        """Closing a set part-way asks first."""
        if not may_leave(self, self.part_way, self._confirm):
            event.ignore()
            return
        self._ticker.stop()
        super().closeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """A letter that answers a choice question on its own (Y, N, the first letter of a colour) is taken
        at once, without Enter."""
        if watched is self.answer_box and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            question = self.question
            letter = event.text()
            if (question is not None and question.choices and not self._item_over and not self.answer_box.text()
                    and len(letter) == 1 and letter.isalpha() and question.parse(letter) is not None):
                self.submit(letter)
                return True
        return super().eventFilter(watched, event)

    # -- clock and score -------------------------------------------------------------------------------------

    def _show_clock(self) -> None:
        item = self.item
        if item is None:
            return
        colour = "#2e7d32" if item.on_target else "#c62828"
        self.clock_label.setText(f"<span style='color:{colour}'>{item.seconds:.1f} s</span> / "
                                 + _("target {target} s").format(target=f"{item.target_seconds:.0f}"))

    def _show_score(self) -> None:
        result = self.result
        mode = _(MODE_WORDS.get(self.mode.value, self.mode.value))
        parts = [_("{drill}, {mode} mode, seed {seed}").format(drill=drill_name(self.drill.name), mode=mode,
                                                                seed=self.seed)
                 if self._given is None else ngettext("{count} item, {mode} mode", "{count} items, {mode} mode",
                                                      self._given).format(count=self._given, mode=mode)]
        if self.item is not None and not self._item_over and self.mode.shows_feedback_at_once:
            now = self.item.result()
            if now.steps:
                parts.append(_("this item {right} of {steps} right").format(right=now.correct, steps=now.steps))
        if result.items:
            parts.append(_("{summary}, {seconds} s in all").format(summary=result.summary(),
                                                                     seconds=f"{result.seconds:.1f}"))
        self.score_label.setText(" · ".join(parts))


def _keys_text(question: Question) -> str:
    """What to press for ``question`` (told by how its answer is read, in any language): yes or no (in Spanish
    S or N, Y and N read as well), the first letter of a choice, a card, a number."""
    if question.parse is parse_hand_answer:
        return _("Keys: Y or N — or the number of cards and Enter.")
    if question.parse is parse_yes_no:
        return _("Keys: Y or N.")
    if question.choices:
        return _("Keys: the first letter of {choices}.").format(choices=_(" or ").join(question.choices))
    if question.parse is parse_cards_or_none:
        return _("Type a card (Qh, 10s) and Enter; - and Enter for none.")
    return _("Type the number and Enter.")


MODE_WORDS = {"guided": N_("guided"), "practice": N_("practice"), "exam": N_("exam"), "speed": N_("speed")}
"""The drill's mode as the score line names it."""


def _configured(drill: DeckCountDrill, colours: tuple[str, str], clock: Callable[[], float] | None) -> DeckCountDrill:
    drill = replace(drill, colours=colours)
    return drill if clock is None else replace(drill, clock=clock)


def open_deck_count(parent: QWidget | None, book: ScoreBook, *, settings: Settings | None = None,
                    art: ArtLibrary | None = None, assets: Path | None = None) -> DeckCountWidget:
    """The drill as a window of its own over ``parent``, with the settings' deck backs and deck style (the
    main window passes its ``art``; otherwise the cards are read from ``assets``, by default the shipped ones).

    Raises :class:`~trainer.gui.table.AssetError` naming the first card file that cannot be read.
    """
    colours = settings.deck_backs if settings is not None else ("red", "blue")
    four_colour = settings.four_colour if settings is not None else False
    art = art or ArtLibrary(assets if assets is not None else assets_dir())
    for path in needed_files(art, (colours[0], colours[1]), four_colour):
        art.renderer(path)
    widget = DeckCountWidget(book, art=art, four_colour=four_colour, colours=(colours[0], colours[1]), parent=parent)
    widget.setWindowFlag(Qt.WindowType.Window, True)
    widget.resize(1000, 720)
    return widget


def needed_files(art: ArtLibrary, colours: tuple[str, str], four_colour: bool) -> list[Path]:
    """Every card face of the deck style and the two backs."""
    faces = [art.face_path(rank + suit, four_colour) for rank in "23456789TJQKA" for suit in "cdhs"]
    return faces + [art.back_path(colour) for colour in colours]


__all__ = ["AssetError", "DeckCountWidget", "SpreadView", "open_deck_count", "spread_layout"]
