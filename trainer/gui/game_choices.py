"""The game box of the Settings dialog: how the documents' three games and the room's custom table are named, and
how a box lists a game's own choices first and the rest below a line (rules-notes §1b)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox

from trainer.engine.games import Game
from trainer.i18n.translation import N_, _, ngettext
from trainer.settings import collection_title, game_title

__all__ = [
    "CUSTOM",
    "CUSTOM_TITLE",
    "FIELD_LABELS",
    "OUTSIDE_GAME",
    "fee_option_text",
    "fill_box",
    "game_choice_text",
    "limits_text",
    "narrowable",
    "select",
]

CUSTOM = "custom"
"""The game box's value for the room's own table (no game of the documents)."""
CUSTOM_TITLE = N_("Custom table (the room's own)")
OUTSIDE_GAME = N_(" — custom table")
"""Added to a choice the chosen game does not have (listed below the game's own choices)."""
FIELD_LABELS = {
    "banking": N_("Banking"), "seats": N_("Seats"), "procedure": N_("Dealing procedure"), "offer_trips": "Trips",
    "trips_paytable": "Trips", "offer_bad_beat": "Bad Beat", "bad_beat_paytable": "Bad Beat",
    "offer_pairs": "Ultimate Pairs", "pairs_paytable": "Ultimate Pairs", "offer_progressive": N_("Progressive"),
    "progressive_paytable": N_("Progressive"), "min_wager": N_("Table minimum"), "max_wager": N_("Table maximum"),
    "collection_schedule": N_("Collection schedule"),
}


def game_choice_text(game: Game) -> str:
    """How the game box names a game: its short title, its banking and positions, its documents.

    >>> from trainer.engine.games import game_named
    >>> game_choice_text(game_named("wa"))
    'Washington UTH (house-banked, seeds 002/004)'
    >>> game_choice_text(game_named("ca"))
    'California UTH (player-dealer, 8 positions, seed 003)'
    """
    numbers = [document.removeprefix("seed ") for document in game.documents]
    documents = ngettext("seed {numbers}", "seeds {numbers}", len(numbers)).format(numbers="/".join(numbers))
    banking = _("house-banked") if game.is_house else _("player-dealer, {count} positions").format(
        count=game.positions)
    return _("{game} ({banking}, {documents})").format(game=game_title(game), banking=banking, documents=documents)


def fee_option_text(game: Game | None, schedule: str) -> str:
    """A collection schedule in the box, with the limit per spot a game gives it (seed 003)."""
    text = collection_title(schedule)  # by its title: the id (uth-1) is the settings file's word
    option = next((o for o in game.fee_options if o.schedule == schedule), None) if game else None
    if option is not None and option.limit_per_spot is not None:
        low, high = option.limit_per_spot
        text += _(" · limit per spot {low}–{high}").format(low=f"${low:,}", high=f"${high:,}")
    return text


def limits_text(game: Game | None) -> str:
    """What the chosen game allows for the table's limits, in one line."""
    if game is None:
        return _("The room's own limits.")
    if game.is_house:
        return _("{game}: the room's own limits.").format(game=game_title(game))
    spots = [(o.schedule, o.limit_per_spot) for o in game.fee_options if o.limit_per_spot is not None]
    if spots:
        listed = ", ".join(f"${low:,}–${high:,}" for _schedule, (low, high) in spots)
        return _("{game}: every wager stays within the fee option's limit per spot ({listed} for options "
                 "1–{count}); choosing an option sets the table's limits to it.").format(
            game=game_title(game), listed=listed, count=len(spots))
    parts = []
    if game.min_wager_range:
        parts.append(_("minimum {low}–{high}").format(low=f"${game.min_wager_range[0]:,}",
                                                      high=f"${game.min_wager_range[1]:,}"))
    if game.max_wager_range:
        parts.append(_("maximum {low}–{high}").format(low=f"${game.max_wager_range[0]:,}",
                                                      high=f"${game.max_wager_range[1]:,}"))
    return _("{game}: table {parts}.").format(game=game_title(game), parts=_(" and ").join(parts))


def select(box: QComboBox, data: Any) -> None:
    index = box.findData(data)
    if index >= 0:
        box.setCurrentIndex(index)


def narrowable(box: QComboBox) -> QComboBox:
    """A box a game refills: it grows to its longest choice instead of cutting it."""
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    return box


def fill_box(box: QComboBox, items: list[tuple[str, Any]], offered: list[Any] | None, current: Any) -> None:
    """Refill ``box``: every item when ``offered`` is None; else the offered ones (in that order), a line, then
    the rest marked as leaving the game. ``current`` stays chosen when it is there, else the first item."""
    box.clear()
    if offered is None:
        for text, data in items:
            box.addItem(text, data)
    else:
        texts = dict((data, text) for text, data in items)
        for data in offered:
            box.addItem(texts[data], data)
        others = [(text, data) for text, data in items if data not in offered]
        if others:
            box.insertSeparator(box.count())
        for text, data in others:
            box.addItem(text + _(OUTSIDE_GAME), data)
    box.setCurrentIndex(0)
    select(box, current)
