"""The payout the trainee is cutting, on the felt: each chip slides out of the tray (on a player-dealer table,
the player-dealer's bank) to stand beside the chosen wager, and slides back when it is taken back.

Built from the table's own pieces (:meth:`TableScene.new_chips`, :class:`Timeline` slides and fades), so it
moves like the director's chips and follows the same speed.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import QAbstractAnimation, QObject

from trainer.gui.table.items import ChipStack
from trainer.gui.table.layout import Point
from trainer.gui.table.scene import Z_CHIPS, Z_MOVING, TableScene
from trainer.gui.table.timeline import Timeline


class PayoutCutter(QObject):
    """The chips cut for a pay, standing by the wager they are for; ``chip_ms`` is one chip's slide at speed
    1 and ``speed`` gives the table's speed now."""

    def __init__(self, scene: TableScene, chip_ms: int, speed: Callable[[], float],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.chip_ms = chip_ms
        self._speed = speed
        self.stack: ChipStack | None = None
        tray = scene.geometry.tray
        self.place = Point(tray.center.x, tray.y + tray.height + 46)
        """Where the cut chips stand: beside the chosen wager (in front of the tray before one is chosen)."""
        self._moves: list[tuple[QAbstractAnimation, Timeline]] = []

    @property
    def amount(self) -> Decimal:
        """The chips cut so far, once every chip on its way has arrived."""
        self.settle()
        return self.stack.amount if self.stack is not None else Decimal(0)

    def aim(self, seat: int, wager: str) -> None:
        """Cut for ``seat``'s ``wager``: the chips cut so far move beside it."""
        self.place = self.scene.payout_place(seat, wager)
        if self.stack is not None:
            self.settle()
            t = self._timeline()
            self._run(t.slide(self.stack, self.place, self.chip_ms), t)

    def add(self, value: Decimal) -> None:
        """One chip out of the tray onto the payout."""
        stack = self._stack()
        chip = self.scene.new_chips(value, self._source(value), label=False)
        t = self._timeline()

        def arrived() -> None:
            stack.set_amount(stack.amount + value)
            self.scene.retire(chip)

        self._run(t.one_after_another([t.slide(chip, self.place, self.chip_ms), t.cue(arrived)]), t)

    def remove(self, value: Decimal) -> None:
        """One chip of ``value`` off the payout, back into the tray."""
        self.settle()
        if self.stack is None or self.stack.amount < value:
            return
        self.stack.set_amount(self.stack.amount - value)
        chip = self.scene.new_chips(value, self.place, label=False)
        self._back_to_tray(chip, value)

    def clear(self) -> None:
        """Every chip cut goes back into the tray."""
        self.settle()
        stack, self.stack = self.stack, None
        if stack is None:
            return
        if stack.amount <= 0:
            self.scene.retire(stack)
            return
        stack.setZValue(Z_MOVING)
        self._back_to_tray(stack, stack.amount)

    def hand_over(self) -> ChipStack | None:
        """The cut payout, to be paid where it stands (None when nothing is cut); cutting starts afresh."""
        self.settle()
        stack, self.stack = self.stack, None
        if stack is not None and stack.amount <= 0:
            self.scene.retire(stack)
            return None
        if stack is not None:
            stack.set_highlighted(False)
        return stack

    def settle(self) -> None:
        """Every chip on its way arrives at once."""
        for animation, _ in list(self._moves):
            if animation.state() != QAbstractAnimation.State.Stopped:
                animation.setCurrentTime(animation.totalDuration())

    def drop(self) -> None:
        """The hand is over: whatever is cut leaves the felt at once."""
        self.settle()
        if self.stack is not None:
            self.scene.retire(self.stack)
            self.stack = None

    # -- internals -----------------------------------------------------------------------------------------

    def _stack(self) -> ChipStack:
        if self.stack is None:
            self.stack = self.scene.new_chips(Decimal(0), self.place)
            self.stack.setZValue(Z_CHIPS + 2)
            self.stack.set_highlighted(True)  # the chips being cut, told apart from the wagers beside them
        return self.stack

    def _source(self, value: Decimal) -> Point:
        if self.scene.player_dealer_seat is not None:
            return self.scene.bank_place()
        return self.scene.tray.tube(value)

    def _back_to_tray(self, chips: ChipStack, value: Decimal) -> None:
        t = self._timeline()
        scene = self.scene
        self._run(t.one_after_another([
            t.slide(chips, self._source(value), self.chip_ms),
            t.fade(chips, 0.0, self.chip_ms // 3),
            t.cue(lambda: scene.retire(chips)),
        ]), t)

    def _timeline(self) -> Timeline:
        return Timeline(self._speed())

    def _run(self, animation: QAbstractAnimation, timeline: Timeline) -> None:
        entry = (animation, timeline)
        animation.setParent(self)  # Qt owns it while it runs; deleted once it has finished
        self._moves.append(entry)
        animation.finished.connect(lambda: self._done(entry))
        animation.start()

    def _done(self, entry: tuple[QAbstractAnimation, Timeline]) -> None:
        if entry in self._moves:
            self._moves.remove(entry)
            entry[0].deleteLater()
