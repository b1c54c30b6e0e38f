"""The procedure lessons' worked examples, checked: each row of their tables against the rules the drills use
(the rotation rule, the engine's wager checks, the engine's void of a round)."""

from __future__ import annotations

import re
from decimal import Decimal

from tests.typed import two_cards
from trainer.drills.procedures.questions import engine_refusal
from trainer.drills.procedures.rotation import next_banker
from trainer.engine.games import game_named
from trainer.engine.settlement import format_money, void_round
from trainer.engine.table import TableRules
from trainer.engine.wagers import SeatHand
from trainer.lessons import load_lessons

D = Decimal


def table_rows(topic: str) -> list[list[str]]:
    """The rows of the lesson's worked-examples table (the header and the rule line left out)."""
    body = load_lessons()[topic].body
    rows = [line for line in body.splitlines() if line.startswith("|") and not line.startswith("| ---")]
    cells = [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]
    header = next(index for index, row in enumerate(cells) if row[-1] in ("next banker", "accept?", "returned"))
    return cells[header + 1:]


def test_rotation_lesson_rows_follow_the_rotation_rule() -> None:
    rows = table_rows("rotation")
    assert len(rows) >= 6
    for positions, banker, hands, declines, expected in rows:
        declined = set() if declines == "none" else {int(seat) for seat in declines.split(",")}
        assert next_banker(int(positions), int(banker), int(hands), declined).seat == int(expected), (banker, declines)


def test_table_limits_lesson_rows_get_the_engines_verdict() -> None:
    rows = table_rows("table-limits")
    assert {row[-1] for row in rows} == {"yes", "no"}
    for game_id, option, low, high, ante, trips, bad_beat, accept in rows:
        game = game_named(game_id)
        changes: dict[str, object] = {"min_wager": D(low), "max_wager": D(high)}
        if not game.is_house:
            changes.update(collection_schedule=option, player_dealer_seat=1, player_dealer_bank=D(1000))
        table = game.table_rules(**changes)
        seat = SeatHand(2, two_cards("2c 3d"), D(ante), D(ante), trips=D(trips), bad_beat=D(bad_beat))
        assert (engine_refusal(table, seat) is None) == (accept == "yes"), (game_id, ante, trips, bad_beat)


def test_irregularities_lesson_void_returns_what_the_engine_returns() -> None:
    body = load_lessons()["irregularities"].body
    seats = [SeatHand(2, two_cards("2c 3d"), D(10), D(10), trips=D(5)),
             SeatHand(5, two_cards("4c 5d"), D(25), D(25), pairs=D(5), progressive=D(5))]
    assert "seat 2 has $10 Ante, $10 Blind and $5 Trips" in body
    assert "seat 5 has $25 Ante, $25 Blind, $5 Pairs and a $5\nProgressive" in body
    expected = [[str(step.seat), step.wager.label, format_money(step.amount)]
                for step in void_round(TableRules(), seats)]
    assert table_rows("irregularities") == expected


def test_every_procedure_lesson_says_where_it_follows_the_rules_notes() -> None:
    lessons = load_lessons()
    for topic in ("rotation", "table-limits", "irregularities", "progressive-controller"):
        assert lessons[topic].readings, topic
        assert any(re.search(r"rules notes §\d", reading) for reading in lessons[topic].readings), topic
