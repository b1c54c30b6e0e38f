"""Casino chips seen from above, as SVG: edge inserts ("spots"), an inner ring and the value in the centre.

Every chip is ``100 x 100`` user units. The colours follow the usual casino scheme: $1 white with blue
spots, $5 red, $25 green, $100 black, $500 purple, $1000 orange, $5000 brown, $25000 teal; the 50-cent piece is a
silver coin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from trainer.art import CHIP_DENOMINATIONS, chip_file_name, svg_document, svg_number

SIZE = 100
CENTRE = SIZE / 2
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"

CHIP_RADIUS = 48.5
SPOT_INNER, SPOT_OUTER = 38.5, 48.5
INLAY_RADIUS = 33.5
SPOT_COUNT, SPOT_DEGREES = 6, 24.0


@dataclass(frozen=True)
class ChipLook:
    """Colours of one chip: body, edge spots, inlay (centre label) and the value printed on it."""

    body: str
    spot: str
    inlay: str
    text: str
    label: str


CHIP_LOOKS: dict[Decimal, ChipLook] = {
    Decimal("1"): ChipLook(body="#f2f0ea", spot="#2456a6", inlay="#ffffff", text="#2456a6", label="1"),
    Decimal("5"): ChipLook(body="#c62828", spot="#f7f4ee", inlay="#fbf8f1", text="#b71c1c", label="5"),
    Decimal("25"): ChipLook(body="#1b7a3c", spot="#f7f4ee", inlay="#fbf8f1", text="#176b34", label="25"),
    Decimal("100"): ChipLook(body="#1d1d1f", spot="#f7f4ee", inlay="#fbf8f1", text="#1d1d1f", label="100"),
    Decimal("500"): ChipLook(body="#5e2a8c", spot="#f2d24b", inlay="#fbf8f1", text="#55237f", label="500"),
    Decimal("1000"): ChipLook(body="#f08c10", spot="#1d1d1f", inlay="#fff6e3", text="#b35c00", label="1K"),
    Decimal("5000"): ChipLook(body="#8a5a2b", spot="#f7f4ee", inlay="#fbf3e6", text="#6e4520", label="5K"),
    Decimal("25000"): ChipLook(body="#1f8fa6", spot="#f2d24b", inlay="#f1fbfd", text="#156f82", label="25K"),
}
"""The look of every chip; the 50-cent piece is drawn as a coin (see :func:`coin_svg`)."""


def render_all() -> dict[Path, bytes]:
    """Every chip of :data:`trainer.art.CHIP_DENOMINATIONS`, as ``{path under assets/: SVG bytes}``."""
    files: dict[Path, bytes] = {}
    for denomination in CHIP_DENOMINATIONS:
        look = CHIP_LOOKS.get(denomination)
        svg = chip_svg(look, denomination) if look else coin_svg(denomination)
        files[Path("chips", chip_file_name(denomination))] = svg.encode("utf-8")
    return files


def chip_svg(look: ChipLook, denomination: Decimal) -> str:
    """A round chip with six edge spots, a dashed inner ring and a light inlay carrying the value."""
    edge = _shade(look.body, 0.35)
    parts = [
        _circle(CHIP_RADIUS, fill=look.body, stroke=edge, width=1.5),
        _spots(look.spot),
        _circle(SPOT_INNER - 1.2, fill="none", stroke=look.spot, width=1.0, dash="3.2 2.6"),
        _circle(INLAY_RADIUS + 2.0, fill=edge if look.body != "#1d1d1f" else "#4a4a4c"),
        _circle(INLAY_RADIUS, fill=look.inlay, stroke=look.body, width=1.5),
        _circle(INLAY_RADIUS - 3.0, fill="none", stroke=look.text, width=0.8),
        _value(look.label, look.text),
    ]
    return _document(f"${denomination} chip", parts)


def coin_svg(denomination: Decimal) -> str:
    """A silver coin with a reeded rim for amounts under a dollar."""
    cents = int(denomination * 100)
    parts = [
        "<defs>"
        '<radialGradient id="metal" cx="38%" cy="32%" r="75%">'
        '<stop offset="0" stop-color="#fafafa"/><stop offset="0.55" stop-color="#c9ccd1"/>'
        '<stop offset="1" stop-color="#8d9198"/>'
        "</radialGradient>"
        "</defs>",
        _circle(CHIP_RADIUS, fill="url(#metal)", stroke="#6b6f76", width=1.5),
        _reeding(),
        _circle(38.0, fill="none", stroke="#7d8188", width=1.5),
        _circle(35.5, fill="none", stroke="#f4f5f7", width=1.0),
        _value(f"{cents}¢", "#3c4046"),
    ]
    return _document(f"{cents} cent piece", parts)


def _document(title: str, parts: list[str]) -> str:
    return svg_document(title, parts, SIZE, SIZE)


def _circle(radius: float, *, fill: str, stroke: str = "", width: float = 0.0, dash: str = "") -> str:
    line = f' stroke="{stroke}" stroke-width="{svg_number(width)}"' if stroke else ""
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<circle cx="{svg_number(CENTRE)}" cy="{svg_number(CENTRE)}" r="{svg_number(radius)}" '
        f'fill="{fill}"{line}{dashes}/>'
    )


def _polar(radius: float, degrees: float) -> str:
    angle = math.radians(degrees - 90)
    return f"{svg_number(CENTRE + radius * math.cos(angle))} {svg_number(CENTRE + radius * math.sin(angle))}"


def _spots(colour: str) -> str:
    """The edge inserts: annular sectors evenly round the rim, each split by two thin lines of the body."""
    shapes = []
    for i in range(SPOT_COUNT):
        middle = i * 360 / SPOT_COUNT
        start, end = middle - SPOT_DEGREES / 2, middle + SPOT_DEGREES / 2
        shapes.append(
            f"M{_polar(SPOT_INNER, start)}L{_polar(SPOT_OUTER, start)}"
            f"A{svg_number(SPOT_OUTER)} {svg_number(SPOT_OUTER)} 0 0 1 {_polar(SPOT_OUTER, end)}"
            f"L{_polar(SPOT_INNER, end)}"
            f"A{svg_number(SPOT_INNER)} {svg_number(SPOT_INNER)} 0 0 0 {_polar(SPOT_INNER, start)}Z"
        )
    return f'<path fill="{colour}" d="{"".join(shapes)}"/>'


def _reeding() -> str:
    """Fine radial ticks round the coin's rim."""
    ticks = "".join(f"M{_polar(43.5, i * 4.0)}L{_polar(47.5, i * 4.0)}" for i in range(90))
    return f'<path d="{ticks}" stroke="#7d8188" stroke-width="1.1" fill="none"/>'


def _value(label: str, colour: str) -> str:
    """The value, as large as fits the inlay; three or more characters are narrowed a little."""
    size = {1: 44.0, 2: 38.0}.get(len(label), 34.0)
    squeeze = 1.0 if len(label) < 3 else 0.74
    baseline = CENTRE + size * 0.36
    return (
        f'<text transform="translate({svg_number(CENTRE)} {svg_number(baseline)}) '
        f'scale({svg_number(squeeze)} 1)" '
        f'x="0" y="0" fill="{colour}" font-family="{FONT}" font-weight="bold" font-size="{svg_number(size)}" '
        f'text-anchor="middle">{label}</text>'
    )


def _shade(colour: str, amount: float) -> str:
    """``colour`` darkened by ``amount`` (0..1)."""
    channels = [round(int(colour[i : i + 2], 16) * (1 - amount)) for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in channels)
