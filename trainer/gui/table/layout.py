"""Pure geometry of the felt: where every seat, wagering area, card and piece of equipment sits.

Nothing here imports Qt, so the layout can be tested (and reasoned about) as plain numbers. The scene is
``SCENE_WIDTH`` × ``SCENE_HEIGHT`` units; the view scales it to the window. The casino dealer stands at the
top, behind the flat edge with the chip tray; the players sit around the curved rail at the bottom. Seat 1
(first base) is on the dealer's **left**, which is the right-hand side of the picture, and the seat numbers
grow towards the left (rules notes §1).

Each seat is drawn in its own frame, turned to face the dealer: in that frame ``y`` grows towards the player.
From the dealer to the player a seat has its two cards, the Play box, the Ante and Blind circles side by side,
then Trips with the bonus circles (Bad Beat on the left, Pairs on the right) and the progressive sensor.

This module places the felt's fixed things (the dealer's cards, the board, the equipment, the printed pay tables)
and puts the whole table together; the points and shapes are in :mod:`~trainer.gui.table.plane`, what the felt
shows and its proportions in :mod:`~trainer.gui.table.tableconfig`, the seats in
:mod:`~trainer.gui.table.seatplaces`. Every name stays importable from here.

>>> geometry = table_geometry(TableLayoutConfig(seat_count=3))
>>> [seat.seat for seat in geometry.seats]
[1, 2, 3]
>>> geometry.seats[0].center.x > geometry.seats[2].center.x  # seat 1 is on the dealer's left
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.gui.table.plane import Ellipse, Point, Rect
from trainer.gui.table.seatplaces import (
    CARD_DEPTH,
    CARD_FAN,
    SEAT_PITCH,
    SeatFrame,
    SeatGeometry,
    SpotGeometry,
    _arc_positions,
    _seat,
)
from trainer.gui.table.tableconfig import (
    _FELT,
    _FELT_TOP,
    _INSCRIPTION,
    _RAIL,
    _SEAT_ARC,
    CARD_HEIGHT,
    CARD_WIDTH,
    CHIP_DIAMETER,
    HOUSE_SEAT_COUNTS,
    PLAYER_DEALER_SEAT_COUNTS,
    SCENE_HEIGHT,
    SCENE_WIDTH,
    WAGER_LABELS,
    WAGERS,
    Banking,
    PaytableLine,
    SpotShape,
    TableLayoutConfig,
)

__all__ = [
    "CARD_DEPTH",
    "CARD_FAN",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "CHIP_DIAMETER",
    "DECK_CARDS",
    "DECK_EDGE",
    "HOUSE_SEAT_COUNTS",
    "PAYTABLE_TOP",
    "PLAYER_DEALER_SEAT_COUNTS",
    "SCENE_HEIGHT",
    "SCENE_WIDTH",
    "SEAT_PITCH",
    "WAGERS",
    "WAGER_LABELS",
    "Banking",
    "Ellipse",
    "PaytableLine",
    "PaytablePanel",
    "Point",
    "Rect",
    "SeatFrame",
    "SeatGeometry",
    "SpotGeometry",
    "SpotShape",
    "TableGeometry",
    "TableLayoutConfig",
    "table_geometry",
]


@dataclass(frozen=True)
class PaytablePanel:
    """Where one printed pay table goes."""

    title: str
    lines: tuple[PaytableLine, ...]
    rect: Rect


@dataclass(frozen=True)
class TableGeometry:
    """Every place on the table, in scene coordinates."""

    config: TableLayoutConfig
    width: float
    height: float
    felt: Ellipse
    felt_top: float
    rail_width: float
    seat_arc: Ellipse
    seats: tuple[SeatGeometry, ...]
    dealer_cards: tuple[Point, Point]
    dealer_label: Point
    board: tuple[Point, ...]
    hand_deck: Point
    shuffler: Rect
    rack: Rect
    tray: Rect
    drop_box: Rect
    inscription_arc: Ellipse
    prompt: Point
    paytables: tuple[PaytablePanel, ...]

    def seat(self, number: int) -> SeatGeometry:
        """The seat numbered ``number`` (1..seat_count); :class:`KeyError` naming it otherwise."""
        if not 1 <= number <= len(self.seats):
            raise KeyError(f"seat {number} is not on this table (seats 1..{len(self.seats)})")
        return self.seats[number - 1]

    def spot(self, seat: int, wager: str) -> SpotGeometry:
        spots = self.seat(seat).spots
        if wager not in spots:
            raise KeyError(f"seat {seat} has no {wager!r} area on this table (areas: {', '.join(spots)})")
        return spots[wager]

    def all_spots(self) -> Iterable[SpotGeometry]:
        for seat in self.seats:
            yield from seat.spots.values()

    def dealer_hand(self, player_dealer_seat: int | None = None) -> tuple[Point, Point]:
        """Where the dealer's two cards go: in front of the tray, or at the player-dealer's position."""
        if player_dealer_seat is None:
            return self.dealer_cards
        return self.seat(player_dealer_seat).cards

    def dealer_hand_angle(self, player_dealer_seat: int | None = None) -> float:
        return 0.0 if player_dealer_seat is None else self.seat(player_dealer_seat).angle


# -- building the table ------------------------------------------------------------------------------------

DECK_CARDS = 52
DECK_EDGE = Point(0.12, 0.22)
"""How far each card of the deck in the dealer's hand lies from the one on top of it (the top card dealt first, the
others showing an edge)."""

PAYTABLE_TOP = 88.0
_COLUMN_WIDTH = 206.0
_PAYTABLE_COLUMNS = (
    (112.0, 250.0),
    (326.0, 226.0),
    (SCENE_WIDTH - 326.0 - _COLUMN_WIDTH, 226.0),
    (SCENE_WIDTH - 318.0, 250.0),
)
"""Four columns (left edge, lowest bottom) for pay tables in the upper corners of the felt, either side of
the shuffler and the rack; the outer columns reach a little lower, where the felt is free longer."""


def _paytable_panels(config: TableLayoutConfig) -> tuple[PaytablePanel, ...]:
    """The pay tables in the upper corners, one column each (Blind outermost left, Trips outermost right,
    then the side bets); a fifth table goes under the shortest one. Every line has the same height."""
    tables = list(config.paytables)
    if not tables:
        return ()
    if len(tables) <= 2:
        columns: list[tuple[float, float, float]] = [
            (66.0, 200.0, 236.0),
            (SCENE_WIDTH - 266.0, 200.0, 236.0),
        ]
        order = [0, 1]
    else:
        columns = [(x, _COLUMN_WIDTH, bottom) for x, bottom in _PAYTABLE_COLUMNS]
        order = [0, 3, 1, 2]
    stacks: list[list[tuple[str, tuple[PaytableLine, ...]]]] = [[] for _ in columns]
    for index, table in enumerate(tables):
        if index < len(order):
            stacks[order[index]].append(table)
        else:
            shortest = min(range(len(stacks)), key=lambda k: sum(len(lines) + 2 for _, lines in stacks[k]))
            stacks[shortest].append(table)

    def rows(stack: list[tuple[str, tuple[PaytableLine, ...]]]) -> float:
        return sum(len(lines) + 1.7 for _, lines in stack) + 0.4 * (len(stack) - 1)

    line = min(
        [16.0]
        + [
            (bottom - PAYTABLE_TOP) / rows(stack)
            for (_, _, bottom), stack in zip(columns, stacks, strict=True)
            if stack
        ]
    )
    panels: list[PaytablePanel] = []
    for (x, width, _), stack in zip(columns, stacks, strict=True):
        y = PAYTABLE_TOP
        for title, lines in stack:
            height = (len(lines) + 1.7) * line
            panels.append(PaytablePanel(title, lines, Rect(x, y, width, height)))
            y += height + 0.4 * line
    return tuple(panels)


def table_geometry(config: TableLayoutConfig) -> TableGeometry:
    """Lay out the whole table for ``config``.

    >>> g = table_geometry(TableLayoutConfig(banking="player-dealer", seat_count=8))
    >>> len(g.seats), sorted(g.seats[0].spots)
    (8, ['ante', 'blind', 'play', 'trips'])
    """
    params, scale = _arc_positions(_SEAT_ARC, config.seat_count, SEAT_PITCH)
    seats = tuple(_seat(config, index + 1, t, scale) for index, t in enumerate(params))
    cx = SCENE_WIDTH / 2
    dealer_y = 134.0 + CARD_HEIGHT / 2 + 8  # just clear of the tray
    board_y = dealer_y + CARD_HEIGHT + 30  # under the dealer's cards and their printed name
    pitch = CARD_WIDTH + 8
    board_top = board_y - CARD_HEIGHT / 2
    # The deck in the dealer's hand: left of the dealer's cards, in front of the shuffler's lip (taken out of the
    # machine), its last card clear of the board.
    hand_deck = Point(cx - 1.5 * pitch - 28, board_top - 6 - (DECK_CARDS - 1) * DECK_EDGE.y - CARD_HEIGHT / 2)
    return TableGeometry(
        config=config,
        width=SCENE_WIDTH,
        height=SCENE_HEIGHT,
        felt=_FELT,
        felt_top=_FELT_TOP,
        rail_width=_RAIL,
        seat_arc=_SEAT_ARC,
        seats=seats,
        dealer_cards=(Point(cx - pitch / 2, dealer_y), Point(cx + pitch / 2, dealer_y)),
        dealer_label=Point(cx, dealer_y + CARD_HEIGHT / 2 + 12),
        board=tuple(Point(cx + (i - 2) * pitch, board_y) for i in range(5)),
        hand_deck=hand_deck,
        shuffler=Rect(cx - 312, 84.0, 104.0, 96.0),
        rack=Rect(cx + 208, 84.0, 104.0, 96.0),
        tray=Rect(cx - 190, 58.0, 380.0, 76.0),
        drop_box=Rect(cx + 214, 212.0, 92.0, 30.0),
        inscription_arc=_INSCRIPTION,
        prompt=Point(cx, 492.0),
        paytables=_paytable_panels(config),
    )
