"""Who banks next at a player-dealer table (seeds 001 and 003; rules-notes §2).

"No one player may serve as the player-dealer for more than two consecutive hands. The player-dealer button
rotates clockwise around the table" (seed 001 rule 11, seed 003 Round of Play 20); the bank "is offered in a
clockwise fashion around the gaming table" (seed 001), so a player who declines passes the offer on to the next
seat clockwise. Clockwise is rising seat numbers, wrapping past the highest position to seat 1 (rules-notes §1).

>>> next_banker(6, banker=3, hands_banked=2).seat
4
>>> next_banker(6, banker=3, hands_banked=2, declines=frozenset({4, 5})).seat
6
>>> next_banker(6, banker=3, hands_banked=1).seat
3
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from trainer.engine.round import MAX_CONSECUTIVE_BANKS
from trainer.i18n.translation import N_, _

ROTATION_CITATION = "seed 001 rule 11 and opening paragraph; seed 003 Round of Play 20 and Standards of play"
ROTATION_RULE_TEXT = N_("No one player may serve as the player-dealer for more than two consecutive hands; the "
                        "button rotates clockwise and a player who declines passes the offer on ({citation})")
ROTATION_RULE = ROTATION_RULE_TEXT.format(citation=ROTATION_CITATION)


@dataclass(frozen=True)
class NextBanker:
    """The seat that banks the coming hand and why (``passed``: the seats that declined the offer first)."""

    seat: int
    keeps_bank: bool
    passed: tuple[int, ...]

    def explain(self) -> str:
        if self.keeps_bank:
            return _("seat {seat} keeps the bank: one hand banked, a second is allowed").format(seat=self.seat)
        declined = "".join(_("seat {seat} declines, ").format(seat=seat) for seat in self.passed)
        return declined + _("seat {seat} banks: the offer moves clockwise").format(seat=self.seat)


def clockwise_from(seat: int, positions: int) -> list[int]:
    """The other positions in clockwise order, starting with the next one.

    >>> clockwise_from(5, 6)
    [6, 1, 2, 3, 4]
    """
    return [(seat - 1 + step) % positions + 1 for step in range(1, positions)]


def next_banker(positions: int, banker: int, hands_banked: int, declines: Collection[int] = frozenset(),
                seated: Collection[int] | None = None) -> NextBanker:
    """Who banks the coming hand: ``banker`` has banked ``hands_banked`` consecutive hands (1 or 2); ``declines``
    are the seats that decline the bank when offered (the banker among them gives it up after one hand); only
    ``seated`` positions (all by default) are offered it.

    ValueError when nobody can take it (every other seated player declines): the house's procedure then
    applies, which the documents do not give.
    """
    if not 1 <= banker <= positions:
        raise ValueError(f"seat {banker} is not one of the {positions} positions")
    if not 1 <= hands_banked <= MAX_CONSECUTIVE_BANKS:
        raise ValueError(f"a player banks 1 to {MAX_CONSECUTIVE_BANKS} consecutive hands, not {hands_banked}")
    if hands_banked < MAX_CONSECUTIVE_BANKS and banker not in declines:
        return NextBanker(banker, True, ())
    present = set(range(1, positions + 1) if seated is None else seated)
    passed: list[int] = []
    for seat in clockwise_from(banker, positions):
        if seat not in present:
            continue
        if seat in declines:
            passed.append(seat)
            continue
        return NextBanker(seat, False, tuple(passed))
    raise ValueError("every other seated player declines the bank")
