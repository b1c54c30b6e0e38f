"""Should this player raise? The player's side of the game, for dealers who want to understand what they deal.

Each item deals one decision and asks it; the answer shown afterwards is the optimal one with what each choice is
worth (Antes per hand, the Ante and the Blind 1 each):

* **river**: 1x or fold, from the exact count of the dealer's 990 possible hands that the player's hand beats,
  ties and loses to, and which of them qualify (:func:`trainer.odds.decisions.river_decision`);
* **flop**: 2x or check, exact over the 1,081 turns and rivers, a check followed by the better river choice
  (:func:`trainer.odds.decisions.flop_decision`);
* **before the flop**: 4x, 3x or check, from the solved game's pre-flop table (the optimal strategy as
  :func:`trainer.odds.export.strategy_document` writes it). Solving the game takes minutes, so nothing is solved
  here: pre-flop questions come only once ``uth-trainer odds game`` has solved it and kept the solution in the
  user's cache; until then the drill asks flop and river decisions only (each computed in a fraction of a second).

Answers are read the common way (``?`` shows how): ``4x``, ``3x``, ``2x``, ``1x``, ``check``, ``fold``, and
``raise``/``yes`` or ``no`` where that says one thing.
"""

from __future__ import annotations

import random
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from trainer.drills.answers import ANSWER_GUIDE
from trainer.drills.decision_drills import Ask, Clock, DecisionItem
from trainer.engine.cards import FULL_DECK, Card
from trainer.engine.paytables import Paytable, load_paytables
from trainer.engine.words import hand_name, odds_text
from trainer.i18n.translation import N_, _, ngettext, pgettext
from trainer.odds.decisions import flop_decision, river_decision
from trainer.odds.game import starting_hand_name
from trainer.scoring import ErrorKind, Mistake, Mode

TOPIC = "player-decision"


class Street(Enum):
    """When the player decides, and the choices the layout allows then."""

    PREFLOP = (N_("before the flop"), ("4x", "3x", "check"))
    FLOP = (N_("on the flop"), ("2x", "check"))
    RIVER = (N_("on the river"), ("1x", "fold"))

    def __init__(self, words: str, choices: tuple[str, ...]) -> None:
        self.words = words
        self.choices = choices

    @property
    def choices_text(self) -> str:
        """``4x, 3x or check``."""
        return _("{choices} or {last}").format(choices=", ".join(choice_word(choice) for choice in self.choices[:-1]),
                                               last=choice_word(self.choices[-1]))

    @property
    def hint(self) -> str:
        return f"{self.choices_text} ({_(self.words)})"


DECISION_GUIDE_START = N_(
    "a player's decision as the player says it: '4x', '3x' or 'check' before the flop; '2x' or 'check' on the "
    "flop; '1x' or 'fold' on the river ('raise' or 'yes' for the one raise after the flop, 'no' for checking or "
    "folding); otherwise {guide}"
)
DECISION_GUIDE = DECISION_GUIDE_START.format(guide=ANSWER_GUIDE[0].lower() + ANSWER_GUIDE[1:])
"""This drill's answers, then the common grammar (:data:`~trainer.drills.answers.ANSWER_GUIDE`)."""

_WORDS = {
    "4x": "4x", "4": "4x", "x4": "4x", "four": "4x", "fourx": "4x", "max": "4x",
    "3x": "3x", "3": "3x", "x3": "3x", "three": "3x", "threex": "3x",
    "2x": "2x", "2": "2x", "x2": "2x", "two": "2x", "double": "2x",
    "1x": "1x", "1": "1x", "x1": "1x", "one": "1x",
    "check": "check", "checks": "check", "c": "check", "knock": "check", "pass": "check",
    "fold": "fold", "folds": "fold", "f": "fold", "muck": "fold",
    "raise": "raise", "raises": "raise", "bet": "raise", "yes": "raise", "y": "raise",
    "no": "no", "n": "no",
    # the glossary's words: pasar (check), retirarse (fold), apostar / subir (raise)
    "pasar": "check", "pasa": "check", "paso": "check", "retirarse": "fold", "retira": "fold", "me": "fold",
    "apostar": "raise", "apuesta": "raise", "subir": "raise", "sube": "raise", "si": "raise", "sí": "raise",
}
_FILLER = {"raise", "bet", "the", "player", "should", "it", "play", "times", "x", "ante", "antes", "a"}


def read_decision(street: Street) -> Callable[[str], str | None]:
    """A reader of the decisions allowed on ``street``: the choice, or None when the text is not one of them.

    >>> read = read_decision(Street.RIVER)
    >>> read("1x"), read("Raise"), read("no"), read("fold it"), read("4x"), read("check")
    ('1x', '1x', 'fold', 'fold', None, None)
    >>> read_decision(Street.PREFLOP)("raise 4 x"), read_decision(Street.PREFLOP)("yes")
    ('4x', None)
    """

    def read(text: str) -> str | None:
        words = [word.rstrip(".!?") for word in text.lower().replace("×", "x").replace(",", " ").split()]
        said = {_WORDS[word] for word in words if word in _WORDS}
        if any(word not in _WORDS and word not in _FILLER for word in words):
            return None
        specific = said - {"raise", "no"}
        if len(specific) > 1:
            return None
        if specific:
            choice = specific.pop()
            if "no" in said:
                return None
            return choice if choice in street.choices else None
        if said == {"raise"} and street is not Street.PREFLOP:
            return street.choices[0]
        if said == {"no"}:
            return street.choices[-1]
        return None

    return read


@dataclass(frozen=True)
class PreflopEntry:
    """One starting hand's line of the pre-flop table: the best choice and what each choice is worth."""

    hand: str
    decision: str
    values: Mapping[str, float]


def preflop_table(document: Mapping[str, object]) -> dict[str, PreflopEntry]:
    """The pre-flop table of an optimal-strategy document (:func:`trainer.odds.export.strategy_document`)."""
    rows = document.get("preflop")
    if not isinstance(rows, list):
        raise ValueError("the strategy has no pre-flop table")
    table = {}
    for row in rows:
        values = {"4x": float(row["ev_4x"]), "3x": float(row["ev_3x"]), "check": float(row["ev_check"])}
        table[str(row["hand"])] = PreflopEntry(str(row["hand"]), str(row["decision"]), values)
    return table


def cached_preflop_table(blind: Paytable) -> dict[str, PreflopEntry] | None:
    """The pre-flop table of the game solved for ``blind``, when ``uth-trainer odds game`` has kept the solution
    in the user's cache; None otherwise (nothing is solved here)."""
    from trainer.odds.cache import ResultCache, default_cache_dir
    from trainer.odds.export import strategy_document
    from trainer.odds.game import solution_cache_key, solution_from_cache

    try:
        folder = default_cache_dir()
    except (ImportError, OSError):
        return None
    solution = solution_from_cache(ResultCache(folder).load(solution_cache_key(blind)), blind)
    return None if solution is None else preflop_table(strategy_document(solution))


def _antes(value: Fraction | float) -> str:
    return f"{float(value):+.4f}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _blind_line(blind: Paytable) -> str:
    """The Blind table in lines short enough for a form: ``Blind pays: royal flush 500 to 1, ...``."""
    pays = ", ".join(f"{hand_name(line.label)} {odds_text(line.odds)}" for line in blind.lines)
    return "\n".join(textwrap.wrap(_("Blind pays: {pays}; below a straight it pushes when the player wins.").format(
        pays=pays), 76, subsequent_indent="  "))


def choice_word(choice: str) -> str:
    """A decision as the answer says it: ``4x``, ``check``, ``fold`` (in Spanish ``pasar``, ``retirarse``)."""
    if choice == "check":
        return pgettext("player's decision", "check")
    if choice == "fold":
        return pgettext("player's decision", "fold")
    return choice


def _mistake(street: Street, right: str, given: str, rule: str) -> Mistake:
    return Mistake(ErrorKind.WRONG_ACTION, right, given, rule, TOPIC)


def _ask(street: Street, best: str, right: str, rule: str) -> Ask:
    def check(value: str) -> Mistake | None:
        return None if value == best else _mistake(street, right, choice_word(value), rule)

    prompt = _("Should this player raise? {choices}?").format(choices=street.choices_text)
    return Ask(prompt, read_decision(street), street.hint, check, right, best)


PREFLOP_RULE = N_("Before the flop the best choice is the one worth most over every flop, turn, river and dealer "
                "hand, the player choosing as well as possible after; raising 3x is never better than 4x or checking")
FLOP_RULE = N_("On the flop: 2x when it is worth more than checking and then, on the river, raising 1x or folding "
             "whichever is worth more with the cards that come")
RIVER_RULE = N_("On the river: 1x when it is worth more than folding (-2: the Ante and the Blind). Per dealer hand, "
              "a win pays the Play 1, the Ante 1 if the dealer qualifies and the Blind by its table; a loss costs "
              "the Play, the Blind and, if the dealer qualifies, the Ante; a tie pushes")


def preflop_item_parts(hole: Sequence[Card], table: Mapping[str, PreflopEntry]) -> tuple[str, Ask]:
    """The text and the question of a pre-flop decision from the solved game's table."""
    name = starting_hand_name(int(hole[0]), int(hole[1]))
    entry = table[name]
    text = _("Before the flop; the Ante and the Blind are 1 each.\nPlayer: {cards} ({name})").format(
        cards=_cards(hole), name=name)
    worth = ", ".join(f"{choice_word(choice)} {_antes(entry.values[choice])}" for choice in Street.PREFLOP.choices)
    right = _("{best} ({name}: {worth} Antes per hand, playing optimally after)").format(
        best=choice_word(entry.decision), name=name, worth=worth)
    return text, _ask(Street.PREFLOP, entry.decision, right, _(PREFLOP_RULE))


def flop_item_parts(hole: Sequence[Card], flop: Sequence[Card], blind: Paytable) -> tuple[str, Ask]:
    """The text and the question of a flop decision, computed exactly for these cards."""
    decision = flop_decision(hole, flop, blind)
    text = _("On the flop; the player checked before the flop.\nPlayer: {cards}\nFlop:   {flop}\n{blind}").format(
        cards=_cards(hole), flop=_cards(flop), blind=_blind_line(blind))
    if decision.river_raises == decision.runouts:
        raises = _("on all {count:,}").format(count=decision.runouts)
    elif decision.river_raises:
        raises = _("on {count:,} of them and folds on the rest").format(count=decision.river_raises)
    else:
        raises = _("on none of them: it folds")
    right = _("{best} (2x {raise_2x}, check {check} Antes per hand over the {runouts:,} turns and rivers; after a "
              "check the player raises 1x {raises})").format(
        best=choice_word(decision.best), raise_2x=_antes(decision.raise_2x), check=_antes(decision.check),
        runouts=decision.runouts, raises=raises)
    return text, _ask(Street.FLOP, decision.best, right, _(FLOP_RULE))


def _of_them(hands: int, qualifying: int) -> str:
    """``612 (580 of them qualify)``; ``0``; ``40 (all qualify)``."""
    if not hands:
        return "0"
    if qualifying == hands:
        said = _("all qualify")
    elif not qualifying:
        said = _("none qualifies")
    else:
        said = ngettext("{count} of them qualifies", "{count} of them qualify", qualifying).format(count=qualifying)
    return f"{hands} ({said})"


def river_item_parts(hole: Sequence[Card], board: Sequence[Card], blind: Paytable) -> tuple[str, Ask]:
    """The text and the question of a river decision, from the exact count of the dealer's possible hands."""
    decision = river_decision(hole, board, blind)
    text = _("On the river; the player checked before the flop and on the flop.\nPlayer: {cards}\n"
             "Board:  {board}\n{blind}").format(cards=_cards(hole), board=_cards(board), blind=_blind_line(blind))
    right = _("{best} (the player has {hand}: of the dealer's {hands} possible hands it beats {beaten}, ties "
              "{tied} and loses to {losing}; 1x is worth {raise_1x}, folding {fold} Antes per hand)").format(
        best=choice_word(decision.best), hand=hand_name(decision.player.label), hands=decision.dealer_hands,
        beaten=_of_them(decision.beaten, decision.beaten_qualifying), tied=decision.tied,
        losing=_of_them(decision.losing_to, decision.losing_to_qualifying), raise_1x=_antes(decision.raise_1x),
        fold=_antes(decision.fold))
    return text, _ask(Street.RIVER, decision.best, right, _(RIVER_RULE))


PreflopSource = Callable[[Paytable], Mapping[str, PreflopEntry] | None]


@dataclass(frozen=True)
class PlayerDecisionDrill:
    """Should this player raise? One decision per item, before the flop (once the game is solved), on the flop
    or on the river, answered with the optimal choice and what each choice is worth."""

    name: str = "player-decision"
    group: str = N_("Player decisions (optional)")
    description: str = N_("Should this player raise? River 1x or fold, flop 2x or check, exact; before the flop "
                        "4x, 3x or check once `uth-trainer odds game` has solved the game (until then: flop and "
                        "river only)")
    preflop_source: PreflopSource = field(default=cached_preflop_table, repr=False)
    blind_source: Callable[[], Paytable] = field(default=lambda: load_paytables().blind(), repr=False)

    @property
    def answer_guide(self) -> str:
        """How this drill's answers are written, in the current language (:data:`DECISION_GUIDE` in English)."""
        guide = _(ANSWER_GUIDE)
        return _(DECISION_GUIDE_START).format(guide=guide[0].lower() + guide[1:])

    def streets(self, preflop: Mapping[str, PreflopEntry] | None) -> tuple[Street, ...]:
        """The decisions the drill asks: every street when the pre-flop table is there, else flop and river."""
        return tuple(Street) if preflop else (Street.FLOP, Street.RIVER)

    def items(self, rng: random.Random, count: int, mode: Mode,
              clock: Clock = time.monotonic) -> Iterator[DecisionItem]:
        blind = self.blind_source()
        preflop = self.preflop_source(blind)
        streets = self.streets(preflop)
        for __ in range(count):
            seed = rng.randrange(1_000_000)
            deal = random.Random(seed)
            street = deal.choice(streets)
            cards = [FULL_DECK[index] for index in deal.sample(range(52), 7)]
            hole, board = cards[:2], cards[2:]
            if street is Street.PREFLOP:
                assert preflop is not None
                text, ask = preflop_item_parts(hole, preflop)
            elif street is Street.FLOP:
                text, ask = flop_item_parts(hole, board[:3], blind)
            else:
                text, ask = river_item_parts(hole, board, blind)
            title = _("Player decision {street} · hand {seed}").format(street=_(street.words), seed=seed)
            item = f"Player decision {street.words} · hand {seed}"  # the scores keep it in English
            yield DecisionItem(self.name, title, text, [ask], mode, clock, item=item)


DRILLS = (PlayerDecisionDrill(),)
