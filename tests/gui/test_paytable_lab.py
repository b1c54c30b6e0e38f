"""The Pay-table lab window: figures computed off the GUI thread, an edited copy, a bad file named, Cancel."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from trainer.gui.paytable_lab import PaytableLab, open_paytable_lab
from trainer.odds.game import Cancelled
from trainer.odds.report import OddsReport

pytestmark = pytest.mark.gui


@pytest.fixture
def lab(qtbot):  # type: ignore[no-untyped-def]
    window = PaytableLab()
    qtbot.addWidget(window)
    window.show()
    return window


def test_trips_uth_02_shows_its_house_edge_and_one_bar_per_line(lab, qtbot) -> None:  # type: ignore[no-untyped-def]
    lab.bet_box.setCurrentText("Trips")
    lab.table_box.setCurrentText("UTH-02")
    with qtbot.waitSignal(lab.computed, timeout=20_000) as blocker:
        lab.compute()
    report = blocker.args[0]
    assert isinstance(report, OddsReport)
    assert "1.9040 %" in lab.figures.text()
    series = lab.chart.series()[0]
    assert series.barSets()[0].count() == len(report.lines) == lab.lines.rowCount()
    assert lab.lines.item(0, 4).text().endswith("%")


def test_editing_a_pay_computes_an_edited_copy(lab, qtbot) -> None:  # type: ignore[no-untyped-def]
    lab.bet_box.setCurrentText("Ultimate Pairs")
    lab.table_box.setCurrentText("6")
    lab.lines.item(lab.lines.rowCount() - 1, 1).setText("6 to 1")  # "Pair" pays 6 instead of 5
    with qtbot.waitSignal(lab.computed, timeout=20_000) as blocker:
        lab.compute()
    report = blocker.args[0]
    assert report.table_id == "6 (edited)"
    assert float(report.house_edge) < 0.0679  # the player is paid more: a smaller edge than table 6's 6.79 %


def test_a_bad_pay_is_named_and_compute_waits(lab) -> None:  # type: ignore[no-untyped-def]
    lab.lines.item(0, 1).setText("-3 to 1")
    assert not lab.compute_button.isEnabled()
    assert "-3 to 1" in lab.figures.text()


def test_a_bad_file_is_named_with_its_entry_and_problem(lab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "room.toml"
    path.write_text('[ROOM]\nkind = "trips"\nlines = [{ hand = "three of a kid", odds = "3 to 1" }]\n',
                    encoding="utf-8")
    assert not lab.load_file(str(path))
    assert "room.toml" in lab.figures.text() and "ROOM line 1" in lab.figures.text()
    path.write_text('[ROOM]\nkind = "trips"\nlines = [{ hand = "three of a kind", odds = "3 to 1" }]\n',
                    encoding="utf-8")
    assert lab.load_file(str(path))
    assert lab.table_box.currentText() == "ROOM" and lab.lines.rowCount() == 1


def test_cancel_stops_a_long_computation_and_the_window_stays_responsive(lab, qtbot) -> None:  # type: ignore[no-untyped-def]
    def endless(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> object:
        done = 0
        while not cancelled():
            done += 1
            progress(done % 100, 100)
            time.sleep(0.005)
        raise Cancelled

    lab.start(endless)
    assert lab.busy and lab.cancel_button.isVisible() and lab.progress.isVisible()
    qtbot.waitUntil(lambda: lab.progress.maximum() == 100, timeout=5_000)  # progress reached the GUI thread
    with qtbot.waitSignal(lab.cancelled, timeout=5_000):
        lab.cancel_button.click()
    qtbot.waitUntil(lambda: not lab.busy, timeout=5_000)
    assert lab.figures.text() == "Cancelled." and lab.compute_button.isEnabled()


def test_open_paytable_lab_shows_the_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = open_paytable_lab(None)
    qtbot.addWidget(window)
    assert window.isVisible() and window.windowTitle() == "Pay-table lab"
