"""A hand of the table itself is kept with its round (the replay of kind ``round``): the record deals the very
round again (house and player-dealer tables, every procedure), My mistakes and ``profile show`` list it until a
try at it is right, an export carries it, and an import keeps only a round the engine deals again."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.store.conftest import Clock
from trainer.cli import main
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode
from trainer.session.records import TableRound
from trainer.session.replay import round_from_record, round_record
from trainer.session.sources import SettingsRounds
from trainer.settings import Settings
from trainer.store import Store, StoreError, store_path
from trainer.store.learning import deal_again, my_mistakes
from trainer.store.records import Replay, ReplayKind
from trainer.store.transfer import export_profile, import_profile

TABLES = [Settings(seats=7, offer_pairs=True, offer_progressive=True, procedure="card-shoe"),
          Settings(banking="player-dealer", seats=8, collection_schedule="uth-2", procedure="shuffler"),
          Settings(seats=3, procedure="ace", round_payouts_to="1"),
          Settings(banking="player-dealer", seats=6, procedure="deck-mate")]


def _rounds(settings: Settings, count: int, seed: int = 11) -> list[TableRound]:
    source = SettingsRounds(settings, random.Random(seed))
    return [source.next_round() for _ in range(count)]


@pytest.mark.parametrize("settings", TABLES, ids=["house-7", "player-dealer-8", "house-3", "player-dealer-6"])
def test_the_record_of_a_round_deals_the_same_round_again(settings: Settings) -> None:
    for table_round in _rounds(settings, 40):
        record = json.loads(json.dumps(round_record(table_round)))  # as stored: JSON text
        again = round_from_record(record)
        assert again.played.deal.sequence == table_round.played.deal.sequence  # every card, in order
        assert again.played.bets == table_round.played.bets and again.played.hands == table_round.played.hands
        assert again.played.table == table_round.played.table
        assert again.played.settlement == table_round.played.settlement
        assert again.felt == table_round.felt


def test_the_key_of_a_round_is_the_same_when_it_is_read_back_and_written_again() -> None:
    table_round = _rounds(TABLES[1], 1)[0]
    replay = Replay.of_round(round_record(table_round))
    assert replay.kind is ReplayKind.ROUND and replay.seed == table_round.played.number
    assert Replay.from_key(replay.key) == replay and Replay.from_key(replay.key).key == replay.key
    assert len(replay.key) < 2000  # the class store indexes it: well under PostgreSQL's 2,704 bytes an entry
    with pytest.raises(ValueError, match="dealt again on the table"):
        deal_again(replay, Mode.PRACTICE)


@pytest.mark.parametrize(("path", "value", "said"), [
    (["deck"], "As As", "card"),
    (["table", "no_such_rule"], 1, "does not know"),
    (["plays"], [[1, "turn", 4]], "Play wager"),
    (["bets"], [[1, "x", "0", "0", "0", "0"]], "cannot be dealt again"),
    (["format"], 99, "another trainer"),
    (["felt"], None, "cannot be dealt again"),
])
def test_a_record_that_is_no_round_is_refused_in_one_line(path: list[str], value: Any, said: str) -> None:
    record: dict[str, Any] = json.loads(json.dumps(round_record(_rounds(TABLES[0], 1)[0])))
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ValueError, match=said) as raised:
        round_from_record(record)
    assert "\n" not in str(raised.value)


def _table_hand(number: int, *, right: bool, drill: str = "settlement") -> ItemResult:
    mistakes = () if right else (Mistake(ErrorKind.WRONG_AMOUNT, "Seat 2: pay the Trips $40",
                                         "Seat 2: pay the Trips $30", "Trips pays 3 to 1 on a straight", "trips"),)
    return ItemResult(drill, f"round {number}", 7, 7 if right else 6, mistakes, 20.0, Mode.PRACTICE)


def test_my_mistakes_and_profile_show_list_a_table_hand_until_a_try_is_right(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table_round = _rounds(TABLES[0], 3)[2]
    replay = Replay.of_round(round_record(table_round))
    number = table_round.played.number
    clock = Clock()
    with Store.open(path=store_path(tmp_path), clock=clock) as store:
        ana = store.add_profile("Ana")
        store.record_item(ana, _table_hand(number, right=False, drill="run-round"), replay=replay)
        (mistake,) = my_mistakes(store, ana)
        assert mistake.replay == replay and mistake.title == f"Table · round {number}"
        assert round_from_record(mistake.replay.record) == table_round
        (item,) = store.items(ana)
        assert item.seed is None and item.situation == "run-round"
    assert main(["--data-dir", str(tmp_path), "profile", "show", "Ana"]) == 0
    out = capsys.readouterr().out
    listed = out.split("My mistakes (hands to deal again until right):")[1].split("Mistakes kept")[0]
    assert f"Table · round {number} (run-round, wrong 1×)" in listed
    with Store.open(path=store_path(tmp_path), clock=clock) as store:
        clock.advance(minutes=1)
        store.record_item(store.profile("Ana"), _table_hand(number, right=True), replay=replay)
        assert my_mistakes(store, store.profile("Ana")) == []
    assert main(["--data-dir", str(tmp_path), "profile", "show", "Ana"]) == 0
    listed = capsys.readouterr().out.split("My mistakes (hands to deal again until right):")[1]
    assert listed.splitlines()[1] == "  none"


def test_an_export_carries_the_round_and_an_import_keeps_only_a_round_that_deals_again(tmp_path: Path) -> None:
    table_round = _rounds(TABLES[1], 2)[1]
    replay = Replay.of_round(round_record(table_round))
    with Store.open(tmp_path / "north") as north:
        ana = north.add_profile("Ana")
        north.record_item(ana, _table_hand(table_round.played.number, right=False), replay=replay)
        export_profile(north, ana, tmp_path / "ana.json")
    with Store.open(tmp_path / "south") as south:
        import_profile(south, tmp_path / "ana.json")
        (mistake,) = my_mistakes(south, south.profile("Ana"))
        assert mistake.replay == replay and round_from_record(mistake.replay.record) == table_round
    exported = json.loads((tmp_path / "ana.json").read_text(encoding="utf-8"))
    key = json.loads(exported["items"][0]["replay"])
    key[1]["deck"] = " ".join(key[1]["deck"].split()[:-1])  # a card short: no deck of 52
    exported["items"][0]["replay"] = json.dumps(key)
    exported["profile"]["uid"] = "f" * 32
    exported["profile"]["name"] = "Bo"
    (tmp_path / "bo.json").write_text(json.dumps(exported), encoding="utf-8")
    with Store.open(tmp_path / "west") as west:
        with pytest.raises(StoreError, match="not a round of the table that deals again") as refused:
            import_profile(west, tmp_path / "bo.json")
        assert "\n" not in str(refused.value) and west.profiles() == []
