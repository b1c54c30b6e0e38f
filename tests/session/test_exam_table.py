"""An instructor's exam is dealt on its own game and pay tables, not the table's current settings: set to
Washington (house-banked) and Trips UTH-01, every hand is a Washington table paying Trips by UTH-01."""

from __future__ import annotations

import pytest

from trainer.drills.settlement_drills import DRILLS
from trainer.engine.table import Banking
from trainer.scoring import Mode
from trainer.session import DrillRounds
from trainer.store.instructor import Exam

ORDER = next(drill for drill in DRILLS if drill.name == "order")  # deals house and player-dealer tables


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_hand_of_a_washington_exam_with_uth_01_is_a_washington_table_paying_trips_by_uth_01(seed: int) -> None:
    rounds = DrillRounds(ORDER, Mode.EXAM, 6, seed, banking="house", paytables={"trips": "UTH-01", "pairs": "4"})
    dealt = [rounds.next_round() for _ in range(6)]
    assert rounds.next_round() is None
    for table_round in dealt:
        assert table_round is not None
        table = table_round.played.table
        assert table.game == "wa" and table.banking is Banking.HOUSE
        assert table.trips_paytable == "UTH-01" and table.pairs_paytable == "4"
        assert all("UTH-01" in title for title, _lines in table_round.felt.paytables if "Trips" in title)


def test_a_california_exam_keeps_the_trips_table_its_game_offers() -> None:
    rounds = DrillRounds(ORDER, Mode.EXAM, 4, 5, banking="player-dealer", paytables={"trips": "UTH-01"})
    for item in rounds.items:
        table = item.scenario.table
        assert table.banking is Banking.PLAYER_DEALER and table.game in ("ca", "ca-bad-beat")
        assert table.trips_paytable in ("UTH-02", "UTH-04")  # rules-notes §1b: UTH-01 is not a California table


def test_an_exam_whose_drill_deals_no_table_of_its_game_cannot_be_saved() -> None:
    problems = Exam("PD on house", "player-dealer", 5, 90, 10, banking="house").problems()
    assert problems == ["the drill 'player-dealer' deals no house table"]
    assert Exam("PD", "player-dealer", 5, 90, 10, banking="player-dealer").problems() == []
