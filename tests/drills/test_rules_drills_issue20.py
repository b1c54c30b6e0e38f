"""The drill corrections of issue 20, one test per corrected statement: the answers come from the documents and
rules-notes (the call, the fee and COIN IN before the deal in either order; one Progressive stake per table; a
shuffler can fail at any moment, a Deck Mate never mid-deal; the controller adjusts the meter only for the
royals; count-down stubs of a game of the documents; the side bets a seed 003 table offers)."""

from __future__ import annotations

import random
import string

from tests.typed import of_kind, present, two_cards
from trainer.drills.decision_drills import Ask, DecisionItem
from trainer.drills.deck_count import CountDownItem
from trainer.drills.procedures import DRILLS
from trainer.drills.procedures.catalogue import procedure_named
from trainer.drills.procedures.ordering import order_asks, procedure_choices
from trainer.scoring import Mode

PROCEDURE_ORDER = next(drill for drill in DRILLS if drill.name == "procedure-order")


def _letters_in_order(text: str, steps: list[str]) -> list[str]:
    """The letter of each step of ``steps`` in the item's shuffled list."""
    shown = {line[3:]: line[0] for line in text.splitlines() if line[:1] in string.ascii_uppercase
             and line[1:3] == ". "}
    return [shown[step] for step in steps]


def _answer(asks: list[Ask], letters: list[str]) -> list[bool]:
    return [ask.check(letter) is None for ask, letter in zip(asks, letters, strict=False)]


# -- 1. "No more bets", then the fee, then the deal; either order accepted -----------------------------------


def test_procedure_order_teaches_no_more_bets_then_the_fee_then_the_deal() -> None:
    steps = [step.text for step in procedure_named("before-the-deal-player-dealer").steps]
    assert steps[1] == 'Call "No more bets"'
    assert steps[2].startswith("Take the collection fee") and steps[3].startswith("Deal the cards")


def test_procedure_order_accepts_the_fee_before_no_more_bets_too() -> None:
    doc = procedure_named("before-the-deal-player-dealer")
    texts = [step.text for step in doc.steps]
    for seed in range(20):
        text, asks = order_asks(doc.steps, random.Random(seed), "collection", doc.either_order)
        letters = _letters_in_order(text, texts)
        assert _answer(asks, letters) == [True, True, True], "the taught order"
        text, asks = order_asks(doc.steps, random.Random(seed), "collection", doc.either_order)
        swapped = [letters[0], letters[2], letters[1]]
        assert _answer(asks, swapped) == [True, True, True], "the fee first, then the call"


def test_procedure_order_does_not_take_the_same_step_twice_or_the_deal_before_the_fee() -> None:
    doc = procedure_named("before-the-deal-player-dealer")
    texts = [step.text for step in doc.steps]
    text, asks = order_asks(doc.steps, random.Random(1), "collection", doc.either_order)
    letters = _letters_in_order(text, texts)
    assert _answer(asks, [letters[0], letters[1], letters[1]]) == [True, True, False]
    text, asks = order_asks(doc.steps, random.Random(1), "collection", doc.either_order)
    assert _answer(asks, [letters[0], letters[3]]) == [True, False]


def test_procedure_order_drill_items_of_the_fee_accept_both_orders() -> None:
    seen = 0
    for seed in range(200):
        item = next(PROCEDURE_ORDER.items(random.Random(seed), 1, Mode.EXAM))
        if "Before the deal at a player-dealer table" not in item.text:
            continue
        seen += 1
        texts = [step.text for step in procedure_named("before-the-deal-player-dealer").steps]
        letters = _letters_in_order(item.text, texts)
        for letter in (letters[0], letters[2], letters[1]):
            assert item.answer(letter).correct
        assert item.result().perfect
    assert seen >= 3


def test_procedure_order_asks_the_player_dealers_showdown_when_it_does_not_qualify() -> None:
    keys = {choice.key for choice in procedure_choices()}
    assert "showdown-player-dealer-not-qualified" in keys
    steps = procedure_named("showdown-player-dealer-not-qualified").steps
    texts = [step.text for step in steps]
    assert "does not qualify" in texts[0]
    assert texts.index("Signal a push for the Ante and return the Ante wager") < next(
        index for index, text in enumerate(texts) if text.startswith("Resolve the Play"))
    assert all("seed 001" in step.citation and "seed 003" in step.citation for step in steps)


# -- 4. one Progressive stake per table (rules-notes §3) -------------------------------------------------------


def test_every_drill_table_has_one_progressive_stake() -> None:
    """Every situation of every drill, every variant, several seeds: the Progressive is one fixed amount a table."""
    from trainer.drills.scenarios import SITUATIONS

    tables_with_two = 0
    for situation in SITUATIONS.values():
        for variant in situation.variants:
            for seed in range(8):
                scenario = situation.generate(seed, variant)
                stakes = {seat.progressive for seat in scenario.seats if seat.progressive > 0}
                assert len(stakes) <= 1, (situation.name, variant, seed, stakes)
                tables_with_two += sum(seat.progressive > 0 for seat in scenario.seats) > 1
    assert tables_with_two > 10, "tables with several Progressive wagers were dealt"


def test_progressive_quick_seed_3_item_3_has_one_progressive_stake() -> None:
    """``quiz --topic progressive-quick --seed 3 --count 8``, item 3 had $1 and $5 at one table."""
    from trainer.drills.base import drill_named

    drill = drill_named("progressive-quick")
    items = [of_kind(item, DecisionItem) for item in drill.items(random.Random(3), 8, Mode.PRACTICE)]
    for item in items:
        scenario = present(item.scenario)
        assert len({seat.progressive for seat in scenario.seats if seat.progressive > 0}) == 1, item.text


def test_every_irregularity_and_player_hand_table_has_one_progressive_stake() -> None:
    import re

    from trainer.drills.base import drill_named

    seen = 0
    for topic in ("irregularity", "player-hand", "progressive", "pairs", "order"):
        for item in drill_named(topic).items(random.Random(11), 20, Mode.PRACTICE):
            stakes = set(re.findall(r"Progressive (\$[\d,.]+)", item.text))
            assert len(stakes) <= 1, (topic, item.text)
            seen += len(stakes)
    assert seen > 10


def test_every_run_round_table_has_one_progressive_stake() -> None:
    from trainer.drills.whole_round import round_item

    for seed in range(40):
        played = round_item(seed, Mode.PRACTICE, rate=0.0).run.played
        assert len({bets.progressive for bets in played.bets if bets.progressive > 0}) <= 1


# -- 6. a shuffler can fail at any moment; a Deck Mate never with a card of this deck in it -----------------------


def test_a_shuffler_can_fail_at_any_moment_all_hands_void_each_document_cited_for_what_it_says() -> None:
    """Seed 002 Irregularities: "In the event of a shuffler malfunction, all hands are void" (seed 004 says it of
    the ACE); rules-notes §6: the shuffler keeps working on the other deck during the round (seed 001 Decks 2 b, seed
    003 3 b), so a fault can come at any moment. A Deck Mate delivers the whole deck before the first card (seed 002
    Deck Mate 1): never in the middle of the deal, and never cited to seed 004."""
    from trainer.drills.base import drill_named

    drill = drill_named("irregularity")
    moments: set[str] = set()
    deck_mate = ace = 0
    for seed in (2, 3, 4, 5):
        for item in drill.items(random.Random(seed), 60, Mode.PRACTICE):
            if "shuffler-malfunction" not in getattr(item, "item", ""):  # the kept name (the title hides it)
                continue
            asks = of_kind(item, DecisionItem).asks
            assert asks[0].expected == "void" and "all hands are void" in asks[0].right
            assert "any moment" in asks[0].right
            moments.update(moment for moment in ("before the first card", "in the middle of the deal",
                                                 "after the flop") if moment in item.text)
            if "Deck Mate" in item.text:
                deck_mate += 1
                assert "in the middle of the deal" not in item.text
                assert "seed 004" not in asks[0].right and "seed 004" not in asks[1].right
            else:
                ace += 1
                assert "seed 004 Irregularities" in asks[0].right
    assert deck_mate > 3 and ace > 3
    assert moments == {"before the first card", "in the middle of the deal", "after the flop"}


# -- 8. the controller adjusts the meter only for the royals (rules-notes §4) -------------------------------------


def _controller_items(count: int = 400) -> list[tuple[str, str, list[Ask]]]:
    from trainer.drills.procedures.questions import controller_asks

    return [controller_asks(random.Random(seed)) for seed in range(count)]


def test_controller_drill_varies_the_winning_hand_over_every_progressive_line() -> None:
    from trainer.engine.paytables import load_paytables

    labels = {line.label.lower() for line in load_paytables().progressive("01").lines}
    seen = {label for _, text, _ in _controller_items() for label in labels if f", {label}: " in text}
    assert seen == labels


def test_controller_adjusts_the_meter_only_for_the_royals_paid_from_it() -> None:
    """A royal first 5 / first 7 (100 % / 5 %): the meter step lowers the meter; a fixed "for 1" pay comes from
    the tray and the step due leaves the meter as it is."""
    asked = {"meter": 0, "tray": 0}
    for _, text, asks in _controller_items(1500):
        right = asks[0].right
        if "A Progressive wins" not in text or "meter" not in right:
            continue
        royal_from_meter = "%)" in text.splitlines()[0]
        if royal_from_meter:
            assert "lowered by the royal's award" in right and "left as it is" not in right
            asked["meter"] += 1
        else:
            assert "left as it is" in right and "from the tray" in right and "lowered" not in right
            asked["tray"] += 1
    assert asked["meter"] > 2 and asked["tray"] > 2


def test_controller_offers_both_meter_steps_so_the_trainee_chooses() -> None:
    for _, text, _ in _controller_items(60):
        if "What can come next" in text:
            assert "left as it is" in text and "lowered by the royal's award" in text


# -- 9. deck-count-4 deals no more players than a game of the documents --------------------------------------------


def test_deck_count_4_never_deals_to_more_players_than_a_game_of_the_documents() -> None:
    """Washington: 7 seats at most; seed 003: 7 players and the player-dealer; seed 001: 5 and the player-dealer."""
    import re

    from trainer.drills.base import drill_named
    from trainer.engine.dealing import cards_unloaded

    most = {"Washington": 7, "California Ultimate Texas Hold'em Bad Beat Bonus": 5,
            "California Ultimate Texas Hold'em": 7}
    seen: dict[str, set[int]] = {}
    for seed in range(1, 120):
        for item in drill_named("deck-count-4").items(random.Random(seed), 10, Mode.PRACTICE):
            found = re.search(r"a deal to (\d+) players? and the dealer \((.+?)\)", item.text)
            if found is None:
                continue
            players, title = int(found.group(1)), found.group(2)
            game = next(name for name in most if title.startswith(name))
            assert 1 <= players <= most[game], item.text
            seen.setdefault(game, set()).add(players)
            assert abs(of_kind(item, CountDownItem).expected_total - cards_unloaded(players)) <= 1
    assert {game: max(counts) for game, counts in seen.items()} == most


# -- 10. a seed 003 table names its own side bets when it refuses one -------------------------------------------


def test_seed_003_table_refusing_a_side_bet_names_only_trips() -> None:
    from decimal import Decimal

    from trainer.drills.procedures.questions import engine_refusal
    from trainer.engine.games import game_named
    from trainer.engine.wagers import SeatHand

    table = game_named("ca").table_rules(collection_schedule="uth-1", player_dealer_seat=1,
                                         player_dealer_bank=Decimal(1000))
    d = Decimal
    for extra in ({"bad_beat": d(5)}, {"pairs": d(5)}, {"progressive": d(5)}):
        seat = SeatHand(2, two_cards("2c 3d"), d(10), d(10), trips=d(5), **extra)
        refusal = engine_refusal(table, seat) or ""
        assert "which offers only Trips" in refusal and "Trips and Bad Beat" not in refusal, refusal
        assert "California Ultimate Texas Hold'em" in refusal


def test_seed_001_table_refusing_a_side_bet_names_trips_and_bad_beat() -> None:
    from decimal import Decimal

    from trainer.drills.procedures.questions import engine_refusal
    from trainer.engine.games import game_named
    from trainer.engine.wagers import SeatHand

    d = Decimal
    table = game_named("ca-bad-beat").table_rules(collection_schedule="bb-1", player_dealer_seat=1,
                                                  player_dealer_bank=d(1000), min_wager=d(1), max_wager=d(1000))
    seat = SeatHand(2, two_cards("2c 3d"), d(10), d(10), trips=d(5), progressive=d(5))
    assert (engine_refusal(table, seat) or "").endswith("which offers only Trips and Bad Beat")


def test_wager_allowed_drill_never_says_a_seed_003_table_offers_bad_beat() -> None:
    from trainer.drills.procedures.questions import wager_asks

    seen = 0
    for seed in range(600):
        _, text, asks = wager_asks(random.Random(seed))
        if text.startswith("California Ultimate Texas Hold'em (seed 003)") and "not offered" in asks[0].right:
            seen += 1
            assert "Bad Beat side bets" not in asks[0].right and "which offers only Trips" in asks[0].right
    assert seen > 3


# -- 11. the lessons say what the drills grade ---------------------------------------------------------------------


def _lesson(topic: str) -> str:
    """The lesson's text as one line (quote marks of its "Trainer's reading" blocks left out)."""
    from trainer.lessons import load_lessons

    lines = [line.removeprefix(">").strip() for line in load_lessons()[topic].body.splitlines()]
    return " ".join(" ".join(lines).split())


def test_ante_play_lesson_collects_a_losing_player_dealer_hand_play_ante_blind() -> None:
    body = _lesson("ante-play")
    assert "collect the **Play, Ante and Blind, in that order**" in body
    assert "take the Ante, the Play and the Blind" not in body


def test_order_lesson_does_not_call_a_side_bet_before_the_ante_a_mistake_on_a_house_table() -> None:
    body = _lesson("order")
    assert "- Paying a side bet before the Ante, Play and Blind of the same seat. " not in body
    assert "On a house-banked table that is not a mistake" in body


def test_lessons_say_where_seed_001_contradicts_itself_and_what_the_trainer_follows() -> None:
    for topic in ("ante-play", "order"):
        body = _lesson(topic)
        assert "contradicts itself" in body and "Method used to Determine Action" in body, topic
        assert "The trainer follows the procedure" in body and "Play, Ante and Blind" in body, topic


def test_each_decision_of_issue_20_is_stated_in_the_lesson_that_teaches_it() -> None:
    """The rules-notes decisions the drills now follow, each in its lesson (rules-notes: every decision is stated
    in the lesson that teaches the topic)."""
    assert "accepts the fee taken just before the call too" in _lesson("collection")
    assert "COIN IN and \"No more bets\" in either order" in _lesson("progressive-controller")
    assert "leaves the meter as it is" in _lesson("progressive-controller")
    assert "one amount a table" in _lesson("progressive")
    assert "A shuffler can fail **at any moment of the round**" in _lesson("irregularities")
    assert "Seven players is the most any game of the documents deals to" in _lesson("card-count")
    assert "Trips on the seed 003 table" in _lesson("player-dealer")


# -- what the documents ask that nothing drilled: the ACE's UTH mode, a fold tucked under its Pairs --------------


def test_procedure_order_asks_setting_the_ace_to_uth_mode_first() -> None:
    steps = procedure_named("ace-round").steps
    assert "UTH mode" in steps[0].text and "seed 004 Recommended Dealing Procedures 1" in steps[0].citation
    assert "ace-round" in {choice.key for choice in procedure_choices()}
    assert "UTH\" mode" in _lesson("dealing") or "'UTH' mode" in _lesson("dealing")


def test_procedure_order_asks_a_fold_tucked_under_its_pairs_wager() -> None:
    texts = [step.text for step in procedure_named("fold-with-pairs").steps]
    tuck = next(index for index, text in enumerate(texts) if text.startswith("Tuck the two hole cards"))
    remove = next(index for index, text in enumerate(texts) if text.startswith("Remove the losing wagers"))
    turn = next(index for index, text in enumerate(texts) if "turn the two cards up" in text)
    assert remove < tuck < turn
    assert "fold-with-pairs" in {choice.key for choice in procedure_choices()}
    assert "tucked face down under the Pairs chips until its turn" in _lesson("pairs")


# -- the Play wager, street by street (seed 001 §9–13) --------------------------------------------------------------


def test_play_wager_before_the_flop_is_3x_or_4x_on_the_flop_2x_on_the_river_1x() -> None:
    from trainer.drills.procedures.play_wager import PlayAct, Street, play_verdict

    for street, allowed in ((Street.PREFLOP, {3, 4}), (Street.FLOP, {2}), (Street.RIVER, {1})):
        for multiple in (1, 2, 3, 4, 5):
            assert play_verdict(street, 0, PlayAct("bet", multiple)).accepted == (multiple in allowed)


def test_play_wager_one_only_and_never_changed_once_made() -> None:
    from trainer.drills.procedures.play_wager import PlayAct, Street, play_verdict

    for street in (Street.FLOP, Street.RIVER):
        for made in (2, 3, 4):
            assert not play_verdict(street, made, PlayAct("bet", 1)).accepted
            assert not play_verdict(street, made, PlayAct("change", 1)).accepted
            assert "cannot bet again and they cannot change their bet" in play_verdict(
                street, made, PlayAct("change", 1)).citation


def test_play_wager_fold_only_on_the_river_and_no_check_there() -> None:
    from trainer.drills.procedures.play_wager import PlayAct, Street, play_verdict

    assert play_verdict(Street.RIVER, 0, PlayAct("fold")).accepted
    assert not play_verdict(Street.RIVER, 0, PlayAct("check")).accepted
    for street in (Street.PREFLOP, Street.FLOP):
        assert play_verdict(street, 0, PlayAct("check")).accepted
        assert not play_verdict(street, 0, PlayAct("fold")).accepted


def test_ante_play_lesson_play_wager_rows_follow_the_drills_rule() -> None:
    from trainer.drills.procedures.play_wager import PlayAct, Street, play_verdict
    from trainer.lessons import load_lessons

    body = load_lessons()["ante-play"].body
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in body.splitlines()
            if line.startswith("|") and not line.startswith("| ---")]
    start = rows.index(["street", "Play wager so far", "the player", "accept?"])
    streets = {street.label: street for street in Street}
    checked = 0
    for row in rows[start + 1:]:
        if row[0] not in streets:
            break  # the next table of the lesson
        street_text, so_far, act_text, accept = row
        made = 0 if so_far == "none" else int(so_far.rstrip("x"))
        words = act_text.split()
        if words[0] == "bets":
            act = PlayAct("bet", int(words[1].rstrip("x")))
        elif words[0] == "changes":
            act = PlayAct("change", int(words[-1].rstrip("x")))
        else:
            act = PlayAct("check" if words[0] == "checks" else "fold")
        assert play_verdict(streets[street_text], made, act).accepted == (accept == "yes"), (street_text, act_text)
        checked += 1
    assert checked >= 10


def test_play_wager_drill_items_score_100_percent_with_the_rules_answer() -> None:
    from trainer.drills.base import drill_named

    kinds: set[bool] = set()
    for item in drill_named("play-wager").items(random.Random(7), 40, Mode.EXAM):
        for ask in list(of_kind(item, DecisionItem).asks):
            kinds.add(ask.expected)
            assert item.answer(ask.expected).correct
        assert item.result().perfect
    assert kinds == {True, False}


def test_quiz_list_adds_the_new_drills_and_keeps_every_existing_line() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "trainer", "quiz", "--list"], capture_output=True, text=True,
                          check=True)
    names = [line.split("  ", 1)[0] for line in done.stdout.splitlines()]
    assert "play-wager" in names and "player-hand" in names
    assert names.index("irregularity") < names.index("play-wager") < names.index("order")
    assert names.index("deal-order") < names.index("player-hand") < names.index("deck-count")
    added = ("play-wager", "player-hand", "protection")  # lines only added: every earlier one as it was, in order
    assert [name for name in names if name not in added] == EXISTING_TOPICS


EXISTING_TOPICS = [
    "blind-quick", "qualification-quick", "trips-quick", "bad-beat-quick", "pairs-quick", "progressive-quick",
    "collection-fee", "dealer-hand", "deal-order", "deck-count", "deck-count-1", "deck-count-2", "deck-count-3",
    "deck-count-4", "payouts", "payouts-1", "payouts-2", "payouts-3", "payouts-4", "player-decision",
    "procedure-order", "wager-allowed", "who-banks", "controller", "irregularity", "order", "qualification", "blind",
    "trips", "bad-beat", "pairs", "progressive", "player-dealer", "run-round",
]
"""``quiz --list`` before issue 20, in its order: the contract's existing lines."""


# -- announcing each player's hand and whether it wins (seed 001 1c, seed 003 §10d) -------------------------------


def test_player_hand_reads_an_announcement_as_the_hand_and_the_result() -> None:
    from trainer.drills.decision_hands import read_announcement
    from trainer.engine.evaluator import Category

    assert read_announcement("two pair wins") == (Category.TWO_PAIR, "win")
    assert read_announcement("a pair of eights loses") == (Category.ONE_PAIR, "lose")
    assert read_announcement("flush ties") == (Category.FLUSH, "push")
    assert read_announcement("wins") is None and read_announcement("two pair") is None


def test_player_hand_asks_the_dealer_then_each_player_in_settlement_order_from_the_engine() -> None:
    from trainer.drills.base import drill_named

    results: set[str] = set()
    for item in drill_named("player-hand").items(random.Random(5), 80, Mode.EXAM):
        asks = list(of_kind(item, DecisionItem).asks)
        scenario = present(of_kind(item, DecisionItem).scenario)
        assert asks[0].prompt == "Dealer's hand?"
        seats = [int(ask.prompt.split()[1].rstrip(":")) for ask in asks[1:]]
        live = [seat.seat for seat in scenario.seats if not seat.folded]
        refund_first = scenario.table.is_house and not scenario.settlement.dealer_qualifies
        assert seats == ([] if refund_first else scenario.table.settlement_order(live))
        for ask, seat in zip(asks[1:], seats, strict=True):
            hand = scenario.settlement.seat(seat)
            assert ask.expected == (hand.hand.category, hand.result)
            results.add(hand.result)
        for ask in asks:
            assert item.answer(ask.expected).correct
        assert item.result().perfect
    assert results == {"win", "lose", "push"}


def test_player_hand_names_a_wrong_announcement_with_the_documents() -> None:
    from trainer.drills.base import drill_named
    from trainer.engine.evaluator import Category

    for item in drill_named("player-hand").items(random.Random(2), 20, Mode.PRACTICE):
        asks = list(of_kind(item, DecisionItem).asks)
        scenario = present(of_kind(item, DecisionItem).scenario)
        if len(asks) < 2:
            continue
        item.answer(asks[0].expected)
        category, result = asks[1].expected
        wrong = Category.HIGH_CARD if category is not Category.HIGH_CARD else Category.ONE_PAIR
        feedback = item.answer((wrong, result))
        assert not feedback.correct
        if scenario.table.is_house:
            assert "seed 002 ACE/iDeal 13" in feedback.message and "seed 001" not in feedback.message
        elif scenario.settlement.dealer_qualifies:
            assert "When player-dealer qualifies 1 b-c" in feedback.message or "Round of Play 10" in feedback.message
        else:
            assert "does not qualify 1 a-b" in feedback.message or "Round of Play 9 a-b" in feedback.message
            assert "qualifies 1 b-c" not in feedback.message


def test_player_hand_cites_the_house_procedure_on_house_tables_and_the_right_qualification_rule() -> None:
    """Seed 002 ACE/iDeal 13 (Deck Mate 11), seed 004 step 13 on a house table; seed 001/003 "does not qualify"
    when the player-dealer does not qualify."""
    from trainer.drills.base import drill_named
    from trainer.engine.evaluator import Category

    seen = {"house": 0, "not-qualified": 0}
    for seed in (1, 2, 11):
        for item in drill_named("player-hand").items(random.Random(seed), 12, Mode.PRACTICE):
            decision = of_kind(item, DecisionItem)
            scenario = present(decision.scenario)
            for ask in decision.asks[1:]:
                mistake = present(ask.check((Category.ROYAL_FLUSH, "push")))
                if scenario.table.is_house:
                    seen["house"] += 1
                    assert mistake.rule.startswith("seed 002 ACE/iDeal 13") and "seed 004" in mistake.rule
                    assert "seed 001" not in mistake.rule and "seed 003" not in mistake.rule
                elif not scenario.settlement.dealer_qualifies:
                    seen["not-qualified"] += 1
                    assert "qualifies 1" not in mistake.rule and "Round of Play 10" not in mistake.rule
    assert seen["house"] > 3 and seen["not-qualified"] > 0


def test_player_hand_asks_every_seat_in_settlement_order_and_no_hand_before_a_house_refund_pass() -> None:
    """Seed 001 When player-dealer qualifies 1 (each player, from the player-dealer's left), seed 002 ACE/iDeal 13
    (right to left): every player still in the hand; seed 002 ACE/iDeal 14: a house dealer who does not qualify
    refunds the Antes before looking at any player's hand, so the drill asks none."""
    from trainer.drills.base import drill_named

    most = 0
    for seed in (1, 2, 11):
        for item in drill_named("player-hand").items(random.Random(seed), 12, Mode.PRACTICE):
            decision = of_kind(item, DecisionItem)
            scenario = present(decision.scenario)
            live = [seat.seat for seat in scenario.seats if not seat.folded]
            asked = [int(ask.prompt.split()[1].rstrip(":")) for ask in decision.asks[1:]]
            if scenario.table.is_house and not scenario.settlement.dealer_qualifies:
                assert asked == [] and "refunded" in decision.asks[0].right
            else:
                assert asked == scenario.table.settlement_order(live)
                most = max(most, len(asked))
    assert most > 3
