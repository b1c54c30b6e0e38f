"""Test setup: Qt and SDL run without a screen or a sound card, the user's folders (settings, progress data, caches,
logs) are a temporary folder of each test, so nothing the developer saved (a Spanish ``settings.json``) reaches a
test, any Qt warning fails the test that caused it, a test needing a system tool says so by a marker, and the
exhaustive Bad Beat count is made once per run."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
# The trainer speaks the system's language when none is chosen: the tests expect English unless they ask for another.
os.environ["LANGUAGE"] = "en"

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

if TYPE_CHECKING:
    from trainer.engine.bad_beat_odds import BadBeatCounts

OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints()",)
"""Said by Qt's offscreen platform whenever a shown window's size limits change: it has no window manager to
pass them to. Not a problem of the code under test, so it does not fail a test."""


USER_DIRS = ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME")
"""The variables naming the user's folders (``trainer.userdirs`` reads them through appdirs; so do child processes)."""


def _point_user_dirs(folder: Path, setenv: Callable[[str, str], None]) -> dict[str, Path]:
    dirs = {name: folder / name.lower() for name in USER_DIRS}
    for name, path in dirs.items():
        setenv(name, str(path))
    return dirs


@pytest.fixture(scope="session", autouse=True)
def user_dirs_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The user's folders for what runs before a test's own (the fixtures made once per run)."""
    with pytest.MonkeyPatch.context() as patch:
        _point_user_dirs(tmp_path_factory.mktemp("user"), patch.setenv)
        yield


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """Every test's own user folders, in ``tmp_path``, for its process and its children: nothing here reads or
    writes the real user's settings, progress, caches or logs."""
    return _point_user_dirs(tmp_path, monkeypatch.setenv)


# --- tests that need a system tool ------------------------------------------------------------------------------

TOOLS_REQUIRED = "UTH_TESTS_NEED_TOOLS"
"""Set (CI installs every tool, ``.ci/run``): a test whose tool is absent fails instead of being skipped."""


def _postgresql_found() -> bool:
    from trainer.bench.pg_server import find_bin

    return find_bin() is not None


TOOLS: dict[str, tuple[Callable[[], bool], str]] = {
    "chattr": (lambda: os.geteuid() != 0 or shutil.which("chattr") is not None,
               "run as the administrator, a read-only file is made immutable with chattr"),
    "postgresql": (_postgresql_found, "the class store tests start a PostgreSQL server of their own (initdb, pg_ctl)"),
    "desktop-file-validate": (lambda: shutil.which("desktop-file-validate") is not None,
                              "it validates the desktop entry (package desktop-file-utils)"),
    "appstreamcli": (lambda: shutil.which("appstreamcli") is not None,
                     "it validates the AppStream metainfo (package appstream)"),
}
"""What ``@pytest.mark.needs(tool)`` may name: how to tell the tool is there, and why a test needs it."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "pg_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.needs("postgresql"))


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in item.iter_markers("needs"):
        for tool in marker.args:
            found, why = TOOLS[tool]
            if not found():
                reason = f"{tool} is not installed here: {why}"
                if os.environ.get(TOOLS_REQUIRED):
                    pytest.fail(f"{reason} ({TOOLS_REQUIRED} is set: every tool should be)")
                pytest.skip(reason)


@pytest.fixture(autouse=True)
def qt_warnings_fail() -> Iterator[None]:
    """Any Qt warning, critical or fatal message during a test fails it (every test: any may create Qt objects).

    Not pytest-qt's ``qt_log_level_fail``: that checks the test's call only, so a warning while its widgets are
    closed (the teardown) would pass unseen; this covers the setup, the call and the teardown."""
    seen: list[str] = []

    def handler(mode: QtMsgType, context: object, message: str) -> None:
        bad = mode in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
        if bad and message not in OFFSCREEN_NOISE:
            seen.append(message)

    previous = qInstallMessageHandler(handler)
    yield
    qInstallMessageHandler(previous)
    assert not seen, f"Qt warned: {seen}"


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A test that switches the language (``--lang es``, the Settings choice) leaves the next one in English."""
    yield
    from trainer.i18n.translation import set_language

    set_language("en")


@pytest.fixture(scope="session")
def every_bad_beat_deal() -> BadBeatCounts:
    """The Bad Beat counted over every deal (about a minute on two cores): once per run, for every test using it."""
    from trainer.engine.bad_beat_odds import bad_beat_counts

    return bad_beat_counts(workers=2)
