"""The Progress screen on a trainee's first day: the accuracy chart shows that day (a dot: a line needs two days),
and the counts read as English ("1 item on 1 day")."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.store.conftest import Clock
from trainer.bench.store import fill
from trainer.gui.progress import ProgressScreen
from trainer.gui.progress.words import day_count
from trainer.store import Store

pytestmark = pytest.mark.gui
END = datetime(2025, 3, 31, 18, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "data", clock=Clock(END)) as opened:
        yield opened


def test_the_first_days_accuracy_is_drawn_and_counted_in_the_singular(qtbot: object, store: Store) -> None:
    fill(store, store.add_profile("Ana"), 1, days=1, end=END)
    screen = ProgressScreen(store, store.profile("Ana"))
    qtbot.addWidget(screen)  # type: ignore[attr-defined]
    accuracy, pace = screen.accuracy_chart.series()
    assert accuracy.count() == 1 and accuracy.pointsVisible()  # type: ignore[attr-defined]
    assert pace.pointsVisible()  # type: ignore[attr-defined]
    assert "1 item on 1 day," in screen.heading.text()


def test_counts_are_singular_for_one_and_plural_otherwise() -> None:
    assert [day_count(n) for n in (0, 1, 2)] == ["0 days", "1 day", "2 days"]
