"""Single-decision drills: one hand, one short question ("Seat 4: what happens to the Blind, and how much?").

The hand comes from the scenario generator, the answer from the engine's settlement. A wrong answer is not
asked again: the right one is shown with the rule (in exam mode only at the end), and the next hand comes.
Also here: announcing the dealer's hand (and who wins when the kicker decides), the deal order of each
dealing procedure, and the player-dealer's collection fee.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from trainer.drills.answers import (
    ACTION_HINT,
    DEALER_HINT,
    MONEY_HINT,
    read_action,
    read_dealer_hand,
    read_money,
)
from trainer.drills.base import Feedback, Question
from trainer.drills.scenario_round import Scenario, table_line, table_text
from trainer.drills.scenarios import SITUATIONS, variant_plan
from trainer.drills.settlement_drills import GROUPS, hand_title
from trainer.drills.situations_table import step_of, table_action
from trainer.engine.dealing import Target, deal_order
from trainer.engine.evaluator import Category
from trainer.engine.settlement import format_money
from trainer.engine.wagers import Action, Wager
from trainer.engine.words import action_verb, hand_name, schedule_title, the_wager
from trainer.i18n import plain
from trainer.i18n.translation import N_, _, pgettext, speaking
from trainer.quiz.judging import accepted_actions
from trainer.scoring import ErrorKind, ItemResult, Mistake, Mode

Clock = Callable[[], float]
RESULT_HINT = N_("win, lose or tie (the seat against the dealer)")
PLACE_HINT = N_("seat N, dealer, flop, turn, river or rack: e.g. 'seat 3', '3', 'dealer', 'flop'")


@dataclass(frozen=True)
class Ask:
    """One question of an item and how to check it: ``check(value)`` returns the mistake, or None when right."""

    prompt: str
    parse: Callable[[str], Any]
    hint: str
    check: Callable[[Any], Mistake | None]
    right: str
    expected: Any = None
    """The right answer as the parser returns it (what a perfect trainee gives)."""


class DecisionItem:
    """A hand and a few short questions; each answer is taken as given and scored."""

    def __init__(self, drill: str, title: str, text: str, asks: Sequence[Ask], mode: Mode,
                 clock: Clock = time.monotonic, scenario: Scenario | None = None, item: str | None = None) -> None:
        self.drill, self.title, self.text, self.mode = drill, title, text, mode
        self.item = title if item is None else item
        """What the scores keep: the title in English (the store reads the hand's seed from it)."""
        self.scenario = scenario
        self.asks = list(asks)
        self._index = 0
        self._mistakes: list[Mistake] = []
        self._wrong = 0
        self._clock = clock
        self._started = clock()
        self._finished: float | None = None

    def next_question(self) -> Question | None:
        if self._index >= len(self.asks):
            return None
        ask = self.asks[self._index]
        return Question(ask.prompt, ask.parse, ask.hint)

    @property
    def current(self) -> Ask | None:
        """The question being asked (None when the item is done)."""
        return self.asks[self._index] if self._index < len(self.asks) else None

    def answer(self, value: Any) -> Feedback:
        ask = self.asks[self._index]
        mistake = ask.check(value)
        self._index += 1
        if self._index >= len(self.asks):
            self._finished = self._clock()
        if mistake is None:
            return Feedback(True, _("Right: {answer}").format(answer=ask.right))
        self._mistakes.append(mistake)
        self._wrong += 1
        if self.mode is Mode.EXAM:
            return Feedback(False, _("Noted."), (mistake,))
        return Feedback(False, _("{kind}: the answer is {answer} ({rule})").format(
            kind=mistake.kind.label, answer=ask.right, rule=mistake.rule), (mistake,))

    def result(self) -> ItemResult:
        seconds = (self._finished or self._clock()) - self._started
        return ItemResult(self.drill, self.item, self._index, self._index - self._wrong, tuple(self._mistakes),
                          seconds, self.mode)


# -- questions -----------------------------------------------------------------------------------------------


def wager_ask(scenario: Scenario, seat: int, wager: Wager) -> Ask:
    """``Seat 4: what happens to the Blind, and how much?`` checked against the engine's step."""
    step = step_of(scenario.settlement, seat, wager)
    if step is None:
        raise ValueError(f"seat {seat} has no {wager.label} wager")
    accepted = accepted_actions(step)
    right = _("{actions} {amount}").format(actions=_(" or ").join(action_verb(action) for action in accepted),
                                           amount=format_money(step.amount))

    def check(value: tuple[Action, Decimal | None]) -> Mistake | None:
        action, amount = value
        given = action_verb(action) + (f" {format_money(amount)}" if amount is not None else "")
        if action not in accepted:
            return Mistake(ErrorKind.WRONG_ACTION, right, given, step.rule, step.topic)
        if (amount is None and action is Action.PAY) or (amount is not None and amount != step.amount):
            return Mistake(ErrorKind.WRONG_AMOUNT, right, given, step.rule, step.topic)
        return None

    prompt = _("Seat {seat}: what happens to {wager}, and how much?").format(seat=seat, wager=the_wager(wager))
    return Ask(prompt, read_action, ACTION_HINT, check, right, (step.action, step.amount))


def dealer_ask(scenario: Scenario) -> Ask:
    result = scenario.settlement
    right = (_("{hand} ({category}), qualifies") if result.dealer_qualifies else
             _("{hand} ({category}), does not qualify")).format(hand=result.dealer.describe(),
                                                               category=hand_name(result.dealer.category.label))

    def check(value: tuple[Category, bool]) -> Mistake | None:
        category, qualifies = value
        if category is result.dealer.category and qualifies == result.dealer_qualifies:
            return None
        given = (_("{hand}, qualifies") if qualifies else _("{hand}, does not qualify")).format(
            hand=hand_name(category.label))
        return Mistake(ErrorKind.WRONG_DEALER_HAND, right, given,
                       _("The dealer qualifies with a pair or better; name the best five of seven cards"),
                       "dealer-hand")

    return Ask(_("Dealer's hand?"), read_dealer_hand, DEALER_HINT, check, right,
               (result.dealer.category, result.dealer_qualifies))


def read_result(text: str) -> str | None:
    """``win`` / ``lose`` / ``tie`` (``player``, ``dealer``, ``push`` too)."""
    words = plain(text).replace(",", " ").split()
    for word in words:
        for result, names in (("win", ("win", "wins", "player", "w", "gana", "ganar", "jugador")),
                              ("lose", ("lose", "loses", "dealer", "l", "pierde", "perder", "crupier")),
                              ("push", ("tie", "ties", "push", "pushes", "chop", "t", "empata", "empatar", "empate"))):
            if word in names:
                return result
    return None


def versus_ask(scenario: Scenario, seat: int) -> Ask:
    hand = scenario.settlement.seat(seat)
    word = result_word(hand.result)
    dealer = scenario.settlement.dealer
    right = _("{result} ({hand}: {cards} against the dealer's {dealer})").format(
        result=word, hand=hand.hand.describe(), cards=" ".join(map(str, hand.hand.cards)),
        dealer=" ".join(map(str, dealer.cards)))

    def check(value: str) -> Mistake | None:
        if value == hand.result:
            return None
        given = result_word(value)
        return Mistake(ErrorKind.WRONG_ANSWER, word, given,
                       _("Compare the best five cards, then the kickers in order; equal five-card hands tie"),
                       "dealer-hand")

    return Ask(_("Seat {seat} against the dealer: win, lose or tie?").format(seat=seat), read_result, RESULT_HINT,
               check, right, hand.result)


def fee_ask(scenario: Scenario) -> Ask:
    fee = scenario.settlement.collection_fee
    assert fee is not None
    total = table_action(scenario)
    rule = _("{schedule}: total table action {total} (every Ante, Blind, Trips and Bad Beat; Play never "
             "counts)").format(schedule=schedule_title(scenario.table.collection_schedule),
                               total=format_money(total))

    def check(value: Decimal) -> Mistake | None:
        if value == fee:
            return None
        return Mistake(ErrorKind.WRONG_AMOUNT, format_money(fee), format_money(value), rule, "player-dealer")

    return Ask(_("Collection fee the player-dealer pays before the deal?"), read_money, MONEY_HINT, check,
               _("{fee} on {total} of table action").format(fee=format_money(fee), total=format_money(total)), fee)


def read_place(text: str) -> tuple[str, int | None] | None:
    """``seat 3`` / ``3`` → ("seat", 3); ``dealer``, ``flop``, ``turn``, ``river``, ``board``, ``rack``."""
    words = plain(text).replace(",", " ").replace("seat", " ").replace("asiento", " ").split()
    if len(words) != 1:
        return None
    word = words[0]
    if word.isascii() and word.isdigit() and len(word) <= 2 and 1 <= int(word) <= 8:
        return "seat", int(word)
    aliases = {"dealer": "dealer", "player-dealer": "dealer", "pd": "dealer", "flop": "flop", "turn": "turn",
               "river": "river", "board": "board", "community": "board", "rack": "rack", "discard": "rack",
               "discards": "rack", "crupier": "dealer", "jugador-crupier": "dealer", "tablero": "board",
               "comunitarias": "board", "bandeja": "rack", "descartes": "rack"}
    return (aliases[word], None) if word in aliases else None


def _place_of(target: Target) -> tuple[str, int | None]:
    if target.kind == "seat":
        return "seat", target.seat
    if target.kind == "board":
        return ("flop", "flop", "flop", "turn", "river")[target.slot], None
    return target.kind, None


def _place_words(place: tuple[str, int | None]) -> str:
    if place[0] == "seat":
        return _("seat {seat}").format(seat=place[1])
    return _(_PLACE_WORDS.get(place[0], place[0]))


_PLACE_WORDS = {"dealer": N_("dealer"), "flop": N_("flop"), "turn": N_("turn"), "river": N_("river"),
                "board": N_("board"), "rack": N_("rack")}


def deal_ask(scenario: Scenario, number: int) -> Ask:
    order = deal_order(scenario.procedure, [seat.seat for seat in scenario.seats])
    target = order[number - 1]
    place = _place_of(target)
    right = _("{place} ({target})").format(place=_place_words(place), target=target)

    def check(value: tuple[str, int | None]) -> Mistake | None:
        board = place[0] in ("flop", "turn", "river") and value[0] == "board"
        if value == place or board:
            return None
        return Mistake(ErrorKind.WRONG_ANSWER, _place_words(place), _place_words(value),
                       _("{procedure}: {description}").format(procedure=scenario.procedure.label,
                                                             description=scenario.procedure.description),
                       "deal-order")

    return Ask(_("The {ordinal} card out of the deck goes where?").format(ordinal=_ordinal(number)), read_place,
               PLACE_HINT, check, right, place)


def _ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return _("{number}th").format(number=number)
    if number % 10 == 1:
        return _("{number}st").format(number=number)
    if number % 10 == 2:
        return _("{number}nd").format(number=number)
    if number % 10 == 3:
        return _("{number}rd").format(number=number)
    return _("{number}th").format(number=number)


def result_word(result: str) -> str:
    """A seat's result against the dealer as the trainee answers it: ``win``, ``lose``, ``tie``."""
    if result == "win":
        return pgettext("result against the dealer", "win")
    if result == "lose":
        return pgettext("result against the dealer", "lose")
    return pgettext("result against the dealer", "tie")


def deal_text(scenario: Scenario) -> str:
    seats = ", ".join(str(seat.seat) for seat in scenario.seats)
    procedure = scenario.procedure.label if scenario.table.is_house else _(
        "{procedure} (player-dealer in seat {seat})").format(procedure=scenario.procedure.label,
                                                             seat=scenario.table.player_dealer_seat)
    return _("Procedure: {procedure}\nSeats with an Ante and a Blind: {seats}\n"
             "Count the cards as they leave the deck: the first card is card 1.").format(procedure=procedure,
                                                                                       seats=seats)


# -- drills --------------------------------------------------------------------------------------------------

AskMaker = Callable[[Scenario, random.Random], tuple[str, list[Ask]]]


@dataclass(frozen=True)
class DecisionDrill:
    """Hands of some situations, each with a few short questions made by ``asks``."""

    name: str
    group: str
    description: str
    situations: tuple[str, ...]
    asks: AskMaker

    def items(self, rng: random.Random, count: int, mode: Mode,
              clock: Clock = time.monotonic) -> Iterator[DecisionItem]:
        plan = variant_plan([SITUATIONS[name] for name in self.situations], rng, count)
        seeds = [rng.randrange(1_000_000) for __ in plan]
        for (situation, variant), seed in zip(plan, seeds, strict=True):
            scenario = situation.generate(seed, variant)
            text, asks = self.asks(scenario, random.Random(seed))
            with speaking("en"):
                item = hand_title(scenario, situation)
            yield DecisionItem(self.name, hand_title(scenario, situation), text, asks, mode, clock, scenario, item)


def focus_wager_asks(wagers: Sequence[Wager] | None = None) -> AskMaker:
    """One question: the focus seat's focus wager (or one of ``wagers``)."""
    def make(scenario: Scenario, rng: random.Random) -> tuple[str, list[Ask]]:
        seat = scenario.focus_seat
        assert seat is not None and scenario.focus_wager is not None
        wager = rng.choice(list(wagers)) if wagers else scenario.focus_wager
        return table_text(scenario), [wager_ask(scenario, seat, wager)]
    return make


def dealer_hand_asks(scenario: Scenario, rng: random.Random) -> tuple[str, list[Ask]]:
    asks = [dealer_ask(scenario)]
    live = [seat.seat for seat in scenario.seats if not seat.folded]
    seat = scenario.focus_seat or (rng.choice(live) if live else None)
    if seat is not None:
        asks.append(versus_ask(scenario, seat))
    return table_text(scenario), asks


def deal_order_asks(scenario: Scenario, rng: random.Random) -> tuple[str, list[Ask]]:
    dealt = 2 * len(scenario.seats) + 2 + 5
    numbers = sorted(rng.sample(range(1, dealt + 1), 3))
    return deal_text(scenario), [deal_ask(scenario, number) for number in numbers]


def fee_text(scenario: Scenario) -> str:
    """The table before the deal: each seat's Ante, Blind, Trips and Bad Beat (no cards yet, no Play)."""
    lines = [table_line(scenario), _("The wagers before the deal:")]
    for seat in scenario.seats:
        wagers = [(wager, seat.stake(wager)) for wager in (Wager.ANTE, Wager.BLIND, Wager.TRIPS, Wager.BAD_BEAT)]
        lines.append(_("Seat {seat}: {wagers}").format(seat=seat.seat, wagers=", ".join(
            f"{wager.label} {format_money(amount)}" for wager, amount in wagers if amount)))
    return "\n".join(lines)


def fee_asks(scenario: Scenario, rng: random.Random) -> tuple[str, list[Ask]]:
    return fee_text(scenario), [fee_ask(scenario)]


DRILLS = (
    DecisionDrill("blind-quick", GROUPS["blind"], N_("One seat's Blind: pay how much, push or take"),
                  ("blind",), focus_wager_asks()),
    DecisionDrill("qualification-quick", GROUPS["qualification"],
                  N_("Dealer does not qualify: one seat's Ante, Play or Blind"), ("dealer-does-not-qualify",),
                  focus_wager_asks((Wager.ANTE, Wager.PLAY, Wager.BLIND))),
    DecisionDrill("trips-quick", GROUPS["trips"], N_("One seat's Trips: pay how much or take"),
                  ("trips-shapes", "trips-lines"), focus_wager_asks()),
    DecisionDrill("bad-beat-quick", GROUPS["bad-beat"], N_("One seat's Bad Beat: pay how much or take"),
                  ("bad-beat-player-loses", "bad-beat-dealer-loses", "bad-beat-misses"), focus_wager_asks()),
    DecisionDrill("pairs-quick", GROUPS["pairs"], N_("One seat's Pairs Bonus: pay how much or take"),
                  ("pairs",), focus_wager_asks()),
    DecisionDrill("progressive-quick", GROUPS["progressive"], N_("One seat's Progressive: pay how much or take"),
                  ("progressive",), focus_wager_asks()),
    DecisionDrill("collection-fee", GROUPS["player-dealer"],
                  N_("The player-dealer's collection fee at the edges of the schedule's brackets"),
                  ("collection-fee",), fee_asks),
    DecisionDrill("dealer-hand", GROUPS["dealer-hand"],
                  N_("Announce the dealer's hand and whether it qualifies; who wins when the kicker decides"),
                  ("dealer-hand",), dealer_hand_asks),
    DecisionDrill("deal-order", GROUPS["deal-order"], N_("Deal order: where the Nth card out of the deck goes, "
                     "for each dealing procedure"), ("deal-order",), deal_order_asks),
)
