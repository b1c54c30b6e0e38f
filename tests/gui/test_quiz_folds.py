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
