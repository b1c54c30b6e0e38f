"""Test setup: Qt and SDL run without a screen or a sound card, user data goes to a temporary folder, any Qt
warning fails the test that caused it, and the exhaustive Bad Beat count is made once per run."""

from __future__ import annotations

import os
from collections.abc import Iterator
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


@pytest.fixture(autouse=True)
def qt_warnings_fail() -> Iterator[None]:
    """Any Qt warning, critical or fatal message during a test fails it (every test: any may create Qt objects)."""
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
