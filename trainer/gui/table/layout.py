"""Pure geometry of the felt: where every seat, wagering area, card and piece of equipment sits.

Nothing here imports Qt, so the layout can be tested (and reasoned about) as plain numbers. The scene is
``SCENE_WIDTH`` × ``SCENE_HEIGHT`` units; the view scales it to the window. The casino dealer stands at the
top, behind the flat edge with the chip tray; the players sit around the curved rail at the bottom. Seat 1
(first base) is on the dealer's **left**, which is the right-hand side of the picture, and the seat numbers
grow towards the left (rules notes §1).

Each seat is drawn in its own frame, turned to face the dealer: in that frame ``y`` grows towards the player.
From the dealer to the player a seat has its two cards, the Play box, the Ante and Blind circles side by side,
then Trips with the bonus circles (Bad Beat on the left, Pairs on the right) and the progressive sensor.

>>> geometry = table_geometry(TableLayoutConfig(seat_count=3))
>>> [seat.seat for seat in geometry.seats]
[1, 2, 3]
>>> geometry.seats[0].center.x > geometry.seats[2].center.x  # seat 1 is on the dealer's left
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, NamedTuple

SCENE_WIDTH = 1700.0
SCENE_HEIGHT = 1100.0
"""The scene's proportions are a laptop's table view (about 1.55 wide to 1 high), so the felt fills it."""

CARD_WIDTH = 108.0
CARD_HEIGHT = 151.0
"""Cards are drawn for reading: larger than a real card on a real table's scale, so that a face-up card on a
1366 x 768 screen beside the settlement panel is at least 64 pixels wide."""
CHIP_DIAMETER = 40.0

HOUSE_SEAT_COUNTS = range(1, 8)
PLAYER_DEALER_SEAT_COUNTS = (6, 8)

Banking = Literal["house", "player-dealer"]
SpotShape = Literal["circle", "box", "sensor"]

WAGERS = ("play", "ante", "blind", "trips", "bad_beat", "pairs", "progressive")
"""Every wagering area a seat may have, from the dealer towards the player."""

WAGER_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "ante": "ANTE",
        "blind": "BLIND",
        "play": "PLAY",
        "trips": "TRIPS",
        "bad_beat": "BAD BEAT",
        "pairs": "PAIRS",
        "progressive": "PROGRESSIVE",
    }
)
"""The word printed in (or under) each wagering area."""


class Point(NamedTuple):
    """A point of the scene (or of a seat's own frame)."""

    x: float
    y: float

    def distance(self, other: Point) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)


class Rect(NamedTuple):
    """An upright rectangle: top-left corner, width and height."""

    x: float
    y: float
    width: float
    height: float

    @property
    def center(self) -> Point:
        return Point(self.x + self.width / 2, self.y + self.height / 2)

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def intersects(self, other: Rect) -> bool:
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )


PaytableLine = str | tuple[str, str]


@dataclass(frozen=True)
class TableLayoutConfig:
    """What the felt shows: banking, number of seats, side bets offered, and the printed texts.

    ``seat_count`` is 1..7 on a house-banked table; 6 or 8 positions on a player-dealer table (the
    player-dealer sits in one of them). Trips is always offered; ``bad_beat``, ``pairs`` and ``progressive``
    add their areas to every seat. ``paytables`` are printed on the felt: each is a title and its lines,
    a line being ``"Royal Flush 50 to 1"`` or a ``(label, odds)`` pair. ``deck_backs`` are the back colours
    of the two alternating decks.

    >>> TableLayoutConfig(banking="player-dealer", seat_count=7)
    Traceback (most recent call last):
    ...
    ValueError: a player-dealer table has 6 or 8 positions, not 7
    """

    banking: Banking = "house"
    seat_count: int = 7
    bad_beat: bool = False
    pairs: bool = False
    progressive: bool = False
    paytables: tuple[tuple[str, tuple[PaytableLine, ...]], ...] = ()
    inscription: str = "Dealer only plays with a pair or higher"
    four_colour: bool = False
    deck_backs: tuple[str, str] = ("red", "blue")
    trips: bool = field(default=True, init=False)

    def __post_init__(self) -> None:
        if self.banking not in ("house", "player-dealer"):
            raise ValueError(f"banking is 'house' or 'player-dealer', not {self.banking!r}")
        if self.banking == "house" and self.seat_count not in HOUSE_SEAT_COUNTS:
            raise ValueError(f"a house-banked table has 1 to 7 seats, not {self.seat_count}")
        if self.banking == "player-dealer" and self.seat_count not in PLAYER_DEALER_SEAT_COUNTS:
            raise ValueError(f"a player-dealer table has 6 or 8 positions, not {self.seat_count}")
        if len(self.deck_backs) != 2 or self.deck_backs[0] == self.deck_backs[1]:
            raise ValueError(f"the two decks need two different back colours, got {self.deck_backs!r}")
        tables = tuple((str(title), tuple(_line(line) for line in lines)) for title, lines in self.paytables)
        object.__setattr__(self, "paytables", tables)
        object.__setattr__(self, "deck_backs", tuple(self.deck_backs))

    @property
    def wagers(self) -> tuple[str, ...]:
        """The wagering areas each seat has, in :data:`WAGERS` order."""
        offered = {"play", "ante", "blind", "trips"}
        offered |= {name for name in ("bad_beat", "pairs", "progressive") if getattr(self, name)}
        return tuple(name for name in WAGERS if name in offered)

    @property
    def is_player_dealer(self) -> bool:
        return self.banking == "player-dealer"


def _line(line: PaytableLine | Sequence[str]) -> PaytableLine:
    if isinstance(line, str):
        return line
    label, odds = line
    return (str(label), str(odds))


# -- the seat's own frame ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _LocalSpot:
    shape: SpotShape
    center: Point
    size: tuple[float, float]  # radius, radius for circles; width, height for boxes
    payout: Point


_LOCAL_SPOTS: Mapping[str, _LocalSpot] = MappingProxyType(
    {
        "play": _LocalSpot("box", Point(0, -84), (86, 50), Point(62, -84)),
        "ante": _LocalSpot("circle", Point(-34, -18), (26, 26), Point(-62, -46)),
        "blind": _LocalSpot("circle", Point(34, -18), (26, 26), Point(62, -46)),
        "trips": _LocalSpot("circle", Point(0, 42), (24, 24), Point(-20, 74)),
        "bad_beat": _LocalSpot("circle", Point(-60, 42), (21, 21), Point(-84, 68)),
        "pairs": _LocalSpot("circle", Point(60, 42), (21, 21), Point(84, 68)),
        "progressive": _LocalSpot("sensor", Point(24, 84), (11, 11), Point(50, 96)),
    }
)
CARD_FAN = 42.0
"""How far apart a seat's two cards lie: the second card covers the first's right half, never its index."""
CARD_DEPTH = -200.0
"""How far towards the dealer a seat's cards lie (the seat's frame)."""
_LOCAL_BANK = Point(-136, -30)
"""The player-dealer's bank: beside their own wagering areas (which stay empty while they bank), never on them."""
_LOCAL_BUTTON = Point(124, -40)
"""The player-dealer's button: on the other side, clear of the cards, the Play box and the Blind."""
_LOCAL_REGION = Rect(-110, CARD_DEPTH - CARD_HEIGHT / 2 - 6, 220, 116 - CARD_DEPTH + CARD_HEIGHT / 2)
"""The part of the felt that belongs to a seat (clicking it selects the seat)."""
SEAT_PITCH = 290.0
"""Arc length between two neighbouring seats' centres."""


@dataclass(frozen=True)
class SeatFrame:
    """Where a seat's frame sits: its origin in the scene and how far it is turned (degrees, clockwise)."""

    origin: Point
    angle: float
    scale: float = 1.0

    def map(self, local: Point) -> Point:
        """A point of the seat's frame in scene coordinates."""
        rad = math.radians(self.angle)
        x, y = local.x * self.scale, local.y * self.scale
        return Point(
            self.origin.x + x * math.cos(rad) - y * math.sin(rad),
            self.origin.y + x * math.sin(rad) + y * math.cos(rad),
        )


@dataclass(frozen=True)
class SpotGeometry:
    """One wagering area: its shape, centre, size (radius or width × height) and where a payout goes."""

    seat: int
    wager: str
    shape: SpotShape
    center: Point
    angle: float
    size: tuple[float, float]
    payout: Point
    scale: float = 1.0

    @property
    def label(self) -> str:
        return WAGER_LABELS[self.wager]

    @property
    def radius(self) -> float:
        """The radius of the smallest circle around the area (for overlap checks and click targets)."""
        w, h = self.size
        if self.shape == "box":
            return math.hypot(w, h) / 2 * self.scale
        return w * self.scale

    def corners(self) -> tuple[Point, ...]:
        """The box's four corners (scene coordinates); a circle's bounding square's."""
        w, h = self.size
        if self.shape != "box":
            w = h = 2 * w
        frame = SeatFrame(self.center, self.angle, self.scale)
        return tuple(
            frame.map(Point(sx * w / 2, sy * h / 2)) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        )


@dataclass(frozen=True)
class SeatGeometry:
    """A seat: its frame, wagering areas, hole-card places, the player's chips, the seat number printed by
    the rail (where the player's decision is shown, too), the player-dealer's button and bank."""

    seat: int
    frame: SeatFrame
    spots: Mapping[str, SpotGeometry]
    cards: tuple[Point, Point]
    player: Point
    label: Point
    button: Point
    bank: Point

    @property
    def center(self) -> Point:
        return self.frame.origin

    @property
    def angle(self) -> float:
        return self.frame.angle

    @property
    def scale(self) -> float:
        return self.frame.scale

    @property
    def region(self) -> Rect:
        """The seat's area in its own frame (to be drawn turned by :attr:`angle` about :attr:`center`)."""
        s = self.scale
        r = _LOCAL_REGION
        return Rect(r.x * s, r.y * s, r.width * s, r.height * s)

    def spread(self) -> tuple[Point, Point]:
        """Where a folded hand's two cards lie when spread to be counted: wider apart than when dealt."""
        middle = self.frame.map(Point(0, CARD_DEPTH))
        fan = SeatFrame(middle, self.angle)
        return fan.map(Point(-CARD_WIDTH / 2 - 6, 0)), fan.map(Point(CARD_WIDTH / 2 + 6, 0))


@dataclass(frozen=True)
class Ellipse:
    """An axis-aligned ellipse (the felt is its lower half)."""

    center: Point
    rx: float
    ry: float

    def point(self, t: float) -> Point:
        """The point at parameter ``t`` (radians): 0 straight down, positive towards the right."""
        return Point(self.center.x + self.rx * math.sin(t), self.center.y + self.ry * math.cos(t))

    def inward_angle(self, t: float) -> float:
        """The clockwise turn (degrees) that makes a frame's "up" point into the ellipse at ``t``."""
        return math.degrees(math.atan2(-self.ry * math.sin(t), self.rx * math.cos(t)))

    def contains(self, p: Point) -> bool:
        return ((p.x - self.center.x) / self.rx) ** 2 + ((p.y - self.center.y) / self.ry) ** 2 <= 1.0

    def grown(self, by: float) -> Ellipse:
        return Ellipse(self.center, self.rx + by, self.ry + by)

    def ray_hit(self, origin: Point, angle: float) -> Point:
        """Where a ray from ``origin`` (inside), going "down" in a frame turned by ``angle`` meets the rim."""
        rad = math.radians(angle)
        dx, dy = -math.sin(rad), math.cos(rad)
        ox, oy = origin.x - self.center.x, origin.y - self.center.y
        a = (dx / self.rx) ** 2 + (dy / self.ry) ** 2
        b = 2 * (ox * dx / self.rx**2 + oy * dy / self.ry**2)
        c = (ox / self.rx) ** 2 + (oy / self.ry) ** 2 - 1
        lam = (-b + math.sqrt(max(b * b - 4 * a * c, 0.0))) / (2 * a)
        return Point(origin.x + lam * dx, origin.y + lam * dy)


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

_FELT = Ellipse(Point(SCENE_WIDTH / 2, 70.0), 806.0, 958.0)
_FELT_TOP = 70.0
_RAIL = 40.0
_SEAT_ARC = Ellipse(_FELT.center, 710.0, 820.0)
_INSCRIPTION = Ellipse(_FELT.center, 900.0, 458.0)
_ARC_LIMIT = 1.16
"""Seats stay within this parameter of the seat arc (radians either side of the bottom)."""


def _arc_positions(ellipse: Ellipse, count: int, pitch: float) -> tuple[list[float], float]:
    """Parameters of ``count`` points spaced ``pitch`` apart along the arc, centred on the bottom.

    Returns the parameters, first base (largest, on the right) first, and the scale the seats need when the
    arc is too short for the pitch.
    """
    steps = 2000
    ts = [(-_ARC_LIMIT + 2 * _ARC_LIMIT * i / steps) for i in range(steps + 1)]
    lengths = [0.0]
    for t0, t1 in itertools.pairwise(ts):
        lengths.append(lengths[-1] + ellipse.point(t0).distance(ellipse.point(t1)))
    total = lengths[-1]
    scale = 1.0
    if count > 1 and pitch * (count - 1) > total:
        scale = total / (pitch * (count - 1))
        pitch = total / (count - 1)
    middle = total / 2
    result: list[float] = []
    for index in range(count):
        target = middle + ((count - 1) / 2 - index) * pitch
        j = min(range(len(lengths)), key=lambda k: abs(lengths[k] - target))
        result.append(ts[j])
    return result, scale


def _seat(config: TableLayoutConfig, number: int, t: float, scale: float) -> SeatGeometry:
    origin = _SEAT_ARC.point(t)
    frame = SeatFrame(origin, _SEAT_ARC.inward_angle(t), scale)
    spots = {
        wager: SpotGeometry(
            seat=number,
            wager=wager,
            shape=local.shape,
            center=frame.map(local.center),
            angle=frame.angle,
            size=local.size,
            payout=frame.map(local.payout),
            scale=scale,
        )
        for wager in config.wagers
        for local in (_LOCAL_SPOTS[wager],)
    }
    rail_mid = _FELT.grown(_RAIL / 2).ray_hit(origin, frame.angle)
    felt_edge = _FELT.ray_hit(origin, frame.angle)
    label_at = SeatFrame(felt_edge, frame.angle).map(Point(0, -16))
    return SeatGeometry(
        seat=number,
        frame=frame,
        spots=MappingProxyType(spots),
        cards=_hole_cards(frame),
        player=rail_mid,
        label=label_at,
        button=frame.map(_LOCAL_BUTTON),
        bank=frame.map(_LOCAL_BANK),
    )


def _hole_cards(frame: SeatFrame) -> tuple[Point, Point]:
    """A seat's two cards, :data:`CARD_FAN` apart whatever the seat's scale (a card is never drawn smaller)."""
    middle = frame.map(Point(0, CARD_DEPTH))
    fan = SeatFrame(middle, frame.angle)
    return fan.map(Point(-CARD_FAN / 2, 0)), fan.map(Point(CARD_FAN / 2, 0))


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
        hand_deck=Point(cx - 1.5 * pitch - 28, dealer_y + 44),
        shuffler=Rect(cx - 312, 84.0, 104.0, 96.0),
        rack=Rect(cx + 208, 84.0, 104.0, 96.0),
        tray=Rect(cx - 190, 58.0, 380.0, 76.0),
        drop_box=Rect(cx + 214, 212.0, 92.0, 30.0),
        inscription_arc=_INSCRIPTION,
        prompt=Point(cx, 492.0),
        paytables=_paytable_panels(config),
    )
