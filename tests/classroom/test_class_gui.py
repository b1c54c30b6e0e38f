"""The window on a class store (the real PostgreSQL of the session's fixture): Settings ▸ Class store tests a URL
with Connect and says what is wrong in one line, keeps the password out of the settings file; the window opens on
the class store, its status bar says "offline, N items waiting" and "sent", and File ▸ Upload this station's
history sends it once. Offscreen, signal waits."""

from __future__ import annotations

import random
import re
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from tests.gui.test_drill_on_table import settle_correctly, start
from tests.store.conftest import hand
from tests.typed import present
from trainer.bench.pg_server import LocalServer, free_port
from trainer.gui.main_window import MainWindow
from trainer.gui.progress_wiring import open_progress_store
from trainer.gui.settings_dialog import SettingsDialog
from trainer.gui.settings_tabs.classroom import CONNECTING
from trainer.gui.table.director import Durations
from trainer.settings import DEFAULTS, SettingsStore
from trainer.store import Store, classcred
from trainer.store.classdb import CONNECT_TIMEOUT, pg_migrations
from trainer.store.classroom import ClassStore

pytestmark = pytest.mark.gui

WAIT = 10_000


def _with_port(url: str, port: int) -> str:
    return re.sub(r":\d+/", f":{port}/", url)


def _connect(qtbot: Any, dialog: SettingsDialog, url: str) -> str:
    tab = dialog.class_store
    tab.url.setText(url)
    with qtbot.waitSignal(tab.tested, timeout=WAIT):
        tab.connect_button.click()
        assert tab.result.text() == CONNECTING and not tab.connect_button.isEnabled()
    assert tab.connect_button.isEnabled()
    return tab.result.text()


@pytest.fixture
def no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(classcred, "_keyring", lambda: None)
    monkeypatch.setattr(classcred, "keyring_installed", lambda: False)
    monkeypatch.setattr(classcred, "_remembered", {})


@pytest.mark.parametrize(("problem", "said"), [
    ("none", "Connected to the class store 127.0.0.1:{port}/room{n} (schema {top}) as station"),
    ("password", "Cannot use it: wrong password for room{n}_st_station-1 on the class store 127.0.0.1:{port}/room{n}."),
    ("unreachable", "Cannot use it: cannot reach the class store at 127.0.0.1:{free}/room{n}"),
    ("not a class store", "Cannot use it: 127.0.0.1:{port}/postgres is not a class store"),
    ("newer", "Cannot use it: the class store 127.0.0.1:{port}/room{n} has a newer schema (99; this trainer "
              "knows up to {top}): update the trainer on this station."),
])
def test_connect_says_in_one_line_whether_the_class_store_can_be_used_and_why_not(
        qtbot: Any, class_urls: tuple[str, str, str], pg_server: LocalServer, no_keyring: None,
        problem: str, said: str) -> None:
    owner, _instructor, station = class_urls
    number = re.search(r"/room(\d+)$", owner).group(1)  # type: ignore[union-attr]
    free = free_port()
    url = {"none": station, "password": re.sub(r":[^:@/]+@", ":wrong@", station),
           "unreachable": _with_port(station, free), "not a class store": pg_server.url(), "newer": station}[problem]
    if problem == "newer":
        with psycopg.connect(owner, autocommit=True) as connection:
            connection.execute("UPDATE uth_class_store SET version = 99")
    dialog = SettingsDialog(DEFAULTS)
    qtbot.addWidget(dialog)
    line = _connect(qtbot, dialog, url)
    assert line.startswith(said.format(port=pg_server.port, n=number, free=free, top=len(pg_migrations())))
    assert "\n" not in line and "Traceback" not in line


def test_the_password_never_reaches_the_settings_file_and_pgpass_is_named_without_a_keyring(
        qtbot: Any, tmp_path: Path, class_urls: tuple[str, str, str], no_keyring: None) -> None:
    _owner, _instructor, station = class_urls
    password = re.search(r":([^:@/]+)@", station).group(1)  # type: ignore[union-attr]
    bare = station.replace(f":{password}@", "@")
    dialog = SettingsDialog(DEFAULTS)
    qtbot.addWidget(dialog)
    assert _connect(qtbot, dialog, station).startswith("Connected to the class store")
    tab = dialog.class_store
    assert tab.url.text() == bare
    assert "put it in ~/.pgpass as 127.0.0.1:" in tab.password_note.text()
    # the one line says how to have a keyring
    assert "(the keyring package is not installed: pip install 'uth-dealer-trainer[keyring]')" in (
        tab.password_note.text())
    files = SettingsStore(tmp_path / "settings.json")
    files.save(dialog.result_settings())
    assert files.load()[0].class_store_url == bare
    assert password not in (tmp_path / "settings.json").read_text(encoding="utf-8")


def test_with_a_keyring_the_password_is_kept_there_and_found_again(
        qtbot: Any, class_urls: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    _owner, _instructor, station = class_urls

    class Keyring:
        """The keyring's two calls the trainer makes, over a dict (the system's keyring is not the tests')."""

        def __init__(self) -> None:
            self.kept: dict[tuple[str, str], str] = {}

        def set_password(self, service: str, name: str, password: str) -> None:
            self.kept[service, name] = password

        def get_password(self, service: str, name: str) -> str | None:
            return self.kept.get((service, name))

    keyring = Keyring()
    monkeypatch.setattr(classcred, "_keyring", lambda: keyring)
    monkeypatch.setattr(classcred, "_remembered", {})
    dialog = SettingsDialog(DEFAULTS)
    qtbot.addWidget(dialog)
    dialog.class_store.url.setText(station)
    dialog.class_store.take_password()
    bare = dialog.class_store.url.text()
    assert ":" not in bare.split("@")[0].removeprefix("postgresql://")
    assert dialog.class_store.password_note.text() == ("The password is kept in the system keyring, not in the "
                                                       "settings file.")
    monkeypatch.setattr(classcred, "_remembered", {})  # the next start: only the keyring has it
    assert classcred.full_url(bare) == station


class Room:
    """One station's window on a class store, as the app opens it."""

    def __init__(self, tmp_path: Path) -> None:
        self.data = tmp_path / "data"
        self.informed: list[str] = []
        self.stores: list[Store] = []

    def open(self, qtbot: Any, url: str) -> MainWindow:
        store, problem = open_progress_store(self.data, url)
        assert store is not None and problem is None
        self.stores.append(store)
        window = MainWindow(DEFAULTS.replace(seats=3, profile="Ana"), durations=Durations.tiny(),
                            rng=random.Random(5), progress_store=store, notify=self.informed.append)
        window.progress_room.inform = self.informed.append
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        return window


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    made = Room(tmp_path)
    yield made
    for store in made.stores:
        store.close()


def _status(window: MainWindow) -> str:
    door = window.progress_room.class_store
    assert door is not None
    return door.label.text()


def test_the_window_opens_on_the_class_store_and_the_status_bar_says_sent(
        qtbot: Any, room: Room, class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, station = class_urls
    with ClassStore.open_class(station, room.data.parent / "other") as other:  # a trainee of another station
        other.record_item(other.profile_or_new("Zed"), hand(seed=4))
    window = room.open(qtbot, station)
    store = window.progress_room.store
    assert isinstance(store, ClassStore)
    page = window.progress_room.open_start_page()
    qtbot.waitUntil(lambda: store.online, timeout=WAIT)  # the sender reached the server: the screens read it
    ready = window.progress_room.desk.ready()
    assert ready is not None and ready[1] == store.profile("Ana")  # the server's Ana, not the station's copy's
    chooser = window.progress_room.start_door.panel.chooser  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: any(chooser.list.item(row).text().startswith("Zed")
                                for row in range(chooser.list.count())), timeout=WAIT)
    page.close()
    start(qtbot, window, "blind", count=1)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    qtbot.waitUntil(lambda: _status(window) == "Class store: sent", timeout=WAIT)
    with psycopg.connect(owner) as connection:
        rows = connection.execute("SELECT profile.name, item.drill FROM item JOIN profile "
                                  "ON profile.id = item.profile_id").fetchall()
    assert sorted(rows) == [("Ana", "blind"), ("Zed", "blind")]


def test_a_window_whose_server_is_away_says_how_many_items_wait_and_keeps_them(
        qtbot: Any, room: Room, class_urls: tuple[str, str, str]) -> None:
    away = _with_port(class_urls[2], free_port())
    window = room.open(qtbot, away)
    qtbot.waitUntil(lambda: _status(window) == "Class store: offline, 0 items waiting", timeout=WAIT)
    start(qtbot, window, "blind", count=1)
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        settle_correctly(qtbot, window)
    qtbot.waitUntil(lambda: _status(window) == "Class store: offline, 1 item waiting", timeout=WAIT)
    store = window.progress_room.store
    assert isinstance(store, ClassStore) and store.waiting() == 1


def test_upload_from_the_menu_sends_the_stations_history_once(
        qtbot: Any, room: Room, class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, station = class_urls
    with Store.open(room.data) as local:
        bo = local.profile_or_new("Bo")
        for seed in (1, 2, 3):
            local.record_item(bo, hand(seed=seed))
    window = room.open(qtbot, station)
    action = window.findChild(QAction, "classUpload")
    assert isinstance(action, QAction)
    door = window.progress_room.class_store
    assert door is not None
    for said in ("3 items added, 0 already there", "0 items added, 3 already there"):
        with qtbot.waitSignal(door.uploaded, timeout=WAIT):
            action.trigger()
        assert room.informed[-1].endswith(f"2 trainees, {said}.")  # Bo, and Ana training now
    with psycopg.connect(owner) as connection:
        counted = connection.execute("SELECT count(*) FROM item").fetchone()
    assert counted == (3,)


def test_a_class_store_that_cannot_be_used_says_why_and_the_station_works_from_its_copy(
        qtbot: Any, room: Room, class_urls: tuple[str, str, str]) -> None:
    wrong = re.sub(r":[^:@/]+@", ":wrong@", class_urls[2])
    window = room.open(qtbot, wrong)
    qtbot.waitUntil(lambda: "wrong password" in _status(window), timeout=WAIT)
    assert _status(window).startswith("Class store: offline, 0 items waiting (wrong password for ")
    store = window.progress_room.store
    assert isinstance(store, ClassStore) and not store.online and store.connection is store.local.connection


def test_the_window_shows_at_once_when_the_class_stores_host_does_not_answer(
        qtbot: Any, room: Room, class_urls: tuple[str, str, str]) -> None:
    with socket.socket() as silent:  # a host that takes the connection and never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        began = time.monotonic()
        window = room.open(qtbot, _with_port(class_urls[2], silent.getsockname()[1]))
        opened = time.monotonic() - began
        assert opened < CONNECT_TIMEOUT - 1  # the window did not wait for the connection to time out
        assert _status(window).startswith("Class store: connecting to 127.0.0.1:")
        store = window.progress_room.store
        assert isinstance(store, ClassStore) and not store.online
        start(qtbot, window, "blind", count=1)  # the trainee trains meanwhile, on the station's copy
        with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
            settle_correctly(qtbot, window)
        assert store.waiting() == 1
        qtbot.waitUntil(lambda: _status(window) == "Class store: offline, 1 item waiting", timeout=3 * WAIT)


def test_the_instructors_class_report_has_every_stations_items_with_a_station_column(
        qtbot: Any, tmp_path: Path, class_urls: tuple[str, str, str], add_station: Callable[[str], str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.gui.progress import InstructorDialog
    from trainer.store.instructor import Instructor

    _owner, instructor, _station = class_urls
    for folder, name in (("a", "Ana"), ("b", "Bo"), ("c", "Ana")):
        with ClassStore.open_class(add_station(f"station-{folder}"), tmp_path / folder) as store:
            store.record_item(store.profile_or_new(name), hand(seed=ord(folder)))
    monkeypatch.setenv("UTH_TRAINER_STATION", "front-desk")
    with ClassStore.open_class(instructor, tmp_path / "desk") as store:
        Instructor(store).set_pin("4829")
        target = tmp_path / "class.csv"
        dialog = InstructorDialog(store, ask_path=lambda _title, _pattern, _save: str(target))
        qtbot.addWidget(dialog)
        dialog.pin.setText("4829")
        dialog.enter_pin()
        assert dialog.is_unlocked
        assert [dialog.report_profile.itemText(i) for i in range(dialog.report_profile.count())][1:] == ["Ana", "Bo"]
        assert dialog.write_report("csv") == target
    rows = target.read_text(encoding="utf-8").splitlines()
    assert rows[0].endswith(",mistakes,wrong attempts,steps left to the table,station")
    assert sorted((row.split(",")[0], row.split(",")[-1]) for row in rows[1:]) == [
        ("Ana", "station-a"), ("Ana", "station-c"), ("Bo", "station-b")]


def test_the_instructors_screens_on_a_stations_url_say_to_use_the_instructors_url(
        qtbot: Any, tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    from trainer.gui.progress import InstructorDialog

    _owner, _instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "a") as store:
        dialog = InstructorDialog(store)
        qtbot.addWidget(dialog)
        assert "the instructor's screens open with an instructor's URL" in dialog.pin_prompt.text()
        assert not dialog.pin.isEnabled() and not dialog.pin_button.isEnabled()


def test_a_station_on_a_class_store_whose_server_is_down_has_no_instructor_of_its_own(
        qtbot: Any, tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    from trainer.gui.progress import InstructorDialog

    _owner, instructor, station = class_urls
    for url in (_with_port(station, free_port()), _with_port(instructor, free_port())):  # the server away
        with ClassStore.open_class(url, tmp_path / "a") as store:
            assert not store.online and not store.may_instruct
            dialog = InstructorDialog(store)
            qtbot.addWidget(dialog)
            assert "No instructor PIN yet" not in dialog.pin_prompt.text()
            assert "open only online, with an instructor's URL" in dialog.pin_prompt.text()
            assert not dialog.pin.isEnabled() and not dialog.pin_confirm.isEnabled()
            assert not dialog.pin_button.isEnabled() and not dialog.is_unlocked


def test_the_status_bar_says_items_wait_while_the_server_is_stopped_and_sent_when_it_is_back(
        qtbot: Any, room: Room, class_urls: tuple[str, str, str], pg_server: LocalServer) -> None:
    owner, _instructor, station = class_urls
    window = room.open(qtbot, station)
    store = window.progress_room.store
    profile = window.progress_room.profile
    assert isinstance(store, ClassStore) and profile is not None
    pg_server.stop()
    try:
        for seed in (1, 2):
            window.progress_room.record(hand(seed=seed))
        qtbot.waitUntil(lambda: _status(window) == "Class store: offline, 2 items waiting", timeout=WAIT)
    finally:
        pg_server.start()
    window.progress_room.record(hand(seed=3))  # the sender tries the server again at once
    qtbot.waitUntil(lambda: _status(window) == "Class store: sent", timeout=WAIT)
    assert store.waiting() == 0
    with psycopg.connect(owner) as connection:
        counted = connection.execute("SELECT count(*), count(DISTINCT uid) FROM item").fetchone()
    assert counted == (3, 3)
    qtbot.waitUntil(store.reconnect_reads, timeout=WAIT)  # the screens read the server again
    assert [item.seed for item in store.items(profile)] == [1, 2, 3]


def test_the_instructor_renames_merges_resets_and_deletes_trainees_in_the_room(
        qtbot: Any, tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    from PySide6.QtWidgets import QPushButton

    from trainer.gui.progress import InstructorDialog
    from trainer.store.instructor import Instructor

    owner, instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "a") as store:
        for name, count in (("Ana", 2), ("Ana B", 1), ("Bo", 2), ("Cy", 1)):
            for seed in range(count):
                store.record_item(store.profile_or_new(name), hand(seed=seed + 10 * len(name)))
    answers = iter(["Anna", "Anna"])
    with ClassStore.open_class(instructor, tmp_path / "desk") as desk:
        Instructor(desk).set_pin("4829")
        dialog = InstructorDialog(desk, ask_text=lambda _title, _label, _text: next(answers),
                                  confirm=lambda _question: True)
        qtbot.addWidget(dialog)
        dialog.pin.setText("4829")
        dialog.enter_pin()

        def act(name: str, button: str) -> str:
            dialog.profile_list.setCurrentItem(dialog.profile_list.findItems(name, Qt.MatchFlag.MatchExactly)[0])
            present(dialog.findChild(QPushButton, button)).click()
            return dialog.status.text()

        assert act("Ana", "renameTrainee") == "Renamed Ana to Anna"
        assert act("Ana B", "mergeTrainee") == "Merged Ana B into Anna: 1 item moved"
        assert act("Bo", "resetTrainee") == "Reset Bo: 2 items deleted (with the exam attempts and review cards)"
        assert act("Cy", "deleteTrainee") == "Deleted Cy and 1 item"
        assert [dialog.profile_list.item(i).text() for i in range(dialog.profile_list.count())] == ["Anna", "Bo"]
    with psycopg.connect(owner) as connection:
        assert connection.execute("SELECT profile.name::text, count(item.id) FROM profile LEFT JOIN item ON "
                                  "item.profile_id = profile.id GROUP BY 1 ORDER BY 1").fetchall() == [
            ("Anna", 3), ("Bo", 0)]
