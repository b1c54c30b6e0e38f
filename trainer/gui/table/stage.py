"""What the animation builders of a round share: the scene, the round, the durations, and the cards held
between phases; and the moves every phase uses (a sound cue, chips to a spot, a card dealt, cards to the rack).

The builders (:mod:`.opening`, :mod:`.chipwork`, :mod:`.closing`) each take a :class:`Stage` and the
:class:`~trainer.gui.table.timeline.Timeline` of the phase being built, and return its animations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from PySide6.QtCore import QAbstractAnimation

from trainer.engine.dealing import Target
from trainer.engine.round import PlayedRound
from trainer.gui.table.items import CardItem
from trainer.gui.table.plan import player_dealer_seat
from trainer.gui.table.scene import TableScene
from trainer.gui.table.timeline import Timeline


class Sound(Protocol):
    """What the director needs of a sound player: ``play("deal" | "flip" | "chips" | "shuffle")``."""

    def play(self, name: str) -> object: ...


@dataclass(frozen=True)
class Durations:
    """Base durations in milliseconds at speed 1 (tests pass tiny ones).

    ``deal``: a card sliding from the shuffler to its place; ``flip``: a card turning over; ``chips``: a stack
    of chips sliding; ``pause``: the breath between two phases. Cards and chips follow one another at
    ``overlap`` × their duration.

    >>> Durations().gap(300)
    126
    """

    deal: int = 300
    flip: int = 280
    chips: int = 380
    pause: int = 450
    overlap: float = 0.42

    def __post_init__(self) -> None:
        for name in ("deal", "flip", "chips", "pause"):
            if getattr(self, name) < 0:
                raise ValueError(f"the {name} duration cannot be negative")
        if not 0 < self.overlap <= 1:
            raise ValueError("overlap is a fraction of a duration, more than 0 and at most 1")

    @classmethod
    def tiny(cls) -> Durations:
        """One millisecond each: for tests."""
        return cls(deal=1, flip=1, chips=1, pause=1)

    def gap(self, base: int) -> int:
        """How long after one card or stack the next one starts."""
        return max(1, round(base * self.overlap))


class Stage:
    """The round being played on ``scene`` and what its phases hand on to one another.

    ``play`` plays a sound by name; ``annotate`` writes the decisions and hands in small labels.
    """

    def __init__(self, scene: TableScene, played: PlayedRound, durations: Durations, *,
                 play: Callable[[str], None], annotate: bool = True) -> None:
        self.scene = scene
        self.round = played
        self.durations = durations
        self.annotate = annotate
        self.player_dealer_seat = player_dealer_seat(played)
        self._play = play
        self.held_board: dict[int, tuple[Target, CardItem]] = {}
        """Deck Mate: the community cards still in the dealer's hand, by slot."""
        self.stub: list[CardItem] = []
        """Deck Mate: the rest of the deck in the dealer's hand, racked at the cleanup."""
        self.racking = 0
        """Cards of folded hands the trainee settled on their way to the rack (their slots are taken)."""

    @property
    def banked(self) -> bool:
        """A player-dealer's bank takes and pays (not the house's tray)."""
        return self.player_dealer_seat is not None

    def sound(self, t: Timeline, name: str) -> QAbstractAnimation:
        """A cue playing the sound ``name``."""
        return t.cue(lambda: self._play(name))

    def chips_to_spot(self, t: Timeline, seat: int, wager: str, amount: Decimal) -> QAbstractAnimation:
        """A stack of ``amount`` from the player's place to the wagering area (where it then belongs)."""
        scene = self.scene
        stack = scene.new_chips(amount, scene.player_position(seat))
        stack.setOpacity(0.0)
        to = scene.wager_place(seat, wager, amount)
        return t.one_after_another(
            [
                t.show(stack),
                t.slide(stack, to, self.durations.chips),
                t.cue(lambda: scene.set_wager_chips(seat, wager, stack)),
            ]
        )

    def deal_card(self, t: Timeline, target: Target, item: CardItem, *, show: bool) -> QAbstractAnimation:
        """``item`` slides to its place (``target``) and is placed there."""
        scene = self.scene
        place, angle = scene.card_place(target.kind, target.seat, target.slot)
        blocks: list[QAbstractAnimation] = []
        if show:
            blocks.append(t.show(item))
        blocks += [
            self.sound(t, "deal"),
            t.slide(item, place, self.durations.deal, rotation=angle),
            t.cue(lambda: scene.place_card(item, target.kind, target.seat, target.slot)),
        ]
        return t.one_after_another(blocks)

    def to_rack(self, t: Timeline, card: CardItem, slot: int) -> QAbstractAnimation:
        """Slide ``card`` into the rack at ``slot``, turning it face down on the way."""
        moves = [t.slide(card, self.scene.rack.slot(slot), self.durations.deal, rotation=0.0)]
        if t.face(card) >= 0.5:
            moves.append(t.flip(card, False, self.durations.deal))
        return t.together(moves)

    def rack(self, items: Sequence[CardItem]) -> None:
        """``items`` are in the rack now."""
        for item in items:
            self.scene.place_card(item, "rack")

    def unload(self, t: Timeline, items: Sequence[CardItem], *, show: bool,
               first: int | None = None) -> QAbstractAnimation:
        """The cards left after the deal go to the rack together, unseen, in deck order."""
        d = self.durations
        first = self.scene.next_rack_slot() if first is None else first
        slides = [
            t.slide(item, self.scene.rack.slot(first + i), d.deal * 2, rotation=0.0)
            for i, item in enumerate(items)
        ]
        slides += [t.flip(item, False, d.flip) for item in items if t.face(item) >= 0.5]
        blocks: list[QAbstractAnimation] = []
        if show:
            blocks.append(t.together([t.show(item) for item in items]))
        blocks += [t.together(slides), t.cue(lambda: self.rack(items))]
        return t.one_after_another(blocks)
