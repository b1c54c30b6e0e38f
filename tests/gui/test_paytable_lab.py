"""The Pay-table lab window: figures computed off the GUI thread, an edited copy, a bad file named, Cancel."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from decimal import Decimal
from multiprocessing.context import BaseContext
from pathlib import Path

import pytest
from PySide6.QtCharts import QAbstractBarSeries
from pytestqt.qtbot import QtBot

from tests.typed import of_kind, present
from trainer.gui.paytable_lab import PaytableLab, open_paytable_lab
from trainer.odds.game import Cancelled, GameSolution
from trainer.odds.report import OddsReport

pytestmark = pytest.mark.gui


@pytest.fixture
def lab(qtbot: QtBot) -> PaytableLab:
    window = PaytableLab()
    qtbot.addWidget(window)
    window.show()
    return window


def test_trips_uth_02_shows_its_house_edge_and_one_bar_per_line(lab: PaytableLab, qtbot: QtBot) -> None:
    lab.bet_box.setCurrentText("Trips")
    lab.table_box.setCurrentText("UTH-02")
    with qtbot.waitSignal(lab.computed, timeout=20_000) as blocker:
        lab.compute()
    report = blocker.args[0]
    assert isinstance(report, OddsReport)
    assert "1.9040 %" in lab.figures.text()
    series = of_kind(lab.chart.series()[0], QAbstractBarSeries)
    assert series.barSets()[0].count() == len(report.lines) == lab.lines.rowCount()
    assert present(lab.lines.item(0, 4)).text().endswith("%")


def test_editing_a_pay_computes_an_edited_copy(lab: PaytableLab, qtbot: QtBot) -> None:
    lab.bet_box.setCurrentText("Ultimate Pairs")
    lab.table_box.setCurrentText("6")
    present(lab.lines.item(lab.lines.rowCount() - 1, 1)).setText("6 to 1")  # "Pair" pays 6 instead of 5
    with qtbot.waitSignal(lab.computed, timeout=20_000) as blocker:
        lab.compute()
    report = blocker.args[0]
    assert report.table_id == "6 (edited)"
    assert float(report.house_edge) < 0.0679  # the player is paid more: a smaller edge than table 6's 6.79 %


def test_a_bad_pay_is_named_and_compute_waits(lab: PaytableLab) -> None:
    present(lab.lines.item(0, 1)).setText("-3 to 1")
    assert not lab.compute_button.isEnabled()
    assert "-3 to 1" in lab.figures.text()


def test_a_bad_file_is_named_with_its_entry_and_problem(lab: PaytableLab, tmp_path: Path) -> None:
    path = tmp_path / "room.toml"
    path.write_text('[ROOM]\nkind = "trips"\nlines = [{ hand = "three of a kid", odds = "3 to 1" }]\n',
                    encoding="utf-8")
    assert not lab.load_file(str(path))
    assert "room.toml" in lab.figures.text() and "ROOM line 1" in lab.figures.text()
    path.write_text('[ROOM]\nkind = "trips"\nlines = [{ hand = "three of a kind", odds = "3 to 1" }]\n',
                    encoding="utf-8")
    assert lab.load_file(str(path))
    assert lab.table_box.currentText() == "ROOM" and lab.lines.rowCount() == 1


def test_cancel_stops_a_long_computation_and_the_window_stays_responsive(lab: PaytableLab, qtbot: QtBot) -> None:
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


def test_open_paytable_lab_shows_the_window(qtbot: QtBot) -> None:
    window = open_paytable_lab(None)
    qtbot.addWidget(window)
    assert window.isVisible() and window.windowTitle() == "Pay-table lab"


def test_a_side_bet_report_cancelled_while_computed_is_not_shown(lab: PaytableLab, qtbot: QtBot) -> None:
    from trainer.engine.paytables import load_paytables
    from trainer.gui.paytable_lab import _job_for

    asked = iter([False, True])  # not cancelled when it starts, cancelled by the time the report is ready
    job = _job_for("trips", load_paytables().trips("UTH-01"), Decimal(10000), Decimal(1))
    with pytest.raises(Cancelled):
        job(lambda done, total: None, lambda: next(asked))
    with qtbot.waitSignal(lab.cancelled, timeout=5_000):
        lab.start(lambda progress, cancelled: job(progress, lambda: True))
    assert lab.figures.text() == "Cancelled."


def test_closing_the_lab_waits_a_bounded_time_for_a_job_that_does_not_stop(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.gui import paytable_lab

    monkeypatch.setattr(paytable_lab, "STOP_WAIT_MS", 50)
    release = threading.Event()

    def deaf(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> object:
        release.wait(30)  # a computation that does not look at Cancel
        raise Cancelled

    window = PaytableLab()
    window.show()
    window.start(deaf)
    thread = window._thread
    window.close()  # returns after STOP_WAIT_MS although the job still runs
    assert thread is not None and thread.isRunning() and thread in paytable_lab._STILL_RUNNING
    release.set()
    qtbot.waitUntil(lambda: thread not in paytable_lab._STILL_RUNNING, timeout=10_000)


def test_the_games_workers_start_from_a_fresh_interpreter_even_from_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.engine import processes
    from trainer.engine.paytables import load_paytables
    from trainer.odds.game import solve_game

    started: list[str] = []
    real = processes.worker_context

    def recorded() -> BaseContext:
        started.append(real().get_start_method())
        return real()

    monkeypatch.setattr(processes, "worker_context", recorded)
    blind, ranks = load_paytables().blind(), (9, 10, 11, 12)
    solved: list[GameSolution] = []
    thread = threading.Thread(target=lambda: solved.append(solve_game(blind, ranks=ranks, workers=2)))
    thread.start()  # as the lab does: from a thread other than the main one
    thread.join(120)
    assert started and set(started) <= {"forkserver", "spawn"}  # never a fork of a threaded process
    alone = solve_game(blind, ranks=ranks, workers=1)
    assert len(solved) == 1 and (solved[0].optimal, solved[0].simple) == (alone.optimal, alone.simple)
