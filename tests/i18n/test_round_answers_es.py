"""The run round's terminal quiz takes the Spanish words its Spanish help shows, from the glossary's
``[answers.round]`` (accents optional), as it takes the English ones; the help lists them in Spanish."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from trainer.drills.round_answers import Places, read_round_answer, round_guide
from trainer.i18n.translation import _, speaking
from trainer.quiz.round_script import Task
from trainer.quiz.run_round import Act

ROUND_WORDS: dict[str, str] = tomllib.loads(
    (Path(__file__).resolve().parents[2] / "trainer" / "i18n" / "es.toml").read_text("utf-8"))["answers"]["round"]


def spanish(english: str) -> str:
    """The glossary's Spanish for one of the round's English words."""
    return next(phrase for phrase, word in ROUND_WORDS.items() if word == english)


@pytest.mark.parametrize(("typed", "english"), [
    ("siguiente", "next"), ("descargar", "unload"), ("Descargar", "unload"), ("anular", "void"),
    ("supervisor", "floor"), ("piso", "floor"), ("guardar en la bandeja", "rack"), ("no va más", "no more bets"),
    ("fin del juego", "game over"), ("comisión 4", "fee 4"), ("comision 4", "fee 4"), ("conteo 52", "count 52"),
    ("rechazar 3", "refuse 3"), ("aceptar 3 40", "take 3 40"), ("recoger 3 2", "collect 3 2"),
    ("revelar turn y river", "reveal turn and river"), ("botón de mano 4 full", "hand button 4 full house"),
])
def test_a_spanish_act_is_read_as_its_english_one(typed: str, english: str) -> None:
    assert read_round_answer(typed, None) == read_round_answer(english, None) is not None


def test_the_glossarys_words_are_the_ones_read() -> None:
    assert {"siguiente", "descargar", "rechazar", "anular", "comision"} <= set(ROUND_WORDS)
    assert read_round_answer(spanish("next"), None) == Places(("next",))
    assert read_round_answer(spanish("fee") + " 4", None) == Act(Task.TAKE_FEE, amount=Decimal(4))
    assert read_round_answer(spanish("unload"), None) == Act(Task.UNLOAD)


def test_the_settlement_words_still_settle_in_a_run_round() -> None:
    assert read_round_answer("3 ciega recoger", None) == read_round_answer("3 blind take", None) is not None
    assert read_round_answer("3 ciega pagar 7.50", None) == read_round_answer("3 blind pay 7.50", None)


def test_the_spanish_help_lists_the_spanish_words() -> None:
    from trainer.drills.round_answers import ROUND_HINT

    with speaking("es"):
        guide, hint = round_guide(), _(ROUND_HINT)
    for text in (guide, hint):
        for word in ("siguiente", "descargar", "rechazar", "anular", "comisión", "aceptar", "supervisor"):
            assert f"'{word}" in text, (word, text)
        assert "'unload'" not in text and "'refuse'" not in text and "'void'" not in text
