"""GUI tests: any Qt warning fails the test, and nothing touches the real user's configuration."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QtMsgType, qInstallMessageHandler

OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints()",)
"""Said by Qt's offscreen platform whenever a shown window's size limits change: it has no window manager to
pass them to. Not a problem of the code under test, so it does not fail a test."""


@pytest.fixture(autouse=True)
def qt_warnings_fail() -> Iterator[None]:
    """Any Qt warning, critical or fatal message during a test fails it."""
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
def private_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing here may touch the real user's configuration, cache or data."""
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
