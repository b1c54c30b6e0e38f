"""The engine in Spanish: under ``speaking("es")`` a settlement's steps and rule lines, the hand names and the
dealing targets are in the glossary's words (trainer/i18n/es.toml); in English they are as they always were."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.dealing import CardCount, Procedure, deal_order
from trainer.engine.evaluator import evaluate
from trainer.engine.settlement import settle
from trainer.engine.table import Banking, TableRules
from trainer.engine.validation import RoundError
from trainer.engine.wagers import SeatHand, Wager
from trainer.i18n import glossary
from trainer.i18n.translation import speaking

ES = glossary("es")


def seat(number: int, hole: str, ante: int, play: int, trips: int = 0) -> SeatHand:
    first, second = parse_cards(hole)
    return SeatHand(number, (first, second), Decimal(ante), Decimal(ante), Decimal(play), Decimal(trips))


def flush_hand() -> list[str]:
    """Board K♥ 9♥ 4♥ 2♠ J♣, dealer K♦ 7♣ (a pair of kings); seat 3 has an ace-high flush: the Blind pays 3 to
    2 on $5 ($7.50), the Trips 7 to 1 on UTH-01 (rules notes §4)."""
    result = settle(TableRules(), ["Kd", "7c"], ["Kh", "9h", "4h", "2s", "Jc"], [seat(3, "Ah 6h", 5, 20, 5)])
    return [step.describe() for step in result.procedure] + [step.rule for step in result.procedure]


def test_the_steps_and_rules_of_a_settlement_are_spanish() -> None:
    with speaking("es"):
        lines = flush_hand()
    assert "Asiento 3: pagar la ciega $7.50" in lines
    assert "Asiento 3: pagar la apuesta inicial $5" in lines and "Asiento 3: pagar el Play $20" in lines
    assert "Asiento 3: pagar los Trips $35" in lines
    assert "Gana con color: la ciega paga 3 a 2" in lines
    assert "Los Trips pagan 7 a 1 por color, pase lo que pase con la mano" in lines
    rules = "\n".join(lines).lower()
    assert ES.terms["dealer"] in rules and ES.terms["Blind"] in rules and ES.terms["Ante"] in rules
    assert not any(word in rules for word in ("seat", " pays ", "the blind", "dealer"))


def test_english_is_unchanged() -> None:
    lines = flush_hand()
    assert "Seat 3: pay the Blind $7.50" in lines and "A win with a flush: the Blind pays 3 to 2" in lines
    with speaking("es"):
        flush_hand()
    assert flush_hand() == lines


def test_a_push_a_take_and_a_return_are_said_in_spanish() -> None:
    table = TableRules()
    with speaking("es"):
        # dealer K♦ 7♣ makes only king high on this board: no qualification, the Ante is refunded (pushed)
        unqualified = settle(table, ["Kd", "7c"], ["2h", "9s", "4c", "3d", "Jc"], [seat(1, "Qh Qs", 10, 40)])
        lost = settle(table, ["Kd", "Kc"], ["2h", "9s", "4c", "3d", "Jc"], [seat(2, "Qh Qs", 10, 40)])
        assert unqualified.procedure[0].describe() == "Asiento 1: empate en la apuesta inicial $10"
        assert "Asiento 2: cobrar el Play $40" in [step.describe() for step in lost.procedure]
    assert unqualified.procedure[0].rule == (
        "El crupier no califica (menos que una pareja): empate en la apuesta inicial")
    assert unqualified.procedure[0].describe() == "Seat 1: push the Ante $10"  # looked up when shown


@pytest.mark.parametrize(("cards", "english", "spanish"), [
    ("As Ad 7c 7h Ah", "aces full of sevens", "full de ases y sietes"),
    ("Ks Kd 7c 4h 2h", "pair of kings", "pareja de reyes"),
    ("As Kd Qh Jc Ts", "ace-high straight", "escalera al as"),
    ("Qh 9h 7h 4h 2h", "queen-high flush", "color a la dama"),
    ("9s 9d 9c 4h 2h", "three nines", "trío de nueves"),
    ("6s 6d 6c 6h 2h", "four sixes", "póker de seises"),
    ("Js Jd 5c 5h 2h", "two pair, jacks and fives", "doble pareja, jotas y cincos"),
    ("As Ks Qs Js Ts", "royal flush", "escalera real"),
])
def test_hand_names_are_spanish(cards: str, english: str, spanish: str) -> None:
    hand = evaluate(cards)
    assert hand.describe() == english
    with speaking("es"):
        assert hand.describe() == spanish
    assert hand.category.label == evaluate(cards).category.label  # the JSON's key does not change


def test_wager_names_and_dealing_targets_are_spanish() -> None:
    with speaking("es"):
        assert Wager.BLIND.label == "Ciega" and Wager.PROGRESSIVE.label == "Progresivo"
        assert Wager.TRIPS.label == "Trips" and Wager.PLAY.label == "Play"  # the layout's names ([english])
        targets = [str(target) for target in deal_order(Procedure.CARD_SHOE, [2])]
        count = str(CardCount.for_seats(3))
        banking = Banking.PLAYER_DEALER.label
    assert targets[:3] == ["asiento 2 carta 1", "crupier carta 1", "asiento 2 carta 2"]
    assert "flop carta 1" in targets and "turn" in targets and "bandeja carta 1" in targets
    assert count == "2 × 3 asientos + 2 del crupier + 5 comunitarias + 39 descargadas = 52"
    assert banking == "Jugador-crupier (California)"


def test_a_validation_message_is_spanish() -> None:
    bad = SeatHand(1, (parse_cards("Ah Ad")[0], parse_cards("Ah Ad")[1]), Decimal(10), Decimal(5))
    with speaking("es"), pytest.raises(RoundError) as caught:
        settle(TableRules(), ["Kd", "7c"], ["2h", "9s", "4c", "3d", "Jc"], [bad])
    assert "la ciega (5) debe ser igual a la apuesta inicial (10)" in str(caught.value)


def test_the_spanish_catalogue_uses_no_rejected_word() -> None:
    """The glossary's [rejected] words (``repartidor``, ``ciego`` …) appear in no Spanish text."""
    import re

    from babel.messages.pofile import read_po

    from trainer.i18n.catalogue import catalogue_path

    with catalogue_path("es").open("rb") as file:
        catalogue = read_po(file, locale="es")
    texts = [" ".join(message.string) if isinstance(message.string, tuple | list) else str(message.string or "")
             for message in catalogue if message.id]
    found = [(word, text) for text in texts for word in ES.rejected
             if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text.lower())]
    assert found == []
    assert sum(ES.terms["dealer"] in text for text in texts) >= 50  # the glossary's word, used throughout


def test_one_table_settled_in_english_then_in_spanish_says_each_in_its_language() -> None:
    """The engine keeps each table's seat plans (and their rule texts) between rounds: a plan made in English
    is not handed out in Spanish, nor the other way round."""
    table = TableRules()
    seats = [seat(3, "Ah 6h", 5, 20, 5)]

    def rules() -> list[str]:
        return [step.rule for step in settle(table, ["Kd", "7c"], ["Kh", "9h", "4h", "2s", "Jc"], seats).procedure]

    english = rules()
    with speaking("es"):
        spanish = rules()
    assert "A win with a flush: the Blind pays 3 to 2" in english
    assert "Gana con color: la ciega paga 3 a 2" in spanish
    assert rules() == english
