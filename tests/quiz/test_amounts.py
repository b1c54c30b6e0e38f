"""The one reader of a typed amount (``trainer.quiz.amounts``): each language's way of writing numbers (CLDR:
English and United States Spanish group with a comma and point with a point; a Spanish reader may also write as
Spain does, a point grouping and a comma pointing), cents at most, and what two ways of writing read differently
refused as ambiguous, never guessed."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.quiz.amounts import read_amount, read_whole, words_and_numbers

HOSTILE = ("-5", "NaN", ",5", "5,", "1e400", "²", "0,005", "inf", "５", "٣", "1_000", "5..0", "$", "", "9" * 5000)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("typed", HOSTILE)
def test_a_negative_not_a_number_huge_superscript_or_cut_amount_is_refused_in_every_language(
        typed: str, language: str) -> None:
    assert read_amount(typed, language) is None


@pytest.mark.parametrize(("typed", "amount"), [
    ("15", "15"), ("$15", "15"), ("15$", "15"), (" 7.50 ", "7.50"), ("7.5", "7.5"), ("1,000", "1000"),
    ("$4,382.71", "4382.71"), ("1,000,000,000", "1000000000"), ("0.10", "0.10"),
])
def test_english_reads_amounts_as_the_united_states_writes_them(typed: str, amount: str) -> None:
    assert read_amount(typed, "en") == Decimal(amount)


@pytest.mark.parametrize("typed", ["7,50", "5.000", "1.000,50", "50,00", "1,0000", "1000000000.01", "1000000001"])
def test_english_refuses_a_comma_pointing_three_decimals_a_bad_grouping_or_more_than_a_table_holds(
        typed: str) -> None:
    assert read_amount(typed, "en") is None


@pytest.mark.parametrize(("typed", "amount"), [
    ("15", "15"), ("7.50", "7.50"), ("7,50", "7.50"), ("5,5", "5.5"), ("1,000.50", "1000.50"),
    ("1.000,50", "1000.50"), ("$12,345.67", "12345.67"), ("12.345,67", "12345.67"),
])
def test_spanish_reads_an_amount_both_ways_of_writing_read_alike(typed: str, amount: str) -> None:
    assert read_amount(typed, "es") == Decimal(amount)


@pytest.mark.parametrize("typed", ["5,000", "5.000", "1,000", "50.000", "12,345"])
def test_spanish_refuses_an_amount_the_two_ways_of_writing_read_differently(typed: str) -> None:
    """``5,000`` is five thousand as the United States writes it and five as Spain does: not read either way."""
    assert read_amount(typed, "es") is None


def test_a_number_word_stays_whole_for_the_reader_and_a_seat_may_end_a_clause() -> None:
    assert words_and_numbers("pagar 5, asiento 3") == ["pagar", "5,", "asiento", "3"]
    assert read_amount("5,", "es") is None and read_whole("3,") == 3 and read_whole("3,5") is None
