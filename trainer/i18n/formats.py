"""Dates and numbers as the current language writes them (Babel's CLDR data), for the screens and reports.

Amounts stay as the engine writes them (``$4,382.71``): the trainees work in United States card rooms, where
Spanish writes dollars as English does (CLDR's ``es_US``: ``$4,382.71``), and the chips, the felt and the rule
books all say so; a test holds :func:`trainer.engine.settlement.format_money` to Babel's ``es_US`` currency format.
Numbers too (``es_US`` groups and points as English does); dates and counted words change with the language:
"Nov 26, 2026" / "26 nov 2026".

>>> from datetime import date
>>> from trainer.i18n.translation import speaking
>>> format_day(date(2026, 11, 26))
'Nov 26, 2026'
>>> with speaking("es"):
...     format_day(date(2026, 11, 26)), format_percent(0.02185, digits=3)
('26 nov 2026', '2.185%')
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from trainer.i18n.translation import current_language

__all__ = ["CLDR_LOCALES", "babel_locale", "format_day", "format_moment", "format_number", "format_percent"]

CLDR_LOCALES = {"en": "en_US", "es": "es_US", "qps": "en_US"}
"""The CLDR locale each language formats with: the United States' English and Spanish (the pseudo-language
formats as English)."""


def babel_locale(language: str | None = None) -> str:
    """The CLDR locale of ``language`` (the current language when ``None``)."""
    return CLDR_LOCALES[language or current_language()]


def format_day(day: date | datetime) -> str:
    """A day as the language writes it in a table or a report (``Nov 26, 2026``, ``26 nov 2026``)."""
    from babel.dates import format_date

    return _pseudo(format_date(day.date() if isinstance(day, datetime) else day, "medium", locale=babel_locale()))


def format_moment(moment: datetime) -> str:
    """A day and time (``Nov 26, 2026, 3:04 PM``; ``26 nov 2026, 3:04 p.m.``)."""
    from babel.dates import format_time

    return f"{format_day(moment)}, {_pseudo(format_time(moment, 'short', locale=babel_locale()))}"


def _pseudo(text: str) -> str:
    """A date's words in the pseudo-language when it is spoken (it formats as English does)."""
    from trainer.i18n.pseudo import PSEUDO, pseudo

    return pseudo(text) if current_language() == PSEUDO else text


def format_number(value: float | int | Decimal, *, digits: int | None = None) -> str:
    """A count or a figure with the language's grouping (``1,234``); with ``digits``, that many decimals
    (``30,940.0``)."""
    from babel.numbers import format_decimal

    pattern = None if digits is None else "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=babel_locale())


def format_percent(fraction: float, *, digits: int = 1) -> str:
    """A fraction as a percentage with ``digits`` decimals (``2.2%``; the same in United States Spanish)."""
    from babel.numbers import format_percent as percent

    pattern = "#,##0." + "0" * digits + "%" if digits else "#,##0%"
    return percent(fraction, format=pattern, locale=babel_locale())
