"""The error of a round that cannot be settled, apart from the checks that raise it (so the games' data and the
round's checks can both raise it without importing each other)."""

from __future__ import annotations


class RoundError(ValueError):
    """A round that cannot be settled; ``field`` names where (``seats[0].play``), the message says why.

    >>> str(RoundError("seats[0].play", "must be 0 or 1x to 4x the Ante"))
    'seats[0].play: must be 0 or 1x to 4x the Ante'
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field, self.problem = field, problem
        super().__init__(f"{field}: {problem}")
