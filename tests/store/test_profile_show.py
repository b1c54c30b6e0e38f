"""``profile show`` prints the mistakes kept (also those of the table's own hands, which have no replay) and never
suggests a quiz topic that does not exist (``settlement`` is the table's, not a topic)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.store.conftest import Clock, hand
from trainer.cli import main
from trainer.drills.base import all_drills
from trainer.store import Store, store_path


def test_profile_show_prints_the_mistakes_kept_and_only_topics_that_exist(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store.open(path=store_path(tmp_path), clock=Clock()) as store:
        ana = store.add_profile("Ana")
        for seed in range(3):  # the table's own hands (scored under "settlement"): no replay
            store.record_item(ana, hand(seed=seed, correct=4, drill="settlement"))
    assert main(["--data-dir", str(tmp_path), "profile", "show", "Ana"]) == 0
    out = capsys.readouterr().out
    assert "Mistakes kept (wrong steps by kind):" in out
    assert "  wrong amount (blind) ×6: A flush pays 3 to 2 on the Blind" in out
    assert "settlement" not in all_drills() and "--topic settlement" not in out
    topics = [line.split("quiz --topic ")[1].split(")")[0] for line in out.splitlines() if "quiz --topic " in line]
    assert all(topic in all_drills() for topic in topics)
