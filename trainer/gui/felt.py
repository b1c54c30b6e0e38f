"""The felt of a round as the table's layout: the session's :class:`~trainer.session.felt.Felt` with the
user's card style and deck backs, its printed words in the language spoken."""

from __future__ import annotations

from trainer.engine.paytables import Odds
from trainer.engine.words import hand_name, odds_text, paytable_name
from trainer.gui.table.layout import WAGER_LABELS, TableLayoutConfig
from trainer.i18n.translation import N_, _
from trainer.session.felt import Felt, PrintedPaytable

_INSCRIPTIONS = (N_("Dealer only plays with a pair or higher"), N_("Player-Dealer only plays with a pair or higher"))
"""The inscriptions the engine gives a layout (:attr:`trainer.engine.table.TableRules.inscription`)."""


def _printed_odds(text: str) -> str:
    try:
        return odds_text(Odds.parse(text))
    except ValueError:
        return text


def printed_paytables(paytables: tuple[PrintedPaytable, ...]) -> tuple[PrintedPaytable, ...]:
    """The pay tables as the felt prints them in the language spoken: titles, hands and odds.

    >>> from trainer.i18n.translation import speaking
    >>> with speaking("es"):
    ...     printed_paytables((("Blind", (("royal flush", "500 to 1"), ("straight", "1 to 1"))),))
    (('Ciega', (('escalera real', '500 a 1'), ('escalera', '1 a 1'))),)
    """
    return tuple((paytable_name(title), tuple((hand_name(label), _printed_odds(odds)) for label, odds in lines))
                 for title, lines in paytables)


def felt_layout(felt: Felt, *, four_colour: bool = False,
                deck_backs: tuple[str, str] = ("red", "blue")) -> TableLayoutConfig:
    """The layout the scene draws for ``felt``, its words in the language spoken (a layout in another language
    is another layout: the window draws the felt again when the language changes).

    >>> from trainer.session.felt import settings_felt
    >>> from trainer.settings import Settings
    >>> layout = felt_layout(settings_felt(Settings(seats=3)), deck_backs=("green", "black"))
    >>> layout.banking, layout.seat_count, layout.deck_backs, layout.paytables[0][0]
    ('house', 3, ('green', 'black'), 'Blind')
    >>> from trainer.i18n.translation import speaking
    >>> with speaking("es"):
    ...     layout = felt_layout(settings_felt(Settings(seats=3)))
    >>> layout.wager_label("ante"), layout.wager_label("play"), layout.inscription, layout.paytables[0][0]
    ('INICIAL', 'PLAY', 'El crupier solo juega con pareja o mejor', 'Ciega')
    """
    labels = tuple((wager, _(word)) for wager, word in WAGER_LABELS.items() if _(word) != word)
    return TableLayoutConfig(
        banking="house" if felt.banking.value == "house" else "player-dealer",
        seat_count=felt.seat_count,
        bad_beat=felt.bad_beat,
        pairs=felt.pairs,
        progressive=felt.progressive,
        paytables=printed_paytables(felt.paytables),
        inscription=_(felt.inscription) if felt.inscription in _INSCRIPTIONS else felt.inscription,
        four_colour=four_colour,
        deck_backs=deck_backs,
        wager_labels=labels,
    )


__all__ = ["felt_layout", "printed_paytables"]
