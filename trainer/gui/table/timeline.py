"""Building blocks of the round's animation: slides, turns, fades and cues, composed into Qt animation groups.

A :class:`Timeline` builds the animations of one phase. It remembers where every item *will be* once the
animations built so far have run, and gives each animation that explicit start value, so a phase plays the
same whether it runs, is sped up or slowed down half way, or is jumped to its end. Every duration is kept
with its base value so the director can rescale a running phase (speed control).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    QVariantAnimation,
)
from PySide6.QtWidgets import QGraphicsObject

from trainer.gui.table.items import CardItem
from trainer.gui.table.layout import Point


class Cue(QAbstractAnimation):
    """A zero-length step of a timeline that calls ``action`` once, when the timeline reaches it."""

    def __init__(self, action: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._action = action
        self._done = False

    def duration(self) -> int:
        return 0

    def updateCurrentTime(self, current_time: int) -> None:  # noqa: N802 (Qt's name)
        self._fire()

    def updateState(self, new_state: QAbstractAnimation.State, old_state: QAbstractAnimation.State) -> None:  # noqa: N802
        if new_state == QAbstractAnimation.State.Running:
            self._fire()

    def _fire(self) -> None:
        if not self._done:
            self._done = True
            self._action()


class Timeline:
    """Makes the animations of one phase; durations are given at speed 1 and divided by ``speed``."""

    def __init__(self, speed: float) -> None:
        self.speed = speed
        self.timed: list[tuple[QVariantAnimation | QPauseAnimation, int]] = []
        self._pos: dict[int, QPointF] = {}
        self._rotation: dict[int, float] = {}
        self._opacity: dict[int, float] = {}
        self._face: dict[int, float] = {}
        self._scale: dict[int, float] = {}
        self._keep: list[QGraphicsObject] = []

    def _time(self, animation: QVariantAnimation | QPauseAnimation, base: int) -> None:
        base = max(0, int(base))
        animation.setDuration(round(base / self.speed))
        self.timed.append((animation, base))

    def _property(
        self,
        item: QGraphicsObject,
        name: bytes,
        start: object,
        end: object,
        base: int,
        easing: QEasingCurve.Type = QEasingCurve.Type.OutCubic,
    ) -> QPropertyAnimation:
        animation = QPropertyAnimation(item, name)
        animation.setStartValue(start)
        animation.setEndValue(end)
        animation.setEasingCurve(easing)
        self._time(animation, base)
        self._keep.append(item)
        return animation

    # -- where items will be --------------------------------------------------------------------------------

    def position(self, item: QGraphicsObject) -> QPointF:
        return QPointF(self._pos.get(id(item), item.pos()))

    def face(self, card: CardItem) -> float:
        """How far ``card`` will be turned face up (0..1) once the animations built so far have run."""
        return self._face.get(id(card), card.turned)

    def opacity(self, item: QGraphicsObject) -> float:
        return self._opacity.get(id(item), item.opacity())

    # -- the blocks -----------------------------------------------------------------------------------------

    def slide(
        self, item: QGraphicsObject, to: Point, base: int, rotation: float | None = None
    ) -> QAbstractAnimation:
        """Move ``item`` to ``to`` (easing out, as a hand slides a card), turning it to ``rotation``."""
        start = self.position(item)
        end = QPointF(to.x, to.y)
        self._pos[id(item)] = end
        move = self._property(item, b"pos", start, end, base)
        if rotation is None:
            return move
        turn = self._property(
            item, b"rotation", self._rotation.get(id(item), item.rotation()), float(rotation), base
        )
        self._rotation[id(item)] = float(rotation)
        return self.together([move, turn])

    def flip(self, card: CardItem, up: bool, base: int) -> QAbstractAnimation:
        """Turn ``card`` face up (or down)."""
        start = self._face.get(id(card), card.turned)
        end = 1.0 if up else 0.0
        self._face[id(card)] = end
        return self._property(card, b"face", start, end, base, QEasingCurve.Type.InOutSine)

    def fade(self, item: QGraphicsObject, to: float, base: int) -> QAbstractAnimation:
        start = self.opacity(item)
        self._opacity[id(item)] = to
        return self._property(item, b"opacity", start, float(to), base, QEasingCurve.Type.Linear)

    def show(self, item: QGraphicsObject) -> QAbstractAnimation:
        """Make ``item`` visible at once (it may have been waiting, transparent, for its turn)."""
        return self.fade(item, 1.0, 0)

    def pulse(self, item: QGraphicsObject, base: int) -> QAbstractAnimation:
        """Swell ``item`` a little and settle it back: "this one stays"."""
        original = self._scale.get(id(item), item.scale())
        grow = self._property(item, b"scale", original, original * 1.18, base // 2, QEasingCurve.Type.OutQuad)
        back = self._property(item, b"scale", original * 1.18, original, base // 2, QEasingCurve.Type.InQuad)
        return self.one_after_another([grow, back])

    def wait(self, base: int) -> QAbstractAnimation:
        pause = QPauseAnimation()
        self._time(pause, base)
        return pause

    def cue(self, action: Callable[[], object]) -> QAbstractAnimation:
        return Cue(action)

    @staticmethod
    def together(animations: Iterable[QAbstractAnimation]) -> QParallelAnimationGroup:
        group = QParallelAnimationGroup()
        for animation in animations:
            group.addAnimation(animation)
        return group

    @staticmethod
    def one_after_another(animations: Iterable[QAbstractAnimation]) -> QSequentialAnimationGroup:
        group = QSequentialAnimationGroup()
        for animation in animations:
            group.addAnimation(animation)
        return group

    def staggered(self, animations: Iterable[QAbstractAnimation], gap: int) -> QParallelAnimationGroup:
        """Start each animation ``gap`` ms (at speed 1) after the previous one; they may overlap."""
        lanes = []
        for index, animation in enumerate(animations):
            lanes.append(self.one_after_another([self.wait(index * gap), animation]) if index else animation)
        return self.together(lanes)


def rescale(timed: list[tuple[QVariantAnimation | QPauseAnimation, int]], speed: float) -> None:
    """Give every animation of ``timed`` its base duration divided by ``speed``."""
    for animation, base in timed:
        animation.setDuration(round(base / speed))
