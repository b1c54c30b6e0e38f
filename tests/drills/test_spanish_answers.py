"""The terminal quiz reads Spanish answer words as well as English ones, from the glossary's one answer table
(trainer/i18n/es.toml): pagar/pay, cobrar/take, empate/push, devolver/return, ciega/Blind, apuesta inicial/Ante."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.drills.answers import WAGER_WORDS, read_action, read_dealer_hand, read_money, read_step, with_glossaries
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager
from trainer.i18n import glossary

D = Decimal
ES = glossary("es")


@pytest.mark.parametrize(("spanish", "english"), [
    ("pagar 7.50", "pay 7.50"), ("paga 7.50", "pays 7.50"), ("pago 7.50", "paid 7.50"), ("gana 7.50", "win 7.50"),
    ("cobrar", "take"), ("cobra", "takes"), ("recoger", "collect"), ("pierde", "lose"),
    ("empate", "push"), ("empata", "ties"), ("reembolso", "refund"),
    ("devolver", "return"), ("devuelve", "returns"), ("devolución", "returned"), ("sin acción", "no action"),
])
def test_a_spanish_action_word_reads_as_its_english_one(spanish: str, english: str) -> None:
    assert read_action(spanish) is not None
    assert read_action(spanish) == read_action(english)


@pytest.mark.parametrize(("action", "words"), sorted(ES.answer_actions.items()))
def test_every_action_word_of_the_glossary_is_read(action: str, words: tuple[str, ...]) -> None:
    for word in words:
        typed = f"{word} 12" if action == "pay" else word
        assert read_action(typed) == (Action(action), D(12) if action == "pay" else None), word
        assert read_step(f"asiento 4 Trips {typed}") == (4, Wager.TRIPS, Action(action),
                                                         D(12) if action == "pay" else None), word


@pytest.mark.parametrize(("typed", "expected"), [
    ("asiento 3 ciega pagar 7.50", (3, Wager.BLIND, Action.PAY, D("7.50"))),
    ("5 apuesta inicial empate", (5, Wager.ANTE, Action.PUSH, None)),
    ("Asiento 5 la Apuesta Inicial devolver", (5, Wager.ANTE, Action.RETURN, None)),
    ("2 pozo progresivo cobrar", (2, Wager.PROGRESSIVE, Action.TAKE, None)),
    ("6 progresivo pagar $50", (6, Wager.PROGRESSIVE, Action.PAY, D(50))),
    ("1 pares pagar 125", (1, Wager.PAIRS, Action.PAY, D(125))),
    ("4 bad beat cobrar", (4, Wager.BAD_BEAT, Action.TAKE, None)),
    ("6 play pagar 40 dólares", (6, Wager.PLAY, Action.PAY, D(40))),
    ("3 ciega 7.50", (3, Wager.BLIND, Action.PAY, D("7.50"))),
])
def test_a_step_typed_in_spanish_reads_as_seat_wager_action_amount(
        typed: str, expected: tuple[int, Wager, Action, Decimal | None]) -> None:
    assert read_step(typed) == expected


def test_a_pay_in_spanish_still_needs_its_amount() -> None:
    assert read_action("pagar") is None
    assert read_step("3 ciega pagar") is None


def test_spanish_and_english_words_may_be_mixed() -> None:
    assert read_step("seat 3 ciega pay 7.50") == read_step("asiento 3 blind pagar 7.50")


def test_an_amount_after_pagar_is_the_amount_paid() -> None:
    assert read_money("pagar 52.50") == D("52.50")
    assert read_money("pagar -52.50") is None


def test_a_word_that_is_not_in_the_glossary_is_not_guessed() -> None:
    assert read_action("quizás 7") is None
    assert read_step("3 ciega tal vez") is None


@pytest.mark.parametrize(("wager", "words"), sorted(ES.answer_wagers.items()))
def test_every_wager_word_of_the_glossary_is_read(wager: str, words: tuple[str, ...]) -> None:
    for word in words:
        assert read_step(f"asiento 4 {word} cobrar") == (4, Wager(wager), Action.TAKE, None), word


@pytest.mark.parametrize(("phrase", "word"), sorted(ES.answer_phrases.items()))
def test_every_phrase_of_the_glossary_reads_as_its_word(phrase: str, word: str) -> None:
    if word == "noaction":
        assert read_action(phrase) == (Action.RETURN, None)
    elif word in WAGER_WORDS:
        assert read_step(f"2 {phrase} empate") == read_step(f"2 {word} push")
        assert read_step(f"2 {phrase} empate") is not None
    else:  # a hand, or whether it qualifies (said after a hand)
        said, typed = (phrase, word) if read_dealer_hand(word) is not None else (f"pair {phrase}", f"pair {word}")
        assert read_dealer_hand(said) == read_dealer_hand(typed)
        assert read_dealer_hand(said) is not None


@pytest.mark.parametrize(("typed", "expected"), [
    ("doble pareja", (Category.TWO_PAIR, True)), ("carta alta, no califica", (Category.HIGH_CARD, False)),
    ("pareja de reyes sí", (Category.ONE_PAIR, True)), ("trío", (Category.THREE_OF_A_KIND, True)),
    ("escalera de color", (Category.STRAIGHT_FLUSH, True)), ("escalera", (Category.STRAIGHT, True)),
    ("color", (Category.FLUSH, True)), ("póker", (Category.FOUR_OF_A_KIND, True)),
    ("escalera real", (Category.ROYAL_FLUSH, True)), ("as alto no", (Category.HIGH_CARD, False)),
])
def test_a_spanish_hand_is_read(typed: str, expected: tuple[Category, bool]) -> None:
    assert read_dealer_hand(typed) == expected


def test_the_spanish_words_come_from_the_glossary_and_never_change_an_english_word() -> None:
    english_actions, english_wagers, _, _ = with_glossaries(())
    actions, wagers, phrases, filler = with_glossaries(("es",))
    assert "pagar" not in english_actions and actions["pagar"] is Action.PAY
    assert "ciega" not in english_wagers and wagers["ciega"] is Wager.BLIND
    assert all(actions[word] is action for word, action in english_actions.items())
    assert all(wagers[word] is wager for word, wager in english_wagers.items())
    assert phrases["apuesta inicial"] == "ante" and "asiento" in filler
