"""Taking or refusing the Play wager, street by street (``uth-trainer quiz --topic play-wager``).

The documents give each player one Play wager: 3x or 4x the Ante before the flop, 2x on the flop, 1x on the river,
else a fold on the river; "once players bet, they cannot bet again and they cannot change their bet" (seed 001
Dealing Procedures 9–13, seed 003 Round of Play 1–5, seed 002 and seed 004 steps 6–10; rules-notes §3).
:func:`play_verdict` is that rule; an item tells what a seat has done so far and what the player does now, and
asks whether the dealer accepts it.

>>> play_verdict(Street.FLOP, 0, PlayAct("bet", 2)).accepted, play_verdict(Street.FLOP, 4, PlayAct("bet", 2)).reason
(True, 'no: one Play wager only (the player bet before), they cannot bet again')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Literal

from trainer.drills.decision_drills import Ask
from trainer.drills.procedures.answers import YES_NO_HINT, read_yes_no
from trainer.engine.games import game_named
from trainer.engine.settlement import format_money
from trainer.engine.wagers import Wager
from trainer.i18n.translation import N_, _
from trainer.scoring import ErrorKind, Mistake

TOPIC = "ante-play"
"""The lesson that teaches the Play wager."""


class Street(StrEnum):
    """When the player decides: before the flop, on the flop, on the river."""

    PREFLOP = "preflop"
    FLOP = "flop"
    RIVER = "river"

    @property
    def label(self) -> str:
        return _({Street.PREFLOP: N_("before the flop"), Street.FLOP: N_("on the flop"),
                  Street.RIVER: N_("on the river")}[self])


MULTIPLES = {Street.PREFLOP: (3, 4), Street.FLOP: (2,), Street.RIVER: (1,)}
"""The Play wager a player who has not bet yet may make on each street, in multiples of the Ante."""
CITATIONS = {
    Street.PREFLOP: "seed 001 Dealing Procedures 9; seed 003 Round of Play 1; seed 002 ACE/iDeal 6; "
                    "seed 004 Recommended Dealing Procedures 6",
    Street.FLOP: "seed 001 Dealing Procedures 11; seed 003 Round of Play 3; seed 002 ACE/iDeal 8; "
                 "seed 004 Recommended Dealing Procedures 8",
    Street.RIVER: "seed 001 Dealing Procedures 13; seed 003 Round of Play 5; seed 002 ACE/iDeal 10; "
                  "seed 004 Recommended Dealing Procedures 10",
}
ONCE = ("seed 001 Dealing Procedures 9; seed 003 Round of Play 1; seed 004 Recommended Dealing Procedures 6 i "
        "(\"Once players bet, they cannot bet again and they cannot change their bet\")")


@dataclass(frozen=True)
class PlayAct:
    """What the player does: ``bet`` a multiple of the Ante, ``check``, ``fold``, or ``change`` the Play wager
    already made to another multiple."""

    kind: Literal["bet", "check", "fold", "change"]
    multiple: int = 0


@dataclass(frozen=True)
class PlayVerdict:
    accepted: bool
    reason: str
    citation: str


def play_verdict(street: Street, made: int, act: PlayAct) -> PlayVerdict:
    """Whether the dealer accepts ``act`` on ``street`` from a player whose Play wager so far is ``made`` times
    the Ante (0: none yet)."""
    if made:
        if act.kind == "change":
            return PlayVerdict(False, _("no: a Play wager is never changed once made"), ONCE)
        if act.kind == "bet":
            return PlayVerdict(False, _("no: one Play wager only (the player bet before), they cannot bet again"),
                               ONCE)
        if act.kind == "fold":
            return PlayVerdict(False, _("no: the fold is the river's choice of a player who has not bet"), ONCE)
        return PlayVerdict(True, _("yes: the Play wager already made stands; nothing more to decide"), ONCE)
    citation = CITATIONS[street]
    allowed = _(" or ").join(f"{multiple}x" for multiple in MULTIPLES[street])
    if act.kind == "bet":
        if act.multiple in MULTIPLES[street]:
            return PlayVerdict(True, _("yes: {street} the Play wager is {allowed} the Ante").format(
                street=street.label, allowed=allowed), citation)
        return PlayVerdict(False, _("no: {street} the Play wager is {allowed} the Ante, not {multiple}x").format(
            street=street.label, allowed=allowed, multiple=act.multiple), citation)
    if act.kind == "check":
        if street is Street.RIVER:
            return PlayVerdict(False, _("no: on the river a player who has not bet folds or bets 1x; no checking "
                                        "through to the showdown"), citation)
        return PlayVerdict(True, _("yes: {street} a player may check").format(street=street.label), citation)
    if act.kind == "fold":
        if street is Street.RIVER:
            return PlayVerdict(True, _("yes: on the river a player who has not bet folds or bets 1x"), citation)
        return PlayVerdict(False, _("no: {street} the choice is check or bet {allowed}; the fold comes on the "
                                    "river").format(street=street.label, allowed=allowed), citation)
    return PlayVerdict(False, _("no: there is no Play wager to change"), citation)


def _history(street: Street, rng: random.Random) -> tuple[int, str]:
    """A Play wager made on an earlier street (or none): its multiple and how the item tells it."""
    earlier = [(multiple, before) for before in Street if list(Street).index(before) < list(Street).index(street)
               for multiple in MULTIPLES[before]]
    if earlier and rng.random() < 0.35:
        multiple, before = rng.choice(earlier)
        return multiple, _("The player bet {multiple}x {street}.").format(multiple=multiple, street=before.label)
    if street is Street.PREFLOP:
        return 0, ""
    if street is Street.FLOP:
        return 0, _("The player checked before the flop.")
    return 0, _("The player checked before the flop and on the flop.")


def _act(made: int, rng: random.Random) -> PlayAct:
    if made:
        return PlayAct("change", rng.choice([m for m in (1, 2, 3, 4) if m != made])) if rng.random() < 0.5 \
            else PlayAct("bet", rng.choice((1, 2)))
    kind = rng.choice(("bet", "bet", "bet", "check", "fold"))
    return PlayAct(kind, rng.choice((1, 2, 3, 4)) if kind == "bet" else 0)  # type: ignore[arg-type]


def _act_text(act: PlayAct, ante: Decimal, made: int) -> str:
    if act.kind == "bet":
        return _("The player now puts {amount} on the Play ({multiple}x the Ante).").format(
            amount=format_money(ante * act.multiple), multiple=act.multiple)
    if act.kind == "change":
        return _("The player wants to change the Play wager from {made} to {amount}.").format(
            made=format_money(ante * made), amount=format_money(ante * act.multiple))
    return _("The player checks.") if act.kind == "check" else _("The player folds.")


def play_wager_asks(rng: random.Random) -> tuple[str, str, list[Ask]]:
    """One seat, one street, one act: accept it or not."""
    game = game_named(rng.choice(("wa", "ca", "ca-bad-beat")))
    ante = Decimal(rng.choice((5, 10, 15, 25)))
    street = rng.choice(list(Street))
    made, history = _history(street, rng)
    act = _act(made, rng)
    verdict = play_verdict(street, made, act)
    board = _({Street.PREFLOP: N_("Before the flop: every player has two cards."),
               Street.FLOP: N_("The flop is face up."),
               Street.RIVER: N_("The turn and the river are face up.")}[street])
    seat = rng.randint(1, 7 if game.is_house else game.positions)
    lines = [_("{game}. Seat {seat}: {ante} {amount}, {blind} {amount}.").format(
        game=game.title, seat=seat, ante=Wager.ANTE.label, blind=Wager.BLIND.label, amount=format_money(ante)), board]
    if history:
        lines.append(history)
    lines.append(_act_text(act, ante, made))
    right = f"{verdict.reason} ({verdict.citation})"

    def check(value: bool) -> Mistake | None:
        if value == verdict.accepted:
            return None
        return Mistake(ErrorKind.WRONG_ANSWER, _("accept it") if verdict.accepted else _("refuse it"),
                       _("accept it") if value else _("refuse it"), f"{verdict.reason} ({verdict.citation})", TOPIC)

    ask = Ask(_("Do you accept it (yes or no)?"), read_yes_no, YES_NO_HINT, check, right, verdict.accepted)
    return f"Play wager · {street.value}", "\n".join(lines), [ask]
