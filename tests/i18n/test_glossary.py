"""The glossaries (trainer/i18n/<language>.toml): read once, and a missing or broken one is one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer import i18n
from trainer.i18n import GlossaryError, glossary, plain


def test_plain_drops_accents_and_case_but_keeps_other_characters() -> None:
    assert plain("Devolución") == "devolucion" and plain("AÑO") == "ano"
    assert plain("²") == "²"


def test_a_language_without_a_glossary_is_one_clear_line() -> None:
    with pytest.raises(GlossaryError, match="no glossary for the language 'vi'"):
        glossary("vi")


@pytest.mark.parametrize(("text", "problem"), [
    ("[terms\n", "is not a valid TOML glossary"),
    ('[terms]\n"dealer" = 3\n[answers]\n[english]\nwords = []\n', "[terms] must be a table of texts"),
    ('[terms]\n[rejected]\n[english]\nwords = []\n', "[answers] must be a table"),
    ('[terms]\n[rejected]\n[english]\nwords = []\n[answers]\n[answers.actions]\npay = "pagar"\n[answers.wagers]\n',
     "[answers.actions] pay must be a list of words"),
])
def test_a_broken_glossary_is_named_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str,
                                                problem: str) -> None:
    path = tmp_path / "es.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "glossary_path", lambda language: path)
    glossary.cache_clear()
    try:
        with pytest.raises(GlossaryError) as caught:
            glossary("es")
    finally:
        glossary.cache_clear()
    assert str(caught.value).startswith(f"{path}: ") and problem in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_shipped_spanish_glossary_reads() -> None:
    spanish = glossary("es")
    assert spanish.language == "es" and spanish.terms["dealer"] == "crupier"
    assert spanish.answer_phrases["apuesta inicial"] == "ante"
