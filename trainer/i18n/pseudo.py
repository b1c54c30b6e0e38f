"""The pseudo-language ``qps``: every translated text bracketed, accented and made about 40 % longer, made from
the English text when it is looked up (no catalogue to keep).

It is a test language (``--lang qps``, or ``"language": "qps"`` in the settings file): on a screen spoken in it,
a text without its brackets never went through the catalogue (a text that will stay English in every language),
and a text cut off or running into another is a layout that will break in the next, longer language. Accents
show a font or an encoding that cannot carry them.

What a text must keep stays as it is: ``{placeholders}``, ``%s``-style ones, HTML tags and entities, ``&&`` and
the mnemonic ``&`` (its letter is accented like the others), and the spaces around the text (outside the
brackets, as a text made from parts puts them).

>>> pseudo("Deal a new round")
'[Ðéáł á ñéŵ ŕöûñđ ······]'
>>> pseudo("Seat {seat} pays <b>{amount}</b>: ")
'[Šéáţ {seat} ƥáýš <b>{amount}</b>: ·····] '
>>> bare_letters("Seat 3 pays [Šéáţ ·] 4 [[ñéŵ] two pair ····]")
['Seat', 'pays', 'two', 'pair']
"""

from __future__ import annotations

import gettext
import re

__all__ = ["CLOSE", "OPEN", "PSEUDO", "PseudoTranslations", "bare_letters", "pseudo"]

PSEUDO = "qps"
"""The pseudo-language's code (``qps``: the range ISO 639 keeps for private use, as Windows' pseudo-locales)."""
OPEN, CLOSE = "[", "]"
PAD = "·"
LONGER = 0.4
"""How much longer a text is made: the longest language a trainer is likely to get runs about 40 % over English."""

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀćđéƒĝĥíĵķłɱñöƥʠŕšţûṽŵẋýžÁƁĆÐÉƑĜĤÍĴĶŁṀÑÖƤǪŔŠŢÛṼŴẊÝŽ",
)
_KEPT = re.compile(
    r"\{\{|\}\}|\{[^{}]*\}"  # format placeholders and escaped braces
    r"|%\([A-Za-z_]+\)[-#0 +]*\d*(?:\.\d+)?[sdifrx]|%[-#0 +]*\d*(?:\.\d+)?[sdifrx%]"  # %-style placeholders
    r"|%L?\d+|%n"  # Qt's own placeholders
    r"|<[^<>]*>|&[A-Za-z]+;|&#\d+;|&&"  # HTML tags and entities, a literal ampersand
    r"|(?<!\w)--?[A-Za-z][A-Za-z-]*|`[^`]*`"  # a command's options and words in backquotes, typed as they are
)


def _accent(part: str) -> str:
    return part.translate(_ACCENTED)


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language (an empty or blank text stays as it is)."""
    core = text.strip()
    if not core:
        return text
    start = text.index(core[0])
    lead, trail = text[:start], text[start + len(core):]
    pieces: list[str] = []
    shown = 0
    position = 0
    for kept in _KEPT.finditer(core):
        plain = core[position:kept.start()]
        pieces += [_accent(plain), kept.group()]
        shown += len(plain)
        position = kept.end()
    pieces.append(_accent(core[position:]))
    shown += len(core) - position
    pad = max(1, round(shown * LONGER))
    padding = " ".join(PAD * min(8, pad - at) for at in range(0, pad, 8))
    return f"{lead}{OPEN}{''.join(pieces)} {padding}{CLOSE}{trail}"


def bare_letters(text: str) -> list[str]:
    """The words of ``text`` that did not pass through the pseudo-language: every letter of a translated text is
    accented, so a word with a plain letter (A to Z) reached the screen without the catalogue, alone or put into a
    translated text (``[Ðéáłéŕ: two pair ···]``); a word outside every bracketed part too. Tags, entities and a
    command's ``--options`` are left out."""
    text = re.sub(r"<[^<>]*>|&[A-Za-z]+;|&#\d+;|(?<!\w)--?[A-Za-z][A-Za-z-]*", " ", text)
    words = re.findall(r"[^\W\d_]{2,}", text)
    depth = 0
    outside: list[str] = []
    for char in text:
        if char == OPEN:
            depth += 1
            outside.append(" ")
        elif char == CLOSE and depth:
            depth -= 1
        elif depth == 0:
            outside.append(char)
    bare = set(re.findall(r"[^\W\d_]{2,}", "".join(outside)))
    return [word for word in words if re.search("[A-Za-z]", word) or word in bare]


class PseudoTranslations(gettext.NullTranslations):
    """The catalogue of the pseudo-language: each text made from its English when asked for."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
