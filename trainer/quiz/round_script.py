"""What a dealer does in a whole round, step by step, as the engine has it: the script a run round is scored on.

:func:`round_script` reads an engine :class:`~trainer.engine.round.PlayedRound` and lists the dealer's tasks in
order, each a frozen :class:`ScriptStep` with the document and section it comes from:

call "No more bets" and take the fee (player-dealer table: the call closes the bets, the fee is then taken on
the final total; rules-notes §2) · press COIN IN and remove the Progressive wagers once all bets are placed (when
any was placed; seed 002 Progressive rule 6), then call "No more bets" (house table) · deal each card to its
place in the order of the round's ``deal.sequence`` · unload the rest unseen (not on Deck Mate) · collect,
spread and count each folded hand · reveal and announce the dealer's hand · settle (the settlement
quiz) · rack the cards · confirm the count of 52.

An :class:`Irregularity` replaces one step by the documents' response and ends the script there: the shuffler
fails mid-deal (void the round and return every wager, seeds 002 and 004), a folded hand counts one or three
cards, or a card shows the other deck's back (stop and call the floor, rules-notes §7).

>>> from trainer.engine.round import RoundDealer
>>> from trainer.engine.games import game_named
>>> played = RoundDealer(game_named("wa").table_rules(), Procedure.ACE, 2, random.Random(1),
...                      side_bets=("progressive",)).next_round()
>>> [step.task.value for step in round_script(played)][:4]
['coin-in', 'no-more-bets', 'deal', 'deal']
>>> round_script(played)[-1].task, round_script(played)[-1].count
(<Task.COUNT: 'count'>, 52)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum

from trainer.engine.dealing import DECK_SIZE, SHUFFLER_MALFUNCTION_RULE, Procedure, Target
from trainer.engine.evaluator import Category
from trainer.engine.games import game_named
from trainer.engine.round import PlayedRound, RoundDealer
from trainer.engine.settlement import Step, format_money, void_round
from trainer.engine.strategy import STREETS, Street
from trainer.engine.wagers import Outcome, Phase, Wager
from trainer.engine.words import colour_name, hand_name
from trainer.i18n.translation import N_, _, ngettext

FOLD_CARDS = 2
FLOP_CARDS = 3
BOARD_CARDS = 5
RESULT_WORDS = {"win": N_("wins"), "lose": N_("loses"), "push": N_("ties")}
"""How a player's result against the dealer is announced."""
STREET_WORDS: dict[Street, str] = {
    "preflop": N_("before the flop"), "flop": N_("on the flop"), "river": N_("on the river")}
CITE_FEE = N_("seed 001 and seed 003 Collection Rates (taken from the player-dealer after every wager is placed and "
            "dropped before any card is dealt; rules-notes §2: on the total, final once \"No more bets\" is called)")
CITE_NO_MORE_BETS = N_("seed 001 Dealing Procedures 4 a; seed 003 Dealing procedures 1 a")
CITE_NO_MORE_BETS_HOUSE = N_("rules-notes §2 (the Washington documents name no call: the bets close before the "
                             "house's dealing procedure, seed 002 Progressive rule 7)")
CITE_COIN_IN = N_("seed 002 Progressive rule 6 (once all players place their bets, press COIN IN, then remove every "
                "Progressive wager from the table)")
CITE_UNLOAD = N_("seed 001 Dealing Procedures 8; seed 003 Dealing procedures 5; seed 004 Recommended Dealing "
                 "Procedures 5")
CITE_STREETS = N_("seed 001 Dealing Procedures 9-13 (Play 3x or 4x the Ante before the flop, 2x on the flop, 1x on the "
                "river; once players bet, they cannot bet again and they cannot change their bet); seed 003 Round "
                "of Play 1-5")
CITE_REVEAL_FLOP = N_("seed 001 Dealing Procedures 10 (when the Play wagers are made, turn over the first three "
                    "community cards)")
CITE_REVEAL_RIVER = N_("seed 001 Dealing Procedures 12 (turn over the remaining two community cards, the turn and "
                     "the river)")
CITE_FOLD = N_("seed 001 Dealing Procedures 14 b-c; seed 003 Round of Play 6 b-c (spread face down, count, rack)")
CITE_ANNOUNCE = N_("seed 004 Recommended Dealing Procedures 11-12; seed 001 Dealing Procedures 15")
CITE_HANDS = N_("seed 001 When player-dealer qualifies 1 c; seed 003 Round of Play 10 d (announce the value of the "
              "player's hand and whether it wins or loses), each player still in the hand in settlement order")
CITE_HAND_BUTTON = N_("seed 002 Progressive rule 9 c-d (a Progressive winner: press the winning hand's button on the "
                    "controller, the player farthest on the dealer's right first)")
CITE_SUPERVISOR = N_("seed 002 Progressive rule 9 e-f (contact a supervisor, who verifies the win and records it on "
                   "the Game Manager)")
CITE_GAME_OVER = N_("seed 002 Progressive rule 9 h (once every wager is reconciled, press Game Over)")
CITE_SETTLE = N_("the settlement procedure of the table (rules-notes §2)")
CITE_RACK = N_("seed 001 When player-dealer qualifies 3 d, 8 (each hand collected, counted and racked; a trips hand "
             "once its Trips is paid); rules-notes §6 (the Deck Mate stub goes with the round)")
CITE_COUNT = N_("rules-notes §7 (every card of the round's deck is in the rack: 52)")
CITE_FLOOR = N_("rules-notes §7 (an irregularity: stop and call the floor supervisor, never fix it yourself)")
CITE_VOID = N_("seed 002 Irregularities; seed 004 Irregularities: \"{rule}\" Every wager is returned")
"""The document behind each task, marked for the catalogue (the documents' names and paragraphs as they print
them; what a paragraph says in the language spoken), said in the language of the round's script."""


class Task(StrEnum):
    """A dealer's task in a round (and the two responses to an irregularity)."""

    TAKE_FEE = "take-fee"
    NO_MORE_BETS = "no-more-bets"
    COIN_IN = "coin-in"
    DEAL = "deal"
    UNLOAD = "unload"
    TAKE_PLAY = "take-play"
    REFUSE_PLAY = "refuse-play"
    REVEAL = "reveal"
    COLLECT_FOLD = "collect-fold"
    ANNOUNCE = "announce"
    ANNOUNCE_HAND = "announce-hand"
    HAND_BUTTON = "hand-button"
    CALL_SUPERVISOR = "call-supervisor"
    GAME_OVER = "game-over"
    SETTLE = "settle"
    RACK = "rack"
    COUNT = "count"
    VOID = "void"
    CALL_FLOOR = "call-floor"

    @property
    def responds(self) -> bool:
        """A response to an irregularity rather than a task of the round."""
        return self in (Task.VOID, Task.CALL_FLOOR)


BEFORE_THE_DEAL = frozenset({Task.TAKE_FEE, Task.NO_MORE_BETS, Task.COIN_IN})
"""The tasks before the first card, which a dealer may do in any order (rules-notes §2: the documents only say the
fee is taken after all wagers and before the deal, and COIN IN once all bets are placed); the script lists them in
the order the lessons teach."""


class Irregularity(StrEnum):
    """The irregularities a run round may bring."""

    SHUFFLER_FAILS = "shuffler-fails"
    FOLD_MISCOUNT = "fold-miscount"
    WRONG_BACK = "wrong-back"

    @property
    def label(self) -> str:
        return {Irregularity.SHUFFLER_FAILS: "the shuffler fails mid-deal",
                Irregularity.FOLD_MISCOUNT: "a folded hand does not count two cards",
                Irregularity.WRONG_BACK: "a card shows the other deck's back"}[self]


TOPICS = {
    Task.TAKE_FEE: "collection", Task.NO_MORE_BETS: "dealing", Task.COIN_IN: "progressive-controller",
    Task.DEAL: "dealing", Task.TAKE_PLAY: "ante-play", Task.REFUSE_PLAY: "ante-play",
    Task.REVEAL: "dealing", Task.UNLOAD: "card-count", Task.COLLECT_FOLD: "card-count", Task.ANNOUNCE: "qualification",
    Task.ANNOUNCE_HAND: "ante-play", Task.HAND_BUTTON: "progressive-controller",
    Task.CALL_SUPERVISOR: "progressive-controller", Task.GAME_OVER: "progressive-controller",
    Task.SETTLE: "order", Task.RACK: "card-count", Task.COUNT: "card-count", Task.VOID: "irregularities",
    Task.CALL_FLOOR: "irregularities",
}
"""The lesson of each task."""


@dataclass(frozen=True)
class ScriptStep:
    """One task of the round: what it is, its place or seat or amount or count, what the trainee sees at it
    (``shown``: the spread of a fold, the card's back, the shuffler's error), and the document behind it."""

    task: Task
    rule: str
    target: Target | None = None
    seat: int | None = None
    amount: Decimal | None = None
    count: int | None = None
    shown: str = ""
    hand: Category | None = None
    result: str = ""
    """A player's hand announced: its category and ``win``, ``lose`` or ``push``."""

    @property
    def topic(self) -> str:
        return TOPICS[self.task]

    def describe(self) -> str:
        """``deal seat 3 card 2``, ``take the fee $4``, ``collect seat 2's fold: 2 cards``."""
        if self.task is Task.DEAL:
            return _("deal {target}").format(target=self.target) if self.target is not None else _("deal a card")
        if self.task is Task.TAKE_FEE:
            return _("take the collection fee {amount}").format(amount=format_money(self.amount or Decimal(0)))
        if self.task is Task.COLLECT_FOLD:
            if self.seat is None:  # an act naming no seat (a trainee's answer)
                return _("collect a folded hand: {count} cards, to the rack").format(count=self.count)
            return _("collect seat {seat}'s folded hand: {count} cards, to the rack").format(
                seat=self.seat, count=self.count)
        if self.task is Task.TAKE_PLAY:
            if self.seat is None or self.amount is None:
                return _("take a Play wager")
            return _("take seat {seat}'s Play wager {amount}").format(
                seat=self.seat, amount=format_money(self.amount))
        if self.task is Task.REFUSE_PLAY:
            if self.seat is None:
                return _("refuse a second Play wager (a Play wager once made is not added to or changed)")
            return _("refuse seat {seat}'s second Play wager (a Play wager once made is not added to or changed)"
                     ).format(seat=self.seat)
        if self.task is Task.REVEAL:
            return _("turn over the flop") if self.count == FLOP_CARDS else _("turn over the turn and the river")
        if self.task is Task.ANNOUNCE_HAND:
            if self.hand is None:
                return _("announce seat {seat}'s hand and whether it wins").format(seat=self.seat)
            result = _(RESULT_WORDS[self.result]) if self.result in RESULT_WORDS else self.result
            return _("announce seat {seat}'s hand and whether it wins: {hand}, {result}").format(
                seat=self.seat, hand=hand_name(self.hand.label), result=result)
        if self.task is Task.HAND_BUTTON:
            if self.hand is None:
                return _("press the Progressive hand button for seat {seat}").format(seat=self.seat)
            return _("press the Progressive hand button for seat {seat} ({hand})").format(
                seat=self.seat, hand=hand_name(self.hand.label))
        if self.task is Task.COUNT:
            return _("confirm the rack holds {count} cards").format(count=self.count)
        return _({Task.NO_MORE_BETS: N_('call "No more bets"'),
                  Task.COIN_IN: N_("press COIN IN, remove the Progressive wagers"),
                  Task.UNLOAD: N_("unload the rest unseen into the rack"),
                  Task.ANNOUNCE: N_("reveal and announce your hand"),
                  Task.SETTLE: N_("settle every wager"), Task.RACK: N_("rack the cards"),
                  Task.CALL_SUPERVISOR: N_("call a supervisor to verify the Progressive win"),
                  Task.GAME_OVER: N_("press Game Over on the Progressive controller"),
                  Task.VOID: N_("void the round and return every wager"),
                  Task.CALL_FLOOR: N_("stop and call the floor supervisor")}[self.task])


@dataclass(frozen=True)
class PlayAttempt:
    """A player who has made the Play wager pushes out another chip on a later street (``street``): a second
    Play wager or a raise of the first, ``amount`` more. The dealer refuses it (seed 001 Dealing Procedures 9)."""

    seat: int
    street: Street
    amount: Decimal


@dataclass(frozen=True)
class Injected:
    """An irregularity and where it strikes: the ``at``-th card dealt (1 = the first), or the fold of ``seat``
    with ``count`` cards in its spread."""

    kind: Irregularity
    at: int = 0
    seat: int | None = None
    count: int = FOLD_CARDS


def _still_in_action(played: PlayedRound) -> dict[int, set[Wager]]:
    """The folded seats' wagers settled after the fold (in the settle or refund pass)."""
    found: dict[int, set[Wager]] = {}
    for step in played.settlement.procedure:
        if step.seat in played.folded and step.phase in (Phase.SETTLE, Phase.REFUND):
            found.setdefault(step.seat, set()).add(step.wager)
    return found


def tucked_under_pairs(played: PlayedRound) -> frozenset[int]:
    """Folded seats whose only wager still in action is the Pairs: "the dealer will remove the losing wagers and
    tuck the two hole cards under the Ultimate Pairs Bonus wager" (seed 002 Pairs rule 4), face down, until the
    Pairs is settled in the seat's turn."""
    return frozenset(seat for seat, wagers in _still_in_action(played).items() if wagers == {Wager.PAIRS})


def kept_face_up(played: PlayedRound) -> frozenset[int]:
    """Folded seats whose hand stays face up until a wager still in action is paid: trips on a fold (seed 001
    rule 8), a Bad Beat or a Progressive still in action (rules-notes §4); not a hand tucked under its Pairs."""
    return frozenset(_still_in_action(played)) - tucked_under_pairs(played)


def left_after_fold(played: PlayedRound) -> frozenset[int]:
    """Folded seats whose cards are not collected at the fold: kept face up, or tucked under the Pairs wager."""
    return kept_face_up(played) | tucked_under_pairs(played)


def dealt_cards(played: PlayedRound) -> list[Target]:
    """The targets of the cards dealt to a place (the rack's unloaded cards left out), in the deck's order."""
    return [target for target, _ in played.deal.sequence if target.kind != "rack"]


def street_steps(played: PlayedRound, attempt: PlayAttempt | None = None) -> list[ScriptStep]:
    """The streets after the deal (seed 001 Dealing Procedures 9-13): each Play wager made before the flop taken,
    the flop turned over, each made on the flop taken, the turn and the river turned over, each made on the river
    taken; ``attempt``'s second Play wager refused on its street, after that street's wagers are taken."""
    steps: list[ScriptStep] = []
    for street in STREETS:
        if street == "flop":
            steps.append(ScriptStep(Task.REVEAL, _(CITE_REVEAL_FLOP), count=FLOP_CARDS))
        elif street == "river":
            steps.append(ScriptStep(Task.REVEAL, _(CITE_REVEAL_RIVER), count=BOARD_CARDS))
        for decision in sorted(played.decisions_on(street), key=lambda decision: decision.seat):
            if decision.multiple <= 0:
                continue
            hand = next(hand for hand in played.hands if hand.seat == decision.seat)
            steps.append(ScriptStep(Task.TAKE_PLAY, _(CITE_STREETS), seat=decision.seat, amount=hand.play,
                                    shown=_("seat {seat} puts out a Play wager of {amount} {street}").format(
                                        seat=decision.seat, amount=format_money(hand.play),
                                        street=_(STREET_WORDS[street]))))
        if attempt is not None and attempt.street == street:
            steps.append(ScriptStep(Task.REFUSE_PLAY, _(CITE_STREETS), seat=attempt.seat, amount=attempt.amount,
                                    shown=_("seat {seat}, whose Play wager is already made, pushes out {amount} more "
                                            "{street}").format(seat=attempt.seat, amount=format_money(attempt.amount),
                                                               street=_(STREET_WORDS[street]))))
    return steps


def play_attempt(played: PlayedRound, rng: random.Random) -> PlayAttempt | None:
    """A seat that made its Play wager before the river tries another on a later street (None when none did)."""
    made = [(decision.seat, STREETS.index(decision.street)) for decision in played.decisions
            if decision.multiple > 0 and decision.street != "river"]
    if not made:
        return None
    seat, street = rng.choice(sorted(made))
    ante = next(hand.ante for hand in played.hands if hand.seat == seat)
    later = STREETS[rng.randint(street + 1, len(STREETS) - 1)]
    return PlayAttempt(seat, later, ante * (2 if later == "flop" else 1))


def round_script(played: PlayedRound, injected: Injected | None = None,
                 attempt: PlayAttempt | None = None) -> tuple[ScriptStep, ...]:
    """Every task of ``played`` in order, ending early at ``injected``'s response; ``attempt`` a second Play
    wager the dealer refuses."""
    steps = list(opening_steps(played))
    deal_rule = _("{procedure}: {description}").format(procedure=played.procedure.label,
                                                      description=played.procedure.description)
    colour = played.deck_colour
    for number, target in enumerate(dealt_cards(played), start=1):
        if injected is not None and injected.at == number:
            if injected.kind is Irregularity.SHUFFLER_FAILS:
                void = _(CITE_VOID).format(rule=_(SHUFFLER_MALFUNCTION_RULE))
                return (*steps, ScriptStep(Task.VOID, void, target=target,
                                           shown=_("the shuffler stops with an error")))
            if injected.kind is Irregularity.WRONG_BACK:
                return (*steps, ScriptStep(Task.CALL_FLOOR, _(CITE_FLOOR), target=target,
                                           shown=_("the next card shows a back that is not the {colour} deck's")
                                           .format(colour=colour_name(colour))))
        steps.append(ScriptStep(Task.DEAL, deal_rule, target=target))
    if played.procedure is not Procedure.DECK_MATE:
        steps.append(ScriptStep(Task.UNLOAD, _(CITE_UNLOAD), count=DECK_SIZE - len(dealt_cards(played))))
    steps += street_steps(played, attempt)
    for seat in played.table.fold_order(sorted(played.folded - left_after_fold(played))):
        if injected is not None and injected.kind is Irregularity.FOLD_MISCOUNT and injected.seat == seat:
            return (*steps, ScriptStep(Task.CALL_FLOOR, _(CITE_FLOOR), seat=seat, count=injected.count,
                                       shown=ngettext("seat {seat}'s folded hand spreads to {count} card",
                                                      "seat {seat}'s folded hand spreads to {count} cards",
                                                      injected.count).format(seat=seat, count=injected.count)))
        steps.append(ScriptStep(Task.COLLECT_FOLD, _(CITE_FOLD), seat=seat, count=FOLD_CARDS,
                                shown=ngettext("seat {seat}'s folded hand spreads to {count} card",
                                               "seat {seat}'s folded hand spreads to {count} cards",
                                               FOLD_CARDS).format(seat=seat, count=FOLD_CARDS)))
    winners = progressive_winners(played)
    steps += [ScriptStep(Task.ANNOUNCE, _(CITE_ANNOUNCE)), *hand_steps(played), *winners,
              *([ScriptStep(Task.CALL_SUPERVISOR, _(CITE_SUPERVISOR))] if winners else []),
              ScriptStep(Task.SETTLE, _(CITE_SETTLE)),
              *([ScriptStep(Task.GAME_OVER, _(CITE_GAME_OVER))] if winners else []),
              ScriptStep(Task.RACK, _(CITE_RACK)), ScriptStep(Task.COUNT, _(CITE_COUNT), count=DECK_SIZE,
                                                           shown=_("the rack holds {count} cards").format(
                                                               count=DECK_SIZE))]
    return tuple(steps)


def hand_steps(played: PlayedRound) -> list[ScriptStep]:
    """After the dealer's announcement, each player still in the hand in settlement order: the hand's value and
    whether it wins, loses or ties (seed 001 When player-dealer qualifies 1 c; seed 003 Round of Play 10 d)."""
    live = [hand.seat for hand in played.hands if not hand.folded]
    steps: list[ScriptStep] = []
    for seat in played.table.settlement_order(live):
        result = played.settlement.seat(seat)
        steps.append(ScriptStep(Task.ANNOUNCE_HAND, _(CITE_HANDS), seat=seat, hand=result.hand.category,
                                result=str(result.result)))
    return steps


def progressive_winners(played: PlayedRound) -> list[ScriptStep]:
    """A hand button pressed for each Progressive that wins (fold or not), the player farthest on the dealer's
    right first (seed 002 Progressive rule 9 c-d)."""
    won = [result.seat for result in played.settlement.seats
           if (wager := result.wagers.get(Wager.PROGRESSIVE)) is not None and wager.outcome is Outcome.WIN]
    return [ScriptStep(Task.HAND_BUTTON, _(CITE_HAND_BUTTON), seat=seat,
                       hand=played.settlement.seat(seat).hand.category,
                       shown=_("seat {seat}'s Progressive wins").format(seat=seat))
            for seat in played.table.settlement_order(won)]


def opening_steps(played: PlayedRound) -> tuple[ScriptStep, ...]:
    """The tasks before the deal, in the order the lessons teach: at a player-dealer table call "No more bets",
    then take the fee on the final total (rules-notes §2); at a house table press COIN IN once all bets are placed
    (seed 002 Progressive rule 6), then close the bets before the deal. :data:`BEFORE_THE_DEAL` may come in any
    order."""
    steps: list[ScriptStep] = []
    progressive = any(bets.progressive > 0 for bets in played.bets)
    if played.table.is_house:
        if progressive:
            steps.append(ScriptStep(Task.COIN_IN, _(CITE_COIN_IN)))
        steps.append(ScriptStep(Task.NO_MORE_BETS, _(CITE_NO_MORE_BETS_HOUSE)))
        return tuple(steps)
    steps.append(ScriptStep(Task.NO_MORE_BETS, _(CITE_NO_MORE_BETS)))
    fee = played.settlement.collection_fee
    if fee is not None:
        steps.append(ScriptStep(Task.TAKE_FEE, _(CITE_FEE), amount=fee))
    if progressive:
        steps.append(ScriptStep(Task.COIN_IN, _(CITE_COIN_IN)))
    return tuple(steps)


def possible_irregularities(played: PlayedRound) -> list[Irregularity]:
    """The irregularities this round can bring: a shuffler failure needs a shuffler (not a card shoe), a
    miscounted fold needs a folded hand collected at once."""
    found = [Irregularity.WRONG_BACK]
    if played.procedure is not Procedure.CARD_SHOE:
        found.append(Irregularity.SHUFFLER_FAILS)
    if played.folded - left_after_fold(played):
        found.append(Irregularity.FOLD_MISCOUNT)
    return found


def inject(played: PlayedRound, rng: random.Random, kind: Irregularity | None = None) -> Injected:
    """An irregularity for ``played`` (``kind`` when it fits the round, else one drawn from those that do)."""
    possible = possible_irregularities(played)
    chosen = kind if kind in possible else rng.choice(possible)
    dealt = len(dealt_cards(played))
    if chosen is Irregularity.FOLD_MISCOUNT:
        seats = sorted(played.folded - left_after_fold(played))
        return Injected(chosen, seat=rng.choice(seats), count=rng.choice((1, 3)))
    if chosen is Irregularity.SHUFFLER_FAILS and played.procedure is Procedure.DECK_MATE:
        return Injected(chosen, at=1)  # the Deck Mate delivers the whole deck before the first card is dealt
    return Injected(chosen, at=rng.randint(2, dealt))


def void_steps(played: PlayedRound) -> tuple[Step, ...]:
    """The engine's :func:`~trainer.engine.settlement.void_round` for ``played`` voided mid-deal: every wager
    placed before the deal is returned (no Play wager has been made yet)."""
    return void_round(played.table, [replace(hand, play=Decimal(0)) for hand in played.hands])


def game_round(game_id: str, procedure: Procedure, rng: random.Random, *, rounds: int = 1,
               careless: bool = True) -> PlayedRound:
    """A round of one of the documents' games dealt by ``procedure`` with simulated players (the last of
    ``rounds`` played in a row, so the button and the decks have moved): every side bet the game offers, the
    first fee option, limits inside it. ``careless`` players fold now and then, so folds come up."""
    game = game_named(game_id)
    changes: dict[str, object] = {}
    if not game.is_house:
        changes["collection_schedule"] = game.fee_schedules[0]
    table = game.table_rules(**changes)
    low, high = game.wager_limits(table.collection_schedule)
    dealer = RoundDealer(table, procedure, game.positions, rng, careless=careless, side_bets=game.side_bets,
                         min_wager=low or Decimal(5), max_wager=min(high or Decimal(500), Decimal(500)))
    played = dealer.next_round()
    for __ in range(rounds - 1):
        played = dealer.next_round()
    return played
