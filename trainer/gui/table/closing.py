"""The last phases of a round as animation: the folded hands collected, the dealer's hand revealed (or every
hand shown for the trainee's settlement), each seat settled, and the table cleared to the rack."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from functools import partial

from PySide6.QtCore import QAbstractAnimation

from trainer.engine.settlement import Step
from trainer.gui.table.captions import dealer_text, fold_count_text, seat_result_text
from trainer.gui.table.chipplaces import towards_dealer
from trainer.gui.table.chipwork import settle_step
from trainer.gui.table.items import CardItem, ChipStack
from trainer.gui.table.layout import CARD_HEIGHT, Point
from trainer.gui.table.plan import PlannedPhase, SettledKey, in_action, seat_settled, tucked_under_pairs
from trainer.gui.table.stage import Stage
from trainer.gui.table.timeline import Timeline

TUCK_INWARD = 0.3
"""How far (in card heights) a tucked hand lies from its Pairs chips towards the dealer."""


def steps(stage: Stage, t: Timeline, planned: PlannedPhase) -> list[QAbstractAnimation]:
    """The phase's settlement steps one after another, as the engine has them (refund, the rest)."""
    return [settle_step(stage, t, step) for step in planned.steps]


def folds(stage: Stage, t: Timeline, planned: PlannedPhase) -> list[QAbstractAnimation]:
    """Each folded hand spread, counted and its Ante and Blind taken; then racked, tucked face down under its
    Pairs wager when only the Pairs is still in action (seed 002 Pairs rule 4), or turned face up when another side
    bet of it is still in action (trips on a fold)."""
    later, tucked = in_action(stage.round), tucked_under_pairs(stage.round)
    out: list[QAbstractAnimation] = []
    rack_slot = stage.scene.next_rack_slot()
    for seat in planned.seats:
        cards = stage.scene.cards_at("seat", seat)
        blocks = spread_and_count(stage, t, seat, cards)
        blocks += [settle_step(stage, t, step) for step in planned.steps if step.seat == seat]
        if seat in tucked:
            blocks += tuck_under_pairs(stage, t, seat, cards)
        elif seat in later:
            blocks.append(t.together([t.flip(card, True, stage.durations.flip) for card in cards]))
        else:
            blocks += rack_folded_hand(stage, t, cards, rack_slot)
            rack_slot += len(cards)
        out.append(t.one_after_another(blocks))
    return out


def spread_and_count(stage: Stage, t: Timeline, seat: int, cards: Sequence[CardItem]) -> list[QAbstractAnimation]:
    """A folded hand spread on the felt and counted (``FOLD · 2 CARDS`` by the seat)."""
    d = stage.durations
    spread = stage.scene.geometry.seat(seat).spread()
    blocks: list[QAbstractAnimation] = [
        t.together([t.slide(card, spread[i], d.deal) for i, card in enumerate(cards)]),
    ]
    if stage.annotate:
        blocks.append(t.cue(partial(stage.scene.set_badge, seat, fold_count_text(len(cards)))))
    blocks.append(t.wait(d.pause // 2))
    return blocks


def tuck_places(stage: Stage, seat: int) -> tuple[Point, Point]:
    """Where a folded hand's two cards lie tucked under the seat's Pairs wager: squared under its chips (the
    Pairs area when no chips are drawn), the second a little offset so that both edges show."""
    stack = stage.scene.wager_chips(seat, "pairs")
    chips = Point(stack.pos().x(), stack.pos().y()) if stack is not None else \
        stage.scene.geometry.spot(seat, "pairs").center
    heading = math.radians(towards_dealer(stage.scene.geometry.seat(seat)))
    reach = CARD_HEIGHT * TUCK_INWARD  # the cards lie towards the dealer, on the felt, the chips on their end
    spot = Point(chips.x + reach * math.cos(heading), chips.y + reach * math.sin(heading))
    return spot, Point(spot.x + 4, spot.y + 3)


def tuck_under_pairs(stage: Stage, t: Timeline, seat: int, cards: Sequence[CardItem]) -> list[QAbstractAnimation]:
    """The folded hand's cards slid face down under the seat's Pairs wager (seed 002 Pairs rule 4)."""
    places = tuck_places(stage, seat)
    under = [t.cue(partial(stage.scene.tuck_card, card)) for card in cards]
    return [*under, t.together([t.slide(card, places[min(i, 1)], stage.durations.deal)
                                for i, card in enumerate(cards)])]


def untuck(stage: Stage, t: Timeline, seat: int, cards: Sequence[CardItem]) -> list[QAbstractAnimation]:
    """In the seat's turn: a hand tucked under its Pairs wager taken out to the seat's card places, face down
    still (the turn-up follows), above the chips again. Nothing for a hand that is not tucked."""
    places = stage.scene.geometry.seat(seat).cards
    if seat not in tucked_under_pairs(stage.round) or not cards:
        return []
    slides = [t.slide(card, places[min(i, 1)], stage.durations.deal) for i, card in enumerate(cards)]
    return [t.together(slides), *(t.cue(partial(stage.scene.tuck_card, card, False)) for card in cards)]


def rack_folded_hand(stage: Stage, t: Timeline, cards: Sequence[CardItem], first: int) -> list[QAbstractAnimation]:
    """A counted hand into the discard rack from slot ``first``, face down."""
    slides = [stage.to_rack(t, card, first + i) for i, card in enumerate(cards)]
    return [t.together(slides), t.cue(partial(stage.rack, cards))]


def clear_folded_hand(stage: Stage, t: Timeline, seat: int,
                      settled: Collection[SettledKey]) -> list[QAbstractAnimation]:
    """The trainee's settlement: once every wager of a folded hand is ``settled`` (its Ante and Blind, and a
    trips on a fold's Trips, Pairs or Progressive still in action), the hand is spread, counted and racked
    (rules-notes §7), as the table's own ``folds`` phase does. Nothing while something of it is left."""
    if seat not in stage.round.folded or not seat_settled(stage.round, seat, settled):
        return []
    cards = stage.scene.cards_at("seat", seat)
    if not cards:
        return []
    first = stage.scene.next_rack_slot() + stage.racking  # after the cards still on their way to the rack
    stage.racking += len(cards)

    def arrived() -> None:
        stage.racking -= len(cards)

    blocks = spread_and_count(stage, t, seat, cards)
    blocks += rack_folded_hand(stage, t, cards, first)
    blocks.append(t.cue(arrived))
    return blocks


def reveal(stage: Stage, t: Timeline, planned: PlannedPhase) -> list[QAbstractAnimation]:
    """The dealer's cards turned face up and read (whether the hand qualifies)."""
    d = stage.durations
    cards = stage.scene.cards_at("dealer")
    out: list[QAbstractAnimation] = [
        stage.sound(t, "flip"),
        t.staggered([t.flip(card, True, d.flip) for card in cards], d.gap(d.flip)),
    ]
    if stage.annotate:
        text = dealer_text(stage.round.settlement)
        out.append(t.cue(lambda: stage.scene.set_dealer_badge(text)))
    return out


def showdown(stage: Stage, t: Timeline, planned: PlannedPhase) -> list[QAbstractAnimation]:
    """For a trainee's settlement: the dealer's cards and every hand of ``planned.seats`` turned face up (a
    folded hand stays face down unless something of it is still to settle, as trips on a fold; one tucked under
    its Pairs wager is taken out from under it, the seat's turn having come), and no label saying what anyone
    holds."""
    d = stage.durations
    scene = stage.scene
    out: list[QAbstractAnimation] = []
    for seat in sorted(tucked_under_pairs(stage.round) & set(planned.seats)):
        out += untuck(stage, t, seat, scene.cards_at("seat", seat))
    dealer = [t.flip(card, True, d.flip) for card in scene.cards_at("dealer")]
    hands = [t.flip(card, True, d.flip) for seat in planned.seats
             for card in scene.cards_at("seat", seat) if t.face(card) < 0.5]
    out += [stage.sound(t, "flip"), t.staggered(dealer, d.gap(d.flip))]
    if hands:
        out.append(t.together(hands))
    return out


def settle_seat(stage: Stage, t: Timeline, planned: PlannedPhase) -> list[QAbstractAnimation]:
    """A seat's hand turned up (if it is not yet), its result written, and its steps as chips."""
    [seat] = planned.seats
    out: list[QAbstractAnimation] = untuck(stage, t, seat, stage.scene.cards_at("seat", seat))
    down = [card for card in stage.scene.cards_at("seat", seat) if t.face(card) < 0.5]
    if down:
        flips = [t.flip(card, True, stage.durations.flip) for card in down]
        out.append(t.together([stage.sound(t, "flip"), *flips]))
    if stage.annotate:
        result = seat_result_text(stage.round.settlement, seat)
        if result:
            out.append(t.cue(lambda: stage.scene.set_badge(seat, result)))
    out += [settle_step(stage, t, step) for step in planned.steps]
    return out


def cleanup(stage: Stage, t: Timeline, planned: PlannedPhase) -> list[QAbstractAnimation]:
    """The stub of a hand-held deck, then every card on the felt, to the rack; the Progressive sensors go
    dark and the dealer's hand label goes with the cards. The players of ``planned.seats`` (a trainee's
    settlement) pick up their chips and payouts, and their labels go."""
    scene = stage.scene
    out: list[QAbstractAnimation] = [t.cue(partial(_sensors_off, stage)), t.cue(partial(scene.set_dealer_badge, ""))]
    pick_ups = [pick_up(stage, t, seat) for seat in planned.seats]
    if pick_ups:
        out.append(t.together(pick_ups))
    if stage.stub:  # the rest of a hand-held deck, first
        out.append(stage.unload(t, stage.stub, show=False, first=scene.next_rack_slot()))
    cards = [*scene.cards_at("seat"), *scene.cards_at("dealer"), *scene.cards_at("board")]
    first = scene.next_rack_slot() + len(stage.stub)
    moves = [
        t.one_after_another([stage.to_rack(t, card, first + i), t.cue(partial(scene.place_card, card, "rack"))])
        for i, card in enumerate(cards)
    ]
    if moves:
        out.append(t.staggered(moves, max(1, stage.durations.gap(stage.durations.deal) // 2)))
    return out


def pick_up(stage: Stage, t: Timeline, seat: int) -> QAbstractAnimation:
    """``seat``'s player takes every stack left by their wagers (what they won, what pushed) to the rail."""
    scene, d = stage.scene, stage.durations
    moves: list[QAbstractAnimation] = [t.cue(partial(scene.set_badge, seat, ""))]
    stacks = scene.seat_stacks(seat)
    for wager in dict.fromkeys(wager for wager, _ in stacks):
        moves.append(t.cue(partial(scene.pick_up, seat, wager)))
    for _, stack in stacks:
        moves.append(t.one_after_another([
            t.slide(stack, scene.player_position(seat), d.chips),
            t.fade(stack, 0.0, d.chips // 3),
            t.cue(partial(scene.retire, stack)),
        ]))
    return t.together(moves)


def _sensors_off(stage: Stage) -> None:
    for seat in stage.scene.lit_sensors():
        stage.scene.light_sensor(seat, False)


def trainee_step(stage: Stage, t: Timeline, step: Step, settled: Collection[SettledKey],
                 payout: ChipStack | None = None) -> list[QAbstractAnimation]:
    """A step the trainee settled, as chips (``payout``: the chips cut for a pay); then the folded hand it
    closes, if it does."""
    return [settle_step(stage, t, step, payout), *clear_folded_hand(stage, t, step.seat, settled)]
