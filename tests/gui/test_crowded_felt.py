"""A crowded felt still reads: every printed pay-table line keeps its label and its odds apart (the Progressive's
"Royal flush - first 5 cards ... 100%" included), and the player-dealer's bank has its own place, printed BANK,
clear of every wagering area, printed name, card place, seat marker and the button, the neighbours' too; on a full
table every wager and payout of the round keeps clear of it. The worst case, seven seats each with every wager and
every payout, reads at every window size: at the usual stakes no name, amount, badge or BANK overlaps another or
lies under chips on any table; at the largest stakes a $5-$500 table deals, none does either, on Washington's and
California's full tables and on a house table with every side bet, and on every table each stack stays within its
reach of its own area (the furthest no further than a payout's reach), whole in the window, its amounts lettered
at the legible size. The same round is laid out the same way every time."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF, QPainterPath, QPolygonF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.table_support import art
from tests.gui.test_legibility import FULL_TABLE, SIZES, settling_at
from trainer.bench import felt_layout as felt_bench
from trainer.engine.games import game_named
from trainer.gui.felt import felt_layout
from trainer.gui.legibility import CHIP_TEXT_TARGET, measure
from trainer.gui.main_window import MainWindow
from trainer.gui.table import chipplaces, style
from trainer.gui.table.director import Durations
from trainer.gui.table.felt import body_font, paytable_line_boxes
from trainer.gui.table.items import CHIP_LABEL_SIZE, chip_label_font
from trainer.gui.table.layout import Point, TableLayoutConfig
from trainer.gui.table.scene import FURTHEST, PAYOUT_REACH, TableScene
from trainer.session.felt import felt_for
from trainer.settings import SettingsStore

pytestmark = pytest.mark.gui
GAP = 6.0
"""The least room between a line's label and its odds (scene units)."""


def layout(game_id: str, every_side_bet: bool = False) -> TableLayoutConfig:
    """The game's own table at its size: seven seats on a house table (with the Bad Beat, or every side bet), every
    position on a player-dealer table."""
    game = game_named(game_id)
    seats = 7 if game.is_house else game.positions
    bets = game.side_bets if every_side_bet or not game.is_house else ("trips", "bad_beat")
    return felt_layout(felt_for(game.table_rules(), seats, bets))


LAYOUTS = {"wa": layout("wa"), "ca": layout("ca"), "ca-bad-beat": layout("ca-bad-beat"),
           "wa-every-side-bet": layout("wa", every_side_bet=True)}


def _path(polygon: QPolygonF) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(polygon)
    path.closeSubpath()
    return path


@pytest.mark.parametrize("name", list(LAYOUTS))
def test_every_pay_table_line_keeps_its_label_and_odds_apart(qtbot: object, name: str) -> None:
    scene = TableScene(LAYOUTS[name], art())
    assert scene.geometry.paytables
    for panel in scene.geometry.paytables:
        inside = QRectF(panel.rect.x, panel.rect.y, panel.rect.width, panel.rect.height)
        for entry, (label, odds) in zip(panel.lines, paytable_line_boxes(panel), strict=True):
            assert inside.contains(label), f"{panel.title}: {entry} runs out of its panel"
            if isinstance(entry, tuple):
                assert inside.contains(odds), f"{panel.title}: {entry} runs out of its panel"
                assert odds.left() - label.right() >= GAP, f"{panel.title}: {entry} label and odds meet"


def test_the_progressives_first_five_cards_line_reads_apart_from_its_100_percent(qtbot: object) -> None:
    scene = TableScene(LAYOUTS["wa-every-side-bet"], art())
    [panel] = [panel for panel in scene.geometry.paytables if panel.title.startswith("Progressive")]
    line = next(index for index, entry in enumerate(panel.lines)
                if isinstance(entry, tuple) and "first 5 cards" in entry[0])
    assert panel.lines[line][1] == "100%"
    label, odds = paytable_line_boxes(panel)[line]
    assert odds.left() - label.right() >= GAP
    assert body_font(panel).pixelSize() >= 6


@pytest.mark.parametrize("name", ["ca", "ca-bad-beat"])
def test_the_player_dealers_bank_has_its_own_labelled_place_at_every_position(qtbot: object, name: str) -> None:
    scene = TableScene(LAYOUTS[name], art())
    g = scene.geometry
    spots = [_path(chipplaces.spot_in_scene(spot)) for spot in g.all_spots()]
    names = [_path(chipplaces.label_in_scene(spot)) for spot in g.all_spots()]
    cards = [_path(place) for place in chipplaces.all_card_places(g)]
    for seat in g.seats:
        scene.set_player_dealer_seat(seat.seat)
        [(word, printed)] = scene.printed_texts()
        assert word == "BANK" and scene.bank_word.isVisible()
        bank = scene.new_chips(Decimal(2000), scene.bank_place())
        scene.set_bank(bank)
        room = bank.sceneBoundingRect().united(printed)
        assert not printed.intersects(bank.sceneBoundingRect())  # the word under the stack, not on it
        assert not any(path.intersects(room) for path in spots + names + cards), f"the bank at seat {seat.seat}"
        assert not scene.button.sceneBoundingRect().intersects(room)
        assert not any(QRectF(s.label.x - 12, s.label.y - 12, 24, 24).intersects(room) for s in g.seats)
        assert g.felt.contains(scene.bank_place())
        scene.set_bank(None)
    scene.set_player_dealer_seat(None)
    assert scene.printed_texts() == [] and not scene.bank_word.isVisible()


def test_on_a_full_player_dealer_table_no_wager_or_payout_lies_on_the_bank(qtbot: object) -> None:
    scene = TableScene(LAYOUTS["ca"], art())
    scene.set_player_dealer_seat(2)
    bank = scene.new_chips(Decimal(2000), scene.bank_place())
    scene.set_bank(bank)
    room = bank.sceneBoundingRect().united(scene.printed_texts()[0][1])
    players = [seat.seat for seat in scene.geometry.seats if seat.seat != 2]
    for seat in players:
        for wager in scene.geometry.seat(seat).spots:
            stack = scene.new_chips(Decimal(25), scene.wager_place(seat, wager, Decimal(25)))
            scene.set_wager_chips(seat, wager, stack)
    for seat in players:
        for wager in scene.geometry.seat(seat).spots:
            stack = scene.new_chips(Decimal(75), scene.payout_place(seat, wager, Decimal(75)))
            scene.set_payout_chips(seat, wager, stack)
    stacks = [stack for seat in players for _, stack in scene.seat_stacks(seat)]
    assert len(stacks) == len(players) * 4 * 2  # Ante, Blind, Play and Trips: a wager and a payout each
    assert not [stack.amount for stack in stacks if stack.sceneBoundingRect().intersects(room)]


def test_a_seats_badge_runs_to_the_side_free_of_chips(qtbot: object) -> None:
    scene = TableScene(LAYOUTS["wa"], art())
    seat = scene.geometry.seat(4)  # the middle of the table: its badge runs outward, to the right, by default
    assert not scene.set_badge(4, "WIN · NET +$57.50").leftward
    right = scene.set_badge(4, "WIN · NET +$57.50").sceneBoundingRect()
    scene.set_badge(4, "")
    stack = scene.new_chips(Decimal(40), seat.label)
    stack.setPos(right.right() - 20, seat.label.y)  # chips on the felt where the text would run
    scene.set_wager_chips(4, "trips", stack)
    badge = scene.set_badge(4, "WIN · NET +$57.50")
    assert badge.leftward and not badge.sceneBoundingRect().intersects(stack.sceneBoundingRect())


# -- the worst case: seven seats, every wager, every payout --------------------------------------------------

USUAL_STAKES = {"ante": Decimal(10), "blind": Decimal(10), "play": Decimal(40), "trips": Decimal(5),
                "bad_beat": Decimal(5), "pairs": Decimal(5), "progressive": Decimal(1)}
USUAL_PAYOUTS = {"ante": Decimal(10), "blind": Decimal(15), "play": Decimal(40), "trips": Decimal(15),
                 "bad_beat": Decimal(45), "pairs": Decimal(25), "progressive": Decimal(100)}
"""A $10 Ante and Blind, a 4x Play, $5 side bets; every wager paid: the Blind 3 to 2, Trips 3 to 1, Bad Beat 9 to
1, Pairs 5 to 1, the Progressive $100 (its stake went at COIN IN)."""
LARGEST = {"stakes": felt_bench.STAKES, "payouts": felt_bench.PAYOUTS}
"""The largest stakes a $5-$500 table deals, each paid (see :data:`trainer.bench.felt_layout.STAKES`)."""
WORST = felt_bench.worst_layouts()


def crowded(config: TableLayoutConfig, stakes: dict[str, Decimal] = USUAL_STAKES,
            payouts: dict[str, Decimal] = USUAL_PAYOUTS) -> TableScene:
    """The table as the round leaves it before the cleanup, every seat playing every wager and paid on each."""
    return felt_bench.crowd(TableScene(config, art()), stakes=stakes, payouts=payouts)


def shown_in(window: MainWindow, qtbot: QtBot, size: tuple[int, int], scene: TableScene) -> None:
    settling_at(window, qtbot, size)
    assert window.view is not None
    window.view.setScene(scene)
    window.view.fit_table()
    QApplication.processEvents()


def too_far(scene: TableScene) -> list[str]:
    """The stacks standing further from their own area than a stack may: a wager within the reach of its area's
    centre, a payout within its own reach of the area's payout point (each a quarter further where nothing
    nearer is clear)."""
    found = []
    for name, distance in felt_bench.reaches(scene).items():
        _, seat, wager, kind = name.split()
        spot = scene.geometry.spot(int(seat), wager)
        if kind == "wager":
            bound = FURTHEST * chipplaces.REACH
        else:
            bound = FURTHEST * PAYOUT_REACH + spot.center.distance(spot.payout)
        if distance > bound + 0.5:
            found.append(f"{name} {distance:.0f} from its area")
    return found


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(LAYOUTS))
def test_on_a_full_table_every_amount_name_and_badge_reads_whole_at_the_window_size(
        qtbot: QtBot, tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    """Seven seats (every position of a player-dealer game), every wager and every payout, each game of the
    documents and a house table with every side bet: no two texts (names, amounts, badges, BANK) overlap or lie
    under another stack's chips, each whole in the window, its amounts at the legible size; every stack by its
    own area."""
    window = MainWindow(FULL_TABLE, store=SettingsStore(tmp_path / "settings.json"), notify=lambda text: None,
                        durations=Durations.tiny(), rng=random.Random(5))
    qtbot.addWidget(window)
    scene = crowded(LAYOUTS[name])
    shown_in(window, qtbot, size, scene)
    assert felt_bench.clashes(scene) == []
    assert too_far(scene) == []
    assert window.view is not None
    screen = window.view.viewportTransform()
    shown = QRectF(window.view.viewport().rect())
    boxes = [(text, screen.map(box)) for text, box in felt_bench.text_boxes(scene)]
    assert len(boxes) > 7 * 7 * 2
    assert [text for text, box in boxes if not shown.contains(box.boundingRect())] == []
    assert measure(window.view).chip_text >= CHIP_TEXT_TARGET


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(WORST))
def test_at_the_largest_stakes_every_stack_stays_by_its_own_area_whole_in_the_window(
        qtbot: QtBot, tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    """The largest stakes a $5-$500 table deals, every wager paid, on each game's fullest table and a house table
    with every side bet (seven seats, Trips, Bad Beat, Pairs and the Progressive): no two texts (names, amounts,
    badges, BANK) overlap or lie under another stack's chips; no stack wanders across the table (each within its
    reach of its own area, and none further from its area's centre than a payout's reach); every text is whole in
    the window and legible."""
    window = MainWindow(FULL_TABLE, store=SettingsStore(tmp_path / "settings.json"), notify=lambda text: None,
                        durations=Durations.tiny(), rng=random.Random(5))
    qtbot.addWidget(window)
    scene = crowded(WORST[name], **LARGEST)
    shown_in(window, qtbot, size, scene)
    assert felt_bench.clashes(scene) == []
    assert too_far(scene) == []
    furthest = max(felt_bench.reaches(scene).items(), key=lambda item: item[1])
    assert furthest[1] <= PAYOUT_REACH, furthest
    assert window.view is not None
    screen = window.view.viewportTransform()
    shown = QRectF(window.view.viewport().rect())
    boxes = [(text, screen.map(box)) for text, box in felt_bench.text_boxes(scene)]
    assert [text for text, box in boxes if not shown.contains(box.boundingRect())] == []
    assert measure(window.view).chip_text >= CHIP_TEXT_TARGET


@pytest.mark.parametrize("name", list(WORST))
def test_at_the_largest_stakes_a_full_table_reads_without_overlaps(qtbot: object, name: str) -> None:
    """Washington's house table (Trips, Bad Beat), California's player-dealer table and a house table with every
    side bet, seven players at the largest stakes, every wager paid: no two texts overlap."""
    assert felt_bench.clashes(crowded(WORST[name], **LARGEST)) == []


def test_the_amounts_are_lettered_condensed_as_tall_as_the_legible_size(qtbot: object) -> None:
    """Narrower letters, not smaller ones: an amount's text is the chip label size tall, and narrower than the same
    text in the table's usual lettering."""
    condensed = QFontMetricsF(chip_label_font())
    usual = QFontMetricsF(style.font(CHIP_LABEL_SIZE, bold=True))
    assert chip_label_font().pixelSize() == CHIP_LABEL_SIZE
    assert condensed.horizontalAdvance("+$187.50") < 0.9 * usual.horizontalAdvance("+$187.50")


def test_the_same_round_is_laid_out_the_same_every_time(qtbot: object) -> None:
    """Places come from the table and the round alone: a second table with the same round has every stack and
    badge where the first had it (no jump when a round is replayed)."""
    first, second = (crowded(WORST["every-side-bet"], **LARGEST) for _ in range(2))
    def places(scene: TableScene) -> list[tuple[str, float, float]]:
        found = [(f"{seat.seat} {wager} {stack.amount}", stack.pos().x(), stack.pos().y())
                 for seat in scene.geometry.seats for wager, stack in scene.seat_stacks(seat.seat)]
        found += [(f"badge {seat.seat}", badge.pos().x(), badge.pos().y()) for seat in scene.geometry.seats
                  for badge in [scene.badge(seat.seat)] if badge is not None]
        return found
    assert places(first) == places(second) and len(places(first)) > 7 * 6


def test_a_payout_against_its_wager_reads_in_one_label_and_chips_being_cut_show_their_own(qtbot: object) -> None:
    scene = TableScene(layout("wa"), art())
    open_felt = Point(600, 225)  # left of the dealer's cards: room for the two stacks and their two-line label
    scene.set_wager_chips(3, "ante", scene.new_chips(Decimal(10), open_felt))
    paid = scene.new_chips(Decimal(15), scene.payout_place(3, "ante", Decimal(15)))
    scene.set_payout_chips(3, "ante", paid)
    wager = scene.wager_chips(3, "ante")
    assert wager is not None and wager.caption == "$10\n+$15" and paid.label_rect.isEmpty()
    assert paid.pos().y() == pytest.approx(open_felt.y) and abs(paid.pos().x() - open_felt.x) < 50  # against it
    assert scene.chip_amount(3, "ante") == Decimal(25)
    scene.set_wager_chips(4, "ante", scene.new_chips(Decimal(10), Point(1000, 250)))
    cut = scene.new_chips(Decimal(15), scene.payout_place(4, "ante"))  # the trainee cutting: no amount yet
    scene.set_payout_chips(4, "ante", cut)
    other = scene.wager_chips(4, "ante")
    assert other is not None and other.caption is None and not cut.label_rect.isEmpty()
    assert not cut.mapRectToScene(cut.label_rect).intersects(other.mapRectToScene(other.label_rect))
    scene.set_payout_chips(3, "ante", None)
    assert wager.caption is None  # the payout gone, the wager reads its own amount again


@pytest.mark.parametrize("name", list(WORST))
def test_in_spanish_the_fullest_tables_at_the_largest_stakes_read_without_overlaps(qtbot: object, name: str) -> None:
    """The felt in Spanish prints longer words (INICIAL for ANTE, the inscription, the pay tables' hands) and its
    badges say GANA +$…: still no two texts overlap and no stack wanders from its area."""
    from trainer.i18n.translation import speaking

    with speaking("es"):
        config = felt_bench.worst_layouts()[name]
        scene = crowded(config, **LARGEST)
        badges = {scene.badge_text(seat.seat) for seat in scene.geometry.seats} - {""}
    assert config.wager_label("ante") == "INICIAL" and config.wager_label("play") == "PLAY"
    assert badges and all(text.startswith("GANA +$") for text in badges), badges
    assert felt_bench.clashes(scene) == []
    assert too_far(scene) == []
