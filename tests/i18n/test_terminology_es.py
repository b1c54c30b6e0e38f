"""The Spanish a dealer speaks, one label per thing on every screen: the catalogue's Spanish uses the glossary's
card-room words (trainer/i18n/es.toml) and none of the words it rejects, the run round's acts are named as the
Keys dialog names them, a mistake is "incorrecto" everywhere, a step left to the table is "dejado a la mesa"."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from trainer.i18n.translation import _, pgettext, speaking

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = tomllib.loads((ROOT / "trainer" / "i18n" / "es.toml").read_text("utf-8"))


def spanish_texts() -> list[str]:
    with (ROOT / "trainer" / "i18n" / "locale" / "es" / "LC_MESSAGES" / "trainer.po").open("rb") as file:
        catalogue = read_po(file, locale="es")
    texts: list[str] = []
    for message in catalogue:
        if message.id:
            strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            texts += [str(text or "") for text in strings]
    return texts


@pytest.mark.parametrize("word", ["conteo regresivo", "enfrentamiento final", "cartas? acompañantes?",
                                  "terminados? por la mesa", r"\bbien;", r"\} mal \(",
                                  "pozo progresivo", "Lectura del entrenador", "equivocad", "terminado por la mesa",
                                  "límite por lugar", "Pasos bien", "Pasos mal", r"Tabla de Pares \d"])
def test_no_catalogue_text_says_a_word_a_dealer_would_change(word: str) -> None:
    found = [text for text in spanish_texts() if re.search(word, text, re.IGNORECASE)]
    assert found == []


def test_the_glossary_holds_the_card_room_words_and_rejects_the_others() -> None:
    terms, rejected = GLOSSARY["terms"], GLOSSARY["rejected"]
    assert (terms["kicker"], terms["showdown"], terms["drop box"], terms["spot"]) == (
        "kicker", "showdown", "buzón", "casilla")
    assert terms["Progressive"] == "Progresivo" and terms["Trainer's reading"] == "Criterio del entrenador"
    assert rejected["conteo regresivo"] == "conteo por grupos" and rejected["enfrentamiento final"] == "showdown"


def test_the_run_rounds_acts_and_the_scores_words() -> None:
    with speaking("es"):
        acts = [_(text) for text in ("Unload", "Refuse", "Floor", "Count down", "Steps right", "Steps wrong")]
        left = [_("left to the table"), pgettext("mistake", "left to the table")]
        high = _("{rank} high").format(rank=_("ace"))
    assert acts == ["Descargar", "Rechazar", "Supervisor", "Conteo por grupos", "Pasos correctos",
                    "Pasos incorrectos"]
    assert set(left) == {"dejado a la mesa"}
    assert high == "as alto"


def test_the_lessons_say_the_card_room_words() -> None:
    lessons = " ".join(path.read_text("utf-8") for path in (ROOT / "lessons" / "es").glob("*.md"))
    for word in ("enfrentamiento final", "carta acompañante", "pozo progresivo", "Lectura del entrenador",
                 "carta alta de"):
        assert not re.search(re.escape(word), lessons, re.IGNORECASE), word
    assert "**Criterio del entrenador.**" in lessons and "showdown" in lessons and "Progresivo" in lessons


def test_a_deck_count_answer_said_back_opens_no_bracket_inside_another() -> None:
    with speaking("es"):
        said = _("{kind} (you said {given}): {message} Rule: {rule}").format(
            kind="Conteo erróneo", given="señalada (3 cartas)", message="Eran 2.", rule="seed 001")
    assert "usted dijo señalada (3 cartas)" in said
    assert not re.search(r"\([^()]*\(", said), said
