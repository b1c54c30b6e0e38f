"""The smaller points of an exam that holds, each seen: My mistakes left part-way says so; Results gives a score's
decimal; a badge says both a hand won and side bets lost; the Pay tables tab speaks of the banking chosen; the PDF
gives no accuracy for no steps; the exam's verdict stays in the panel once its review closes; the panel counts a
drill's hands as the status bar does; one key, one meaning (S, E); the chosen wager is lit on the felt; a seat's
wagers in rules-notes §2's order. Offscreen, short animations."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pypdf
import pytest

from tests.gui.test_drill_on_table import settle_correctly, start
from tests.gui.test_progress_wiring import WAIT, Station, settle_wrongly, station, stored
from tests.typed import present
from trainer.engine.cards import parse_cards
from trainer.engine.settlement import SeatHand, settle
from trainer.engine.table import WAGER_ORDER, TableRules
from trainer.gui.progress.pdf import write_pdf
from trainer.gui.settings_dialog import SettingsDialog
from trainer.gui.table.captions import seat_result_text
from trainer.gui.training import ResultsDialog
from trainer.scoring import ItemResult, Mode, ScoreBook
from trainer.settings import DEFAULTS
from trainer.store.reports import trainee_report

pytestmark = pytest.mark.gui

__all__ = ["station"]


def test_leaving_my_mistakes_part_way_says_how_many_hands_are_still_to_settle_right(qtbot: Any,
                                                                                    station: Station) -> None:
    window = station.open(qtbot)
    start(qtbot, window, "blind", count=1)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_wrongly(qtbot, window)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert window.progress_room.deal_mistakes() == 1
    window.quiz.set_mode(Mode.GUIDED)  # another mode, mid-hand: the table finishes the hand
    assert any("My mistakes stopped with 1 hand still to settle right" in text for text in station.messages)


def test_results_give_a_scores_decimal_as_the_panel_does(qtbot: Any) -> None:
    book = ScoreBook()
    book.record(ItemResult("blind", "seed 4", 200, 19, (), 12.0, Mode.PRACTICE))
    dialog = ResultsDialog(book)
    qtbot.addWidget(dialog)
    assert present(dialog.table.item(0, 3)).text() == "9.5 %"


def test_a_hand_won_whose_side_bets_lost_more_says_both() -> None:
    # The player's kings with an ace beat the dealer's kings with a nine (Ante and Play paid, the Blind pushes);
    # the $1,000 Trips loses: the hand won, the seat is down.
    result = settle(TableRules(), parse_cards("2c 3d"), parse_cards("Kh Kd 7s 8c 9h"),
                    [SeatHand(1, (parse_cards("As Qd")[0], parse_cards("As Qd")[1]), Decimal(5), Decimal(5),
                              Decimal(20), Decimal(1000))])
    assert seat_result_text(result, 1) == "WIN +$25 · SIDE BETS −$1,000 · NET −$975"


def test_the_pay_tables_tab_speaks_of_the_banking_chosen(qtbot: Any) -> None:
    dialog = SettingsDialog(DEFAULTS.replace(banking="player-dealer", seats=6, offer_pairs=False,
                                             offer_progressive=False))
    qtbot.addWidget(dialog)
    assert "player-dealer table offers Trips and Bad Beat only" in dialog.paytables_tab.hint.text()
    dialog.banking.setCurrentIndex(dialog.banking.findData("house"))
    said = dialog.paytables_tab.hint.text()
    assert "house-banked table offers Trips, Bad Beat, Pairs and Progressive" in said and "only" not in said


def test_the_pdf_gives_a_dash_not_an_accuracy_for_a_trainee_with_no_steps(qtbot: Any, station: Station,
                                                                          tmp_path: Path) -> None:
    window = station.open(qtbot)
    store = stored(window)
    profile = present(window.progress_room.profile)
    write_pdf([trainee_report(store, profile)], tmp_path / "new.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(tmp_path / "new.pdf").pages)
    assert "accuracy —" in text and "100.0 %" not in text


def test_the_exams_verdict_stays_in_the_panel_once_its_review_closes(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        window.quiz.start_exam(1, 80.0)
    settle_correctly(qtbot, window)
    review = present(window.quiz.review)
    review.close()
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)
    panel = window.quiz.panel
    assert panel.isVisible() and "steps right" in panel.score.text() and "Exam passed" in panel.progress.text()


def test_the_panel_counts_a_drills_hands_as_the_status_bar_does(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    start(qtbot, window, "blind", count=3)
    settle_correctly(qtbot, window)
    qtbot.waitUntil(lambda: not window.playing, timeout=WAIT)
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert window.new_round()
    assert "hand 2 of 3" in window.table_label.text()
    assert "1 of 3 hands settled" in window.quiz.panel.score.text()
    assert "Set of 1 hand" not in window.quiz.panel.score.text()


def test_s_and_e_each_mean_one_thing(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    keys = {action.objectName(): [key.toString() for key in action.shortcuts()] for action in window.actions()
            if not action.objectName().startswith("runRound")}  # (the run round's own keys: its own mode)
    owners = {key: [name for name, bound in keys.items() if key in bound] for key in ("S", "E")}
    assert owners == {"S": [], "E": ["skipToEnd"]}  # S: the settlement's next seat; E: finish the round


def test_the_chosen_wager_is_lit_on_the_felt_and_a_seats_wagers_come_in_the_rules_order(
        qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    start(qtbot, window, "pairs", count=1)
    controller = window.quiz
    core = present(controller.quiz)
    controller.announce(core.settlement.dealer.category, core.settlement.dealer_qualifies)
    panel = controller.panel
    for seat in range(panel.seat_box.count()):
        number = int(panel.seat_box.itemData(seat))
        wagers = panel._wagers[number]
        assert wagers == sorted(wagers, key=WAGER_ORDER.index), wagers  # Ante, Play, Blind, Trips, …, Pairs
    step = present(core.next_step())
    assert panel.select(step.seat, step.wager.value)
    scene = present(window.scene)
    assert scene.spot(step.seat, step.wager.value).highlighted


def test_review_the_hand_is_whole_in_view_once_a_hand_is_settled_at_1366_by_768(qtbot: Any,
                                                                                  station: Station) -> None:
    window = station.open(qtbot)
    window.resize(1366, 768)
    start(qtbot, window, "pairs", count=2)
    settle_correctly(qtbot, window)
    button = window.quiz.panel.review_button
    qtbot.waitUntil(button.isVisible, timeout=WAIT)
    assert not window.quiz.panel.step_box.isVisible()  # the hand's chips and buttons go: its verdict moves up
    assert button.visibleRegion().boundingRect() == button.rect()  # not cut off by the side panel's edge
