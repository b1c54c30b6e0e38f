"""The felt a round is played on: the table's banking and positions, the side bets on the layout and the pay
tables printed on it.

:func:`printed_paytables` is the one rule for which pay tables the felt shows (the Blind and Trips always, then
each side bet on the layout); :func:`settings_felt` is the felt of the user's table and :func:`scenario_felt`
the felt a drill's hand needs. The GUI turns a :class:`Felt` into its table layout, adding the user's card
style and deck backs.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.engine.paytables import load_paytables
from trainer.engine.table import Banking, TableRules
from trainer.settings import Settings, table_rules

if TYPE_CHECKING:  # (the drills load with a drill's hands, not with the user's table)
    from trainer.drills.scenario_round import Scenario

PrintedLine = tuple[str, str]
"""A pay table line as printed: the hand and its odds (``("Royal Flush", "50 to 1")``)."""
PrintedPaytable = tuple[str, tuple[PrintedLine, ...]]
"""A pay table as printed: its title and its lines."""

LAYOUT_SIDE_BETS = ("bad_beat", "pairs", "progressive")
"""The side bets that add an area to every seat (Trips is always on the layout)."""


@dataclass(frozen=True)
class Felt:
    """What the felt shows for a round: ``seat_count`` seats (1..7 house-banked; 6 or 8 positions on a
    player-dealer table), an area for each side bet on the layout, the pay tables printed and the inscription."""

    banking: Banking
    seat_count: int
    bad_beat: bool = False
    pairs: bool = False
    progressive: bool = False
    paytables: tuple[PrintedPaytable, ...] = ()
    inscription: str = ""


def printed_paytables(table: TableRules, side_bets: Collection[str]) -> tuple[PrintedPaytable, ...]:
    """The pay tables printed on the felt of ``table``: the Blind and the Trips always, then Bad Beat, Pairs
    and Progressive when they are among ``side_bets``, each by the table's choice of pay table.

    >>> [title for title, _ in printed_paytables(TableRules(), ["trips", "pairs"])]
    ['Blind', 'Trips UTH-01', 'Ultimate Pairs 1']
    """
    tables = load_paytables()
    shown = [tables.blind(), tables.trips(table.trips_paytable)]
    if "bad_beat" in side_bets:
        shown.append(tables.bad_beat(table.bad_beat_paytable))
    if "pairs" in side_bets:
        shown.append(tables.pairs(table.pairs_paytable))
    if "progressive" in side_bets:
        shown.append(tables.progressive(table.progressive_paytable))
    return tuple((paytable.title, tuple((line.label, line.odds.text) for line in paytable.lines))
                 for paytable in shown)


def felt_for(table: TableRules, seat_count: int, side_bets: Collection[str]) -> Felt:
    """The felt of ``table`` with ``seat_count`` seats and ``side_bets`` on the layout."""
    offered = {name: name in side_bets for name in LAYOUT_SIDE_BETS}
    return Felt(table.banking, seat_count, offered["bad_beat"], offered["pairs"], offered["progressive"],
                printed_paytables(table, side_bets), table.inscription)


def settings_felt(settings: Settings) -> Felt:
    """The felt of the user's table: its seats, the side bets it offers and its pay tables.

    >>> felt = settings_felt(Settings(offer_pairs=True))
    >>> felt.banking.value, felt.seat_count, felt.bad_beat, felt.pairs, felt.progressive
    ('house', 6, True, True, False)
    """
    return felt_for(table_rules(settings), settings.seats, settings.offered_side_bets)


def scenario_felt(scenario: Scenario) -> Felt:
    """The felt a drill's hand needs: its table's banking and positions, the side bets its seats make and the
    pay tables it settles by."""
    from trainer.drills.played import positions

    side_bets = {name for name in LAYOUT_SIDE_BETS if any(getattr(seat, name) for seat in scenario.seats)}
    return felt_for(scenario.table, positions(scenario), side_bets)


__all__ = ["LAYOUT_SIDE_BETS", "Felt", "PrintedLine", "PrintedPaytable", "felt_for", "printed_paytables",
           "scenario_felt", "settings_felt"]
