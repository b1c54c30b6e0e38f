"""The deck-count drill: every level deals valid and faulty spreads from a seed, scores a perfect answer 100 %
and names each mistake (rules notes §6–7)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.typed import of_kind, present
from trainer.drills import deck_count as dc
from trainer.drills.base import Feedback
from trainer.drills.deck_count import (
    DRILLS,
    CountDownItem,
    DeckCheckItem,
    DeckCountItem,
    FoldedHand,
    HandAnswer,
    HandCountItem,
    HandFault,
    RoundCountItem,
    Spread,
    count_down_spread,
    deck_spread,
    make_item,
    rack_tally,
)
from trainer.drills.deck_count.answers import CountAnswer
from trainer.engine.cards import FULL_DECK, Card, parse_cards
from trainer.engine.dealing import DECK_SIZE, Procedure, cards_unloaded
from trainer.scoring import ErrorKind, ItemResult, Mode


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def answer_key(item: DeckCountItem) -> list[Any]:
    """The right answers of ``item``, in the order its questions come."""
    if isinstance(item, HandCountItem):
        return [HandAnswer(hand.fault is None) for hand in item.hands]
    if isinstance(item, RoundCountItem):
        return [item.deck_colour, item.expected_unloaded, item.tally.whole_deck]
    if isinstance(item, DeckCheckItem):
        if item.whole_deck:
            return [True]
        return [False, item.missing, item.extra] + (["floor"] if item.extra else [])
    assert isinstance(item, CountDownItem)
    return [CountAnswer(item.expected_total, floor=item.irregular)]


def run(item: DeckCountItem, answers: list[Any]) -> list[Feedback]:
    """Give ``answers`` one per question; the feedback of each."""
    feedback: list[Feedback] = []
    for value in answers:
        assert item.next_question() is not None, "the item ended before every answer was given"
        feedback.append(item.answer(value))
    return feedback


def kinds(item: DeckCountItem) -> list[ErrorKind]:
    return [mistake.kind for mistake in item.result().mistakes]


def hands(*faults: HandFault | None, colour: str = "red") -> list[FoldedHand]:
    deck = iter(FULL_DECK)
    result = []
    for seat, fault in enumerate(faults, start=1):
        count = 2 if fault is None else fault.cards
        result.append(FoldedHand.of(seat, [next(deck) for _ in range(count)], colour, fault))
    return result


# -- every level from a seed ---------------------------------------------------------------------------------


@pytest.mark.parametrize("level", [1, 2, 3, 4])
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_same_seed_deals_the_same_item(level: int, difficulty: int) -> None:
    first = make_item(level, random.Random(11), difficulty)
    again = make_item(level, random.Random(11), difficulty)
    assert first.text == again.text
    assert answer_key(first) == answer_key(again)
    first.next_question()
    again.next_question()
    assert first.spread == again.spread


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_seeds_deal_both_valid_and_faulty_items(level: int) -> None:
    faulty = []
    for seed in range(60):
        item = make_item(level, random.Random(seed), 3)
        faulty.append(is_faulty(item))
    assert any(faulty) and not all(faulty)


def is_faulty(item: DeckCountItem) -> bool:
    if isinstance(item, HandCountItem):
        return any(hand.fault for hand in item.hands)
    if isinstance(item, RoundCountItem):
        return not item.tally.whole_deck
    if isinstance(item, DeckCheckItem):
        return not item.whole_deck
    return item.expected_total != DECK_SIZE


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), level=st.integers(1, 4), difficulty=st.integers(1, 3),
       mode=st.sampled_from(list(Mode)))
def test_a_perfect_answer_scores_100_percent(seed: int, level: int, difficulty: int, mode: Mode) -> None:
    item = make_item(level, random.Random(seed), difficulty, mode=mode)
    feedback = run(item, answer_key(item))
    assert item.next_question() is None
    assert all(f.correct and not f.mistakes for f in feedback)
    result = item.result()
    assert result.score == 100.0 and result.perfect and result.mode is mode


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), difficulty=st.integers(1, 3))
def test_saying_all_is_well_on_a_faulty_spread_is_a_missed_fault(seed: int, difficulty: int) -> None:
    item = of_kind(make_item(3, random.Random(seed), difficulty), DeckCheckItem)
    run(item, [True])
    assert item.next_question() is None
    assert kinds(item) == ([] if item.whole_deck else [ErrorKind.MISSED_FAULT])


# -- spreads -------------------------------------------------------------------------------------------------


def test_a_spread_needs_a_back_colour_for_every_card() -> None:
    with pytest.raises(ValueError, match="back colours"):
        Spread(FULL_DECK[:2], False, ("red",))


def test_a_stuck_card_lies_under_the_next_card() -> None:
    with pytest.raises(ValueError, match="stuck"):
        Spread(FULL_DECK[:2], False, ("red", "red"), stuck=frozenset({1}))


def test_groups_must_add_up_to_the_cards() -> None:
    with pytest.raises(ValueError, match="add up"):
        Spread(FULL_DECK[:5], False, ("red",) * 5, groups=(2, 2))


def test_picture_shows_a_stuck_card_as_a_sliver_and_a_foreign_back_hollow() -> None:
    spread = Spread(FULL_DECK[:4], False, ("red", "red", "blue", "red"), stuck=frozenset({0}))
    assert spread.picture() == "▏▮▯▮"


def test_deck_in_suit_rows_puts_the_duplicate_beside_its_twin_with_the_other_back() -> None:
    spread = deck_spread(random.Random(0), "red", "blue", extra=Card("9d"))
    assert spread.count == 53 and spread.group_sizes == (13, 14, 13, 13)
    twin = [i for i, card in enumerate(spread.cards) if card == Card("9d")]
    assert twin[1] == twin[0] + 1
    assert [spread.backs[i] for i in twin] == ["red", "blue"]


def test_deck_in_random_order_is_rows_of_about_thirteen() -> None:
    spread = deck_spread(random.Random(0), "red", "blue", missing=Card("2c"), suit_order=False)
    assert spread.count == 51 and sum(spread.group_sizes) == 51 and not spread.labels
    assert Card("2c") not in spread.cards
    assert spread.cards != tuple(c for c in FULL_DECK if c != Card("2c"))


def test_count_down_in_fives_groups_the_cards_by_five() -> None:
    spread = count_down_spread(random.Random(5), 47, "blue", "red", grouped=True)
    assert spread.group_sizes == (5,) * 9 + (2,)
    assert set(spread.backs) == {"blue"}


# -- level 1: hand count -------------------------------------------------------------------------------------


def test_hand_count_confirming_every_two_card_hand_scores_100() -> None:
    item = HandCountItem(hands(None, None, None), "red")
    run(item, [HandAnswer(True)] * 3)
    assert item.result().score == 100.0 and item.result().steps == 3


@pytest.mark.parametrize("fault", list(HandFault))
def test_hand_count_flagging_a_faulty_hand_is_right(fault: HandFault) -> None:
    item = HandCountItem(hands(None, fault), "red")
    run(item, [HandAnswer(True), HandAnswer(False, fault.cards)])
    assert item.result().perfect


@pytest.mark.parametrize("fault", list(HandFault))
def test_hand_count_passing_a_faulty_hand_is_a_missed_fault(fault: HandFault) -> None:
    item = HandCountItem(hands(fault), "red")
    (feedback,) = run(item, [HandAnswer(True)])
    assert not feedback.correct
    (mistake,) = item.result().mistakes
    assert mistake.kind is ErrorKind.MISSED_FAULT
    assert mistake.given == "two cards" and mistake.expected.startswith("flag it")


def test_hand_count_a_stuck_card_is_named_with_the_card_it_is_under() -> None:
    cards = parse_cards("As Kd 7c")
    hand = FoldedHand.of(4, cards, "blue", HandFault.STUCK_CARD, stuck_under=2)
    assert hand.spread.stuck == frozenset({1}) and hand.spread.count == 3
    assert hand.describe() == "three cards, one stuck under the second"


def test_hand_count_flagging_a_good_hand_is_a_false_alarm() -> None:
    item = HandCountItem(hands(None), "red")
    run(item, [HandAnswer(False)])
    assert kinds(item) == [ErrorKind.FALSE_ALARM] and item.result().score == 0.0


def test_hand_count_flagging_with_the_wrong_count_is_a_miscount() -> None:
    item = HandCountItem(hands(HandFault.STUCK_CARD), "red")
    run(item, [HandAnswer(False, 4)])
    (mistake,) = item.result().mistakes
    assert mistake.kind is ErrorKind.MISCOUNT and mistake.expected.startswith("3 cards")


def test_hand_count_shows_each_hand_as_it_is_asked() -> None:
    item = HandCountItem(hands(None, HandFault.THREE_CARDS, HandFault.ONE_CARD), "red")
    shown = []
    while item.next_question() is not None:
        shown.append(present(item.spread).count)
        item.answer(HandAnswer(True))
    assert shown == [2, 3, 1]


def test_hand_answers_are_read_from_y_n_and_counts() -> None:
    read = dc.parse_hand_answer
    assert read("y") == HandAnswer(True) and read("2") == HandAnswer(True, 2)
    assert read("N") == HandAnswer(False) and read("3") == HandAnswer(False, 3)
    assert read("maybe") is None


# -- level 2: round count ------------------------------------------------------------------------------------


def round_item(tally_fault: Any = None, seats: tuple[int, ...] = (1, 3, 5), round_number: int = 4,
               **options: Any) -> RoundCountItem:
    tally = rack_tally(seats, [3], tally_fault)
    return RoundCountItem(seats, Procedure.SHUFFLER, round_number, ("red", "blue"), tally, **options)


def test_round_count_unloaded_cards_come_from_the_engine() -> None:
    item = round_item(seats=(1, 2, 3, 4, 5, 6, 7))
    assert item.expected_unloaded == cards_unloaded(7) == 31


def test_a_house_table_never_has_8_seats_in_the_round_count() -> None:
    for seed in range(300):
        item = RoundCountItem.deal(random.Random(seed), difficulty=2)
        if item.procedure in (Procedure.ACE, Procedure.DECK_MATE):
            assert len(item.seats) <= 7 and max(item.seats) <= 7, seed
        else:
            assert len(item.seats) <= 7, seed


def test_deck_mate_has_no_unload_step_the_dealer_still_holds_52_minus_2n_minus_2() -> None:
    tally = rack_tally((1, 3, 5), [3], hand_held=True)
    item = RoundCountItem((1, 3, 5), Procedure.DECK_MATE, 4, ("red", "blue"), tally)
    assert item.expected_unloaded == 52 - 2 * 3 - 2 == 44
    item.next_question()
    item.answer(item.deck_colour)
    question = item.next_question()
    assert question is not None and "still hold" in question.prompt and "unloaded" not in question.prompt
    assert item.answer(44).correct
    assert "stub" in tally.describe() and "unloaded" not in tally.describe()


def test_round_count_decks_alternate_round_by_round() -> None:
    assert round_item(round_number=1).deck_colour == "red"
    assert round_item(round_number=2).deck_colour == "blue"
    assert round_item(round_number=7).deck_colour == "red"
    assert round_item(round_number=4).last_deck == "red"


def test_round_count_perfect_answers_score_100() -> None:
    item = round_item()
    run(item, ["blue", 39, True])
    assert item.result().perfect and item.result().steps == 3


def test_round_count_each_mistake_is_named() -> None:
    item = round_item()
    run(item, ["red", 41, False])
    assert kinds(item) == [ErrorKind.WRONG_DECK, ErrorKind.MISCOUNT, ErrorKind.FALSE_ALARM]
    wrong_deck, miscount, _ = item.result().mistakes
    assert (wrong_deck.expected, wrong_deck.given) == ("the blue deck", "the red deck")
    assert (miscount.expected, miscount.given) == ("39 cards", "41 cards")
    assert item.result().score == 0.0


@pytest.mark.parametrize("part", ["unloaded", "folded", "settled", "dealer", "board"])
def test_round_count_a_rack_short_of_a_card_is_not_a_whole_deck(part: Any) -> None:
    item = round_item(part)
    assert item.tally.total == 51 and not item.tally.whole_deck
    run(item, ["blue", 39, True])
    (mistake,) = item.result().mistakes
    assert mistake.kind is ErrorKind.MISSED_FAULT and part in mistake.expected


def test_round_count_shows_the_deal_face_down_with_seats_dealer_and_board() -> None:
    item = round_item()
    item.next_question()
    assert item.spread is None  # the deck question comes before the cards are out: their backs would tell
    item.answer("blue")
    spread = item.spread
    assert spread is not None and not spread.face_up
    assert spread.labels == ("seat 1", "seat 3", "seat 5", "dealer", "board")
    assert spread.group_sizes == (2, 2, 2, 2, 5) and set(spread.backs) == {"blue"}


def test_colour_answers_take_the_first_letter() -> None:
    read = dc.colour_parser(("red", "blue"))
    assert read("R") == "red" and read("blue") == "blue" and read("green") is None and read("") is None


# -- level 3: deck check -------------------------------------------------------------------------------------


def check_item(missing: str | None = None, extra: str | None = None, suit_order: bool = True) -> DeckCheckItem:
    spread = deck_spread(random.Random(3), "red", "blue", missing=Card(missing) if missing else None,
                         extra=Card(extra) if extra else None, suit_order=suit_order)
    return DeckCheckItem(spread, "red", "blue")


def test_deck_check_a_whole_deck_is_one_step() -> None:
    item = check_item()
    run(item, [True])
    assert item.next_question() is None and item.result().perfect and item.result().steps == 1


def test_deck_check_missing_card_named_scores_100() -> None:
    item = check_item(missing="Qh")
    run(item, [False, (Card("Qh"),), ()])
    assert item.next_question() is None and item.result().perfect


def test_a_card_with_the_other_decks_back_is_an_irregularity_call_the_floor() -> None:
    item = check_item(extra="As", suit_order=False)
    run(item, [False, (), (Card("As"),)])
    question = item.next_question()
    assert question is not None and question.parse("call the floor") == "floor"
    turned = [present(item.spread).cards[i] for i in present(item.spread).turned]
    assert turned == [Card("As"), Card("As")]
    feedback = item.answer("floor")
    assert feedback.correct and item.result().perfect


def test_putting_the_other_decks_card_back_yourself_is_wrong() -> None:
    item = check_item(extra="As", suit_order=False)
    run(item, [False, (), (Card("As"),)])
    feedback = item.answer("back")
    assert not feedback.correct
    assert "call the floor" in feedback.mistakes[0].rule


def test_deck_check_naming_the_wrong_card_is_a_wrong_card() -> None:
    item = check_item(missing="Qh", extra="As")
    run(item, [False, (Card("Qd"),), (Card("As"),), "back"])
    assert kinds(item) == [ErrorKind.WRONG_CARD, ErrorKind.WRONG_DECK]
    wrong_card, wrong_deck = item.result().mistakes
    assert (wrong_card.expected, wrong_card.given) == ("missing Qh", "missing Qd")
    assert wrong_deck.expected == "stop and call the floor"


def test_deck_check_missing_and_extra_still_makes_52_cards() -> None:
    item = check_item(missing="Qh", extra="As")
    assert item.deck_spread.count == 52 and not item.whole_deck
    run(item, [True])
    (mistake,) = item.result().mistakes
    assert mistake.kind is ErrorKind.MISSED_FAULT
    assert "missing Qh" in mistake.expected and "extra As (blue back)" in mistake.expected


def test_deck_check_saying_a_whole_deck_is_short_is_a_false_alarm() -> None:
    item = check_item()
    run(item, [False, (), ()])
    assert kinds(item) == [ErrorKind.FALSE_ALARM]


def test_deck_check_wrong_extra_card_asks_no_deck_question() -> None:
    item = check_item(extra="As")
    run(item, [False, (), (Card("Ks"),)])
    assert item.next_question() is None and kinds(item) == [ErrorKind.WRONG_CARD]


def test_card_answers_read_a_card_or_none() -> None:
    read = dc.parse_cards_or_none
    assert read("qh") == (Card("Qh"),) and read("10s") == (Card("Ts"),) and read("-") == () and read("zz") is None


# -- level 4: count down -------------------------------------------------------------------------------------


def test_count_down_a_miscount_names_both_totals() -> None:
    item = CountDownItem(count_down_spread(random.Random(1), 51, "red", "blue"), "red")
    (feedback,) = run(item, [52])
    (mistake,) = item.result().mistakes
    assert not feedback.correct and mistake.kind is ErrorKind.MISCOUNT
    assert (mistake.expected, mistake.given) == ("51 cards: call the floor", "52 cards")


def test_count_down_a_stuck_card_still_counts() -> None:
    spread = count_down_spread(random.Random(1), 52, "red", "blue", stuck=frozenset({20}))
    item = CountDownItem(spread, "red")
    run(item, [52])
    assert item.result().perfect


# -- timing --------------------------------------------------------------------------------------------------


def test_an_item_is_timed_from_the_first_question_to_the_last_answer() -> None:
    clock = FakeClock()
    item = CountDownItem(count_down_spread(random.Random(1), 52, "red", "blue"), "red", clock=clock)
    clock.now += 50  # before the first question: not counted
    item.next_question()
    clock.now += 12.5
    feedback = item.answer(52)
    clock.now += 99  # after the last answer: not counted
    assert item.result().seconds == 12.5
    assert item.target_seconds == 26.0 and item.on_target
    assert "Time 12.5 s, target 26 s: on target." in feedback.message


def test_an_item_over_its_target_says_so() -> None:
    clock = FakeClock()
    item = HandCountItem(hands(None, None), "red", clock=clock)
    item.next_question()
    item.answer(HandAnswer(True))
    item.next_question()
    clock.now += 7
    feedback = item.answer(HandAnswer(True))
    assert item.target_seconds == 6.0 and not item.on_target and "over target" in feedback.message


def test_an_item_cut_short_scores_the_steps_answered() -> None:
    clock = FakeClock()
    item = HandCountItem(hands(None, HandFault.ONE_CARD, None), "red", clock=clock)
    run(item, [HandAnswer(True)])
    clock.now += 4
    result = item.result()
    assert (result.steps, result.correct, result.seconds) == (1, 1, 4.0)


# -- the drills ----------------------------------------------------------------------------------------------


def test_drills_are_the_mixed_drill_and_one_per_level() -> None:
    assert [d.name for d in DRILLS] == ["deck-count", "deck-count-1", "deck-count-2", "deck-count-3", "deck-count-4"]


def test_mixed_drill_takes_the_levels_in_turn_harder_each_pass() -> None:
    items = list(DRILLS[0].items(random.Random(7), 9, Mode.PRACTICE))
    assert [item.level.number for item in items] == [1, 2, 3, 4, 1, 2, 3, 4, 1]
    assert [item.difficulty for item in items] == [1, 1, 1, 1, 2, 2, 2, 2, 3]
    assert all(item.drill == "deck-count" for item in items)


def test_one_level_drill_grows_harder_through_the_set() -> None:
    items = [of_kind(item, DeckCheckItem) for item in DRILLS[3].items(random.Random(7), 6, Mode.EXAM)]
    assert {item.level.number for item in items} == {3}
    assert [item.difficulty for item in items] == [1, 1, 2, 2, 3, 3]
    assert items[0].in_suit_order and not items[-1].in_suit_order


def test_drill_items_replay_from_the_seed() -> None:
    first = [item.text for item in DRILLS[0].items(random.Random(42), 8, Mode.PRACTICE)]
    again = [item.text for item in DRILLS[0].items(random.Random(42), 8, Mode.PRACTICE)]
    other = [item.text for item in DRILLS[0].items(random.Random(43), 8, Mode.PRACTICE)]
    assert first == again and first != other


def test_results_go_to_the_score_book_with_the_drill_name() -> None:
    from trainer.scoring import ScoreBook

    book = ScoreBook()
    heard: list[ItemResult] = []
    book.subscribe(heard.append)
    item = next(iter(DRILLS[4].items(random.Random(1), 1, Mode.SPEED)))
    run(item, answer_key(item))
    book.record(item.result())
    assert heard[0].drill == "deck-count-4" and heard[0].mode is Mode.SPEED and heard[0].score == 100.0


def test_guided_mode_says_how_to_work_the_answer_out() -> None:
    item = round_item(mode=Mode.GUIDED)
    item.next_question()
    item.answer("blue")
    assert "52 − 2 × 3 seats − 2 dealer − 5 community" in present(item.next_question()).prompt


# -- an off count is an irregularity (rules-notes §7) -------------------------------------------------------------


def _answer(item: CountDownItem, value: CountAnswer) -> Feedback:
    present(item.next_question())
    return item.answer(value)


def _count_down_items(seed: int, count: int) -> list[CountDownItem]:
    drill = next(drill for drill in DRILLS if drill.name == "deck-count-4")
    return [item for item in drill.items(random.Random(seed), count, Mode.PRACTICE)
            if isinstance(item, CountDownItem)]


def test_deck_count_4_an_off_count_is_an_irregularity_stop_and_call_the_floor_never_a_right_count() -> None:
    """Rules-notes §7: the stub unloaded after a deal is 52 − 2 per seat − 2 − 5, a deck 52; "a card with the other
    deck's back, or any miscount, is an irregularity: the right answer is to stop and call the floor supervisor"."""
    seen = 0
    for seed in (4, 13, 16, 19, 32, 35, 1, 2):
        for item in _count_down_items(seed, 6):
            must = item.due_total
            if item._stub_for is not None:
                seats = item._stub_for[0]
                assert must == 52 - 2 * seats - 2 - 5
            else:
                assert must == 52
            if item.expected_total == must:
                continue
            seen += 1
            counted = _answer(item, CountAnswer(item.expected_total))
            assert not counted.correct, "a count the round cannot leave is never a right count"
            assert counted.mistakes[0].kind is ErrorKind.MISSED_FAULT and "floor" in counted.message
    assert seen >= 4
    stub = next(item for item in _count_down_items(4, 4) if item._stub_for is not None)
    assert stub.due_total == 35 and stub.expected_total == 34, "seed 4: a California Bad Beat deal to 5 players"
    floor = _answer(stub, CountAnswer(34, floor=True))
    assert floor.correct and "35" in floor.message and "floor" in floor.message


def test_deck_count_4_fifty_three_cards_one_with_the_other_back_is_a_floor_call() -> None:
    """Seed 001 Decks 2 d, seed 003 3 d: only one deck in the rack at a time; rules-notes §7: the floor."""
    item = CountDownItem(count_down_spread(random.Random(1), 53, "red", "blue", grouped=True), "red")
    assert item.stack.backs.count("blue") == 1 and item.irregular
    assert not _answer(item, CountAnswer(53)).correct
    again = CountDownItem(count_down_spread(random.Random(1), 53, "red", "blue", grouped=True), "red")
    assert _answer(again, CountAnswer(None, floor=True)).correct


def test_deck_count_4_a_whole_deck_is_counted_not_reported() -> None:
    item = CountDownItem(count_down_spread(random.Random(3), 52, "red", "blue"), "red")
    false_alarm = _answer(item, CountAnswer(52, floor=True))
    assert not false_alarm.correct and false_alarm.mistakes[0].kind is ErrorKind.FALSE_ALARM
