"""The table paints from kept pixmaps: turned cards, chip stacks, highlights and the felt are drawn once for a
scale and turn and copied after that, drawn again when what they show changes, and look as drawn directly."""

from __future__ import annotations

import doctest
import os
from decimal import Decimal

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from trainer.gui import app as app_module
from trainer.gui.table import items, money, pixmaps, spots, style, view
from trainer.gui.table.art import ArtLibrary
from trainer.gui.table.felt import FeltItem
from trainer.gui.table.items import CardItem
from trainer.gui.table.layout import CARD_WIDTH, TableLayoutConfig
from trainer.gui.table.pixmaps import DevicePixmaps
from trainer.gui.table.scene import TableScene
from trainer.gui.table.view import TableView
from trainer.resources import assets_dir

pytestmark = pytest.mark.gui

SEAT = 2
"""A seat whose cards lie turned (seat 2 of 7 faces the dealer at an angle)."""


@pytest.fixture
def scene(qtbot: QtBot) -> TableScene:
    """A full table with its own artwork library, so the kept drawings are this test's alone."""
    config = TableLayoutConfig(seat_count=7, bad_beat=True, pairs=True, progressive=True)
    return TableScene(config, ArtLibrary(assets_dir()))


def render(scene: TableScene, scale: float = 1.0) -> QImage:
    """The scene drawn into a transparent image of its own size times ``scale`` (scene units map 1:``scale``)."""
    rect = scene.sceneRect()
    image = QImage(round(rect.width() * scale), round(rect.height() * scale), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHints(pixmaps.HINTS)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def colour_at(image: QImage, point: QPointF) -> QColor:
    return image.pixelColor(round(point.x()), round(point.y()))


def turned_card(scene: TableScene, name: str = "2c", slot: int = 0) -> CardItem:
    """A card lying at ``SEAT``, turned as that seat's cards are."""
    place, angle = scene.card_place("seat", SEAT, slot)
    card = scene.new_card(name, "red", place)
    card.setRotation(angle)
    scene.place_card(card, "seat", SEAT, slot)
    return card


def left_of_centre(card: CardItem) -> QPointF:
    """A point of the card, halfway between its centre and its left edge: plain white on the Two of Clubs'
    face (its pips run down the middle), red on the back."""
    return card.mapToScene(QPointF(-CARD_WIDTH / 4, 0))


def is_red(colour: QColor) -> bool:
    return colour.red() > 120 and colour.green() < 90 and colour.blue() < 90


def is_white(colour: QColor) -> bool:
    return min(colour.red(), colour.green(), colour.blue()) > 220


def test_a_turned_card_is_drawn_from_a_pixmap_once_it_lies_still(scene: TableScene) -> None:
    card = turned_card(scene)
    drawings = scene.art.drawings
    assert not card.cached_upright and card.cacheMode() == QGraphicsItem.CacheMode.NoCache
    render(scene)  # the first frame at this turn is drawn straight on
    assert len(drawings) == 0
    first = render(scene)
    made = drawings.made
    assert made == 1 and is_red(colour_at(first, left_of_centre(card)))
    render(scene)
    assert drawings.made == made  # copied, not drawn again


def test_cards_that_look_alike_at_one_turn_share_one_pixmap(scene: TableScene) -> None:
    first = turned_card(scene, "2c", 0)
    render(scene)
    render(scene)
    made = scene.art.drawings.made
    second = scene.new_card("Ks", "red", scene.card_place("seat", SEAT, 1)[0])
    second.setRotation(first.rotation())
    render(scene)  # both backs up, both at the seat's turn: the second card uses the first card's pixmap
    assert scene.art.drawings.made == made


def test_a_turned_cards_drawing_is_refreshed_when_it_turns_over(scene: TableScene) -> None:
    card = turned_card(scene)
    render(scene)
    back = render(scene)
    assert is_red(colour_at(back, left_of_centre(card)))
    card.set_face_up(True)
    render(scene)
    face = render(scene)
    assert is_white(colour_at(face, left_of_centre(card)))
    assert card.look() in scene.art.drawings.looks()
    card.set_face_up(False)
    assert is_red(colour_at(render(scene), left_of_centre(card)))


def test_a_turned_cards_highlight_is_drawn_into_its_pixmap(scene: TableScene) -> None:
    card = turned_card(scene)
    render(scene)
    plain = render(scene)
    edge = card.mapToScene(QPointF(-CARD_WIDTH / 2 - 2.5, 0))
    card.set_highlighted(True)
    render(scene)
    lit = render(scene)
    assert colour_at(lit, edge).red() > colour_at(plain, edge).red() + 60
    assert card.look()[1] is True


def test_a_card_turning_towards_its_seat_keeps_no_pixmap_for_each_step(scene: TableScene) -> None:
    card = turned_card(scene)
    for angle in (5.0, 10.0, 15.0, 20.0, 25.0):
        card.setRotation(angle)
        render(scene)
    assert len(scene.art.drawings) == 0
    render(scene)
    assert len(scene.art.drawings) == 1


def test_an_upright_card_is_left_to_qts_device_cache(scene: TableScene) -> None:
    card = scene.new_card("As", "blue", scene.geometry.board[0])
    assert card.cached_upright and card.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache
    card.setRotation(31.0)
    assert not card.cached_upright and card.cacheMode() == QGraphicsItem.CacheMode.NoCache
    card.setRotation(-90.0)
    assert card.cached_upright and card.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache


def test_a_chip_stacks_drawing_is_refreshed_when_its_amount_changes(scene: TableScene) -> None:
    spot = scene.geometry.spot(4, "ante")
    stack = scene.new_chips(Decimal(5), spot.center)
    render(scene)
    five = stack.look()
    assert five in scene.art.drawings.looks()
    top = QPointF(spot.center.x, spot.center.y - 4 * 3.2)  # above a single chip, on the fifth chip of a tall stack
    before = colour_at(render(scene), top)
    stack.set_amount(Decimal(25))  # five chips of $5: a taller stack
    assert stack.look() != five
    after = colour_at(render(scene), top)
    assert after != before
    assert stack.look() in scene.art.drawings.looks()


def test_chip_stacks_of_one_amount_share_one_drawing(scene: TableScene) -> None:
    first = scene.new_chips(Decimal(15), scene.geometry.spot(1, "ante").center)
    render(scene)
    made = scene.art.drawings.made
    second = scene.new_chips(Decimal(15), scene.geometry.spot(5, "ante").center)
    render(scene)
    assert scene.art.drawings.made == made and second.look() == first.look()


def test_a_highlighted_area_glows_and_stops_glowing(scene: TableScene) -> None:
    spot = scene.spot(SEAT, "blind")
    outside = spot.mapToScene(QPointF(spots.spot_outline(spot.geometry).right() + 5, 0))
    plain = colour_at(render(scene), outside)
    scene.highlight_spot(SEAT, "blind", True)
    lit = colour_at(render(scene), outside)
    assert lit.red() > plain.red() + 40
    scene.highlight_spot(SEAT, "blind", False)
    assert colour_at(render(scene), outside) == plain


def test_a_lit_sensors_drawing_is_refreshed_when_it_is_highlighted(scene: TableScene) -> None:
    sensor = scene.spot(SEAT, "progressive")
    outside = sensor.mapToScene(QPointF(spots.spot_outline(sensor.geometry).right() + 6, 0))
    sensor.set_lit(True)
    lit = colour_at(render(scene), outside)
    sensor.set_highlighted(True)
    highlighted = colour_at(render(scene), outside)
    assert highlighted.red() > lit.red() + 40
    sensor.set_highlighted(False)
    assert colour_at(render(scene), outside) == lit


def test_the_felt_is_drawn_once_for_a_scale_and_again_for_a_new_one(scene: TableScene) -> None:
    felt = next(item for item in scene.items() if isinstance(item, FeltItem))
    render(scene)
    render(scene)
    assert felt.pixmaps.made == 1
    render(scene, 0.5)
    assert felt.pixmaps.made == 2 and len(felt.pixmaps) == 1  # only the latest scale is kept


def test_the_felt_covers_the_whole_scene_opaque(scene: TableScene) -> None:
    for item in scene.items():
        item.setVisible(isinstance(item, FeltItem))
    image = render(scene, 0.5)
    corners = [(0, 0), (image.width() - 1, 0), (0, image.height() - 1), (image.width() - 1, image.height() - 1)]
    for x, y in corners:
        assert image.pixelColor(x, y) == style.BACKGROUND
    middle = image.pixelColor(image.width() // 2, image.height() // 2)
    assert middle.alpha() == 255 and middle.green() > middle.red() + 40  # the green felt


def test_the_view_paints_its_background_around_the_table_only(qtbot: QtBot, scene: TableScene) -> None:
    table = TableView(scene)
    qtbot.addWidget(table)
    table.resize(800, 800)  # taller than the table: bands above and below it
    table.show()
    qtbot.waitExposed(table)
    table.fit_table()
    image = table.grab().toImage()
    assert image.pixelColor(image.width() // 2, 3) == style.BACKGROUND
    assert image.pixelColor(image.width() // 2, image.height() - 3) == style.BACKGROUND
    middle = image.pixelColor(image.width() // 2, image.height() // 2)
    assert middle.green() > middle.red() + 40


def test_device_pixmaps_keep_to_their_budget_dropping_the_oldest(qtbot: QtBot) -> None:
    kept = DevicePixmaps(limit_bytes=3 * 20 * 20 * 4)
    image = QImage(100, 100, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    for look in ("a", "b", "c", "d"):
        kept.draw(painter, QRectF(0, 0, 18, 18), look, lambda p: p.fillRect(QRectF(0, 0, 18, 18), Qt.GlobalColor.red))
    painter.end()
    turn = (1.0, 0.0, 0.0, 1.0, 1.0)
    assert len(kept) == 3 and not kept.has("a", turn) and kept.has("d", turn)
    assert kept.size_bytes <= kept.limit_bytes
    kept.discard("d")
    assert not kept.has("d", turn) and len(kept) == 2


def test_the_app_paints_in_one_thread(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    monkeypatch.delenv("QT_NO_GUI_THREADPOOL", raising=False)
    app_module.create_application(["uth-trainer"])
    assert os.environ["QT_NO_GUI_THREADPOOL"] == "1"


@pytest.mark.parametrize("module", [items, view, money])
def test_the_doctests_of_the_table_modules_hold(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
