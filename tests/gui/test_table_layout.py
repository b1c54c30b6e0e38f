"""The felt's geometry, as plain numbers: every seat count of both bankings fits, nothing overlaps, and the
wagering areas stand where a real Ultimate Texas Hold'em layout puts them. No Qt needed."""

from __future__ import annotations

import itertools
import subprocess
import sys
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.gui.table.layout import (
    CARD_HEIGHT,
    CARD_WIDTH,
    Ellipse,
    Point,
    Rect,
    SeatFrame,
    TableGeometry,
    TableLayoutConfig,
    table_geometry,
)
from trainer.gui.table.money import CHIP_DENOMINATIONS, chip_breakdown, format_amount
from trainer.gui.table.shapes import along_arc, spots_overlap
from trainer.gui.table.tableconfig import PaytableLine

LAYOUTS = [("house", n) for n in range(1, 8)] + [("player-dealer", 6), ("player-dealer", 8)]
FIVE_TABLES = tuple((title, (("Royal Flush - First 5 Cards", "100%"),) * 8) for title in "ABCDE")


def geometry(
    banking: str, seats: int, paytables: tuple[tuple[str, tuple[PaytableLine, ...]], ...] = FIVE_TABLES
) -> TableGeometry:
    house = banking == "house"
    config = TableLayoutConfig(
        banking=banking,  # type: ignore[arg-type]
        seat_count=seats,
        bad_beat=True,
        pairs=house,
        progressive=house,
        paytables=paytables if house else paytables[:3],
    )
    return table_geometry(config)


def card_outline(centre: Point, angle: float = 0.0) -> list[Point]:
    """The four corners of a card lying at ``centre``, turned by ``angle`` (a seat's cards face the dealer)."""
    frame = SeatFrame(centre, angle)
    w, h = CARD_WIDTH / 2, CARD_HEIGHT / 2
    return [frame.map(Point(sx * w, sy * h)) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def corners(rect: Rect) -> list[Point]:
    return [Point(rect.x, rect.y), Point(rect.right, rect.y), Point(rect.right, rect.bottom),
            Point(rect.x, rect.bottom)]


def polygons_overlap(a: list[Point], b: list[Point]) -> bool:
    """Two convex outlines overlap unless some edge's normal separates them."""
    for outline in (a, b):
        for p, q in itertools.pairwise([*outline, outline[0]]):
            nx, ny = q.y - p.y, p.x - q.x
            on_a = [nx * x + ny * y for x, y in a]
            on_b = [nx * x + ny * y for x, y in b]
            if max(on_a) <= min(on_b) or max(on_b) <= min(on_a):
                return False
    return True


@pytest.mark.parametrize(("banking", "seats"), LAYOUTS)
def test_no_two_wagering_areas_overlap(banking: str, seats: int) -> None:
    g = geometry(banking, seats)
    spots = list(g.all_spots())
    assert len(spots) == seats * len(g.config.wagers)
    touching = [
        (a.seat, a.wager, b.seat, b.wager) for a, b in itertools.combinations(spots, 2) if spots_overlap(a, b)
    ]
    assert touching == []


@pytest.mark.parametrize(("banking", "seats"), LAYOUTS)
def test_seats_stay_clear_of_pay_tables_board_and_equipment(banking: str, seats: int) -> None:
    g = geometry(banking, seats)
    fixed = [corners(rect) for rect in [panel.rect for panel in g.paytables] + [g.shuffler, g.rack, g.tray]]
    fixed += [card_outline(point) for point in (*g.board, *g.dealer_cards)]
    for seat in g.seats:
        for spot in seat.spots.values():
            r = spot.radius
            area = corners(Rect(spot.center.x - r, spot.center.y - r, 2 * r, 2 * r))
            assert not any(polygons_overlap(area, outline) for outline in fixed), (seat.seat, spot.wager)
        for card in seat.cards:
            outline = card_outline(card, seat.angle)
            assert not any(polygons_overlap(outline, other) for other in fixed), (seat.seat, "cards")


@pytest.mark.parametrize(("banking", "seats"), LAYOUTS)
def test_neighbouring_seats_cards_never_touch(banking: str, seats: int) -> None:
    """Cards drawn large for reading still leave each seat's hand apart from its neighbours'."""
    g = geometry(banking, seats)
    for left, right in itertools.pairwise(g.seats):
        for a in left.cards:
            for b in right.cards:
                assert not polygons_overlap(card_outline(a, left.angle), card_outline(b, right.angle)), (
                    left.seat, right.seat)


@pytest.mark.parametrize(("banking", "seats"), LAYOUTS)
def test_a_seats_second_card_leaves_the_first_cards_index_showing(banking: str, seats: int) -> None:
    """The corner index (rank over suit) is the left 38 % of a card; the second card starts to its right."""
    for seat in geometry(banking, seats).seats:
        first, second = seat.cards
        assert first.distance(second) >= 0.38 * CARD_WIDTH


@pytest.mark.parametrize(("banking", "seats"), LAYOUTS)
def test_everything_lies_on_the_felt(banking: str, seats: int) -> None:
    g = geometry(banking, seats)
    for spot in g.all_spots():
        assert g.felt.contains(spot.center) and spot.center.y > g.felt_top
    for panel in g.paytables:
        r = panel.rect
        corners = [Point(r.x, r.bottom), Point(r.right, r.bottom), Point(r.x, r.y), Point(r.right, r.y)]
        assert all(g.felt.contains(p) for p in corners), panel.title


def test_seat_one_is_first_base_on_the_dealers_left() -> None:
    """Seats are numbered from the dealer's left: seat 1 at the right of the picture (the dealer faces
    the players), the numbers growing towards the dealer's right."""
    g = geometry("house", 7)
    xs = [seat.center.x for seat in g.seats]
    assert xs == sorted(xs, reverse=True)


@pytest.mark.parametrize(("banking", "seats"), LAYOUTS)
def test_play_box_nearest_the_dealer_then_ante_and_blind_then_trips_and_bonuses(
    banking: str, seats: int
) -> None:
    g = geometry(banking, seats)
    dealer = Point(g.felt.center.x, g.felt_top)
    for seat in g.seats:
        spots = seat.spots
        distance = {wager: spot.center.distance(dealer) for wager, spot in spots.items()}
        assert distance["play"] < min(distance["ante"], distance["blind"])
        assert max(distance["ante"], distance["blind"]) < distance["trips"]
        assert abs(distance["ante"] - distance["blind"]) < 40  # side by side
        for bonus in ("bad_beat", "pairs", "progressive"):
            if bonus in spots:
                assert distance[bonus] > max(distance["ante"], distance["blind"])


def test_ante_is_left_of_blind_as_the_player_sees_it() -> None:
    """Seen from the player's chair (facing the dealer), Ante is on the left and Blind on the right."""
    g = geometry("house", 1)
    spots = g.seat(1).spots
    assert spots["ante"].center.x < spots["blind"].center.x


def test_player_dealer_tables_offer_only_trips_and_bad_beat_areas() -> None:
    g = geometry("player-dealer", 8)
    assert set(g.seat(1).spots) == {"ante", "blind", "play", "trips", "bad_beat"}


def test_layout_refuses_tables_the_documents_do_not_have() -> None:
    with pytest.raises(ValueError, match="1 to 7 seats"):
        TableLayoutConfig(seat_count=8)
    with pytest.raises(ValueError, match="6 or 8 positions"):
        TableLayoutConfig(banking="player-dealer", seat_count=7)
    with pytest.raises(ValueError, match="different back colours"):
        TableLayoutConfig(deck_backs=("red", "red"))


def test_unknown_seat_or_area_is_named_in_the_error() -> None:
    g = geometry("house", 3)
    with pytest.raises(KeyError, match="seat 4"):
        g.seat(4)
    with pytest.raises(KeyError, match="no 'pairs'"):
        table_geometry(TableLayoutConfig(seat_count=3)).spot(1, "pairs")


def test_pay_table_lines_keep_label_and_odds_apart() -> None:
    as_read: Any = [("Trips", [["Royal Flush", "50 to 1"], "All other: lose"])]  # lists, as a settings file has them
    config = TableLayoutConfig(paytables=as_read)
    assert config.paytables == (("Trips", (("Royal Flush", "50 to 1"), "All other: lose")),)


def test_inscription_letters_follow_the_arc_symmetrically() -> None:
    places = along_arc(Ellipse(Point(0, 0), 300, 200), [12.0] * 11)
    middle = places[5]
    assert middle[0].x == pytest.approx(0, abs=1) and middle[1] == pytest.approx(0, abs=1)
    first, last = places[0], places[-1]
    assert first[0].x == pytest.approx(-last[0].x, abs=1)
    assert first[1] == pytest.approx(-last[1], abs=0.5)


@given(st.decimals(min_value=0, max_value=20000, places=2))
def test_chips_make_the_amount_largest_first(amount: Decimal) -> None:
    chips = chip_breakdown(amount)
    assert sum(chips, Decimal(0)) == (amount * 2).to_integral_value(rounding="ROUND_FLOOR") / 2
    assert chips == sorted(chips, reverse=True)
    assert all(chip in CHIP_DENOMINATIONS for chip in chips)
    # Fewest chips: never as many of a chip as make the next one up.
    for small, big in itertools.pairwise(sorted(CHIP_DENOMINATIONS)):
        assert chips.count(small) * small < big or big % small != 0


def test_amounts_print_as_a_dealer_reads_them() -> None:
    assert format_amount(Decimal("7.5")) == "$7.50"
    assert format_amount(Decimal("2500")) == "$2,500"


def test_the_geometry_and_money_modules_load_without_qt() -> None:
    code = "import sys, trainer.gui.table.layout, trainer.gui.table.money; print('PySide6' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize("positions", [6, 8])
def test_the_player_dealers_bank_and_button_lie_apart_from_their_wagering_areas_and_cards(positions: int) -> None:
    from trainer.gui.table.equipment import DealerButton
    from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, CHIP_DIAMETER, TableLayoutConfig, table_geometry

    geometry = table_geometry(TableLayoutConfig(banking="player-dealer", seat_count=positions, bad_beat=True))
    for seat in geometry.seats:
        for spot in seat.spots.values():  # the bank's chips never sit on a wager (it would read as a bet)
            assert seat.bank.distance(spot.center) > spot.radius + CHIP_DIAMETER / 2, (seat.seat, spot.wager)
            assert seat.button.distance(spot.center) > spot.radius + DealerButton.RADIUS, (seat.seat, spot.wager)
        card_reach = (CARD_WIDTH ** 2 + CARD_HEIGHT ** 2) ** 0.5 / 2
        for card in seat.cards:  # the button is never under the player-dealer's cards
            assert seat.button.distance(card) > card_reach, seat.seat
