"""The dealer's side of the felt: the deck in the dealer's hand (a Deck Mate table deals by hand) never covers a
board card, the dealer's cards, the tray, the rack or a printed pay table, on every table; it lies in front of the
shuffler's lip, taken out of the machine, no higher than the machine's lower third."""

from __future__ import annotations

import pytest

from trainer.gui.table.layout import (
    CARD_HEIGHT,
    CARD_WIDTH,
    DECK_CARDS,
    DECK_EDGE,
    HOUSE_SEAT_COUNTS,
    PLAYER_DEALER_SEAT_COUNTS,
    Point,
    Rect,
    TableLayoutConfig,
    table_geometry,
)

TABLES = [TableLayoutConfig(seat_count=seats, bad_beat=True, pairs=True, progressive=True,
                            paytables=(("Blind", ("a",)), ("Trips", ("b",)), ("Bad Beat", ("c",)),
                                       ("Pairs", ("d",)), ("Progressive", ("e",))))
          for seats in HOUSE_SEAT_COUNTS]
TABLES += [TableLayoutConfig(banking="player-dealer", seat_count=seats, bad_beat=True,
                             paytables=(("Blind", ("a",)), ("Trips", ("b",))))
           for seats in PLAYER_DEALER_SEAT_COUNTS]


def card(at: Point) -> Rect:
    return Rect(at.x - CARD_WIDTH / 2, at.y - CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT)


def meets(a: Rect, b: Rect) -> bool:
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


@pytest.mark.parametrize("config", TABLES, ids=lambda c: f"{c.banking}-{c.seat_count}")
def test_the_deck_in_the_dealers_hand_covers_no_card_place_and_no_equipment(config: TableLayoutConfig) -> None:
    g = table_geometry(config)
    top, bottom = card(g.hand_deck), card(Point(g.hand_deck.x + (DECK_CARDS - 1) * DECK_EDGE.x,
                                                  g.hand_deck.y + (DECK_CARDS - 1) * DECK_EDGE.y))
    deck = Rect(top.x, top.y, bottom.x + bottom.width - top.x, bottom.y + bottom.height - top.y)
    others = {f"board card {index + 1}": card(at) for index, at in enumerate(g.board)}
    others |= {f"dealer card {index + 1}": card(at) for index, at in enumerate(g.dealer_cards)}
    others |= {"tray": g.tray, "rack": g.rack}
    others |= {f"pay table {panel.title}": panel.rect for panel in g.paytables}
    assert [name for name, rect in others.items() if meets(deck, rect)] == []
    assert deck.y >= g.shuffler.y + g.shuffler.height * 2 / 3
