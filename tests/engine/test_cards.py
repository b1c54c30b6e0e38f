"""Card notation: parse and print As Kd Th 9c, with 10h, lower case and suit symbols; clear errors otherwise."""

from __future__ import annotations

import doctest
import pickle

import pytest

import trainer.engine.cards as cards_module
from trainer.engine.cards import FULL_DECK, Card, CardError, format_cards, parse_card, parse_cards


@pytest.mark.parametrize(
    ("text", "printed"),
    [("As", "As"), ("kd", "Kd"), ("TH", "Th"), ("10h", "Th"), ("10C", "Tc"), ("9♣", "9c"), ("Q♥", "Qh"),
     ("j♦", "Jd"), ("A♠", "As"), (" 2s ", "2s")],
)
def test_cards_parse_in_every_common_spelling(text: str, printed: str) -> None:
    assert str(parse_card(text)) == printed


@pytest.mark.parametrize("text", ["", "1s", "11h", "Ax", "AsK", "10", "s", "Zz", "🂡"])
def test_anything_else_is_a_clear_error_naming_the_text(text: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(text)


def test_parse_cards_reads_a_line_or_a_list() -> None:
    assert parse_cards("As Kd, 10h 9♣") == parse_cards(["As", "Kd", "Th", "9c"])


def test_duplicate_cards_are_an_error() -> None:
    with pytest.raises(CardError, match="duplicate card Kd"):
        parse_cards("As Kd kd")
    assert len(parse_cards("As As", unique=False)) == 2


def test_the_deck_has_52_different_cards_that_print_and_parse_back() -> None:
    assert len(set(FULL_DECK)) == 52
    assert all(parse_card(str(card)) == card for card in FULL_DECK)
    assert format_cards(FULL_DECK[:4]) == "2c 2d 2h 2s"


def test_card_properties_and_words() -> None:
    card = Card.of(14, "s")
    assert (card.rank, card.suit, card.rank_char, card.is_red, card.name()) == (14, "s", "A", False, "ace of spades")
    assert Card.of(10, "h").is_red


def test_cards_survive_pickling_and_index_range_is_checked() -> None:
    assert pickle.loads(pickle.dumps(Card("Qs"))) == Card("Qs")
    with pytest.raises(CardError):
        Card(52)


def test_doctests() -> None:
    assert doctest.testmod(cards_module).failed == 0
