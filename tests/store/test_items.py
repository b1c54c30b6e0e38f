"""Profiles and scored items: every field kept, profiles isolated, one transaction per item (SIGKILL loses at most
the item in progress)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.store.conftest import hand
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode
from trainer.store import ReplayKind, Store, StoreError, identify


def test_an_item_keeps_profile_date_drill_situation_seed_mode_steps_mistakes_and_time(store: Store) -> None:
    ana = store.add_profile("Ana")
    store.record_item(ana, hand("trips-lines", "UTH-01: royal flush", 647942, drill="trips", steps=7, correct=6,
                                seconds=21.0, mode=Mode.EXAM))
    (item,) = store.items(ana)
    assert (item.profile, item.at, item.drill, item.situation, item.variant, item.seed, item.mode) == (
        "Ana", "2025-03-03T09:00:00+00:00", "trips", "trips-lines", "UTH-01: royal flush", 647942, Mode.EXAM)
    assert (item.steps, item.correct, item.seconds_per_decision) == (7, 6, 3.0)
    assert item.mistakes == (Mistake(ErrorKind.WRONG_AMOUNT, "Seat 1: pay the Blind $15", "Seat 1: pay the Blind $10",
                                     "A flush pays 3 to 2 on the Blind", "blind"),)
    assert item.replay is not None and item.replay.kind is ReplayKind.HAND


def test_a_drill_item_without_a_hand_replays_from_its_set_seed_and_place() -> None:
    result = ItemResult("payouts-1", "Level 1 · Even money and the Blind: 3 to 1 on $60", 1, 1)
    identity = identify(result, seed=55, index=3, count=10)
    assert identity.situation == "payouts-1"
    assert identity.replay is not None and (identity.replay.seed, identity.replay.index) == (55, 3)
    assert identify(result).replay is None


def test_two_profiles_never_see_each_others_items(store: Store) -> None:
    ana, bea = store.add_profile("Ana"), store.add_profile("Bea")
    store.record_item(ana, hand(seed=1))
    store.record_item(bea, hand(seed=2, correct=3))
    store.record_item(bea, hand(seed=3))
    assert [item.seed for item in store.items(ana)] == [1]
    assert [item.seed for item in store.items(bea)] == [2, 3]
    assert store.item_count(ana) == 1
    from trainer.store.learning import my_mistakes
    from trainer.store.mastery import mastery

    assert my_mistakes(store, ana) == []
    assert [entry.items for entry in mastery(store, ana)] == [1, 1]


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "Ana\x07"])
def test_a_bad_profile_name_is_refused_in_one_line(store: Store, name: str) -> None:
    with pytest.raises(StoreError) as raised:
        store.add_profile(name)
    assert "\n" not in str(raised.value)


def test_profile_names_are_unique_whatever_the_case(store: Store) -> None:
    store.add_profile("Ana")
    with pytest.raises(StoreError, match="already exists"):
        store.add_profile("ANA")
    assert store.profile("ana").name == "Ana"
    with pytest.raises(StoreError, match=r"no profile named 'Cy' \(profiles: Ana\)"):
        store.profile("Cy")


def test_killing_the_quiz_mid_set_loses_at_most_the_item_in_progress(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    process = subprocess.Popen(
        [sys.executable, "-m", "trainer", "--data-dir", str(tmp_path), "quiz", "--topic", "payouts-1", "--count",
         "10", "--seed", "3", "--profile", "Ana"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdin is not None and process.stdout is not None
    headers = 0
    try:
        for line in process.stdout:
            if line.startswith("== "):
                headers += 1
                if headers == 6:
                    break
                process.stdin.write("5\n")
                process.stdin.flush()
        process.send_signal(signal.SIGKILL)
    finally:
        process.kill()
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    with Store.open(tmp_path) as reopened:
        items = reopened.items(reopened.profile("Ana"))
    assert len(items) == 5
    assert [item.replay.index for item in items if item.replay] == [0, 1, 2, 3, 4]
