"""``uth-trainer quiz --mode exam --profile NAME``: the exam set is kept as the trainee's own exam attempt at its
pass mark, as on the table and in the Drills window; cut short by the end of input it is kept as not passed; a
practice quiz is no attempt."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.store import Store
from trainer.store.instructor import attempts


def _quiz(data: Path, mode: str, answers: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main(["--data-dir", str(data), "quiz", "--topic", "payouts-1", "--count", "3", "--seed", "8",
                 "--mode", mode, "--profile", "Ana"])


def test_an_exam_quiz_cut_short_is_kept_as_an_own_attempt_not_passed(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert _quiz(tmp_path, "exam", "15\n", monkeypatch) == 0  # one answer of three, then the end of input
    capsys.readouterr()
    with Store.open(tmp_path) as store:
        profile = store.profile("Ana")
        (attempt,) = attempts(store, profile)
        items = store.items(profile)
        assert len(items) == 1
        assert (attempt.exam, attempt.instructor, attempt.pass_mark) == ("Own exam: payouts-1", False, 90.0)
        assert (attempt.steps, attempt.correct) == (items[0].steps, items[0].correct)
        assert not attempt.passed  # one hand of three: cut short, whatever its score
        hands = store.connection.execute("SELECT hands FROM attempt").fetchone()[0]
        assert hands == 3


def test_a_practice_quiz_is_no_attempt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert _quiz(tmp_path, "practice", "15\n15\n15\n", monkeypatch) == 0
    capsys.readouterr()
    with Store.open(tmp_path) as store:
        assert store.items(store.profile("Ana")) and attempts(store) == []
