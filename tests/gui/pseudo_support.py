"""What the pseudo-language tests read on a screen: every text a person sees (labels, buttons, titles, tabs, the
items of lists, trees, tables and drop-down lists, tooltips, placeholder texts, text views, the words a scene
shows and the words painted by hand), the words among them outside the pseudo-language's brackets (a text that
escaped the catalogue), and the one-line texts wider than their room.

A word outside the brackets is allowed only when it is a card (``Ah``, ``10h``), money, a number, or one of the
:data:`ALLOWED` names."""

from __future__ import annotations

import getpass
import html
import re
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QTextEdit,
    QWidget,
)

from tests.gui.test_language_windows import every_text
from trainer.i18n.pseudo import bare_letters

ALLOWED = frozenset({
    "UTH",  # the product's short name and the documents' number (UTH-01)
    "BBB",  # the Bad Beat document's number (BBB-02)
    "PIN",
    "PDF",
    "CSV",
    "JSON",
    "Ctrl", "Shift", "Alt", "Esc", "Enter", "Space", "Tab", "Del", "Backspace", "PgUp", "PgDown", "Home", "End",
    "Up", "Down", "Left", "Right", "Return", "Escape",  # a key's name, as Qt names it
})
"""Words that may reach the screen without the catalogue: names and key names, never a sentence's word."""
ALLOWED_NAMES = (
    "UTH Dealer Trainer",  # the product
    "Washington", "California", "CA", "WA",  # the rooms' states (the documents' jurisdictions)
    "Trips", "Bad Beat", "Ultimate Pairs",  # the pay tables' names, as the documents print them (Trips UTH-01)
    "English", "español",  # each language named in itself
    "Ultimate Texas Hold'em", "Bad Beat Bonus",  # the games' names, as their documents print them
    getpass.getuser(),  # the first trainee's name (the system's user): a person's name, data
)
"""Names that may be shown as they are, within a text of the catalogue or beside it."""
_CARD = re.compile(r"^(?:[2-9TJQKA]|10)[shdc♠♥♦♣]$")
_KEY = re.compile(r"^F\d{1,2}$")


def allowed(word: str) -> bool:
    return word in ALLOWED or bool(_CARD.match(word)) or bool(_KEY.match(word))


def scene_texts(root: QWidget) -> list[tuple[str, str]]:
    """The words of every graphics scene shown under ``root``."""
    found = []
    for view in [root, *root.findChildren(QWidget)]:
        if isinstance(view, QGraphicsView) and view.scene() is not None:
            for item in view.scene().items():
                if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible():
                    found.append((f"scene {type(item).__name__}", item.text()))
                elif isinstance(item, QGraphicsTextItem) and item.isVisible():
                    found.append((f"scene {type(item).__name__}", item.toPlainText()))
    return found


def view_texts(root: QWidget) -> list[tuple[str, str]]:
    """The text of every text view under ``root``."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, (QTextEdit, QPlainTextEdit)):
            found.append((f"{type(widget).__name__} {widget.objectName()}", widget.toPlainText()))
    return found


@contextmanager
def painted_texts() -> Iterator[list[tuple[str, str]]]:
    """Inside the block, every text the trainer's own painting code draws (``QPainter.drawText`` called from
    Python) is kept in the list."""
    drawn: list[tuple[str, str]] = []
    original = QPainter.drawText

    def spy(self: QPainter, *args: object) -> object:
        drawn.extend(("painted", arg) for arg in args if isinstance(arg, str))
        return original(self, *args)  # type: ignore[call-overload]

    QPainter.drawText = spy  # type: ignore[method-assign, assignment]
    try:
        yield drawn
    finally:
        QPainter.drawText = original  # type: ignore[method-assign]


def paint(root: QWidget) -> list[tuple[str, str]]:
    """``root`` painted once, with what its painting code drew (a scene's views included)."""
    with painted_texts() as drawn:
        root.grab()
        for view in root.findChildren(QGraphicsView):
            scene = view.scene()
            if view.isVisible() and scene is not None:
                for item in scene.items():
                    item.setCacheMode(QGraphicsItem.CacheMode.NoCache)  # each item paints itself again
                image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
                painter = QPainter(image)
                scene.render(painter)
                painter.end()
        QApplication.processEvents()
    return drawn


def everything(root: QWidget) -> list[tuple[str, str]]:
    """Every text under ``root``; the painted ones as one text, in the order drawn (a painted text broken into
    lines by hand keeps its brackets across its lines)."""
    painted = paint(root)
    return every_text(root) + scene_texts(root) + view_texts(root) + (
        [("painted", "\n".join(text for _where, text in painted))] if painted else [])


DOCUMENT_SECTIONS = ("Recommended Dealing Procedures", "Dealing Procedures", "Round of Play", "Standards of Play",
                     "Collection Rates", "Betting scheme", "Additional Rules", "ACE/iDeal", "Deck Mate", "WAC",
                     "Progressive", "second system", "first system", "Irregularities", "Bad Beat", "Pairs", "Trips",
                     "rules notes", "rules-notes", "rule", "rules", "opening paragraph", "and")
"""A citation names the documents and their sections as printed (``seed 001 Dealing Procedures 10``), in every
language (the documents are English): after ``seed NNN`` or ``rules-notes``, these words are names."""


def documents_left_out(text: str) -> str:
    """``text`` without its citations (a document, its sections and paragraphs) and the documents' words quoted
    in double quotes."""
    text = re.sub(r'"[^"]*"', " ", text)
    sections = "|".join(re.escape(section) for section in DOCUMENT_SECTIONS)
    return re.sub(rf"(seed \d{{3}}|rules-notes)(?:[ ,;§\d/-]|\b(?:{sections}|[a-z])\b|\(|\))*", " ", text,
                  flags=re.IGNORECASE)


def escaped(texts: list[tuple[str, str]]) -> list[str]:
    """Each text with words outside the brackets: ``where: text``."""
    found = []
    names = re.compile("|".join([rf"\b{re.escape(name)}\b" for name in sorted(ALLOWED_NAMES, key=len, reverse=True)]
                                + [r"\bseed \d{3}\b", r"`[^`]*`"]),  # a document's name; a command typed as shown
                       re.IGNORECASE)
    for where, text in texts:
        plain = documents_left_out(html.unescape(text))
        bare = [word for word in bare_letters(names.sub(" ", plain)) if not allowed(word)]
        if bare:
            found.append(f"{where}: ({' '.join(bare)}) in {text!r}")
    return sorted(set(found))


def untranslated(root: QWidget) -> list[str]:
    """What ``root`` shows outside the pseudo-language's brackets."""
    return escaped(everything(root))


def _one_line_clipped(widget: QWidget) -> bool:
    if isinstance(widget, (QPushButton, QCheckBox, QRadioButton)):
        hint = widget.sizeHint().width()
        return hint > widget.width() + 1 and widget.text() != ""
    if isinstance(widget, QLabel):
        if not widget.text() or (widget.pixmap() is not None and not widget.pixmap().isNull()):
            return False
        if widget.textFormat() == Qt.TextFormat.RichText or "<" in widget.text():
            return widget.minimumSizeHint().width() > widget.width() + 1
        room = widget.contentsRect()
        if widget.wordWrap():
            flags = Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextShowMnemonic
            need = widget.fontMetrics().boundingRect(QRect(0, 0, room.width(), 100_000), flags, widget.text())
            return need.height() > room.height() + 2 or need.width() > room.width() + 1
        lines = re.sub(r"&(.)", r"\1", widget.text()).split("\n")  # a mnemonic's & is not shown
        wide = max(widget.fontMetrics().horizontalAdvance(line) for line in lines)
        return wide > widget.contentsRect().width() + 1
    return False


def clipped(root: QWidget) -> list[str]:
    """Every shown one-line text under ``root`` wider than its room, every wrapped one taller than its room."""
    found = []
    for widget in root.findChildren(QWidget):
        if widget.isVisible() and isinstance(widget, (QLabel, QAbstractButton)) and _one_line_clipped(widget):
            text = widget.text()
            found.append(f"{type(widget).__name__} {widget.objectName()} {text[:60]!r}: "
                         f"{widget.width()}x{widget.height()} for {widget.sizeHint().width()}x"
                         f"{widget.sizeHint().height()}")
    return found


def overlapping(root: QWidget) -> list[str]:
    """Two shown texts (labels, buttons) of one parent that cover each other."""
    found = []
    texts = [w for w in root.findChildren(QWidget)
             if w.isVisible() and isinstance(w, (QLabel, QAbstractButton)) and w.width() > 0]
    by_parent: dict[int, list[QWidget]] = {}
    for widget in texts:
        by_parent.setdefault(id(widget.parentWidget()), []).append(widget)
    for siblings in by_parent.values():
        for index, first in enumerate(siblings):
            for second in siblings[index + 1:]:
                common = first.geometry().intersected(second.geometry())
                if common.width() > 2 and common.height() > 2:
                    found.append(f"{first.objectName() or type(first).__name__} and "
                                 f"{second.objectName() or type(second).__name__} overlap by "
                                 f"{common.width()}x{common.height()}")
    return found
