"""A drill dealt on the table through the session (its hands, its name in the book, the user's table and mode
back afterwards), a replayed round, and the felt each round needs."""

from __future__ import annotations

import random

from tests.session.support import HOUSE, new_session, settle_right
from trainer.drills.played import played_round, positions
from trainer.drills.scenarios import situations_of
from trainer.drills.settlement_drills import DRILLS
from trainer.engine.table import Banking, TableRules
from trainer.scoring import Mode
from trainer.session import (
    DrillEnded,
    DrillRounds,
    Phase,
    ReplayRound,
    RoundOver,
    SessionState,
    TableSession,
    printed_paytables,
    scenario_felt,
    settings_felt,
)


def drill(name: str, mode: Mode, count: int, seed: int = 11) -> DrillRounds:
    return DrillRounds(next(d for d in DRILLS if d.name == name), mode, count, seed)


def test_a_drill_set_deals_its_hands_scores_them_under_its_name_then_gives_the_table_back() -> None:
    session, table = new_session()
    session.set_mode(Mode.GUIDED)
    rounds = drill("trips", Mode.PRACTICE, 2)
    session.start_drill(rounds, Mode.PRACTICE)
    assert session.drill is rounds and session.mode is Mode.PRACTICE and session.scored_as == "trips"
    dealt = session.deal()
    assert rounds.scenario is not None and dealt.played.settlement == rounds.scenario.settlement
    assert dealt.caption is not None and dealt.caption.startswith("Drill trips, hand 1 of 2")
    settle_right(session)
    assert session.drill is rounds and not table.of(RoundOver)[-1].next_by_itself
    session.deal()
    settle_right(session)
    assert session.drill is None and session.source is session.user_source
    assert session.mode is Mode.GUIDED and session.scored_as == "settlement"
    assert len(table.of(DrillEnded)) == 1
    assert [item.drill for item in session.book.items()] == ["trips", "trips"]
    assert [result.drill for result in session.book.sets()] == ["trips"]
    assert session.deal().caption is None  # the user's own table again


def test_an_exam_drill_is_a_set_of_its_hands_and_ends_with_the_review() -> None:
    session, _ = new_session()
    session.start_drill(drill("qualification", Mode.EXAM, 2), Mode.EXAM)
    assert session.set_hands == 2
    session.deal()
    settle_right(session)
    assert session.next_round_due()  # the exam's next hand comes by itself
    session.deal()
    settle_right(session)
    [exam] = session.book.sets()
    assert (exam.drill, len(exam.items), exam.score) == ("qualification", 2, 100.0)
    assert session.mode is None and session.drill is None and session.exam_hands == 5


def test_a_speed_drill_deals_its_next_hand_by_itself() -> None:
    session, _ = new_session()
    session.start_drill(drill("blind", Mode.SPEED, 2), Mode.SPEED)
    session.deal()
    settle_right(session)
    assert session.next_round_due()
    session.deal()
    settle_right(session)
    assert session.drill is None and not session.next_round_due()


def test_choosing_a_mode_during_a_drill_ends_it_and_the_table_finishes_the_hand() -> None:
    session, table = new_session()
    table.auto = False
    rounds = drill("pairs", Mode.PRACTICE, 3)
    session.start_drill(rounds, Mode.PRACTICE)
    session.deal()
    session.begin_settlement()
    session.set_mode(Mode.SPEED)
    assert session.drill is None and session.mode is Mode.SPEED and session.scored_as == "settlement"
    assert session.state is SessionState.TABLE_SETTLING
    session.finish_round()
    [item] = session.book.items("pairs")
    assert item.steps >= 2 and item.correct == 0  # nothing done: every step, the announcement too, wrong
    assert len(table.of(DrillEnded)) == 1


def test_a_replayed_round_is_dealt_once_on_its_felt() -> None:
    scenario = situations_of("blind")[0].generate(3)
    replay = ReplayRound(played_round(scenario), scenario_felt(scenario))
    session = TableSession(replay)
    assert session.deal().played.settlement == scenario.settlement
    session.reach(Phase.CLEANUP)
    session.finish_round()
    assert replay.rounds_left == 0 and replay.next_round() is None


def test_the_felt_prints_the_blind_and_trips_always_and_each_side_bet_on_the_layout() -> None:
    table = TableRules(trips_paytable="UTH-02", bad_beat_paytable="BBB-01", pairs_paytable="3",
                       progressive_paytable="01")
    assert [title for title, _ in printed_paytables(table, ())] == ["Blind", "Trips UTH-02"]
    every = [title for title, _ in printed_paytables(table, ("trips", "bad_beat", "pairs", "progressive"))]
    assert every[:2] == ["Blind", "Trips UTH-02"] and len(every) == 5
    assert "BBB-01" in every[2] and "3" in every[3]


def test_the_users_felt_follows_the_settings() -> None:
    felt = settings_felt(HOUSE.replace(offer_bad_beat=False, offer_progressive=True))
    assert (felt.banking, felt.seat_count, felt.bad_beat, felt.pairs, felt.progressive) == (
        Banking.HOUSE, 4, False, False, True)
    assert len(felt.paytables) == 3
    player_dealer = settings_felt(HOUSE.replace(banking="player-dealer", seats=8, procedure="shuffler"))
    assert player_dealer.banking is Banking.PLAYER_DEALER and player_dealer.seat_count == 8


def test_a_drill_hands_felt_shows_the_side_bets_its_seats_make() -> None:
    for seed in range(5):
        scenario = situations_of("pairs")[0].generate(seed)
        felt = scenario_felt(scenario)
        assert felt.pairs == any(seat.pairs for seat in scenario.seats)
        assert felt.seat_count == positions(scenario)
        assert max(seat.seat for seat in scenario.seats) <= felt.seat_count


def test_a_player_dealer_scenario_gets_the_fewest_positions_that_seat_everyone() -> None:
    for situation in situations_of("player-dealer"):
        scenario = situation.generate(random.Random(1).randrange(1000))
        used = max([seat.seat for seat in scenario.seats] + [scenario.table.player_dealer_seat or 1])
        assert positions(scenario) == (6 if used <= 6 else 8)
