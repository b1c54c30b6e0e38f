"""Reading typed answers the forgiving way a trainee types them.

Each reader returns the answer, or None when the text cannot be read for sure (the quiz then shows the hint
and asks again); no text makes one raise. Words may come in most orders, with or without ``seat``, ``$`` and
plurals. Every topic reads answers the same way (:data:`ANSWER_GUIDE`): a dealer's hand by its name, the
qualifier optional (a full house qualifies without saying so); a step as seat, wager, action and, for a pay, the
amount; an amount alone is a pay of it (``45`` = ``pay 45``). Amounts are read by the quiz's one reader
(:func:`trainer.quiz.amounts.read_amount`: the language's way of writing numbers, never negative, never
ambiguous); an answer with a number that reader refuses is not read at all. The Spanish words of the glossary's
answer table (``trainer/i18n/es.toml``) are read as well, accents optional.

>>> read_dealer_hand("two pair q"), read_dealer_hand("high card, does not qualify")
((<Category.TWO_PAIR: 2>, True), (<Category.HIGH_CARD: 0>, False))
>>> read_dealer_hand("full house"), read_money("pay 45"), read_money("-120")
((<Category.FULL_HOUSE: 6>, True), Decimal('45'), None)
>>> read_step("3 blind pay $7.50")
(3, <Wager.BLIND: 'blind'>, <Action.PAY: 'pay'>, Decimal('7.50'))
>>> read_step("seat 5 ante push"), read_step("2 trips")
((5, <Wager.ANTE: 'ante'>, <Action.PUSH: 'push'>, None), None)
>>> read_step("asiento 3 ciega pagar 7.50"), read_action("devolución")
((3, <Wager.BLIND: 'blind'>, <Action.PAY: 'pay'>, Decimal('7.50')), (<Action.RETURN: 'return'>, None))
>>> read_money("pay ,5"), read_money("pay 5,"), read_money("pay 0,005"), read_step("3 blind pay ²")
(None, None, None, None)
"""

from __future__ import annotations

import re
from decimal import Decimal

from trainer.engine.evaluator import Category
from trainer.engine.wagers import Action, Wager
from trainer.i18n import GLOSSARY_LANGUAGES, glossary, plain
from trainer.i18n.translation import N_
from trainer.quiz.amounts import is_number_word, read_amount, read_whole, words_and_numbers

DEALER_HINT = N_("the hand, and whether it qualifies if you like, e.g. 'two pair', 'full house', 'pair yes', "
               "'high card no', 'ace high dnq'")
STEP_HINT = N_("seat, wager, action, and the amount for a pay: '5 ante push', '3 blind pay 7.50', '2 trips take', "
             "'4 bad beat pay 90', '6 play return'")
ACTION_HINT = N_("pay AMOUNT, take, push or return: e.g. 'pay 7.50', 'push', 'take' (an amount alone is a pay)")
MONEY_HINT = N_("an amount in dollars, e.g. '52.50', '$600', '7' or 'pay 7'")
ANSWER_GUIDE = N_("a dealer's hand by name, the qualifier optional ('two pair', 'ace high no'); a step as seat, "
                "wager, action and for a pay the amount ('3 blind pay 7.50', '5 ante push', '2 trips take'); "
                "one wager as its action ('pay 7.50', 'take', 'push', 'return'); an amount alone is a pay "
                "('45' = 'pay 45'); amounts in dollars, never negative; a seat against the dealer as win, lose "
                "or tie; where a card goes as 'seat 3', 'dealer', 'flop', 'turn', 'river' or 'rack'.")
"""The one answer grammar every topic reads, said at the start of a drill and shown by ``?``."""
HELP_WORDS = frozenset({"?", "help", "h?", "ayuda"})
"""Answers that ask for :data:`ANSWER_GUIDE` instead of answering."""
MAX_NUMBER_DIGITS = 9
"""An amount or a seat longer than this is not an answer (it is read as unreadable, never converted)."""

QUALIFIES = {("qualifies",), ("qualify",), ("qualified",), ("qualifying",), ("q",), ("yes",), ("y",), ("qual",),
             ("ok",), ("plays",)}
NOT_QUALIFIES = {("does", "not", "qualify"), ("doesnt", "qualify"), ("not", "qualify"), ("not", "qualified"),
                 ("not", "qualifying"), ("no", "qualify"), ("dnq",), ("nq",), ("no",), ("n",), ("not",),
                 ("does", "not"), ("doesnt",), ("does", "not", "play"), ("doesnt", "play"), ("no", "play")}
LEADING_AMBIGUOUS = {("no",), ("not",), ("n",)}
"""Qualifier words not read at the front (``no pair`` is a hand, not 'no' + 'pair')."""

_ENGLISH_WAGERS = {
    "ante": Wager.ANTE, "antes": Wager.ANTE, "play": Wager.PLAY, "blind": Wager.BLIND, "blinds": Wager.BLIND,
    "trips": Wager.TRIPS, "trip": Wager.TRIPS, "badbeat": Wager.BAD_BEAT, "bb": Wager.BAD_BEAT,
    "pairs": Wager.PAIRS, "pair": Wager.PAIRS, "upb": Wager.PAIRS, "progressive": Wager.PROGRESSIVE,
    "prog": Wager.PROGRESSIVE, "jackpot": Wager.PROGRESSIVE,
}
_ENGLISH_ACTIONS = {
    "pay": Action.PAY, "pays": Action.PAY, "paid": Action.PAY, "win": Action.PAY, "wins": Action.PAY,
    "take": Action.TAKE, "takes": Action.TAKE, "took": Action.TAKE, "collect": Action.TAKE,
    "collects": Action.TAKE, "lose": Action.TAKE, "loses": Action.TAKE, "lost": Action.TAKE,
    "push": Action.PUSH, "pushes": Action.PUSH, "refund": Action.PUSH, "refunds": Action.PUSH,
    "tie": Action.PUSH, "ties": Action.PUSH, "return": Action.RETURN, "returns": Action.RETURN,
    "returned": Action.RETURN, "noaction": Action.RETURN,
}
_ENGLISH_FILLER = {"seat", "the", "on", "of", "for", "to", "dollars", "dollar", "bet", "wager", "s", "and", "it", "is"}
_ENGLISH_PHRASES = {"bad beat": "badbeat", "bad-beat": "badbeat", "no action": "noaction", "pairs bonus": "pairs"}


def with_glossaries(
    languages: tuple[str, ...] = GLOSSARY_LANGUAGES,
) -> tuple[dict[str, Action], dict[str, Wager], dict[str, str], set[str]]:
    """The answer words (actions, wagers, phrases read as one word, filler): the English ones, then each
    glossary's (``pagar`` = pay, ``cobrar`` = take, ``empate`` = push …); an English word keeps its meaning."""
    actions, wagers = dict(_ENGLISH_ACTIONS), dict(_ENGLISH_WAGERS)
    phrases, filler = dict(_ENGLISH_PHRASES), set(_ENGLISH_FILLER)
    for language in languages:
        words = glossary(language)
        for value, typed in words.answer_actions.items():
            actions.update({word: Action(value) for word in typed if word not in actions})
        for value, typed in words.answer_wagers.items():
            wagers.update({word: Wager(value) for word in typed if word not in wagers})
        phrases.update({phrase: word for phrase, word in words.answer_phrases.items() if phrase not in phrases})
        filler.update(words.filler)
    return actions, wagers, phrases, filler


ACTION_WORDS, WAGER_WORDS, PHRASES, FILLER = with_glossaries()
"""What a typed word means; ``PHRASES``: several words read as one."""

_NEGATIVE = re.compile(r"(?:^|[^a-z0-9])[-\u2212\u2013]\s*\$?\s*[\d.]", re.IGNORECASE)
"""A minus sign before a number: ``-120`` is not $120."""


def _negative(text: str) -> bool:
    return _NEGATIVE.search(text) is not None


def _tokens(text: str) -> list[str]:
    text = plain(text).replace("’", "'").replace("'", "")
    text = text.replace("$", " ")
    for phrase, word in PHRASES.items():
        text = re.sub(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", word, text)
    text = re.sub(r"\bs(?=\d)", "seat ", text)
    return words_and_numbers(text)


def read_category(words: list[str]) -> Category | None:
    """The hand category named by ``words`` (ranks and filler words are allowed around it)."""
    if not words:
        return None
    words = _tokens(" ".join(words))  # the glossaries' words too: "doble pareja" is "twopair"
    joined = " ".join(words)
    found = set(words)
    if "royal" in found:
        return Category.ROYAL_FLUSH
    if ("straight" in found and "flush" in found) or "sf" in found:
        return Category.STRAIGHT_FLUSH
    if found & {"quads", "quad", "four", "4oak"} or "4 of a kind" in joined:
        return Category.FOUR_OF_A_KIND
    if found & {"full", "boat", "fh", "fullhouse"}:
        return Category.FULL_HOUSE
    if "flush" in found:
        return Category.FLUSH
    if "straight" in found:
        return Category.STRAIGHT
    if found & {"trips", "set", "three", "3oak"} or "3 of a kind" in joined:
        return Category.THREE_OF_A_KIND
    if re.search(r"\b(two|2) ?pairs?\b", joined) or found & {"twopair", "2pair", "tp"}:
        return Category.TWO_PAIR
    if "no pair" in joined or found & {"high", "nothing", "hc", "highcard"}:
        return Category.HIGH_CARD
    if found & {"pair", "onepair"}:
        return Category.ONE_PAIR
    return None


def _qualifier(words: list[str], at_end: bool) -> tuple[list[str], bool] | None:
    """The words without a qualifier phrase at the end (or front), and what the phrase says."""
    phrases = [(phrase, True) for phrase in QUALIFIES] + [(phrase, False) for phrase in NOT_QUALIFIES]
    if not at_end:
        phrases = [(phrase, said) for phrase, said in phrases if phrase not in LEADING_AMBIGUOUS]
    for phrase, said in sorted(phrases, key=lambda item: len(item[0]), reverse=True):
        size = len(phrase)
        if len(words) > size and tuple(words[-size:] if at_end else words[:size]) == phrase:
            return (words[:-size] if at_end else words[size:]), said
    return None


def read_dealer_hand(text: str) -> tuple[Category, bool] | None:
    """``two pair q`` → (TWO_PAIR, True); ``high card no`` → (HIGH_CARD, False); ``flush`` → (FLUSH, True): left
    unsaid, whether the dealer qualifies follows from the hand (a pair or better); None if unsure."""
    words = [word for word in _tokens(text) if word not in {"dealer", "dealers", "has", "hand"}]
    for at_end in (True, False):
        found = _qualifier(words, at_end)
        if found is None:
            continue
        category = read_category(found[0])
        if category is not None:
            return category, found[1]
    if words and words[-1] in _QUALIFIER_WORDS:
        return None  # a qualifier was said but not understood with the hand: ask again
    category = read_category(words)
    return None if category is None else (category, category >= Category.ONE_PAIR)


_QUALIFIER_WORDS = {word for phrase in QUALIFIES | NOT_QUALIFIES for word in phrase} - {"play"}


def read_money(text: str) -> Decimal | None:
    """``$52.50`` (or ``pay 52.50``) → 52.50; None unless the text is one amount, not negative."""
    if _negative(text):
        return None
    words = [word for word in _tokens(text) if word not in FILLER]
    numbers = words[1:] if len(words) == 2 and ACTION_WORDS.get(words[0]) is Action.PAY else words
    return read_amount(numbers[0]) if len(numbers) == 1 else None


def read_step(text: str) -> tuple[int, Wager, Action, Decimal | None] | None:
    """``3 blind pay 7.50`` → (3, BLIND, PAY, 7.50); the amount may be left out except for a pay, and an amount
    without an action is a pay of it (``3 blind 7.50``)."""
    if _negative(text):
        return None
    numbers: list[str] = []
    wager: Wager | None = None
    action: Action | None = None
    for word in _tokens(text):
        if is_number_word(word):
            numbers.append(word)
        elif word in WAGER_WORDS and wager is None:
            wager = WAGER_WORDS[word]
        elif word in ACTION_WORDS and action is None:
            action = ACTION_WORDS[word]
        elif word not in FILLER:
            return None
    if action is None and len(numbers) == 2:
        action = Action.PAY
    if wager is None or action is None or not numbers or len(numbers) > 2:
        return None
    seat = read_whole(numbers[0])
    amount = read_amount(numbers[1]) if len(numbers) == 2 else None
    if seat is None or not 1 <= seat <= 8 or (len(numbers) == 2 and amount is None) \
            or (action is Action.PAY and amount is None):
        return None
    return seat, wager, action, amount


def read_action(text: str) -> tuple[Action, Decimal | None] | None:
    """``pay 7.50`` → (PAY, 7.50), ``push`` → (PUSH, None); a bare amount means a pay of it."""
    if _negative(text):
        return None
    numbers: list[str] = []
    action: Action | None = None
    for word in _tokens(text):
        if is_number_word(word):
            numbers.append(word)
        elif word in ACTION_WORDS and action is None:
            action = ACTION_WORDS[word]
        elif word not in FILLER:
            return None
    if len(numbers) > 1:
        return None
    amount = read_amount(numbers[0]) if numbers else None
    if numbers and amount is None:
        return None
    if action is None:
        return (Action.PAY, amount) if amount is not None else None
    if action is Action.PAY and amount is None:
        return None
    return action, amount
