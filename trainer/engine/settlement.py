"""Settling a round: the answer key.

:func:`settle` takes the table, the dealer's two cards, the five community cards and every seat's cards and
wagers, and returns a :class:`Settlement`: the hands, each wager's outcome, and the ``procedure`` — every placed
wager exactly once, as a frozen :class:`Step`, in the order a dealer handles it. The GUI animates the procedure;
the quizzes score the trainee's steps against it.

How each wager resolves is decided in :mod:`trainer.engine.wagers` (one function per wager, with the rule it
applies); this module orders the steps for the table's banking model and applies the player-dealer's coverage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from trainer.engine.cards import Card
from trainer.engine.dealing import SHUFFLER_MALFUNCTION_RULE
from trainer.engine.evaluator import HandValue, evaluate
from trainer.engine.table import TableRules
from trainer.engine.validation import check_round
from trainer.engine.wagers import (
    Action,
    HandResult,
    Outcome,
    Phase,
    Resolution,
    SeatHand,
    Wager,
    dealer_qualifies,
    hand_result,
    resolve_seat,
)
from trainer.engine.words import step_template, the_wager
from trainer.i18n.translation import _

__all__ = [
    "Action", "HandResult", "Outcome", "Phase", "PlayerDealerBank", "SeatHand", "SeatResult", "Settlement", "Step",
    "Wager", "WagerResult", "settle", "void_round",
]


@dataclass(frozen=True)
class Step:
    """One thing the dealer does with one wager: pay, take, push or return it.

    ``amount`` is the money moved (the stake for a push or a return); ``net`` the player's gain or loss on the
    wager. ``phase`` is ``coin-in`` (a losing Progressive, gone at COIN IN before the deal), ``fold`` (collected
    when the hand folds), ``refund`` (the house table's Ante-refund pass when the dealer does not qualify) or
    ``settle``. ``rule`` says in one line why; ``topic`` names the lesson. ``equivalent`` lists the other actions
    that settle the wager as right as ``action`` (rules-notes §2): a push and a return both move nothing, and the
    documents say "refund" or "signal a push … and return" for the unqualified dealer's Ante, and a wager that
    pushes on its own after the player-dealer's bank is exhausted may be called either.
    """

    seat: int
    wager: Wager
    action: Action
    amount: Decimal
    net: Decimal
    phase: Phase
    outcome: Outcome
    rule: str
    topic: str
    equivalent: tuple[Action, ...] = ()

    def describe(self) -> str:
        """``Seat 3: pay the Blind $7.50``."""
        return step_template(self.action).format(seat=self.seat, wager=the_wager(self.wager),
                                                 amount=format_money(self.amount))


@dataclass(frozen=True)
class WagerResult:
    outcome: Outcome
    net: Decimal


@dataclass(frozen=True)
class SeatResult:
    """A seat's hand, its result against the dealer (win, lose, push or fold) and each wager's outcome."""

    seat: int
    hand: HandValue
    result: HandResult
    wagers: Mapping[Wager, WagerResult]
    net: Decimal


@dataclass(frozen=True)
class Settlement:
    """The whole settlement of a round."""

    dealer: HandValue
    dealer_qualifies: bool
    seats: tuple[SeatResult, ...]
    procedure: tuple[Step, ...]
    player_dealer_seat: int | None = None
    player_dealer_net: Decimal | None = None
    collection_fee: Decimal | None = None
    progressive_meter: Decimal | None = None

    def seat(self, number: int) -> SeatResult:
        for result in self.seats:
            if result.seat == number:
                return result
        raise KeyError(f"seat {number} is not in this round")


@dataclass
class PlayerDealerBank:
    """The player-dealer's running result ``R`` against the bank ``B``: ``-B <= R <= B`` (rules-notes §2)."""

    bank: Decimal
    result: Decimal = Decimal(0)

    @property
    def exhausted(self) -> bool:
        return self.result <= -self.bank

    def collect(self, stake: Decimal) -> Decimal:
        """Collect a lost wager: as much of it as the bank may still win."""
        taken = min(stake, self.bank - self.result)
        self.result += taken
        return taken

    def pay(self, payout: Decimal) -> Decimal:
        """Pay a won wager: as much of the payout as the bank still holds."""
        paid = min(payout, self.bank + self.result)
        self.result -= paid
        return paid


@dataclass
class _Meter:
    amount: Decimal | None
    seed: Decimal


@dataclass
class _Ledger:
    """Builds the procedure in order, applying coverage and the meter as it goes."""

    table: TableRules
    bank: PlayerDealerBank | None
    meter: _Meter
    qualifies: bool = True
    steps: list[Step] = field(default_factory=list)

    def record(self, seat: SeatHand, res: Resolution, phase: Phase) -> None:
        stake = seat.stake(res.wager)
        if self.bank is not None and self.bank.exhausted:
            rule = _("The player-dealer's bank is exhausted: every wager not covered is returned")
            if res.outcome is Outcome.PUSH:
                rule = _("The player-dealer's bank is exhausted: every wager not covered is returned (it pushes on "
                         "its own: push or return, both move nothing; {rule})").format(rule=res.rule)
            self._add(seat, res, Action.RETURN, stake, Decimal(0), phase, Outcome.RETURNED, rule)
            return
        if res.outcome is Outcome.PUSH:
            self._add(seat, res, Action.PUSH, stake, Decimal(0), phase, Outcome.PUSH, res.rule)
        elif res.outcome is Outcome.LOSE:
            self._record_loss(seat, res, stake, phase)
        else:
            self._record_win(seat, res, stake, phase)

    def _record_loss(self, seat: SeatHand, res: Resolution, stake: Decimal, phase: Phase) -> None:
        taken = stake if self.bank is None else self.bank.collect(stake)
        if taken == 0:
            self._add(seat, res, Action.RETURN, stake, Decimal(0), phase, Outcome.RETURNED,
                      _("The player-dealer may not win more than the bank: the wager is returned"))
            return
        rule = res.rule
        if taken < stake:
            rule += _("; the player-dealer may win only {amount} more, the rest is returned").format(
                amount=format_money(taken))
        self._add(seat, res, Action.TAKE, taken, -taken, phase, Outcome.LOSE, rule)

    def _record_win(self, seat: SeatHand, res: Resolution, stake: Decimal, phase: Phase) -> None:
        assert res.odds is not None
        meter = self.meter.amount
        payout = self._round(res.odds.payout(stake, meter))
        rule = res.rule
        exact = res.odds.exact_payout(stake, meter)
        if exact != res.odds.payout(stake, meter):
            rule += _("; {exact} is paid in whole cents, rounded down to {paid}").format(
                exact=format_money(exact, exact=True), paid=format_money(res.odds.payout(stake, meter)))
        if self.bank is not None:
            covered = self.bank.pay(payout)
            if covered == 0:
                self._add(seat, res, Action.RETURN, stake, Decimal(0), phase, Outcome.RETURNED,
                          _("The player-dealer's bank is exhausted: the wager is returned"))
                return
            if covered < payout:
                rule += _("; the bank covers only {covered} of {payout}").format(
                    covered=format_money(covered), payout=format_money(payout))
            payout = covered
        net = payout if res.odds.kind == "to" else payout - stake
        if res.odds.kind == "percent" and meter is not None:
            if res.odds.numerator == 100:
                self.meter.amount = self.meter.seed
                rule += _("; the meter resets to {seed}").format(seed=format_money(self.meter.seed))
            else:
                self.meter.amount = meter - payout
        self._add(seat, res, Action.PAY, payout, net, phase, Outcome.WIN, rule)

    def _round(self, amount: Decimal) -> Decimal:
        unit = self.table.round_payouts_to
        if unit is None or unit <= 0:
            return amount
        return (amount // unit) * unit

    def _add(self, seat: SeatHand, res: Resolution, action: Action, amount: Decimal, net: Decimal, phase: Phase,
             outcome: Outcome, rule: str) -> None:
        equivalent = _NOTHING_MOVES[action] if self._push_or_return(res, action, phase) else ()
        self.steps.append(Step(seat.seat, res.wager, action, amount, net, phase, outcome, rule, res.topic,
                               equivalent))

    def _push_or_return(self, res: Resolution, action: Action, phase: Phase) -> bool:
        """A step that moves nothing and may be called push or return (rules-notes §2): the house table's Ante
        refund pass, an unqualified player-dealer's Ante, and a wager that pushes on its own after the
        player-dealer's bank is exhausted."""
        if action not in _NOTHING_MOVES:
            return False
        if phase is Phase.REFUND:
            return True
        if self.bank is None:
            return False
        unqualified_ante = not self.qualifies and res.wager is Wager.ANTE and phase is not Phase.FOLD
        exhausted_push = action is Action.RETURN and res.outcome is Outcome.PUSH  # returned: the bank is exhausted
        return unqualified_ante or exhausted_push


_NOTHING_MOVES = {Action.PUSH: (Action.RETURN,), Action.RETURN: (Action.PUSH,)}
"""A push and a return: the stake stays with the player either way."""


def settle(
    table: TableRules,
    dealer: Sequence[Card | str],
    board: Sequence[Card | str],
    seats: Sequence[SeatHand],
) -> Settlement:
    """Settle one round exactly as rules-notes.md describes; raises :class:`RoundError` on an invalid round."""
    dealer_cards, board_cards, seats = check_round(table, dealer, board, seats)
    dealer_hand = evaluate((*dealer_cards, *board_cards))
    qualifies = dealer_qualifies(dealer_hand)
    hands = {seat.seat: evaluate((*seat.hole, *board_cards)) for seat in seats}
    resolutions = {
        seat.seat: seat_order(
            table, resolve_seat(table, seat, hands[seat.seat], dealer_hand, dealer_cards, board_cards),
            hand_result(hands[seat.seat], dealer_hand), qualifies, seat.folded)
        for seat in seats
    }
    by_number = {seat.seat: seat for seat in seats}
    bank = None if table.is_house else PlayerDealerBank(table.player_dealer_bank or Decimal(0))
    ledger = _Ledger(table, bank, _Meter(table.progressive_meter, table.progressive_seed), qualifies)

    for number in table.coin_in_order(list(by_number)):
        for res in resolutions[number]:
            if _at_coin_in(res):
                ledger.record(by_number[number], _coin_in(res), Phase.COIN_IN)
    folded = [seat.seat for seat in seats if seat.folded]
    for number in table.fold_order(folded):
        for res in resolutions[number]:
            if res.at_fold and not _at_coin_in(res):
                ledger.record(by_number[number], res, Phase.FOLD)
    order = table.settlement_order(list(by_number))
    if table.is_house and not qualified_or_none(qualifies, seats):
        for number in order:
            ante = _ante(resolutions[number])
            if ante is not None and not by_number[number].folded:
                ledger.record(by_number[number], ante, Phase.REFUND)
    for number in order:
        for res in resolutions[number]:
            if res.at_fold or _at_coin_in(res):
                continue
            if table.is_house and not qualifies and res.wager is Wager.ANTE:
                continue
            ledger.record(by_number[number], res, Phase.SETTLE)

    steps_of: dict[int, list[Step]] = {number: [] for number in by_number}
    for step in ledger.steps:
        steps_of[step.seat].append(step)
    seat_results = tuple(
        _seat_result(by_number[number], hands[number], dealer_hand, steps_of[number]) for number in sorted(by_number)
    )
    return Settlement(
        dealer=dealer_hand,
        dealer_qualifies=qualifies,
        seats=seat_results,
        procedure=tuple(ledger.steps),
        player_dealer_seat=None if table.is_house else table.player_dealer_seat,
        player_dealer_net=None if bank is None else bank.result,
        collection_fee=collection_fee(table, seats),
        progressive_meter=ledger.meter.amount if any(seat.progressive for seat in seats) else None,
    )


def void_round(table: TableRules, seats: Sequence[SeatHand]) -> tuple[Step, ...]:
    """A shuffler malfunction voids every hand: every placed wager is returned as it was, in the table's order
    (seeds 002 and 004, irregularities; rules-notes §6)."""
    steps = []
    by_number = {seat.seat: seat for seat in seats}
    for number in table.settlement_order(list(by_number)):
        seat = by_number[number]
        for wager in seat.placed():
            steps.append(Step(number, wager, Action.RETURN, seat.stake(wager), Decimal(0), Phase.SETTLE,
                              Outcome.RETURNED,
                              _("{rule} Every wager is returned.").format(rule=_(SHUFFLER_MALFUNCTION_RULE)),
                              "dealing"))
    return tuple(steps)


def qualified_or_none(qualifies: bool, seats: Sequence[SeatHand]) -> bool:
    """True when no Ante-refund pass is needed: the dealer qualifies, or every seat folded."""
    return qualifies or all(seat.folded for seat in seats)


def collection_fee(table: TableRules, seats: Sequence[SeatHand]) -> Decimal | None:
    """The fee the player-dealer pays before the deal: by the schedule, on the total table action (every
    Ante, Blind, Trips and Bad Beat wager; Play never counts). None on a house table or with no schedule."""
    if table.is_house or table.collection_schedule is None:
        return None
    total = sum((seat.ante + seat.blind + seat.trips + seat.bad_beat for seat in seats), Decimal(0))
    return table.paytables.collection(table.collection_schedule).fee_for(total)


def seat_order(
    table: TableRules, resolutions: Sequence[Resolution], result: HandResult, qualifies: bool, folded: bool
) -> list[Resolution]:
    """A seat's wagers in the order the dealer handles them (rules-notes §2).

    House table: the room's ``wager_order`` (by default Ante, Play, Blind, Trips, Bad Beat, Pairs, Progressive;
    the documents leave it to the casino). Player-dealer table: the documents' order, which coverage follows:
    a hand that loses to a qualified player-dealer has its Play, Ante and Blind collected in that order (seed
    001 §3a, seed 003 §12a); otherwise Ante, Play, Blind (an unqualified player-dealer's Ante is pushed first);
    then Trips, then Bad Beat.
    """
    order = tuple(table.wager_order)
    if not table.is_house:
        order = ("ante", "play", "blind", "trips", "bad_beat", "pairs", "progressive")
        if result is HandResult.LOSE and qualifies and not folded:
            order = ("play", "ante", "blind", *order[3:])
    place = _PLACES.get(order)
    if place is None:
        place = _PLACES[order] = {wager: order.index(wager.value) for wager in Wager}
    return sorted(resolutions, key=lambda res: place[res.wager])


_WAGERS = tuple(Wager)
_PLACES: dict[tuple[str, ...], dict[Wager, int]] = {}
"""Each order of the wagers met so far: each wager's place in it."""


def _at_coin_in(res: Resolution) -> bool:
    """A losing Progressive went at COIN IN, before the deal (seed 002, rule 6; rules-notes §2)."""
    return res.wager is Wager.PROGRESSIVE and res.outcome is Outcome.LOSE


def _coin_in(res: Resolution) -> Resolution:
    return Resolution(res.wager, res.outcome,
                      _("{rule}: it left the layout at COIN IN, before the deal").format(rule=res.rule), res.topic,
                      res.odds, at_fold=False)


def _ante(resolutions: Sequence[Resolution]) -> Resolution | None:
    return next((res for res in resolutions if res.wager is Wager.ANTE), None)


def _seat_result(seat: SeatHand, hand: HandValue, dealer: HandValue, steps: Sequence[Step]) -> SeatResult:
    """The seat's result from its own steps."""
    wagers = {step.wager: WagerResult(step.outcome, step.net) for step in steps}
    ordered = {wager: wagers[wager] for wager in _WAGERS if wager in wagers}
    net = sum((result.net for result in ordered.values()), Decimal(0))
    return SeatResult(seat.seat, hand, HandResult.FOLD if seat.folded else hand_result(hand, dealer), ordered, net)


def format_money(amount: Decimal, *, exact: bool = False) -> str:
    """``$7.50``, ``$40``; with ``exact``, a fraction of a cent is shown too (``$49.995``), not rounded.

    >>> format_money(Decimal("7.5")), format_money(Decimal(40)), format_money(Decimal("-2"))
    ('$7.50', '$40', '-$2')
    >>> format_money(Decimal("49.995"), exact=True), format_money(Decimal("4382.7125"), exact=True)
    ('$49.995', '$4,382.7125')
    """
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    if amount == amount.to_integral_value():
        return f"{sign}${int(amount):,}"
    if exact and amount != amount.quantize(Decimal("0.01")):
        return f"{sign}${amount.normalize():,f}"
    return f"{sign}${amount:,.2f}"
