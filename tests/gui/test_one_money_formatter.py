"""One way of writing money: the felt's labels, the round log's results and the lessons' checked facts all write an
amount with the engine's ``format_money``, so the same amount never reads two ways on two screens. The expected
texts are how a United States card room writes dollars (cents only when there are some, a comma every three
figures), the round log's loss with a true minus, the lessons' with the hyphen their texts use."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.settlement import format_money
from trainer.gui.round_log import _money as round_log_result
from trainer.gui.table.money import format_amount

pytestmark = pytest.mark.gui

AMOUNTS = [("0", "$0"), ("7.5", "$7.50"), ("40", "$40"), ("1000.5", "$1,000.50"), ("1234567", "$1,234,567")]


@pytest.mark.parametrize(("amount", "written"), AMOUNTS)
def test_the_felt_writes_an_amount_as_the_engine_does(amount: str, written: str) -> None:
    assert format_amount(Decimal(amount)) == format_money(Decimal(amount)) == written


@pytest.mark.parametrize(("net", "written"), [("30", "+$30"), ("-115", "−$115"), ("-7.5", "−$7.50"), ("0", "even")])
def test_the_round_log_writes_a_players_result_with_the_one_formatter(net: str, written: str) -> None:
    assert round_log_result(Decimal(net)) == written
    if Decimal(net):
        assert format_money(Decimal(net), signed=True, minus="−") == written


@pytest.mark.parametrize(("net", "written"), [("35", "+$35"), ("-15", "-$15"), ("0", "$0")])
def test_a_lessons_seat_net_is_written_as_its_text_writes_it(net: str, written: str) -> None:
    """``Seat 2 net: -$15`` in a lesson is checked against ``format_money(net, signed=True)``."""
    assert format_money(Decimal(net), signed=True) == written
