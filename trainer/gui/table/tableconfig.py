"""What the felt shows and its fixed proportions: the scene's size, the cards' and chips', the wagering areas a
seat may have, the felt's outline and rail, and :class:`TableLayoutConfig` (banking, seats, side bets, printed texts).

Pure numbers, no Qt.

>>> TableLayoutConfig(seat_count=3, pairs=True).wagers
('play', 'ante', 'blind', 'trips', 'pairs')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from trainer.gui.table.plane import Ellipse, Point
from trainer.i18n.translation import N_

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
        "ante": N_("ANTE"),
        "blind": N_("BLIND"),
        "play": N_("PLAY"),
        "trips": N_("TRIPS"),
        "bad_beat": N_("BAD BEAT"),
        "pairs": N_("PAIRS"),
        "progressive": N_("PROGRESSIVE"),
    }
)
"""The word printed in (or under) each wagering area, in English (marked for the catalogue: the felt in another
language prints it translated, Play, Trips and Bad Beat as they are, see :func:`trainer.gui.felt.felt_layout`)."""


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
    wager_labels: tuple[tuple[str, str], ...] = ()
    """The word printed in each wagering area, by wager, where it is not :data:`WAGER_LABELS`' (the felt in
    another language)."""
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
        object.__setattr__(self, "wager_labels", tuple((str(w), str(t)) for w, t in self.wager_labels))

    def wager_label(self, wager: str) -> str:
        """The word printed in ``wager``'s area.

        >>> TableLayoutConfig(wager_labels=(("ante", "INICIAL"),)).wager_label("ante")
        'INICIAL'
        >>> TableLayoutConfig().wager_label("bad_beat")
        'BAD BEAT'
        """
        return dict(self.wager_labels).get(wager, WAGER_LABELS[wager])

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


# -- the felt's outline ---------------------------------------------------------------------------------

_FELT = Ellipse(Point(SCENE_WIDTH / 2, 70.0), 806.0, 958.0)
_FELT_TOP = 70.0
_RAIL = 40.0
_SEAT_ARC = Ellipse(_FELT.center, 710.0, 820.0)
_INSCRIPTION = Ellipse(_FELT.center, 900.0, 458.0)
_ARC_LIMIT = 1.16
"""Seats stay within this parameter of the seat arc (radians either side of the bottom)."""
