"""Game protection at the table (``uth-trainer quiz --topic protection``): a player or a spectator attempts an act
at a moment of the round; the trainee stops it with the right act and words, or carries on when it is allowed.

The acts and their stops are the run round's (:mod:`trainer.quiz.protection`): a wager after "No more bets", a
back-line wager, a wager on another player's or the house's hand, a side bet between players, cards lifted off the
table; and one allowed act, a player squeezing the cards flat on the layout (seed 001 Dealing Procedures 16).
"""

from __future__ import annotations

import random

from trainer.drills.decision_drills import Ask
from trainer.engine.games import game_named
from trainer.i18n import plain
from trainer.i18n.translation import N_, _
from trainer.quiz.protection import Prohibited, ProtectionAttempt, Stop, kinds_for, read_stop
from trainer.scoring import ErrorKind, Mistake

CARRY_ON = "carry-on"
CARRY_ON_WORDS = frozenset({"carry", "continue", "allowed", "ok", "nothing", "fine", "seguir", "continuar",
                            "permitido"})
ALLOWED = N_("the player in seat {seat} squeezes the cards flat on the layout to look at them")
ALLOWED_RULE = N_("seed 001 Dealing Procedures 16; seed 003 Round of Play 8 (the cards remain on or above the area "
                  "of the table: allowed)")
STOP_HINT = N_("what you do: 'stop the late wager', 'refuse the back line', 'stop the side bet', 'keep the cards on "
               "the table', or 'carry on' when nothing is wrong")
MOMENTS = {
    Prohibited.LATE_WAGER: N_("You have called \"No more bets\"; before the first card:"),
    Prohibited.BACK_LINE: N_("You have called \"No more bets\"; before the first card:"),
    Prohibited.CARDS_OFF_TABLE: N_("The players look at their cards before the flop:"),
    Prohibited.OTHER_HAND: N_("The flop is turned over:"),
    Prohibited.HOUSE_HAND: N_("The flop is turned over:"),
    Prohibited.BETWEEN_PLAYERS: N_("The flop is turned over:"),
}


def read_protection(text: str) -> str | None:
    """A stop (its value) or ``carry-on``; None when the line names neither."""
    stop = read_stop(text)
    if stop is not None:
        return stop.value
    words = set(plain(text).split())
    return CARRY_ON if words & CARRY_ON_WORDS else None


def protection_asks(rng: random.Random) -> tuple[str, str, list[Ask]]:
    """One act at a table of one of the three games: stop it, or carry on when it is allowed."""
    game = game_named(rng.choice(("wa", "ca", "ca-bad-beat")))
    seats = list(range(1, 8)) if game.is_house else list(range(2, game.positions + 1))
    seat, other = rng.sample(seats, 2)
    context = _("{game}, a round in play.").format(game=game.title)
    if rng.random() < 1 / 6:
        shown = _(ALLOWED).format(seat=seat)
        moment = _(MOMENTS[Prohibited.CARDS_OFF_TABLE])
        expected, rule, right = CARRY_ON, _(ALLOWED_RULE), _("carry on: it is allowed")
        key = "allowed"
    else:
        kind = rng.choice(kinds_for(game.is_house))
        attempt = ProtectionAttempt(kind, seat, other)
        shown, moment = attempt.shown(), _(MOMENTS[kind])
        expected, rule, right = kind.stop.value, kind.rule, kind.stop.label
        key = kind.value

    def check(value: str) -> Mistake | None:
        if value == expected:
            return None
        known = {stop.value: stop for stop in Stop}
        given = _("carry on") if value == CARRY_ON else known[value].label if value in known else value
        kind = (ErrorKind.MISSED_FAULT if value == CARRY_ON else ErrorKind.FALSE_ALARM if expected == CARRY_ON
                else ErrorKind.WRONG_ANSWER)
        return Mistake(kind, right, given, rule, "game-protection")

    text = f"{context}\n{moment} {shown[:1].upper()}{shown[1:]}."
    ask = Ask(_("What do you do?"), read_protection, _(STOP_HINT), check, f"{right} ({rule})", expected)
    return f"Game protection · {key}", text, [ask]
