"""The optimal strategy written out for drills and lessons (``uth-trainer odds game --export-strategy FILE``).

Pre-flop: the best choice of every starting hand and the expectation of each choice. Flop: the optimal decision
summarised by kind of hand, with the share of exceptions. River: the exact rule, a comparison of counts.
"""

from __future__ import annotations

from trainer.odds.game import GameSolution

RIVER_RULE = (
    "Raise 1x when, over the dealer's possible hands (990 with a full deck), "
    "(hands beaten - hands losing to) + (qualifying hands beaten - qualifying hands losing to) "
    "+ Blind pay x hands beaten - hands losing to > -2 x 990 (the Play, the Ante and the Blind against folding "
    "both); otherwise fold. A hand of the dealer qualifies with a pair or better; "
    "the Blind pay is the Blind table's odds for the player's hand (0 below a straight)."
)


def strategy_document(solution: GameSolution) -> dict[str, object]:
    """The optimal strategy as one JSON-ready object."""
    return {
        "format": "uth-trainer optimal strategy 1",
        "house_edge": float(solution.optimal.house_edge),
        "preflop": [
            {"hand": choice.hand, "decision": choice.best, "ev_4x": float(choice.raise_4x),
             "ev_3x": float(choice.raise_3x), "ev_check": float(choice.check)}
            for choice in solution.preflop
        ],
        "flop": [
            {"when": rule["when"], "decision": "2x" if rule["raise_2x"] else "check",
             "share_raised": rule["share_raised"], "exceptions_share": _exceptions(rule),
             "simple_strategy_share_raised": rule["simple_strategy_raises"]}
            for rule in solution.flop_rules
        ],
        "river": {"rule": RIVER_RULE},
    }


def _exceptions(rule: dict[str, object]) -> float:
    exceptions, cases = rule["exceptions"], rule["cases"]
    assert isinstance(exceptions, int) and isinstance(cases, int)
    return exceptions / cases if cases else 0.0
