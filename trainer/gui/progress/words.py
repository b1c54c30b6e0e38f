"""The words the progress room, the drills and the run round show for the store's and the score book's values:
a mastery level (``table-ready``), a mode (``practice``), a mistake's kind (``wrong amount``). The values stay as
the store and the CSV report keep them (English); these say them in the current language, looked up when shown.

>>> from trainer.i18n.translation import speaking
>>> level_name("table-ready"), mode_name(Mode.EXAM), mistake_kind("wrong amount")
('table-ready', 'exam', 'wrong amount')
>>> with speaking("es"):
...     level_name("table-ready"), mode_name(Mode.EXAM), mistake_kind("wrong amount")
('listo para la mesa', 'examen', 'importe incorrecto')
>>> level_name("unheard of")
'unheard of'
"""

from __future__ import annotations

from trainer.i18n.translation import ngettext, pgettext
from trainer.scoring import ErrorKind, Mode

__all__ = ["day_count", "item_count", "level_name", "mistake_kind", "mode_name", "page_count", "step_count",
           "wrong_attempt_count"]


def level_name(level: str) -> str:
    """A mastery level (:class:`~trainer.store.skills.Level`'s value) in the current language."""
    names = {"new": pgettext("mastery level", "new"), "learning": pgettext("mastery level", "learning"),
             "practised": pgettext("mastery level", "practised"),
             "table-ready": pgettext("mastery level", "table-ready")}
    return names.get(level, level)


def topic_name(topic: str) -> str:
    """A topic (``pairs``, a lesson's) by its lesson's title in the current language; one not known as given."""
    from trainer.drills.names import topic_name as named

    return named(topic)


def drill_title(name: str) -> str:
    """A drill by its description in the current language; a drill not known by its name."""
    from trainer.drills.base import all_drills, drill_description

    drill = all_drills().get(name)
    return name if drill is None else drill_description(drill)


def mode_name(mode: Mode | str) -> str:
    """A mode (guided, practice, exam, speed) in the current language, in lower case."""
    names = {Mode.GUIDED: pgettext("mode", "guided"), Mode.PRACTICE: pgettext("mode", "practice"),
             Mode.EXAM: pgettext("mode", "exam"), Mode.SPEED: pgettext("mode", "speed")}
    return names.get(Mode(mode), str(mode)) if mode in set(Mode) else str(mode)


def mistake_kind(kind: ErrorKind | str) -> str:
    """A mistake's kind (:class:`~trainer.scoring.ErrorKind`'s value, as the store keeps it) in the current
    language."""
    names = {
        ErrorKind.ORDER: pgettext("mistake", "order"),
        ErrorKind.MISSED_REFUND_PASS: pgettext("mistake", "missed refund pass"),
        ErrorKind.WRONG_ACTION: pgettext("mistake", "wrong action"),
        ErrorKind.WRONG_AMOUNT: pgettext("mistake", "wrong amount"),
        ErrorKind.WRONG_DEALER_HAND: pgettext("mistake", "wrong dealer announcement"),
        ErrorKind.NOT_PLACED: pgettext("mistake", "not placed"),
        ErrorKind.ALREADY_SETTLED: pgettext("mistake", "already settled"),
        ErrorKind.WRONG_ANSWER: pgettext("mistake", "wrong answer"),
        ErrorKind.MISCOUNT: pgettext("mistake", "miscount"),
        ErrorKind.MISSED_FAULT: pgettext("mistake", "missed fault"),
        ErrorKind.FALSE_ALARM: pgettext("mistake", "false alarm"),
        ErrorKind.WRONG_CARD: pgettext("mistake", "wrong card"),
        ErrorKind.WRONG_DECK: pgettext("mistake", "wrong deck"),
        ErrorKind.LEFT_TO_TABLE: pgettext("mistake", "left to the table"),
    }
    value = str(kind)
    return names[ErrorKind(value)] if value in set(ErrorKind) else value


def item_count(number: int) -> str:
    """``1 item``, ``2 items`` in the current language (its plural forms).

    >>> from trainer.i18n.translation import speaking
    >>> item_count(1), item_count(0), day_count(30), step_count(1), wrong_attempt_count(2)
    ('1 item', '0 items', '30 days', '1 step', '2 wrong attempts')
    >>> with speaking("es"):
    ...     item_count(1), day_count(1), day_count(30), step_count(2), wrong_attempt_count(1)
    ('1 ítem', '1 día', '30 días', '2 pasos', '1 intento fallido')
    """
    return ngettext("{count} item", "{count} items", number).format(count=number)


def day_count(number: int) -> str:
    """``1 day``, ``30 days``."""
    return ngettext("{count} day", "{count} days", number).format(count=number)


def step_count(number: int) -> str:
    """``1 step``, ``2 steps``."""
    return ngettext("{count} step", "{count} steps", number).format(count=number)


def wrong_attempt_count(number: int) -> str:
    """``1 wrong attempt``, ``2 wrong attempts``."""
    return ngettext("{count} wrong attempt", "{count} wrong attempts", number).format(count=number)


def page_count(number: int) -> str:
    """``1 page``, ``2 pages``."""
    return ngettext("{count} page", "{count} pages", number).format(count=number)
