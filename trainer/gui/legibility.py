"""How large the table reads on the screen, measured from the scene's own geometry and the view's scale: the
smallest face-up card's width, its corner index's height and the smallest chip amount's text, in pixels.

The benchmark (``python -m trainer.bench gui --only legibility``) and the GUI tests both measure a real window
with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF

from trainer.art.cards import INDEX_RANK_HEIGHT
from trainer.art.cards import WIDTH as ART_WIDTH
from trainer.gui.table.items import CHIP_LABEL_SIZE, CardItem, ChipStack
from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH

if TYPE_CHECKING:
    from trainer.gui.table.view import TableView

CARD_TARGETS = {(1366, 768): 64.0, (1024, 700): 48.0}
"""The smallest face-up card allowed (pixels wide) at these window sizes, with the settlement panel shown."""
INDEX_TARGET = 14.0
CHIP_TEXT_TARGET = 10.0


@dataclass(frozen=True)
class Legibility:
    """Pixels on the screen: the smallest face-up card's width and height, the rank's height in its corner
    index, the smallest chip amount's text; and how many cards and stacks were measured."""

    card_width: float
    card_height: float
    index_height: float
    chip_text: float
    cards: int
    stacks: int

    def line(self) -> str:
        return (f"card {self.card_width:.1f} x {self.card_height:.1f} px · index {self.index_height:.1f} px · "
                f"chip text {self.chip_text:.1f} px ({self.cards} cards, {self.stacks} stacks)")


def _on_screen(view: TableView, item: CardItem | ChipStack, a: QPointF, b: QPointF) -> float:
    """The distance in the viewport's pixels between two points of ``item`` (exact, not rounded to whole pixels:
    a rounded measure would pass a 9.6 px text as 10 px)."""
    transform = item.sceneTransform() * view.viewportTransform()
    pa = transform.map(a)
    pb = transform.map(b)
    return float(((pa.x() - pb.x()) ** 2 + (pa.y() - pb.y()) ** 2) ** 0.5)


def measure(view: TableView) -> Legibility:
    """Measure the face-up cards and the labelled chip stacks on ``view``'s table as it is drawn now."""
    scene = view.table_scene()
    cards = [item for item in scene.items() if isinstance(item, CardItem) and item.face_up and item.isVisible()
             and item.kind in ("seat", "dealer", "board")]
    stacks = [item for item in scene.items() if isinstance(item, ChipStack) and item.isVisible()
              and item.amount > 0]
    w, h = CARD_WIDTH / 2, CARD_HEIGHT / 2
    widths = [_on_screen(view, card, QPointF(-w, -h), QPointF(w, -h)) for card in cards]
    heights = [_on_screen(view, card, QPointF(-w, -h), QPointF(-w, h)) for card in cards]
    if not widths:  # no card out: a card would be drawn at the view's scale
        scale = view.transform().m11()
        widths, heights = [CARD_WIDTH * scale], [CARD_HEIGHT * scale]
    chip_texts = [_on_screen(view, stack, QPointF(0, 0), QPointF(0, CHIP_LABEL_SIZE)) for stack in stacks]
    if not chip_texts:
        chip_texts = [CHIP_LABEL_SIZE * view.transform().m11()]
    card_width = min(widths)
    return Legibility(card_width=card_width, card_height=min(heights),
                      index_height=card_width * INDEX_RANK_HEIGHT / ART_WIDTH, chip_text=min(chip_texts),
                      cards=len(cards), stacks=len(stacks))
