"""An instructor's exam in the table window is the exam that was set: its hands on its own game and pay tables,
whatever the table's settings. Offscreen, one-millisecond animations, signal waits."""

from __future__ import annotations

from typing import Any

import pytest

from tests.gui.test_drill_on_table import settle_correctly
from tests.gui.test_progress_wiring import WAIT, Station, station, stored
from trainer.engine.table import Banking
from trainer.settings import DEFAULTS
from trainer.store.instructor import Exam, save_exam

pytestmark = pytest.mark.gui

__all__ = ["station"]

CALIFORNIA_TABLE = DEFAULTS.replace(banking="player-dealer", seats=6, procedure="shuffler", profile="Ana")


def test_an_exam_set_to_washington_and_uth_01_deals_washington_tables_with_uth_01(qtbot: Any,
                                                                                  station: Station) -> None:
    station.settings.save(CALIFORNIA_TABLE)  # the table's own settings: a California player-dealer game
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    exam = save_exam(store, Exam("Order on WA", "order", 3, 90.0, 20.0, banking="house",
                                 paytables={"trips": "UTH-01", "bad_beat": "BBB-01"}))
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    for hand in (1, 2, 3):
        table = window.played.table
        assert (table.game, table.banking, table.trips_paytable) == ("wa", Banking.HOUSE, "UTH-01"), hand
        assert table.bad_beat_paytable == "BBB-01"
        assert window.scene is not None and window.scene.config.banking == "house"
        if hand < 3:
            with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
                settle_correctly(qtbot, window)
    settle_correctly(qtbot, window)
