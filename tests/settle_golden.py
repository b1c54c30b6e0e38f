"""A few thousand varied ``settle`` hands, made the same way every time, and what settling each one prints.

The hands cover the three games and rooms' own tables (house and player-dealer, banks small enough to run out,
collection schedules, limits, payouts rounded to a chip, a room's wager order, folds losing the side bets), every
wager, amounts in cents and whole dollars, decks of high cards only (for the big hands the pay tables name) and a
few broken hands. :func:`fingerprints` gives, per hand, a short digest of everything ``settle`` shows of it: the
``--jsonl`` line, every procedure step as the engine holds it (the rule included), the seats' results and the
``--text`` sheet. ``tests/data/settle_golden.txt`` holds the digests as the engine printed them when this file
was made; ``python -m tests.settle_golden`` writes them again (only for a change that means to change an output).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from trainer.cli.settle_stream import settle_line
from trainer.engine.errors import RoundError
from trainer.engine.paytables import PaytableRegistry, load_paytables
from trainer.settle_io import read_hand, settle_hand, settlement_text

DATA = Path(__file__).resolve().parent / "data"
EXPECTED = DATA / "settle_golden.txt"
ROOM_PAYTABLES = DATA / "settle_golden_paytables.toml"
HANDS = 3000
SEED = 20261126

FULL_DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
HIGH_DECK = [rank + suit for rank in "TJQKA" for suit in "cdhs"]
"""Twenty cards from ten to ace: royal flushes, straight flushes, quads and full houses come often."""
AMOUNTS: tuple[Any, ...] = (5, 10, 25, 100, 1, 7.5, 12.34, 33.33, 0.05, 2.5, 15)
SIDE_AMOUNTS: tuple[Any, ...] = (1, 5, 2.5, 3.33, 10, 0.01, 25)


def _seat(rng: random.Random, number: int, hole: list[str], *, house: bool, bad_beat: bool, low: int | None,
          high: int | None) -> dict[str, Any]:
    choices = [amount for amount in AMOUNTS if (low is None or amount >= low) and (high is None or amount <= high)]
    ante = rng.choice(choices or [low or 5])
    multiple = rng.choice((0, 0, 1, 1, 2, 3, 4, 4))
    play = Decimal(str(ante)) * multiple
    seat: dict[str, Any] = {"seat": number, "hole": hole, "ante": ante, "blind": ante,
                            "play": float(play) if play != play.to_integral_value() else int(play)}
    sides = [amount for amount in SIDE_AMOUNTS if (low is None or amount >= low) and (high is None or amount <= high)]
    if sides and rng.random() < 0.8:
        seat["trips"] = rng.choice(sides)
        if bad_beat and rng.random() < 0.8:
            seat["bad_beat"] = rng.choice(sides)
    if house and sides:
        if rng.random() < 0.8:
            seat["pairs"] = rng.choice(sides)
        if rng.random() < 0.7:
            seat["progressive"] = rng.choice([amount for amount in sides if amount >= 1] or sides)
    return seat


def _table(rng: random.Random, kind: int) -> tuple[dict[str, Any], bool, list[int], int | None, int | None]:
    """A table of one of six kinds; whether it is a house table, the seats it has, the wager limits."""
    table: dict[str, Any] = {}
    house = kind in (0, 1, 2)
    low: int | None = None
    high: int | None = None
    if kind == 1:
        table["game"] = "wa"
        table["trips_paytable"] = rng.choice(("UTH-01", "UTH-02", "UTH-03", "UTH-04"))
        table["bad_beat_paytable"] = rng.choice(("BBB-01", "BBB-02", "BBB-03"))
        table["pairs_paytable"] = rng.choice((1, 2, 3, 4, 5, 6, "3"))
    elif kind == 2:
        table["banking"] = "house"
        table["trips_paytable"] = rng.choice(("UTH-01", "UTH-02", "UTH-03", "UTH-04"))
        table["bad_beat_paytable"] = rng.choice(("BBB-01", "BBB-02", "BBB-03", "CA"))
        table["pairs_paytable"] = rng.choice((1, 2, 3, 4, 5, 6))
        if rng.random() < 0.3:
            table["bad_beat_on_fold"] = "lose"
        if rng.random() < 0.3:
            table["progressive_on_fold"] = "lose"
        if rng.random() < 0.4:
            order = ["ante", "play", "blind", "trips", "bad_beat", "pairs", "progressive"]
            rng.shuffle(order)
            table["wager_order"] = order
    if house:
        if rng.random() < 0.95:
            table["progressive_meter"] = rng.choice((25000, 87654.25, 10000.01, 0, 123456.78, 1000))
        if rng.random() < 0.3:
            table["progressive_seed"] = rng.choice((10000, 5000.5))
        if rng.random() < 0.2:
            table["round_payouts_to"] = rng.choice((0.25, 1, 5, 0.5))
        if rng.random() < 0.15:
            low, high = 1, 500
            table["min_wager"], table["max_wager"] = low, high
        return table, house, list(range(1, 8)), low, high
    positions = 8
    if kind == 3:
        table["game"] = "ca"
        schedule = rng.choice(("uth-1", "uth-2", "uth-3"))
        table["collection_schedule"] = schedule
        low, high = {"uth-1": (5, 300), "uth-2": (25, 1000), "uth-3": (100, 2000)}[schedule]
    elif kind == 4:
        table["game"] = "ca-bad-beat"
        positions = 6
        low = 1
        table["collection_schedule"] = f"bb-{rng.randint(1, 24)}"
    else:
        table["banking"] = "player-dealer"
        table["trips_paytable"] = rng.choice(("UTH-01", "UTH-02", "UTH-03", "UTH-04"))
        table["bad_beat_paytable"] = rng.choice(("BBB-01", "BBB-02", "BBB-03", "CA"))
        if rng.random() < 0.5:
            table["collection_schedule"] = rng.choice(("uth-1", "bb-3", "bb-17"))
        if rng.random() < 0.3:
            table["bad_beat_on_fold"] = "lose"
        if rng.random() < 0.2:
            table["round_payouts_to"] = rng.choice((0.25, 1))
    dealer_seat = rng.randint(1, positions)
    table["player_dealer_seat"] = dealer_seat
    table["player_dealer_bank"] = rng.choice((1000, 50, 120.5, 20, 5000, 300))
    return table, house, [seat for seat in range(1, positions + 1) if seat != dealer_seat], low, high


def _broken(rng: random.Random, hand: dict[str, Any]) -> str:
    """The hand spoiled in one of the ways a room's log can be wrong."""
    way = rng.randrange(8)
    seat = hand["seats"][0]
    if way == 0:
        seat["hole"] = [hand["board"][0], seat["hole"][1]]
    elif way == 1:
        seat["blind"] = 999
    elif way == 2:
        seat["play"] = seat["ante"] * 5 if isinstance(seat["ante"], int) else 1234
    elif way == 3:
        seat["ante"] = seat["blind"] = 0.125
    elif way == 4:
        hand["table"]["trips_paytable"] = "NOPE"
    elif way == 5:
        seat["colour"] = "red"
    elif way == 6:
        return json.dumps(hand)[:-7]
    else:
        hand["seats"].append(dict(seat))
    return json.dumps(hand)


def golden_hands(count: int = HANDS, seed: int = SEED) -> list[str]:
    """``count`` hands as ``settle --jsonl`` lines, the same every time."""
    rng = random.Random(seed)
    lines = []
    for index in range(count):
        table, house, seats, low, high = _table(rng, index % 6)
        deck = list(HIGH_DECK if rng.random() < 0.3 else FULL_DECK)
        rng.shuffle(deck)
        most = min(len(seats), (len(deck) - 7) // 2)
        chosen = sorted(rng.sample(seats, rng.randint(1, most)))
        hand: dict[str, Any] = {"table": table, "dealer": deck[:2], "board": deck[2:7], "seats": []}
        for place, number in enumerate(chosen):
            hole = deck[7 + 2 * place: 9 + 2 * place]
            hand["seats"].append(_seat(rng, number, hole, house=house, bad_beat=table.get("game") != "ca",
                                       low=low, high=high))
        if index % 25 == 24:
            lines.append(_broken(rng, hand))
        else:
            lines.append(json.dumps(hand))
    return lines


def shown_settlement(text: str, tables: PaytableRegistry) -> str:
    """Everything the engine holds of a hand's settlement, as text: each step with its rule, the seats' results,
    and the ``--text`` sheet (empty for a hand that cannot be settled)."""
    try:
        hand = read_hand(text, tables)
    except RoundError:
        return ""
    result = settle_hand(hand)
    parts = [repr((result.dealer.strength, result.dealer_qualifies, result.player_dealer_seat,
                   result.player_dealer_net, result.collection_fee, result.progressive_meter))]
    parts += [repr((step.seat, step.wager.value, step.action.value, step.amount, step.net, step.phase.value,
                    step.outcome.value, step.rule, step.topic, tuple(action.value for action in step.equivalent)))
              for step in result.procedure]
    parts += [repr((seat.seat, seat.hand.strength, seat.result.value, seat.net,
                    [(wager.value, res.outcome.value, res.net) for wager, res in seat.wagers.items()]))
              for seat in result.seats]
    parts.append(settlement_text(result, hand))
    return "\n".join(parts)


def fingerprints(lines: list[str]) -> list[str]:
    """Per hand: the digest of its ``--jsonl`` line and its settlement, with the shipped pay tables and with a
    room's file replacing them."""
    shipped = load_paytables()
    room = load_paytables([ROOM_PAYTABLES])
    out = []
    for line in lines:
        parts = []
        for tables in (shipped, room):
            parts += [settle_line(line.encode() + b"\n", tables), shown_settlement(line, tables)]
        out.append(hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:20])
    return out


def inputs_digest(lines: list[str]) -> str:
    """One digest of every hand: the hands the expected outputs were made from."""
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def main() -> int:
    lines = golden_hands()
    EXPECTED.write_text(f"inputs {inputs_digest(lines)}\n" + "\n".join(fingerprints(lines)) + "\n",
                        encoding="utf-8")
    print(f"wrote {EXPECTED} ({len(lines)} hands)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
