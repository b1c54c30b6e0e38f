"""Every figure of rules-notes §8 reproduced by the exact paths, to its printed precision."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from trainer.engine.bad_beat_odds import BadBeatCounts, BoardClasses, bad_beat_counts
from trainer.engine.cards import FULL_DECK, parse_cards
from trainer.engine.paytables import load_paytables
from trainer.odds.fold_effect import fold_effect, nine_card_deals
from trainer.odds.sidebets import (
    bad_beat_report,
    break_even_meter,
    pairs_report,
    progressive_report,
    trips_report,
)

TABLES = load_paytables()


@pytest.mark.parametrize("table_id,edge", [("UTH-01", "0.9018"), ("UTH-02", "1.9040"), ("UTH-03", "3.4979"),
                                           ("UTH-04", "6.1808")])
def test_trips_house_edges_match_rules_notes_8(table_id: str, edge: str) -> None:
    report = trips_report(TABLES.trips(table_id))
    assert f"{float(report.house_edge) * 100:.4f}" == edge


@pytest.mark.parametrize("table_id,edge", [("1", "8.90"), ("2", "8.54"), ("3", "4.52"), ("4", "4.68"),
                                           ("5", "4.90"), ("6", "6.79")])
def test_pairs_house_edges_match_rules_notes_8(table_id: str, edge: str) -> None:
    report = pairs_report(TABLES.pairs(table_id))
    assert f"{float(report.house_edge) * 100:.2f}" == edge


def test_line_contributions_add_up_to_the_return_and_the_edge_is_what_is_left() -> None:
    report = trips_report(TABLES.trips("UTH-01"))
    assert sum(line.contribution for line in report.lines) == report.return_
    assert report.house_edge == 1 - report.return_
    # Trips pays on three of a kind or better: the hit frequency is their share of the seven-card hands.
    trips_or_better = 6_461_620 + 6_180_020 + 4_047_644 + 3_473_184 + 224_848 + 37_260 + 4_324
    assert report.hit_frequency == Fraction(trips_or_better, 133_784_560)


def test_pairs_hit_frequency_counts_the_paying_hole_cards() -> None:
    # Table 3: every pair (6 per rank), and an ace with a king, queen or jack (16 each).
    report = pairs_report(TABLES.pairs("3"))
    assert report.hit_frequency == Fraction(13 * 6 + 3 * 16, 1326)


def test_bad_beat_report_on_a_board_of_trips_matches_the_engine_counts() -> None:
    counts = bad_beat_counts(BoardClasses.of([[int(c) for c in parse_cards("Ah Ad Ac 7s 2d")]]))
    report = bad_beat_report(TABLES.bad_beat("BBB-02"), counts)
    assert report.hit_frequency == counts.hit_frequency(TABLES.bad_beat("BBB-02"))
    assert report.house_edge == counts.house_edge(TABLES.bad_beat("BBB-02"))


@pytest.mark.slow
@pytest.mark.parametrize("table_id,edge", [("BBB-01", "20.387"), ("BBB-02", "14.787"), ("BBB-03", "16.639"),
                                           ("CA", "14.787")])
def test_bad_beat_house_edges_match_rules_notes_8(every_bad_beat_deal: BadBeatCounts, table_id: str,
                                                 edge: str) -> None:
    report = bad_beat_report(TABLES.bad_beat(table_id), every_bad_beat_deal)
    assert f"{float(report.house_edge) * 100:.3f}" == edge
    assert f"{float(report.hit_frequency) * 100:.3f}" == "3.979"


def test_progressive_royal_lines_split_the_seven_card_royals() -> None:
    report = progressive_report(TABLES.progressive("01"), Decimal(10000), Decimal(1))
    by_hand = {line.hand: line.frequency for line in report.lines}
    assert by_hand["royal-first-5"] == by_hand["community-royal"] == Fraction(4, 2_598_960)
    royals = Fraction(4 * 1081, 133_784_560)
    assert by_hand["royal-first-5"] + by_hand["royal-first-7"] + by_hand["community-royal"] == royals


def test_progressive_breaks_even_at_the_meter_where_the_return_is_the_wager() -> None:
    table = TABLES.progressive("01")
    meter = break_even_meter(table, Fraction(1))
    assert meter is not None
    report = progressive_report(table, Decimal(float(meter)), Decimal(1))
    assert abs(float(report.house_edge)) < 1e-9


@pytest.mark.parametrize("seed", [0, 1, 2024 * 100_003, 2024 * 100_003 + 24])
def test_fold_simulation_deals_exactly_the_cards_random_sample_draws(seed: int) -> None:
    fast, reference = random.Random(seed), random.Random(seed)
    assert list(nine_card_deals(fast, 2_000)) == [reference.sample(FULL_DECK, 9) for _ in range(2_000)]
    assert fast.getstate() == reference.getstate()


def test_fold_rule_lose_only_adds_to_the_house_edge_and_repeats_with_its_seed() -> None:
    table = TABLES.bad_beat("BBB-02")
    first = fold_effect([table], hands=30_000, seed=3)["BBB-02"]
    again = fold_effect([table], hands=30_000, seed=3, workers=2)["BBB-02"]
    assert first == again
    assert first.extra_edge > 0 and first.standard_error > 0
