"""A hand of the table kept with its round reaches the class store whole (the longest round: eight positions on a
player-dealer table, every seat's wagers) and deals the same round again at another station."""

from __future__ import annotations

import random
from pathlib import Path

from trainer.scoring import ErrorKind, ItemResult, Mistake
from trainer.session.replay import round_from_record, round_record
from trainer.session.sources import SettingsRounds
from trainer.settings import Settings
from trainer.store.classroom import ClassStore
from trainer.store.learning import my_mistakes
from trainer.store.records import Replay


def test_a_table_hand_kept_with_its_round_is_dealt_again_from_another_station(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    _owner, _instructor, station = class_urls
    source = SettingsRounds(Settings(banking="player-dealer", seats=8, collection_schedule="uth-2"),
                            random.Random(4))
    table_round = max((source.next_round() for _ in range(30)), key=lambda each: len(round_record(each)["bets"]))
    replay = Replay.of_round(round_record(table_round))
    wrong = Mistake(ErrorKind.WRONG_AMOUNT, "Seat 2: pay the Trips $40", "Seat 2: pay the Trips $30",
                    "Trips pays 3 to 1 on a straight", "trips")
    with ClassStore.open_class(station, tmp_path / "first") as store:
        ana = store.profile_or_new("Ana")
        store.record_item(ana, ItemResult("settlement", f"round {table_round.played.number}", 7, 6, (wrong,), 20.0),
                          replay=replay)
    with ClassStore.open_class(station, tmp_path / "second") as store:
        (mistake,) = my_mistakes(store, store.profile("Ana"))
        assert mistake.replay == replay
        assert round_from_record(mistake.replay.record) == table_round
