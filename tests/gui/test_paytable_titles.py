"""Every pay table printed on the felt shows its whole title inside its panel (a long one such as the California
Bad Beat table's is set smaller, never cut by the panel's edge), for each of the documents' three games and a
house table offering every side bet."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF

from trainer.engine.games import games
from trainer.gui.round_playback import layout_config
from trainer.gui.table.felt import title_font
from trainer.gui.table.layout import table_geometry
from trainer.settings import DEFAULTS

pytestmark = pytest.mark.gui

TABLES = [DEFAULTS.replace(**game.settings()) for game in games()]
TABLES.append(DEFAULTS.replace(seats=7, offer_pairs=True, offer_progressive=True))


@pytest.mark.parametrize("settings", TABLES, ids=[*(game.id for game in games()), "house-every-side-bet"])
def test_every_pay_table_title_fits_its_panel(qapp: object, settings: object) -> None:
    geometry = table_geometry(layout_config(settings))  # type: ignore[arg-type]
    assert geometry.paytables
    for panel in geometry.paytables:
        line = panel.rect.height / (len(panel.lines) + 1.7)
        title = panel.title.upper()
        font = title_font(title, round(line * 0.95), panel.rect.width - 12)
        assert QFontMetricsF(font).horizontalAdvance(title) <= panel.rect.width - 12, title


def test_a_short_title_keeps_its_full_size(qapp: object) -> None:
    assert title_font("BLIND", 20, 300).pixelSize() == 20
    assert title_font("BAD BEAT (CALIFORNIA)", 20, 120).pixelSize() < 20
