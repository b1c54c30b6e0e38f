"""Reading the procedure drills' answers: a letter, yes or no, a seat, what to do about an irregularity.

Each reader returns the answer or None when the text cannot be read for sure (the quiz shows the hint and asks
again).

>>> read_letter("b"), read_letter(" C "), read_letter("3"), read_letter("bb")
('B', 'C', 'C', None)
>>> read_yes_no("allowed"), read_yes_no("refuse it"), read_yes_no("maybe")
(True, False, None)
>>> read_seat("seat 4"), read_seat("9")
(4, None)
>>> read_response("call the floor"), read_response("void it"), read_response("rack them"), read_response("redeal")
('floor', 'void', 'carry-on', 'redeal')
"""

from __future__ import annotations

import re
import string

from trainer.i18n import plain
from trainer.i18n.translation import N_

LETTER_HINT = N_("the letter of your choice, e.g. 'B' (or its number: 2 for B)")
YES_NO_HINT = N_("yes (allowed) or no (refused)")
SEAT_HINT = N_("a seat number, e.g. '4' or 'seat 4'")
RESPONSE_HINT = N_("what you do: 'void' (void the round, return every wager), 'floor' (stop and call the floor "
                 "supervisor), 'carry on' (rack the cards, deal on), 'redeal', or 'fix' (put it right yourself)")
RESPONSE_WORDS = {
    "void": "void", "voided": "void", "return": "void", "returns": "void",
    "floor": "floor", "supervisor": "floor", "call": "floor", "stop": "floor", "pit": "floor",
    "carry": "carry-on", "continue": "carry-on", "rack": "carry-on", "ok": "carry-on", "proceed": "carry-on",
    "deal": "carry-on", "nothing": "carry-on",
    "redeal": "redeal", "reshuffle": "redeal",
    "fix": "fix", "remove": "fix", "swap": "fix", "replace": "fix", "tidy": "fix",
    # in Spanish (the glossary's words: anular = void, supervisor de piso, bandeja)
    "anular": "void", "anula": "void", "devolver": "void", "piso": "floor", "llamar": "floor",
    "detenerse": "floor", "seguir": "carry-on", "continuar": "carry-on", "bandeja": "carry-on",
    "repartir": "redeal", "rebarajar": "redeal", "arreglar": "fix", "corregir": "fix", "quitar": "fix",
}
"""Words for the five answers; the first word the list knows decides."""
OTHER_RESPONSES = {"redeal": N_("redeal the round yourself"),
                   "fix": N_("put it right yourself (remove or add the card)")}


def _words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9]+", " ", plain(text)).split()


def read_letter(text: str) -> str | None:
    """One letter A–L, or its number 1–12."""
    words = [word for word in _words(text) if word not in {"letter", "step", "answer", "option", "letra", "paso",
                                                           "respuesta", "opcion"}]
    if len(words) != 1:
        return None
    word = words[0]
    if len(word) == 1 and word in string.ascii_lowercase[:12]:
        return word.upper()
    if word.isdigit() and len(word) <= 2 and 1 <= int(word) <= 12:
        return string.ascii_uppercase[int(word) - 1]
    return None


def read_yes_no(text: str) -> bool | None:
    words = set(_words(text))
    yes = words & {"yes", "y", "allowed", "allow", "accept", "ok", "fine", "take", "si", "s", "aceptar", "acepto",
                   "permitido", "permitida"}
    no = words & {"no", "n", "refuse", "refused", "not", "deny", "never", "prohibited", "forbidden", "rechazar",
                  "rechazo", "nunca", "prohibido", "prohibida"}
    if bool(yes) == bool(no):
        return None
    return bool(yes)


def read_seat(text: str) -> int | None:
    words = [word for word in _words(text) if word not in {"seat", "position", "the", "banks", "asiento", "el",
                                                           "posicion"}]
    if len(words) != 1 or not words[0].isdigit() or len(words[0]) > 1:
        return None
    seat = int(words[0])
    return seat if 1 <= seat <= 8 else None


def read_response(text: str) -> str | None:
    """``void``, ``floor``, ``carry-on``, ``redeal`` or ``fix``."""
    for word in _words(text):
        if word in RESPONSE_WORDS:
            return RESPONSE_WORDS[word]
    return None
