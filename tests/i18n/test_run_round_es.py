"""Run the round in Spanish: the document behind each task names the documents and their paragraphs as they print
them (seed 001 Dealing Procedures 10, rules-notes §7) and says what the paragraph asks in Spanish; a round's script
made in English stays English."""

from __future__ import annotations

import random

from trainer.engine.dealing import Procedure
from trainer.i18n.translation import speaking
from trainer.quiz.round_script import Irregularity, Task, game_round, inject, round_script


def rules_by_task(language: str, irregularity: Irregularity | None = None) -> dict[Task, str]:
    played = game_round("ca", Procedure.SHUFFLER, random.Random(3))
    with speaking(language):
        injected = inject(played, random.Random(1), irregularity) if irregularity is not None else None
        return {step.task: step.rule for step in round_script(played, injected)}


def test_the_documents_behind_the_tasks_are_said_in_spanish_with_their_names_as_printed() -> None:
    english, spanish = rules_by_task("en"), rules_by_task("es")
    assert english.keys() == spanish.keys()
    reveal = spanish[Task.REVEAL]
    assert reveal.startswith("seed 003 Round of Play ") and "cartas comunitarias" in reveal  # California UTH
    assert "community cards" in english[Task.REVEAL]
    assert "bandeja de descartes" in spanish[Task.COLLECT_FOLD] and spanish[Task.COLLECT_FOLD].startswith("seed 003")
    assert spanish[Task.COUNT] == "rules-notes §7 (todas las cartas del mazo de la ronda están en la bandeja: 52)"
    assert spanish[Task.TAKE_FEE].startswith("seed 003 Collection Rates (")
    assert '"No more bets"' in spanish[Task.TAKE_FEE], "the dealer's call stays as the documents prescribe it"
    prose = [task for task in spanish if spanish[task] != english[task]]
    assert len(prose) >= len(spanish) - 3, "only the bare citations read the same in both"


def test_a_void_round_quotes_the_documents_rule_in_the_language_spoken() -> None:
    spanish = rules_by_task("es", Irregularity.SHUFFLER_FAILS)
    void = spanish[Task.VOID]
    assert void.startswith("seed 002 Irregularities; seed 004 Irregularities: \"") and void.endswith(
        "Se devuelve cada apuesta")
    assert "Si la barajadora falla" in void, "the rule said in Spanish (the document's words after it, quoted)"
