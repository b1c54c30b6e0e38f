"""Pay tables as data: the shipped tables, a user's own file, and refusals that name the file, entry and problem."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tests.engine.reference_odds import pairs_house_edge, seven_card_category_counts, trips_house_edge
from tests.typed import present
from trainer.engine.evaluator import Category
from trainer.engine.paytables import Odds, PaytableError, load_paytables

TABLES = load_paytables()


def test_every_table_the_documents_name_is_shipped() -> None:
    assert TABLES.ids("trips") == ["UTH-01", "UTH-02", "UTH-03", "UTH-04"]
    assert TABLES.ids("bad_beat") == ["CA", "BBB-01", "BBB-02", "BBB-03"]
    assert TABLES.ids("pairs") == ["1", "2", "3", "4", "5", "6"]
    assert TABLES.ids("progressive") == ["01"]
    assert TABLES.schedule_ids() == [f"uth-{n}" for n in range(1, 4)] + [f"bb-{n}" for n in range(1, 25)]


def test_california_bad_beat_table_is_the_same_as_bbb_02() -> None:
    assert [(line.hand, line.odds) for line in TABLES.bad_beat("CA").lines] == [
        (line.hand, line.odds) for line in TABLES.bad_beat("BBB-02").lines]


@pytest.mark.parametrize(("text", "stake", "paid"), [("3 to 2", "5", "7.5"), ("250 for 1", "1", "250"),
                                                     ("1 to 1", "40", "40"), ("50 to 1", "7", "350")])
def test_odds_pay_exactly(text: str, stake: str, paid: str) -> None:
    assert Odds.parse(text).payout(Decimal(stake)) == Decimal(paid)


def test_for_one_odds_include_the_wager() -> None:
    assert Odds.parse("10 for 1").net(Decimal(5)) == 45
    assert Odds.parse("5%").payout(Decimal(1), meter=Decimal(25000)) == 1250


SEVEN_CARD_COUNTS = {
    Category.ROYAL_FLUSH: 4_324, Category.STRAIGHT_FLUSH: 37_260, Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184, Category.FLUSH: 4_047_644, Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620, Category.TWO_PAIR: 31_433_400, Category.ONE_PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}


def test_seven_card_category_counts_are_the_known_ones() -> None:
    assert seven_card_category_counts() == SEVEN_CARD_COUNTS


@pytest.mark.parametrize("table_id", ["UTH-01", "UTH-02", "UTH-03", "UTH-04"])
def test_trips_house_edge_reproduces_the_published_figure(table_id: str) -> None:
    table = TABLES.trips(table_id)
    assert table.house_edge is not None
    assert round(float(trips_house_edge(table)) * 100, 4) == table.house_edge


@pytest.mark.parametrize("table_id", ["1", "2", "3", "4", "5", "6"])
def test_pairs_house_edge_reproduces_the_printed_figure(table_id: str) -> None:
    table = TABLES.pairs(table_id)
    assert table.house_edge is not None
    assert round(float(pairs_house_edge(table)) * 100, 2) == table.house_edge


def test_a_users_pay_table_file_can_be_loaded(tmp_path: Path) -> None:
    path = tmp_path / "room.toml"
    path.write_text('[ROOM-1]\nkind = "trips"\ntitle = "Room trips"\nlines = [\n'
                    '  { hand = "three of a kind", odds = "4 to 1" },\n]\n', encoding="utf-8")
    tables = load_paytables([path])
    assert present(tables.trips("ROOM-1").line_for("three of a kind")).odds.text == "4 to 1"
    assert "ROOM-1" not in TABLES.ids("trips")


def test_a_json_pay_table_file_can_be_loaded(tmp_path: Path) -> None:
    path = tmp_path / "room.json"
    path.write_text('{"BB-ROOM": {"kind": "bad_beat", "lines": [{"hand": "four of a kind", "odds": "600 to 1"}]}}',
                    encoding="utf-8")
    assert load_paytables([path]).bad_beat("BB-ROOM").lines[0].odds.numerator == 600


@pytest.mark.parametrize(
    ("content", "entry", "problem"),
    [
        ('[T]\nkind = "trips"\nlines = [{ hand = "three of a kind", odds = "three to one" }]\n', "T line 1",
         "are not 'N to M'"),
        ('[T]\nkind = "trips"\nlines = [{ hand = "trips", odds = "3 to 1" }]\n', "T line 1", "is not a hand"),
        ('[T]\nkind = "dice"\nlines = []\n', "T", "kind 'dice'"),
        ('[T]\nkind = "trips"\n', "T", "has no lines"),
        ('[T]\nkind = "trips"\ncolour = "red"\nlines = [{ hand = "flush", odds = "6 to 1" }]\n', "T", "unknown key"),
        ('[T]\nkind = "blind"\nlines = [{ hand = "flush", odds = "5%" }]\n', "T line 1", "only a progressive"),
        ('[S]\nbrackets = [{ from = 50, fee = 2 }, { from = 10, fee = 4 }]\n', "S bracket 2", "must rise"),
        ('[T]\nkind = "trips"\nlines = [\n { hand = "flush", odds = "6 to 1" },\n { hand = "flush", odds = "7 to 1" },'
         '\n]\n', "T", "pays 'flush' twice"),
    ],
    ids=["odds", "hand", "kind", "no-lines", "unknown-key", "percent", "brackets", "twice"],
)
def test_a_malformed_pay_table_is_refused_naming_file_entry_and_problem(
    tmp_path: Path, content: str, entry: str, problem: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(PaytableError) as error:
        load_paytables([path])
    message = str(error.value)
    assert message.startswith(f"{path}: {entry}: ")
    assert problem in message


def test_a_pay_table_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[[[", encoding="utf-8")
    with pytest.raises(PaytableError, match="is not valid TOML"):
        load_paytables([path])


def test_a_missing_pay_table_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PaytableError, match="cannot be read"):
        load_paytables([tmp_path / "nowhere.toml"])


def test_an_unknown_table_id_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="UTH-01, UTH-02"):
        TABLES.trips("UTH-09")
