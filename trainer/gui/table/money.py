"""Amounts as chips: which chips make an amount, and how an amount is printed on the felt. No Qt here.

>>> [str(chip) for chip in chip_breakdown(Decimal("137.50"))]
['100', '25', '5', '5', '1', '1', '0.5']
>>> format_amount(Decimal("7.5")), format_amount(Decimal(1500))
('$7.50', '$1,500')
"""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.settlement import format_money

CHIP_DENOMINATIONS: tuple[Decimal, ...] = tuple(
    Decimal(value) for value in ("25000", "5000", "1000", "500", "100", "25", "5", "1", "0.5")
)
"""The chips on the table, largest first; the 50-cent piece pays the halves of 3-to-2 wins, the $5,000 and $25,000
chips colour up a high-limit table's stakes (the same chips as :data:`trainer.art.CHIP_DENOMINATIONS`)."""


def chip_breakdown(amount: Decimal) -> list[Decimal]:
    """The fewest chips making ``amount``, largest first (what a dealer cuts out of the tray).

    Anything below the smallest chip is not drawn (the label still shows the exact amount).

    >>> chip_breakdown(Decimal(0)), [str(c) for c in chip_breakdown(Decimal("1030"))]
    ([], ['1000', '25', '5'])
    >>> [str(c) for c in chip_breakdown(Decimal("80000"))]
    ['25000', '25000', '25000', '5000']
    """
    if amount < 0:
        raise ValueError(f"a stack of chips cannot be negative: {amount}")
    chips: list[Decimal] = []
    rest = Decimal(amount)
    for value in CHIP_DENOMINATIONS:
        count = int(rest // value)
        chips.extend([value] * count)
        rest -= value * count
    return chips


def format_amount(amount: Decimal) -> str:
    """Dollars as a dealer reads them, cents only when there are some: the engine's
    :func:`~trainer.engine.settlement.format_money`."""
    return format_money(Decimal(amount))
