"""Run the round (``uth-trainer quiz --topic run-round``): the trainee deals a whole round from the dealer's side.

Each item is one round of one of the documents' games, dealt by one of the game's procedures with simulated
players (:func:`~trainer.quiz.round_script.game_round`). The table and the wagers come first, as text; then every
task of the round is asked in turn with one prompt, ``Next act?``: call "No more bets" and take the fee
(player-dealer table) or press COIN IN once all bets are placed and call (house table; either order is accepted),
deal each card to its place in the procedure's order, unload the rest, take each Play wager street by street and
turn over the flop, then the turn and the river (now and then refusing a second Play wager; seed 001 Dealing
Procedures 9-13), collect and count each folded hand,
reveal and announce the dealer's hand, settle every wager, rack the cards, confirm the count.
:class:`~trainer.quiz.run_round.RunRound` scores each act against the engine, with the document and section behind
it; the settlement is the settlement quiz's. Now and then (always in every third exam item) the round brings an
irregularity — the shuffler fails mid-deal, a folded hand spreads to one or three cards, a card shows the other
deck's back — and the act due is the documents' response: ``void`` or ``floor``.

Answers: :mod:`trainer.drills.round_answers`. The same seed deals the same round:

>>> item = round_item(1, Mode.PRACTICE, rate=0.0)
>>> item.title, item.next_question().prompt
("Run the round · Washington Ultimate Texas Hold'em · ACE / iDeal · round 1", 'Next act?')
>>> item.answer(item.next_question().parse("flop")).message.split(" (")[0]
'order: expected call "No more bets", given deal flop card 1'

Before the deal the fee, "No more bets" and COIN IN are accepted in any order (rules-notes §2):

>>> [item.answer(item.next_question().parse(line)).correct for line in ("no more bets", "coin in", "flop")]
[True, True, True]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from trainer.drills.base import Feedback, Question
from trainer.drills.round_answers import (
    BOARD,
    DEALER,
    FLOP,
    NEXT,
    ROUND_HINT,
    Announce,
    Places,
    RoundAnswer,
    Settle,
    read_round_answer,
    round_guide,
)
from trainer.drills.run_rates import EXAM_IRREGULAR_EVERY as EXAM_IRREGULAR_EVERY
from trainer.drills.run_rates import IRREGULARITY_RATE as IRREGULARITY_RATE
from trainer.drills.run_rates import PROTECTION_RATE as PROTECTION_RATE
from trainer.drills.run_rates import SECOND_PLAY_RATE as SECOND_PLAY_RATE
from trainer.drills.scenario_round import STREET_WORDS
from trainer.engine.cards import format_cards
from trainer.engine.dealing import Target
from trainer.engine.games import game_named
from trainer.engine.round import PlayedRound
from trainer.engine.settlement import format_money
from trainer.engine.wagers import Wager
from trainer.engine.words import colour_name, hand_name, odds_text
from trainer.i18n.translation import N_, _, ngettext
from trainer.quiz.protection import Prohibited, protection_attempt
from trainer.quiz.round_script import (
    Irregularity,
    Task,
    game_round,
    inject,
    kept_face_up,
    play_attempt,
    tucked_under_pairs,
)
from trainer.quiz.run_round import Act, RoundVerdict, RunRound
from trainer.scoring import ItemResult, Mistake, Mode

Clock = Callable[[], float]
GAMES = ("wa", "ca", "ca-bad-beat")
"""The games a run round is dealt from: the house game and both player-dealer games."""
MOST_ROUNDS_BEFORE = 3
"""A round is the last of one to this many dealt in a row, so the button and the decks have moved."""
NEXT_REFUSED = N_("In exam and speed modes name the place of each card ('seat 3', 'dealer', 'flop', ...): 'next' "
                "deals for you only in guided and practice modes")
AFTER_THE_STREETS = (Task.COLLECT_FOLD, Task.ANNOUNCE, Task.CALL_FLOOR, Task.SETTLE)
"""The tasks after the river's Play wagers, before which the players' decisions are summed up."""


def table_text(played: PlayedRound) -> str:
    """The table and every wager before the deal, as a dealer sees them at "No more bets"."""
    table = played.table
    game = game_named(table.game) if table.game is not None else None
    dealt_by = _("dealt by {procedure}").format(procedure=played.procedure.label)
    deck = _("the {colour} deck").format(colour=colour_name(played.deck_colour))
    lines = [" · ".join(part for part in (game.title if game else "", table.banking.label, dealt_by, deck) if part)]
    if not table.is_house:
        bank = format_money(table.player_dealer_bank) if table.player_dealer_bank is not None else _("no limit")
        lines.append(_("Player-dealer in seat {seat}, bank {bank}, collection schedule {schedule}").format(
            seat=table.player_dealer_seat, bank=bank, schedule=table.collection_schedule))
    for bets in sorted(played.bets, key=lambda bets: bets.seat):
        wagers = [f"{Wager.ANTE.label} {format_money(bets.ante)}", f"{Wager.BLIND.label} {format_money(bets.ante)}"]
        wagers += [f"{wager.label} {format_money(amount)}" for wager, amount in (
            (Wager.TRIPS, bets.trips), (Wager.BAD_BEAT, bets.bad_beat), (Wager.PAIRS, bets.pairs),
            (Wager.PROGRESSIVE, bets.progressive)) if amount > 0]
        lines.append(_("Seat {seat}: {wagers}").format(seat=bets.seat, wagers=", ".join(wagers)))
    return "\n".join([*lines, *layout_lines(played)])


def layout_lines(played: PlayedRound) -> list[str]:
    """The pay tables printed on the layout for the wagers on the table, and the Progressive meter ("See layout for
    odds", seed 002 ACE/iDeal 13 d, f; seed 001 rule 7; seed 003 rule 16)."""
    table, tables = played.table, played.table.paytables
    placed = {wager for bets in played.bets for wager, amount in (
        (Wager.TRIPS, bets.trips), (Wager.BAD_BEAT, bets.bad_beat), (Wager.PAIRS, bets.pairs),
        (Wager.PROGRESSIVE, bets.progressive)) if amount > 0}
    shown = [(Wager.BLIND, tables.blind())]
    if Wager.TRIPS in placed:
        shown.append((Wager.TRIPS, tables.trips(table.trips_paytable)))
    if Wager.BAD_BEAT in placed:
        shown.append((Wager.BAD_BEAT, tables.bad_beat(table.bad_beat_paytable)))
    if Wager.PAIRS in placed:
        shown.append((Wager.PAIRS, tables.pairs(table.pairs_paytable)))
    if Wager.PROGRESSIVE in placed:
        shown.append((Wager.PROGRESSIVE, tables.progressive(table.progressive_paytable)))
    lines = [_("On the layout:")]
    for wager, paytable in shown:
        pays = ", ".join(f"{hand_name(line.label)} {odds_text(line.odds)}" for line in paytable.lines)
        if paytable.id.lower() == wager.value:
            lines.append(_("  {wager}: {pays}").format(wager=wager.label, pays=pays))
        else:
            lines.append(_("  {wager} {table}: {pays}").format(wager=wager.label, table=paytable.id, pays=pays))
    if Wager.PROGRESSIVE in placed and table.progressive_meter is not None:
        lines.append(_("  Progressive meter: {amount}").format(amount=format_money(table.progressive_meter)))
    if table.is_house:
        lines.append(_("  The placard: players are limited to wagering on a maximum of four games (seed 002)"))
    else:
        lines.append(_("  The inscription: \"Player-Dealer only plays with a pair or higher\" (seeds 001, 003)"))
    return lines


def decisions_text(played: PlayedRound) -> str:
    """What each player did street by street, said once the river's wagers are in: the Play wager and its street,
    or a fold."""
    parts: list[str] = []
    for hand in sorted(played.hands, key=lambda hand: hand.seat):
        if hand.folded:
            parts.append(_("seat {seat} folds").format(seat=hand.seat))
            continue
        street = next(decision.street for decision in played.decisions
                      if decision.seat == hand.seat and decision.multiple > 0)
        multiple = int(hand.play / hand.ante)
        parts.append(_("seat {seat} Play {amount} ({multiple}x {street})").format(
            seat=hand.seat, amount=format_money(hand.play), multiple=multiple, street=_(STREET_WORDS[street])))
    return _("The players are done. {decisions}.").format(decisions="; ".join(parts))


def revealed_text(played: PlayedRound, shown: int) -> str:
    """The community cards face up once ``shown`` of them are turned over, the rest face down (``??``)."""
    board = played.deal.board
    cards = [str(card) if slot < shown else "??" for slot, card in enumerate(board)]
    return f"{' '.join(cards[:3])} | {cards[3]} | {cards[4]}"


def dealer_text(played: PlayedRound) -> str:
    """The board and the dealer's two cards, turned up at the dealer's announcement (no player's hand yet)."""
    board = played.deal.board
    return "\n".join([_("Board:   {flop} | {turn} | {river}").format(flop=format_cards(board[:3]), turn=board[3],
                                                                   river=board[4]),
                      _("Dealer:  {cards}").format(cards=format_cards(played.deal.dealer))])


def seat_text(played: PlayedRound, seat: int) -> str:
    """One seat's cards as the dealer turns them up in its turn (a folded hand tucked under its Pairs wager, or
    left face up with a wager still in action, said to be so)."""
    hand = next(hand for hand in played.hands if hand.seat == seat)
    if seat in tucked_under_pairs(played):
        return _("Seat {seat}: folded, its two cards tucked face down under the Pairs wager until it is settled "
                 "(turned up in the seat's turn: {cards})").format(seat=seat, cards=format_cards(hand.hole))
    play = (_("folded, face up until its wager is settled") if hand.folded else
            _("Play {amount}").format(amount=format_money(hand.play)))
    return _("Seat {seat}: {cards}   {wagers}").format(seat=seat, cards=format_cards(hand.hole), wagers=play)


def showdown_text(played: PlayedRound) -> str:
    """Every card face up by the end of the showdown: the board, the dealer's hand, and each hand still in action
    in seat order (each is turned up in its own turn: :func:`seat_text`)."""
    left = kept_face_up(played) | tucked_under_pairs(played)
    seats = [hand.seat for hand in sorted(played.hands, key=lambda hand: hand.seat)
             if not hand.folded or hand.seat in left]
    return "\n".join([dealer_text(played), *(seat_text(played, seat) for seat in seats)])


class RunRoundItem:
    """One round to run, every act asked in turn with the ``Next act?`` prompt."""

    def __init__(self, run: RunRound, title: str, *, drill_mode: Mode) -> None:
        self.run = run
        self.mode = drill_mode
        self.title = title
        self.text = table_text(run.played)
        self._told: set[str] = set()

    def next_question(self) -> Question | None:
        due = self.run.expected()
        if due is None:
            return None
        lines: list[str] = []
        after_streets = due.task in AFTER_THE_STREETS and (due.task is not Task.CALL_FLOOR or due.seat is not None)
        if after_streets and "decisions" not in self._told:
            self._told.add("decisions")
            lines.append(decisions_text(self.run.played))
        if due.task is Task.ANNOUNCE and "showdown" not in self._told:
            self._told.add("showdown")
            lines.append(dealer_text(self.run.played))
        turn = due.seat if due.task in (Task.ANNOUNCE_HAND, Task.HAND_BUTTON, Task.SETTLE) and (
            due.stage is not None and due.stage.value.startswith("seat-")) else None
        if turn is not None and f"seat {turn}" not in self._told:
            self._told.add(f"seat {turn}")
            lines.append(seat_text(self.run.played, turn))
        if due.task is Task.SETTLE and f"settle {self.run.script.index(due)}" not in self._told:
            self._told.add(f"settle {self.run.script.index(due)}")
            lines.append(_("Now: {task}.").format(task=due.describe()))
        if self.run.done_acts and self.run.done_acts[-1][1].task is Task.REVEAL:
            lines.append(_("Board: {cards}").format(
                cards=revealed_text(self.run.played, self.run.done_acts[-1][1].count or 0)))
        if due.shown:
            lines.append(_("At the table: {what}.").format(what=due.shown))
        if due.task is Task.ANNOUNCE_HAND:
            lines.append(_("Seat {seat}'s hand: announce its value and whether it wins, loses or ties.").format(
                seat=due.seat))
        hint = f"  [{self.run.hint()}]" if self.mode is Mode.GUIDED else ""
        lines.append(_("Next act?") + hint)
        return Question("\n".join(lines), self._parse, ROUND_HINT)

    def _parse(self, text: str) -> RoundAnswer | None:
        due = self.run.expected()
        found = read_round_answer(text, due.task if due is not None else None)
        if not isinstance(found, Act) or found.seat is not None or due is None:
            return found
        if found.task in (Task.TAKE_PLAY, Task.REFUSE_PLAY) and due.task in (Task.TAKE_PLAY, Task.REFUSE_PLAY):
            return Act(found.task, seat=due.seat, amount=due.amount if found.task is Task.TAKE_PLAY else None)
        if found.task is Task.ANNOUNCE_HAND and due.task is Task.ANNOUNCE_HAND:
            return Act(found.task, seat=due.seat, hand=found.hand, result=found.result)
        return found

    def answer(self, value: RoundAnswer) -> Feedback:
        if isinstance(value, Places):
            return self._deal(value.places)
        if isinstance(value, Announce):
            return _feedback(self.run.announce_dealer(value.category, value.qualifies))
        if isinstance(value, Settle):
            return _feedback(self.run.submit(value.seat, value.wager, value.action, value.amount))
        return _feedback(self.run.perform(value))

    def result(self) -> ItemResult:
        return self.run.result()

    # -- dealing -------------------------------------------------------------------------------------------

    def _deal(self, places: tuple[str, ...]) -> Feedback:
        """Deal a card to each place in turn, up to the first mistake or the first thing the table shows."""
        if NEXT in places and self.mode in (Mode.EXAM, Mode.SPEED):
            return Feedback(False, _(NEXT_REFUSED), accepted=False)
        verdicts: list[RoundVerdict] = []
        dealt: list[str] = []
        for number, place in enumerate(places):
            verdict = self.run.perform(Act(Task.DEAL, target=self._target(place)))
            verdicts.append(verdict)
            if verdict.accepted and verdict.correct:
                dealt.append(str(self.run.done_acts[-1][1].target))
            due = self.run.expected()
            stop = verdict.mistakes or not verdict.accepted or due is None or due.task is not Task.DEAL or due.shown
            if stop and number < len(places) - 1:
                rest = len(places) - number - 1
                note = ngettext(" (the rest of the line, {count} place, was not dealt)",
                                " (the rest of the line, {count} places, was not dealt)", rest).format(count=rest)
                return _combined(verdicts, dealt, note)
        return _combined(verdicts, dealt, "")

    def _target(self, place: str) -> Target | None:
        """The card's place: ``seat 3`` its next hole card, ``flop`` the next flop card, ``next`` the place due."""
        if place == NEXT:
            return self.run.next_place()
        given = [act.target for _, act in self.run.done_acts if act.task is Task.DEAL and act.target is not None]
        if place.startswith("seat "):
            seat = int(place.removeprefix("seat "))
            return Target("seat", seat, min(1, sum(target.seat == seat for target in given)))
        if place == DEALER:
            return Target("dealer", None, min(1, sum(target.kind == "dealer" for target in given)))
        board = sorted(target.slot for target in given if target.kind == "board")
        if place == FLOP:
            return Target("board", None, min(2, sum(slot < 3 for slot in board)))
        if place == BOARD:
            return Target("board", None, min(4, len(board)))
        return Target("board", None, 3 if place == "turn" else 4)


def _feedback(verdict: RoundVerdict) -> Feedback:
    return Feedback(verdict.correct, verdict.message, verdict.mistakes, verdict.accepted)


def _combined(verdicts: list[RoundVerdict], dealt: list[str], note: str) -> Feedback:
    mistakes: tuple[Mistake, ...] = tuple(mistake for verdict in verdicts for mistake in verdict.mistakes)
    last = verdicts[-1]
    if not mistakes:
        message = _("Right: {step}").format(step=", ".join(dealt)) if dealt else last.message
    else:
        message = last.message if len(verdicts) == 1 else _("{count} dealt right, then: {message}").format(
            count=len(dealt), message=last.message)
    return Feedback(not mistakes, message + note, mistakes, last.accepted)


def round_item(seed: int, mode: Mode, *, forced: Irregularity | None = None, rate: float = IRREGULARITY_RATE,
               drill: str = "run-round", clock: Clock = time.monotonic,
               guarded: Prohibited | None = None) -> RunRoundItem:
    """The round of ``seed``: a game, a dealing procedure, players, and now and then (``rate``) an irregularity;
    ``forced`` brings one of that kind (or another, when the round cannot have it); now and then
    (:data:`PROTECTION_RATE`, never with an irregularity) a player attempts a prohibited act, ``guarded`` always
    (that act, or another the table's documents prohibit)."""
    rng = random.Random(seed)
    game = game_named(rng.choice(GAMES))
    procedure = rng.choice(sorted(game.procedures))
    played = game_round(game.id, procedure, rng, rounds=rng.randint(1, MOST_ROUNDS_BEFORE))
    drawn = rng.random() < rate
    injected = inject(played, rng, forced) if forced is not None or drawn else None
    attempt = play_attempt(played, rng) if rng.random() < SECOND_PLAY_RATE else None
    protection = (protection_attempt(played, rng, guarded) if guarded is not None or (
        injected is None and rng.random() < PROTECTION_RATE) else None)
    title = _("Run the round · {game} · {procedure} · round {seed}").format(game=game.title, procedure=procedure.label,
                                                                          seed=seed)
    run = RunRound(played, mode, injected, drill=drill, item=f"{drill}/{seed}", clock=clock, attempt=attempt,
                   protection=protection)
    return RunRoundItem(run, title, drill_mode=mode)


@dataclass(frozen=True)
class RunRoundDrill:
    """Whole rounds to run, one seed each (every third exam round brings an irregularity, each kind in turn)."""

    name: str
    group: str
    description: str
    rate: float = IRREGULARITY_RATE

    @property
    def answer_guide(self) -> str:
        """How a run round's answers are written, in the current language (:data:`ROUND_GUIDE` in English)."""
        return round_guide()

    def items(self, rng: random.Random, count: int, mode: Mode,
              clock: Clock = time.monotonic) -> Iterator[RunRoundItem]:
        kinds = list(Irregularity)
        for index in range(count):
            seed = rng.randrange(1_000_000)
            forced = None
            if mode is Mode.EXAM and index % EXAM_IRREGULAR_EVERY == EXAM_IRREGULAR_EVERY - 1:
                forced = kinds[(index // EXAM_IRREGULAR_EVERY) % len(kinds)]
            rate = 0.0 if mode is Mode.EXAM else self.rate  # an exam's irregularities: every third round's only
            yield round_item(seed, mode, forced=forced, rate=rate, drill=self.name, clock=clock)


DRILLS = (
    RunRoundDrill("run-round", N_("Procedures"), N_("Run a whole round as the dealer: the fee, no more bets, COIN IN, "
                                                    "each card to its place, the folds, the announcement, the "
                                                    "settlement, the rack, the count — and the irregularities")),
)
