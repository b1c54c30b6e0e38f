"""``python -m trainer.bench fuzz`` reaches the readers hostile users found: ``grade`` requests, every numeric
option, imports' dates at the edges and exam terms, output targets on a disk that fills, a class store's outbox
tables made again. A few inputs of each, with a fixed seed, must all keep their promise (the full run is the bench)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from trainer.bench import fuzz


@pytest.mark.parametrize("target", [fuzz.fuzz_grade, fuzz.fuzz_numeric_options, fuzz.fuzz_import,
                                    fuzz.fuzz_output_targets, fuzz.fuzz_outbox_tables])
def test_the_fuzz_targets_of_hostile_input_keep_their_promise(target: Callable[[random.Random, Path], str],
                                                              tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fuzz, "BAD_BEAT_SHARE", 0.0)  # (a child process each: the bench's own run tries them)
    rng = random.Random(11)
    try:
        tried = {target(rng, tmp_path) for _ in range(12)}
    finally:
        fuzz.close_stores()
    assert len(tried) > 1  # the inputs differ


def test_the_import_fuzzer_holds_imports_to_the_exams_the_store_holds(tmp_path: Path) -> None:
    """A forged instructor's pass (an exam uid unknown here, the file's own easy terms) found by the fuzzer's
    check: kept as an instructor's attempt, it is a broken promise."""
    from trainer.store import Store

    with Store.open(tmp_path / "store") as store:
        with store.transact() as connection:
            connection.execute("INSERT INTO profile (uid, name, created) VALUES ('u', 'Mallory', '2025-01-01')")
            connection.execute(
                "INSERT INTO attempt (uid, profile_id, exam_uid, exam_name, at, score, steps, correct, mistakes, "
                "seconds, passed, items, pass_mark, instructor, hands) VALUES ('a', 1, 'forged', 'Fin\u0430l', "
                "'2025-01-01', 25, 4, 1, '[]', 1, 1, '[]', 0.0001, 1, 1)")
        with pytest.raises(fuzz.BrokenPromiseError, match="instructor"):
            fuzz._check_attempt_kinds(store)


def test_the_fuzzer_knows_the_edges_of_dates_and_look_alike_exam_names() -> None:
    assert "9999-12-31T23:59:59+00:00" in fuzz.HOSTILE_DATES and "1969-12-31T23:59:59+00:00" in fuzz.HOSTILE_DATES
    assert "Bl\u0456nd check" in fuzz.EXAM_NAMES and "Blind check" in fuzz.EXAM_NAMES
