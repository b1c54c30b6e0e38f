"""The shipped catalogues: complete, nothing obsolete, compiled; the language switch; formats in the language."""

from __future__ import annotations

from decimal import Decimal

import pytest
from babel.numbers import format_currency

from trainer.engine.settlement import format_money
from trainer.i18n import catalogue
from trainer.i18n.translation import _, current_language, language_from_environment, set_language, speaking


def test_every_shipped_catalogue_is_complete_current_and_compiled() -> None:
    assert catalogue.check() == []


def test_the_check_finds_a_text_the_code_has_and_the_catalogue_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    real = catalogue.marked_texts()
    real.add("A text no catalogue has yet", locations=[("trainer/example.py", 1)])
    monkeypatch.setattr(catalogue, "marked_texts", lambda source=catalogue.SOURCE: real)
    problems = catalogue.check()
    assert any("not in the catalogue: 'A text no catalogue has yet'" in line for line in problems)


def test_the_check_finds_an_entry_the_code_no_longer_has(monkeypatch: pytest.MonkeyPatch) -> None:
    real = catalogue.marked_texts()
    gone = next(message.id for message in real if message.id)
    real.delete(gone)
    monkeypatch.setattr(catalogue, "marked_texts", lambda source=catalogue.SOURCE: real)
    assert any("obsolete" in line and repr(gone if isinstance(gone, str) else gone[0]) in line
               for line in catalogue.check())


def test_spanish_is_spoken_inside_the_block_and_english_after() -> None:
    before = current_language()
    with speaking("es"):
        assert _("the settle and grade JSON stay in English") == "el JSON de settle y grade sigue en inglés"
    assert current_language() == before


def test_a_language_the_trainer_does_not_speak_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'fr' is not a language of the trainer"):
        set_language("fr")


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "es_US.UTF-8"}, "es"), ({"LC_ALL": "es_ES"}, "es"), ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"), ({"LANGUAGE": "vi:es", "LANG": "en_US"}, "es"), ({}, "en"),
])
def test_the_first_language_comes_from_the_system_locale(environ: dict[str, str], language: str) -> None:
    assert language_from_environment(environ) == language


@pytest.mark.parametrize("amount", ["0.5", "7.5", "49.99", "4382.71", "1000000", "12.05"])
def test_amounts_are_written_as_united_states_spanish_writes_dollars(amount: str) -> None:
    # CLDR's es_US writes dollars as English does; the trainer's amounts are the same in both languages.
    expected = format_currency(Decimal(amount), "USD", locale="es_US")
    shown = format_money(Decimal(amount))
    assert shown == expected or (expected.endswith(".00") and shown == expected[:-3])
