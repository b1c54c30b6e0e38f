"""The first phases of a round as animation: the bets, COIN IN, the player-dealer's bank and fee, the deal,
the players' decisions and the community cards turned street by street.

Cards come out of the shuffler (card shoe, two at a time, ACE: the community cards first, spread face down;
the rest unloaded to the rack). With Deck Mate the whole deck goes to the dealer's hand, the hands are dealt
from it, the flop, turn and river come off it street by street, and its stub goes to the rack at the end.
"""

from __future__ import annotations

from decimal import Decimal
from functools import partial

from PySide6.QtCore import QAbstractAnimation

from trainer.engine.dealing import Procedure, Target
from trainer.engine.strategy import Street
from trainer.gui.table.captions import SIDE_WAGERS, decision_text, wager_amount
from trainer.gui.table.chipwork import top_chip
from trainer.gui.table.items import CardItem
from trainer.gui.table.layout import DECK_EDGE, Point
from trainer.gui.table.plan import PlannedPhase
from trainer.gui.table.scene import Z_MOVING
from trainer.gui.table.stage import Stage
from trainer.gui.table.timeline import Timeline
from trainer.i18n.translation import N_, _

PROCEDURE_LABELS = {
    Procedure.CARD_SHOE: N_("SHOE"), Procedure.SHUFFLER: N_("SHUFFLER"), Procedure.ACE: "ACE",
    Procedure.DECK_MATE: "DECK MATE",
}
"""What the shuffler's plate reads for each dealing procedure (the machines' names, ACE and DECK MATE, as their
makers print them)."""


def prepare_table(stage: Stage) -> None:
    """Before the first phase: the button by the player-dealer (if none is placed yet), the shuffler's plate."""
    scene, pd_seat = stage.scene, stage.player_dealer_seat
    if pd_seat is None or scene.player_dealer_seat is None:
        scene.set_player_dealer_seat(pd_seat)
    procedure = stage.round.procedure
    scene.shuffler.set_label(_(PROCEDURE_LABELS.get(procedure, str(procedure).upper())))


def bets(stage: Stage, t: Timeline) -> list[QAbstractAnimation]:
    """The button moves to this round's player-dealer; every seat's wagers go down."""
    scene, d = stage.scene, stage.durations
    out: list[QAbstractAnimation] = []
    pd_seat = stage.player_dealer_seat
    if pd_seat is not None and scene.player_dealer_seat not in (None, pd_seat):
        out.append(t.slide(scene.button, scene.button_place(pd_seat), d.chips * 2))
        out.append(t.cue(lambda: scene.set_player_dealer_seat(pd_seat)))
    seats = []
    for seat_bets in sorted(stage.round.bets, key=lambda b: b.seat):
        moves = [
            stage.chips_to_spot(t, seat_bets.seat, wager, wager_amount(seat_bets, wager))
            for wager in SIDE_WAGERS
            if wager_amount(seat_bets, wager) > 0
        ]
        seats.append(t.together([stage.sound(t, "chips"), t.staggered(moves, d.gap(d.chips) // 2)]))
    if seats:
        out.append(t.staggered(seats, d.gap(d.chips)))
    return out


def coin_in(stage: Stage, t: Timeline, planned: PlannedPhase) -> list[QAbstractAnimation]:
    """The dealer presses COIN IN: the sensors of ``planned.seats`` light (and stay lit for the hand), then
    every Progressive wager leaves the layout for the tray, winners' stakes too (seed 002 rule 6; a winner's
    award is paid from the tray in its seat's turn)."""
    scene, d = stage.scene, stage.durations
    seats = planned.seats

    def light() -> None:
        for seat in seats:
            scene.light_sensor(seat)

    moves: list[QAbstractAnimation] = []
    for seat in seats:
        stack = scene.wager_chips(seat, "progressive")
        if stack is None:
            continue
        moves.append(t.one_after_another([
            t.cue(partial(scene.set_wager_chips, seat, "progressive", None, keep=True)),
            t.slide(stack, scene.tray.tube(top_chip(stack.amount)), d.chips),
            t.fade(stack, 0.0, d.chips // 3),
            t.cue(partial(scene.retire, stack)),
        ]))
    out: list[QAbstractAnimation] = [t.cue(light), t.wait(d.pause)]
    if moves:
        out += [stage.sound(t, "chips"), t.staggered(moves, d.gap(d.chips) // 2)]
    return out


def fee(stage: Stage, t: Timeline) -> list[QAbstractAnimation]:
    """The player-dealer's bank goes out in front of the dealer; the collection fee into the drop box."""
    scene, d = stage.scene, stage.durations
    seat = stage.player_dealer_seat
    if seat is None:
        return []
    start = scene.player_position(seat)
    out: list[QAbstractAnimation] = []
    bank_amount = Decimal(stage.round.table.player_dealer_bank or 0)
    if bank_amount > 0:
        bank = scene.new_chips(bank_amount, start)
        bank.setOpacity(0.0)
        out.append(t.one_after_another([
            stage.sound(t, "chips"),
            t.show(bank),
            t.slide(bank, scene.bank_place(), d.chips),
            t.cue(lambda: scene.set_bank(bank)),
        ]))
    fee_amount = Decimal(stage.round.collection_fee or 0)
    if fee_amount > 0:
        chips = scene.new_chips(fee_amount, start)
        chips.setOpacity(0.0)
        slot = scene.drop_box.slot
        out.append(t.one_after_another([
            stage.sound(t, "chips"),
            t.show(chips),
            t.slide(chips, Point(slot.x, slot.y - 4), d.chips),
            t.wait(d.chips // 2),
            t.fade(chips, 0.0, d.chips // 2),
            t.cue(lambda: scene.retire(chips)),
        ]))
    return out


def deal(stage: Stage, t: Timeline) -> list[QAbstractAnimation]:
    """Every card in the deal's ``sequence`` to its place (Deck Mate: the board stays in the dealer's hand)."""
    scene, d = stage.scene, stage.durations
    out: list[QAbstractAnimation] = [stage.sound(t, "shuffle")]
    out += swap_decks(stage, t)
    hand_held = stage.round.procedure == Procedure.DECK_MATE
    cards = _cards_out_of_the_deck(stage)
    if hand_held:
        source = scene.geometry.hand_deck
        deck = [item for _, item in cards]
        out.append(t.together([t.show(item) for item in deck]))
        # The deck in the dealer's hand: the top card (dealt first) on top, the others showing an edge.
        out.append(t.together([
            t.slide(item, Point(source.x + i * DECK_EDGE.x, source.y + i * DECK_EDGE.y), d.deal * 2)
            for i, item in enumerate(deck)
        ]))
    # Dealing by hand (Deck Mate), the board comes off the deck street by street and the stub goes to
    # the rack at the end of the round; a machine's cards all come out now and its rest is unloaded.
    stage.held_board = {
        target.slot: (target, item) for target, item in cards if hand_held and target.kind == "board"
    }
    held = {id(item) for _, item in stage.held_board.values()}
    dealt = [(target, item) for target, item in cards if target.kind != "rack" and id(item) not in held]
    unloaded = [item for target, item in cards if target.kind == "rack"]
    moves = [stage.deal_card(t, target, item, show=not hand_held) for target, item in dealt]
    out.append(t.staggered(moves, d.gap(d.deal)))
    if hand_held:
        stage.stub = unloaded
    elif unloaded:
        out.append(stage.unload(t, unloaded, show=True))
    return out


def _cards_out_of_the_deck(stage: Stage) -> list[tuple[Target, CardItem]]:
    """A card item for each card of the deal, waiting unseen at the shuffler, the first dealt on top."""
    scene = stage.scene
    colour = str(stage.round.deck_colour)
    sequence = stage.round.deal.sequence
    cards: list[tuple[Target, CardItem]] = []
    for index, (target, card) in enumerate(sequence):
        item = scene.new_card(card, colour, scene.shuffler.output)
        item.setZValue(Z_MOVING + (len(sequence) - index) * 0.01)
        item.setOpacity(0.0)
        cards.append((target, item))
    return cards


def swap_decks(stage: Stage, t: Timeline) -> list[QAbstractAnimation]:
    """The rack's deck (last round's) goes into the shuffler before this round's deck comes out."""
    scene = stage.scene
    previous = scene.rack.previous_deck
    if previous is None:
        return []
    colour, _ = previous
    pile = scene.new_card("As", colour, scene.rack.rect.center)
    pile.kind = None
    into = scene.shuffler.rect.center
    return [t.one_after_another([
        t.cue(lambda: scene.rack.set_previous_deck(None)),
        t.slide(pile, Point(into.x, into.y), stage.durations.deal * 2),
        t.fade(pile, 0.0, stage.durations.deal // 2),
        t.cue(partial(scene.retire, pile)),
        t.cue(partial(scene.shuffler.set_loaded, colour)),
    ])]


def decisions(stage: Stage, t: Timeline, street: Street) -> list[QAbstractAnimation]:
    """Each player's decision on ``street``: a label, and the Play wager's chips for a bet."""
    d = stage.durations
    moves: list[QAbstractAnimation] = []
    antes = {seat_bets.seat: Decimal(seat_bets.ante) for seat_bets in stage.round.bets}
    for decision in stage.round.decisions_on(street):
        seat, multiple = decision.seat, int(decision.multiple)
        blocks: list[QAbstractAnimation] = []
        if stage.annotate:
            blocks.append(t.cue(partial(stage.scene.set_badge, seat, decision_text(decision))))
        if multiple:
            blocks += [stage.sound(t, "chips"), stage.chips_to_spot(t, seat, "play", antes[seat] * multiple)]
        else:
            blocks.append(t.wait(d.chips // 2))
        moves.append(t.one_after_another(blocks))
    return [t.staggered(moves, d.gap(d.chips))] if moves else []


def turn_board(stage: Stage, t: Timeline, slots: range) -> list[QAbstractAnimation]:
    """Turn the community cards of ``slots`` face up; from a hand-held deck, deal them first."""
    d = stage.durations
    out: list[QAbstractAnimation] = []
    held = [stage.held_board.pop(slot) for slot in slots if slot in stage.held_board]
    if held:
        moves = [stage.deal_card(t, target, item, show=False) for target, item in held]
        out.append(t.staggered(moves, d.gap(d.deal)))
    board = {card.slot: card for card in stage.scene.cards_at("board")}
    board.update({target.slot: item for target, item in held})
    flips = [
        t.one_after_another([stage.sound(t, "flip"), t.flip(board[slot], True, d.flip)])
        for slot in slots
        if slot in board
    ]
    if flips:
        out.append(t.staggered(flips, d.gap(d.flip)))
    return out
