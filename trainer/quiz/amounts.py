"""The one reader of a typed amount: every panel, drill and prompt reads what the trainee typed with it.

An amount is read by the rules of the language spoken (CLDR's, through Babel's ``parse_decimal(strict=True)``),
or refused; it is never guessed into an answer:

- figures ``0``–``9`` and the language's separators only, a figure first and last: ``-5``, ``NaN``, ``1e400``,
  ``²``, ``,5`` and ``5,`` are refused (a ``$`` before or after is allowed);
- grouped as the language groups (``1,000``; ``0,005`` is refused), with cents at most (``5.000`` is refused:
  three decimals are a grouping somewhere else);
- an amount a table holds (:func:`trainer.engine.amounts.check_amount`: not above a billion, whole cents).

Spanish writes dollars as United States Spanish does (``$1,000.50``, :mod:`trainer.i18n.formats`), but a Spanish
reader may write them as Spain does (``1.000,50``): an amount both ways of writing read alike is read
(``7.50`` and ``7,50`` are 7.50), one they read differently is refused as ambiguous (``5,000``: 5 000 or 5).

>>> read_amount("$1,000"), read_amount(" 7.5 "), read_amount("abc"), read_amount("-5"), read_amount(",5")
(Decimal('1000'), Decimal('7.5'), None, None, None)
>>> read_amount("7,50", "es"), read_amount("1.000,50", "es"), read_amount("5,000", "es"), read_amount("5,000")
(Decimal('7.50'), Decimal('1000.50'), None, Decimal('5000'))
"""

from __future__ import annotations

import re
from decimal import Decimal

from trainer.engine.amounts import check_amount
from trainer.i18n.translation import current_language

READINGS: dict[str, tuple[str, ...]] = {"en": ("en_US",), "es": ("es_US", "es_ES")}
"""The CLDR locales whose way of writing numbers each language reads; an amount they read differently is refused."""
MAX_DECIMALS = 2
"""Cents: more figures after the decimal separator are a grouping in another way of writing, so not read."""
MAX_TYPED = 24
"""Longer than any amount a table holds (``$1,000,000,000.00``): not read at all."""

_SHAPE = re.compile(r"[0-9](?:[0-9.,]*[0-9])?", re.ASCII)
"""Figures and separators, a figure first and last."""


def read_amount(text: str, language: str | None = None) -> Decimal | None:
    """The amount ``text`` is in ``language`` (the language spoken when None), or None when it is not one."""
    typed = text.strip().removeprefix("$").removesuffix("$").strip()
    if len(typed) > MAX_TYPED or not _SHAPE.fullmatch(typed):
        return None
    found = [reading for locale in READINGS.get(language or current_language(), READINGS["en"])
             if (reading := _reading(typed, locale)) is not None]
    if len({value for value, _decimals in found}) != 1:
        return None  # no way of writing reads it, or two read it differently
    value, decimals = found[0]
    return value if decimals <= MAX_DECIMALS and check_amount(value) is None else None


def _reading(typed: str, locale: str) -> tuple[Decimal, int] | None:
    """``typed`` read as ``locale`` writes numbers, and how many figures follow its decimal separator; None when
    it is not written that way."""
    from babel.numbers import NumberFormatError, get_decimal_symbol, parse_decimal

    try:
        value = parse_decimal(typed, locale=locale, strict=True)
    except NumberFormatError:
        return None
    point = get_decimal_symbol(locale)
    return value, len(typed.rpartition(point)[2]) if point in typed else 0


def is_number_word(word: str) -> bool:
    """Whether ``word`` (a word of a typed answer) is written with figures and no letter: an amount or a seat to
    read, or a malformed one to refuse (``7,50``, ``5,``, ``²``), never a word to skip."""
    return any(char.isnumeric() for char in word) and not any(char.isalpha() for char in word)


def words_and_numbers(text: str) -> list[str]:
    """The words of a typed answer (already in lower case): a run of figures and separators without a letter
    stays whole (``1,000.50``, ``5,``, ``²``) for :func:`read_amount` to read or refuse; elsewhere anything but a
    letter, a figure or a point separates words (``seat-3`` is ``seat 3``).

    >>> words_and_numbers("pay 1,000.50, seat-3"), words_and_numbers("pagar ,5"), words_and_numbers("4oak (²)")
    (['pay', '1,000.50,', 'seat', '3'], ['pagar', ',5'], ['4oak', '(²)'])

    An amount with a separator after it is refused (``5,`` may be the start of ``5,50``); a seat or a count is
    not an amount, so a comma after it is the sentence's (:func:`read_whole`).
    """
    words: list[str] = []
    for piece in text.split():
        if is_number_word(piece):
            words.append(piece)
        else:
            words.extend(re.sub(r"[^a-z0-9.]+", " ", piece).split())
    return words


def read_whole(word: str, most_digits: int = 2) -> int | None:
    """A seat or a count as typed: figures only, at most ``most_digits`` of them, a comma or a point after them
    being the sentence's (``collect seat 3, 2 cards``); not an amount (``3.0``, ``3,5``).

    >>> read_whole("3"), read_whole("3,"), read_whole("3.0"), read_whole("123"), read_whole("²")
    (3, 3, None, None, None)
    """
    figures = word[:-1] if word[-1:] in {",", "."} else word
    return int(figures) if figures.isascii() and figures.isdigit() and len(figures) <= most_digits else None
