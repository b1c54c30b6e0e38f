"""The language the trainer speaks: one gettext catalogue a language, for every text a person reads.

Why gettext for everything, the GUI included, and not Qt's ``tr()`` as well: most of what the window shows is
written below Qt (the engine's rule lines and mistake messages, the drills' questions, the session's words, the
reports), and those parts must run without Qt. One catalogue a language (``locale/<language>/LC_MESSAGES/
trainer.po``), read by the standard library at run time and kept by Babel's tools, means the next language is one
file and the lessons. Qt's own dialogs (file choosers, their buttons) take Qt's shipped ``qtbase_<language>.qm``.

Texts are looked up when they are shown, so the language switches at once: :func:`_` asks the current catalogue
each time. A text kept in a module-level table is marked with :func:`N_` (which only marks it for the catalogue)
and translated with :func:`_` where it is shown. The ``settle`` and ``grade`` JSON are a contract and stay in
English: the commands that write them never switch the language.

>>> with speaking("es"):
...     current_language(), _("the settle and grade JSON stay in English")
('es', 'el JSON de settle y grade sigue en inglés')
>>> current_language(), _("the settle and grade JSON stay in English")
('en', 'the settle and grade JSON stay in English')
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import locale
import os
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path

from trainer.i18n.pseudo import PSEUDO, PseudoTranslations

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "PSEUDO",
    "SPOKEN",
    "_",
    "current_language",
    "language_from_environment",
    "localedir",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
    "speaking",
]

DOMAIN = "trainer"
LANGUAGES = ("en", "es")
"""The languages the trainer speaks; English is its own language and needs no catalogue."""
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "es": "español", "qps": "[Ƥšéûđö ···]"}
"""Each language named in itself, as a language menu lists them."""
SPOKEN = (*LANGUAGES, PSEUDO)
"""What :func:`set_language`, ``--lang`` and the settings file take: the languages and the pseudo-language
(:mod:`trainer.i18n.pseudo`), a test language the Settings menu lists only while it is chosen."""

_current = "en"
_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()


def localedir() -> Path:
    """The folder holding ``<language>/LC_MESSAGES/trainer.mo``."""
    return Path(__file__).with_name("locale")


@cache
def _translations(language: str) -> _gettext.NullTranslations:
    if language == "en":
        return _gettext.NullTranslations()
    if language == PSEUDO:
        return PseudoTranslations()
    return _gettext.translation(DOMAIN, localedir(), languages=[language], fallback=True)


def set_language(language: str) -> None:
    """Speak ``language`` (one of :data:`SPOKEN`) from now on; a language the trainer does not speak is a
    :class:`ValueError` naming the ones it does."""
    global _current, _catalogue
    if language not in SPOKEN:
        raise ValueError(f"{language!r} is not a language of the trainer ({', '.join(SPOKEN)})")
    _current, _catalogue = language, _translations(language)


def current_language() -> str:
    """The language texts are shown in now."""
    return _current


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` inside the ``with`` block, then the language spoken before."""
    before = _current
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The trainer's language closest to the system's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then
    the C library's locale), English when it speaks none of them.

    >>> language_from_environment({"LANG": "es_MX.UTF-8"}), language_from_environment({"LANG": "fr_FR.UTF-8"})
    ('es', 'en')
    >>> language_from_environment({"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"})
    'es'
    """
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            candidates.extend(value.split(":") if name == "LANGUAGE" else [value])
            if name != "LANGUAGE":
                break
    if environ is None and not candidates:
        with contextlib.suppress(ValueError):
            candidates.append(locale.getlocale()[0] or "")
    for candidate in candidates:
        code = candidate.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def _(message: str) -> str:
    """``message`` in the current language (itself in English, or where the catalogue has no translation)."""
    return _catalogue.gettext(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's conventional name)
    """Mark ``message`` for the catalogue without translating it: a module-level table's text, translated with
    :func:`_` where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` in the current language ("1 paso", "3 pasos"): Spanish, like English, has two."""
    return _catalogue.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language where the same English word needs two translations (``context`` tells
    them apart: a button's "Return" and a wager's)."""
    return _catalogue.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return _catalogue.npgettext(context, singular, plural, count)
