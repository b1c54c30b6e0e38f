"""A built hand as rich text for the drill forms: the board, the dealer, each seat's cards, wagers and decision.

Suits are drawn as symbols, hearts and diamonds in red, so a hand reads at a glance without the animated table.
"""

from __future__ import annotations

import re
from html import escape

from trainer.drills.scenario_round import Scenario, table_line
from trainer.engine.cards import Card
from trainer.engine.paytables import Odds, load_paytables
from trainer.engine.settlement import format_money
from trainer.engine.wagers import Wager
from trainer.engine.words import hand_name, odds_text, paytable_name, schedule_name
from trainer.i18n.translation import _

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RED = "#c62828"
SIDE_BETS = (Wager.TRIPS, Wager.BAD_BEAT, Wager.PAIRS, Wager.PROGRESSIVE)


def card_html(card: Card) -> str:
    """``A♥`` in red, ``K♠`` in black, on a white card face."""
    colour = RED if card.is_red else "#111111"
    rank = "10" if card.rank == 10 else card.rank_char
    return (f'<span style="background:#ffffff; color:{colour}; font-weight:bold; '
            f'padding:1px 3px; border:1px solid #999999;">&nbsp;{rank}{SUIT_SYMBOLS[card.suit]}&nbsp;</span>')


def cards_html(cards: tuple[Card, ...] | list[Card]) -> str:
    return "&nbsp;".join(card_html(card) for card in cards)


def hand_html(scenario: Scenario, *, show_dealer: bool = True) -> str:
    """The hand as an HTML table for a QLabel (Qt's rich-text subset)."""
    table = scenario.table
    board = scenario.board
    board_word = escape(_("Board"))
    rows = [f'<p style="color:#555555;">{escape(table_line(scenario))}</p>',
            f"<p><b>{board_word}</b>&nbsp;&nbsp;{cards_html(board[:3])}&nbsp;&nbsp;│&nbsp;&nbsp;{card_html(board[3])}"
            f"&nbsp;&nbsp;│&nbsp;&nbsp;{card_html(board[4])}</p>"]
    if show_dealer:
        who = _("Dealer") if table.is_house else _("Player-dealer (seat {seat})").format(
            seat=table.player_dealer_seat)
        rows.append(f"<p><b>{escape(who)}</b>&nbsp;&nbsp;{cards_html(scenario.dealer)}</p>")
    headers = (_("Seat"), _("Cards"), _("Ante / Blind"), _("Decision"), _("Side bets"))
    cells = ['<table cellspacing="0" cellpadding="4">',
             "<tr>" + "".join(f"<th align='left'>{escape(header)}</th>" for header in headers) + "</tr>"]
    for seat in scenario.seats:
        focus = ' style="background:#fff3c4;"' if seat.seat == scenario.focus_seat else ""
        side = ", ".join(f"{wager.label} {format_money(seat.stake(wager))}" for wager in SIDE_BETS
                         if seat.stake(wager))
        cells.append(f"<tr{focus}><td><b>{seat.seat}</b></td><td>{cards_html(seat.hole)}</td>"
                     f"<td>{format_money(seat.ante)} / {format_money(seat.blind)}</td>"
                     f"<td>{escape(scenario.describe_play(seat.seat))}</td><td>{escape(side) or '—'}</td></tr>")
    cells.append("</table>")
    return "".join(rows) + "".join(cells)


def shown_odds(text: str) -> str:
    """A pay as a pay table's file writes it (``3 to 2``) in the language spoken; as it is when it is no pay."""
    try:
        return odds_text(Odds.parse(text))
    except ValueError:
        return text


def read_odds(text: str) -> Odds:
    """A pay typed as the window shows it (``3 a 2``, ``10 por 1`` in Spanish) or as a pay table's file writes it
    (``3 to 2``); raises ValueError as :meth:`Odds.parse` does."""
    try:
        return Odds.parse(text)
    except ValueError:
        english = text
        for word, template in (("to", _("{numerator} to {denominator}")), ("for", _("{numerator} for {denominator}"))):
            shown = template.replace("{numerator}", "").replace("{denominator}", "").strip()
            if shown:
                english = re.sub(rf"(?<=\d)\s+{re.escape(shown)}\s+(?=\d)", f" {word} ", english)
        if english == text:
            raise
        return Odds.parse(english)


def rules_html(scenario: Scenario) -> str:
    """The pay tables the hand is settled by, as its felt prints them, and on a player-dealer table its
    collection-fee schedule (what a question about a payout or the fee asks about)."""
    from trainer.session.felt import scenario_felt

    boxes = []
    for title, lines in scenario_felt(scenario).paytables:
        rows = "".join(f"<tr><td>{escape(hand_name(hand))}</td>"  # a space before the pay: the longer names
                       f"<td align='right'>&nbsp;&nbsp;{escape(shown_odds(odds))}</td></tr>" for hand, odds in lines)
        boxes.append(f"<td valign='top'><b>{escape(paytable_name(title))}</b>"
                     f"<table cellspacing='0' cellpadding='1'>{rows}</table></td>")
    table = scenario.table
    if not table.is_house and table.collection_schedule:
        schedule = load_paytables().collection(table.collection_schedule)
        and_more = _("{amount} and more")
        # two columns kept apart, each with its heading: the total table action, the fee it pays
        rows = "".join(f"<tr><td>{escape(and_more.format(amount=format_money(lower)))}</td>"
                       f"<td align='right'>&nbsp;&nbsp;{format_money(fee)}</td></tr>"
                       for lower, fee in schedule.brackets)
        title = escape(_("Fee: {schedule}").format(schedule=schedule_name(schedule.title)))
        action, fee_heading = escape(_("Total table action")), escape(_("Fee"))
        head = (f"<tr><td><i>{action}</i></td>"
                f"<td align='right'>&nbsp;&nbsp;<i>{fee_heading}</i></td></tr>")
        boxes.append(f"<td valign='top'><b>{title}</b>"
                     f"<table cellspacing='0' cellpadding='1'>{head}{rows}</table></td>")


    return f"<table cellspacing='0' cellpadding='6'><tr>{''.join(boxes)}</tr></table>" if boxes else ""
