"""What the table writes in its small labels: a decision, a folded hand's count, the dealer's hand, a seat's
result (Qt-free)."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.evaluator import HandValue
from trainer.engine.round import Bets, Decision
from trainer.engine.settlement import Settlement
from trainer.gui.table.money import format_amount
from trainer.i18n.translation import N_, _, ngettext

_RESULTS = {"win": N_("WIN"), "lose": N_("LOSE"), "push": N_("PUSH")}
"""A seat's result as its badge prints it."""

SIDE_WAGERS = ("ante", "blind", "trips", "bad_beat", "pairs", "progressive")
"""The wagers placed before the deal, in the order chips go down (the Blind equals the Ante)."""


def wager_amount(bets: Bets, wager: str) -> Decimal:
    """What a seat put on ``wager`` before the deal (the Blind is the Ante)."""
    return Decimal(bets.ante if wager == "blind" else getattr(bets, wager, 0) or 0)


def decision_text(decision: Decision) -> str:
    """``4x``, ``CHECK`` or ``FOLD``."""
    multiple = int(decision.multiple)
    return f"{multiple}x" if multiple else (_("FOLD") if decision.is_fold else _("CHECK"))


def fold_count_text(cards: int) -> str:
    """The count of a folded hand spread on the felt.

    >>> fold_count_text(2)
    'FOLD · 2 CARDS'
    """
    return ngettext("FOLD · {count} CARD", "FOLD · {count} CARDS", cards).format(count=cards)


def hand_text(hand: HandValue) -> str:
    """The hand in words, capitalised (``Two pair, kings and fives``)."""
    text = hand.describe()
    return text[:1].upper() + text[1:]


def dealer_text(settlement: Settlement) -> str:
    """The dealer's hand and whether it qualifies."""
    verdict = _("qualifies") if settlement.dealer_qualifies else _("does not qualify")
    return f"{hand_text(settlement.dealer)} · {verdict}"


def seat_result_text(settlement: Settlement, seat: int) -> str:
    """``WIN · NET +$35``, ``PUSH · EVEN``, ``LOSE · NET −$20``; a hand won whose side bets lost more (or lost
    whose side bets won more) says both: ``WIN +$35 · SIDE BETS −$20,035 · NET −$20,000``; empty for a seat not in
    the round."""
    try:
        result = settlement.seat(seat)
    except KeyError:
        return ""
    net = Decimal(result.net)
    said = _(_RESULTS[str(result.result)]) if str(result.result) in _RESULTS else str(result.result).upper()
    main = sum((outcome.net for wager, outcome in result.wagers.items() if str(wager) in MAIN_WAGERS), Decimal(0))
    if str(result.result) in ("win", "lose") and (main > 0) != (net > 0):  # the side bets turned it: say both
        return _("{result} {main} · SIDE BETS {side} · NET {amount}").format(
            result=said, main=_signed(main), side=_signed(net - main), amount=_signed(net))
    if net == 0:
        return _("{result} · EVEN").format(result=said)
    return _("{result} · NET {amount}").format(result=said, amount=_signed(net))


MAIN_WAGERS = ("ante", "play", "blind")
"""The wagers a seat's result against the dealer is about (the side bets stand on their own)."""


def _signed(amount: Decimal) -> str:
    """``+$35``, ``−$20,035``, ``$0``."""
    sign = "+" if amount > 0 else "−" if amount < 0 else ""
    return f"{sign}{format_amount(abs(amount))}"
