"""Card faces and backs as SVG, drawn from paths: suit shapes, pip layouts, court panels and lattice backs.

Every card is ``250 x 350`` user units with a corner radius of 12. The faces are drawn for reading on a
crowded table: a jumbo index (rank over suit, the rank a third of the card wide) in two corners, one suit in
the middle of a number card and a small court panel on a picture card; the club is three round leaves on a
stem, the spade one pointed leaf, so they part at a glance. Suit shapes are drawn in a 100-unit box
centred on the origin and placed with ``translate``/``scale``; the lower half of a card is the upper half
turned by 180 degrees, as on a real double-ended card.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from trainer.art import BACK_COLOURS, DECK_STYLES, card_file_name, svg_document, svg_number
from trainer.engine.cards import RANK_CHARS, RANK_NAMES, SUIT_CHARS, SUIT_NAMES

WIDTH, HEIGHT, RADIUS = 250, 350, 12
CENTRE_X, CENTRE_Y = WIDTH / 2, HEIGHT / 2
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
OUTLINE = "#8c8c8c"
GOLD, GOLD_DARK, PANEL = "#d9a93a", "#8a6414", "#fbf6ea"

SUIT_PATHS = {
    "h": (
        "M0 47C-9 33-49 10-49-17C-49-36-36-47-23-47C-11-47-3-39 0-29"
        "C3-39 11-47 23-47C36-47 49-36 49-17C49 10 9 33 0 47Z"
    ),
    "d": "M0-50C9-33 22-16 38 0C22 16 9 33 0 50C-9 33-22 16-38 0C-22-16-9-33 0-50Z",
    "s": (
        "M0-50C9-34 47-14 47 12C47 29 35 38 23 38C14 38 7 33 4 27C5 37 9 44 17 49L-17 49"
        "C-9 44-5 37-4 27C-7 33-14 38-23 38C-35 38-47 29-47 12C-47-14-9-34 0-50Z"
    ),
    "c": (
        "M0-49A22 22 0 1 0 0-5A22 22 0 1 0 0-49Z"
        "M-25-19A22 22 0 1 0-25 25A22 22 0 1 0-25-19Z"
        "M25-19A22 22 0 1 0 25 25A22 22 0 1 0 25-19Z"
        "M0-16L-14 10L14 10Z"
        "M-4 4C-4 26-8 40-17 49L17 49C8 40 4 26 4 4Z"
    ),
}
"""Heart, diamond, spade and club outlines in a 100-unit box centred on (0, 0), point or stem downwards."""

SUIT_COLOURS = {
    "classic": {"s": "#111111", "h": "#c8102e", "d": "#c8102e", "c": "#111111"},
    "four-colour": {"s": "#111111", "h": "#c8102e", "d": "#1a5fb4", "c": "#1e7b34"},
}

BACK_FILLS = {"red": "#a4161a", "blue": "#1d3d8f", "green": "#1b5e35", "black": "#1f1f1f"}



@dataclass(frozen=True)
class Face:
    """One card face to draw: rank character (``23456789TJQKA``), suit character (``cdhs``) and colour."""

    rank: str
    suit: str
    colour: str

    @property
    def value(self) -> int:
        """2..14, ace high."""
        return RANK_CHARS.index(self.rank) + 2

    @property
    def title(self) -> str:
        """``Ace of spades``."""
        return f"{RANK_NAMES[self.value]} of {SUIT_NAMES[self.suit]}".capitalize()


def render_all() -> dict[Path, bytes]:
    """Every card face of every deck style and every back, as ``{path under assets/: SVG bytes}``."""
    files: dict[Path, bytes] = {}
    for style in DECK_STYLES:
        for rank in RANK_CHARS:
            for suit in SUIT_CHARS:
                face = Face(rank, suit, SUIT_COLOURS[style][suit])
                files[Path("cards", style, card_file_name(rank + suit))] = face_svg(face).encode("utf-8")
    for colour in BACK_COLOURS:
        files[Path("cards", f"back-{colour}.svg")] = back_svg(BACK_FILLS[colour]).encode("utf-8")
    return files


def face_svg(face: Face) -> str:
    """The SVG document of one card face."""
    parts = [
        _card_outline("#ffffff"),
        _corner_index(face),
        f'<g transform="rotate(180 {svg_number(CENTRE_X)} {svg_number(CENTRE_Y)})">{_corner_index(face)}</g>',
    ]
    if face.rank in "JQK":
        parts.append(_court(face))
    else:
        parts.append(_centre_pip(face))
    return _document(face.title, parts)


def back_svg(fill: str) -> str:
    """The SVG document of a card back in ``fill``: white border, lattice field and a centre medallion."""
    parts = [_card_outline("#ffffff")]
    parts.extend(_lattice_back(fill))
    return _document("Card back", parts)


# --- shared pieces -------------------------------------------------------------------------------------


def _document(title: str, parts: list[str]) -> str:
    return svg_document(title, parts, WIDTH, HEIGHT)


def _card_outline(fill: str) -> str:
    return (
        f'<rect x="0.75" y="0.75" width="{WIDTH - 1.5}" height="{HEIGHT - 1.5}" rx="{RADIUS}" ry="{RADIUS}" '
        f'fill="{fill}" stroke="{OUTLINE}" stroke-width="1.5"/>'
    )


def _pip(suit: str, x: float, y: float, scale: float, *, upside_down: bool = False, fill: str = "") -> str:
    """A suit shape centred on (x, y), ``scale`` times its 100-unit box."""
    turn = " rotate(180)" if upside_down else ""
    paint = f' fill="{fill}"' if fill else ""
    return (
        f'<path transform="translate({svg_number(x)} {svg_number(y)}){turn} scale({svg_number(scale)})"'
        f'{paint} d="{SUIT_PATHS[suit]}"/>'
    )


def _rank_text(rank: str, x: float, baseline: float, size: float, fill: str) -> str:
    """A bold rank letter centred on ``x``; the ten is written ``10``, narrowed to fit the same column."""
    label = "10" if rank == "T" else rank
    squeeze = 0.64 if label == "10" else 1.0
    return (
        f'<text transform="translate({svg_number(x)} {svg_number(baseline)}) scale({svg_number(squeeze)} 1)" '
        f'x="0" y="0" fill="{fill}" font-family="{FONT}" font-weight="bold" font-size="{svg_number(size)}" '
        f'text-anchor="middle">{label}</text>'
    )


# --- faces ---------------------------------------------------------------------------------------------

INDEX_X, INDEX_BASELINE, INDEX_SIZE = 48.0, 100.0, 112.0
"""A jumbo index for reading: the rank's capitals are about 82 units tall, a third of the card's width."""
INDEX_RANK_HEIGHT = 0.73 * INDEX_SIZE
"""The height of the rank's capitals in the index (a bold sans capital is 0.73 of its font size)."""
INDEX_PIP_Y, INDEX_PIP_SCALE = 146.0, 0.66
INDEX_WIDTH = 92.0
"""The index column (rank over suit) ends here: 37 % of the card's width, what a fanned hand leaves showing."""
DESCENDER_LIFT = {"J": 8.0}
"""Letters that reach below the baseline sit a little higher in the corner, clear of the suit."""


def _corner_index(face: Face) -> str:
    """The rank above the suit, in the top-left corner."""
    baseline = INDEX_BASELINE - DESCENDER_LIFT.get(face.rank, 0.0)
    return (
        f'<g fill="{face.colour}">'
        f"{_rank_text(face.rank, INDEX_X, baseline, INDEX_SIZE, face.colour)}"
        f"{_pip(face.suit, INDEX_X, INDEX_PIP_Y, INDEX_PIP_SCALE)}"
        "</g>"
    )


def _centre_pip(face: Face) -> str:
    """One large suit in the free middle of the card, between the two indices (the ace's with a ring)."""
    x, y = CENTRE_X, CENTRE_Y
    shapes = [_pip(face.suit, x, y, 0.7, fill=face.colour)]
    if face.rank == "A":
        shapes.insert(0, f'<circle cx="{svg_number(x)}" cy="{svg_number(y)}" r="47" fill="none" '
                         f'stroke="{GOLD}" stroke-width="3"/>')
    return "".join(shapes)


PANEL_LEFT, PANEL_TOP, PANEL_RIGHT, PANEL_BOTTOM = 62.0, 54.0, 188.0, 296.0
COURT_SCALE = 0.56
"""The court panel is drawn small in the middle, clear of the jumbo indices."""


def _court(face: Face) -> str:
    """A double-ended panel in a coloured frame: headgear, big letter and two small pips in each half."""
    left, top, right, bottom = PANEL_LEFT, PANEL_TOP, PANEL_RIGHT, PANEL_BOTTOM
    inner = 7.0
    frame = (
        f'<rect x="{svg_number(left)}" y="{svg_number(top)}" width="{svg_number(right - left)}" '
        f'height="{svg_number(bottom - top)}" rx="5" ry="5" fill="{face.colour}"/>'
        f'<rect x="{svg_number(left + inner)}" y="{svg_number(top + inner)}" '
        f'width="{svg_number(right - left - 2 * inner)}" height="{svg_number(bottom - top - 2 * inner)}" '
        f'fill="{PANEL}" stroke="{GOLD}" stroke-width="2"/>'
        f'<path d="M{svg_number(left + inner)} {svg_number(CENTRE_Y)}H{svg_number(right - inner)}" '
        f'stroke="{GOLD}" stroke-width="2"/>'
    )
    studs = "".join(
        f'<path d="M{svg_number(x)} {svg_number(y - 3)}l3 3l-3 3l-3-3Z" fill="{GOLD}"/>'
        for x in (left + inner / 2, right - inner / 2)
        for y in (top + inner / 2, CENTRE_Y, bottom - inner / 2)
    )
    divider = (
        f'<path d="M{svg_number(CENTRE_X)} {svg_number(CENTRE_Y - 8)}l8 8l-8 8l-8-8Z" fill="{GOLD}" '
        f'stroke="{GOLD_DARK}" stroke-width="1"/>'
    )
    half = _court_half(face)
    turned = f'<g transform="rotate(180 {svg_number(CENTRE_X)} {svg_number(CENTRE_Y)})">{half}</g>'
    shrink = (f'translate({svg_number(CENTRE_X)} {svg_number(CENTRE_Y)}) scale({svg_number(COURT_SCALE)}) '
              f'translate({svg_number(-CENTRE_X)} {svg_number(-CENTRE_Y)})')
    return f'<g transform="{shrink}">{frame + studs + divider + half + turned}</g>'


def _court_half(face: Face) -> str:
    letter = _rank_text(face.rank, CENTRE_X, 152, 68, face.colour)
    pips = _pip(face.suit, 86, 78, 0.22, fill=face.colour) + _pip(face.suit, 164, 78, 0.22, fill=face.colour)
    return f'<g transform="translate(18.75 12) scale(0.85)">{_headgear(face.rank)}</g>' + letter + pips


def _headgear(rank: str) -> str:
    """A small geometric crown (king), tiara (queen) or plumed cap (jack) above the letter."""
    style = f'fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1.5" stroke-linejoin="round"'
    if rank == "K":
        return (
            f'<path {style} d="M103 100L101 74L113 86L125 66L137 86L149 74L147 100Z"/>'
            f'<rect {style} x="101" y="96" width="48" height="7" rx="1.5"/>'
            f'<circle {style} cx="101" cy="73" r="3"/><circle {style} cx="125" cy="65" r="3.5"/>'
            f'<circle {style} cx="149" cy="73" r="3"/>'
        )
    if rank == "Q":
        return (
            f'<path {style} d="M104 100L102 82Q114 90 118 78Q122 88 125 74Q128 88 132 78Q136 90 148 82'
            'L146 100Z"/>'
            f'<rect {style} x="102" y="96" width="46" height="7" rx="3.5"/>'
            f'<circle {style} cx="102" cy="81" r="2.5"/><circle {style} cx="118" cy="77" r="2.5"/>'
            f'<circle {style} cx="125" cy="72" r="3"/><circle {style} cx="132" cy="77" r="2.5"/>'
            f'<circle {style} cx="148" cy="81" r="2.5"/>'
        )
    return (
        f'<path {style} d="M105 101L107 86Q125 74 143 86L145 101Z"/>'
        f'<rect {style} x="103" y="96" width="44" height="7" rx="1.5"/>'
        f'<path {style} d="M137 84Q146 66 162 62Q152 70 144 86Z"/>'
    )


# --- backs ---------------------------------------------------------------------------------------------

BORDER, FIELD_INSET, LATTICE_STEP = 13.0, 9.0, 18.0


def _lattice_back(fill: str) -> list[str]:
    """The coloured field, an inner frame, a diagonal double-line lattice with dots and a centre medallion."""
    light = _mix(fill, "#ffffff", 0.38)
    pale = _mix(fill, "#ffffff", 0.7)
    dark = _mix(fill, "#000000", 0.25)
    x0, y0, x1, y1 = BORDER, BORDER, WIDTH - BORDER, HEIGHT - BORDER
    parts = [
        f'<rect x="{svg_number(x0)}" y="{svg_number(y0)}" width="{svg_number(x1 - x0)}" '
        f'height="{svg_number(y1 - y0)}" rx="7" ry="7" fill="{fill}"/>'
    ]
    fx0, fy0, fx1, fy1 = x0 + FIELD_INSET, y0 + FIELD_INSET, x1 - FIELD_INSET, y1 - FIELD_INSET
    lattice = _lattice_path(fx0, fy0, fx1, fy1)
    parts.append(f'<path d="{lattice}" fill="none" stroke="{light}" stroke-width="1"/>')
    parts.append(f'<g fill="{pale}">{_lattice_dots(fx0, fy0, fx1, fy1)}</g>')
    parts.append(
        f'<rect x="{svg_number(fx0)}" y="{svg_number(fy0)}" width="{svg_number(fx1 - fx0)}" '
        f'height="{svg_number(fy1 - fy0)}" fill="none" stroke="{pale}" stroke-width="2"/>'
        f'<rect x="{svg_number(fx0 - 4)}" y="{svg_number(fy0 - 4)}" width="{svg_number(fx1 - fx0 + 8)}" '
        f'height="{svg_number(fy1 - fy0 + 8)}" rx="3" ry="3" fill="none" stroke="{light}" '
        'stroke-width="0.8"/>'
    )
    parts.append(_medallion(fill, light, pale, dark))
    return parts


def _lattice_path(x0: float, y0: float, x1: float, y1: float) -> str:
    """Diagonal lines both ways, each drawn twice 3 units apart, cut exactly at the field's edges.

    The lines are placed so that two of them cross at the centre of the field, making the pattern symmetric.
    """
    width, height = x1 - x0, y1 - y0
    centre_c = (width - height) / 2
    first = -int((height + centre_c) // LATTICE_STEP) - 1
    last = int((width - centre_c) // LATTICE_STEP) + 1
    segments = []
    for direction in (1, -1):
        for i in range(first, last + 1):
            for offset in (-1.5, 1.5):
                segment = _diagonal_in_box(centre_c + i * LATTICE_STEP + offset, direction, x0, y0, x1, y1)
                if segment:
                    (ax, ay), (bx, by) = segment
                    segments.append(f"M{svg_number(ax)} {svg_number(ay)}L{svg_number(bx)} {svg_number(by)}")
    return "".join(segments)


def _diagonal_in_box(
    c: float, direction: int, x0: float, y0: float, x1: float, y1: float
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of a 45-degree line inside the box, or None when it misses.

    Direction 1 is the line ``y - y0 = (x - x0) - c``; direction -1 is its mirror image left to right.
    """
    t_start = max(c, 0.0)
    t_end = min(c + (y1 - y0), x1 - x0)
    if t_end - t_start <= 0.5:
        return None
    points = []
    for t in (t_start, t_end):
        y = y0 + (t - c)
        x = x0 + t if direction == 1 else x1 - t
        points.append((x, y))
    return points[0], points[1]


def _lattice_dots(x0: float, y0: float, x1: float, y1: float) -> str:
    """A small diamond in the middle of every lattice cell (the cells are centred on the field's centre)."""
    half = LATTICE_STEP / 2
    across, down = int((x1 - x0) / 2 // half), int((y1 - y0) / 2 // half)
    dots = []
    for b in range(-down, down + 1):
        for a in range(-across, across + 1):
            x, y = CENTRE_X + a * half, CENTRE_Y + b * half
            if (a + b) % 2 and x0 + 4 < x < x1 - 4 and y0 + 4 < y < y1 - 4:
                dots.append(f"M{svg_number(x)} {svg_number(y - 2.2)}l2.2 2.2l-2.2 2.2l-2.2-2.2Z")
    return f'<path d="{"".join(dots)}"/>'


def _medallion(fill: str, light: str, pale: str, dark: str) -> str:
    """A diamond-shaped medallion in the centre, carrying an eight-pointed star."""
    cx, cy = CENTRE_X, CENTRE_Y
    outer = f"M{svg_number(cx)} {svg_number(cy - 62)}L{svg_number(cx + 46)} {svg_number(cy)}" \
        f"L{svg_number(cx)} {svg_number(cy + 62)}L{svg_number(cx - 46)} {svg_number(cy)}Z"
    inner = f"M{svg_number(cx)} {svg_number(cy - 52)}L{svg_number(cx + 38)} {svg_number(cy)}" \
        f"L{svg_number(cx)} {svg_number(cy + 52)}L{svg_number(cx - 38)} {svg_number(cy)}Z"
    return (
        f'<path d="{outer}" fill="{fill}" stroke="{pale}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="{inner}" fill="{dark}" stroke="{light}" stroke-width="1.2"/>'
        f'<g transform="translate({svg_number(cx)} {svg_number(cy)})">'
        f'<path d="{_star(8, 24, 10)}" fill="{pale}"/>'
        f'<circle r="5" fill="{fill}" stroke="{pale}" stroke-width="1.5"/>'
        "</g>"
    )


def _star(points: int, outer: float, inner: float) -> str:
    import math

    coords = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        coords.append(f"{svg_number(radius * math.cos(angle))} {svg_number(radius * math.sin(angle))}")
    return "M" + "L".join(coords) + "Z"


def _mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other``, both ``#rrggbb``."""
    channels = []
    for i in (1, 3, 5):
        a, b = int(colour[i : i + 2], 16), int(other[i : i + 2], 16)
        channels.append(round(a + (b - a) * amount))
    return "#" + "".join(f"{c:02x}" for c in channels)
