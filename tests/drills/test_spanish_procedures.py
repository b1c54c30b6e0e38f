"""The procedure drills in Spanish: every text of procedures.toml is marked for the catalogue (and translated),
the questions and feedback come in the glossary's words, and Spanish answers are read."""

from __future__ import annotations

import random
import tomllib

from tests.typed import of_kind, present
from trainer.drills.base import drill_named
from trainer.drills.decision_drills import DecisionItem
from trainer.drills.procedures.answers import read_response, read_seat, read_yes_no
from trainer.drills.procedures.catalogue import DATA_FILE
from trainer.drills.procedures.texts import TEXTS
from trainer.i18n.translation import _, speaking
from trainer.scoring import Mode


def shown_texts() -> set[str]:
    """Every text of the procedures file a trainee reads (not the citations)."""
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    found: set[str] = set()
    for body in data["procedures"].values():
        found |= {body["title"], *(step[0] for step in body["steps"])}
    for body in data["controllers"].values():
        found |= {body["title"], *(step[0] for step in body["steps"])}
        found |= {text for case in body.get("special", []) for text in case[:2]}
        found.add(body["tray_step"][0] if isinstance(body["tray_step"], list) else body["tray_step"])
    found |= {body["happens"] for body in data["irregularities"].values()}
    found |= {body["act"] for body in data["protection"].values()}
    return found


def test_every_text_of_the_procedures_file_is_marked_and_translated() -> None:
    assert shown_texts() - set(TEXTS) == set()
    with speaking("es"):
        untranslated = [text for text in shown_texts() if _(text) == text]
    assert untranslated == []


def test_a_procedure_question_and_its_steps_are_spanish() -> None:
    with speaking("es"):
        item = of_kind(next(iter(drill_named("procedure-order").items(random.Random(5), 1, Mode.PRACTICE))),
                       DecisionItem)
        question = present(item.next_question())
    assert question.prompt == "¿Qué paso va en la posición 1.ª?"
    assert "ponga estos pasos en orden" in item.text


def test_a_play_wager_item_and_its_feedback_are_spanish() -> None:
    with speaking("es"):
        item = of_kind(next(iter(drill_named("play-wager").items(random.Random(1), 1, Mode.PRACTICE))),
                       DecisionItem)
        ask = item.asks[0]
        feedback = item.answer(not ask.expected)
    assert ask.prompt == "¿La acepta (sí o no)?"
    assert "apuesta inicial" in item.text.lower()
    assert feedback.message.startswith("respuesta incorrecta: la respuesta es ")


def test_spanish_answers_are_read() -> None:
    assert read_yes_no("sí") is True and read_yes_no("no") is False and read_yes_no("Rechazar") is False
    assert read_seat("asiento 4") == 4
    assert (read_response("anular"), read_response("llamar al supervisor de piso"), read_response("seguir")) == (
        "void", "floor", "carry-on")
