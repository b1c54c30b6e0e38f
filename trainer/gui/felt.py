"""The felt of a round as the table's layout: the session's :class:`~trainer.session.felt.Felt` with the
user's card style and deck backs."""

from __future__ import annotations

from trainer.gui.table.layout import TableLayoutConfig
from trainer.session.felt import Felt


def felt_layout(felt: Felt, *, four_colour: bool = False,
                deck_backs: tuple[str, str] = ("red", "blue")) -> TableLayoutConfig:
    """The layout the scene draws for ``felt``.

    >>> from trainer.session.felt import settings_felt
    >>> from trainer.settings import Settings
    >>> layout = felt_layout(settings_felt(Settings(seats=3)), deck_backs=("green", "black"))
    >>> layout.banking, layout.seat_count, layout.deck_backs, layout.paytables[0][0]
    ('house', 3, ('green', 'black'), 'Blind')
    """
    return TableLayoutConfig(
        banking="house" if felt.banking.value == "house" else "player-dealer",
        seat_count=felt.seat_count,
        bad_beat=felt.bad_beat,
        pairs=felt.pairs,
        progressive=felt.progressive,
        paytables=felt.paytables,
        inscription=felt.inscription,
        four_colour=four_colour,
        deck_backs=deck_backs,
    )


__all__ = ["felt_layout"]
