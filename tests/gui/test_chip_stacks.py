"""A stack on the felt as a dealer builds it: the fewest chips, largest at the bottom, a stack taller than ten chips
cut into columns side by side, and its amount printed under it at the legible size, over the bottom chip's rim
(the chips' values above it stay in view)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.gui.table_support import art
from trainer.gui.table.items import CHIP_LABEL_SIZE, ChipStack, chip_label_font
from trainer.gui.table.layout import CHIP_DIAMETER
from trainer.gui.table.money import chip_breakdown

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(("amount", "columns"), [(Decimal("187.50"), 1), (Decimal("999.50"), 2),
                                                 (Decimal(80000), 1), (Decimal("4999.50"), 3)])
def test_a_tall_stack_is_cut_into_columns_of_ten(qtbot: object, amount: Decimal, columns: int) -> None:
    count = len(chip_breakdown(amount))
    assert (count - 1) // 10 + 1 == columns  # the amounts chosen: 9, 17, 4 and 24 chips
    stack = ChipStack(art(), amount)
    chips = stack.chips_rect
    assert chips.width() == pytest.approx(columns * CHIP_DIAMETER * 0.92 + 9, abs=0.5)
    tallest = min(count, 10)
    assert chips.height() == pytest.approx(CHIP_DIAMETER + (tallest - 1) * 3.2 + 8, abs=0.5)


def test_the_amount_is_printed_under_the_stack_at_the_legible_size(qtbot: object) -> None:
    stack = ChipStack(art(), Decimal(140000))
    label, chips = stack.label_rect, stack.chips_rect
    assert stack.amount == Decimal(140000) and chip_label_font().pixelSize() == CHIP_LABEL_SIZE
    assert label.height() >= CHIP_LABEL_SIZE  # one line, as tall as its letters
    assert 0 < label.top() < CHIP_DIAMETER / 2  # over the bottom chip's lower rim, under its centre
    assert label.bottom() > chips.bottom()
    assert abs(label.center().x()) < 0.5  # centred under the chips
