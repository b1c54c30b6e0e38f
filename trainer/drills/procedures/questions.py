"""The question drills of the procedures: is this wager allowed at this table, who banks next, what the
Progressive controller needs now, and what to do about an irregularity.

Every answer is worked out from the rules as the engine or the procedures' data hold them (the engine's wager
checks and games, :func:`~trainer.drills.procedures.rotation.next_banker`, the controller systems and the
irregularities of ``procedures.toml``, :func:`~trainer.engine.settlement.void_round`), never from a list of
answers, and names the document and section it comes from.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.drills.answers import ACTION_HINT, read_action
from trainer.drills.decision_drills import Ask
from trainer.drills.procedures.answers import (
    LETTER_HINT,
    OTHER_RESPONSES,
    RESPONSE_HINT,
    SEAT_HINT,
    YES_NO_HINT,
    read_letter,
    read_response,
    read_seat,
    read_yes_no,
)
from trainer.drills.procedures.catalogue import Response, catalogue
from trainer.drills.procedures.rotation import ROTATION_CITATION, ROTATION_RULE_TEXT, next_banker
from trainer.drills.scenario_round import house_table, player_dealer_table
from trainer.engine.cards import parse_cards
from trainer.engine.dealing import DeckPair, Procedure
from trainer.engine.games import Game, game_named
from trainer.engine.paytables import load_paytables
from trainer.engine.round import RoundDealer
from trainer.engine.settlement import format_money, void_round
from trainer.engine.table import TableRules
from trainer.engine.validation import RoundError, check_game, check_wagers
from trainer.engine.wagers import Action, SeatHand
from trainer.engine.words import action_verb, colour_name, hand_name, odds_text, schedule_name, the_wager
from trainer.i18n.translation import N_, _, ngettext
from trainer.quiz.judging import accepted_actions
from trainer.scoring import ErrorKind, Mistake

D = Decimal
PAYTABLES = load_paytables()
LIMITS_RULES = {
    "wa": ("seed 004 Additional Rules; seed 002 (WAC 230-15-040, 230-15-140)",
           N_("limits within the law: the room's table minimum and maximum")),
    "ca": ("seed 003 Betting scheme 1; seed 003 Collection Rates", N_("each fee option's limit per spot")),
    "ca-bad-beat": ("seed 001 Dealing Procedures 1", N_("the table minimum and maximum")),
}
"""The document and section of each game's table limits (as printed), and what it says (in the language)."""
LIMIT_KINDS = ("inside", "below-minimum", "above-maximum")
CITATIONS = {
    "trips-below-ante": ("seed 001 and seed 003 Collection Rates",
                         N_("Trips may be less than, equal to or more than the Ante, within the table limits")),
    "blind-unequal": ("seed 001 Dealing Procedures 3; seed 003 Betting scheme 3; seed 002 Deck Mate 2; seed 004 "
                      "Recommended Dealing Procedures 2", N_("an equal Ante and Blind")),
    "bad-beat-without-trips": ("seed 002 Bad Beat rule 2; seed 001 Dealing Procedures 3 c; rules-notes §3", ""),
    "bad-beat-with-trips": ("seed 002 Bad Beat rule 2; seed 001 Dealing Procedures 3 c", ""),
    "not-offered": ("rules-notes §1b, §3", N_("a game offers only the side bets of its document")),
}
"""The document and section behind each other kind of wager the limits drill asks about."""


SHUFFLER_MOMENTS = {
    "before-the-deal": N_("The {procedure} stops with an error before the first card is dealt"),
    "mid-deal": N_("The {procedure} stops with an error in the middle of the deal"),
    "after-the-flop": N_("The {procedure} stops with an error after the flop is turned over, while it shuffles the "
                         "other deck"),
}
"""When a shuffler can fail: at any moment of the round (rules-notes §6: it keeps working on the other deck during
the round, seed 001 Decks 2 b, seed 003 3 b); a Deck Mate, which delivers the whole deck before the first card
(seed 002 Deck Mate 1), not in the middle of the deal."""
FAULT_CITATIONS = {
    Procedure.ACE: N_("seed 002 Irregularities; seed 004 Irregularities (\"In the event of a shuffler malfunction, "
                      "all hands are void\"); rules-notes §6 (a shuffler can fail at any moment of the round)"),
    Procedure.DECK_MATE: N_("seed 002 Irregularities (\"In the event of a shuffler malfunction, all hands are "
                            "void\"); rules-notes §6 (a shuffler can fail at any moment of the round: it shuffles "
                            "the other deck while this one is dealt)"),
}
"""The documents that say so for each shuffler: seed 004 is the ACE's manual, so a Deck Mate round cites seed 002
alone."""


# -- is this wager allowed ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WagerCase:
    """A table, one seat's wagers, the kind of case and the engine's verdict (None: allowed)."""

    game: Game
    table: TableRules
    seat: SeatHand
    kind: str
    refusal: str | None

    @property
    def citation(self) -> str:
        source, note = LIMITS_RULES[self.game.id] if self.kind in LIMIT_KINDS else CITATIONS[self.kind]
        return f"{source} ({_(note)})" if note else source


def engine_refusal(table: TableRules, seat: SeatHand) -> str | None:
    """The engine's refusal of ``seat``'s wagers at ``table`` (its wager checks and its game), or None."""
    try:
        check_wagers(table, seat, f"seat {seat.seat}")
        check_game(table, [seat])
    except RoundError as exc:
        return str(exc)
    return None


def limits_table(game: Game, rng: random.Random) -> TableRules:
    if game.is_house:
        return house_table(rng, min_wager=D(rng.choice((5, 10, 25))), max_wager=D(rng.choice((500, 1000))))
    return player_dealer_table(rng, rng.randint(1, game.positions), game=game)


def wager_case(rng: random.Random) -> WagerCase:
    """A table of one of the three games and a seat's wagers, one kind of case at a time."""
    game = game_named(rng.choice(("wa", "ca", "ca-bad-beat")))
    table = limits_table(game, rng)
    low, high = table.min_wager or D(1), table.max_wager or D(10_000)
    kinds = ["inside", "below-minimum", "above-maximum", "trips-below-ante", "blind-unequal", "not-offered"]
    if "bad_beat" in game.side_bets:
        kinds += ["bad-beat-without-trips", "bad-beat-with-trips"]
    kind = rng.choice(kinds)
    ante = min(high, low * rng.choice((1, 2, 4)))
    wagers: dict[str, Decimal] = {"ante": ante, "blind": ante}
    if kind == "below-minimum" and low > 1:
        wagers["ante"] = wagers["blind"] = low - max(D(1), (low / 2).quantize(D(1)))
    elif kind == "below-minimum":
        kind = "inside"
    if kind == "above-maximum":
        wagers["trips"] = high + rng.choice((D(5), high))
    if kind == "trips-below-ante":
        wagers["ante"] = wagers["blind"] = min(high, low * 4)
        wagers["trips"] = low
    if kind == "blind-unequal":
        wagers["blind"] = ante * 2
    if kind == "bad-beat-without-trips":
        wagers["bad_beat"] = low
    if kind == "bad-beat-with-trips":
        wagers["trips"] = wagers["bad_beat"] = low
    if kind == "not-offered":
        missing = [bet for bet in ("bad_beat", "pairs", "progressive") if bet not in game.side_bets]
        if not missing:
            kind = "inside"
        else:
            wagers["trips"] = low
            wagers[rng.choice(missing)] = low
    seats = game.seat_numbers(table.player_dealer_seat)
    seat = SeatHand(rng.choice(seats), parse_cards("2c 3d"), **wagers)  # type: ignore[arg-type]
    return WagerCase(game, table, seat, kind, engine_refusal(table, seat))


def table_limits_line(case: WagerCase) -> str:
    table = case.table
    line = _("{game} ({documents}): limits {low} to {high} a wager").format(
        game=case.game.title, documents=", ".join(case.game.documents), low=format_money(table.min_wager or D(0)),
        high=format_money(table.max_wager or D(0)))
    if table.collection_schedule is not None and case.game.id == "ca":
        line += _(" (fee option {schedule}: the limit per spot)").format(
            schedule=schedule_name(load_paytables().collection(table.collection_schedule).title))
    offered = ", ".join(bet.replace("_", " ").title() for bet in case.game.side_bets)
    return _("{limits}; side bets offered: {offered}.").format(limits=line, offered=offered)


def wager_text(case: WagerCase) -> str:
    placed = [_("{amount} on {wager}").format(amount=format_money(case.seat.stake(wager)), wager=the_wager(wager))
              for wager in case.seat.placed()]
    return table_limits_line(case) + "\n" + _("Seat {seat} places {wagers} before the deal.").format(
        seat=case.seat.seat, wagers=", ".join(placed))


def wager_asks(rng: random.Random) -> tuple[str, str, list[Ask]]:
    case = wager_case(rng)
    allowed = case.refusal is None
    right = (_("yes: every wager is within the rules") if allowed else _("no: {reason}").format(reason=case.refusal)) \
        + f" ({case.citation})"

    def check(value: bool) -> Mistake | None:
        if value == allowed:
            return None
        return Mistake(ErrorKind.WRONG_ANSWER, _("allowed") if allowed else _("refused ({reason})").format(
            reason=case.refusal), _("allowed") if value else _("refused"), case.citation, "table-limits")

    ask = Ask(_("Do you accept these wagers (yes or no)?"), read_yes_no, YES_NO_HINT, check, right, allowed)
    return f"Wagers · {case.game.id}", wager_text(case), [ask]


def protection_asks(rng: random.Random) -> tuple[str, str, list[Ask]]:
    act = rng.choice(list(catalogue().protection.values()))
    seat, other = rng.sample(range(1, 8), 2)
    text = _(act.act).format(seat=seat, other=other, amount=rng.choice((5, 10, 25, 100)))
    right = f"{_('yes') if act.allowed else _('no')} ({act.citation})"

    def check(value: bool) -> Mistake | None:
        if value == act.allowed:
            return None
        return Mistake(ErrorKind.WRONG_ANSWER, _("allowed") if act.allowed else _("not allowed"),
                       _("allowed") if value else _("not allowed"), act.citation, "game-protection")

    ask = Ask(_("Is this allowed (yes or no)?"), read_yes_no, YES_NO_HINT, check, right, act.allowed)
    return f"Game protection · {act.name}", text, [ask]


# -- who banks next -----------------------------------------------------------------------------------------


def rotation_asks(rng: random.Random) -> tuple[str, str, list[Ask]]:
    game = game_named(rng.choice(("ca", "ca-bad-beat")))
    positions = game.positions
    banker = rng.randint(1, positions)
    hands = rng.choice((1, 2, 2))
    others = [seat for seat in range(1, positions + 1) if seat != banker]
    declines = set(rng.sample(others, rng.choice((0, 1, 1, 2, 3))))
    if hands == 1 and rng.random() < 0.4:
        declines.add(banker)
    answer = next_banker(positions, banker, hands, declines)
    said = [str(seat) for seat in sorted(declines - {banker})]
    lines = [_("{game} ({documents}): {positions} positions, every one taken.").format(
                 game=game.title, documents=", ".join(game.documents), positions=positions),
             (_("Seat {seat} has banked the last two hands in a row.") if hands == 2 else
              _("Seat {seat} has banked the last hand only.")).format(seat=banker)]
    if banker in declines:
        lines.append(_("Seat {seat} does not want to bank again.").format(seat=banker))
    if said:
        names = said[0] if len(said) == 1 else _("{seats} and {last}").format(seats=", ".join(said[:-1]),
                                                                            last=said[-1])
        lines.append(ngettext("Offered the bank, seat {seats} would decline.",
                              "Offered the bank, seats {seats} would decline.", len(said)).format(seats=names))
    right = _("seat {seat}: {why} ({citation})").format(seat=answer.seat, why=answer.explain(),
                                                       citation=ROTATION_CITATION)

    def check(value: int) -> Mistake | None:
        if value == answer.seat:
            return None
        return Mistake(ErrorKind.WRONG_ANSWER, _("seat {seat}").format(seat=answer.seat),
                       _("seat {seat}").format(seat=value), _(ROTATION_RULE_TEXT).format(citation=ROTATION_CITATION),
                       "rotation")

    ask = Ask(_("Who banks the coming hand?"), read_seat, SEAT_HINT, check, right, answer.seat)
    return f"Rotation · {game.id}", "\n".join(lines), [ask]


# -- what the controller needs now --------------------------------------------------------------------------


def _lettered(options: list[str]) -> tuple[str, dict[str, str]]:
    letters = {string.ascii_uppercase[index]: text for index, text in enumerate(options)}
    return "\n".join(f"{letter}. {text}" for letter, text in letters.items()), letters


def _choice_ask(prompt: str, letters: dict[str, str], right_text: str, citation: str, topic: str) -> Ask:
    right_letter = next(letter for letter, text in letters.items() if text == right_text)

    def check(value: str) -> Mistake | None:
        if value == right_letter:
            return None
        return Mistake(ErrorKind.WRONG_ANSWER, f"{right_letter}: {right_text}",
                       f"{value}: {letters.get(value, _('(no such choice)'))}", citation, topic)

    return Ask(prompt, read_letter, LETTER_HINT, check, f"{right_letter}: {right_text} ({citation})", right_letter)


def controller_asks(rng: random.Random) -> tuple[str, str, list[Ask]]:
    controller = rng.choice(list(catalogue().controllers.values()))
    texts = list(dict.fromkeys(_(step.text) for step in controller.steps))
    if controller.special and rng.random() < 0.25:
        case = rng.choice(controller.special)
        options = [*(_(special.action) for special in controller.special), *rng.sample(texts, 3)]
        rng.shuffle(options)
        shown, letters = _lettered(options)
        text = f"{_(controller.title)}.\n{_(case.situation)}.\n{shown}"
        ask = _choice_ask(_("What do you do?"), letters, _(case.action), case.citation, "progressive-controller")
        return f"Controller · {controller.name}", text, [ask]
    winner = rng.random() < 0.5
    line = rng.choice(PAYTABLES.progressive("01").lines)
    from_meter = line.odds.kind == "percent"
    steps = controller.round_steps(winner, from_meter)
    done = rng.randrange(1, len(steps))
    texts.append(_(controller.tray_step.text))
    rng.shuffle(texts)
    shown, letters = _lettered(texts)
    seat = rng.randint(1, 7)
    outcome = (_("A Progressive wins this round (seat {seat}, {line}: {odds}).").format(
        seat=seat, line=hand_name(line.label).lower(), odds=odds_text(line.odds))
               if winner else _("No Progressive wins this round."))
    lines = [f"{_(controller.title)}. {outcome}", _("Done so far:")]
    lines += [f"  {number}. {_(step.text)}" for number, step in enumerate(steps[:done], start=1)]
    lines += [_("What can come next:"), shown]
    due = steps[done]
    ask = _choice_ask(_("What does the round need now?"), letters, _(due.text), due.citation,
                      "progressive-controller")
    return f"Controller · {controller.name}", "\n".join(lines), [ask]


# -- what to do about this irregularity ----------------------------------------------------------------------


def _response_ask(expected: Response, citation: str) -> Ask:
    right = f"{_(expected.label)} ({citation})"

    def check(value: str) -> Mistake | None:
        if value == expected.value:
            return None
        given = _(Response(value).label) if value in {r.value for r in Response} else _(OTHER_RESPONSES[value])
        kind = ErrorKind.WRONG_ANSWER
        if value == Response.CARRY_ON:
            kind = ErrorKind.MISSED_FAULT
        elif expected is Response.CARRY_ON:
            kind = ErrorKind.FALSE_ALARM
        return Mistake(kind, _(expected.label), given, citation, "irregularities")

    return Ask(_("What do you do?"), read_response, RESPONSE_HINT, check, right, expected.value)


def void_ask(table: TableRules, seats: tuple[SeatHand, ...], rng: random.Random,
             citation: str = "seed 002 Irregularities; seed 004 Irregularities") -> Ask:
    """One wager of a voided round, checked against the engine's :func:`void_round`."""
    step = rng.choice(void_round(table, seats))
    right = f"{action_verb(step.action)} {format_money(step.amount)} ({citation})"

    def check(value: tuple[Action, Decimal | None]) -> Mistake | None:
        action, amount = value
        if action in accepted_actions(step) and amount in (None, step.amount):
            return None
        given = action_verb(action) + (f" {format_money(amount)}" if amount is not None else "")
        return Mistake(ErrorKind.WRONG_ACTION, right, given, f"{step.rule} ({citation})", "irregularities")

    return Ask(_("Seat {seat}: {wager} ({amount}): what happens to it?").format(
        seat=step.seat, wager=the_wager(step.wager), amount=format_money(step.amount)),
               read_action, ACTION_HINT, check, right, (step.action, step.amount))


def irregularity_asks(rng: random.Random) -> tuple[str, str, list[Ask]]:
    found = catalogue().irregularities
    name = rng.choice(list(found))
    irregularity = found[name]
    decks = DeckPair(rng)
    number = rng.randint(1, 12)
    colour = decks.colour_for_round(number)
    other = decks.colour_for_round(number + 1)
    seat = rng.randint(1, 7)
    context = _("Round {number}: the {colour} deck is in play, the {other} deck is in the shuffler.").format(
        number=number, colour=colour_name(colour), other=colour_name(other))
    happens = _(irregularity.happens)
    if name == "wrong-back":
        happens = _("Dealing to seat {seat}, a card with a {colour} back comes out").format(
            seat=seat, colour=colour_name(other))
    elif name.startswith("fold"):
        happens = _("Seat {seat} folds. ").format(seat=seat) + happens
    asks = [_response_ask(irregularity.response, irregularity.citation)]
    if name == "shuffler-malfunction":
        context, happens, asks = _shuffler_fault(rng)
    return f"Irregularity · {name}", f"{context}\n{happens}.", asks


def _shuffler_fault(rng: random.Random) -> tuple[str, str, list[Ask]]:
    """A shuffler that fails at a moment of the round (:data:`SHUFFLER_MOMENTS`): the round is void and every
    wager on the layout is returned, a Play wager already made too."""
    procedure = rng.choice((Procedure.ACE, Procedure.DECK_MATE))
    played = RoundDealer(house_table(rng), procedure, 7, rng,
                         side_bets=("trips", "bad_beat", "pairs", "progressive")).next_round()
    moments = [moment for moment in SHUFFLER_MOMENTS if not (moment == "mid-deal" and procedure is
                                                              Procedure.DECK_MATE)]
    moment = rng.choice(moments)
    made = {decision.seat for decision in played.decisions_on("preflop") if decision.multiple > 0}
    hands = tuple(replace(hand, play=hand.play if moment == "after-the-flop" and hand.seat in made else D(0))
                  for hand in played.hands)
    lines = [_("Round {number}, {procedure}. The wagers:").format(number=played.number,
                                                                  procedure=played.procedure.label)]
    lines += [_bets_line(hand) for hand in hands]
    citation = _(FAULT_CITATIONS[procedure])
    happens = _(SHUFFLER_MOMENTS[moment]).format(procedure=procedure.label)
    documents = "seed 002 Irregularities" + ("; seed 004 Irregularities" if procedure is Procedure.ACE else "")
    return "\n".join(lines), happens, [_response_ask(Response.VOID, citation),
                                       void_ask(played.table, hands, rng, documents)]


def _bets_line(hand: SeatHand) -> str:
    wagers = [f"{wager.label} {format_money(hand.stake(wager))}" for wager in hand.placed()]
    return "  " + _("Seat {seat}: {wagers}").format(seat=hand.seat, wagers=", ".join(wagers))
