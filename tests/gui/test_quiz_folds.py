"""Settle it yourself: a folded hand leaves the felt as soon as the trainee has settled all of it (rules-notes
§4, §7): spread face down, counted (``FOLD · 2 CARDS``) and racked; a trips on a fold stays face up until its
last wager is settled. Offscreen, one-millisecond animations, waits on conditions (never sleeps)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.gui.test_settlement_quiz_gui import (
    HOUSE,
    WAIT,
    announce_right,
    deal,
    open_window,
    seed_for,
    settle_right,
    steps_of,
)
from trainer.engine.wagers import Wager
from trainer.scoring import Mode

pytestmark = pytest.mark.gui

__all__ = ["open_window"]  # the window fixture, shared with the settlement quiz's tests


def a_low_fold_settled_before_the_last_step(played: Any) -> bool:
    """A fold below trips (only Ante and Blind to collect) whose steps are not the round's last."""
    steps = steps_of(played)
    later = {step.seat for step in steps if step.phase != "fold"}
    return any(steps[-1].seat != seat for seat in set(played.folded) - later)


def trips_on_a_fold_settled_before_the_last_step(played: Any) -> bool:
    """A folded hand whose Trips stays in action, and a step of another seat after its last one."""
    steps = steps_of(played)
    for seat in played.folded:
        mine = [i for i, step in enumerate(steps) if step.seat == seat]
        if any(steps[i].wager is Wager.TRIPS and steps[i].phase != "fold" for i in mine) and mine[-1] < len(steps) - 1:
            return True
    return False


def settle_through(qtbot: Any, quiz: Any, seat: int, *, phase: str | None = None) -> None:
    """Settle right, in the engine's order, up to ``seat``'s last step (of ``phase`` when given)."""
    core = quiz.quiz
    assert core is not None
    last = [step for step in core.pending() if step.seat == seat and (phase is None or step.phase == phase)][-1]
    while (step := core.next_step()) is not None:
        settle_right(qtbot, quiz, step)
        if step == last:
            return
    raise AssertionError(f"seat {seat}'s last step was never reached")


def test_a_folded_hand_goes_to_the_rack_once_its_ante_and_blind_are_collected(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, a_low_fold_settled_before_the_last_step))
    quiz = deal(qtbot, window)
    played, scene = window.played, window.scene
    steps = steps_of(played)
    later = {step.seat for step in steps if step.phase != "fold"}
    seat = next(seat for seat in sorted(set(played.folded) - later) if steps[-1].seat != seat)
    cards = scene.cards_at("seat", seat)
    assert len(cards) == 2 and not any(card.face_up for card in cards)
    in_rack = len(scene.cards_at("rack"))
    announce_right(qtbot, quiz)
    settle_through(qtbot, quiz, seat)
    assert quiz.quiz is not None and not quiz.quiz.done  # the hand is still being settled
    qtbot.waitUntil(lambda: scene.cards_at("seat", seat) == [], timeout=WAIT)
    rack = scene.cards_at("rack")
    assert rack[-2:] == cards and len(rack) == in_rack + 2
    assert not any(card.face_up for card in cards)
    assert scene.badge_text(seat) == "FOLD · 2 CARDS"
    assert scene.wager_amount(seat, "ante") == 0 and scene.wager_amount(seat, "blind") == 0


def test_trips_on_a_fold_keeps_its_cards_until_its_trips_is_paid(qtbot: Any, open_window: Any) -> None:
    window = open_window(HOUSE, seed_for(HOUSE, trips_on_a_fold_settled_before_the_last_step))
    quiz = deal(qtbot, window)
    played, scene = window.played, window.scene
    steps = steps_of(played)
    seat = next(seat for seat in sorted(played.folded)
                if any(s.seat == seat and s.wager is Wager.TRIPS and s.phase != "fold" for s in steps))
    cards = scene.cards_at("seat", seat)
    assert len(cards) == 2 and all(card.face_up for card in cards)
    announce_right(qtbot, quiz)
    settle_through(qtbot, quiz, seat, phase="fold")
    fold_wagers = [step.wager.value for step in steps if step.seat == seat and step.phase == "fold"]
    qtbot.waitUntil(lambda: all(scene.wager_amount(seat, wager) == 0 for wager in fold_wagers),
                    timeout=WAIT)  # every chip of the fold collected
    assert scene.cards_at("seat", seat) == cards and all(card.face_up for card in cards)
    assert scene.badge_text(seat) != "FOLD · 2 CARDS"
    settle_through(qtbot, quiz, seat)
    assert quiz.quiz is not None and not quiz.quiz.done
    qtbot.waitUntil(lambda: scene.cards_at("seat", seat) == [], timeout=WAIT)
    assert scene.cards_at("rack")[-2:] == cards and not any(card.face_up for card in cards)


@pytest.mark.parametrize("mode", [None, *Mode], ids=lambda mode: "table" if mode is None else mode.value)
def test_a_folded_hand_with_a_side_bet_in_action_is_face_up_when_its_side_bets_are_settled(
    qtbot: Any, open_window: Any, mode: Mode | None
) -> None:
    """The documents keep a trips-or-better hand face up until it is paid: whoever settles, in every mode."""
    window = open_window(HOUSE, seed_for(HOUSE, trips_on_a_fold_settled_before_the_last_step), mode)
    scene = window.scene
    face_up_at_settling: list[bool] = []
    if mode is None:  # the table settles: the seat's phase begins with its cards already up
        def heard(phase: str) -> None:
            if phase == f"settle:{seat[0]}":
                face_up_at_settling.append(all(card.face_up for card in scene.cards_at("seat", seat[0])))

        seat = [0]
        window.phaseChanged.connect(heard)
        window.roundStarted.connect(lambda: seat.__setitem__(0, side_bet_seat(window.played)))
        with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
            assert window.new_round()
        assert face_up_at_settling == [True]
        return
    quiz = deal(qtbot, window)
    folded = side_bet_seat(window.played)
    announce_right(qtbot, quiz)
    core = quiz.quiz
    assert core is not None
    side_bets = [step for step in core.pending() if step.seat == folded and step.phase != "fold"]
    assert side_bets and all(step.wager in SIDE_BETS for step in side_bets)
    while (step := core.next_step()) is not None:
        if step in side_bets:
            cards = scene.cards_at("seat", folded)
            face_up_at_settling.append(len(cards) == 2 and all(card.face_up for card in cards))
        settle_right(qtbot, quiz, step)
    assert face_up_at_settling == [True] * len(side_bets)


SIDE_BETS = (Wager.TRIPS, Wager.BAD_BEAT, Wager.PAIRS, Wager.PROGRESSIVE)


def side_bet_seat(played: Any) -> int:
    """The folded seat with a side bet still in action."""
    return next(step.seat for step in steps_of(played)
                if step.seat in played.folded and step.phase != "fold" and step.wager in SIDE_BETS)
