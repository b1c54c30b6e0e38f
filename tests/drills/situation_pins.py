"""The regression pin of the scenario generator: one line of text per (situation, variant, seed).

``python -m tests.drills.situation_pins`` writes ``tests/drills/data/situation_pins.json`` from the generator as it
is. It was run once, before the situations were moved onto one builder, so that the pin holds the scenarios the
generator gave then; rerun it only when a change of scenarios is meant (and say so in the commit).
"""

from __future__ import annotations

import json
from pathlib import Path

from trainer.drills.scenario_round import Scenario
from trainer.drills.scenarios import SITUATIONS
from trainer.engine.cards import format_cards

PINS = Path(__file__).parent / "data" / "situation_pins.json"
VARIANT_SEED = 11
DRAWN_SEEDS = (1, 2, 3)


def describe(scenario: Scenario) -> str:
    """Everything a scenario deals and stakes, as one line: the table's settings, the procedure, the deck in
    dealing order, each seat's cards, wagers and street, the focus and the note."""
    table = scenario.table
    settings = (table.banking.value, table.game, table.trips_paytable, table.bad_beat_paytable, table.pairs_paytable,
                table.progressive_paytable, table.progressive_meter, table.player_dealer_seat,
                table.player_dealer_bank, table.collection_schedule, table.bad_beat_on_fold, table.min_wager,
                table.max_wager)
    seats = [f"{s.seat}:{format_cards(s.hole)}:{s.ante}/{s.blind}/{s.play}/{s.trips}/{s.bad_beat}/{s.pairs}/"
             f"{s.progressive}:{scenario.street_of(s.seat)}" for s in scenario.seats]
    focus = scenario.focus_wager.value if scenario.focus_wager is not None else None
    return " | ".join((
        scenario.situation, scenario.variant, ",".join(map(str, settings)), scenario.procedure.value,
        format_cards(scenario.deck), format_cards(scenario.dealer), format_cards(scenario.board), " ".join(seats),
        f"focus {scenario.focus_seat} {focus}", scenario.note,
    ))


def cases() -> list[tuple[str, str | None, int]]:
    """(situation, variant or None for one drawn from the seed, seed) for every pinned scenario."""
    out: list[tuple[str, str | None, int]] = []
    for name, situation in SITUATIONS.items():
        out += [(name, variant, VARIANT_SEED) for variant in situation.variants]
        out += [(name, None, seed) for seed in DRAWN_SEEDS]
    return out


def key(name: str, variant: str | None, seed: int) -> str:
    return f"{name} / {variant or '(drawn)'} / {seed}"


def current() -> dict[str, str]:
    """The pinned lines as the generator gives them now."""
    return {key(name, variant, seed): describe(SITUATIONS[name].generate(seed, variant))
            for name, variant, seed in cases()}


if __name__ == "__main__":
    PINS.write_text(json.dumps(current(), indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {PINS}")
