"""The instructor dialog: a wrong PIN's wait is kept in the store (opening the dialog again does not reset it), and
the room's import, behind the PIN, brings the exam attempts marked from their items."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trainer.gui.progress import InstructorDialog
from trainer.store import Store
from trainer.store.instructor import Instructor, attempts

CORPUS = json.loads((Path(__file__).parents[1] / "data" / "fuzz_exports.json").read_text(encoding="utf-8"))


class Ticks:
    def __init__(self) -> None:
        self.now = 5_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "data") as opened:
        yield opened


def test_reopening_the_dialog_after_a_wrong_pin_keeps_the_pin_field_closed(qtbot: Any, store: Store) -> None:
    ticks = Ticks()
    Instructor(store, clock=ticks).set_pin("4829")
    first = InstructorDialog(store, gate=Instructor(store, clock=ticks))
    qtbot.addWidget(first)
    first.pin.setText("1111")
    first.enter_pin()
    first.close()
    ticks.now += 0.5
    again = InstructorDialog(store, gate=Instructor(store, clock=ticks))
    qtbot.addWidget(again)
    assert not again.pin.isEnabled() and not again.pin_button.isEnabled()
    assert "wait 0 s" not in again.status.text() and "wait" in again.status.text()
    qtbot.waitUntil(again.pin_button.isEnabled, timeout=3000)


def _claimed(tmp_path: Path) -> Path:
    claimed = json.loads(json.dumps(CORPUS["base"]))
    claimed["attempts"][0]["items"][1]["correct"] = 0  # 6 of 12 steps right, though the file says 100 %, passed
    claimed["attempts"][0].update(score=100, passed=True)
    source = tmp_path / "ana.json"
    source.write_text(json.dumps(claimed), encoding="utf-8")
    return source


def _room(qtbot: Any, store: Store, source: Path, pins: list[str | None]) -> InstructorDialog:
    Instructor(store).set_pin("4829")
    dialog = InstructorDialog(store, ask_path=lambda _title, _pattern, _save: str(source),
                              ask_pin=lambda _why: pins.pop(0))
    qtbot.addWidget(dialog)
    dialog.pin.setText("4829")
    dialog.enter_pin()
    assert dialog.is_unlocked
    return dialog


def test_the_rooms_import_asks_the_pin_and_marks_exam_attempts_from_their_items(qtbot: Any, store: Store,
                                                                                tmp_path: Path) -> None:
    pins: list[str | None] = ["4829"]
    dialog = _room(qtbot, store, _claimed(tmp_path), pins)
    dialog.import_profile()
    assert pins == []  # asked
    assert "2 items and 1 exam attempt added" in dialog.status.text()
    (attempt,) = attempts(store, store.profile("Ana"))
    assert (attempt.score, attempt.passed) == (50.0, False)


@pytest.mark.parametrize("answer", ["1111", None])
def test_the_rooms_import_without_the_pin_imports_nothing(answer: str | None, qtbot: Any, store: Store,
                                                          tmp_path: Path) -> None:
    dialog = _room(qtbot, store, _claimed(tmp_path), [answer])
    dialog.import_profile()
    assert "nothing was imported" in dialog.status.text()
    assert store.profiles() == []
