"""Every amount the trainer expects is one a trainee can give back (rules-notes §5), proved over random hands.

- ``settle``'s procedure for a random hand of every game (the three games of rules-notes §1b, and a room's own
  house and player-dealer tables with every side bet, a room's pay tables with odds such as "1 to 3", meters and
  wagers with cents), sent as JSON text to ``grade`` with the dealer's announcement, is all right: no mistake,
  nothing missed.
- Every expected amount of every drill situation is accepted back by ``grade`` (the engine's steps, as JSON) and read
  to the same amount by the quiz's answer grammar (:mod:`trainer.drills.answers`, which the table's drill form
  reads too) and by the settlement panel's amount entry (:func:`trainer.quiz.amounts.read_amount`).
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.drills.answers import read_action, read_money, read_step
from trainer.drills.payouts import LEVELS, PayoutQuestion
from trainer.drills.scenario_round import Scenario
from trainer.drills.scenarios import SITUATIONS
from trainer.engine.amounts import SMALLEST_UNIT
from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.games import game_named
from trainer.engine.paytables import Odds, PayLine, Paytable, PaytableRegistry, load_paytables
from trainer.engine.settlement import Step, format_money
from trainer.engine.table import WAGER_ORDER, TableRules
from trainer.engine.wagers import Action
from trainer.quiz.amounts import read_amount
from trainer.quiz.grade import grade_request
from trainer.settle_io import dumps, settle_request

PROPERTY = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CATEGORY_LINES = ("royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
                  "three of a kind")


def room_paytables() -> PaytableRegistry:
    """The shipped pay tables and a room's own, whose odds give fractions of a cent on most stakes."""
    registry = load_paytables().copy()

    def table(table_id: str, kind: Any, lines: list[tuple[str, str]]) -> Paytable:
        return Paytable(table_id, kind, f"Room {table_id}", "a room's own table",
                        tuple(PayLine(hand, hand, Odds.parse(odds)) for hand, odds in lines))

    odd = ["7 to 3", "5 to 4", "11 to 6", "9 to 7", "13 to 9", "4 to 3", "1 to 3"]
    registry.add(table("ROOM-T", "trips", list(zip(CATEGORY_LINES, odd, strict=True))))
    registry.add(table("ROOM-BB", "bad_beat", list(zip(CATEGORY_LINES, ["333 to 7", *odd[1:]], strict=True))))
    registry.add(table("ROOM-P", "pairs", [("aa", "7 to 3"), ("ace-face", "5 to 4"), ("other-pair", "1 to 3")]))
    registry.add(table("ROOM-PR", "progressive", [
        ("royal-first-5", "37.5%"), ("royal-first-7", "3.33%"), ("community-royal", "12.5%"),
        ("straight flush", "7 for 3"), ("four of a kind", "5 for 4"), ("full house", "4 for 3")]))
    return registry


PAYTABLES = room_paytables()
ROOM = {"trips": ("UTH-01", "UTH-02", "UTH-03", "UTH-04", "ROOM-T"),
        "bad_beat": ("BBB-01", "BBB-02", "BBB-03", "CA", "ROOM-BB"),
        "pairs": ("1", "2", "3", "4", "5", "6", "ROOM-P"), "progressive": ("01", "ROOM-PR")}
KINDS = ("wa", "ca", "ca-bad-beat", "room-house", "room-player-dealer")


def cents(low: Decimal, high: Decimal) -> st.SearchStrategy[Decimal]:
    return st.integers(int(low * 100), int(high * 100)).map(lambda value: Decimal(value) / 100)


def money(value: Decimal) -> float | int:
    """An amount as a JSON number, as a training room writes it (``33.33``)."""
    return int(value) if value == value.to_integral_value() else float(value)


@st.composite
def cards_of_a_round(draw: st.DrawFn, players: int) -> tuple[list[str], list[str], list[list[str]]]:
    """The dealer's two cards, the board and each player's two; one time in four the first player holds A♥ K♥ and
    the board brings Q♥ J♥ T♥ (a royal flush, of the first five cards or of seven)."""
    order = draw(st.permutations(FULL_DECK))
    if draw(st.integers(0, 3)) == 0:
        royal = [Card.parse(text) for text in ("Ah", "Kh", "Qh", "Jh", "Th")]
        rest = [card for card in order if card not in royal]
        where = draw(st.sampled_from([(0, 1, 2), (0, 1, 3), (1, 2, 4), (2, 3, 4)]))
        board: list[Card] = []
        spare = iter(rest[2:])
        for index in range(5):
            board.append(royal[2 + where.index(index)] if index in where else next(spare))
        others = [card for card in rest if card not in board]
        dealer = others[:2]
        holes = [royal[:2], *[others[2 + 2 * i: 4 + 2 * i] for i in range(players - 1)]]
    else:
        dealer, board = order[:2], order[2:7]
        holes = [order[7 + 2 * i: 9 + 2 * i] for i in range(players)]
    return [str(c) for c in dealer], [str(c) for c in board], [[str(c) for c in hole] for hole in holes]


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    """A random ``settle`` input of one of :data:`KINDS`."""
    kind = draw(st.sampled_from(KINDS))
    table: dict[str, Any] = {}
    house = kind in ("wa", "room-house")
    low, high = Decimal("0.01"), Decimal(5000)
    if kind in ("wa", "ca", "ca-bad-beat"):
        game = game_named(kind)
        table["game"] = kind
        side_bets = game.side_bets
        offered = {bet: game.paytables_of(bet) for bet in side_bets}
        if not house:
            table["collection_schedule"] = draw(st.sampled_from(game.fee_schedules))
            found_low, found_high = game.wager_limits(table["collection_schedule"])
            assert found_low is not None and found_high is not None
            low, high = found_low, found_high
        positions = game.positions
    else:
        side_bets = ("trips", "bad_beat", "pairs", "progressive") if house else ("trips", "bad_beat")
        offered = {bet: ROOM[bet] for bet in side_bets}
        table["banking"] = "house" if house else "player-dealer"
        positions = 7 if house else 8
        if draw(st.booleans()):
            table["round_payouts_to"] = money(draw(st.sampled_from([Decimal("0.25"), Decimal("0.5"), Decimal(1)])))
    for bet in side_bets:
        table[f"{bet}_paytable"] = draw(st.sampled_from(offered[bet]))
    seat_numbers = list(range(1, positions + 1))
    if not house:
        table["player_dealer_seat"] = draw(st.sampled_from(seat_numbers))
        table["player_dealer_bank"] = money(draw(cents(Decimal(1), Decimal(3000))))
        seat_numbers.remove(table["player_dealer_seat"])
    players = draw(st.lists(st.sampled_from(seat_numbers), min_size=1, max_size=min(5, len(seat_numbers)),
                            unique=True))
    dealer, board, holes = draw(cards_of_a_round(len(players)))
    progressive_stake = draw(cents(Decimal(1), Decimal(5)))  # one fixed amount a table (rules-notes §3)
    if "progressive" in side_bets:
        table["progressive_meter"] = money(draw(cents(Decimal(10000), Decimal(500000))))
        table["progressive_seed"] = money(draw(cents(Decimal(1000), Decimal(10000))))
    seats = []
    for number, hole in zip(players, holes, strict=True):
        ante = draw(cents(low, high / 4))
        seat: dict[str, Any] = {"seat": number, "hole": hole, "ante": money(ante), "blind": money(ante),
                                "play": money(ante * draw(st.sampled_from([0, 1, 2, 3, 4])))}
        if "trips" in side_bets and draw(st.booleans()):
            seat["trips"] = money(draw(cents(low, high)))
            if "bad_beat" in side_bets and draw(st.booleans()):
                seat["bad_beat"] = money(draw(cents(low, high)))
        if "pairs" in side_bets and draw(st.booleans()):
            seat["pairs"] = money(draw(cents(low, high)))
        if "progressive" in side_bets and draw(st.booleans()):
            seat["progressive"] = money(progressive_stake)
        seats.append(seat)
    return {"table": table, "dealer": dealer, "board": board, "seats": seats}


def steps_given(procedure: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``settle``'s procedure as a trainee's steps: every step but the coin-in ones, amounts as given."""
    return [{key: step[key] for key in ("seat", "wager", "action", "amount")}
            for step in procedure if step["phase"] != "coin-in"]


def is_whole_cents(value: float | int) -> bool:
    exact = Decimal(str(value))
    return exact == exact.quantize(SMALLEST_UNIT)


@PROPERTY
@given(hands())
def test_settles_procedure_for_a_random_hand_of_every_game_is_graded_all_right(hand: dict[str, Any]) -> None:
    settled = json.loads(dumps(settle_request(json.loads(json.dumps(hand)), PAYTABLES)))
    amounts = [step["amount"] for step in settled["procedure"]]
    amounts += [settled.get("progressive_meter") or 0, settled["collection_fee"] or 0]
    assert all(is_whole_cents(value) for value in amounts), amounts
    request = {"hand": hand, "dealer": {"hand": settled["dealer"]["hand"], "qualifies": settled["dealer"]["qualifies"]},
               "steps": steps_given(settled["procedure"])}
    graded = json.loads(dumps(grade_request(json.loads(json.dumps(request)), PAYTABLES)))
    wrong = [step for step in graded["steps"] if step["verdict"] != "right"]
    assert wrong == [] and graded["missed"] == [], (wrong, graded["missed"])
    assert graded["dealer"]["verdict"] == "right"
    assert graded["score"]["right"] == graded["score"]["steps"] == len(request["steps"]) + 1


BELOW_A_STRAIGHT = {"high card", "one pair", "two pair", "three of a kind"}


def either_way(hand: dict[str, Any], settled: dict[str, Any], step: dict[str, Any]) -> bool:
    """Whether rules-notes §2 allows push or return for ``step`` (worked out from the hand, not the grader): the
    house table's Ante refund pass; the player-dealer's unqualified Ante; once the bank is exhausted (the step
    is a return), a wager that pushes on its own: a tie's Ante, Play or Blind, the Blind of a win below a
    straight."""
    if step["action"] not in ("push", "return"):
        return False
    if hand["table"].get("banking", "house") == "house" and hand["table"].get("game") in (None, "wa"):
        return bool(step["phase"] == "refund")
    seat = next(seat for seat in settled["seats"] if seat["seat"] == step["seat"])
    unqualified_ante = not settled["dealer"]["qualifies"] and step["wager"] == "ante" and step["phase"] != "fold"
    tie = step["wager"] in ("ante", "play", "blind") and seat["result"] == "push"
    blind_below = step["wager"] == "blind" and seat["result"] == "win" and seat["hand"] in BELOW_A_STRAIGHT
    return unqualified_ante or (step["action"] == "return" and (tie or blind_below))


@PROPERTY
@given(hands(), st.randoms(use_true_random=False))
def test_push_or_return_where_the_rules_allow_either_is_graded_right(hand: dict[str, Any], rng: Any) -> None:
    settled = json.loads(dumps(settle_request(json.loads(json.dumps(hand)), PAYTABLES)))
    steps = steps_given(settled["procedure"])
    swapped = 0
    for given_step, step in zip(steps, [s for s in settled["procedure"] if s["phase"] != "coin-in"], strict=True):
        if either_way(hand, settled, step) and rng.random() < 0.7:
            given_step["action"] = "return" if step["action"] == "push" else "push"
            swapped += 1
    request = {"hand": hand, "steps": steps}
    graded = grade_request(json.loads(json.dumps(request)), PAYTABLES)
    wrong = [step for step in graded["steps"] if step["verdict"] != "right"]
    assert wrong == [] and graded["missed"] == [], (swapped, wrong)


def table_json(table: TableRules) -> dict[str, Any]:
    """A drill's table as a ``settle`` input's ``table``."""
    out: dict[str, Any] = {"banking": table.banking.value, "progressive_seed": money(table.progressive_seed),
                           "bad_beat_on_fold": table.bad_beat_on_fold,
                           "progressive_on_fold": table.progressive_on_fold}
    for bet in ("trips", "bad_beat", "pairs", "progressive"):
        if table.game is None or game_named(table.game).paytables_of(bet):  # a game's table names only its own
            out[f"{bet}_paytable"] = getattr(table, f"{bet}_paytable")
    for key in ("progressive_meter", "player_dealer_bank", "min_wager", "max_wager", "round_payouts_to"):
        value = getattr(table, key)
        if value is not None:
            out[key] = money(value)
    for key in ("player_dealer_seat", "collection_schedule", "game"):
        if getattr(table, key) is not None:
            out[key] = getattr(table, key)
    if table.room_wager_order or table.wager_order != WAGER_ORDER:
        out["wager_order"] = list(table.wager_order)
    return out


def hand_json(scenario: Scenario) -> dict[str, Any]:
    seats = [{"seat": seat.seat, "hole": [str(card) for card in seat.hole],
              **{wager: money(getattr(seat, wager)) for wager in WAGER_ORDER}} for seat in scenario.seats]
    return {"table": table_json(scenario.table), "dealer": [str(card) for card in scenario.dealer],
            "board": [str(card) for card in scenario.board], "seats": seats}


def typed_forms(amount: Decimal) -> list[str]:
    """An amount as a trainee types it: ``49.99``, ``$4,382.71``, ``7.50``."""
    plain = f"{amount:f}"
    return [plain, format_money(amount), f"{amount:.2f}"]


def assert_read_back(step: Step) -> None:
    """The step's amount, typed every way, is read to the same amount by every reader a trainee types into."""
    for text in typed_forms(step.amount):
        assert read_amount(text) == step.amount, text
        assert read_money(text) == step.amount, text
        assert read_action(f"{step.action.value} {text}") == (step.action, step.amount), text
        if step.action is Action.PAY:
            assert read_action(text) == (Action.PAY, step.amount), text
        assert read_step(f"{step.seat} {step.wager.value.replace('_', ' ')} {step.action.value} {text}") == (
            step.seat, step.wager, step.action, step.amount), text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SITUATIONS)), st.integers(0, 999_999))
def test_every_expected_amount_of_every_drill_situation_is_accepted_back(name: str, seed: int) -> None:
    scenario = SITUATIONS[name].generate(seed)
    settlement = scenario.settlement
    for step in settlement.procedure:
        assert step.amount == step.amount.quantize(SMALLEST_UNIT), step
        assert_read_back(step)
    request = {"hand": hand_json(scenario),
               "dealer": {"hand": settlement.dealer.category.label, "qualifies": settlement.dealer_qualifies},
               "steps": [{"seat": step.seat, "wager": step.wager.value, "action": step.action.value,
                          "amount": money(step.amount)} for step in settlement.procedure if step.phase != "coin-in"]}
    graded = json.loads(dumps(grade_request(json.loads(json.dumps(request)))))
    assert [step for step in graded["steps"] if step["verdict"] != "right"] == [] and graded["missed"] == []


def test_every_payout_of_the_payout_drill_is_whole_cents_and_read_back() -> None:
    for level in LEVELS:
        for odds in level.odds:
            for stake in level.stakes:
                payout = PayoutQuestion(Odds.parse(odds), stake).payout
                assert payout == payout.quantize(SMALLEST_UNIT)
                for text in typed_forms(payout):
                    assert read_money(text) == payout and read_amount(text) == payout, text
