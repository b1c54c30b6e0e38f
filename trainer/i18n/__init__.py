"""The trainer's languages: one glossary a language (``trainer/i18n/<language>.toml``) that its texts follow.

A glossary holds the dealer vocabulary (one English term, one term in the language), the words that stay in
English, the words a text must not use, and the answer words the terminal quiz accepts in that language
(:mod:`trainer.drills.answers` reads them). English needs no glossary: it is the trainer's own language.

>>> glossary("es").terms["dealer"], glossary("es").answer_actions["take"][0]
('crupier', 'cobrar')
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["GLOSSARY_LANGUAGES", "Glossary", "GlossaryError", "glossary", "glossary_path", "plain"]

GLOSSARY_LANGUAGES = ("es",)
"""The languages with a glossary (every language of the trainer but English)."""


class GlossaryError(ValueError):
    """A glossary that cannot be used: one line naming the file and what is wrong."""


@dataclass(frozen=True)
class Glossary:
    """One language's glossary."""

    language: str
    terms: Mapping[str, str] = field(hash=False)
    """English term → the one term in the language."""
    english: tuple[str, ...]
    """Words and calls that stay in English."""
    rejected: Mapping[str, str] = field(hash=False)
    """A word a text must not use → the glossary's word."""
    answer_actions: Mapping[str, tuple[str, ...]] = field(hash=False)
    """An engine action (``pay``, ``take``, ``push``, ``return``) → the words typed for it."""
    answer_wagers: Mapping[str, tuple[str, ...]] = field(hash=False)
    """An engine wager (``ante``, ``blind`` …) → the words typed for it."""
    answer_phrases: Mapping[str, str] = field(hash=False)
    """Several typed words → the one word the quiz reads (``apuesta inicial`` → ``ante``)."""
    filler: tuple[str, ...]
    """Typed words the quiz skips."""
    answer_round: Mapping[str, str] = field(hash=False, default_factory=dict)
    """A run round's act typed in the language (``descargar``, ``comision``) → the quiz's English words."""


def plain(text: str) -> str:
    """``text`` in lower case without accents (``Devolución`` → ``devolucion``), as the quiz compares words;
    only accents go (a superscript ``²`` stays what it is, not a 2)."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def glossary_path(language: str) -> Path:
    """The glossary file of ``language``."""
    return Path(__file__).with_name(f"{language}.toml")


def _words(path: Path, table: Any, name: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(table, dict):
        raise GlossaryError(f"{path}: [{name}] must be a table")
    out: dict[str, tuple[str, ...]] = {}
    for key, words in table.items():
        if not isinstance(words, list) or not all(isinstance(word, str) and word.strip() for word in words):
            raise GlossaryError(f"{path}: [{name}] {key} must be a list of words")
        out[key] = tuple(plain(word) for word in words)
    return out


def _texts(path: Path, table: Any, name: str) -> dict[str, str]:
    if not isinstance(table, dict) or not all(isinstance(value, str) and value.strip() for value in table.values()):
        raise GlossaryError(f"{path}: [{name}] must be a table of texts")
    return dict(table)


@cache
def glossary(language: str) -> Glossary:
    """The glossary of ``language``; :class:`GlossaryError` names a missing or broken file in one line."""
    if language not in GLOSSARY_LANGUAGES:
        raise GlossaryError(f"no glossary for the language {language!r} (there is one for "
                            f"{', '.join(GLOSSARY_LANGUAGES)})")
    path = glossary_path(language)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise GlossaryError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise GlossaryError(f"{path}: is not a valid TOML glossary ({exc})") from None
    terms = _texts(path, data.get("terms"), "terms")
    rejected = _texts(path, data.get("rejected"), "rejected")
    answers = data.get("answers")
    if not isinstance(answers, dict):
        raise GlossaryError(f"{path}: [answers] must be a table")
    english = data.get("english", {}).get("words")
    if not isinstance(english, list) or not all(isinstance(word, str) for word in english):
        raise GlossaryError(f"{path}: [english] words must be a list of texts")
    filler = answers.get("filler", [])
    if not isinstance(filler, list) or not all(isinstance(word, str) for word in filler):
        raise GlossaryError(f"{path}: [answers] filler must be a list of words")
    phrases = _texts(path, answers.get("phrases", {}), "answers.phrases")
    round_words = _texts(path, answers.get("round", {}), "answers.round")
    return Glossary(
        language, terms, tuple(english), rejected,
        _words(path, answers.get("actions"), "answers.actions"), _words(path, answers.get("wagers"), "answers.wagers"),
        {plain(phrase): word for phrase, word in phrases.items()}, tuple(plain(word) for word in filler),
        {plain(phrase): word for phrase, word in round_words.items()},
    )
