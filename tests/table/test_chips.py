"""Chips as a dealer cuts them: any amount in the fewest chips of the table's denominations (the $5,000 and $25,000
chips colouring up a high-limit table's stakes), the same chips in the pay-by-building-chips drill."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.art import CHIP_DENOMINATIONS as ART_CHIPS
from trainer.drills.payouts import CHIPS_HIGH_FIRST, chips_for
from trainer.gui.table.money import CHIP_DENOMINATIONS, chip_breakdown

HALVES = [int(value * 2) for value in CHIP_DENOMINATIONS]
"""The denominations in half-dollars (the smallest piece)."""


def fewest(halves: int) -> list[int]:
    """The fewest chips making ``halves`` half-dollars, for every amount up to it (counted by trying every chip
    as the last one cut: no use of the order of the denominations)."""
    best = [0] + [halves + 1] * halves
    for amount in range(1, halves + 1):
        best[amount] = 1 + min(best[amount - chip] for chip in HALVES if chip <= amount)
    return best


def test_the_table_has_the_high_limit_chips() -> None:
    assert {Decimal(5000), Decimal(25000), Decimal(1000), Decimal(500), Decimal(1), Decimal("0.5")} <= set(
        CHIP_DENOMINATIONS)
    assert list(CHIP_DENOMINATIONS) == sorted(CHIP_DENOMINATIONS, reverse=True)


def test_every_amount_to_two_thousand_dollars_is_cut_in_the_fewest_chips() -> None:
    best = fewest(4000)
    for halves in range(0, 4001):
        amount = Decimal(halves) / 2
        chips = chip_breakdown(amount)
        assert sum(chips, Decimal(0)) == amount
        assert len(chips) == best[halves], amount


@pytest.mark.parametrize(("amount", "count"), [
    (Decimal(80000), 4),  # three $25,000 and a $5,000: not eighty $1,000 chips
    (Decimal(140000), 8),  # five $25,000 and three $5,000
    (Decimal(100000), 4),
    (Decimal("37500"), 6),  # $25,000, two $5,000, two $1,000, $500
    (Decimal("187.50"), 9),
])
def test_large_stakes_colour_up(amount: Decimal, count: int) -> None:
    chips = chip_breakdown(amount)
    assert len(chips) == count and sum(chips, Decimal(0)) == amount
    assert chips == sorted(chips, reverse=True)  # largest first, as a dealer cuts them


def test_the_chip_building_drill_uses_the_tables_chips() -> None:
    assert tuple(CHIPS_HIGH_FIRST) == CHIP_DENOMINATIONS
    assert set(ART_CHIPS) == set(CHIP_DENOMINATIONS)
    for amount in (Decimal("52.50"), Decimal(6250), Decimal(80000), Decimal("1187.50")):
        assert [value for value, count in chips_for(amount) for _ in range(count)] == chip_breakdown(amount)
