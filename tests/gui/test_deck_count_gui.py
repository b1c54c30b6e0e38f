"""The deck-count drill on screen: the spread shows every card, keys answer, results reach the score book."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.drills.test_deck_count_terminal import right_answers, wrong_answers
from trainer.drills.deck_count import (
    DRILLS,
    FoldedHand,
    HandCountItem,
    HandFault,
    Spread,
    count_down_spread,
    deck_spread,
)
from trainer.engine.cards import FULL_DECK, Card, parse_cards
from trainer.gui.deck_count import DeckCountWidget, SpreadView, open_deck_count, spread_layout
from trainer.gui.table import ArtLibrary, AssetError
from trainer.gui.table.layout import CARD_WIDTH
from trainer.resources import assets_dir
from trainer.scoring import ErrorKind, ItemResult, Mode, ScoreBook, SetResult
from trainer.settings import Settings

pytestmark = pytest.mark.gui





class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def book() -> ScoreBook:
    return ScoreBook()


@pytest.fixture
def make(qtbot: Any, book: ScoreBook, clock: FakeClock) -> Any:
    def build(drill: str = "deck-count", count: int = 4, mode: Mode = Mode.PRACTICE) -> DeckCountWidget:
        widget = DeckCountWidget(book, seed=7, count=count, mode=mode, clock=clock, tick_ms=5, spread_ms=0,
                                 confirm=lambda _window, _question: True)
        qtbot.addWidget(widget)
        widget.resize(1000, 700)  # not shown: the offscreen platform warns on showing a window
        if drill != "deck-count":
            widget.choose(drill)
        return widget

    return build


def the_items(drill: str, count: int, mode: Mode = Mode.PRACTICE) -> list[Any]:
    """The items the widget deals (seed 7), dealt again here for their answer keys."""
    named = next(d for d in DRILLS if d.name == drill)
    return list(named.items(random.Random(7), count, mode))


def type_answer(qtbot: Any, widget: DeckCountWidget, text: str) -> None:
    """Answer as a trainee does: one key for a choice (Y, N, r, b), else the text and Enter."""
    question = widget.question
    assert question is not None
    if question.choices and text.isalpha():
        qtbot.keyClick(widget.answer_box, text[0])
    else:
        qtbot.keyClicks(widget.answer_box, text)
        qtbot.keyClick(widget.answer_box, Qt.Key.Key_Return)


def play(qtbot: Any, widget: DeckCountWidget, answers: list[list[str]]) -> list[ItemResult]:
    """Type each item's answers, Enter between items; the results the widget reported."""
    results: list[ItemResult] = []
    widget.item_finished.connect(results.append)
    for number, item_answers in enumerate(answers):
        for text in item_answers:
            type_answer(qtbot, widget, text)
        assert len(results) == number + 1, f"item {number + 1} did not finish"
        qtbot.keyClick(widget.answer_box, Qt.Key.Key_Return)
    return results


# -- the spread ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("drill", ["deck-count-1", "deck-count-3", "deck-count-4"])
def test_the_spread_renders_every_card(make: Any, drill: str) -> None:
    widget = make(drill)
    spread = widget.item.spread
    cards = widget.view.card_items()
    assert spread is not None and len(cards) == spread.count
    assert [item.card for item in cards] == list(spread.cards)
    assert all(item.face_up == spread.face_up for item in cards)


def test_a_face_down_spread_shows_the_decks_back_colour(make: Any) -> None:
    widget = make("deck-count-4")
    backs = {item.back_colour for item in widget.view.card_items() if not item.face_up}
    assert widget.item.deck_colour in backs


def test_a_hand_count_shows_each_hand_as_it_comes(make: Any, qtbot: Any) -> None:
    widget = make("deck-count-1")
    for hand in widget.item.hands:
        assert len(widget.view.card_items()) == hand.spread.count
        type_answer(qtbot, widget, "y")


def test_a_stuck_card_lies_nearly_under_the_next(qtbot: Any) -> None:
    view = SpreadView(ArtLibrary(assets_dir()), spread_ms=0)
    qtbot.addWidget(view)
    hand = FoldedHand.of(2, parse_cards("As Kd 7c"), "red", HandFault.STUCK_CARD, stuck_under=1)
    view.show_spread(hand.spread)
    first, second, third = sorted((item.pos() for item in view.card_items()), key=lambda pos: pos.x())
    assert 0 < second.x() - first.x() < 0.15 * CARD_WIDTH and first.y() != second.y()
    assert third.x() - second.x() > 0.35 * CARD_WIDTH


def test_a_face_up_deck_in_suit_rows_has_a_row_per_suit() -> None:
    spread = deck_spread(random.Random(1), "red", "blue", missing=Card("Qh"))
    placed, captions = spread_layout(spread)
    assert [c.text for c in captions] == ["clubs", "diamonds", "hearts", "spades"]
    rows = sorted({round(p.y) for p in placed})
    assert len(rows) == 4 and len(placed) == 51
    assert all(p.face_up for p in placed)


def test_a_turned_duplicate_shows_its_back(qtbot: Any) -> None:
    spread = deck_spread(random.Random(1), "red", "blue", extra=Card("As"), suit_order=False)
    twins = frozenset(i for i, card in enumerate(spread.cards) if card == Card("As"))
    view = SpreadView(ArtLibrary(assets_dir()), spread_ms=0)
    qtbot.addWidget(view)
    view.show_spread(Spread(spread.cards, True, spread.backs, groups=spread.groups, arrangement="rows",
                            turned=twins))
    down = [item for item in view.card_items() if not item.face_up]
    assert sorted(item.back_colour for item in down) == ["blue", "red"]


def test_the_spread_slides_out_to_its_places(qtbot: Any) -> None:
    view = SpreadView(ArtLibrary(assets_dir()), spread_ms=30)
    qtbot.addWidget(view)
    spread = count_down_spread(random.Random(1), 12, "red", "blue")
    view.show_spread(spread)
    placed, _ = spread_layout(spread)
    last = view.card_items()[-1]
    qtbot.waitUntil(lambda: abs(last.pos().x() - placed[-1].x) < 0.01, timeout=2000)


def test_round_count_keeps_the_cards_hidden_until_the_deck_is_named(make: Any, qtbot: Any) -> None:
    widget = make("deck-count-2")
    assert widget.view.card_items() == []
    assert f"dealt with the {widget.item.last_deck} deck" in widget.brief.text()  # what the answer rests on
    type_answer(qtbot, widget, widget.item.deck_colour)
    assert len(widget.view.card_items()) == widget.item.spread.count == 2 * len(widget.item.seats) + 7


# -- answers and scores --------------------------------------------------------------------------------------


def test_right_answers_typed_score_100_percent_in_the_book(make: Any, qtbot: Any, book: ScoreBook) -> None:
    widget = make("deck-count", count=4)
    answers = [right_answers(item) for item in the_items("deck-count", 4)]
    with qtbot.waitSignal(widget.set_finished) as finished:
        results = play(qtbot, widget, answers)
    assert [r.score for r in results] == [100.0] * 4
    assert [r.drill for r in book.items()] == ["deck-count"] * 4
    outcome: SetResult = finished.args[0]
    assert outcome.score == 100.0 and book.sets() == [outcome]
    assert not widget.answer_box.isEnabled()


def test_wrong_answers_are_scored_and_named(make: Any, qtbot: Any, book: ScoreBook) -> None:
    widget = make("deck-count-4", count=1)
    item = widget.item
    with qtbot.waitSignal(widget.item_finished) as done:
        type_answer(qtbot, widget, str(item.expected_total - 1))
    result: ItemResult = done.args[0]
    assert result.score == 0.0 and result.mistakes[0].kind is ErrorKind.MISCOUNT
    assert widget.feedback.text().startswith("✗ Miscount (you said")
    assert book.items()[-1] is result


def test_every_level_typed_wrong_names_its_mistakes(make: Any, qtbot: Any) -> None:
    widget = make("deck-count", count=4)
    items = the_items("deck-count", 4)
    results = play(qtbot, widget, [wrong_answers(item) for item in items])
    assert all(result.mistakes for result in results)
    assert all(result.score < 100.0 for result in results)


def test_an_unreadable_answer_shows_the_hint_and_scores_nothing(make: Any, qtbot: Any, book: ScoreBook) -> None:
    widget = make("deck-count-4")
    qtbot.keyClicks(widget.answer_box, "lots")
    qtbot.keyClick(widget.answer_box, Qt.Key.Key_Return)
    assert "Could not read 'lots'" in widget.feedback.text()
    assert widget.item.result().steps == 0 and book.items() == []


def test_exam_mode_holds_feedback_until_the_item_is_done(make: Any, qtbot: Any) -> None:
    widget = make("deck-count-1", count=1, mode=Mode.EXAM)
    hands = widget.item.hands
    for number, hand in enumerate(hands):
        type_answer(qtbot, widget, "n" if hand.fault is None else "y")
        if number < len(hands) - 1:
            assert widget.feedback.text() == "Answer taken."
    assert widget.feedback.text().startswith("Item score 0 %")
    assert "• " in widget.feedback.text()


def test_the_clock_runs_against_the_target(make: Any, qtbot: Any, clock: FakeClock) -> None:
    widget = make("deck-count-4")
    clock.now += 3.0
    qtbot.waitUntil(lambda: "3.0 s" in widget.clock_label.text(), timeout=2000)
    assert f"target {widget.item.target_seconds:.0f} s" in widget.clock_label.text()
    with qtbot.waitSignal(widget.item_finished) as done:
        type_answer(qtbot, widget, str(widget.item.expected_total))
    assert done.args[0].seconds == 3.0


def test_a_new_set_with_the_same_seed_deals_the_same_items(make: Any, qtbot: Any) -> None:
    widget = make("deck-count-3")
    first = widget.item.text
    widget.new_set.click()
    assert widget.number == 1 and widget.item.text == first
    widget.start(seed=8)
    assert widget.item.text != first


def test_open_deck_count_names_a_missing_card_file(qtbot: Any, tmp_path: Path, book: ScoreBook) -> None:
    (tmp_path / "cards" / "classic").mkdir(parents=True)
    for name in (rank + suit for rank in "23456789TJQKA" for suit in "cdhs"):
        (tmp_path / "cards" / "classic" / f"{name}.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="35"><rect width="25" height="35"/></svg>')
    with pytest.raises(AssetError, match=re.escape("back-red.svg: the file is missing")):
        open_deck_count(None, book, assets=tmp_path)


def test_a_set_of_given_items_plays_them_in_order(make: Any, qtbot: Any) -> None:
    widget = make("deck-count-1")
    hand = FoldedHand.of(5, parse_cards("As Kd 7c"), "blue", HandFault.THREE_CARDS)
    widget.start(items=[HandCountItem([hand], "blue")])
    assert widget.title.text().startswith("1 of 1 · Level 1")
    assert len(widget.view.card_items()) == 3
    with qtbot.waitSignal(widget.item_finished) as done:
        type_answer(qtbot, widget, "3")
    assert done.args[0].perfect


def test_open_deck_count_uses_the_settings_deck_backs(qtbot: Any, book: ScoreBook) -> None:
    widget = open_deck_count(None, book, settings=Settings(deck_backs=("green", "black"), four_colour=True))
    qtbot.addWidget(widget)
    assert widget.drill.colours == ("green", "black")
    assert widget.view.four_colour and widget.view.art.face_path(FULL_DECK[0], True).parent.name == "four-colour"


def test_the_spread_uses_the_tables_card_items(make: Any) -> None:
    from trainer.gui.table import CardItem

    widget = make("deck-count-4")
    cards = widget.view.card_items()
    assert cards and all(isinstance(card, CardItem) for card in cards)
    assert not any(card.acceptedMouseButtons() for card in cards)  # a spread is read, not clicked
