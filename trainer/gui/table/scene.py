"""The table as a :class:`QGraphicsScene`: the felt, the equipment, one item per wagering area, and the cards
and chips of the round in play.

The scene knows where things are and can be asked (``cards_at``, ``chip_amount``); it never decides anything
about the game. A :class:`~trainer.gui.table.director.RoundDirector` moves cards and chips through the
methods below; a quiz reads clicks through the signals and marks places with the ``highlight_…`` methods.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TypeVar

from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QBrush, QPainterPath, QPixmapCache, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from trainer.gui.table import chipplaces, style
from trainer.gui.table._compat import guard_none_refcount
from trainer.gui.table.art import ArtLibrary
from trainer.gui.table.equipment import ChipTray, DealerButton, DiscardRack, DropBox, Shuffler
from trainer.gui.table.felt import FeltItem, PaytableItem
from trainer.gui.table.items import CardItem, ChipStack, chips_half_width, chips_height, stack_rect
from trainer.gui.table.labels import Badge, PrintedWord, PromptBanner
from trainer.gui.table.layout import (
    CARD_HEIGHT,
    CARD_WIDTH,
    Point,
    SeatGeometry,
    TableGeometry,
    TableLayoutConfig,
    table_geometry,
)
from trainer.gui.table.money import format_amount
from trainer.gui.table.spots import ClickableArea, WagerSpot
from trainer.i18n.translation import N_, _

_Item = TypeVar("_Item", bound=QGraphicsItem)

PAYOUT_ROOM = Decimal("125")
"""The least room kept for a payout is a stack of this amount (a few chips and a three-figure label): a payout
being cut grows."""

PAYOUT_REACH = 420.0
"""How far from its area's payout point a payout may stand at most (a wager: :data:`.chipplaces.REACH`): further
than a wager, the wagers having taken the felt near by, never across the table."""

FURTHEST = 1.25
"""Where no place within a stack's reach is clear, it may stand this much further out (a quarter of its reach)
before it covers anything."""

BANK_ROOM = Decimal("20000")
"""The room kept for the player-dealer's bank: a stack this high (two columns of $1,000 chips) and its amount."""
BANK_WORD = N_("BANK")

BADGE_ROOM = "LOSE · NET −$1,000"
"""A long result: the room a seat's badge keeps from its first text (a decision) on, so its result fits there."""

BADGE_TURNS = (0.0, -30.0, 30.0, -60.0, 60.0, -90.0, 90.0)
"""The headings a seat's badge moves along first from the seat's number (degrees from straight out to the rail): out
and aside, not in among the wagering areas, which the chips need (only when no place is clear that way)."""

PIXMAP_CACHE_KB = 256 * 1024
"""Room for the items' device caches: a 4K felt at 2x is 130 MB."""

CARD_KINDS = ("seat", "dealer", "board", "rack", "deck")
"""Where a card can be: a seat's hand, the dealer's hand, the board, the discard rack, or the deck."""

Z_FELT, Z_AREA, Z_SPOT, Z_EQUIPMENT, Z_CHIPS, Z_CARDS, Z_MOVING, Z_BADGE, Z_PROMPT = (
    0,
    1,
    2,
    3,
    10,
    20,
    200,
    300,
    400,
)


class TableScene(QGraphicsScene):
    """The table drawn for ``config`` with the artwork of ``art``.

    Signals: ``spotClicked(seat, wager)`` (a wagering area), ``seatClicked(seat)`` (a seat's part of the felt
    or its cards), ``dealerClicked()`` (the dealer's place or the dealer's cards), ``boardClicked()`` (a
    community card). :class:`~trainer.gui.table.art.AssetError` when an artwork file is missing.
    """

    spotClicked = Signal(int, str)  # noqa: N815 (Qt signal names)
    seatClicked = Signal(int)  # noqa: N815
    dealerClicked = Signal()  # noqa: N815
    boardClicked = Signal()  # noqa: N815

    def __init__(self, config: TableLayoutConfig, art: ArtLibrary, *, check_faces: bool = True) -> None:
        """The felt of ``config`` drawn with ``art``, every file it uses read first (:class:`AssetError` names
        one that cannot be); ``check_faces`` False leaves the card faces to be read when first drawn (the window
        reads them just after its first frame)."""
        guard_none_refcount()
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            # Item caches live in QPixmapCache; the felt alone is a screen-sized pixmap, which would not fit
            # Qt's default 10 MB and would be repainted on every frame.
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        super().__init__()
        art.check(config.four_colour, config.deck_backs, faces=check_faces)
        self.config = config
        self.art = art
        self.geometry: TableGeometry = table_geometry(config)
        g = self.geometry
        self.setSceneRect(QRectF(0, 0, g.width, g.height))
        self.setBackgroundBrush(QBrush(style.BACKGROUND))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        felt_item = self._add(FeltItem(g), Z_FELT)
        self.paytables = [self._add(PaytableItem(panel), Z_FELT + 0.5) for panel in g.paytables]
        self.tray = self._add(ChipTray(g.tray, art), Z_EQUIPMENT)
        self.shuffler = self._add(Shuffler(g.shuffler, art), Z_EQUIPMENT)
        self.rack = self._add(DiscardRack(g.rack, art), Z_EQUIPMENT)
        self.drop_box = self._add(DropBox(g.drop_box), Z_EQUIPMENT)
        self.drop_box.setVisible(config.is_player_dealer)
        self.button = self._add(DealerButton(), Z_BADGE - 1)
        self.button.setVisible(False)
        self.bank_word = self._add(PrintedWord(_(BANK_WORD)), Z_SPOT)
        self.bank_word.setVisible(False)
        self._bank_at: tuple[Point, QRectF] | None = None
        """Where the player-dealer's bank stands and the room kept for it (its stack and the word BANK)."""
        self.prompt = self._add(PromptBanner(), Z_PROMPT)
        self.prompt.setPos(g.prompt.x, g.prompt.y)
        self._seat_areas: dict[int, ClickableArea] = {}
        self._spots: dict[tuple[int, str], WagerSpot] = {}
        self._build_seats()
        first, second = g.dealer_cards
        self.dealer_area = self._add(
            ClickableArea(QRectF(first.x - 46, first.y - 50, second.x - first.x + 92, 112)), Z_AREA
        )
        self.dealer_area.clicked.connect(self.dealerClicked.emit)
        self.dealer_area.setVisible(not config.is_player_dealer)
        self._cards: list[CardItem] = []
        self._wager_chips: dict[tuple[int, str], ChipStack] = {}
        self._payout_chips: dict[tuple[int, str], ChipStack] = {}
        self._card_places = chipplaces.all_card_places(g)
        self._name_polygons = [chipplaces.label_in_scene(spot) for spot in g.all_spots()]
        """Every area's printed name, as a polygon of the scene."""
        self._chip_places: dict[tuple[int, str, str], tuple[Point, QRectF]] = {}
        """The places of the round's stacks, by seat, ``wager`` or ``payout``, and wager, with the room kept."""
        self._beside: dict[tuple[int, str], float] = {}
        """The payouts placed right beside their wager's chips or on top of them (by seat and wager), with how far
        right of the wager they stand (negative: on its left; 0: on top): the two read as one label,
        ``$25`` over ``+$37.50``."""
        felt = QPainterPath()
        felt.addEllipse(g.felt.center.x - g.felt.rx, g.felt.center.y - g.felt.ry, 2 * g.felt.rx, 2 * g.felt.ry)
        top = QPainterPath()
        top.addRect(QRectF(0, g.felt_top, g.width, g.height - g.felt_top))
        self._felt_area = felt.intersected(top)
        """The felt within the rail: where a payout put beside its wager stands."""
        self._table_area = QPainterPath()
        self._table_area.addRect(self.sceneRect().adjusted(4, 4, -4, -4))
        """Where any stack stands: in view, whole."""
        self._printed_rects = [QRectF(p.rect.x, p.rect.y, p.rect.width, p.rect.height) for p in g.paytables]
        self._printed_rects += felt_item.inscription_rects()
        """The printed pay tables and the inscription, which no stack or badge covers."""
        self._equipment_rects = [item.sceneBoundingRect() for item in (self.tray, self.shuffler, self.rack)]
        """The chip tray, the shuffler and the discard rack, on which no stack of the round stands."""
        self._badges: dict[int, Badge] = {}
        self._badge_rooms: dict[int, QRectF] = {}
        """The room kept for each seat's badge showing: its place with room for the longest result."""
        self._bank: ChipStack | None = None
        self._player_dealer_seat: int | None = None
        self._rack_count = 0
        self._retired: list[QGraphicsItem] = []
        self._dealer_badge: Badge | None = None
        self.arrivals: list[tuple[str, int | None, int, object]] = []
        """Every card placed this round, in order: ``(kind, seat, slot, card)`` (to compare with the deal)."""

    def _add(self, item: _Item, z: float) -> _Item:
        item.setZValue(z)
        self.addItem(item)
        return item

    def _build_seats(self) -> None:
        for seat in self.geometry.seats:
            region = seat.region
            area = self._add(
                ClickableArea(QRectF(region.x, region.y, region.width, region.height), 30), Z_AREA
            )
            area.setPos(seat.center.x, seat.center.y)
            area.setRotation(seat.angle)
            area.clicked.connect(lambda number=seat.seat: self.seatClicked.emit(number))
            self._seat_areas[seat.seat] = area
            for wager, spot_geometry in seat.spots.items():
                spot = self._add(WagerSpot(spot_geometry), Z_SPOT)
                spot.clicked.connect(lambda number=seat.seat, name=wager: self.spotClicked.emit(number, name))
                self._spots[(seat.seat, wager)] = spot

    # -- prompts and highlights -----------------------------------------------------------------------------

    def set_prompt(self, text: str) -> None:
        """Show ``text`` on the banner in the middle of the felt; an empty text hides the banner."""
        self.prompt.set_text(text)

    def spot(self, seat: int, wager: str) -> WagerSpot:
        """The wagering area ``wager`` (``"ante"``, ``"bad_beat"``, …) of ``seat``; KeyError naming it."""
        try:
            return self._spots[(seat, str(wager))]
        except KeyError:
            self.geometry.spot(seat, str(wager))  # raises the explanatory KeyError
            raise

    def highlight_spot(self, seat: int, wager: str, on: bool = True) -> None:
        self.spot(seat, wager).set_highlighted(on)

    def highlight_seat(self, seat: int, on: bool = True) -> None:
        self.geometry.seat(seat)
        self._seat_areas[seat].set_highlighted(on)

    def highlight_dealer(self, on: bool = True) -> None:
        """Mark the dealer's hand (the dealer's place, or the player-dealer's cards)."""
        self.dealer_area.set_highlighted(on)
        for card in self.cards_at("dealer"):
            card.set_highlighted(on)

    def highlight_cards(self, kind: str, seat: int | None = None, on: bool = True) -> None:
        for card in self.cards_at(kind, seat):
            card.set_highlighted(on)

    def clear_highlights(self) -> None:
        for item in (*self._spots.values(), *self._seat_areas.values(), self.dealer_area, *self._cards):
            item.set_highlighted(False)

    # -- places ---------------------------------------------------------------------------------------------

    def card_place(self, kind: str, seat: int | None, slot: int) -> tuple[Point, float]:
        """Where a card dealt to ``kind`` (``seat``/``dealer``/``board``/``rack``) lies, and its turn."""
        g = self.geometry
        if kind == "seat":
            assert seat is not None
            place = g.seat(seat)
            return place.cards[slot], place.angle
        if kind == "dealer":
            return g.dealer_hand(self._player_dealer_seat)[slot], g.dealer_hand_angle(
                self._player_dealer_seat
            )
        if kind == "board":
            return g.board[slot], 0.0
        if kind == "rack":
            return self.rack.slot(slot), 0.0
        raise ValueError(f"no card place {kind!r}; places are seat, dealer, board and rack")

    def player_position(self, seat: int) -> Point:
        """Where the player of ``seat`` keeps their chips (on the rail in front of the seat)."""
        return self.geometry.seat(seat).player

    def wager_place(self, seat: int, wager: str, amount: Decimal = Decimal(1)) -> Point:
        """Where a stack of ``amount`` on ``seat``'s ``wager`` stands: on the area, moved towards the dealer
        (or aside) just enough that it covers no area's printed name, no card place and no other stack on the
        table. The place is kept for the round."""
        place = self.geometry.seat(seat)
        polygons = list(self._name_polygons)
        polygons += self._card_places
        return self._chip_place(
            (seat, "wager", str(wager)), stack_rect(amount), self.geometry.spot(seat, wager).center,
            chipplaces.towards_dealer(place), polygons,
        )

    def payout_place(self, seat: int, wager: str, amount: Decimal | None = None) -> Point:
        """Where the payout of ``seat``'s ``wager`` goes: right beside the wager's chips, the two under one label
        (``$25`` over ``+$37.50``), when that room is clear of every printed name, card place, stack and badge (not for
        chips the trainee is still cutting, ``amount`` None: their own amount shows); else by
        the area, clear of every printed name, every Play box, every card place and the stacks (wagers and
        payouts) placed this round. Each place is kept for the round, so a payout cut and then paid lands where
        it was cut."""
        key = (seat, "payout", str(wager))
        kept = self._chip_places.get(key)
        if kept is not None:
            return kept[0]
        place = self.geometry.seat(seat)
        spot = self.geometry.spot(seat, wager)
        paid = PAYOUT_ROOM if amount is None else Decimal(amount)
        polygons = list(self._name_polygons)
        polygons += self._card_places
        # Chips being cut (no amount yet) stand apart, their own amount showing, the wager's in view beside them.
        beside = None if amount is None else self._beside_wager(seat, str(wager), paid, polygons)
        if beside is not None:
            return beside
        polygons += [chipplaces.spot_in_scene(s) for s in self.geometry.all_spots() if s.wager == "play"]
        heading = chipplaces.away_from(spot.center, spot.payout, chipplaces.towards_dealer(place))
        return self._chip_place(key, stack_rect(paid), spot.payout, heading, polygons, PAYOUT_REACH)

    def _beside_wager(self, seat: int, wager: str, paid: Decimal, polygons: list[QPolygonF]) -> Point | None:
        """A place for the payout against the wager's chips (right, else left), else on top of them, the two
        under one label, when all of that is clear; None otherwise (or with no wager on the area)."""
        stack = self._wager_chips.get((seat, wager))
        if stack is None or not stack.isVisible() or stack.amount <= 0:
            return None
        at = Point(stack.pos().x(), stack.pos().y())
        gap = chips_half_width(stack.amount) + chips_half_width(paid) + 2
        caption = joined_caption(stack.amount, paid)
        own = (seat, "wager", wager)
        taken = [room for key, (_, room) in self._chip_places.items() if key != own]
        taken += [other.sceneBoundingRect() for other in self._wager_chips.values()
                  if other is not stack and other.isVisible()]
        taken += self._kept_clear()
        avoid = chipplaces.obstacles(polygons, taken)
        beside = [(Point(round(at.x + side * gap, 2), at.y), side * gap) for side in (1.0, -1.0)]
        on_top = (Point(at.x, round(at.y - chips_height(stack.amount), 2)), 0.0)
        for point, shift in (*beside, on_top):
            room = stack_rect(stack.amount, caption=caption, shift=shift / 2).translated(at.x, at.y)
            room = room.united(stack_rect(paid, label=False).translated(point.x, point.y))
            grown = room.adjusted(-3, -3, 3, 3)
            if self._felt_area.contains(grown) and not avoid.intersects(grown):
                self._chip_places[(seat, "payout", wager)] = (point, room)
                self._beside[(seat, wager)] = shift
                return point
        return None

    def _chip_place(
        self, key: tuple[int, str, str], rect: QRectF, start: Point, heading: float, polygons: list[QPolygonF],
        reach: float | None = None,
    ) -> Point:
        """The place kept for the stack ``key``: the nearest to ``start`` within reach, on the table, clear of
        ``polygons``, the printed pay tables, the stacks and places kept this round, the badges showing and the
        bank; where none is, the nearest clear of all but the badges (which then move), else the place within
        reach covering least of them. Never further than the reach: a stack stays by its own area."""
        kept = self._chip_places.get(key)
        if kept is not None:
            return kept[0]
        reach = chipplaces.REACH if reach is None else reach
        taken = [r for _, r in self._chip_places.values()]
        taken += [stack.sceneBoundingRect() for stack in self._wager_chips.values() if stack.isVisible()]
        taken += self._printed_rects + self._equipment_rects
        all_polygons, all_taken = polygons, taken
        polygons, taken = chipplaces.near(rect, start, reach, polygons, taken)
        bank = [self._bank_at[1]] if self._bank_at is not None else []
        point = None
        for clear in (taken + self._kept_clear(), taken + bank):
            point = chipplaces.nearest_clear(start, heading, rect, polygons, clear, self._table_area, reach=reach)
            if point is not None:
                break
        if point is None:
            polygons, taken = chipplaces.near(rect, start, FURTHEST * reach, all_polygons, all_taken)
            point = chipplaces.nearest_clear(start, heading, rect, polygons, taken + bank, self._table_area,
                                             reach=FURTHEST * reach)
        if point is None:
            covered = [polygon.boundingRect() for polygon in polygons] + taken + self._kept_clear()
            point = chipplaces.least_covered(start, heading, rect, covered, self._table_area, reach=reach)
        room = rect.translated(point.x, point.y)
        self._chip_places[key] = (point, room)
        for seat, badge_room in list(self._badge_rooms.items()):
            if badge_room.intersects(room):
                self.set_badge(seat, self._badges[seat].text)
        return point

    def _kept_clear(self) -> list[QRectF]:
        """What no stack placed from now on may cover: the badges showing (a decision, a fold count, a result)
        and the bank's place."""
        rects = list(self._badge_rooms.values())
        if self._bank_at is not None:
            rects.append(self._bank_at[1])
        return rects

    @property
    def player_dealer_seat(self) -> int | None:
        return self._player_dealer_seat

    def set_player_dealer_seat(self, seat: int | None) -> None:
        """Put the player-dealer's button on ``seat`` at once (None: no player-dealer), and give their bank its
        own place, printed BANK, beside their areas and clear of every area, printed name, card place and the
        button, their neighbours' too."""
        self._player_dealer_seat = seat
        self.button.setVisible(seat is not None)
        self.bank_word.setVisible(seat is not None)
        self._bank_at = None
        if seat is not None:
            point = self.geometry.seat(seat).button
            self.button.setPos(point.x, point.y)
            at, room = self._bank_at = self._find_bank_place(seat)
            word = self.bank_word.boundingRect()
            self.bank_word.setPos(at.x, room.bottom() - word.bottom())

    def _find_bank_place(self, seat: int) -> tuple[Point, QRectF]:
        place = self.geometry.seat(seat)
        stack = stack_rect(BANK_ROOM)
        word = self.bank_word.boundingRect()
        room = stack.united(QRectF(-word.width() / 2, stack.bottom() + 2, word.width(), word.height()))
        polygons = list(self._name_polygons)
        polygons += [chipplaces.spot_in_scene(s) for s in self.geometry.all_spots()]
        polygons += self._card_places
        button = self.button.boundingRect().translated(place.button.x, place.button.y)
        seat_marks = [QRectF(s.label.x - 14, s.label.y - 14, 28, 28) for s in self.geometry.seats]
        avoid = chipplaces.obstacles(polygons, [button, *seat_marks])
        point = chipplaces.find_place(place.bank, chipplaces.towards_dealer(place), room, avoid)
        return point, room.translated(point.x, point.y)

    def printed_texts(self) -> list[tuple[str, QRectF]]:
        """The words the felt prints for this round besides the areas' names: the player-dealer's BANK."""
        if not self.bank_word.isVisible():
            return []
        return [(_(BANK_WORD), self.bank_word.sceneBoundingRect())]

    def button_place(self, seat: int) -> Point:
        return self.geometry.seat(seat).button

    # -- cards ----------------------------------------------------------------------------------------------

    def new_card(self, card: object, back_colour: str, at: Point) -> CardItem:
        """A face-down card of the deck ``back_colour`` lying at ``at`` (still in the deck)."""
        item = CardItem(self.art, card, back_colour, self.config.four_colour)
        item.kind = "deck"
        item.setPos(at.x, at.y)
        item.setZValue(Z_MOVING)
        item.clicked.connect(lambda: self._card_clicked(item))
        self.addItem(item)
        self._cards.append(item)
        return item

    def _card_clicked(self, card: CardItem) -> None:
        if card.kind == "seat" and card.seat is not None:
            self.seatClicked.emit(card.seat)
        elif card.kind == "dealer":
            self.dealerClicked.emit()
        elif card.kind == "board":
            self.boardClicked.emit()

    def place_card(self, card: CardItem, kind: str, seat: int | None = None, slot: int = 0) -> None:
        """Record that ``card`` has arrived at ``kind``/``seat``/``slot`` (whoever moved it set its position);
        a card arriving in the rack is stacked on top of the others."""
        card.kind, card.seat, card.slot = kind, seat, slot
        if kind == "rack":
            card.slot = self._rack_count
            self._rack_count += 1
            card.setZValue(Z_EQUIPMENT + 0.5 + card.slot * 0.01)
            card.set_highlighted(False)
        else:
            card.setZValue(Z_CARDS + slot * 0.1 + (0.5 if kind == "dealer" else 0))
        self.arrivals.append((kind, seat, card.slot, card.card))

    def tuck_card(self, card: CardItem, tucked: bool = True) -> None:
        """``card`` lies under the chips of its seat's wager (a folded hand tucked under its Pairs wager), or,
        ``tucked`` False, above them again, as the seat's cards lie."""
        card.setZValue(Z_CHIPS - 0.5 + card.slot * 0.01 if tucked else Z_CARDS + card.slot * 0.1)

    def next_rack_slot(self) -> int:
        return self._rack_count

    def cards_at(self, kind: str, seat: int | None = None) -> list[CardItem]:
        """The cards now at ``kind`` (``"seat"``, ``"dealer"``, ``"board"``, ``"rack"``, ``"deck"``), for one
        seat when ``seat`` is given, ordered by slot (rack: in the order they went in)."""
        if kind not in CARD_KINDS:
            raise ValueError(f"no card place {kind!r}; places are {', '.join(CARD_KINDS)}")
        found = [c for c in self._cards if c.kind == kind and (seat is None or c.seat == seat)]
        return sorted(found, key=lambda c: (c.seat or 0, c.slot))

    # -- chips ----------------------------------------------------------------------------------------------

    def new_chips(self, amount: Decimal, at: Point, *, label: bool = True) -> ChipStack:
        """A stack of ``amount`` at ``at`` (not yet on any wager)."""
        stack = ChipStack(self.art, amount, show_label=label)
        stack.setPos(at.x, at.y)
        stack.setZValue(Z_MOVING)
        self.addItem(stack)
        return stack

    def wager_chips(self, seat: int, wager: str) -> ChipStack | None:
        return self._wager_chips.get((seat, str(wager)))

    def payout_chips(self, seat: int, wager: str) -> ChipStack | None:
        """The payout beside ``seat``'s ``wager`` area (None: none)."""
        return self._payout_chips.get((seat, str(wager)))

    def set_wager_chips(self, seat: int, wager: str, stack: ChipStack | None, *, keep: bool = False) -> None:
        """Make ``stack`` the chips on the wagering area (None: the area is empty). The stack it replaces is
        taken off the table, unless ``keep`` (it is on its way somewhere)."""
        old = self._wager_chips.get((seat, str(wager)))
        if old is not None and old is not stack:
            old.set_caption(None)
        self._set_stack(self._wager_chips, (seat, str(wager)), stack, Z_CHIPS, keep)

    def light_sensor(self, seat: int, on: bool = True) -> None:
        """Light ``seat``'s Progressive sensor (the dealer pressed COIN IN with a wager on it); it stays lit
        for the hand. Nothing on a table without the Progressive."""
        spot = self._spots.get((seat, "progressive"))
        if spot is not None:
            spot.set_lit(on)

    def lit_sensors(self) -> list[int]:
        """The seats whose Progressive sensor is lit."""
        return sorted(seat for (seat, wager), spot in self._spots.items() if wager == "progressive" and spot.lit)

    def set_payout_chips(self, seat: int, wager: str, stack: ChipStack | None) -> None:
        """Make ``stack`` the payout lying beside the wagering area. A payout right beside its wager's chips
        has no label of its own: the wager's reads for both (``$25`` over ``+$37.50``)."""
        key = (seat, str(wager))
        self._set_stack(self._payout_chips, key, stack, Z_CHIPS + 1)
        staked = self._wager_chips.get(key)
        shift = self._beside.get(key)
        if staked is None:
            if stack is not None:
                stack.set_caption(None)
            return
        if stack is None or shift is None or not staked.isVisible() or staked.amount <= 0:
            staked.set_caption(None)
            if stack is not None:
                stack.set_caption(None)
            return
        stack.set_caption("")
        staked.set_caption(joined_caption(staked.amount, stack.amount), shift / 2)

    def _set_stack(
        self,
        table: dict[tuple[int, str], ChipStack],
        key: tuple[int, str],
        stack: ChipStack | None,
        z: float,
        keep: bool = False,
    ) -> None:
        old = table.pop(key, None)
        if old is not None and old is not stack:
            if keep:
                old.setZValue(Z_MOVING)
            else:
                self.retire(old)
        if stack is not None:
            table[key] = stack
            stack.setZValue(z)

    def seat_stacks(self, seat: int) -> list[tuple[str, ChipStack]]:
        """Every stack on ``seat``'s wagering areas and beside them (its payouts), with its wager's name."""
        return [(wager, stack) for table in (self._wager_chips, self._payout_chips)
                for (at, wager), stack in table.items() if at == seat]

    def pick_up(self, seat: int, wager: str) -> None:
        """The player picks up ``wager``'s chips and payout (they are on their way to the rail)."""
        for table in (self._wager_chips, self._payout_chips):
            stack = table.pop((seat, str(wager)), None)
            if stack is not None:
                stack.setZValue(Z_MOVING)

    def chip_amount(self, seat: int, wager: str) -> Decimal:
        """The money on ``seat``'s ``wager`` area: the wager and any payout placed beside it."""
        total = Decimal(0)
        for table in (self._wager_chips, self._payout_chips):
            stack = table.get((seat, str(wager)))
            if stack is not None:
                total += stack.amount
        return total

    def wager_amount(self, seat: int, wager: str) -> Decimal:
        stack = self._wager_chips.get((seat, str(wager)))
        return stack.amount if stack is not None else Decimal(0)

    def payout_amount(self, seat: int, wager: str) -> Decimal:
        stack = self._payout_chips.get((seat, str(wager)))
        return stack.amount if stack is not None else Decimal(0)

    @property
    def bank(self) -> ChipStack | None:
        """The player-dealer's bank stack, once posted."""
        return self._bank

    def set_bank(self, stack: ChipStack | None) -> None:
        if self._bank is not None and self._bank is not stack and self._bank.scene() is self:
            self.removeItem(self._bank)
        self._bank = stack
        if stack is not None:
            stack.setZValue(Z_CHIPS)

    def bank_amount(self) -> Decimal:
        return self._bank.amount if self._bank is not None else Decimal(0)

    def bank_place(self) -> Point:
        """Where the player-dealer's bank stands (on the felt in front of the player-dealer)."""
        if self._bank_at is None:
            return self.geometry.tray.center
        return self._bank_at[0]

    # -- badges ---------------------------------------------------------------------------------------------

    def set_badge(self, seat: int, text: str) -> Badge:
        """Show ``text`` (a decision such as ``4x`` or ``FOLD``) by ``seat``'s player; empty text hides it. The
        badge lies on the seat's number by the rail, its text running inward on the right-hand seats (so a long
        one stays on the felt), outward on the others; where that would cover a printed name, a wagering area, a
        card place, a pay table, a stack (or a place kept for one), the bank or another badge, it runs the other
        way, or moves out over the rail or along it to the nearest place clear of all of them."""
        badge = self._badges.get(seat)
        place = self.geometry.seat(seat)
        inward = place.label.x > self.geometry.width * 0.6
        if badge is None:
            badge = self._add(Badge(number=seat, leftward=inward), Z_BADGE)
            self._badges[seat] = badge
        badge.set_text(text)
        badge.setVisible(bool(text))
        if text:
            shown = badge.text
            if len(shown) < len(BADGE_ROOM):
                badge.set_text(BADGE_ROOM)  # the room a seat's longest result takes, kept from the first badge on
            self._place_badge(badge, place, inward)
            self._badge_rooms[seat] = badge.sceneBoundingRect()
            badge.set_text(shown)
        else:
            self._badge_rooms.pop(seat, None)
        return badge

    def _place_badge(self, badge: Badge, place: SeatGeometry, inward: bool) -> None:
        """Put ``badge`` nearest the seat's number where it covers nothing to be read (see :meth:`set_badge`);
        on the number, running ``inward``, when no place is clear."""
        g = self.geometry
        polygons = list(self._name_polygons)
        polygons += [chipplaces.spot_in_scene(s) for s in g.all_spots()]
        polygons += self._card_places
        rects = list(self._printed_rects)
        rects += [stack.sceneBoundingRect() for stack in (*self._wager_chips.values(), *self._payout_chips.values())
                  if stack.isVisible()]
        rects += [room for _, room in self._chip_places.values()]
        rects += [room for seat, room in self._badge_rooms.items() if seat != place.seat]
        if self._bank_at is not None:
            rects.append(self._bank_at[1])
        drawn = badge.boundingRect()
        either_way = drawn.united(QRectF(-drawn.right(), drawn.top(), drawn.width(), drawn.height()))
        polygons, rects = chipplaces.near(either_way, place.label, 2 * chipplaces.REACH, polygons, rects)
        avoid = chipplaces.obstacles(polygons, rects)
        inside = QPainterPath()
        inside.addRect(self.sceneRect())
        outward = chipplaces.towards_dealer(place) + 180
        start = place.label
        best: tuple[float, bool, Point] | None = None
        for turns, reach in ((BADGE_TURNS, chipplaces.REACH), (chipplaces.FEW_TURNS, chipplaces.REACH),
                             (chipplaces.FEW_TURNS, 2 * chipplaces.REACH)):
            for leftward in (inward, not inward):
                badge.set_leftward(leftward)
                rect = badge.boundingRect()
                point = chipplaces.find_place(start, outward, rect, avoid, margin=2, inside=inside, turns=turns,
                                              reach=reach)
                there = rect.translated(point.x, point.y).adjusted(-2, -2, 2, 2)
                clear = inside.contains(there) and not avoid.intersects(there)
                if clear and (best is None or start.distance(point) < best[0] - 1e-6):
                    best = (start.distance(point), leftward, point)
            if best is not None:
                break
        if best is None:  # nowhere clear: on the seat's number, running the way that stays on the table
            badge.set_leftward(inward)
            fits = self.sceneRect().contains(badge.boundingRect().translated(start.x, start.y))
            best = (0.0, inward if fits else not inward, start)
        leftward, point = best[1], best[2]
        badge.set_leftward(leftward)
        badge.setPos(point.x, point.y)

    def set_dealer_badge(self, text: str) -> Badge:
        """Show ``text`` (the dealer's hand, say) beside the dealer's cards; on a player-dealer table, on the
        player-dealer's seat marker. An empty text hides it."""
        if self._player_dealer_seat is not None:
            return self.set_badge(self._player_dealer_seat, text)
        if self._dealer_badge is None:
            self._dealer_badge = self._add(Badge(), Z_BADGE)
        self._dealer_badge.set_text(text)
        right = self.geometry.dealer_cards[1]
        half = self._dealer_badge.boundingRect().width() / 2
        self._dealer_badge.setPos(right.x + CARD_WIDTH / 2 + 24 + half, right.y + CARD_HEIGHT / 2 - 4)
        self._dealer_badge.setVisible(bool(text))
        return self._dealer_badge

    def dealer_badge_text(self) -> str:
        if self._player_dealer_seat is not None:
            return self.badge_text(self._player_dealer_seat)
        badge = self._dealer_badge
        return badge.text if badge is not None and badge.isVisible() else ""

    def retire(self, item: QGraphicsItem) -> None:
        """Hide an item that has done its job (chips gone into the tray); :meth:`reset_round` removes it."""
        item.setVisible(False)
        self._retired.append(item)

    def badge(self, seat: int) -> Badge | None:
        """``seat``'s badge, once one has been shown."""
        return self._badges.get(seat)

    def badge_text(self, seat: int) -> str:
        badge = self._badges.get(seat)
        return badge.text if badge is not None and badge.isVisible() else ""

    # -- rounds ---------------------------------------------------------------------------------------------

    def reset_round(self) -> None:
        """Clear the layout for the next round: cards and chips go; the rack keeps the last deck (drawn as a
        stack of its backs) until the next deal takes it to the shuffler; highlights and prompt go too."""
        racked = [card for card in self._cards if card.kind == "rack"]
        if racked:
            self.rack.set_previous_deck((racked[0].back_colour, len(racked)))
        for card in self._cards:
            self.removeItem(card)
        self._cards.clear()
        for table in (self._wager_chips, self._payout_chips):
            for stack in table.values():
                if stack.scene() is self:
                    self.removeItem(stack)
            table.clear()
        for spot in self._spots.values():
            spot.set_lit(False)
        self.set_bank(None)
        for badge in self._badges.values():
            badge.setVisible(False)
        self._badge_rooms.clear()
        if self._dealer_badge is not None:
            self._dealer_badge.setVisible(False)
        for item in self._retired:
            if item.scene() is self:
                self.removeItem(item)
        self._retired.clear()
        self._chip_places.clear()
        self._beside.clear()
        self._rack_count = 0
        self.arrivals.clear()
        self.clear_highlights()
        self.set_prompt("")


def joined_caption(staked: Decimal, paid: Decimal) -> str:
    """The one label of a wager and its payout beside it: the stake, then under it what was paid (two short lines
    take less of the felt than one long one).

    >>> joined_caption(Decimal(25), Decimal("37.5"))
    '$25\\n+$37.50'
    """
    return f"{format_amount(staked)}\n+{format_amount(paid)}"
