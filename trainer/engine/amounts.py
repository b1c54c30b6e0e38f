"""The amounts a table holds: at most :data:`MAX_AMOUNT`, in whole cents (:data:`SMALLEST_UNIT`).

Every wager, meter, bank, limit and chip given to the trainer is one of these, so every payout the engine works
out (a wager times odds of at most :data:`MAX_ODDS` to 1, a percentage of a meter) stays well inside the 15
significant digits a JSON number carries exactly, and the arithmetic never needs more than Python's default
28 digits.

>>> check_amount(Decimal("7.50")), check_amount(Decimal("1e3"))
(None, None)
>>> check_amount(Decimal("0.125"))
'0.125 is finer than a cent'
>>> check_amount(Decimal("2e9"))
'2E+9 is above the largest amount a table holds (1,000,000,000)'
"""

from __future__ import annotations

from decimal import Decimal

from trainer.i18n.translation import _

MAX_AMOUNT = Decimal(10) ** 9
"""The largest amount (wager, meter, bank, limit, chip): one billion."""
SMALLEST_UNIT = Decimal("0.01")
"""Amounts are whole cents."""
MAX_ODDS = Decimal(100_000)
"""A pay line pays at most 100,000 to 1 (or for 1); its terms have at most :data:`ODDS_DECIMALS` decimals."""
ODDS_DECIMALS = 2


def check_amount(value: Decimal, *, allow_negative: bool = False) -> str | None:
    """``None`` when ``value`` is an amount a table holds, else the problem in a few words (naming the value)."""
    if not value.is_finite():
        return _("{value} is not an amount").format(value=value)
    if value < 0 and not allow_negative:
        return _("{value} is negative").format(value=value)
    if value > MAX_AMOUNT or value < -MAX_AMOUNT:  # compared, not abs(): no arithmetic on a huge exponent
        return _("{value} is above the largest amount a table holds ({MAX_AMOUNT:,})").format(
            value=value, MAX_AMOUNT=MAX_AMOUNT)
    if value != value.quantize(SMALLEST_UNIT):
        return _("{value} is finer than a cent").format(value=value)
    return None


def check_odds_term(value: Decimal) -> str | None:
    """``None`` when ``value`` can be a term of a pay line's odds (more than 0, at most :data:`MAX_ODDS`, two decimals).

    >>> check_odds_term(Decimal("2.5")), check_odds_term(Decimal("1e6"))
    (None, '1E+6 is above 100,000')
    """
    if not value.is_finite() or value <= 0:
        return _("{value} is not a positive number").format(value=value)
    if value > MAX_ODDS:
        return _("{value} is above {MAX_ODDS:,}").format(value=value, MAX_ODDS=MAX_ODDS)
    if value != value.quantize(Decimal(1).scaleb(-ODDS_DECIMALS)):
        return _("{value} has more than {ODDS_DECIMALS} decimals").format(value=value, ODDS_DECIMALS=ODDS_DECIMALS)
    return None
