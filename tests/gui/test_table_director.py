"""The round director: every card goes out in the engine's dealing order to its place, the phases follow the
round, the settlement shows as chips, and pause, step, skip and speed do what they say. Tiny durations and
signal waits, never sleeps."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.table_support import FakeSound, played_round, scene_for
from tests.typed import of_kind, present
from trainer.engine.cards import Card
from trainer.gui.table.director import Durations, RoundDirector
from trainer.gui.table.scene import TableScene

pytestmark = pytest.mark.gui

WAIT = 10_000
PROCEDURES = ("card-shoe", "shuffler", "ace", "deck-mate")


def director_for(played: Any, seats: int, sound: FakeSound | None = None) -> tuple[TableScene, RoundDirector]:
    scene = scene_for(played, seats)
    return scene, RoundDirector(scene, played, Durations.tiny(), sound=sound)


def run(qtbot: QtBot, director: RoundDirector) -> None:
    with qtbot.waitSignal(director.finished, timeout=WAIT):
        director.start()


def dealt(played: Any) -> list[tuple[str, int | None, int | None, Any]]:
    """The deal's ``sequence`` as ``(kind, seat, slot, card)``; no slot for the rack (cards go in on top)."""
    return [
        (target.kind, target.seat, None if target.kind == "rack" else target.slot, card)
        for target, card in played.deal.sequence
    ]


def first_arrivals(scene: TableScene) -> list[tuple[str, int | None, int | None, Any]]:
    """Where each card went when it left the deck, in the order they left it (later moves, such as a folded
    hand going to the rack, are not counted)."""
    seen: set[Any] = set()
    out = []
    for kind, seat, slot, card in scene.arrivals:
        if card not in seen:
            seen.add(card)
            out.append((kind, seat, None if kind == "rack" else slot, card))
    return out


def run_until_paused_after(qtbot: QtBot, director: RoundDirector, phase: str) -> None:
    """Step phase by phase until ``phase`` has played, then stay paused there."""
    director.step()
    qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)
    while director.phases_run[-1] != phase:
        director.step()
        qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)


@pytest.mark.parametrize("procedure", PROCEDURES)
def test_cards_leave_the_deck_in_the_engines_order_to_their_places(qtbot: QtBot, procedure: str) -> None:
    played = played_round(procedure, seats=5, seed=11)
    scene, director = director_for(played, 5)
    run_until_paused_after(qtbot, director, "turn-river")
    out_of_the_deck = [entry for entry in dealt(played) if entry[0] != "rack"]
    assert [entry for entry in first_arrivals(scene) if entry[0] != "rack"] == out_of_the_deck
    for target, card in played.deal.sequence:
        if target.kind == "rack":
            continue
        [item] = [c for c in scene.cards_at(target.kind, target.seat) if c.card == card]
        place, angle = scene.card_place(target.kind, target.seat, target.slot)
        assert (item.pos().x(), item.pos().y()) == pytest.approx(place)
        assert item.rotation() == pytest.approx(angle)
        assert item.face_up == (target.kind == "board")
    held = 0 if procedure != "deck-mate" else len(played.deal.rack)
    assert len(scene.cards_at("rack")) == len(played.deal.rack) - held
    assert len(scene.cards_at("deck")) == held


@pytest.mark.parametrize("procedure", PROCEDURES)
def test_a_whole_round_plays_to_the_end_with_every_card_in_the_rack(qtbot: QtBot, procedure: str) -> None:
    played = played_round(procedure, seats=7, seed=5)
    sound = FakeSound()
    scene, director = director_for(played, 7, sound)
    run(qtbot, director)
    assert director.state == "finished"
    assert first_arrivals(scene) == dealt(played)
    rack = scene.cards_at("rack")
    assert len(rack) == 52 and sorted(of_kind(c.card, Card) for c in rack) == sorted(c for _, c in played.deal.sequence)
    assert not any(card.face_up for card in rack)
    assert {"shuffle", "deal", "flip", "chips"} <= set(sound.played)


def test_ace_community_cards_come_out_first_and_deck_mate_deals_them_street_by_street(qtbot: QtBot) -> None:
    played = played_round("ace", seats=3, seed=2)
    scene, director = director_for(played, 3)
    run_until_paused_after(qtbot, director, "deal")
    assert [kind for kind, *_ in scene.arrivals[:5]] == ["board"] * 5
    played = played_round("deck-mate", seats=3, seed=2)
    scene, director = director_for(played, 3)
    run_until_paused_after(qtbot, director, "deal")
    assert [kind for kind, *_ in scene.arrivals] == ["seat"] * 6 + ["dealer"] * 2
    assert len(scene.cards_at("deck")) == 52 - 8
    run_until_paused_after(qtbot, director, "flop")
    assert [c.card for c in scene.cards_at("board")] == list(played.deal.board[:3])
    run_until_paused_after(qtbot, director, "turn-river")
    assert [c.card for c in scene.cards_at("board")] == list(played.deal.board)
    assert len(scene.cards_at("deck")) == len(played.deal.rack)  # the stub, still in the dealer's hand
    with qtbot.waitSignal(director.finished, timeout=WAIT):
        director.resume()
    assert first_arrivals(scene) == dealt(played) and len(scene.cards_at("rack")) == 52


def phases_of(played: Any) -> list[str]:
    steps = played.settlement.procedure
    seats: list[int] = []
    for step in steps:
        if step.phase == "settle" and (not seats or seats[-1] != step.seat):
            seats.append(step.seat)
    return [f"settle:{seat}" for seat in seats]


@pytest.mark.parametrize("banking", ["house", "player-dealer"])
def test_phases_follow_the_round_and_seats_settle_in_the_engines_order(qtbot: QtBot, banking: str) -> None:
    played = played_round("shuffler", banking, seats=6, seed=4)
    _, director = director_for(played, 6)
    started: list[str] = []
    director.phaseStarted.connect(started.append)
    run(qtbot, director)
    coin_in = ["coin-in"] if any(bets.progressive for bets in played.bets) else []
    head = ["bets", "fee", "deal"] if banking == "player-dealer" else ["bets", *coin_in, "deal"]
    assert started[: len(head) + 4] == [*head, "preflop", "flop", "turn-river", "river-decisions"]
    assert started[-1] == "cleanup"
    assert [name for name in started if name.startswith("settle:")] == phases_of(played)
    assert ("folds" in started) == bool(played.folded)
    settles = phases_of(played)
    if settles:
        assert started.index("reveal") < started.index(settles[0])


def test_house_settlement_leaves_stake_plus_net_on_every_wager(qtbot: QtBot) -> None:
    for seed in range(1, 9):
        played = played_round("ace", seats=7, seed=seed)
        scene, director = director_for(played, 7)
        director.start()
        director.skip_to_end()
        for step in played.settlement.procedure:
            stake = played_stake(played, step.seat, str(step.wager))
            expected = stake + step.net if str(step.action) != "return" else Decimal(0)
            assert scene.chip_amount(step.seat, str(step.wager)) == expected, (seed, step)


def played_stake(played: Any, seat: int, wager: str) -> Decimal:
    hand = next(h for h in played.hands if h.seat == seat)
    return Decimal(getattr(hand, wager))


def test_player_dealer_posts_a_bank_pays_the_fee_and_banks_the_results(qtbot: QtBot) -> None:
    played = played_round("card-shoe", "player-dealer", seats=6, seed=3)
    scene, director = director_for(played, 6)
    run(qtbot, director)
    pd_seat = present(played.table.player_dealer_seat)
    assert scene.player_dealer_seat == pd_seat and scene.button.isVisible()
    button = scene.geometry.seat(pd_seat).button
    assert (scene.button.pos().x(), scene.button.pos().y()) == pytest.approx(button)
    net = present(played.settlement.player_dealer_net)
    assert scene.bank_amount() == Decimal(present(played.table.player_dealer_bank)) + net
    dealer_places = scene.geometry.dealer_hand(pd_seat)
    assert dealer_places == scene.geometry.seat(pd_seat).cards


def test_the_button_moves_when_the_bank_rotates(qtbot: QtBot) -> None:
    from tests.gui.table_support import session

    table = session("shuffler", "player-dealer", 6, seed=8)
    rounds = [table.next_round() for _ in range(3)]
    assert rounds[0].table.player_dealer_seat != rounds[2].table.player_dealer_seat
    scene = scene_for(rounds[0], 6)
    for played in rounds:
        director = RoundDirector(scene, played, Durations.tiny())
        run(qtbot, director)
        seat = present(played.table.player_dealer_seat)
        assert scene.player_dealer_seat == seat
        assert (scene.button.pos().x(), scene.button.pos().y()) == pytest.approx(
            scene.geometry.seat(seat).button
        )


def test_decks_alternate_and_only_one_is_in_the_rack(qtbot: QtBot) -> None:
    from tests.gui.table_support import session

    table = session("ace", "house", 4, seed=6)
    first, second = table.next_round(), table.next_round()
    assert first.deck_colour != second.deck_colour
    scene = scene_for(first, 4)
    run(qtbot, RoundDirector(scene, first, Durations.tiny()))
    assert {card.back_colour for card in scene.cards_at("rack")} == {first.deck_colour}
    director = RoundDirector(scene, second, Durations.tiny())
    run(qtbot, director)
    assert {card.back_colour for card in scene.cards_at("rack")} == {second.deck_colour}
    assert scene.rack.previous_deck is None
    assert scene.shuffler.loaded == first.deck_colour


def test_pause_holds_everything_and_step_plays_one_phase(qtbot: QtBot) -> None:
    played = played_round("shuffler", seats=4, seed=9)
    scene, director = director_for(played, 4)
    director.start()
    director.pause()
    assert director.state == "paused" and director.phases_run == ["bets"]
    with qtbot.assertNotEmitted(director.phaseStarted, wait=50):  # nothing moves while paused
        pass
    assert director.phases_run == ["bets"] and scene.wager_amount(1, "ante") == 0
    director.step()  # the rest of the bets, then pause
    qtbot.waitUntil(lambda: scene.wager_amount(1, "ante") > 0 and director.state == "paused", timeout=WAIT)
    assert director.phases_run == ["bets"]
    opening = ["bets", "coin-in", "deal"] if "coin-in" in director.phase_names() else ["bets", "deal"]
    while director.phases_run != opening:  # COIN IN (when anyone bet the Progressive), the deal; each pauses
        director.step()
        qtbot.waitUntil(lambda: director.state == "paused", timeout=WAIT)
    qtbot.waitUntil(lambda: len(scene.arrivals) == 52, timeout=WAIT)
    with qtbot.assertNotEmitted(director.phaseStarted, wait=30):  # paused after the deal: no next phase
        pass
    assert director.phases_run == opening and director.state == "paused"
    with qtbot.waitSignal(director.finished, timeout=WAIT):
        director.resume()


def test_skip_to_end_puts_everything_in_its_final_place_at_once(qtbot: QtBot) -> None:
    played = played_round("ace", seats=7, seed=12)
    scene, director = director_for(played, 7, FakeSound())
    director.start()
    with qtbot.waitSignal(director.finished, timeout=100):
        director.skip_to_end()
    assert director.state == "finished"
    assert first_arrivals(scene) == dealt(played) and len(scene.cards_at("rack")) == 52
    reference_scene, reference = director_for(played, 7)
    run(qtbot, reference)
    for seat in played.deal.seats:
        for wager in scene.config.wagers:
            assert scene.chip_amount(seat, wager) == reference_scene.chip_amount(seat, wager)


def test_skip_while_paused_and_before_the_start(qtbot: QtBot) -> None:
    played = played_round("deck-mate", seats=3, seed=1)
    scene, director = director_for(played, 3)
    run_until_paused_after(qtbot, director, "flop")
    director.skip_to_end()
    assert director.state == "finished" and len(scene.cards_at("rack")) == 52
    scene, director = director_for(played, 3)
    director.skip_to_end()
    assert director.state == "finished" and len(scene.cards_at("rack")) == 52
    assert first_arrivals(scene) == dealt(played)


def test_speed_changes_apply_at_once_and_the_round_still_comes_out_right(qtbot: QtBot) -> None:
    played = played_round("card-shoe", seats=5, seed=7)
    scene = scene_for(played, 5)
    director = RoundDirector(scene, played, Durations(deal=12, flip=10, chips=10, pause=8))
    speeds = iter([4.0, 0.25, 2.0, 1.0, 3.0] * 10)
    director.phaseStarted.connect(lambda _name: director.set_speed(next(speeds)))
    run(qtbot, director)
    assert first_arrivals(scene) == dealt(played) and len(scene.cards_at("rack")) == 52
    director.set_speed(99)
    assert director.speed == 4.0
    director.set_speed(0)
    assert director.speed == 0.25


def test_speed_change_in_the_middle_of_a_phase_keeps_its_progress(qtbot: QtBot) -> None:
    played = played_round("shuffler", seats=7, seed=3)
    scene = scene_for(played, 7)
    director = RoundDirector(scene, played, Durations(deal=80, flip=80, chips=40, pause=40))
    director.start()
    qtbot.waitUntil(lambda: director.phases_run[-1] == "deal" and len(scene.arrivals) > 3, timeout=WAIT)
    director.pause()
    group = director._group
    assert group is not None
    progress = group.currentTime() / group.totalDuration()
    director.set_speed(4.0)
    assert group.currentTime() / group.totalDuration() == pytest.approx(progress, abs=0.02)
    director.skip_to_end()
    assert first_arrivals(scene) == dealt(played)


def test_annotations_can_be_left_off_for_a_quiz(qtbot: QtBot) -> None:
    played = played_round("ace", seats=4, seed=3)
    scene = scene_for(played, 4)
    director = RoundDirector(scene, played, Durations.tiny(), annotate=False)
    director.skip_to_end()
    assert scene.dealer_badge_text() == "" and all(scene.badge_text(s) == "" for s in range(1, 5))
    scene, director = director_for(played, 4)
    run_until_paused_after(qtbot, director, "reveal")
    assert "qualif" in scene.dealer_badge_text()
    director.skip_to_end()
    assert scene.dealer_badge_text() == ""  # it went with the cards at the cleanup


def test_folded_hands_are_spread_counted_and_racked(qtbot: QtBot) -> None:
    for seed in range(1, 30):
        played = played_round("ace", seats=7, seed=seed)
        later = {s.seat for s in played.settlement.procedure if s.phase != "fold"}
        mucked = [seat for seat in played.folded if seat not in later]
        if mucked:
            break
    else:
        pytest.fail("no round with a folded hand in seeds 1..29: the seeds no longer exercise folds")
    scene, director = director_for(played, 7)
    run_until_paused_after(qtbot, director, "folds")
    for seat in mucked:
        assert scene.cards_at("seat", seat) == []
        assert scene.chip_amount(seat, "ante") == 0 and scene.chip_amount(seat, "blind") == 0
    racked = [of_kind(card, Card) for kind, _, _, card in scene.arrivals[52:] if kind == "rack"]
    assert sorted(racked) == sorted(c for seat in mucked for c in played.deal.hands[seat])
    director.skip_to_end()


def test_wagers_the_bank_cannot_cover_go_back_to_the_players(qtbot: QtBot) -> None:
    """A small bank: partly collected wagers leave the layout (the rest returned), returned wagers too; the
    bank ends at its post plus the player-dealer's result."""
    from tests.gui.table_support import session

    for seed in (1, 4, 5):
        played = session("shuffler", "player-dealer", 8, seed, bank=60).next_round()
        scene = scene_for(played, 8)
        director = RoundDirector(scene, played, Durations.tiny())
        director.skip_to_end()
        for step in played.settlement.procedure:
            stake = played_stake(played, step.seat, str(step.wager))
            action = str(step.action)
            if action == "return" or (action == "take" and step.amount < stake):
                expected = Decimal(0)
            else:
                expected = stake + step.net
            assert scene.chip_amount(step.seat, str(step.wager)) == expected, (seed, step)
        assert scene.bank_amount() == 60 + present(played.settlement.player_dealer_net)


# COIN IN (seed 002 rule 6, rules-notes §2): after the bets, before the deal, the sensors light and every
# Progressive wager leaves the layout; a winner's award is paid from the tray in its seat's turn.


def progressive_round() -> Any:
    """Seat 1's full house wins the Progressive (10 for 1); seat 3's loses it."""
    from tests.table.test_plan import RAISES, round_of
    from trainer.engine.table import TableRules

    return round_of({1: "9c 9d", 3: "As 5h"}, "Qd Qh", {1: RAISES, 3: RAISES},
                    table=TableRules(progressive_meter=Decimal(25000)), board="Ks Kd 9h 4c 2s", progressive=5)


def test_coin_in_lights_the_sensors_and_takes_every_progressive_wager_before_the_deal(qtbot: QtBot) -> None:
    played = progressive_round()
    scene, director = director_for(played, 3)
    run_until_paused_after(qtbot, director, "bets")
    assert scene.wager_amount(1, "progressive") == 5 and scene.wager_amount(3, "progressive") == 5
    assert scene.lit_sensors() == []
    run_until_paused_after(qtbot, director, "coin-in")
    assert scene.wager_amount(1, "progressive") == 0 and scene.wager_amount(3, "progressive") == 0
    assert scene.lit_sensors() == [1, 3]
    assert scene.arrivals == []  # no card dealt yet
    assert scene.wager_amount(1, "ante") == 10  # the other wagers stay


def test_a_winning_progressive_is_paid_from_the_tray_in_its_seats_turn_with_no_stake_on_the_spot(
        qtbot: QtBot) -> None:
    played = progressive_round()
    scene, director = director_for(played, 3)
    run_until_paused_after(qtbot, director, "settle:3")
    assert scene.payout_amount(1, "progressive") == 0  # not before seat 1's turn
    run_until_paused_after(qtbot, director, "settle:1")
    assert scene.payout_amount(1, "progressive") == 50  # 10 for 1 on $5: the award, the stake not returned
    assert scene.wager_amount(1, "progressive") == 0
    assert scene.chip_amount(3, "progressive") == 0
    with qtbot.waitSignal(director.finished, timeout=WAIT):
        director.resume()
    assert scene.lit_sensors() == []  # dark after the cleanup
