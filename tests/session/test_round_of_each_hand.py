"""The session remembers the round each hand scored at the table was played on (a practice hand at once, an exam's
hands when the set ends, a round run), so each can be kept and dealt again exactly; a drill form's item is none."""

from __future__ import annotations

import random

from tests.session.support import HOUSE, Table
from trainer.scoring import ItemResult, Mode, ScoreBook
from trainer.session import SettingsRounds, TableSession


def _session() -> tuple[TableSession, Table, ScoreBook]:
    book = ScoreBook()
    session = TableSession(SettingsRounds(HOUSE, random.Random(8)), book=book)
    return session, Table(session), book


def test_each_hand_of_an_exam_is_kept_with_its_own_round_when_the_set_ends() -> None:
    session, _table, book = _session()
    session.start_exam(3, 90.0)
    dealt = []
    for _ in range(3):
        dealt.append(session.deal())
        session.finish_round()  # the round ends under the hand: the table settles (steps wrong), the next comes
    items = book.items()
    assert len(items) == 3 and [session.round_of(item) for item in items] == dealt
    assert len({table_round.played.number for table_round in dealt}) == 3


def test_a_practice_hand_is_kept_with_its_round_and_another_item_with_none() -> None:
    session, _table, book = _session()
    session.set_mode(Mode.PRACTICE)
    dealt = session.deal()
    session.let_table_finish()
    (item,) = book.items()
    assert session.round_of(item) is dealt and session.round_of(ItemResult("pairs-quick", "1", 1, 1)) is None
    assert session.round_of(ItemResult(item.drill, item.item, item.steps, item.correct)) is None  # by identity
