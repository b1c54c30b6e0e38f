"""Progress that lasts, in the table window: every scored hand stored for the trainee training now (a settlement
drill's hand under its seed), shown again after a restart, two trainees kept apart, a damaged store moved aside and
said once, the start page at the first start, My mistakes, an instructor's exam, the backup and the pay-table lab
from the menus. Offscreen, one-millisecond animations, signal waits."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QTableWidget

from tests.gui.test_drill_on_table import settle_correctly, start
from tests.typed import present
from trainer.drills.decision_drills import DecisionItem
from trainer.engine.wagers import Action
from trainer.gui.main_window import MainWindow
from trainer.gui.paytable_lab import PaytableLab
from trainer.gui.progress_wiring import open_progress_store
from trainer.gui.start_page import PathStep
from trainer.gui.table.director import Durations
from trainer.gui.training import ResultsDialog, open_results
from trainer.scoring import ItemResult, Mode
from trainer.settings import DEFAULTS, Settings, SettingsStore
from trainer.store import ReplayKind, Store
from trainer.store.instructor import Exam, attempts, save_exam
from trainer.store.learning import my_mistakes

pytestmark = pytest.mark.gui

WAIT = 10_000
USER_TABLE = DEFAULTS.replace(seats=3, profile="Ana")


class Station:
    """One trainer station: its settings file, its data folder, what the window said and reported."""

    def __init__(self, tmp_path: Path) -> None:
        self.settings = SettingsStore(tmp_path / "config" / "settings.json")
        self.data = tmp_path / "data"
        self.messages: list[str] = []
        self.informed: list[str] = []
        self.stores: list[Store] = []

    def open(self, qtbot: Any, settings: Settings | None = None) -> MainWindow:
        """The window as the app opens it: the settings saved last, the store in the data folder."""
        store, problem = open_progress_store(self.data)
        if store is not None:
            self.stores.append(store)
        saved = settings or self.settings.load()[0]
        window = MainWindow(saved, store=self.settings, notify=self.messages.append, durations=Durations.tiny(),
                            rng=random.Random(5), progress_store=store, progress_problem=problem)
        window.progress_room.inform = self.informed.append
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    def close(self, window: MainWindow) -> None:
        window.close()
        for store in self.stores:
            store.close()
        self.stores.clear()


def said_so_far(qtbot: Any) -> None:
    """Every message the window posted so far has been said: a message is posted to the event queue (shown once
    the window is up), so one posted after it comes back after it."""
    with qtbot.waitCallback(timeout=WAIT) as said:
        QTimer.singleShot(0, said)


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Station]:
    made = Station(tmp_path)
    made.settings.save(USER_TABLE)
    yield made
    for store in made.stores:
        store.close()


def stored(window: MainWindow) -> Store:
    store = window.progress_room.store
    assert store is not None
    return store


def settle_wrongly(qtbot: Any, window: MainWindow) -> None:
    """Announce the dealer right, then take what should be paid (or pay what should be taken) once; the table
    finishes the hand."""
    controller = window.quiz
    core = controller.quiz
    assert core is not None
    assert present(controller.announce(core.settlement.dealer.category, core.settlement.dealer_qualifies)).correct
    step = core.next_step()
    assert step is not None
    wrong = Action.TAKE if step.action is not Action.TAKE else Action.PUSH
    verdict = controller.settle(step.seat, step.wager, wrong, None)
    assert verdict is not None and not verdict.correct
    settle_correctly(qtbot, window)


def test_a_hand_settled_on_the_table_is_stored_for_the_trainee_with_its_seed(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    runner = start(qtbot, window, "trips", count=1)
    scenario = runner.scenario
    assert scenario is not None
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    store = stored(window)
    (item,) = store.items(store.profile("Ana"))
    assert (item.drill, item.seed, item.variant) == ("trips", scenario.seed, scenario.variant)
    assert item.replay is not None and item.replay.kind is ReplayKind.HAND
    assert item.steps == item.correct > 0 and item.mode is Mode.PRACTICE


def test_after_a_restart_results_and_progress_show_the_stored_hand(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    start(qtbot, window, "blind", count=1)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    station.close(window)
    again = station.open(qtbot)
    assert again.book.items() == [] and again.progress_room.profile is not None
    assert again.progress_room.profile.name == "Ana"
    results = open_results(again, again.training.history())
    assert isinstance(results, ResultsDialog) and results.table.rowCount() == 1
    assert present(results.table.item(0, 0)).text() == "Blind"  # the drill by its name (blind)
    assert not any("Nothing scored yet" in label.text() for label in results.findChildren(QLabel))
    progress = again.progress_room.open_progress()
    assert progress is not None
    heading = present(progress.findChild(QLabel, "progressHeading"))
    assert "Ana" in heading.text() and "1 item on 1 day" in heading.text()


def test_two_trainees_on_one_station_never_see_each_others_items(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    room = window.progress_room
    stored(window).add_profile("Ben")
    assert room.choose_profile("Ben") is not None
    start(qtbot, window, "qualification", count=1)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    room.choose_profile("Ana")
    start(qtbot, window, "pairs", count=1)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    store = stored(window)
    assert [item.drill for item in store.items(store.profile("Ben"))] == ["qualification"]
    assert [item.drill for item in store.items(store.profile("Ana"))] == ["pairs"]
    assert [item.drill for item in room.history() or []] == ["pairs"]
    assert SettingsStore(station.settings.path).load()[0].profile == "Ana"


def test_a_damaged_store_is_moved_aside_and_said_once(qtbot: Any, station: Station) -> None:
    station.data.mkdir(parents=True)
    (station.data / "progress.sqlite3").write_bytes(b"this is not a database" * 100)
    window = station.open(qtbot)
    qtbot.waitUntil(lambda: len(station.messages) >= 1, timeout=WAIT)
    said_so_far(qtbot)
    moved = [path.name for path in station.data.iterdir() if ".corrupt-" in path.name]
    assert len(moved) == 1
    assert [text for text in station.messages if moved[0] in text] == station.messages
    assert len(station.messages) == 1 and "damaged" in station.messages[0]
    assert stored(window).item_count() == 0 and window.progress_room.profile is not None
    station.close(window)
    station.messages.clear()
    station.open(qtbot)
    said_so_far(qtbot)
    assert station.messages == []  # the next start has nothing to say


def test_a_store_from_a_newer_trainer_is_refused_in_one_line_and_the_table_opens(qtbot: Any,
                                                                                 station: Station) -> None:
    station.data.mkdir(parents=True)
    with sqlite3.connect(station.data / "progress.sqlite3") as connection:
        connection.execute("PRAGMA user_version = 999")
    before = (station.data / "progress.sqlite3").read_bytes()
    window = station.open(qtbot)
    qtbot.waitUntil(lambda: len(station.messages) >= 1, timeout=WAIT)
    assert window.progress_room.store is None
    (line,) = station.messages
    assert line.startswith("Progress is off for this session") and "\n" not in line
    assert (station.data / "progress.sqlite3").read_bytes() == before
    assert window.progress_room.open_progress() is None
    results = open_results(window, window.training.history())
    assert results.windowTitle() == "Results of this session"


def test_the_start_page_opens_at_the_first_start_with_the_trainee_and_today(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot, DEFAULTS)
    page = window.progress_room.open_at_start()
    assert page is not None and page.isVisible()
    panel = window.progress_room.panel
    assert panel is not None and window.progress_room.profile is not None
    assert window.progress_room.profile.name in panel.training.text()
    assert panel.today is not None and panel.today.list.count() > 0
    assert "new" in panel.today.list.item(0).text()
    assert page.at_start is not None and page.at_start.isChecked()
    page.at_start.setChecked(False)
    assert SettingsStore(station.settings.path).load()[0].start_page_at_start is False
    page.reject()
    assert window.progress_room.open_at_start() is None


def test_the_path_is_ticked_from_the_trainees_history(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    room = window.progress_room
    assert room.done() == frozenset()
    start(qtbot, window, "blind", mode=Mode.GUIDED, count=1)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    room.open_step(PathStep.LESSON)
    station.close(window)
    again = station.open(qtbot)
    assert again.progress_room.done() == frozenset({PathStep.GUIDED, PathStep.LESSON})
    page = again.open_start_page()
    assert page.ticks[PathStep.GUIDED].text() == "✔" and page.ticks[PathStep.EXAM].text() == "○"


def test_my_mistakes_deals_the_hand_got_wrong_again_until_it_is_settled_right(qtbot: Any,
                                                                            station: Station) -> None:
    window = station.open(qtbot)
    runner = start(qtbot, window, "blind", count=1)
    wrong = runner.scenario
    assert wrong is not None
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_wrongly(qtbot, window)
    store, room = stored(window), window.progress_room
    assert room.profile is not None
    (mistake,) = my_mistakes(store, room.profile)
    assert mistake.replay.seed == wrong.seed
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.deal_mistakes() == 1
    assert present(window.played).settlement == wrong.settlement
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    assert my_mistakes(store, room.profile) == []
    assert [item.seed for item in store.items(room.profile)] == [wrong.seed, wrong.seed]


def test_an_instructors_exam_is_dealt_in_exam_mode_and_its_attempt_kept(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    exam = save_exam(store, Exam("Qualifying", "qualification", 2, 90.0, 20.0))
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    assert window.quiz.mode is Mode.EXAM
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        settle_correctly(qtbot, window)
    settle_correctly(qtbot, window)
    qtbot.waitUntil(lambda: bool(station.informed), timeout=WAIT)
    assert room.profile is not None
    (attempt,) = attempts(store, room.profile)
    assert attempt.exam == "Qualifying" and attempt.passed and attempt.score == 100.0
    assert "passed" in station.informed[0] and "Qualifying" in station.informed[0]
    assert len(store.items(room.profile, drill="qualification")) == 2


def test_an_exam_ending_while_another_program_holds_the_store_is_kept_when_it_is_free(
        qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    exam = save_exam(store, Exam("Qualifying", "qualification", 1, 90.0, 20.0))
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    other = sqlite3.connect(store.path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        settle_correctly(qtbot, window)
        assert room.exam is not None and room.exam.over and room.exam.attempt is None, "waiting, not lost"
        assert station.informed == [] and station.messages == []
        other.execute("COMMIT")
    finally:
        other.close()
    qtbot.waitUntil(lambda: bool(station.informed), timeout=WAIT)
    (attempt,) = attempts(store)
    assert attempt.exam == "Qualifying" and attempt.passed


def test_an_exam_left_for_another_mode_is_kept_as_not_passed(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store, room = stored(window), window.progress_room
    exam = save_exam(store, Exam("Pairs check", "pairs", 3, 80.0, 20.0))
    with qtbot.waitSignal(window.quiz.handStarted, timeout=WAIT):
        assert room.start_exam(exam)
    settle_correctly(qtbot, window)
    window.quiz.set_mode(Mode.PRACTICE)
    qtbot.waitUntil(lambda: bool(station.informed), timeout=WAIT)
    (attempt,) = attempts(store)
    assert not attempt.passed and attempt.score == 100.0
    assert any("not passed" in text for text in station.messages)


def test_the_backup_is_written_where_the_user_says_and_said(qtbot: Any, station: Station, tmp_path: Path) -> None:
    window = station.open(qtbot)
    target = tmp_path / "copy.sqlite3"
    window.progress_room.ask_path = lambda _title, _pattern, _save: str(target)
    present(window.findChild(type(window.quit_action), "backUpProgress")).trigger()
    assert station.informed == [f"Progress backed up to {target}."]
    with Store.open(path=target) as copy:
        assert [profile.name for profile in copy.profiles()] == ["Ana"]


def test_the_pay_table_lab_opens_from_the_tools_menu(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    titles = [action.text().replace("&", "") for action in window.menuBar().actions()]
    assert titles[0] == "File" and titles[-2:] == ["Tools", "Help"]
    present(window.findChild(type(window.quit_action), "paytableLab")).trigger()
    labs = [widget for widget in QApplication.topLevelWidgets() if isinstance(widget, PaytableLab)
            and widget.isVisible()]
    assert len(labs) == 1
    for lab in labs:
        lab.close()


def test_an_item_of_a_drill_form_is_stored_as_it_is_answered(qtbot: Any, station: Station) -> None:
    from trainer.gui.drills.question_form import DrillForm
    from trainer.gui.training import open_drills

    window = station.open(qtbot)
    dialog = open_drills(window)
    dialog.picker.select("pairs-quick")  # type: ignore[attr-defined]
    dialog.picker.count.setValue(1)  # type: ignore[attr-defined]
    dialog.picker.start()  # type: ignore[attr-defined]
    form = dialog.form  # type: ignore[attr-defined]
    assert isinstance(form, DrillForm) and isinstance(form.item, DecisionItem) and form.item.current is not None
    action, amount = form.item.current.expected
    form.submit(f"{action.value} {amount + 1}")
    store, profile = stored(window), window.progress_room.profile
    (item,) = store.items(profile)
    assert item.drill == "pairs-quick" and item.correct < item.steps and item.mistakes
    dialog.close()


def test_help_keys_lists_the_progress_shortcuts(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    dialog = window.open_keys()
    table = present(dialog.findChild(QTableWidget, "keysTable"))
    rows = {present(table.item(row, 0)).text(): present(table.item(row, 1)).text() for row in range(table.rowCount())}
    assert "progress" in rows["Ctrl+Shift+P"] and "Today" in rows["Ctrl+T"]
    assert "PIN" in rows["Ctrl+Shift+I"] and "pay table" in rows["Ctrl+L"]
    dialog.close()


START_AND_LOOK = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from trainer.cli import main
from trainer.gui.app import create_application

create_application(["uth-trainer"])

looks = []

def look():  # the start page opens just after the window's first frame: looked for again until it shows
    shown = sorted(w.objectName() for w in QApplication.topLevelWidgets() if w.isVisible())
    looks.append(shown)
    if "startPage" not in shown and len(looks) < 100:
        QTimer.singleShot(100, look)
        return
    print("SHOWN", " ".join(shown), flush=True)
    for w in QApplication.topLevelWidgets():
        if w.objectName() == "mainWindow":
            w.close()

QTimer.singleShot(500, look)
sys.exit(main(["--data-dir", sys.argv[1]]))
"""


def test_the_command_keeps_progress_in_the_data_dir_and_opens_the_start_page(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from tests.gui.test_app import REPO

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy")
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        env[name] = str(tmp_path / name.lower())
    data = tmp_path / "station"
    result = subprocess.run([sys.executable, "-c", START_AND_LOOK, str(data)], env=env, capture_output=True,
                            text=True, timeout=60, cwd=REPO, check=False)
    assert result.returncode == 0, result.stderr
    assert "SHOWN" in result.stdout and "startPage" in result.stdout and "mainWindow" in result.stdout
    with Store.open(data) as store:
        assert len(store.profiles()) == 1  # the first trainee, made at the first start
    assert not (tmp_path / "xdg_data_home" / "uth-dealer-trainer" / "progress.sqlite3").exists()


def test_while_another_program_holds_the_store_items_wait_in_order_and_are_kept_with_their_time(
        qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store = stored(window)
    recorder = window.progress_room.recorder
    assert recorder is not None
    other = sqlite3.connect(store.path, isolation_level=None)  # as `uth-trainer profile import` does
    try:
        other.execute("BEGIN IMMEDIATE")
        scored = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
        store.clock = lambda: scored
        for number in (1, 2):
            window.book.record(ItemResult("trips", f"hand {number}", 3, 3, (), 9.0, Mode.PRACTICE))
        assert recorder.waiting == 2 and window.isVisible(), "kept, not lost, and the window goes on"
        assert station.messages == [], "a busy store is no failure to tell"
        other.execute("COMMIT")
    finally:
        other.close()
    store.clock = lambda: scored + timedelta(hours=1)  # written later, kept as scored
    qtbot.waitUntil(lambda: recorder.waiting == 0, timeout=WAIT)
    items = store.items(store.profile("Ana"))
    assert [item.title for item in items] == ["hand 1", "hand 2"]
    assert [datetime.fromisoformat(item.at) for item in items] == [scored, scored]


def test_an_item_still_waiting_when_the_window_closes_is_written_then(qtbot: Any, station: Station) -> None:
    window = station.open(qtbot)
    store = stored(window)
    recorder = window.progress_room.recorder
    assert recorder is not None
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    window.book.record(ItemResult("trips", "the last hand", 3, 2, (), 9.0, Mode.PRACTICE))
    assert recorder.waiting == 1
    other.execute("COMMIT")
    other.close()
    window.close()
    assert [item.title for item in store.items(store.profile("Ana"))] == ["the last hand"]


def test_a_write_waits_briefly_for_a_lock_and_the_store_waits_as_before_afterwards(tmp_path: Path) -> None:
    from trainer.gui.progress.recording import WAIT_MS, is_busy, waiting_at_most

    with Store.open(tmp_path / "data") as store:
        before = store.connection.execute("PRAGMA busy_timeout").fetchone()[0]
        with waiting_at_most(store, WAIT_MS):
            assert store.connection.execute("PRAGMA busy_timeout").fetchone()[0] == WAIT_MS
        assert store.connection.execute("PRAGMA busy_timeout").fetchone()[0] == before
    assert is_busy(sqlite3.OperationalError("database is locked"))
    assert not is_busy(sqlite3.OperationalError("disk I/O error"))
    assert not is_busy(sqlite3.IntegrityError("UNIQUE constraint failed: item.uid"))
