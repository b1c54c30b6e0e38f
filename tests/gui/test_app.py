"""Starting the app: no display, a broken window system, no sound, corrupt settings, crashes in a slot.

The end-to-end checks run the app in a subprocess (as the ``uth-trainer`` command does) with the user's
folders pointed at a temporary directory, so nothing touches the real configuration.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.processes import ctrl_c_interrupts
from trainer.gui import app as app_module
from trainer.gui.app import (
    NO_DISPLAY_MESSAGE,
    CrashReporter,
    display_problem,
    setup_logging,
    x_server_answers,
)
from trainer.gui.main_window import MainWindow
from trainer.settings import SettingsStore

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
SILENT = "<a display nobody answers on>"
"""Stands for :func:`silent_display` in a parameter list (the number is found when the test runs)."""


def silent_display() -> str:
    """A local X display with no server behind it on this machine now (no lock file, nothing answers)."""
    for number in range(97, 1000):
        display = f":{number}"
        if not Path(f"/tmp/.X{number}-lock").exists() and not x_server_answers(display, timeout=0.2):
            return display
    pytest.fail("every X display number from :97 to :999 is taken on this machine")

def settings_file(dirs: dict[str, Path]) -> Path:
    return dirs["XDG_CONFIG_HOME"] / "uth-dealer-trainer" / "settings.json"


def log_file(dirs: dict[str, Path]) -> Path:
    return dirs["XDG_CACHE_HOME"] / "uth-dealer-trainer" / "log" / "trainer.log"


def child_env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def run(args: list[str], env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=timeout,
                          cwd=REPO, check=False)


# The app as the command starts it, closing its window itself once the window is up and has been checked.
OPEN_AND_CLOSE = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from trainer.gui.app import create_application, run_app

    create_application(["uth-trainer"])

    def check():
        windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
        window = windows[0]
        print("WINDOW", window.isVisible(), window.width() >= 1024, window.height() >= 700, flush=True)
        if window.sound is not None:
            window.sound.wait_until_ready(10)
        window.close()

    QTimer.singleShot(300, check)
    sys.exit(run_app([], notify=lambda text: print("NOTIFY", text, flush=True)))
""")


# --- is there a display? ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "platform", "ok"),
    [
        ({}, "linux", False),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", True),
        ({"QT_QPA_PLATFORM": "minimal"}, "linux", True),
        ({"QT_QPA_PLATFORM": "vnc:size=800x600"}, "linux", True),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
        ({"QT_QPA_PLATFORM": "wayland"}, "linux", False),
        ({"QT_QPA_PLATFORM": "wayland", "WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
        ({"QT_QPA_PLATFORM": "xcb"}, "linux", False),
        ({"DISPLAY": SILENT}, "linux", False),
        ({}, "freebsd14", False),
        ({}, "win32", True),
        ({}, "darwin", True),
    ],
)
def test_a_window_needs_a_display_or_a_headless_platform(
    env: dict[str, str], platform: str, ok: bool
) -> None:
    env = {key: silent_display() if value == SILENT else value for key, value in env.items()}
    assert (display_problem(env, platform) is None) is ok
    if not ok:
        assert display_problem(env, platform) == NO_DISPLAY_MESSAGE


def test_an_x_server_that_answers_counts_as_a_display() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        for number in range(50, 100):
            try:
                server.bind(("127.0.0.1", 6000 + number))
                break
            except OSError:
                continue
        else:
            pytest.fail("no free local port in 6050..6099 to pretend to be an X server")
        server.listen(1)
        assert x_server_answers(f"127.0.0.1:{number}.0")
    assert not x_server_answers(f"127.0.0.1:{number}")
    assert x_server_answers("/private/tmp/launchd/org.xquartz:0")
    assert x_server_answers("not a display")


def test_no_display_is_one_line_and_exit_status_two(user_dirs: dict[str, Path]) -> None:
    env = child_env(DISPLAY=None, WAYLAND_DISPLAY=None, QT_QPA_PLATFORM=None)
    result = run(["-m", "trainer"], env)
    assert result.returncode == 2
    assert result.stderr == NO_DISPLAY_MESSAGE + "\n"
    assert "Traceback" not in result.stdout + result.stderr
    assert "settle" in result.stderr and "quiz" in result.stderr


def test_a_display_nobody_answers_on_is_no_display(user_dirs: dict[str, Path]) -> None:
    env = child_env(DISPLAY=silent_display(), WAYLAND_DISPLAY=None, QT_QPA_PLATFORM=None)
    result = run(["-m", "trainer"], env)
    assert (result.returncode, result.stderr) == (2, NO_DISPLAY_MESSAGE + "\n")


def test_a_window_system_that_fails_to_start_is_one_line_not_an_abort(user_dirs: dict[str, Path]) -> None:
    env = child_env(QT_QPA_PLATFORM="no-such-platform")
    result = run(["-m", "trainer"], env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("uth-trainer: the window system could not be started")
    assert "Traceback" not in result.stderr


# --- the app, end to end ----------------------------------------------------------------------------------


def test_the_window_opens_and_settings_are_written(user_dirs: dict[str, Path]) -> None:
    result = run(["-c", OPEN_AND_CLOSE], child_env(QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy"))
    assert result.returncode == 0, result.stderr
    assert "WINDOW True True True" in result.stdout
    assert "NOTIFY" not in result.stdout
    saved = json.loads(settings_file(user_dirs).read_text(encoding="utf-8"))
    assert saved["version"] == 1 and saved["window_geometry"]
    assert "Starting UTH Dealer Trainer" in log_file(user_dirs).read_text(encoding="utf-8")
    assert "Traceback" not in result.stderr


def test_corrupt_settings_start_with_defaults_and_one_message(user_dirs: dict[str, Path]) -> None:
    path = settings_file(user_dirs)
    path.parent.mkdir(parents=True)
    path.write_text("{ this is not json", encoding="utf-8")
    result = run(["-c", OPEN_AND_CLOSE], child_env(QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy"))
    assert result.returncode == 0, result.stderr
    assert "WINDOW True" in result.stdout
    notes = [line for line in result.stdout.splitlines() if line.startswith("NOTIFY")]
    assert len(notes) == 1 and "defaults" in notes[0]
    kept = list(path.parent.glob("settings.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ this is not json"
    assert json.loads(path.read_text(encoding="utf-8"))["seats"] == 6  # the defaults, saved on close


def test_no_audio_device_the_window_still_opens_and_the_log_says_so_once(user_dirs: dict[str, Path]) -> None:
    env = child_env(QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="no-such-audio-driver")
    result = run(["-c", OPEN_AND_CLOSE], env)
    assert result.returncode == 0, result.stderr
    assert "WINDOW True" in result.stdout
    assert "NOTIFY" not in result.stdout
    assert "Traceback" not in result.stderr
    text = log_file(user_dirs).read_text(encoding="utf-8")
    sound_lines = [line for line in text.splitlines() if "sound" in line.lower() and "WARNING" in line]
    assert len(sound_lines) == 1, text


# --- logging and crash reporting --------------------------------------------------------------------------


def test_logging_goes_to_the_user_log_folder(user_dirs: dict[str, Path]) -> None:
    path = setup_logging()
    try:
        assert path == log_file(user_dirs)
        logging.getLogger("trainer.gui").warning("hello from the test")
        for handler in logging.getLogger("trainer").handlers:
            handler.flush()
        assert "hello from the test" in path.read_text(encoding="utf-8")
    finally:
        _drop_trainer_handlers()


def test_an_unwritable_log_folder_falls_back_to_stderr(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    try:
        assert setup_logging(blocker / "log") is None
    finally:
        _drop_trainer_handlers()


def _drop_trainer_handlers() -> None:
    root = logging.getLogger("trainer")
    for handler in list(root.handlers):
        if getattr(handler, "_trainer_handler", False):
            root.removeHandler(handler)
            handler.close()
    root.propagate = True


def test_an_unexpected_error_is_logged_with_its_traceback_and_shown_in_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    shown: list[str] = []
    reporter = CrashReporter(shown.append, tmp_path / "trainer.log")
    try:
        raise ValueError("the chip tray is upside down\nsecond line")
    except ValueError as exc:
        with caplog.at_level(logging.ERROR, logger="trainer.gui"):
            reporter(type(exc), exc, exc.__traceback__)
    assert shown == [f"Something went wrong (ValueError: the chip tray is upside down). "
                     f"Details are in {tmp_path / 'trainer.log'}."]
    assert "Traceback" in caplog.text and "upside down" in caplog.text


def test_an_error_while_the_message_shows_is_only_logged(caplog: pytest.LogCaptureFixture) -> None:
    shown: list[str] = []

    def notify(text: str) -> None:
        shown.append(text)
        reporter(RuntimeError, RuntimeError("again"), None)  # a second error while the first is on screen

    reporter = CrashReporter(notify, None)
    with caplog.at_level(logging.ERROR, logger="trainer.gui"):
        reporter(RuntimeError, RuntimeError("first"), None)
    assert shown == ["Something went wrong (RuntimeError: first)."]
    assert reporter.count == 2


def test_the_crash_reporter_becomes_the_excepthook(monkeypatch: pytest.MonkeyPatch,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    import threading

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    shown: list[str] = []
    reporter = CrashReporter(shown.append, None)
    reporter.install()
    assert sys.excepthook is reporter

    def fail() -> None:
        raise RuntimeError("the shuffler jammed")

    worker = threading.Thread(target=fail, name="loader")
    with caplog.at_level(logging.ERROR, logger="trainer.gui"):
        worker.start()
        worker.join()
    assert "Unexpected error in loader" in caplog.text and "the shuffler jammed" in caplog.text
    assert shown == []  # no message box from another thread


def test_an_error_in_a_slot_is_reported_not_printed(user_dirs: dict[str, Path]) -> None:
    code = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from trainer.gui.app import create_application, run_app

        create_application(["uth-trainer"])

        def fail():
            raise RuntimeError("a slot failed")

        def close():
            for w in QApplication.topLevelWidgets():
                if w.objectName() == "mainWindow":
                    w.close()

        QTimer.singleShot(200, fail)
        QTimer.singleShot(400, close)
        sys.exit(run_app([], notify=lambda text: print("NOTIFY", text, flush=True)))
    """)
    result = run(["-c", code], child_env(QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy"))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "NOTIFY Something went wrong (RuntimeError: a slot failed)." in result.stdout
    logged = log_file(user_dirs).read_text(encoding="utf-8")
    assert "Traceback" in logged and "in fail" in logged and "RuntimeError: a slot failed" in logged


def test_the_command_and_run_app_agree_on_the_exit_status(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "display_problem", lambda: NO_DISPLAY_MESSAGE)
    assert app_module.run_app([]) == app_module.EXIT_NO_DISPLAY


def test_the_doctests_of_the_window_modules_hold() -> None:
    import doctest

    from trainer.gui import side_panel, start_page, status_bar

    for module in (app_module, status_bar, side_panel, start_page):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# --- stopping when asked, and settings that cannot stop a start ---------------------------------------------

# The app as the command starts it; it says when its window is up, then waits to be stopped from outside.
OPEN_AND_WAIT = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from trainer.gui.app import create_application, run_app

    create_application(["uth-trainer"])

    def up():
        windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
        print("UP", windows[0].isVisible(), flush=True)

    QTimer.singleShot(300, up)
    sys.exit(run_app([], notify=lambda text: print("NOTIFY", text, flush=True)))
""")


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT"])
def test_a_stop_signal_closes_the_window_as_quit_does(user_dirs: dict[str, Path], signal_name: str) -> None:
    """How fast it ends is measured by ``python -m trainer.bench stop_signal`` (target: under 2 s)."""
    import signal

    env = child_env(QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy")
    child = subprocess.Popen([sys.executable, "-c", OPEN_AND_WAIT], env=env, cwd=REPO, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=ctrl_c_interrupts)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "UP True"
        child.send_signal(getattr(signal, signal_name))
        status = child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    stderr = child.stderr.read() if child.stderr else ""
    assert status == 0, stderr
    assert "Traceback" not in stderr
    saved = json.loads(settings_file(user_dirs).read_text(encoding="utf-8"))
    assert saved["window_geometry"], "the settings are saved as Quit saves them"


@pytest.mark.parametrize(
    "content",
    [
        '{"version": 1, "animation_speed": 1' + "0" * 400 + "}",
        "[" * 100_000,
        '{"version": 1, "seats": ' + "9" * 5000 + "}",
        '{"version": 1, "seats": 4, "seats": 5}',
        "\ufeff{}",
    ],
    ids=["speed 10**400", "100,000 deep", "5,000 digits", "a key twice", "byte-order mark"],
)
def test_any_settings_file_lets_the_window_open(qtbot: Any, tmp_path: Path, content: str) -> None:
    """In-process, as :func:`~trainer.gui.app.run_app` starts (the subprocess start is checked by
    ``test_corrupt_settings_start_with_defaults_and_one_message``)."""
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")

    def start() -> list[str]:
        store = SettingsStore(path)
        settings, problem = store.load()
        notes: list[str] = []
        window = MainWindow(settings, store=store, notify=notes.append, sound=None)
        qtbot.addWidget(window)
        window.show()
        if problem:
            window.notify_later(problem)
        qtbot.waitExposed(window)
        qtbot.wait(1)
        assert window.isVisible()
        window.close()
        return notes

    notes = start()
    assert len(notes) <= 1 and all(len(note) < 500 and "\n" not in note for note in notes), notes
    assert not any("Something went wrong" in note for note in notes)
    assert start() == [], "the next start is clean"


def test_a_full_disk_for_the_log_is_one_line_not_logging_tracebacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "log"
    folder.mkdir()
    (folder / "trainer.log").symlink_to("/dev/full")
    try:
        assert setup_logging(folder) == folder / "trainer.log"
        for number in range(5):
            logging.getLogger("trainer.gui").warning("record %d", number)
    finally:
        _drop_trainer_handlers()
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("\n") == 1 and "cannot be written (No space left on device)" in err


def test_the_cycle_collector_waits_for_the_windows_first_paint_then_runs_again(
    user_dirs: dict[str, Path],  # the fixture keeps the user's folders private
) -> None:
    code = textwrap.dedent("""
        import gc, sys
        from trainer.gui.app import run_app

        def hook(window):
            print("BUILT", gc.isenabled(), flush=True)

            def painted():
                from PySide6.QtCore import QTimer

                QTimer.singleShot(0, lambda: (print("PAINTED", gc.isenabled(), flush=True), window.close()))

            window.firstPainted.connect(painted)

        status = run_app([], on_window=hook, notify=lambda text: None)
        print("AFTER", gc.isenabled(), flush=True)
        sys.exit(status)
    """)
    result = run(["-c", code], child_env(QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy"))
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stdout.splitlines() if line.split()[0] in {"BUILT", "PAINTED", "AFTER"}]
    assert said == ["BUILT False", "PAINTED True", "AFTER True"]
