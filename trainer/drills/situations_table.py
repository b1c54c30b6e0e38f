"""Situations about the table as a whole: settlement order, qualification, the player-dealer's bank and fee,
the dealer's hand, and the deal order. Each entry: name, topic, description, variants, build, verify."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

from trainer.drills.scenario_cards import exactly, fill_board, partial_board
from trainer.drills.scenario_round import (
    UNLIMITED_BANK,
    DoesNotFitError,
    Scenario,
    california_table,
    house_table,
    need,
    table_game,
)
from trainer.drills.situation_builder import SituationRound, retried
from trainer.engine.cards import Card
from trainer.engine.dealing import Procedure
from trainer.engine.evaluator import Category, evaluate
from trainer.engine.settlement import Settlement, Step, settle
from trainer.engine.table import TableRules
from trainer.engine.wagers import Action, Phase, Wager
from trainer.i18n.translation import N_


def step_of(settlement: Settlement, seat: int | None, wager: Wager) -> Step | None:
    """The engine's step for ``wager`` of ``seat`` (None when there is none)."""
    return next((step for step in settlement.procedure if step.seat == seat and step.wager is wager), None)


def settled_seats(settlement: Settlement) -> list[int]:
    """The seats in the order their settle-phase steps come, each once."""
    order: list[int] = []
    for step in settlement.procedure:
        if step.phase is Phase.SETTLE and step.seat not in order:
            order.append(step.seat)
    return order


# -- order ---------------------------------------------------------------------------------------------------


@retried
def build_house_order(rng: random.Random, variant: str) -> Scenario:
    b = SituationRound(rng, house_table(rng))
    b.board = fill_board(b.shoe, [])
    b.dealer = need(b.shoe.pick_hole(b.board, lambda _h, v: v.category >= Category.ONE_PAIR))
    numbers = sorted(rng.sample(b.open, rng.randint(4, 7)))
    folds = set(rng.sample(numbers, rng.randint(1, 2))) if variant == "with folds" else set()
    b.fillers(numbers, play="play", side_rate=0.35, folds=folds)
    return b.finish("house-order", variant, note="House table: folds first, then right to left, seat by seat")


def verify_house_order(scenario: Scenario, result: Settlement) -> bool:
    order = settled_seats(result)
    folds = [step for step in result.procedure if step.phase is Phase.FOLD]
    phases = [step.phase for step in result.procedure if step.phase is not Phase.COIN_IN]
    fold_first = phases == sorted(phases, key=lambda phase: phase is not Phase.FOLD)
    wanted_folds = bool(folds) if scenario.variant == "with folds" else not folds
    return (scenario.table.is_house and result.dealer_qualifies and len(scenario.seats) >= 4
            and order == sorted(order, reverse=True) and fold_first and wanted_folds)


PLAYER_DEALER_PLACES = ("player-dealer in the middle", "player-dealer at first base", "player-dealer at third base")


@retried
def build_player_dealer_order(rng: random.Random, variant: str) -> Scenario:
    def place(positions: int) -> int:
        return {PLAYER_DEALER_PLACES[0]: rng.randint(2, positions - 1), PLAYER_DEALER_PLACES[1]: 1,
                PLAYER_DEALER_PLACES[2]: positions}[variant]
    table = california_table(rng, place, UNLIMITED_BANK)
    banker = table.player_dealer_seat
    assert banker is not None
    b = SituationRound(rng, table)
    b.board = fill_board(b.shoe, [])
    b.dealer = need(b.shoe.pick_hole(b.board, lambda _h, v: v.category >= Category.ONE_PAIR))
    numbers = sorted(rng.sample(b.open, rng.randint(3, len(b.open))))
    if variant == PLAYER_DEALER_PLACES[0] and not (min(numbers) < banker < max(numbers)):
        numbers = sorted({*numbers, banker - 1, banker + 1})
    b.fillers(numbers, play="play", side_rate=0.35)
    bank = Decimal(rng.choice((2000, 3000, 5000)))
    return b.finish("player-dealer-order", variant, table=replace(table, player_dealer_bank=bank),
                    note="Player-dealer table: start on the player-dealer's left, go clockwise")


def verify_player_dealer_order(scenario: Scenario, result: Settlement) -> bool:
    table = scenario.table
    banker = table.player_dealer_seat
    if table.is_house or banker is None:
        return False
    order = settled_seats(result)
    expected = [n for n in sorted(order) if n > banker] + [n for n in sorted(order) if n < banker]
    wraps = any(n < banker for n in order) and any(n > banker for n in order)
    middle_ok = wraps if scenario.variant == PLAYER_DEALER_PLACES[0] else not wraps
    no_returns = all(step.action is not Action.RETURN for step in result.procedure)
    return order == expected and len(order) >= 3 and middle_ok and no_returns and result.dealer_qualifies


# -- qualification -------------------------------------------------------------------------------------------

QUALIFICATION = ("ante refund pass", "player loses Play and Blind", "player wins", "tie", "player-dealer table")


@retried
def build_qualification(rng: random.Random, variant: str) -> Scenario:
    b = SituationRound(rng, california_table(rng) if variant == "player-dealer table" else house_table(rng))
    b.board = fill_board(b.shoe, [])
    b.dealer = need(b.shoe.pick_hole(b.board, exactly(Category.HIGH_CARD)))
    dealer = evaluate((*b.dealer, *b.board))
    tests = {
        "player loses Play and Blind": lambda _h, v: v < dealer,
        "player wins": lambda _h, v: v > dealer,
        "tie": lambda _h, v: v == dealer,
    }
    focus = b.pick_focus()
    hole = need(b.shoe.pick_hole(b.board, tests.get(variant, lambda _h, _v: True)))
    b.add_seat(focus, hole, play="play", side=b.random_side(0.3))
    if variant in ("ante refund pass", "player-dealer table"):
        b.fill(2, 4, play="play", side_rate=0.3)
        if rng.random() < 0.5:
            b.fillers(b.open[4:5], play="fold")
    else:
        b.fill(0, 2)
    return b.finish("dealer-does-not-qualify", variant, focus_seat=focus, focus_wager=Wager.ANTE,
                    note="Dealer does not qualify: the Ante pushes; Play and Blind still play against the dealer's "
                         "hand")


def verify_qualification(scenario: Scenario, result: Settlement) -> bool:
    if result.dealer_qualifies:
        return False
    focus = scenario.focus_seat
    seat = result.seat(focus) if focus is not None else None
    ante, play, blind = (step_of(result, focus, wager) for wager in (Wager.ANTE, Wager.PLAY, Wager.BLIND))
    if seat is None or ante is None or play is None or blind is None or ante.action is not Action.PUSH:
        return False
    variant = scenario.variant
    if variant == "player loses Play and Blind":
        return seat.result == "lose" and play.action is Action.TAKE and blind.action is Action.TAKE
    if variant == "player wins":
        return seat.result == "win" and play.action is Action.PAY
    if variant == "tie":
        return seat.result == "push" and play.action is Action.PUSH and blind.action is Action.PUSH
    refunds = [step for step in result.procedure if step.phase is Phase.REFUND]
    if variant == "ante refund pass":
        phases = [step.phase for step in result.procedure if step.phase in (Phase.REFUND, Phase.SETTLE)]
        return (scenario.table.is_house and len(refunds) >= 3
                and phases == sorted(phases, key=lambda p: p is not Phase.REFUND))
    return not scenario.table.is_house and not refunds and len(scenario.seats) >= 3


# -- the player-dealer's bank and the collection fee ---------------------------------------------------------

BANK_LIMITS = ("bank runs out part way", "bank caps the player-dealer's winnings")


@retried
def build_bank_limits(rng: random.Random, variant: str) -> Scenario:
    runs_out = variant == BANK_LIMITS[0]
    table = california_table(rng, bank=UNLIMITED_BANK)
    b = SituationRound(rng, table)
    b.board = fill_board(b.shoe, [])
    b.dealer = need(b.shoe.pick_hole(b.board, lambda _h, v: v.category <= Category.TWO_PAIR) if runs_out
                    else b.shoe.pick_hole(b.board, lambda _h, v: v.category >= Category.TWO_PAIR))
    dealer = evaluate((*b.dealer, *b.board))
    test = (lambda _h, v: v > dealer) if runs_out else (lambda _h, v: v < dealer)
    for number in rng.sample(b.open, rng.randint(3, min(5, len(b.open)))):
        b.add_seat(number, need(b.shoe.pick_hole(b.board, test)), play="play", side=b.random_side(0.4))
    free = b.finish("bank-limits", variant, ample_bank=False)
    extreme = _bank_extreme(free.settlement, runs_out)
    if extreme <= Decimal(10):
        raise DoesNotFitError
    bank = max(Decimal(5), (extreme * Decimal(rng.uniform(0.35, 0.85)) / 5).quantize(Decimal(1)) * 5)
    limited = replace(free, table=replace(table, player_dealer_bank=bank),
                      note="The player-dealer never wins or loses more than the bank")
    if not verify_bank_limits(limited, limited.settlement):
        raise DoesNotFitError
    return limited


def _bank_extreme(result: Settlement, runs_out: bool) -> Decimal:
    """How far the player-dealer's running result goes (down when ``runs_out``, else up) with no bank limit."""
    running, extreme = Decimal(0), Decimal(0)
    for step in result.procedure:
        running -= step.net
        extreme = min(extreme, running) if runs_out else max(extreme, running)
    return abs(extreme)


def verify_bank_limits(scenario: Scenario, result: Settlement) -> bool:
    table = scenario.table
    if table.is_house or table.player_dealer_bank is None or result.player_dealer_net is None:
        return False
    bank = table.player_dealer_bank
    free = settle(replace(table, player_dealer_bank=UNLIMITED_BANK), scenario.dealer, scenario.board, scenario.seats)
    differing = [i for i, (a, b) in enumerate(zip(free.procedure, result.procedure, strict=True)) if a != b]
    if not differing or differing[0] == 0:
        return False
    if scenario.variant == BANK_LIMITS[0]:
        return result.player_dealer_net == -bank
    return result.player_dealer_net == bank


FEE_EDGES = ("just below a bracket", "at the start of a bracket")
FEE_ANTES = tuple(Decimal(v) for v in (1, 2, 5, 5, 10, 10, 15, 20, 25, 50, 100, 150, 200, 250, 300, 400, 500))


@retried
def build_collection_fee(rng: random.Random, variant: str) -> Scenario:
    table = california_table(rng, bank=UNLIMITED_BANK)
    schedule_id = table.collection_schedule
    assert schedule_id is not None
    brackets = table.paytables.collection(schedule_id).brackets
    lower = brackets[rng.randint(1, len(brackets) - 1)][0]
    total = lower if variant == FEE_EDGES[1] else lower - 1
    b = SituationRound(rng, table)
    b.board = fill_board(b.shoe, [])
    b.random_dealer()
    numbers = rng.sample(b.open, rng.randint(1, min(5, len(b.open))))
    for number, bets in zip(numbers, split_action(rng, total, len(numbers), table), strict=True):
        first, second = b.shoe.draw(2)
        b.add_seat(number, (first, second), ante=bets[0], amounts={"trips": bets[1], "bad_beat": bets[2]})
    bank = Decimal(rng.choice((2000, 3000, 5000)))
    return b.finish("collection-fee", variant, table=replace(table, player_dealer_bank=bank),
                    note=f"Collection fee by schedule {schedule_id} on the total table action")


def split_action(
    rng: random.Random, total: Decimal, seats: int, table: TableRules
) -> list[tuple[Decimal, Decimal, Decimal]]:
    """Ante, Trips and Bad Beat for each of ``seats`` so that every Ante, Blind, Trips and Bad Beat add up to
    ``total`` (whole dollars), every wager within the table's limits (seed 003's limit per spot) with room for a
    4x Play, and a Bad Beat only where the game offers it and the seat has Trips."""
    low = table.min_wager or Decimal(1)
    high = table.max_wager or total
    antes: list[Decimal] = []
    left = total
    for index in range(seats):
        others = seats - index - 1
        top = min((left - 2 * low * others) / 2, left / (seats - index) / 2, high / 4)
        choices = [ante for ante in FEE_ANTES if low <= ante <= top]
        if not choices:
            raise DoesNotFitError
        ante = rng.choice(choices) if index < seats - 1 else max(choices)
        antes.append(ante)
        left -= 2 * ante
    slots = seats * (2 if "bad_beat" in table_game(table).side_bets else 1)
    pieces = _pieces(rng, left, low, high, slots)
    trips = [Decimal(0)] * seats
    bad_beat = [Decimal(0)] * seats
    order = rng.sample(range(seats), seats)
    for number, piece in enumerate(pieces):
        if number < seats:
            trips[order[number]] = piece
        else:
            bad_beat[order[number - seats]] = piece
    return list(zip(antes, trips, bad_beat, strict=True))


def _pieces(rng: random.Random, amount: Decimal, low: Decimal, high: Decimal, most: int) -> list[Decimal]:
    """``amount`` cut into at most ``most`` whole-dollar pieces, each from ``low`` to ``high``."""
    if amount == 0:
        return []
    fewest = int((amount + high - 1) // high)
    largest = min(most, int(amount // low))
    if fewest > largest:
        raise DoesNotFitError
    count = rng.randint(fewest, largest)
    pieces = [low] * count
    rest = amount - low * count
    while rest > 0:
        index = rng.randrange(count)
        step = min(rest, high - pieces[index], Decimal(rng.choice((1, 5, 10, 25))))
        pieces[index] += step
        rest -= step
    return pieces


def table_action(scenario: Scenario) -> Decimal:
    """Every Ante, Blind, Trips and Bad Beat wager placed before the deal (Play never counts)."""
    return sum((seat.ante + seat.blind + seat.trips + seat.bad_beat for seat in scenario.seats), Decimal(0))


def verify_collection_fee(scenario: Scenario, result: Settlement) -> bool:
    table = scenario.table
    if table.is_house or table.collection_schedule is None or result.collection_fee is None:
        return False
    schedule = table.paytables.collection(table.collection_schedule)
    total = table_action(scenario)
    edge_ok = (schedule.fee_for(total) != schedule.fee_for(total - 1) if scenario.variant == FEE_EDGES[1]
               else schedule.fee_for(total) != schedule.fee_for(total + 1))
    return result.collection_fee == schedule.fee_for(total) and edge_ok


# -- the dealer's hand ---------------------------------------------------------------------------------------

DEALER_HANDS = (*(category.label for category in Category), "kicker decides", "pair on the board")
BY_LABEL = {category.label: category for category in Category}


@retried
def build_dealer_hand(rng: random.Random, variant: str) -> Scenario:
    b = SituationRound(rng, house_table(rng))
    rng.shuffle(b.open)
    if variant == "pair on the board":
        b.board = _paired_board(b, rng)
        ranks = {card.rank for card in b.board}
        b.dealer = need(b.shoe.pick_hole(b.board, lambda h, v: v.category is Category.ONE_PAIR
                                         and not {c.rank for c in h} & ranks and h[0].rank != h[1].rank))
    elif variant == "kicker decides":
        category = rng.choice((Category.HIGH_CARD, Category.ONE_PAIR, Category.ONE_PAIR, Category.TWO_PAIR,
                               Category.THREE_OF_A_KIND))
        b.board = fill_board(b.shoe, partial_board(b.shoe, category))
        b.dealer = need(b.shoe.pick_hole(b.board, exactly(category)))
        dealer = evaluate((*b.dealer, *b.board))
        b.focus = b.open.pop()
        hole = need(b.shoe.pick_hole(b.board, lambda _h, v: v.describe() == dealer.describe() and v != dealer))
        b.add_seat(b.focus, hole, play="play")
    else:
        category = BY_LABEL[variant]
        b.board = fill_board(b.shoe, partial_board(b.shoe, category))
        b.dealer = need(b.shoe.pick_hole(b.board, exactly(category)))
    b.fill(1 if b.focus is None else 0, 2, side_rate=0.2)
    return b.finish("dealer-hand", variant, focus_seat=b.focus,
                    note="Name the dealer's best five cards; the dealer qualifies with a pair or better")


def _paired_board(b: SituationRound, rng: random.Random) -> list[Card]:
    pair = partial_board(b.shoe, Category.FULL_HOUSE)
    others = b.shoe.draw(3, where=lambda card: card.rank != pair[0].rank)
    board = [*pair, *others]
    if len({card.rank for card in board}) != 4:
        raise DoesNotFitError
    rng.shuffle(board)
    return board


def verify_dealer_hand(scenario: Scenario, result: Settlement) -> bool:
    dealer = result.dealer
    variant = scenario.variant
    if variant == "pair on the board":
        ranks = [card.rank for card in scenario.board]
        paired = {rank for rank in ranks if ranks.count(rank) == 2}
        return (dealer.category is Category.ONE_PAIR and result.dealer_qualifies
                and not {card.rank for card in scenario.dealer} & paired)
    if variant == "kicker decides":
        if scenario.focus_seat is None:
            return False
        seat = result.seat(scenario.focus_seat)
        return seat.hand.describe() == dealer.describe() and seat.result in ("win", "lose")
    return dealer.category.label == variant and result.dealer_qualifies == (dealer.category >= Category.ONE_PAIR)


# -- deal order ----------------------------------------------------------------------------------------------

PROCEDURES = tuple(procedure.value for procedure in Procedure)


def build_deal_order(rng: random.Random, variant: str) -> Scenario:
    procedure = Procedure(variant)
    table = house_table(rng) if procedure in (Procedure.ACE, Procedure.DECK_MATE) else california_table(rng)
    b = SituationRound(rng, table, procedure)
    b.board = fill_board(b.shoe, [])
    b.random_dealer()
    b.fillers(sorted(rng.sample(b.open, rng.randint(2, len(b.open)))), side_rate=0.2)
    return b.finish("deal-order", variant, note=procedure.description)


def verify_deal_order(scenario: Scenario, result: Settlement) -> bool:
    dealt = scenario.deal()
    holes = {seat.seat: seat.hole for seat in scenario.seats}
    return (dealt.procedure.value == scenario.variant and dict(dealt.hands) == holes
            and dealt.dealer == scenario.dealer and dealt.board == scenario.board and len(holes) >= 2
            and len(result.seats) == len(holes))


TABLE_SITUATIONS = (
    ("house-order", "order", N_("House table: folded hands first, then right to left from the highest seat"),
     ("all play", "with folds"), build_house_order, verify_house_order),
    ("player-dealer-order", "order", N_("Player-dealer table: clockwise from the player on the player-dealer's left"),
     PLAYER_DEALER_PLACES, build_player_dealer_order, verify_player_dealer_order),
    ("dealer-does-not-qualify", "qualification",
     N_("Dealer does not qualify: Ante refunds; the player still loses Play and Blind, or wins, or ties"),
     QUALIFICATION, build_qualification, verify_qualification),
    ("bank-limits", "player-dealer", N_("The bank runs out part way, or caps what the player-dealer can win"),
     BANK_LIMITS, build_bank_limits, verify_bank_limits),
    ("collection-fee", "player-dealer", N_("The collection fee when the table action sits at the edge of a bracket"),
     FEE_EDGES, build_collection_fee, verify_collection_fee),
    ("dealer-hand", "dealer-hand", N_("The dealer's hand: every category, kickers that matter, a pair on the board"),
     DEALER_HANDS, build_dealer_hand, verify_dealer_hand),
    ("deal-order", "deal-order", N_("Which place gets the next card, for each dealing procedure"),
     PROCEDURES, build_deal_order, verify_deal_order),
)
"""Name, topic, description, variants, build, verify."""
