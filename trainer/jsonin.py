"""Reading JSON a user wrote without trusting it: exact decimals, bounded numbers, bounded nesting, no key twice.

Python's ``json`` module turns ``1e5000`` into ``inf``, a 5,000-digit integer into a traceback, 100,000 ``[``
into a ``RecursionError`` and a key given twice into its last value. :func:`loads` reads the same text but:

- a number with a fraction or an exponent becomes a :class:`~decimal.Decimal` (``7.5`` stays ``7.5``);
- a number too long to be an amount (more than :data:`MAX_NUMBER_CHARS` characters, or an exponent past
  ±:data:`MAX_EXPONENT`), and ``NaN`` / ``Infinity``, become an :class:`Unreadable` record that the reader of that
  field refuses by name ("seats[0].ante: NaN is not an amount"); nothing is converted at Python's cost;
- nesting deeper than ``max_depth`` and a key given twice in one object raise :class:`JsonInputError`.

:func:`shown` quotes any value for a message: control, zero-width and right-to-left characters escaped, long
values cut, never a Python ``repr``.

>>> loads('{"ante": 7.50, "seat": 3}')
{'ante': Decimal('7.50'), 'seat': 3}
>>> loads('[1e5000]')[0].describe()
'1e5000 is too large'
>>> loads('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
trainer.jsonin.JsonInputError: the key "a" is given twice in one object
>>> print(shown("K\\u200bh"))
"K\\u200bh"
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

MAX_DEPTH = 32
"""Objects and lists nested deeper than this are refused (a hand needs four levels)."""
MAX_NUMBER_CHARS = 40
"""A number written with more characters than this is no amount a table holds; it is refused by its field."""
MAX_EXPONENT = 40
"""An exponent past ±40 (``1e999999``) is refused by its field, before any arithmetic is done with it."""
SHOWN_CHARS = 40
"""Messages quote at most this many characters of a value."""

_EXPONENT = re.compile(r"[eE]([-+]?\d+)$")


class JsonInputError(ValueError):
    """Text that is not JSON this program reads; the message says where and why in one line."""


@dataclass(frozen=True)
class Unreadable:
    """A JSON number kept as written because it cannot be an amount: ``NaN``, ``Infinity``, ``1e5000``, ...

    Readers of a field refuse it with :meth:`describe`, naming the field.
    """

    text: str
    problem: str

    def describe(self) -> str:
        return f"{shown_text(self.text, quote=False)} {self.problem}"


def _parse_int(token: str) -> int | Unreadable:
    if len(token) > MAX_NUMBER_CHARS:
        return Unreadable(token, "is too large")
    return int(token)


def _parse_float(token: str) -> Decimal | Unreadable:
    if len(token) > MAX_NUMBER_CHARS:
        return Unreadable(token, "has too many digits")
    exponent = _EXPONENT.search(token)
    if exponent is not None and abs(int(exponent.group(1))) > MAX_EXPONENT:
        return Unreadable(token, "is too large" if not exponent.group(1).startswith("-") else "is too small")
    return Decimal(token)


def _parse_constant(name: str) -> Unreadable:
    return Unreadable(name, "is not a number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise JsonInputError(f"the key {shown(key)} is given twice in one object")
            seen.add(key)
    return result


_DECODER = json.JSONDecoder(
    parse_float=_parse_float, parse_int=_parse_int, parse_constant=_parse_constant, object_pairs_hook=_unique_keys
)
_SHORT_INTEGERS_DECODER = json.JSONDecoder(
    parse_float=_parse_float, parse_constant=_parse_constant, object_pairs_hook=_unique_keys
)
"""For text with no run of digits long enough to make a too-long integer: Python's own integer reading gives
what :func:`_parse_int` would, without a call per number."""
_NUMBER_CHARS_TABLE = bytes(ord("0") if chr(byte) in "0123456789-" else ord(" ") for byte in range(256))
"""Digits and minus signs to ``0``, every other byte to a space: a number written with more than
:data:`MAX_NUMBER_CHARS` characters becomes a run of that many ``0``."""
_LONG_NUMBER_RUN = b"0" * (MAX_NUMBER_CHARS + 1)


def _may_hold_a_long_integer(text: str) -> bool:
    """True when ``text`` has a run of digits and minus signs longer than :data:`MAX_NUMBER_CHARS` (a few
    microseconds for a hand, where a regular expression takes ten times as long).

    >>> _may_hold_a_long_integer("[" + "9" * 41 + "]"), _may_hold_a_long_integer("[-" + "9" * 39 + "]")
    (True, False)
    """
    return _LONG_NUMBER_RUN in text.encode("utf-8", "surrogatepass").translate(_NUMBER_CHARS_TABLE)


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text`` as JSON the safe way (see the module's note); raises :class:`JsonInputError`.

    >>> loads("[[[1]]]", max_depth=2)
    Traceback (most recent call last):
    ...
    trainer.jsonin.JsonInputError: is nested deeper than 2 levels
    """
    if text.count("[") + text.count("{") > max_depth:
        _check_depth(text, max_depth)
    decoder = _DECODER if _may_hold_a_long_integer(text) else _SHORT_INTEGERS_DECODER
    try:
        return decoder.decode(text)
    except json.JSONDecodeError as exc:
        raise JsonInputError(f"is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise JsonInputError(f"is nested deeper than {max_depth} levels") from None


_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _check_depth(text: str, max_depth: int) -> None:
    """Refuse nesting past ``max_depth`` before the parser recurses (brackets inside strings do not count)."""
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                raise JsonInputError(f"is nested deeper than {max_depth} levels")
        elif token in "]}":
            depth -= 1


def decode_utf8(data: bytes) -> str:
    """Bytes as UTF-8 text (a leading byte-order mark dropped); :class:`JsonInputError` naming the first bad byte.

    >>> decode_utf8(b"\\xef\\xbb\\xbf{}")
    '{}'
    >>> decode_utf8(b'{"a": "\\xff"}')
    Traceback (most recent call last):
    ...
    trainer.jsonin.JsonInputError: is not UTF-8 text (byte 0xff at position 7)
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonInputError(f"is not UTF-8 text (byte 0x{data[exc.start]:02x} at position {exc.start})") from None
    return text.removeprefix("\ufeff")


def _visible(char: str) -> bool:
    if char in "\\\"":
        return False
    category = unicodedata.category(char)
    return not (category.startswith(("C", "Z")) and char != " ")


def shown_text(text: str, *, quote: bool = True, limit: int = SHOWN_CHARS) -> str:
    """``text`` for a message: escaped where it could hide or reorder anything, cut after ``limit`` characters.

    >>> print(shown_text("A\\u202eB"), shown_text("x" * 50, limit=5), shown_text("é"))
    "A\\u202eB" "xxxxx…" "é"
    """
    cut = text[:limit]
    parts = []
    for char in cut:
        if _visible(char):
            parts.append(char)
        elif char in "\\\"":
            parts.append("\\" + char)
        elif ord(char) > 0xFFFF:
            parts.append(f"\\U{ord(char):08x}")
        else:
            parts.append(f"\\u{ord(char):04x}")
    body = "".join(parts) + ("…" if len(text) > limit else "")
    return f'"{body}"' if quote else body


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """Any parsed JSON value as it would be written, safe for a message and cut to about ``limit`` characters.

    >>> print(shown(Decimal("1.0")), shown(True), shown(None), shown([1, "a"]), shown({"k": [0] * 40}))
    1.0 true null [1, "a"] {"k": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, …
    """
    if isinstance(value, str):
        return shown_text(value, limit=limit)
    if isinstance(value, Unreadable):
        return shown_text(value.text, quote=False, limit=limit)
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int | Decimal):
        return shown_text(str(value), quote=False, limit=limit)
    if isinstance(value, float):
        return shown_text(repr(value), quote=False, limit=limit)
    if isinstance(value, list | tuple | dict):
        text = _outline(value, limit)
        return text if len(text) <= limit else text[:limit] + "…"
    return shown_text(str(value), quote=False, limit=limit)


def _outline(value: Any, budget: int) -> str:
    """A compact JSON-like outline of a list or object, stopping once ``budget`` characters are written."""
    if isinstance(value, list | tuple):
        parts = []
        used = 0
        for item in value:
            if used > budget:
                break
            part = _outline(item, budget - used)
            parts.append(part)
            used += len(part) + 2
        return "[" + ", ".join(parts) + "]"
    if isinstance(value, dict):
        parts = []
        used = 0
        for key, item in value.items():
            if used > budget:
                break
            part = f"{shown_text(str(key), limit=budget)}: {_outline(item, budget - used)}"
            parts.append(part)
            used += len(part) + 2
        return "{" + ", ".join(parts) + "}"
    return shown(value, limit=budget)
