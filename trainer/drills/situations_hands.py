"""Situations about one seat's hand and wagers: the Blind, Trips, Bad Beat, Pairs and the Progressive.
Each entry: name, topic, description, variants, build, verify."""

from __future__ import annotations

import random
from decimal import Decimal

from trainer.drills.scenario_cards import ROYAL_RANKS, Hole, board_for, exactly, fill_board, partial_board
from trainer.drills.scenario_round import DoesNotFitError, RoundBuilder, Scenario, house_table, need
from trainer.drills.situation_builder import SituationRound, retried, side_bet_table
from trainer.drills.situations_table import step_of
from trainer.engine.cards import SUIT_CHARS, Card
from trainer.engine.evaluator import Category, evaluate
from trainer.engine.paytables import PaytableRegistry, load_paytables
from trainer.engine.settlement import Settlement
from trainer.engine.table import TableRules
from trainer.engine.wagers import Action, Phase, Wager, pairs_hands, progressive_hands
from trainer.i18n.translation import N_

BY_LABEL = {category.label: category for category in Category}
PAYTABLES: PaytableRegistry = load_paytables()
SMALL = tuple(Decimal(v) for v in (1, 2, 3, 5))


# -- Blind ---------------------------------------------------------------------------------------------------

BLIND_LINES = tuple(line.hand for line in PAYTABLES.blind().lines)
BLIND = (*BLIND_LINES, "win below a straight", "tie", "player loses", "win against an unqualified dealer")


@retried
def build_blind(rng: random.Random, variant: str) -> Scenario:
    b = SituationRound(rng, side_bet_table(rng), focus=True)
    if variant in BLIND_LINES or variant in ("win below a straight", "win against an unqualified dealer"):
        category = BY_LABEL.get(variant) or rng.choice(
            (Category.ONE_PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND) if variant.startswith("win below")
            else (Category.STRAIGHT, Category.FLUSH))
        b.board = board_for(b.shoe, [category])
        hole = need(b.shoe.pick_hole(b.board, exactly(category)))
        player = evaluate((*hole, *b.board))
        dealer_test = (exactly(Category.HIGH_CARD) if variant.endswith("unqualified dealer")
                       else lambda _h, v: v < player)
    else:
        b.board = fill_board(b.shoe, [])
        hole = need(b.shoe.pick_hole(b.board, lambda _h, _v: rng.random() < 0.02))
        player = evaluate((*hole, *b.board))
        dealer_test = (lambda _h, v: v == player) if variant == "tie" else (lambda _h, v: v > player)
    b.dealer = need(b.shoe.pick_hole(b.board, dealer_test))
    return b.finish_focus("blind", variant, Wager.BLIND, hole, side=b.random_side(0.3),
                          note="The Blind pays by its table on a straight or better, pushes on a lesser win")


def verify_blind(scenario: Scenario, result: Settlement) -> bool:
    seat = scenario.focus_seat
    blind = step_of(result, seat, Wager.BLIND)
    if seat is None or blind is None:
        return False
    hand, outcome = result.seat(seat), scenario.variant
    if outcome in BLIND_LINES:
        return blind.action is Action.PAY and hand.result == "win" and hand.hand.category.label == outcome
    if outcome == "win below a straight":
        return blind.action is Action.PUSH and hand.result == "win" and hand.hand.category < Category.STRAIGHT
    if outcome == "tie":
        return blind.action is Action.PUSH and hand.result == "push"
    if outcome == "player loses":
        return blind.action is Action.TAKE and hand.result == "lose"
    ante = step_of(result, seat, Wager.ANTE)
    return (not result.dealer_qualifies and blind.action is Action.PAY and ante is not None
            and ante.action is Action.PUSH)


# -- Trips ---------------------------------------------------------------------------------------------------

TRIPS_SHAPES = ("trips on a fold", "trips on the board", "trips with one hole card", "trips with two hole cards")


@retried
def build_trips_shape(rng: random.Random, variant: str) -> Scenario:
    shape = variant if variant != "trips on a fold" else rng.choice(TRIPS_SHAPES[1:])
    b = SituationRound(rng, side_bet_table(rng), focus=True)
    rank = rng.randint(2, 14)
    on_board = {"trips on the board": 3, "trips with one hole card": 2, "trips with two hole cards": 1}[shape]
    trio = [Card.of(rank, suit) for suit in rng.sample(SUIT_CHARS, on_board)]
    b.shoe.take(*trio)
    b.board = fill_board(b.shoe, trio)
    in_hole = 3 - on_board
    hole = need(b.shoe.pick_hole(b.board, lambda h, v: v.category is Category.THREE_OF_A_KIND
                                 and sum(card.rank == rank for card in h) == in_hole))
    b.random_dealer()
    play = "fold" if variant == "trips on a fold" else "play"
    return b.finish_focus("trips-shapes", variant, Wager.TRIPS, hole, play=play,
                          side=["trips", *b.random_side(0.2)],
                          note="Trips pays on the player's best hand, whatever happens to the rest of the hand")


def trio_on_board(scenario: Scenario, seat: int) -> int:
    """How many cards of the seat's three of a kind are community cards."""
    cards = (*scenario.seat(seat).hole, *scenario.board)
    ranks = [card.rank for card in cards]
    trio = next(rank for rank in set(ranks) if ranks.count(rank) == 3)
    return sum(card.rank == trio for card in scenario.board)


def verify_trips_shape(scenario: Scenario, result: Settlement) -> bool:
    seat = scenario.focus_seat
    trips = step_of(result, seat, Wager.TRIPS)
    if seat is None or trips is None or trips.action is not Action.PAY:
        return False
    if result.seat(seat).hand.category is not Category.THREE_OF_A_KIND:
        return False
    folded = scenario.seat(seat).folded
    if scenario.variant == "trips on a fold":
        return folded
    wanted = {"trips on the board": 3, "trips with one hole card": 2, "trips with two hole cards": 1}
    return not folded and trio_on_board(scenario, seat) == wanted[scenario.variant]


TRIPS_LINES = (*(f"{table}: {line.hand}" for table in ("UTH-01", "UTH-02", "UTH-03", "UTH-04")
                  for line in PAYTABLES.trips(table).lines), "less than three of a kind")


@retried
def build_trips_line(rng: random.Random, variant: str) -> Scenario:
    if ":" in variant:
        table_id, label = variant.split(": ")
        category = BY_LABEL[label]
    else:
        table_id, category = rng.choice(("UTH-01", "UTH-02", "UTH-03", "UTH-04")), None
    b = SituationRound(rng, side_bet_table(rng, 0.7, trips=table_id), focus=True)
    b.board = board_for(b.shoe, [category] if category is not None else [])
    test = exactly(category) if category is not None else (lambda _h, v: v.category < Category.THREE_OF_A_KIND)
    hole = need(b.shoe.pick_hole(b.board, test))
    b.random_dealer()
    return b.finish_focus("trips-lines", variant, Wager.TRIPS, hole, play="fold" if rng.random() < 0.15 else "play",
                          side=["trips", *b.random_side(0.2)], note=f"Trips table {table_id}")


def verify_trips_line(scenario: Scenario, result: Settlement) -> bool:
    seat = scenario.focus_seat
    trips = step_of(result, seat, Wager.TRIPS)
    if seat is None or trips is None:
        return False
    hand = result.seat(seat).hand
    if ":" not in scenario.variant:
        return trips.action is Action.TAKE and hand.category < Category.THREE_OF_A_KIND
    table_id, label = scenario.variant.split(": ")
    line = PAYTABLES.trips(table_id).line_for(label)
    stake = scenario.seat(seat).trips
    return (scenario.table.trips_paytable == table_id and hand.category.label == label and line is not None
            and trips.action is Action.PAY and trips.amount == line.odds.payout(stake))


# -- Bad Beat ------------------------------------------------------------------------------------------------

BAD_BEAT_LINES = tuple(f"{table}: {line.hand}" for table in ("BBB-01", "BBB-02", "BBB-03", "CA")
                       for line in PAYTABLES.bad_beat(table).lines)


def _bad_beat_table(rng: random.Random, table_id: str) -> TableRules:
    if table_id == "CA":
        return side_bet_table(rng, 0.0, needs=("trips", "bad_beat"))
    return side_bet_table(rng, 1.0, bad_beat_paytable=table_id)


@retried
def build_bad_beat(rng: random.Random, variant: str, player_loses: bool) -> Scenario:
    table_id, label = variant.split(": ")
    beaten = BY_LABEL[label]
    name = "bad-beat-player-loses" if player_loses else "bad-beat-dealer-loses"
    whose = "the player's" if player_loses else "the dealer's"
    b = SituationRound(rng, _bad_beat_table(rng, table_id), focus=True)
    better = rng.choice([category for category in Category if category >= beaten])
    b.board = board_for(b.shoe, [beaten, better])
    first = need(b.shoe.pick_hole(b.board, exactly(beaten)))
    loser = evaluate((*first, *b.board))
    second = need(b.shoe.pick_hole(b.board, lambda _h, v: v > loser))
    hole, b.dealer = (first, second) if player_loses else (second, first)
    return b.finish_focus(name, variant, Wager.BAD_BEAT, hole, side=["trips", "bad_beat"],
                          amounts={"bad_beat": rng.choice(SMALL)},
                          note=f"Bad Beat pays on the beaten hand, {whose} {label}")


def verify_bad_beat(scenario: Scenario, result: Settlement, player_loses: bool) -> bool:
    seat = scenario.focus_seat
    bad_beat = step_of(result, seat, Wager.BAD_BEAT)
    if seat is None or bad_beat is None or scenario.seat(seat).folded:
        return False
    table_id, label = scenario.variant.split(": ")
    hand = result.seat(seat)
    beaten = hand.hand if player_loses else result.dealer
    line = PAYTABLES.bad_beat(table_id).line_for(label)
    return (scenario.table.bad_beat_paytable == table_id and line is not None and beaten.category.label == label
            and hand.result == ("lose" if player_loses else "win") and bad_beat.action is Action.PAY
            and bad_beat.amount == line.odds.payout(scenario.seat(seat).bad_beat))


BAD_BEAT_MISSES = ("five-card tie", "beaten hand below trips", "trips on a fold, beaten")


@retried
def build_bad_beat_miss(rng: random.Random, variant: str) -> Scenario:
    b = SituationRound(rng, side_bet_table(rng, 0.7, needs=("trips", "bad_beat"), bad_beat_on_fold="action"),
                       focus=True)
    play = "play"
    if variant == "five-card tie":
        category = rng.choice((Category.THREE_OF_A_KIND, Category.STRAIGHT, Category.FLUSH,
                               Category.FULL_HOUSE))
        b.board = board_for(b.shoe, [category])
        hole = need(b.shoe.pick_hole(b.board, exactly(category)))
        player = evaluate((*hole, *b.board))
        b.dealer = need(b.shoe.pick_hole(b.board, lambda _h, v: v == player))
    elif variant == "beaten hand below trips":
        category = rng.choice((Category.ONE_PAIR, Category.TWO_PAIR))
        b.board = fill_board(b.shoe, [])
        first = need(b.shoe.pick_hole(b.board, exactly(category)))
        loser = evaluate((*first, *b.board))
        second = need(b.shoe.pick_hole(b.board, lambda _h, v: v > loser))
        hole, b.dealer = (first, second) if rng.random() < 0.5 else (second, first)
    else:
        category = rng.choice((Category.THREE_OF_A_KIND, Category.STRAIGHT, Category.FLUSH))
        b.board = board_for(b.shoe, [category, Category.FULL_HOUSE])
        hole = need(b.shoe.pick_hole(b.board, exactly(category)))
        player = evaluate((*hole, *b.board))
        b.dealer = need(b.shoe.pick_hole(b.board, lambda _h, v: v > player))
        play = "fold"
    return b.finish_focus("bad-beat-misses", variant, Wager.BAD_BEAT, hole, play=play, side=["trips", "bad_beat"],
                          amounts={"bad_beat": rng.choice(SMALL)},
                          note="A five-card tie loses; a beaten hand below trips loses; folded trips stay in "
                               "action")


def verify_bad_beat_miss(scenario: Scenario, result: Settlement) -> bool:
    seat = scenario.focus_seat
    bad_beat = step_of(result, seat, Wager.BAD_BEAT)
    if seat is None or bad_beat is None:
        return False
    hand = result.seat(seat).hand
    dealer = result.dealer
    if scenario.variant == "five-card tie":
        return (hand == dealer and hand.category >= Category.THREE_OF_A_KIND and bad_beat.action is Action.TAKE
                and not scenario.seat(seat).folded)
    if scenario.variant == "beaten hand below trips":
        return (hand != dealer and min(hand, dealer).category < Category.THREE_OF_A_KIND
                and bad_beat.action is Action.TAKE and bad_beat.phase is Phase.SETTLE)
    return (scenario.seat(seat).folded and hand.category >= Category.THREE_OF_A_KIND and hand < dealer
            and bad_beat.action is Action.PAY and bad_beat.phase is Phase.SETTLE)


# -- Pairs ---------------------------------------------------------------------------------------------------

PAIRS_LINES = (*(f"table {table}: {line.hand}" for table in PAYTABLES.ids("pairs")
                  for line in PAYTABLES.pairs(table).lines), "no line")
FACES = (11, 12, 13)


def pairs_hole(rng: random.Random, line: str) -> Hole:
    """Two hole cards that make ``line`` of a pairs table (the first line that pays them is that line)."""
    suits = rng.sample(SUIT_CHARS, 2)
    same = rng.choice(SUIT_CHARS)
    match line:
        case "aa-with-dealer-aa" | "aa":
            suits = rng.choice([pair for pair in (rng.sample(SUIT_CHARS, 2) for _ in range(8))
                                if set(pair) != {"h", "d"}] or [["c", "s"]])
            return Card.of(14, suits[0]), Card.of(14, suits[1])
        case "red-aces":
            return Card.of(14, "h"), Card.of(14, "d")
        case "ak-suited":
            return Card.of(14, same), Card.of(13, same)
        case "aq-aj-suited":
            return Card.of(14, same), Card.of(rng.choice((11, 12)), same)
        case "ak-offsuit":
            return Card.of(14, suits[0]), Card.of(13, suits[1])
        case "aq-aj-offsuit":
            return Card.of(14, suits[0]), Card.of(rng.choice((11, 12)), suits[1])
        case "ace-face-suited":
            return Card.of(14, same), Card.of(rng.choice(FACES), same)
        case "ace-face":
            return Card.of(14, suits[0]), Card.of(rng.choice(FACES), suits[1])
        case "kk-qq-jj":
            rank = rng.choice(FACES)
            return Card.of(rank, suits[0]), Card.of(rank, suits[1])
        case "tt-22":
            rank = rng.randint(2, 10)
            return Card.of(rank, suits[0]), Card.of(rank, suits[1])
        case "other-pair":
            rank = rng.randint(2, 13)
            return Card.of(rank, suits[0]), Card.of(rank, suits[1])
    raise ValueError(f"no pairs line {line!r}")


@retried
def build_pairs(rng: random.Random, variant: str) -> Scenario:
    if variant == "no line":
        table_id, line = rng.choice(PAYTABLES.ids("pairs")), None
    else:
        table_id, line = variant.removeprefix("table ").split(": ")
    paytable = PAYTABLES.pairs(table_id)
    b = SituationRound(rng, house_table(rng, pairs_paytable=table_id), focus=True)
    if line is None:
        hole = b.shoe.draw(2)
        if paytable.first_line(pairs_hands((hole[0], hole[1]))) is not None:
            raise DoesNotFitError
        hole_cards: Hole = (hole[0], hole[1])
    else:
        hole_cards = pairs_hole(rng, line)
        b.shoe.take(*hole_cards)
    if line == "aa-with-dealer-aa":
        first, second = b.shoe.draw(2, where=lambda card: card.rank == 14)
        b.dealer = (first, second)
    else:
        b.random_dealer()
        assert b.dealer is not None
        found = paytable.first_line(pairs_hands(hole_cards, b.dealer))
        if line is not None and (found is None or found.hand != line):
            raise DoesNotFitError
    b.board = fill_board(b.shoe, [])
    return b.finish_focus("pairs", variant, Wager.PAIRS, hole_cards, play="any",
                          side=["pairs", *b.random_side(0.2)],
                          note=f"Pairs table {table_id}: the two hole cards alone, fold or not")


def verify_pairs(scenario: Scenario, result: Settlement) -> bool:
    seat = scenario.focus_seat
    pairs = step_of(result, seat, Wager.PAIRS)
    if seat is None or pairs is None:
        return False
    paytable = PAYTABLES.pairs(scenario.table.pairs_paytable)
    found = paytable.first_line(pairs_hands(scenario.seat(seat).hole, scenario.dealer))
    if scenario.variant == "no line":
        return found is None and pairs.action is Action.TAKE
    table_id, line = scenario.variant.removeprefix("table ").split(": ")
    return (scenario.table.pairs_paytable == table_id and found is not None and found.hand == line
            and pairs.action is Action.PAY and pairs.amount == found.odds.payout(scenario.seat(seat).pairs))


# -- Progressive ---------------------------------------------------------------------------------------------

PROGRESSIVE = ("royal-first-5", "royal-first-7", "community-royal", "straight flush", "four of a kind",
               "full house", "two winners in one round", "a folded hand still wins")


def _royal(b: RoundBuilder, rng: random.Random, kind: str, in_hole: int | None = None) -> tuple[Hole, list[Card]]:
    """Hole cards and the royal's community cards (``None`` in the other places) for a royal of ``kind``."""
    suit = rng.choice(SUIT_CHARS)
    royal = [Card.of(rank, suit) for rank in ROYAL_RANKS]
    rng.shuffle(royal)
    b.shoe.take(*royal)
    board: list[Card | None] = [None] * 5
    if kind == "community-royal":
        board = list(royal)
        first, second = b.shoe.draw(2)
        return (first, second), [card for card in board if card is not None]
    in_hole = 2 if kind == "royal-first-5" else in_hole or rng.choice((1, 2))
    hole = royal[:in_hole]
    if kind == "royal-first-5":
        places = [0, 1, 2]
    else:
        places = sorted(rng.sample(range(5), 5 - in_hole))
        if places[-1] < 3:
            places[-1] = rng.choice((3, 4))
    for place, card in zip(places, royal[in_hole:], strict=True):
        board[place] = card
    if in_hole == 1:
        hole.append(b.shoe.draw(1)[0])
    rest = iter(b.shoe.draw(board.count(None)))
    return (hole[0], hole[1]), [card if card is not None else next(rest) for card in board]


@retried
def build_progressive(rng: random.Random, variant: str) -> Scenario:
    b = SituationRound(rng, house_table(rng), focus=True)
    play = "fold" if variant == "a folded hand still wins" else "any"
    if variant.startswith(("royal", "community")):
        hole, b.board = _royal(b, rng, variant)
    elif variant == "two winners in one round":
        hole, b.board = _royal(b, rng, rng.choice(("royal-first-5", "royal-first-7")), in_hole=2)
        _pair_the_board(b, hole)
        other = b.open.pop()
        second = need(b.shoe.pick_hole(b.board, lambda _h, v: Category.FULL_HOUSE <= v.category
                                       <= Category.STRAIGHT_FLUSH))
        b.add_seat(other, second, play="any", side=["progressive"])
    else:
        category = BY_LABEL[variant] if variant in BY_LABEL else rng.choice(
            (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH))
        b.board = board_for(b.shoe, [category])
        hole = need(b.shoe.pick_hole(b.board, exactly(category)))
    b.random_dealer()
    return b.finish_focus("progressive", variant, Wager.PROGRESSIVE, hole, play=play,
                          side=["progressive", *b.random_side(0.2)],
                          note="Progressive: the best hand of all seven cards; X for 1 includes the wager")


def _pair_the_board(b: RoundBuilder, hole: Hole) -> None:
    """Turn the two community cards the royal does not use into a pair, so another seat can make a full house
    or four of a kind."""
    royal = set(evaluate((*hole, *b.board)).cards)
    places = [place for place, card in enumerate(b.board) if card not in royal]
    pair = partial_board(b.shoe, Category.FULL_HOUSE)
    for place, card in zip(places, pair, strict=True):
        b.shoe.left.append(b.board[place])
        b.board[place] = card
    b.shoe.left.sort()


def verify_progressive(scenario: Scenario, result: Settlement) -> bool:
    seat = scenario.focus_seat
    step = step_of(result, seat, Wager.PROGRESSIVE)
    if seat is None or step is None or step.action is not Action.PAY:
        return False
    hole = scenario.seat(seat).hole
    lines = progressive_hands(hole, scenario.board, result.seat(seat).hand)
    variant = scenario.variant
    if variant == "two winners in one round":
        winners = [s for s in result.procedure if s.wager is Wager.PROGRESSIVE and s.action is Action.PAY]
        seats = [s.seat for s in winners]
        return (len(winners) >= 2 and lines[0].startswith("royal-first") and seats == sorted(seats, reverse=True))
    if variant == "a folded hand still wins":
        return scenario.seat(seat).folded and lines[0] in {line.hand for line in PAYTABLES.progressive("01").lines}
    return lines[0] == variant


TRIPS_SITUATIONS = (
    ("trips-shapes", "trips", N_("Trips on a fold, on the board, made with one or two hole cards"),
     TRIPS_SHAPES, build_trips_shape, verify_trips_shape),
    ("trips-lines", "trips", N_("Every line of every Trips table, and less than three of a kind"),
     TRIPS_LINES, build_trips_line, verify_trips_line),
)

HAND_SITUATIONS = (
    ("blind", "blind", N_("Every line of the Blind table, a win below a straight (push), a tie, a loss"),
     BLIND, build_blind, verify_blind),
    *TRIPS_SITUATIONS,
    ("bad-beat-player-loses", "bad-beat", N_("The player's trips or better loses: every line of every table"),
     BAD_BEAT_LINES, lambda rng, v: build_bad_beat(rng, v, True), lambda s, r: verify_bad_beat(s, r, True)),
    ("bad-beat-dealer-loses", "bad-beat", N_("The player beats the dealer's trips or better: every line"),
     BAD_BEAT_LINES, lambda rng, v: build_bad_beat(rng, v, False), lambda s, r: verify_bad_beat(s, r, False)),
    ("bad-beat-misses", "bad-beat", N_("A five-card tie loses, a beaten hand below trips loses, folded trips play on"),
     BAD_BEAT_MISSES, build_bad_beat_miss, verify_bad_beat_miss),
    ("pairs", "pairs", N_("Every line of every Pairs table (A-A against A-A, red aces), and no line"),
     PAIRS_LINES, build_pairs, verify_pairs),
    ("progressive", "progressive", N_("Royal first 5, first 7, community royal, straight flush, quads, full house"),
     PROGRESSIVE, build_progressive, verify_progressive),
)
"""Name, topic, description, variants, build, verify."""
