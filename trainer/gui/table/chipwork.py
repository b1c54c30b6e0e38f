"""One settlement step as chips: a pay cut from the tray (or the player-dealer's bank) to the wager, a take
into the tray, a push (the stack swells and stays), a return to the player."""

from __future__ import annotations

from decimal import Decimal
from functools import partial

from PySide6.QtCore import QAbstractAnimation

from trainer.engine.settlement import Step
from trainer.engine.wagers import Action
from trainer.gui.table.items import ChipStack
from trainer.gui.table.layout import Point
from trainer.gui.table.money import chip_breakdown
from trainer.gui.table.stage import Stage
from trainer.gui.table.timeline import Timeline

COINED_IN = "progressive"
"""The wager whose stake leaves the layout at COIN IN, before the deal (seed 002 rule 6)."""


def top_chip(amount: Decimal) -> Decimal:
    """The largest chip of ``amount`` (the tray's tube it comes from or goes to).

    >>> top_chip(Decimal("37.50")), top_chip(Decimal(0))
    (Decimal('25'), Decimal('1'))
    """
    chips = chip_breakdown(amount)
    return chips[0] if chips else Decimal(1)


def settle_step(stage: Stage, t: Timeline, step: Step, payout: ChipStack | None = None) -> QAbstractAnimation:
    """One settlement record as chip movements: pay, take, push or return (``payout``: chips already cut for
    a pay). A winning Progressive is its award alone, from the tray: its stake went at COIN IN."""
    scene = stage.scene
    seat, wager, amount = step.seat, str(step.wager), Decimal(step.amount)
    blocks: list[QAbstractAnimation] = [stage.sound(t, "chips")]
    if wager == COINED_IN and step.action == Action.PAY:
        # The stake left the layout at COIN IN: the award alone comes from the tray.
        blocks.append(pay(stage, t, seat, wager, amount, payout))
        return t.one_after_another(blocks)
    stack = scene.wager_chips(seat, wager)
    if stack is None:
        stack = scene.new_chips(amount, scene.wager_place(seat, wager, amount))
        scene.set_wager_chips(seat, wager, stack)
    if step.action == Action.PAY:
        stake_taken = amount - Decimal(step.net)
        if stake_taken > 0:
            blocks.append(take(stage, t, seat, wager, stack, stake_taken))
        blocks.append(pay(stage, t, seat, wager, amount, payout))
    elif step.action == Action.TAKE:
        blocks.append(take(stage, t, seat, wager, stack, amount))
    elif step.action == Action.RETURN:
        blocks.append(give_back(stage, t, seat, wager, stack))
    else:
        blocks.append(t.pulse(stack, stage.durations.chips))
    return t.one_after_another(blocks)


def take(stage: Stage, t: Timeline, seat: int, wager: str, stack: ChipStack, amount: Decimal) -> QAbstractAnimation:
    """``amount`` of the wager goes to the tray (or the player-dealer's bank); the rest goes back to the
    player."""
    scene, d = stage.scene, stage.durations
    rest = stack.amount - amount
    if rest > 0:
        moving = scene.new_chips(amount, Point(stack.pos().x(), stack.pos().y()))
        moving.setOpacity(0.0)
        split = [t.cue(lambda: stack.set_amount(rest)), t.show(moving)]
    else:
        moving, split = stack, [t.cue(lambda: scene.set_wager_chips(seat, wager, None, keep=True))]
    to = scene.bank_place() if stage.banked else scene.tray.tube(top_chip(amount))
    blocks: list[QAbstractAnimation] = [
        *split,
        t.slide(moving, to, d.chips),
        t.fade(moving, 0.0, d.chips // 3),
        t.cue(lambda: _into_house(stage, moving, amount)),
    ]
    if rest > 0:
        blocks.append(give_back(stage, t, seat, wager, stack))
    return t.one_after_another(blocks)


def _into_house(stage: Stage, moving: ChipStack, amount: Decimal) -> None:
    stage.scene.retire(moving)
    bank = stage.scene.bank
    if bank is not None and stage.banked:
        bank.set_amount(bank.amount + amount)


def pay(stage: Stage, t: Timeline, seat: int, wager: str, amount: Decimal,
        cut: ChipStack | None = None) -> QAbstractAnimation:
    """``amount`` from the tray (or the bank) beside the wager; ``cut``: the chips the trainee cut already."""
    scene = stage.scene
    banked = stage.banked
    start = scene.bank_place() if banked else scene.tray.tube(top_chip(amount))
    if cut is not None:
        payout = cut
        payout.set_amount(amount)
    else:
        payout = scene.new_chips(amount, start)
        payout.setOpacity(0.0)
    bank = scene.bank

    def from_bank() -> None:
        if banked and bank is not None:
            bank.set_amount(max(Decimal(0), bank.amount - amount))

    return t.one_after_another([
        t.cue(from_bank),
        t.show(payout),
        t.slide(payout, scene.payout_place(seat, wager, amount), stage.durations.chips),
        t.cue(lambda: scene.set_payout_chips(seat, wager, payout)),
    ])


def give_back(stage: Stage, t: Timeline, seat: int, wager: str, stack: ChipStack) -> QAbstractAnimation:
    """The wager goes back to the player untouched."""
    scene = stage.scene
    return t.one_after_another([
        t.slide(stack, scene.player_position(seat), stage.durations.chips),
        t.fade(stack, 0.0, stage.durations.chips // 3),
        t.cue(partial(scene.set_wager_chips, seat, wager, None, keep=True)),
        t.cue(partial(scene.retire, stack)),
    ])
