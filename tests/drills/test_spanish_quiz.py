"""The terminal quiz in Spanish (``uth-trainer --lang es quiz``): it asks and answers in the glossary's words
(trainer/i18n/es.toml), reads answers typed in Spanish, and scores them as the English ones; a drill's question
and feedback are Spanish under ``speaking("es")``."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from tests.typed import of_kind, present
from trainer.drills.base import drill_named
from trainer.drills.decision_drills import DecisionItem
from trainer.drills.settlement_drills import SettlementItem
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager
from trainer.i18n import glossary
from trainer.i18n.translation import speaking
from trainer.quiz.review import Tally
from trainer.scoring import Mode

ROOT = Path(__file__).resolve().parents[2]
ES = glossary("es")
HAND_TERMS = {
    Category.HIGH_CARD: "high card", Category.ONE_PAIR: "pair", Category.TWO_PAIR: "two pair",
    Category.THREE_OF_A_KIND: "three of a kind", Category.STRAIGHT: "straight", Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full house", Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "straight flush", Category.ROYAL_FLUSH: "royal flush",
}
"""Each hand's glossary term (its Spanish name is what a trainee types)."""
WAGER_WORDS = {Wager.ANTE: "apuesta inicial", Wager.BLIND: "ciega", Wager.PLAY: "play", Wager.TRIPS: "trips",
               Wager.BAD_BEAT: "bad beat", Wager.PAIRS: "pares", Wager.PROGRESSIVE: "pozo progresivo"}
"""The wagers as a Spanish trainee names them: the glossary's terms, and the layout's names kept in English."""


def quiz(*args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "trainer", "--lang", "es", "quiz", *args], input=answers,
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120, check=False)


def spanish_answers(topic: str, seed: int, count: int) -> list[str]:
    """The lines a perfect trainee types in Spanish for the items ``--seed`` deals."""
    lines: list[str] = []
    for drill_item in drill_named(topic).items(random.Random(seed), count, Mode.PRACTICE):
        item = of_kind(drill_item, SettlementItem)
        result = item.scenario.settlement
        if present(item.next_question()).prompt.startswith("Collection fee"):
            lines.append(str(result.collection_fee))
        hand = ES.terms[HAND_TERMS[result.dealer.category]]
        lines.append(f"{hand} {'califica' if result.dealer_qualifies else 'no califica'}")
        for step in result.procedure:
            if step.phase == "coin-in":
                continue
            stake = item.scenario.seat(step.seat).stake(step.wager)
            amount = f" {step.amount}" if step.action is Action.PAY or step.amount != stake else ""
            lines.append(f"asiento {step.seat} {WAGER_WORDS[step.wager]} {ES.terms[step.action.value]}{amount}")
    return lines


def score_of(output: str) -> float:
    match = re.search(r"^Puntuación ([\d.]+) %", output, re.MULTILINE)
    assert match, output
    return float(match.group(1))


def test_spanish_answers_score_100_percent_in_a_spanish_quiz() -> None:
    answers = spanish_answers("qualification", 11, 3)
    done = quiz("--topic", "qualification", "--seed", "11", "--count", "3", answers="\n".join(answers) + "\n")
    assert done.returncode == 0, done.stderr
    assert score_of(done.stdout) == 100.0
    assert "modo práctica" in done.stdout and "¿Mano del crupier?" in done.stdout
    assert "Correcto: Asiento " in done.stdout and "no se pudo leer" not in done.stdout
    for english in ("Dealer's hand?", "Next step?", "Right:", "Score "):
        assert english not in done.stdout


def test_a_wrong_spanish_answer_is_told_in_spanish() -> None:
    answers = spanish_answers("blind", 5, 1)
    wrong = answers[-1].replace(ES.terms["pay"], ES.terms["take"]).rsplit(" ", 1)[0] if " pagar " in \
        answers[-1] else answers[-1].replace(ES.terms["take"], ES.terms["pay"]) + " 999"
    done = quiz("--topic", "blind", "--seed", "5", "--count", "1", answers="\n".join([*answers[:-1], wrong]) + "\n")
    assert done.returncode == 0, done.stderr
    assert "se esperaba Asiento " in done.stdout
    assert re.search(r"(acción|cantidad) incorrecta", done.stdout)
    assert ES.terms["dealer"] in done.stdout


def test_the_quick_drills_read_spanish_actions() -> None:
    lines = []
    for drill_item in drill_named("blind-quick").items(random.Random(4), 3, Mode.PRACTICE):
        action, amount = of_kind(drill_item, DecisionItem).asks[0].expected
        lines.append(f"{ES.terms[action.value]} {amount}" if action is Action.PAY else ES.terms[action.value])
    done = quiz("--topic", "blind-quick", "--seed", "4", "--count", "3", answers="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert score_of(done.stdout) == 100.0
    assert "3 ejercicios" in done.stdout and "¿qué pasa con la ciega, y cuánto?" in done.stdout


def test_a_drills_question_and_feedback_are_spanish() -> None:
    with speaking("es"):
        item = of_kind(next(iter(drill_named("dealer-hand").items(random.Random(2), 1, Mode.PRACTICE))),
                       DecisionItem)
        question = present(item.next_question())
        dealer = item.asks[0]
        category, qualifies = dealer.expected
        wrong = Category.ROYAL_FLUSH if category is not Category.ROYAL_FLUSH else Category.HIGH_CARD
        feedback = item.answer((wrong, qualifies))
    assert question.prompt == "¿Mano del crupier?"
    assert feedback.message.startswith("anuncio del crupier incorrecto: la respuesta es ")
    assert ("califica" in feedback.message) and "qualif" not in feedback.message


def test_the_plural_forms_are_right_in_spanish() -> None:
    with speaking("es"):
        one = Tally(4, 3, 1).text()
        three = Tally(6, 3, 3, 1).text()
    assert one == "3 de 4 pasos correctos (75.0 %) · 1 paso incorrecto · 1 intento fallido"
    assert three == ("3 de 6 pasos correctos (50.0 %) · 3 pasos incorrectos · 3 intentos fallidos · "
                     "1 paso dejado a la mesa")
    assert Tally(4, 3, 1).text() == "3 of 4 steps right (75.0 %) · 1 step wrong · 1 wrong attempt"


def test_every_drill_is_described_in_spanish_and_listed_in_english() -> None:
    from trainer.drills.base import all_drills, drill_description

    drills = all_drills()
    english = {name: drill.description for name, drill in drills.items()}
    with speaking("es"):
        spanish = {name: drill_description(drill) for name, drill in drills.items()}
        listed = {name: drill.description for name, drill in drills.items()}
    assert [name for name in drills if spanish[name] == english[name]] == []
    assert listed == english  # the list of topics (quiz --list) keeps the drills' own English
