"""Switching the window's language at once, the round in progress kept.

The round belongs to the session (:mod:`trainer.session`, Qt-free), so switching the language rebuilds nothing:
every text the window and its docks, panels and open dialogs show is set again in the new language. Each text was
put there as ``_(english)``; :func:`retranslate` finds the English again (what it set last time, else the
catalogue's English for the text shown: the catalogue is read backwards) and sets ``_(english)`` in the language
spoken now. A text made from parts (a score, "Seat 3 pays $10") is no catalogue entry: its owner shows it again
(the window's ``languageChanged`` signal), as it does whenever the round moves.

A tooltip that is a translated text followed by its keys in brackets ("Deal a new round (N)") is found as the text
and the keys; an action's keys are then named as Qt names them in the new language ("Ctrl+Q", "Control+Q").

:func:`speak` switches the catalogue and Qt's own translations (``qtbase_<language>.qm``, shipped with PySide6:
the standard buttons, the key names, the file chooser) together.
"""

from __future__ import annotations

import logging
import re
import struct
from collections.abc import Callable, Iterable, Iterator
from functools import cache, partial

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QObject, QTranslator
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QWidget,
)

from trainer.i18n.pseudo import PSEUDO, pseudo
from trainer.i18n.translation import DOMAIN, LANGUAGES, _, current_language, localedir, pgettext, set_language

__all__ = ["english_of", "install_qt_translations", "retranslate", "speak"]

log = logging.getLogger("trainer.gui")

_KEYS_AFTER = re.compile(r"^(?P<text>.*\S) (?P<keys>\([^()]*\))$", re.DOTALL)
_CONTEXT = "\x04"


def _entries(language: str) -> Iterator[tuple[str, str, str]]:
    """(context, English, translation) of each one-form text of ``language``'s compiled catalogue."""
    path = localedir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        data = path.read_bytes()
    except OSError:
        return
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    count, originals, translations = struct.unpack(order + "3I", data[8:20])
    for index in range(count):
        length, offset = struct.unpack(order + "2I", data[originals + 8 * index:originals + 8 * index + 8])
        original = data[offset:offset + length].decode("utf-8")
        length, offset = struct.unpack(order + "2I", data[translations + 8 * index:translations + 8 * index + 8])
        translated = data[offset:offset + length].decode("utf-8")
        if not original or "\x00" in original:  # the header, and plural texts (always made from parts)
            continue
        context, _sep, english = original.rpartition(_CONTEXT)
        yield context, english, translated


@cache
def _backwards(language: str) -> dict[str, tuple[str, str]]:
    """The catalogue of ``language`` read backwards: each translation → (context, English); a translation two
    English texts share is left out (it cannot say which it was). The pseudo-language's, made from the English
    texts of the first language's catalogue."""
    found: dict[str, tuple[str, str]] = {}
    shared: set[str] = set()
    entries: Iterable[tuple[str, str, str]] = _entries(language)
    if language == PSEUDO:
        entries = ((context, english, pseudo(english)) for context, english, _es in _entries(LANGUAGES[1]))
    for context, english, translated in entries:
        if translated in found and found[translated] != (context, english):
            shared.add(translated)
        found[translated] = (context, english)
    for text in shared:
        del found[text]
    return found


def english_of(text: str, language: str) -> tuple[str, str] | None:
    """(context, English) of ``text`` shown in ``language``; None when it is no catalogue text of it.

    >>> english_of("&Nueva ronda", "es"), english_of("&New round", "en"), english_of("Seat 3", "es")
    (('', '&New round'), ('', '&New round'), None)
    """
    if language == "en":
        return "", text
    return _backwards(language).get(text)


def _translated(source: tuple[str, str]) -> str:
    context, english = source
    return pgettext(context, english) if context else _(english)


def _source(text: str, before: str) -> tuple[str, str, str] | None:
    """(context, English, what follows it) of ``text`` shown in ``before``."""
    whole = english_of(text, before)
    if whole is not None and (before != "en" or _catalogued(text)):
        return (*whole, "")
    match = _KEYS_AFTER.match(text)
    if match is not None:
        part = english_of(match["text"], before)
        if part is not None and (before != "en" or _catalogued(match["text"])):
            return (*part, " " + match["keys"])
    return (*whole, "") if whole is not None else None


def _catalogued(english: str) -> bool:
    """True when ``english`` is a text of the catalogue (some language translates it)."""
    return any(english in _originals(language) for language in LANGUAGES if language != "en")


@cache
def _originals(language: str) -> frozenset[str]:
    return frozenset(english for _context, english in _backwards(language).values())


_PROPERTY = "trainerEnglish"


def _found(obj: QObject, name: str, shown: str, before: str) -> tuple[str, str, str] | None:
    """(context, English, what follows it) of the text ``name`` of ``obj``, showing ``shown`` in ``before``: what
    :func:`retranslate` set last time when it still shows, else read from the catalogue."""
    if not shown:
        return None
    kept = obj.property(f"{_PROPERTY}.{name}")
    if isinstance(kept, list) and len(kept) == 4 and kept[3] == shown:
        return str(kept[0]), str(kept[1]), str(kept[2])
    return _source(shown, before)


def _put(obj: QObject, name: str, put: Callable[[str], None], shown: str, source: tuple[str, str, str]) -> None:
    context, english, after = source
    if isinstance(obj, QAction) and name == "toolTip" and after and obj.shortcuts():
        # an action's keys after its tip: named again as Qt names them in the language spoken now
        after = " ({keys})".format(keys=", ".join(
            key.toString(QKeySequence.SequenceFormat.NativeText) for key in obj.shortcuts()))
    text = _translated((context, english)) + after
    if text != shown:
        put(text)
    obj.setProperty(f"{_PROPERTY}.{name}", [context, english, after, text])


def _texts(obj: QObject) -> Iterator[tuple[str, Callable[[], str], Callable[[str], None]]]:
    """The texts a person reads on ``obj``: (name, getter, setter)."""
    if isinstance(obj, QAction):
        yield "text", obj.text, obj.setText
        yield "iconText", obj.iconText, obj.setIconText
        yield "toolTip", obj.toolTip, obj.setToolTip
        yield "statusTip", obj.statusTip, obj.setStatusTip
        return
    if not isinstance(obj, QWidget):
        return
    if obj.isWindow() or isinstance(obj, QDockWidget) or obj.windowTitle():
        yield "windowTitle", obj.windowTitle, obj.setWindowTitle
    yield "toolTip", obj.toolTip, obj.setToolTip
    yield "statusTip", obj.statusTip, obj.setStatusTip
    if isinstance(obj, QMenu):
        yield "title", obj.title, obj.setTitle
    if isinstance(obj, QLabel | QAbstractButton):
        yield "text", obj.text, obj.setText
    if isinstance(obj, QGroupBox):
        yield "title", obj.title, obj.setTitle
    if isinstance(obj, QLineEdit):
        yield "placeholderText", obj.placeholderText, obj.setPlaceholderText
    if isinstance(obj, QTabWidget):
        for index in range(obj.count()):
            yield f"tab{index}", partial(obj.tabText, index), partial(_set_at, obj.setTabText, index)
            yield f"tabTip{index}", partial(obj.tabToolTip, index), partial(_set_at, obj.setTabToolTip, index)
    if isinstance(obj, QComboBox):
        for index in range(obj.count()):
            yield f"item{index}", partial(obj.itemText, index), partial(_set_at, obj.setItemText, index)


def _set_at(setter: Callable[[int, str], object], index: int, text: str) -> None:
    setter(index, text)


def retranslate(root: QObject, before: str) -> int:
    """Set every text of ``root`` and of the objects under it (actions, menus, labels, buttons, tabs, tooltips,
    window titles) again in the language spoken now; ``before`` is the language they were shown in. Returns how
    many texts it found in the catalogue.

    Every text is read before any is set: a menu's title is also its action's text, and a text set already must
    not be read again as one shown in ``before``."""
    if before == current_language():
        return 0
    found: list[tuple[QObject, str, Callable[[str], None], str, tuple[str, str, str]]] = []
    for obj in [root, *root.findChildren(QObject)]:
        for name, get, put in _texts(obj):
            shown = get()
            source = _found(obj, name, shown, before)
            if source is not None:
                found.append((obj, name, put, shown, source))
    for obj, name, put, shown, source in found:
        _put(obj, name, put, shown, source)
    return len(found)


class _PseudoQtTranslator(QTranslator):
    """Qt's own texts (the standard buttons, the key names) in the pseudo-language, made from Qt's English."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        # key names stay Qt's (a shortcut is read back from them)
        return source if not source or context.startswith("QShortcut") else pseudo(source)

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False


_qt_translators: list[QTranslator] = []
"""The Qt translators installed (kept alive here: Qt does not own them)."""


def install_qt_translations(language: str) -> bool:
    """Qt's own texts (the standard dialogs' buttons, the file chooser) in ``language``: Qt's shipped
    ``qtbase_<language>.qm`` from PySide6's translations folder; English needs none. True when one was loaded."""
    app = QCoreApplication.instance()
    if app is None:
        return False
    while _qt_translators:
        QCoreApplication.removeTranslator(_qt_translators.pop())
    if language == "en":
        return False
    if language == PSEUDO:
        pseudo_qt = _PseudoQtTranslator()
        QCoreApplication.installTranslator(pseudo_qt)
        _qt_translators.append(pseudo_qt)
        return True
    translator = QTranslator()
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(f"qtbase_{language}", folder):
        log.warning("Qt's own texts stay in English: no qtbase_%s in %s", language, folder)
        return False
    QCoreApplication.installTranslator(translator)
    _qt_translators.append(translator)
    return True


def speak(language: str) -> None:
    """Speak ``language`` from now on: the trainer's texts and Qt's own."""
    set_language(language)
    install_qt_translations(language)
