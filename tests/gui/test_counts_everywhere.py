"""One hand with known faults, counted the same in the five places that show it: the panel, Results, Progress,
the CSV and the PDF. The counts' definition: steps, steps right, steps wrong (one mistake each, its first
attempt's), wrong attempts (every rejected try) and steps left to the table (the table finished them after E)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pypdf
import pytest

from tests.gui.test_progress_wiring import WAIT, Station, station, stored
from tests.typed import present
from trainer.engine.wagers import Action
from trainer.gui.progress import ProgressScreen
from trainer.gui.progress.pdf import write_pdf
from trainer.gui.training import ResultsDialog
from trainer.scoring import Mode
from trainer.store.reports import trainee_report, write_csv

pytestmark = pytest.mark.gui

__all__ = ["station"]

TRIES = 3


def test_a_hand_with_known_faults_is_counted_alike_in_the_panel_results_progress_the_csv_and_the_pdf(
        qtbot: Any, station: Station, tmp_path: Path) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    window.quiz.set_mode(Mode.PRACTICE)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert window.new_round()
    controller = window.quiz
    core = controller.quiz
    assert core is not None
    assert present(controller.announce(core.settlement.dealer.category, core.settlement.dealer_qualifies)).correct
    first = core.next_step()
    assert first is not None
    asked = len(core.asked())
    wrong = Action.PUSH if first.action is Action.TAKE else Action.TAKE
    for _ in range(TRIES):  # the same wrong action, rejected each time (practice): one wrong step, 3 wrong attempts
        verdict = controller.settle(first.seat, first.wager, wrong, None)
        assert verdict is not None and not verdict.accepted
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        window.skip_to_end()  # E: the table finishes every step left
    steps, right, left = asked + 1, 1, asked - 1  # the announcement right; the first step wrong; the rest the table's
    assert left >= 1

    # the panel
    panel = controller.panel.score.text()
    assert (f"{right} of {steps} steps right" in panel and f"{steps - right} steps wrong" in panel
            and f"{TRIES} wrong attempts" in panel and f"· {left} step" in panel and "left to the table" in panel)
    assert "wrong action 1" in panel and f"left to the table {left}" in panel

    # Results (the trainee's kept items)
    history = room.history()
    assert history is not None
    results = ResultsDialog(window.book, history=history)
    qtbot.addWidget(results)
    row = {present(results.table.horizontalHeaderItem(column)).text(): present(results.table.item(0, column)).text()
           for column in range(results.table.columnCount())}
    assert (row["Steps right"], row["Steps wrong"], row["Wrong attempts"], row["Left to the table"]) == (
        f"{right} of {steps}", str(steps - right), str(TRIES), str(left))

    # Progress: the wrong steps by their first mistake's kind
    assert room.profile is not None
    screen = ProgressScreen(store, room.profile)
    qtbot.addWidget(screen)
    table = screen.mistakes_table
    shown = {present(table.item(number, 0)).text(): int(present(table.item(number, 2)).text())
             for number in range(table.rowCount())}
    assert shown == {"wrong action": 1, "left to the table": left}

    # the CSV: mistakes is the steps wrong
    out = io.StringIO()
    write_csv(store, [room.profile], out)
    (record,) = csv.DictReader(io.StringIO(out.getvalue()))
    assert (record["steps"], record["steps right"], record["mistakes"], record["wrong attempts"],
            record["steps left to the table"]) == (str(steps), str(right), str(steps - right), str(TRIES), str(left))

    # the PDF
    write_pdf([trainee_report(store, room.profile)], tmp_path / "report.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(tmp_path / "report.pdf").pages)
    assert (f"{right} of {steps} steps right; {steps - right} steps wrong ({left} of them left to the table); "
            f"{TRIES} wrong attempts") in text
    assert "No mistakes recorded" not in text and "left to the table" in text and "wrong action" in text
