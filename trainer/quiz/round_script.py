"""What a dealer does in a whole round, step by step, as the engine has it: the script a run round is scored on.

:func:`round_script` reads an engine :class:`~trainer.engine.round.PlayedRound` and lists the dealer's tasks in
order, each a frozen :class:`ScriptStep` with the document and section it comes from. The order is the round's
stages (:mod:`trainer.quiz.round_order`, the same list the ordering drill asks), walked one by one:

call "No more bets", then take the fee (player-dealer table) or press COIN IN and remove the Progressive wagers
(house table, once all bets are placed; seed 002 Progressive rule 6) · deal each card to its place in the order of
the round's ``deal.sequence`` (a Deck Mate's community cards come face up from the hand-held deck, each street
when it is due) · unload the rest unseen (not on Deck Mate) · the Play wagers street by street · each fold at once:
its losing wagers, then its cards spread, counted and racked (or tucked under its Pairs wager) · reveal and
announce the dealer's hand · a house dealer who does not qualify refunds every Ante before any hand is turned up
· then one player at a time: the hand revealed and announced, a Progressive winner's button and the supervisor,
the seat settled, its cards collected, counted and racked · Game Over on a table with the Progressive · rack the
rest · confirm the count of 52.

A settlement task (:attr:`Task.SETTLE`) is one part of the settlement quiz: a fold's wagers, the refund pass, or
one seat's wagers (``seat`` and ``phases``).

An :class:`Irregularity` replaces one step by the documents' response and ends the script there: the shuffler
fails mid-deal (void the round and return every wager, seeds 002 and 004), a folded hand counts one or three
cards, or a card shows the other deck's back (stop and call the floor, rules-notes §7).

>>> from trainer.engine.round import RoundDealer
>>> from trainer.engine.games import game_named
>>> played = RoundDealer(game_named("wa").table_rules(), Procedure.ACE, 2, random.Random(1),
...                      side_bets=("progressive",)).next_round()
>>> [step.task.value for step in round_script(played)][:4]
['no-more-bets', 'coin-in', 'deal', 'deal']
>>> [step.task.value for step in round_script(played)][-3:], round_script(played)[-1].count
(['game-over', 'rack', 'count'], 52)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
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
from trainer.quiz.protection import ProtectionAttempt, Stop
from trainer.quiz.round_order import FOLD_CYCLE, SEAT_CYCLE, OrderStage, Stage, round_order

FOLD_CARDS = 2
FLOP_CARDS = 3
BOARD_CARDS = 5
RESULT_WORDS = {"win": N_("wins"), "lose": N_("loses"), "push": N_("ties")}
"""How a player's result against the dealer is announced."""
STREET_WORDS: dict[Street, str] = {
    "preflop": N_("before the flop"), "flop": N_("on the flop"), "river": N_("on the river")}
CITE_HAND_BUTTON = N_("seed 002 Progressive rule 9 c-d (a Progressive winner: press the winning hand's button on the "
                    "controller, the player farthest on the dealer's right first)")
CITE_SUPERVISOR = N_("seed 002 Progressive rule 9 e-f (contact a supervisor, who verifies the win and records it on "
                   "the Game Manager)")
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
    STOP = "stop"
    """Stop a prohibited act a player or a spectator attempts (:mod:`trainer.quiz.protection`)."""

    @property
    def responds(self) -> bool:
        """A response to something that goes wrong (an irregularity, a prohibited act) rather than a task of the
        round."""
        return self in (Task.VOID, Task.CALL_FLOOR, Task.STOP)


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
    Task.CALL_FLOOR: "irregularities", Task.STOP: "game-protection",
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
    phases: frozenset[Phase] = field(default_factory=frozenset)
    """A settlement task's passes: the fold's (``seat``'s), the refund pass (no seat), or a seat's own."""
    stage: Stage | None = None
    """The point of the round's order (:mod:`trainer.quiz.round_order`) the task belongs to."""

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
        if self.task is Task.REVEAL and self.target is not None:
            return (_("deal the flop face up from the hand-held deck") if self.count == FLOP_CARDS
                    else _("deal the turn and the river face up from the hand-held deck"))
        if self.task is Task.REVEAL:
            return _("turn over the flop") if self.count == FLOP_CARDS else _("turn over the turn and the river")
        if self.task is Task.SETTLE and Phase.FOLD in self.phases:
            return _("take seat {seat}'s losing wagers at the fold").format(seat=self.seat)
        if self.task is Task.SETTLE and Phase.REFUND in self.phases and self.seat is None:
            return _("refund every Ante, right to left, before turning up any hand")
        if self.task is Task.SETTLE and self.seat is not None:
            return _("settle seat {seat}'s wagers").format(seat=self.seat)
        if self.task is Task.RACK and self.seat is not None:
            return _("collect, count and rack seat {seat}'s cards").format(seat=self.seat)
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
        if self.task is Task.STOP:
            return Stop(self.result).label if self.result in set(Stop) else _("stop a prohibited act")
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
    """Folded seats with a Pairs wager, which stays in action: "the dealer will remove the losing wagers and tuck
    the two hole cards under the Ultimate Pairs Bonus wager" (seed 002 Pairs rule 4), face down, whatever else is
    still in action, until the seat's turn comes (the face-up rule of seed 001 §8 and seed 003 §17 is
    California's, which offers no Pairs)."""
    return frozenset(seat for seat, wagers in _still_in_action(played).items() if Wager.PAIRS in wagers)


def kept_face_up(played: PlayedRound) -> frozenset[int]:
    """Folded seats whose hand stays face up until a wager still in action is paid: trips on a fold (seed 001
    rule 8), a Bad Beat or a Progressive still in action (rules-notes §4); not a hand tucked under its Pairs."""
    return frozenset(_still_in_action(played)) - tucked_under_pairs(played)


def left_after_fold(played: PlayedRound) -> frozenset[int]:
    """Folded seats whose cards are not collected at the fold: kept face up, or tucked under the Pairs wager."""
    return kept_face_up(played) | tucked_under_pairs(played)


def dealt_cards(played: PlayedRound) -> list[Target]:
    """The targets of the cards dealt to a place at the deal, in the deck's order: the rack's unloaded cards left
    out, and on a Deck Mate the community cards too (dealt face up from the hand-held deck as each street comes,
    seed 002 Deck Mate 5, 7)."""
    hand_held = played.procedure is Procedure.DECK_MATE
    return [target for target, _ in played.deal.sequence
            if target.kind != "rack" and not (hand_held and target.kind == "board")]


def order_of(played: PlayedRound) -> tuple[OrderStage, ...]:
    """The order of ``played``'s round: its game's (a room's own table: by its banking)."""
    game = played.table.game
    if game is None:
        bad_beat = any(bets.bad_beat > 0 for bets in played.bets)
        game = "house" if played.table.is_house else "ca-bad-beat" if bad_beat else "ca"
    return round_order(game, played.procedure.value)


@dataclass(frozen=True)
class _Round:
    """What the stages of one round need as they are walked: the round, its citations by stage, and the
    irregularity and the second Play wager it brings."""

    played: PlayedRound
    cite: dict[Stage, str]
    injected: Injected | None
    attempt: PlayAttempt | None


def street_steps(played: PlayedRound, attempt: PlayAttempt | None = None) -> list[ScriptStep]:
    """The streets after the deal: each Play wager made before the flop taken, the flop turned over (a Deck Mate:
    dealt face up from the hand-held deck), each made on the flop taken, the turn and the river turned over, each
    made on the river taken; ``attempt``'s second Play wager refused on its street, after that street's wagers
    are taken."""
    info = _Round(played, {stage.key: stage.rule for stage in order_of(played)}, None, attempt)
    return [step for stage in (Stage.PREFLOP, Stage.FLOP, Stage.FLOP_PLAY, Stage.TURN_RIVER, Stage.RIVER_PLAY)
            for step in _STAGE_STEPS[stage](info)]


def _plays_on(info: _Round, street: Street, stage: Stage) -> list[ScriptStep]:
    played, attempt = info.played, info.attempt
    steps: list[ScriptStep] = []
    for decision in sorted(played.decisions_on(street), key=lambda decision: decision.seat):
        if decision.multiple <= 0:
            continue
        hand = next(hand for hand in played.hands if hand.seat == decision.seat)
        steps.append(ScriptStep(Task.TAKE_PLAY, info.cite[stage], seat=decision.seat, amount=hand.play,
                                shown=_("seat {seat} puts out a Play wager of {amount} {street}").format(
                                    seat=decision.seat, amount=format_money(hand.play),
                                    street=_(STREET_WORDS[street])), stage=stage))
    if attempt is not None and attempt.street == street:
        steps.append(ScriptStep(Task.REFUSE_PLAY, info.cite[Stage.PREFLOP], seat=attempt.seat, amount=attempt.amount,
                                shown=_("seat {seat}, whose Play wager is already made, pushes out {amount} more "
                                        "{street}").format(seat=attempt.seat, amount=format_money(attempt.amount),
                                                           street=_(STREET_WORDS[street])), stage=stage))
    return steps


def _reveal(info: _Round, stage: Stage, count: int) -> list[ScriptStep]:
    from_hand = Target("board", None, count - 1) if info.played.procedure is Procedure.DECK_MATE else None
    return [ScriptStep(Task.REVEAL, info.cite[stage], target=from_hand, count=count, stage=stage)]


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


class _StopError(Exception):
    """An irregularity ends the script: ``steps``, the stage's tasks up to it and the response, end it."""

    def __init__(self, steps: list[ScriptStep]) -> None:
        super().__init__(steps[-1].task.value)
        self.steps = steps


def round_script(played: PlayedRound, injected: Injected | None = None, attempt: PlayAttempt | None = None,
                 protection: ProtectionAttempt | None = None) -> tuple[ScriptStep, ...]:
    """Every task of ``played`` in order, stage by stage of its game's :func:`order_of` (the order the ordering
    drill asks), ending early at ``injected``'s response; ``attempt`` a second Play wager the dealer refuses;
    ``protection`` a prohibited act the dealer stops, just before the stage it comes before."""
    order = order_of(played)
    info = _Round(played, {stage.key: stage.rule for stage in order}, injected, attempt)
    steps: list[ScriptStep] = []
    for stage in order:
        if protection is not None and stage.key is protection.kind.before:
            steps.append(ScriptStep(Task.STOP, protection.kind.rule, seat=protection.seat,
                                    amount=protection.amount, shown=protection.shown(),
                                    result=protection.kind.stop.value, stage=protection.kind.before))
        if stage.key in (FOLD_CYCLE[1:] + SEAT_CYCLE[1:]):
            continue  # done with the first stage of its cycle, seat by seat
        try:
            steps += _STAGE_STEPS[stage.key](info)
        except _StopError as stop:
            return (*steps, *stop.steps)
    return tuple(steps)


def _opening(task: Task, stage: Stage) -> Callable[[_Round], list[ScriptStep]]:
    def steps(info: _Round) -> list[ScriptStep]:
        played = info.played
        if task is Task.COIN_IN and not any(bets.progressive > 0 for bets in played.bets):
            return []
        if task is Task.TAKE_FEE:
            fee = played.settlement.collection_fee
            return [] if fee is None else [ScriptStep(Task.TAKE_FEE, info.cite[stage], amount=fee, stage=stage)]
        return [ScriptStep(task, info.cite[stage], stage=stage)]
    return steps


def _deal(info: _Round) -> list[ScriptStep]:
    played, injected = info.played, info.injected
    deal_rule = _("{procedure}: {description} ({citation})").format(
        procedure=played.procedure.label, description=played.procedure.description, citation=info.cite[Stage.DEAL])
    steps: list[ScriptStep] = []
    for number, target in enumerate(dealt_cards(played), start=1):
        if injected is not None and injected.at == number:
            if injected.kind is Irregularity.SHUFFLER_FAILS:
                void = _(CITE_VOID).format(rule=_(SHUFFLER_MALFUNCTION_RULE))
                raise _StopError([*steps, ScriptStep(Task.VOID, void, target=target,
                                                        shown=_("the shuffler stops with an error"))])
            if injected.kind is Irregularity.WRONG_BACK:
                raise _StopError([*steps, ScriptStep(
                    Task.CALL_FLOOR, _(CITE_FLOOR), target=target,
                    shown=_("the next card shows a back that is not the {colour} deck's").format(
                        colour=colour_name(played.deck_colour)))])
        steps.append(ScriptStep(Task.DEAL, deal_rule, target=target, stage=Stage.DEAL))
    return steps


def _unload(info: _Round) -> list[ScriptStep]:
    if info.played.procedure is Procedure.DECK_MATE:
        return []
    return [ScriptStep(Task.UNLOAD, info.cite[Stage.UNLOAD], count=DECK_SIZE - len(dealt_cards(info.played)),
                       stage=Stage.UNLOAD)]


def _spread(seat: int, count: int) -> str:
    return ngettext("seat {seat}'s folded hand spreads to {count} card",
                    "seat {seat}'s folded hand spreads to {count} cards", count).format(seat=seat, count=count)


def _folds(info: _Round) -> list[ScriptStep]:
    """Each fold in turn, first base first: its losing wagers at once, then its cards spread, counted and racked
    (tucked under a Pairs wager, or left face up with a wager still in action)."""
    played, injected = info.played, info.injected
    kept = left_after_fold(played)
    at_fold = {step.seat for step in played.settlement.procedure if step.phase is Phase.FOLD}
    steps: list[ScriptStep] = []
    for seat in played.table.fold_order(sorted(played.folded)):
        if seat in at_fold:
            steps.append(ScriptStep(Task.SETTLE, info.cite[Stage.FOLD_WAGERS], seat=seat,
                                    phases=frozenset({Phase.FOLD}), stage=Stage.FOLD_WAGERS))
        if seat in kept:
            continue
        if injected is not None and injected.kind is Irregularity.FOLD_MISCOUNT and injected.seat == seat:
            raise _StopError([*steps, ScriptStep(Task.CALL_FLOOR, _(CITE_FLOOR), seat=seat, count=injected.count,
                                                 shown=_spread(seat, injected.count))])
        steps.append(ScriptStep(Task.COLLECT_FOLD, info.cite[Stage.FOLD_CARDS], seat=seat, count=FOLD_CARDS,
                                shown=_spread(seat, FOLD_CARDS), stage=Stage.FOLD_CARDS))
    return steps


def _announce(info: _Round) -> list[ScriptStep]:
    return [ScriptStep(Task.ANNOUNCE, info.cite[Stage.ANNOUNCE], stage=Stage.ANNOUNCE)]


def _refund(info: _Round) -> list[ScriptStep]:
    """The house table's Ante refund pass, before any player's hand is turned up (seed 002 ACE/iDeal 14, Deck
    Mate 12; seed 004 step 14)."""
    if not any(step.phase is Phase.REFUND for step in info.played.settlement.procedure):
        return []
    return [ScriptStep(Task.SETTLE, info.cite[Stage.REFUND], phases=frozenset({Phase.REFUND}), stage=Stage.REFUND)]


def _seats(info: _Round) -> list[ScriptStep]:
    """The showdown one player at a time, in settlement order: the hand revealed and announced with whether it
    wins (a hand still in play), a Progressive winner's hand button and the supervisor, the seat's wagers
    settled, its cards collected, counted and racked."""
    played = info.played
    phases = frozenset({Phase.SETTLE}) if played.table.is_house else frozenset({Phase.SETTLE, Phase.REFUND})
    left = {step.seat for step in played.settlement.procedure if step.phase in phases}
    winners = {step.seat: step for step in progressive_winners(played)}
    steps: list[ScriptStep] = []
    for seat in played.table.settlement_order(sorted(left)):
        result = played.settlement.seat(seat)
        if seat not in played.folded:
            steps.append(ScriptStep(Task.ANNOUNCE_HAND, info.cite[Stage.SEAT_HAND], seat=seat,
                                    hand=result.hand.category, result=str(result.result), stage=Stage.SEAT_HAND))
        if seat in winners:
            steps += [winners[seat], ScriptStep(Task.CALL_SUPERVISOR, _(CITE_SUPERVISOR), seat=seat,
                                                stage=Stage.SEAT_PROGRESSIVE)]
        steps.append(ScriptStep(Task.SETTLE, info.cite[Stage.SEAT_SETTLE], seat=seat, phases=phases,
                                stage=Stage.SEAT_SETTLE))
        steps.append(ScriptStep(Task.RACK, info.cite[Stage.SEAT_RACK], seat=seat, count=FOLD_CARDS,
                                stage=Stage.SEAT_RACK))
    return steps


def _game_over(info: _Round) -> list[ScriptStep]:
    """Game Over on the Progressive controller, every round the table has one (seed 002 Progressive rule 9 h)."""
    played = info.played
    controller = played.table.is_house and (played.table.progressive_meter is not None
                                            or any(bets.progressive > 0 for bets in played.bets))
    return [ScriptStep(Task.GAME_OVER, info.cite[Stage.GAME_OVER], stage=Stage.GAME_OVER)] if controller else []


def _closing(info: _Round) -> list[ScriptStep]:
    return [ScriptStep(Task.RACK, info.cite[Stage.RACK], stage=Stage.RACK)]


def _count(info: _Round) -> list[ScriptStep]:
    return [ScriptStep(Task.COUNT, info.cite[Stage.COUNT], count=DECK_SIZE, stage=Stage.COUNT,
                       shown=_("the rack holds {count} cards").format(count=DECK_SIZE))]


_STAGE_STEPS: dict[Stage, Callable[[_Round], list[ScriptStep]]] = {
    Stage.BETS: lambda info: [],
    Stage.NO_MORE_BETS: _opening(Task.NO_MORE_BETS, Stage.NO_MORE_BETS),
    Stage.FEE: _opening(Task.TAKE_FEE, Stage.FEE),
    Stage.COIN_IN: _opening(Task.COIN_IN, Stage.COIN_IN),
    Stage.DEAL: _deal,
    Stage.UNLOAD: _unload,
    Stage.PREFLOP: lambda info: _plays_on(info, "preflop", Stage.PREFLOP),
    Stage.FLOP: lambda info: _reveal(info, Stage.FLOP, FLOP_CARDS),
    Stage.FLOP_PLAY: lambda info: _plays_on(info, "flop", Stage.FLOP_PLAY),
    Stage.TURN_RIVER: lambda info: _reveal(info, Stage.TURN_RIVER, BOARD_CARDS),
    Stage.RIVER_PLAY: lambda info: _plays_on(info, "river", Stage.RIVER_PLAY),
    Stage.FOLD_WAGERS: _folds,
    Stage.ANNOUNCE: _announce,
    Stage.REFUND: _refund,
    Stage.SEAT_HAND: _seats,
    Stage.GAME_OVER: _game_over,
    Stage.RACK: _closing,
    Stage.COUNT: _count,
}
"""The tasks of each stage (a cycle's are all made by its first stage)."""


def hand_steps(played: PlayedRound) -> list[ScriptStep]:
    """Each player still in the hand in settlement order: the hand's value and whether it wins, loses or ties,
    as the round's script asks it (after the Ante refund pass when a house dealer does not qualify)."""
    return [step for step in round_script(played) if step.task is Task.ANNOUNCE_HAND]


def progressive_winners(played: PlayedRound) -> list[ScriptStep]:
    """A hand button pressed for each Progressive that wins (fold or not), the player farthest on the dealer's
    right first (seed 002 Progressive rule 9 c-d)."""
    won = [result.seat for result in played.settlement.seats
           if (wager := result.wagers.get(Wager.PROGRESSIVE)) is not None and wager.outcome is Outcome.WIN]
    return [ScriptStep(Task.HAND_BUTTON, _(CITE_HAND_BUTTON), seat=seat,
                       hand=played.settlement.seat(seat).hand.category,
                       shown=_("seat {seat}'s Progressive wins").format(seat=seat), stage=Stage.SEAT_PROGRESSIVE)
            for seat in played.table.settlement_order(won)]


def opening_steps(played: PlayedRound) -> tuple[ScriptStep, ...]:
    """The tasks before the deal, in the order of the round's stages: at a player-dealer table call "No more
    bets", then take the fee on the final total (rules-notes §2); at a house table call "No more bets", then press
    COIN IN once all bets are placed (seed 002 Progressive rule 6). :data:`BEFORE_THE_DEAL` may come in any
    order."""
    order = order_of(played)
    info = _Round(played, {stage.key: stage.rule for stage in order}, None, None)
    return tuple(step for stage in order if stage.key in (Stage.NO_MORE_BETS, Stage.FEE, Stage.COIN_IN)
                 for step in _STAGE_STEPS[stage.key](info))


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
