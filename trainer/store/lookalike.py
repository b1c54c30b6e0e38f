"""Names that differ only by look-alike letters: ``Finаl`` (a Cyrillic а) beside ``Final``.

Two names look alike when, after NFKC (which folds fullwidth and mathematical letters into plain ones) and case
folding, they are not the same text and yet every letter of one is the other's letter or a look-alike of it.
What looks like what is Unicode's confusables table (UTS #39) as the ``confusable_homoglyphs`` package ships it:
the table is read here as UTF-8 from that package's data (the package's own loader reads it in the system's
encoding, which fails where that is not UTF-8).

>>> look_alike("Finаl", "Final"), look_alike("Final", "FINAL"), look_alike("Final", "Finale")
(True, False, False)
>>> same_name("Ｆｉｎａｌ", "final")
True
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources

_MARKS = "\u200e\u200f"
"""Direction marks the table wraps right-to-left letters in."""


@cache
def _table() -> dict[str, frozenset[str]]:
    """Each letter of the confusables table and the letters it can be taken for."""
    text = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text(encoding="utf-8")
    return {char.strip(_MARKS): frozenset(entry["c"].strip(_MARKS) for entry in entries)
            for char, entries in json.loads(text).items()}


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def same_name(name: str, other: str) -> bool:
    """Whether ``name`` and ``other`` are one name: the same after NFKC and case folding."""
    return _folded(name) == _folded(other)


def _same_look(one: str, other: str) -> bool:
    if one == other:
        return True
    table = _table()
    return other in table.get(one, ()) or one in table.get(other, ())


def look_alike(name: str, other: str) -> bool:
    """Whether ``name`` and ``other`` are different names written with look-alike letters (the same name in
    another case is the same name, not a look-alike)."""
    mine, theirs = _folded(name), _folded(other)
    if mine == theirs or len(mine) != len(theirs):
        return False
    return all(_same_look(one, two) for one, two in zip(mine, theirs, strict=True))


def strangers(name: str, other: str) -> str:
    """The letters of ``name`` that are not ``other``'s, each as its code point and Unicode name (for a message
    that shows what the eye cannot).

    >>> strangers("Finаl", "Final")
    'U+0430 CYRILLIC SMALL LETTER A'
    """
    mine, theirs = _folded(name), _folded(other)
    found = dict.fromkeys(one for one, two in zip(mine, theirs, strict=False) if one != two)
    return ", ".join(f"U+{ord(char):04X} {unicodedata.name(char, '?')}" for char in found)
