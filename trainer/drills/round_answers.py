"""Reading what the trainee does in a run round, typed the forgiving way the other topics read answers.

One line is one act of the round (``no more bets``, ``coin in``, ``fee 4``, ``unload``, ``take 3 40`` for seat 3's
Play wager of $40, ``refuse 3`` for a second one, ``reveal flop``, ``reveal river``, ``collect 3 2`` for seat 3's
folded hand of 2 cards, ``3 two pair wins`` for seat 3's hand announced, ``rack``, ``count 52``, ``void``,
``floor``), the places the next cards go (``seat 3`` or ``3``, ``dealer``, ``flop``, ``turn``, ``river``, several in
a row: ``1 2 3 dealer``; ``next`` for the place due, in guided and practice modes), the dealer's hand (``two pair
q``) or a settlement step (``3 blind pay 7.50``), both read as every other topic reads them
(:mod:`trainer.drills.answers`). A number alone is what the moment asks for: the fee when the fee is due, the count
when the count is due, otherwise a seat to deal to.

>>> read_round_answer("no more bets", None), read_round_answer("collect seat 3, 2 cards", None)
(Act(task=<Task.NO_MORE_BETS: 'no-more-bets'>, target=None, seat=None, amount=None, count=None, hand=None, \
result=''), Act(task=<Task.COLLECT_FOLD: 'collect-fold'>, target=None, seat=3, amount=None, count=2, hand=None, \
result=''))
>>> read_round_answer("1 2 dealer flop", None)
Places(places=('seat 1', 'seat 2', 'dealer', 'flop'))
>>> read_round_answer("4", Task.TAKE_FEE).amount, read_round_answer("52", Task.COUNT).count
(Decimal('4'), 52)
>>> read_round_answer("3 blind pay 7.50", None), read_round_answer("flush", None)
(Settle(seat=3, wager=<Wager.BLIND: 'blind'>, action=<Action.PAY: 'pay'>, amount=Decimal('7.50')), \
Announce(category=<Category.FLUSH: 5>, qualifies=True))
>>> read_round_answer("2 ante", None) is None, read_round_answer("seat 9", None) is None
(True, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from trainer.drills.answers import ANSWER_GUIDE, MAX_NUMBER_DIGITS, read_category, read_dealer_hand, read_step
from trainer.drills.decision_hands import read_announcement
from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager
from trainer.i18n import GLOSSARY_LANGUAGES, glossary, plain
from trainer.i18n.translation import N_, _
from trainer.quiz.amounts import read_amount, read_whole, words_and_numbers
from trainer.quiz.protection import read_stop
from trainer.quiz.round_script import Task
from trainer.quiz.run_round import Act

MAX_PLACES = 60
"""The most places one line may name (a whole deal is at most 21 cards)."""
ROUND_HINT = N_("what you do now: 'no more bets', 'coin in', 'fee 4', a place for the next card ('seat 3', 'dealer', "
              "'flop', 'turn', 'river', several: '1 2 3 dealer', or 'next'), 'unload', 'take 3 40' (seat 3's Play "
              "wager of $40) or 'take', 'refuse', 'reveal flop', 'reveal river', '3 two pair wins' (seat 3's hand "
              "announced), 'hand button 4 full house' (a Progressive win), 'game over', 'collect 3 2' (seat 3's "
              "fold, 2 cards), the dealer's hand ('two pair'), a step ('3 blind pay 7.50'), 'rack', 'count 52', "
              "'void' or 'floor'; a prohibited act stopped: 'stop the late wager', 'refuse the back line', 'stop "
              "the side bet', 'keep the cards on the table'")
ROUND_GUIDE_START = N_(
    "in a run round, one act a line: 'no more bets', 'coin in', 'fee AMOUNT', places for the next cards "
    "('seat 3' or '3', 'dealer', 'flop', 'turn', 'river'; several in a row: '1 2 3 dealer'; 'next' "
    "deals to the place due in guided and practice modes), 'unload', 'take SEAT AMOUNT' (or 'take') for "
    "a Play wager put out, 'refuse' (or 'refuse SEAT') for one the player may not make, 'reveal flop', "
    "'reveal turn and river' (the street's name alone when it is due), 'SEAT HAND wins/loses/ties' for "
    "a player's hand after the dealer's ('3 two pair wins'), 'hand button SEAT HAND' for a Progressive "
    "win, 'game over' once every wager is reconciled, 'collect SEAT COUNT' for a folded hand, 'rack', "
    "'count N', 'void' (void the round, return every wager), 'floor' (stop and call the floor "
    "supervisor); a number alone is the fee, the count or a seat, as the moment asks. Otherwise {guide}"
)
ROUND_GUIDE = ROUND_GUIDE_START.format(guide=ANSWER_GUIDE[0].lower() + ANSWER_GUIDE[1:])
"""The run round's answer grammar: its acts, then the common one (:data:`~trainer.drills.answers.ANSWER_GUIDE`)."""


def round_guide() -> str:
    """:data:`ROUND_GUIDE` in the current language."""
    guide = _(ANSWER_GUIDE)
    return _(ROUND_GUIDE_START).format(guide=guide[0].lower() + guide[1:])


NEXT = "next"
DEALER = "dealer"
BOARD = "board"
FLOP = "flop"
STREETS = {"flop": FLOP, "turn": "turn", "river": "river", "board": BOARD, "community": BOARD}
DEALER_WORDS = {"dealer", "d", "dlr", "house", "banker", "pd", "playerdealer", "crupier"}
PLACE_FILLER = {"deal", "to", "the", "card", "cards", "seat", "then", "and", "a", "one", "asiento"}
_NEGATIVE = re.compile(r"(?:^|[^a-z0-9])[-\u2212\u2013]\s*\$?\s*[\d.]", re.IGNORECASE)

PHRASES: dict[Task, tuple[tuple[str, ...], ...]] = {
    Task.NO_MORE_BETS: (("no", "more", "bets"), ("no", "more"), ("nmb",)),
    Task.COIN_IN: (("coin", "in"), ("coinin",), ("coin",)),
    Task.UNLOAD: (("unload",), ("burn", "rest")),
    Task.RACK: (("rack",),),
    Task.GAME_OVER: (("game", "over"), ("end", "game"), ("gameover",)),
    Task.VOID: (("void",), ("return", "all"), ("return", "every")),
    Task.CALL_FLOOR: (("floor",), ("supervisor",), ("call",), ("stop",)),
}
"""The words of the acts that need no number: a line is the act when one of its phrases is in it and every other
word is one of the act's words or one that changes nothing (:data:`SKIPPED`)."""
SKIPPED = {"the", "call", "say", "press", "round", "cards", "card", "rest", "to", "it", "them", "and", "a", "wager",
           "wagers", "bets", "in", "button", "remove", "progressive", "progressives", "s", "please", "hand",
           "deck", "into", "of", "now", "i", "we"}

REVEAL_WORDS = {"reveal", "turn", "over", "show", "expose", "open", "the", "and", "cards", "card", "community"}
REVEAL_STREETS = {"flop": 3, "turn": 5, "river": 5}
"""The streets turned over and how many community cards are face up after it (seed 001 Dealing Procedures 10, 12)."""
STOP_HEADS = {"stop", "refuse", "keep", "parar", "detener", "rechazar", "mantener"}
"""The words a stop of a prohibited act starts with (``stop the late wager``, ``keep the cards on the table``)."""
PLAY_WORDS = {"take", "accept"}
REFUSE_WORDS = {"refuse", "reject", "decline"}
PLAY_FILLER = {"seat", "play", "wager", "bet", "the", "s", "of", "it", "second", "more", "another", "raise"}


@dataclass(frozen=True)
class Places:
    """Places for the next cards, in order: ``seat N``, ``dealer``, ``flop``, ``turn``, ``river``, ``board`` (the
    next community card) or ``next`` (the place due)."""

    places: tuple[str, ...]


@dataclass(frozen=True)
class Announce:
    """The dealer's hand revealed and announced."""

    category: Category
    qualifies: bool


@dataclass(frozen=True)
class Settle:
    """One wager settled."""

    seat: int
    wager: Wager
    action: Action
    amount: Decimal | None


RoundAnswer = Act | Places | Announce | Settle


@cache
def _spoken_acts() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each language's words for the round's acts (its glossary's ``[answers.round]``), longest first, as patterns
    to the English words the round reads."""
    found = {phrase: english for language in GLOSSARY_LANGUAGES
             for phrase, english in glossary(language).answer_round.items()}
    return tuple((re.compile(rf"\b{re.escape(phrase)}\b"), english)
                 for phrase, english in sorted(found.items(), key=lambda pair: -len(pair[0])))


def _words(text: str) -> list[str]:
    text = plain(text).replace("’", "").replace("'", "").replace("$", " ")
    for phrase, english in _spoken_acts():
        text = phrase.sub(english, text)
    text = text.replace("player-dealer", "playerdealer").replace("player dealer", "playerdealer")
    text = re.sub(r"\bs(?=\d)", "seat ", text)
    return words_and_numbers(text)


def _number(word: str) -> int | None:
    return read_whole(word, MAX_NUMBER_DIGITS)


def _amount(word: str) -> Decimal | None:
    return read_amount(word)


def read_round_answer(text: str, due: Task | None) -> RoundAnswer | None:
    """What the line says the trainee does (``due``, the task due now, only decides what a number alone is);
    None when it cannot be read for sure."""
    if _NEGATIVE.search(text):
        return None
    words = _words(text)
    if not words:
        return None
    first = plain(text).split()[:1]
    if first and first[0] in STOP_HEADS and (stop := read_stop(text)) is not None:
        return Act(Task.STOP, result=stop.value)
    found = _read_act(words, due)
    if found is not None:
        return found
    said = _read_player_hand(words)
    if said is not None:
        return said
    places = _read_places(words)
    if places is not None:
        return places
    step = read_step(text)
    if step is not None:
        return Settle(*step)
    hand = read_dealer_hand(text)
    return Announce(*hand) if hand is not None else None


def _read_act(words: list[str], due: Task | None) -> Act | None:
    if len(words) == 1 and (due is Task.TAKE_FEE or due is Task.COUNT):
        if due is Task.TAKE_FEE and (amount := _amount(words[0])) is not None:
            return Act(Task.TAKE_FEE, amount=amount)
        if due is Task.COUNT and (count := _number(words[0])) is not None:
            return Act(Task.COUNT, count=count)
    head = words[0]
    if (head in {"fee", "take", "collect", "drop"} and "fee" in words) or head == "fee":
        amounts = [amount for word in words if (amount := _amount(word)) is not None]
        rest = [word for word in words if _amount(word) is None and word not in {"fee", "take", "collect", "drop",
                                                                                 "the", "collection"}]
        return Act(Task.TAKE_FEE, amount=amounts[0]) if len(amounts) == 1 and not rest else None
    street = _read_reveal(words, due)
    if street is not None:
        return street
    if head == "button" or words[:2] == ["hand", "button"]:
        return _read_hand_button(words[1 if head == "button" else 2:])
    if head in PLAY_WORDS or head in REFUSE_WORDS:
        return _read_play(words)
    if head in {"collect", "fold", "folded", "spread"}:
        return _read_fold(words[1:])
    if head == "count" or (len(words) == 2 and words[1] == "cards" and _number(head) is not None):
        numbers = [number for word in words if (number := _number(word)) is not None]
        rest = [word for word in words if _number(word) is None and word not in {"count", "cards", "card", "of"}]
        return Act(Task.COUNT, count=numbers[0]) if len(numbers) == 1 and not rest else None
    matching = [task for task, phrases in PHRASES.items() if _says(words, phrases)]
    return Act(matching[0]) if len(matching) == 1 else None


def _read_reveal(words: list[str], due: Task | None) -> Act | None:
    """``reveal flop`` (3 community cards face up), ``turn over the turn and river`` (all 5); the street's name
    alone when turning over is due (otherwise it is a place for the next card)."""
    streets = [word for word in words if word in REVEAL_STREETS]
    rest = [word for word in words if word not in REVEAL_STREETS and word not in REVEAL_WORDS]
    said = words[0] in REVEAL_WORDS and not (words[0] == "turn" and words[1:2] != ["over"])
    if not streets or rest or not (said or due is Task.REVEAL):
        return None
    return Act(Task.REVEAL, count=max(REVEAL_STREETS[word] for word in streets))


def _read_play(words: list[str]) -> Act | None:
    """``take 3 40`` (seat 3's Play wager of $40), ``take`` (the one offered), ``refuse 3`` or ``refuse``."""
    task = Task.TAKE_PLAY if words[0] in PLAY_WORDS else Task.REFUSE_PLAY
    numbers = [word for word in words[1:] if _amount(word) is not None]
    rest = [word for word in words[1:] if _amount(word) is None and word not in PLAY_FILLER]
    if rest or len(numbers) > (2 if task is Task.TAKE_PLAY else 1):
        return None
    seat = _number(numbers[0]) if numbers else None
    if numbers and (seat is None or not 1 <= seat <= 8):
        return None
    amount = _amount(numbers[1]) if len(numbers) == 2 else None
    if task is Task.TAKE_PLAY and seat is not None and amount is None:
        return None
    return Act(task, seat=seat, amount=amount)


def _read_hand_button(words: list[str]) -> Act | None:
    """``hand button 4 full house``: the Progressive hand button pressed for seat 4's winning hand."""
    words = [word for word in words if word not in {"seat", "for", "press", "the", "s"}]
    seat = _number(words[0]) if words else None
    if seat is None or not 1 <= seat <= 8:
        return None
    category = read_category(words[1:])
    return Act(Task.HAND_BUTTON, seat=seat, hand=category) if category is not None else None


def _read_player_hand(words: list[str]) -> Act | None:
    """``seat 3 two pair wins``, ``3 flush loses``, ``two pair ties`` (the seat due): a player's hand announced
    and whether it wins, loses or ties."""
    rest = words[1:] if words[0] == "seat" else words
    seat = _number(rest[0]) if rest else None
    if seat is not None:
        rest = rest[1:]
        if not 1 <= seat <= 8:
            return None
    found = read_announcement(" ".join(rest)) if rest else None
    if found is None:
        return None
    return Act(Task.ANNOUNCE_HAND, seat=seat, hand=found[0], result=found[1])


def _says(words: list[str], phrases: tuple[tuple[str, ...], ...]) -> bool:
    vocabulary = {word for phrase in phrases for word in phrase} | SKIPPED
    present = any(tuple(words[at: at + len(phrase)]) == phrase for phrase in phrases for at in range(len(words)))
    return present and all(word in vocabulary for word in words)


def _read_fold(words: list[str]) -> Act | None:
    """``collect 3 2``, ``collect seat 3 2 cards``: the folded hand of a seat and its count."""
    numbers = [number for word in words if (number := _number(word)) is not None]
    rest = [word for word in words if _number(word) is None and word not in {"seat", "cards", "card", "hand",
                                                                             "folded", "fold", "of", "s", "the"}]
    if len(numbers) != 2 or rest or not 1 <= numbers[0] <= 8:
        return None
    return Act(Task.COLLECT_FOLD, seat=numbers[0], count=numbers[1])


def _read_places(words: list[str]) -> Places | None:
    places: list[str] = []
    for word in words:
        number = _number(word)
        if word == NEXT or word == "n":
            places.append(NEXT)
        elif number is not None:
            if not 1 <= number <= 8:
                return None
            places.append(f"seat {number}")
        elif word in DEALER_WORDS:
            places.append(DEALER)
        elif word in STREETS:
            places.append(STREETS[word])
        elif word not in PLACE_FILLER:
            return None
    if not places or len(places) > MAX_PLACES:
        return None
    return Places(tuple(places))
