"""The ``grade`` JSON contract: a hand and what a trainee did with it in, the exam's verdict on every step out.

A training room records what a dealer did at a practice table; this grades it as the exam mode does (every step
accepted as given, judged against the engine, the order over the whole hand):

input   {"hand": <a settle input>, "dealer": {"hand", "qualifies"} (optional),
         "steps": [{"seat", "wager", "action", "amount" (optional for take, push and return: the whole stake)}]}
output  {"dealer": {"verdict": "right"|"wrong"|null, "expected": {"hand", "qualifies"}},
         "steps": [{"seat", "wager", "action", "amount", "verdict": "right"|"wrong",
                    "mistakes": [{"kind", "expected", "rule"}]}],
         "missed": [{"seat", "wager", "action", "amount"}], "score": {"steps", "right", "wrong_attempts"}}

Each output step is the input step at the same place; its ``amount`` is the money it moves (the whole stake when
none was given; null for a pay with none). ``missed`` lists the engine's steps never done, as ``settle``'s
``procedure`` does; coin-in steps are never expected. An announcement left out is not graded (verdict null, not a
step).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from trainer import jsonin
from trainer.engine.evaluator import Category
from trainer.engine.paytables import PaytableRegistry, load_paytables
from trainer.engine.validation import RoundError, check_round
from trainer.engine.wagers import Action, Wager
from trainer.i18n.translation import speaking
from trainer.quiz.judging import Attempt, Submission
from trainer.quiz.review import review_text
from trainer.quiz.settlement import SettlementQuiz
from trainer.scoring import Mode
from trainer.settle_io import Hand, amount, loads, number, read_request, settle_hand

TOP_KEYS = ("hand", "dealer", "steps")
DEALER_KEYS = ("hand", "qualifies")
STEP_KEYS = ("seat", "wager", "action", "amount")
MAX_STEPS = 1000
"""A hand has a few dozen steps at most; a longer list is refused."""
CATEGORIES = {category.label: category for category in Category}
_Choice = TypeVar("_Choice", Wager, Action)


@dataclass(frozen=True)
class GradeRequest:
    """A hand and what the trainee did: the announcement (None: not recorded) and the steps in the order done."""

    hand: Hand
    dealer: tuple[Category, bool] | None
    steps: tuple[Submission, ...]


@speaking("en")
def read_grade(text: str, paytables: PaytableRegistry | None = None) -> GradeRequest:
    """JSON text to a checked :class:`GradeRequest`; anything wrong raises one :class:`RoundError` naming the field.

    >>> request = read_grade('{"hand": {"dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],'
    ...     ' "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40}]},'
    ...     ' "steps": [{"seat": 1, "wager": "ante", "action": "push"}]}')
    >>> request.steps[0].action, request.steps[0].amount, request.dealer
    (<Action.PUSH: 'push'>, None, None)
    >>> read_grade('{"hand": {}, "steps": [{"seat": 1, "wager": "antes", "action": "push"}]}')
    Traceback (most recent call last):
    ...
    trainer.engine.errors.RoundError: hand.dealer: is missing
    """
    return read_grade_request(loads(text), paytables)


@speaking("en")
def read_grade_request(data: Any, paytables: PaytableRegistry | None = None) -> GradeRequest:
    """A parsed grade request to a checked :class:`GradeRequest` (RoundError naming the field when wrong)."""
    if not isinstance(data, dict):
        raise RoundError("input", "must be a JSON object with hand, steps and (optionally) dealer")
    _no_unknown_keys(data, TOP_KEYS, "")
    for key in ("hand", "steps"):
        if key not in data:
            raise RoundError(key, "is missing")
    hand = _read_hand(data["hand"], paytables or load_paytables())
    dealer = _read_dealer(data["dealer"]) if "dealer" in data and data["dealer"] is not None else None
    raw_steps = data["steps"]
    if not isinstance(raw_steps, list):
        raise RoundError("steps", "must be a list of steps")
    if len(raw_steps) > MAX_STEPS:
        raise RoundError("steps", f"has {len(raw_steps):,} steps (at most {MAX_STEPS:,})")
    steps = tuple(_read_step(raw, f"steps[{index}]") for index, raw in enumerate(raw_steps))
    return GradeRequest(hand, dealer, steps)


def _read_hand(raw: Any, paytables: PaytableRegistry) -> Hand:
    try:
        table, dealer, board, seats = read_request(raw, paytables)
        dealer_cards, board_cards, checked = check_round(table, dealer, board, seats)
    except RoundError as exc:
        field = "hand" if exc.field == "input" else f"hand.{exc.field}"
        raise RoundError(field, exc.problem) from None
    return Hand(table, dealer_cards, board_cards, checked)


def _read_dealer(raw: Any) -> tuple[Category, bool]:
    if not isinstance(raw, dict):
        raise RoundError("dealer", "must be an object with hand and qualifies")
    _no_unknown_keys(raw, DEALER_KEYS, "dealer.")
    for key in DEALER_KEYS:
        if key not in raw:
            raise RoundError(f"dealer.{key}", "is missing")
    name = raw["hand"]
    if not isinstance(name, str) or name.lower() not in CATEGORIES:
        raise RoundError("dealer.hand", f"{jsonin.shown(name)} is not a hand (one of {', '.join(CATEGORIES)})")
    if not isinstance(raw["qualifies"], bool):
        raise RoundError("dealer.qualifies", f"{jsonin.shown(raw['qualifies'])} is not true or false")
    return CATEGORIES[name.lower()], raw["qualifies"]


def _read_step(raw: Any, where: str) -> Submission:
    if not isinstance(raw, dict):
        raise RoundError(where, "must be an object with seat, wager, action and amount")
    _no_unknown_keys(raw, STEP_KEYS, f"{where}.")
    for key in ("seat", "wager", "action"):
        if key not in raw:
            raise RoundError(f"{where}.{key}", "is missing")
    seat = raw["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 99:
        raise RoundError(f"{where}.seat", f"{jsonin.shown(seat)} is not a seat number")
    wager = _choice(raw["wager"], Wager, f"{where}.wager", "a wager")
    action = _choice(raw["action"], Action, f"{where}.action", "an action")
    given = raw.get("amount")
    money = None if given is None else amount(given, f"{where}.amount")
    return Submission(seat, wager, action, money)


def _choice(value: Any, kind: type[_Choice], field: str, what: str) -> _Choice:
    names = [member.value for member in kind]
    if not isinstance(value, str) or value not in names:
        raise RoundError(field, f"{jsonin.shown(value)} is not {what} (one of {', '.join(names)})")
    return kind(value)


def _no_unknown_keys(raw: Mapping[str, Any], known: Sequence[str], prefix: str) -> None:
    for key in raw:
        if key not in known:
            where = f"{prefix}{jsonin.shown_text(key, quote=False)}"
            raise RoundError(where, f"unknown key (expected one of {', '.join(known)})")


@speaking("en")
def grade(request: GradeRequest) -> SettlementQuiz:
    """The hand graded as the exam mode does: every step given in turn to an exam-mode quiz, then the table
    finishes the hand (so a step never done counts wrong). In English whatever the language: the grade JSON
    holds its rule lines and mistakes, and is a contract."""
    return _graded(request)


def _graded(request: GradeRequest) -> SettlementQuiz:
    hand = request.hand
    quiz = SettlementQuiz(settle_hand(hand), hand.table, Mode.EXAM, hands=hand.seats, drill="grade",
                          clock=lambda: 0.0)
    if request.dealer is None:
        quiz.skip_dealer()
    else:
        quiz.announce_dealer(*request.dealer)
    for step in request.steps:
        quiz.submit(step.seat, step.wager, step.action, step.amount)
    quiz.leave_to_table()
    return quiz


@speaking("en")
def grade_json(quiz: SettlementQuiz) -> dict[str, Any]:
    """The output object of a graded hand."""
    settlement = quiz.settlement
    attempts = quiz.attempts()
    announced = [attempt for attempt in attempts if attempt.submission is None]
    verdict = None if not announced else ("wrong" if announced[0].wrong else "right")
    result = quiz.result()
    return {
        "dealer": {"verdict": verdict,
                   "expected": {"hand": settlement.dealer.category.label,
                                "qualifies": settlement.dealer_qualifies}},
        "steps": [_step_json(attempt) for attempt in attempts if attempt.submission is not None],
        "missed": [{"seat": step.seat, "wager": step.wager.value, "action": step.action.value,
                    "amount": number(step.amount)} for step in quiz.missed()],
        "score": {"steps": result.steps, "right": result.correct, "wrong_attempts": result.wrong_attempts},
    }


def _step_json(attempt: Attempt) -> dict[str, Any]:
    submission = attempt.submission
    assert submission is not None
    return {
        "seat": submission.seat,
        "wager": submission.wager.value,
        "action": submission.action.value,
        "amount": None if attempt.amount is None else number(attempt.amount),
        "verdict": "wrong" if attempt.wrong else "right",
        "mistakes": [{"kind": mistake.kind.value, "expected": mistake.expected, "rule": mistake.rule}
                     for mistake in attempt.mistakes],
    }


def grade_request(data: Any, paytables: PaytableRegistry | None = None) -> dict[str, Any]:
    """Grade one parsed request and return the output object."""
    return grade_json(grade(read_grade_request(data, paytables)))


def review_of(text: str, paytables: PaytableRegistry | None = None) -> str:
    """One request's review as text, the rows the GUI's review shows, in the current language (unlike the JSON)."""
    return review_text(_graded(read_grade(text, paytables)).review())
