"""The table scene and view: built for every table, clickable areas report clicks, highlights and prompts
show, the view keeps the table fitted, cards turn over, chips count, and missing artwork is named."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from tests.gui.table_support import art
from trainer.gui.table.art import ArtLibrary, AssetError
from trainer.gui.table.layout import TableLayoutConfig
from trainer.gui.table.scene import TableScene
from trainer.gui.table.view import TableView
from trainer.resources import assets_dir

pytestmark = pytest.mark.gui

LAYOUTS = [("house", n) for n in range(1, 8)] + [("player-dealer", 6), ("player-dealer", 8)]


def full_config(banking: str = "house", seats: int = 7) -> TableLayoutConfig:
    house = banking == "house"
    return TableLayoutConfig(
        banking=banking,  # type: ignore[arg-type]
        seat_count=seats,
        bad_beat=True,
        pairs=house,
        progressive=house,
        paytables=(("Blind pays", (("Royal Flush", "500 to 1"), ("Straight", "1 to 1"))),),
    )


@pytest.fixture
def view(qtbot: QtBot) -> TableView:
    scene = TableScene(full_config(), art())
    table = TableView(scene)
    qtbot.addWidget(table)
    table.resize(1280, 800)
    table.show()
    qtbot.waitExposed(table)
    table.fit_table()
    return table


def click(view: TableView, point: QPointF) -> None:
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, view.mapFromScene(point)
    )


def render(scene: TableScene) -> QImage:
    image = QImage(850, 500, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    scene.render(painter)
    painter.end()
    return image


@pytest.mark.parametrize(("banking", "seats"), LAYOUTS)
def test_scene_builds_every_table_with_an_area_per_wager(qtbot: QtBot, banking: str, seats: int) -> None:
    scene = TableScene(full_config(banking, seats), art())
    for seat in range(1, seats + 1):
        for wager in scene.config.wagers:
            assert scene.spot(seat, wager).wager == wager
    assert scene.drop_box.isVisible() == (banking == "player-dealer")
    assert not render(scene).isNull()


def test_clicking_a_wagering_area_names_seat_and_wager(qtbot: QtBot, view: TableView) -> None:
    scene = view.table_scene()
    for seat, wager in ((1, "ante"), (4, "play"), (7, "bad_beat"), (3, "progressive")):
        centre = scene.geometry.spot(seat, wager).center
        with qtbot.waitSignal(scene.spotClicked, timeout=1000) as blocker:
            click(view, QPointF(centre.x, centre.y))
        assert blocker.args == [seat, wager]


def test_clicking_a_seat_or_the_dealer_reports_it(qtbot: QtBot, view: TableView) -> None:
    scene = view.table_scene()
    cards = scene.geometry.seat(5).cards
    between = QPointF((cards[0].x + cards[1].x) / 2, (cards[0].y + cards[1].y) / 2)
    with qtbot.waitSignal(scene.seatClicked, timeout=1000) as blocker:
        click(view, between)
    assert blocker.args == [5]
    dealer = scene.geometry.dealer_cards[0]
    with qtbot.waitSignal(scene.dealerClicked, timeout=1000):
        click(view, QPointF(dealer.x, dealer.y))


def test_clicking_a_card_reports_whose_hand_it_is(qtbot: QtBot, view: TableView) -> None:
    scene = view.table_scene()
    place, angle = scene.card_place("seat", 2, 0)
    card = scene.new_card("As", "red", place)
    card.setRotation(angle)
    scene.place_card(card, "seat", 2, 0)
    with qtbot.waitSignal(scene.seatClicked, timeout=1000) as blocker:
        click(view, QPointF(place.x, place.y))
    assert blocker.args == [2]
    board = scene.new_card("Kd", "red", scene.geometry.board[0])
    scene.place_card(board, "board", None, 0)
    with qtbot.waitSignal(scene.boardClicked, timeout=1000):
        click(view, QPointF(scene.geometry.board[0].x, scene.geometry.board[0].y))


def test_highlights_and_prompt_are_shown_and_cleared(qtbot: QtBot) -> None:
    scene = TableScene(full_config(), art())
    scene.highlight_spot(3, "blind", True)
    scene.highlight_seat(6, True)
    scene.highlight_dealer(True)
    assert scene.spot(3, "blind").highlighted and scene.spot(3, "ante").highlighted is False
    scene.set_prompt("Seat 3: what does the Blind pay?")
    assert scene.prompt.isVisible() and scene.prompt.text.startswith("Seat 3")
    render(scene)
    scene.clear_highlights()
    scene.set_prompt("")
    assert not scene.spot(3, "blind").highlighted and not scene.prompt.isVisible()
    with pytest.raises(KeyError, match="seat 9"):
        scene.highlight_spot(9, "ante", True)


def test_view_keeps_the_whole_table_fitted_when_resized(qtbot: QtBot, view: TableView) -> None:
    for width, height in ((1024, 700), (1920, 1080), (700, 900), (2560, 1440)):
        view.resize(width, height)
        def fitted(w: int = width, h: int = height) -> bool:
            return view.viewport().size().width() == w and view.viewport().size().height() == h

        qtbot.waitUntil(fitted, timeout=1000)
        shown = view.mapFromScene(view.sceneRect()).boundingRect()
        viewport = view.viewport().rect().adjusted(-2, -2, 2, 2)
        assert viewport.contains(shown), (width, height)
        assert shown.width() >= width - 4 or shown.height() >= height - 4


def test_view_draws_antialiased_and_smooth(view: TableView) -> None:
    hints = view.renderHints()
    assert hints & QPainter.RenderHint.Antialiasing and hints & QPainter.RenderHint.SmoothPixmapTransform


def test_card_turns_over_by_animating_its_face(qtbot: QtBot) -> None:
    scene = TableScene(full_config(), art())
    card = scene.new_card("Qh", "blue", scene.geometry.board[2])
    assert not card.face_up
    card.setProperty("face", 0.5)
    assert card.face_up and card.transform().m11() < 0.05
    card.setProperty("face", 1.0)
    assert card.face_up and card.transform().m11() == pytest.approx(1.0)
    render(scene)


def test_chip_amount_counts_the_wager_and_its_payout(qtbot: QtBot) -> None:
    scene = TableScene(full_config(), art())
    spot = scene.geometry.spot(2, "blind")
    scene.set_wager_chips(2, "blind", scene.new_chips(Decimal(25), spot.center))
    scene.set_payout_chips(2, "blind", scene.new_chips(Decimal("37.50"), spot.payout))
    assert scene.chip_amount(2, "blind") == Decimal("62.50")
    assert scene.wager_amount(2, "blind") == 25 and scene.payout_amount(2, "blind") == Decimal("37.5")
    assert scene.chip_amount(2, "ante") == 0
    scene.reset_round()
    assert scene.chip_amount(2, "blind") == 0


def test_progressive_sensor_lights_at_coin_in_not_when_a_coin_is_put_on_it(qtbot: QtBot) -> None:
    scene = TableScene(full_config(), art())
    sensor = scene.spot(4, "progressive")
    scene.set_wager_chips(4, "progressive", scene.new_chips(Decimal(1), sensor.geometry.center))
    assert not sensor.lit
    scene.light_sensor(4)
    scene.set_wager_chips(4, "progressive", None)  # the wager leaves the layout; the light stays for the hand
    assert sensor.lit and scene.lit_sensors() == [4]
    scene.reset_round()
    assert not sensor.lit


@pytest.fixture
def copied_assets(tmp_path: Path) -> Path:
    target = tmp_path / "assets"
    shutil.copytree(assets_dir() / "cards", target / "cards")
    shutil.copytree(assets_dir() / "chips", target / "chips")
    return target


def test_a_missing_card_face_is_named(qtbot: QtBot, copied_assets: Path) -> None:
    missing = copied_assets / "cards" / "classic" / "Qs.svg"
    missing.unlink()
    with pytest.raises(AssetError) as raised:
        TableScene(TableLayoutConfig(), ArtLibrary(copied_assets))
    assert raised.value.path == missing
    assert str(missing) in str(raised.value) and "missing" in str(raised.value)


def test_an_unreadable_chip_is_named(qtbot: QtBot, copied_assets: Path) -> None:
    broken = copied_assets / "chips" / "chip-25.svg"
    broken.write_text("<svg><circle></svg", encoding="utf-8")
    with pytest.raises(AssetError, match=r"chip-25\.svg"):
        TableScene(TableLayoutConfig(), ArtLibrary(copied_assets))


def test_a_missing_back_colour_is_named(qtbot: QtBot) -> None:
    with pytest.raises(AssetError, match=r"back-purple\.svg"):
        TableScene(TableLayoutConfig(deck_backs=("red", "purple")), ArtLibrary(assets_dir()))


def test_a_missing_assets_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(AssetError, match="does not exist"):
        ArtLibrary(tmp_path / "nowhere")


def test_four_colour_deck_reads_its_own_faces(qtbot: QtBot) -> None:
    scene = TableScene(TableLayoutConfig(four_colour=True), art())
    card = scene.new_card("Td", "red", scene.geometry.board[0])
    assert "four-colour" in str(card._face_path)


def test_pixmaps_follow_the_screen_resolution(qtbot: QtBot) -> None:
    library = art()
    path = library.face_path("As")
    small = library.pixmap(path, 56, 78, 1.0)
    sharp = library.pixmap(path, 56, 78, 2.0)
    assert sharp.height() >= 2 * 78 - 8 and small.height() < sharp.height()
    assert library.pixmap(path, 56, 78, 2.0) is not None


def test_view_viewport_point_maps_inside_the_table(view: TableView) -> None:
    centre = view.mapToScene(QPoint(view.viewport().width() // 2, view.viewport().height() // 2))
    assert view.sceneRect().contains(centre)


@pytest.mark.parametrize(("banking", "seats"), LAYOUTS)
def test_a_long_seat_label_stays_on_the_table(qtbot: QtBot, banking: str, seats: int) -> None:
    scene = TableScene(full_config(banking, seats), art())
    table = scene.sceneRect()
    for seat in range(1, seats + 1):
        badge = scene.set_badge(seat, "Two pair, kings and sevens · does not qualify")
        assert table.contains(badge.sceneBoundingRect()), f"seat {seat}'s label runs off the table"
