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
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.cards import Card
from trainer.engine.dealing import SHUFFLER_MALFUNCTION_RULE
from trainer.engine.evaluator import HandValue, evaluate
from trainer.engine.paytables import whole_cents
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
    pairs_key,
    progressive_key,
    resolve_seat,
    stake_field,
)
from trainer.engine.words import step_template, the_wager
from trainer.i18n.translation import _, current_language

__all__ = [
    "Action", "HandResult", "Outcome", "Phase", "PlayerDealerBank", "SeatHand", "SeatResult", "Settlement", "Step",
    "Wager", "WagerResult", "settle", "void_round",
]


@dataclass(frozen=True, init=False, slots=True)
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

    def __init__(self, seat: int, wager: Wager, action: Action, amount: Decimal, net: Decimal, phase: Phase,
                 outcome: Outcome, rule: str, topic: str, equivalent: tuple[Action, ...] = ()) -> None:
        # The fields are slots, not a dictionary: a third of the memory (settle --jsonl keeps thousands of steps,
        # see _SeatPlan.steps_for); being frozen, they are set through object.__setattr__.
        set_field = object.__setattr__
        set_field(self, "seat", seat)
        set_field(self, "wager", wager)
        set_field(self, "action", action)
        set_field(self, "amount", amount)
        set_field(self, "net", net)
        set_field(self, "phase", phase)
        set_field(self, "outcome", outcome)
        set_field(self, "rule", rule)
        set_field(self, "topic", topic)
        set_field(self, "equivalent", equivalent)

    def describe(self) -> str:
        """``Seat 3: pay the Blind $7.50``."""
        return step_template(self.action).format(seat=self.seat, wager=the_wager(self.wager),
                                                 amount=format_money(self.amount))


@dataclass(frozen=True)
class WagerResult:
    outcome: Outcome
    net: Decimal


@dataclass(frozen=True, init=False)
class SeatResult:
    """A seat's hand, its result against the dealer (win, lose, push or fold) and each wager's outcome."""

    seat: int
    hand: HandValue
    result: HandResult
    wagers: Mapping[Wager, WagerResult]
    net: Decimal

    def __init__(self, seat: int, hand: HandValue, result: HandResult, wagers: Mapping[Wager, WagerResult],
                 net: Decimal) -> None:
        # the fields straight into the instance's dictionary, as Step's
        fields = self.__dict__
        fields["seat"], fields["hand"], fields["result"], fields["wagers"], fields["net"] = (
            seat, hand, result, wagers, net)


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
    """Works out each step of the procedure, applying coverage and the meter as it goes."""

    table: TableRules
    bank: PlayerDealerBank | None
    meter: _Meter
    qualifies: bool = True

    def step(self, number: int, stake: Decimal, res: Resolution, phase: Phase) -> Step:
        """The step that settles ``res`` (a wager of ``stake`` on seat ``number``) in ``phase``."""
        if self.bank is not None and self.bank.exhausted:
            rule = _("The player-dealer's bank is exhausted: every wager not covered is returned")
            if res.outcome is Outcome.PUSH:
                rule = _("The player-dealer's bank is exhausted: every wager not covered is returned (it pushes on "
                         "its own: push or return, both move nothing; {rule})").format(rule=res.rule)
            return self._step(number, res, Action.RETURN, stake, _ZERO, phase, Outcome.RETURNED, rule)
        if res.outcome is Outcome.PUSH:
            return self._step(number, res, Action.PUSH, stake, _ZERO, phase, Outcome.PUSH, res.rule)
        if res.outcome is Outcome.LOSE:
            return self._loss(number, res, stake, phase)
        return self._win(number, res, stake, phase)

    def _loss(self, number: int, res: Resolution, stake: Decimal, phase: Phase) -> Step:
        taken = stake if self.bank is None else self.bank.collect(stake)
        if taken == 0:
            return self._step(number, res, Action.RETURN, stake, _ZERO, phase, Outcome.RETURNED,
                              _("The player-dealer may not win more than the bank: the wager is returned"))
        rule = res.rule
        if taken < stake:
            rule += _("; the player-dealer may win only {amount} more, the rest is returned").format(
                amount=format_money(taken))
        return self._step(number, res, Action.TAKE, taken, -taken, phase, Outcome.LOSE, rule)

    def _win(self, number: int, res: Resolution, stake: Decimal, phase: Phase) -> Step:
        odds = res.odds
        assert odds is not None
        meter = self.meter.amount
        exact = odds.exact_payout(stake, meter)
        paid = whole_cents(exact)
        payout = self._round(paid)
        rule = res.rule
        if exact != paid:
            rule += _("; {exact} is paid in whole cents, rounded down to {paid}").format(
                exact=format_money(exact, exact=True), paid=format_money(paid))
        if self.bank is not None:
            covered = self.bank.pay(payout)
            if covered == 0:
                return self._step(number, res, Action.RETURN, stake, _ZERO, phase, Outcome.RETURNED,
                                  _("The player-dealer's bank is exhausted: the wager is returned"))
            if covered < payout:
                rule += _("; the bank covers only {covered} of {payout}").format(
                    covered=format_money(covered), payout=format_money(payout))
            payout = covered
        net = payout if odds.kind == "to" else payout - stake
        if odds.kind == "percent" and meter is not None:
            if odds.numerator == 100:
                self.meter.amount = self.meter.seed
                rule += _("; the meter resets to {seed}").format(seed=format_money(self.meter.seed))
            else:
                self.meter.amount = meter - payout
        return self._step(number, res, Action.PAY, payout, net, phase, Outcome.WIN, rule)

    def _round(self, amount: Decimal) -> Decimal:
        unit = self.table.round_payouts_to
        if unit is None or unit <= 0:
            return amount
        return (amount // unit) * unit

    def _step(self, number: int, res: Resolution, action: Action, amount: Decimal, net: Decimal, phase: Phase,
              outcome: Outcome, rule: str) -> Step:
        equivalent = _NOTHING_MOVES[action] if self._push_or_return(res, action, phase) else ()
        return Step(number, res.wager, action, _shared(amount), _shared(net), phase, outcome, rule, res.topic,
                    equivalent)

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


def _shared(amount: Decimal) -> Decimal:
    """One object for the same amount, as written (``10`` and ``10.00`` stay two): steps kept by the thousand
    hold the same few amounts (``-taken``, a payout), each a number object of its own otherwise."""
    text = str(amount)
    found = _AMOUNTS.get(text)
    if found is None:
        found = amount
        if len(_AMOUNTS) < 10_000:
            _AMOUNTS[text] = amount
    return found


_AMOUNTS: dict[str, Decimal] = {}
"""Amounts by their text (see :func:`_shared`); bounded."""
_ZERO = Decimal(0)
_NOTHING_MOVES = {Action.PUSH: (Action.RETURN,), Action.RETURN: (Action.PUSH,)}
"""A push and a return: the stake stays with the player either way."""


def settle(
    table: TableRules,
    dealer: Sequence[Card | str],
    board: Sequence[Card | str],
    seats: Sequence[SeatHand],
) -> Settlement:
    """Settle one round exactly as rules-notes.md describes; raises :class:`RoundError` on an invalid round."""
    dealer_cards, board_cards, checked = check_round(table, dealer, board, seats)
    return settle_checked(table, dealer_cards, board_cards, checked)


def settle_checked(
    table: TableRules, dealer: tuple[Card, ...], board: tuple[Card, ...], seats: tuple[SeatHand, ...]
) -> Settlement:
    """:func:`settle` for a round :func:`~trainer.engine.validation.check_round` has passed (its cards read, its
    seats as it returned them): the round is not checked a second time."""
    plan = _plan_of(table)
    dealer_hand = evaluate((*dealer, *board))
    qualifies = dealer_qualifies(dealer_hand)
    house = plan.house
    bank = None if house else PlayerDealerBank(table.player_dealer_bank or _ZERO)
    ledger = _Ledger(table, bank, _Meter(table.progressive_meter, table.progressive_seed), qualifies)

    hands: dict[int, HandValue] = {}
    plans: dict[int, _SeatPlan] = {}
    results_of: dict[int, HandResult] = {}
    by_number: dict[int, SeatHand] = {}
    for seat in seats:
        number = seat.seat
        hand = evaluate((*seat.hole, *board))
        hands[number] = hand
        by_number[number] = seat
        folded = seat.play == 0
        result = hand_result(hand, dealer_hand)
        results_of[number] = HandResult.FOLD if folded else result
        plans[number] = plan.seat_plan(seat, folded, hand, result, dealer_hand, qualifies, dealer, board)

    numbers = sorted(by_number)
    order = table.settlement_order(numbers)
    if house and all(plans[number].pure for number in numbers):
        steps, seat_results = _house_procedure(numbers, order, by_number, plans, hands, results_of, ledger)
    else:
        steps, seat_results = _procedure(numbers, order, by_number, plans, hands, results_of, ledger)
    return Settlement(
        dealer=dealer_hand,
        dealer_qualifies=qualifies,
        seats=seat_results,
        procedure=steps,
        player_dealer_seat=None if house else table.player_dealer_seat,
        player_dealer_net=None if bank is None else bank.result,
        collection_fee=collection_fee(table, seats),
        progressive_meter=ledger.meter.amount if any(seat.progressive for seat in seats) else None,
    )


def _procedure(numbers: list[int], order: list[int], by_number: dict[int, SeatHand], plans: dict[int, _SeatPlan],
               hands: dict[int, HandValue], results_of: dict[int, HandResult], ledger: _Ledger,
               ) -> tuple[tuple[Step, ...], tuple[SeatResult, ...]]:
    """The procedure step by step, through the ledger (a player-dealer's bank, a meter paying a share)."""
    steps: list[Step] = []
    results: dict[int, dict[Wager, WagerResult]] = {number: {} for number in numbers}

    def record(number: int, entry: _Entry, phase: Phase) -> None:
        step = ledger.step(number, getattr(by_number[number], entry.field), entry.res, phase)
        steps.append(step)
        results[number][entry.res.wager] = WagerResult(step.outcome, step.net)

    for number in numbers:  # COIN IN: left to right, seat 1 first (table.coin_in_order)
        for entry in plans[number].coin_in:
            record(number, entry, Phase.COIN_IN)
    for number in numbers:  # folds: first base first (table.fold_order)
        for entry in plans[number].fold:
            record(number, entry, Phase.FOLD)
    for number in order:  # the house table's Ante-refund pass (a seat's plan has the Ante there when it runs)
        ante = plans[number].refund
        if ante is not None:
            record(number, ante, Phase.REFUND)
    for number in order:
        for entry in plans[number].settle:
            record(number, entry, Phase.SETTLE)
    seat_results = []
    for number in numbers:
        wagers = results[number]
        ordered = {wager: wagers[wager] for wager in _WAGERS if wager in wagers}
        net = sum([result.net for result in ordered.values()], _ZERO)
        seat_results.append(SeatResult(number, hands[number], results_of[number], ordered, net))
    return tuple(steps), tuple(seat_results)


def _house_procedure(numbers: list[int], order: list[int], by_number: dict[int, SeatHand],
                     plans: dict[int, _SeatPlan], hands: dict[int, HandValue], results_of: dict[int, HandResult],
                     ledger: _Ledger) -> tuple[tuple[Step, ...], tuple[SeatResult, ...]]:
    """:func:`_procedure` at a house table where no wager is paid a share of the meter: each seat's steps depend
    on its plan, its number and its stakes alone, and are made once for them."""
    done = {number: plans[number].steps_for(number, by_number[number], ledger) for number in numbers}
    steps: list[Step] = []
    for number in numbers:
        steps += done[number].coin_in
    for number in numbers:
        steps += done[number].fold
    for number in order:
        refund = done[number].refund
        if refund is not None:
            steps.append(refund)
    for number in order:
        steps += done[number].settle
    seat_results = tuple(SeatResult(number, hands[number], results_of[number], dict(done[number].wagers),
                                    done[number].net) for number in numbers)
    return tuple(steps), seat_results


class _SeatSteps:
    """A seat's steps, by pass, and its wagers' results and net."""

    __slots__ = ("coin_in", "fold", "net", "refund", "settle", "wagers")

    def __init__(self, number: int, seat: SeatHand, plan: _SeatPlan, ledger: _Ledger) -> None:
        def made(entry: _Entry, phase: Phase) -> Step:
            return ledger.step(number, getattr(seat, entry.field), entry.res, phase)

        self.coin_in = tuple(made(entry, Phase.COIN_IN) for entry in plan.coin_in)
        self.fold = tuple(made(entry, Phase.FOLD) for entry in plan.fold)
        self.refund = None if plan.refund is None else made(plan.refund, Phase.REFUND)
        self.settle = tuple(made(entry, Phase.SETTLE) for entry in plan.settle)
        every = [*self.coin_in, *self.fold, *([] if self.refund is None else [self.refund]), *self.settle]
        results = {step.wager: _wager_result(step.outcome, step.net) for step in every}
        self.wagers = {wager: results[wager] for wager in _WAGERS if wager in results}
        self.net = sum([result.net for result in self.wagers.values()], _ZERO)


def _wager_result(outcome: Outcome, net: Decimal) -> WagerResult:
    """The wager result of ``outcome`` and ``net``: one object for the same outcome and amount, as written (the
    seats' kept steps share them, and so do their texts, :func:`trainer.settle_io.settlement_line`)."""
    key = (outcome, str(net))
    found = _WAGER_RESULTS.get(key)
    if found is None:
        found = WagerResult(outcome, net)
        if len(_WAGER_RESULTS) < 10_000:
            _WAGER_RESULTS[key] = found
    return found


_WAGER_RESULTS: dict[tuple[Outcome, str], WagerResult] = {}
"""Wager results by outcome and amount (a log repeats the same few); bounded."""


class _Entry:
    """One wager of a seat's plan: its resolution and the :class:`SeatHand` field of its stake."""

    __slots__ = ("field", "res")

    def __init__(self, res: Resolution) -> None:
        self.res = res
        self.field = stake_field(res.wager)


class _SeatPlan:
    """A seat's wagers resolved, by pass: at COIN IN, at the fold, the house table's Ante-refund pass (when it
    runs for the seat), the settle pass. ``pure`` when no wager is paid a share of the meter: then at a house
    table the steps depend on the seat's number and stakes alone, and are kept by them (:meth:`steps_for`)."""

    __slots__ = ("coin_in", "fold", "kept", "pure", "refund", "settle")

    def __init__(self, coin_in: tuple[_Entry, ...], fold: tuple[_Entry, ...], refund: _Entry | None,
                 settle: tuple[_Entry, ...]) -> None:
        self.coin_in, self.fold, self.refund, self.settle = coin_in, fold, refund, settle
        self.pure = not any(entry.res.odds is not None and entry.res.odds.kind == "percent"
                            for entry in (*coin_in, *fold, *settle))
        self.kept: dict[tuple[int, tuple[Decimal, ...]], _SeatSteps] = {}

    def steps_for(self, number: int, seat: SeatHand, ledger: _Ledger) -> _SeatSteps:
        key = (number, (seat.ante, seat.blind, seat.play, seat.trips, seat.bad_beat, seat.pairs, seat.progressive))
        found = self.kept.get(key)
        if found is None:
            if _KEPT[0] >= MOST_KEPT:
                _forget_steps()
            found = self.kept[key] = _SeatSteps(number, seat, self, ledger)
            _KEPT[0] += 1
        return found


_KEPT = [0]
"""How many seats' steps the plans keep: past :data:`MOST_KEPT`, every plan forgets the steps it keeps (the plans
themselves stay: a few hundred situations occur, each resolved once)."""
MOST_KEPT = 5_000


class _TablePlan:
    """What a table's rules decide once for every round: its pay tables and each seat situation's plan."""

    MOST_SITUATIONS = 5_000
    """Seat situations kept (a few hundred occur in practice); past this the plans start again."""

    def __init__(self, table: TableRules) -> None:
        self.table = table
        self.version = table.paytables.version
        self.house = table.is_house
        tables = table.paytables
        self.blind = tables.blind()
        self.trips = tables.trips(table.trips_paytable)
        self.bad_beat = tables.bad_beat(table.bad_beat_paytable)
        self.pairs = tables.pairs(table.pairs_paytable) if self.house else None
        self.progressive = tables.progressive(table.progressive_paytable) if self.house else None
        self.plans: dict[tuple[object, ...], _SeatPlan] = {}

    def seat_plan(self, seat: SeatHand, folded: bool, hand: HandValue, result: HandResult, dealer: HandValue,
                  qualifies: bool, dealer_hole: tuple[Card, ...], board: tuple[Card, ...]) -> _SeatPlan:
        """The plan of ``seat``: every placed wager resolved and in the dealer's order, by pass. Seats in the same
        situation (the same results, categories, side bets and lines) share one."""
        key = (folded, qualifies, result, hand.category, dealer.category, seat.trips > 0, seat.bad_beat > 0,
               pairs_key(seat.hole, dealer_hole) if seat.pairs > 0 else None,
               progressive_key(seat.hole, board, hand) if seat.progressive > 0 else None)
        found = self.plans.get(key)
        if found is None:
            if len(self.plans) >= self.MOST_SITUATIONS:
                _forget_plans()
            found = self.plans[key] = self._seat_plan(seat, folded, hand, result, dealer, qualifies, dealer_hole,
                                                      board)
        return found

    def _seat_plan(self, seat: SeatHand, folded: bool, hand: HandValue, result: HandResult, dealer: HandValue,
                   qualifies: bool, dealer_hole: tuple[Card, ...], board: tuple[Card, ...]) -> _SeatPlan:
        table = self.table
        resolutions = seat_order(table, resolve_seat(table, seat, hand, dealer, dealer_hole, board), result,
                                 qualifies, folded)
        coin_in = tuple(_Entry(_coin_in(res)) for res in resolutions if _at_coin_in(res))
        fold = tuple(_Entry(res) for res in resolutions if res.at_fold and not _at_coin_in(res))
        entries = {res.wager: _Entry(res) for res in resolutions if not (res.at_fold or _at_coin_in(res))}
        refund = self.house and not qualifies  # the Ante is pushed in the refund pass, not the settle pass
        settle_pass = tuple(entry for wager, entry in entries.items() if not (refund and wager is Wager.ANTE))
        return _SeatPlan(coin_in, fold, entries.get(Wager.ANTE) if refund and not folded else None, settle_pass)


_RECENT_PLANS: dict[tuple[int, str], _TablePlan] = {}
"""The plans of the tables settled lately, by the table's identity and the language (a plan holds its table, so
the identity is not reused while the plan is kept)."""


def _forget_plans() -> None:
    """Every table's seat plans start again (the memory they hold stays bounded)."""
    for plan in list(_RECENT_PLANS.values()):  # a copy: another thread may settle meanwhile
        plan.plans.clear()
    _KEPT[0] = 0


def _forget_steps() -> None:
    """Every seat plan forgets the steps it keeps (the memory they hold stays bounded); the plans stay."""
    for plan in list(_RECENT_PLANS.values()):  # copies: another thread may settle meanwhile
        for seat_plan in list(plan.plans.values()):
            seat_plan.kept.clear()
    _KEPT[0] = 0


def _plan_of(table: TableRules) -> _TablePlan:
    """The table's plan in the language spoken: a plan keeps its steps' rule texts, so each language has its own
    (the ``settle`` JSON is made in English while the window may speak Spanish)."""
    key = (id(table), current_language())
    plan = _RECENT_PLANS.get(key)
    if plan is None or plan.table is not table or plan.version != table.paytables.version:
        if len(_RECENT_PLANS) >= 64:
            _RECENT_PLANS.clear()
        plan = _RECENT_PLANS[key] = _TablePlan(table)
    return plan


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


def format_money(amount: Decimal, *, exact: bool = False, signed: bool = False, minus: str = "-") -> str:
    """Dollars as a dealer reads them, cents only when there are some: ``$7.50``, ``$40``, ``-$2``. The one
    formatter of money: the felt, the panels, the round log, the lessons and the reports all write with it.

    ``signed``: a gain has a ``+`` too (a seat's net: ``+$30``); ``minus``: the sign before a loss (the screens
    write a true minus, ``−``); ``exact``: a fraction of a cent is shown too (``$49.995``), not rounded.

    >>> format_money(Decimal("7.5")), format_money(Decimal(40)), format_money(Decimal("-2"))
    ('$7.50', '$40', '-$2')
    >>> format_money(Decimal(30), signed=True), format_money(Decimal(-115), signed=True, minus="−")
    ('+$30', '−$115')
    >>> format_money(Decimal("49.995"), exact=True), format_money(Decimal("4382.7125"), exact=True)
    ('$49.995', '$4,382.7125')
    """
    sign = minus if amount < 0 else "+" if signed and amount > 0 else ""
    amount = abs(amount)
    if amount == amount.to_integral_value():
        return f"{sign}${int(amount):,}"
    if exact and amount != amount.quantize(Decimal("0.01")):
        return f"{sign}${amount.normalize():,f}"
    return f"{sign}${amount:,.2f}"
