"""The application icon, made from the trainer's own art: the Ace of spades behind a $5 chip.

    python packaging/make_icons.py [--out DIR]          (default: build/icons)

Writes into ``DIR``:

* ``uth-trainer.svg``: the scalable icon, composed from ``assets/cards/classic/As.svg`` and
  ``assets/chips/chip-5.svg`` (drawn by ``trainer/art``);
* ``hicolor/<N>x<N>/apps/uth-trainer.png`` for N in :data:`PNG_SIZES` and ``hicolor/scalable/apps/uth-trainer.svg``,
  the layout of a freedesktop icon theme (copied as is under ``share/icons/``);
* ``uth-trainer.ico`` (Windows: 16 to 256 pixels) and ``uth-trainer.icns`` (macOS: 16 to 1024 pixels), each
  holding PNG images, written here byte by byte (no other tool needed).

The PNGs are rendered by Qt's SVG renderer (offscreen; no display needed).

>>> svg = icon_svg(Path(__file__).resolve().parent.parent / "assets")
>>> svg.count("<svg"), "Ace of spades" in svg
(1, False)
>>> ico_bytes({16: b"P16"})[:6]
b'\\x00\\x00\\x01\\x00\\x01\\x00'
>>> icns_bytes({16: b"P16"})[:4], icns_bytes({16: b"P16"})[8:12]
(b'icns', b'icp4')
"""

from __future__ import annotations

import argparse
import os
import re
import struct
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NAME = "uth-trainer"
CANVAS = 256
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
"""The hicolor theme's usual sizes."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}
"""The ICNS element type holding a PNG of each size."""

CARD = ("cards/classic/As.svg", "translate(18 22) rotate(-14 75 105) scale(0.6)")
CHIP = ("chips/chip-5.svg", "translate(112 112) scale(1.3)")
"""Each art file and where it sits on the 256 x 256 canvas (the card 150 x 210, the chip 130 across)."""


def _body(svg: str) -> str:
    """The drawing inside an SVG file: its root element's children, without the ``<title>``."""
    inner = re.search(r"<svg\b[^>]*>(.*)</svg>", svg, re.S)
    if inner is None:
        raise ValueError("not an SVG document")
    return re.sub(r"<title>.*?</title>\s*", "", inner.group(1), flags=re.S).strip()


def icon_svg(assets: Path) -> str:
    """The icon as one SVG document (256 x 256) drawn from the card and chip files in ``assets``."""
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{CANVAS}" height="{CANVAS}" '
        f'viewBox="0 0 {CANVAS} {CANVAS}">',
        "<title>UTH Dealer Trainer</title>",
    ]
    for relative, transform in (CARD, CHIP):
        body = _body((assets / relative).read_text(encoding="utf-8"))
        parts.append(f'<g transform="{transform}">\n{body}\n</g>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render_pngs(svg: str, sizes: Sequence[int]) -> dict[int, bytes]:
    """``svg`` rendered at each size (a square PNG with a transparent background)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # fonts for the card's and chip's text
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    if not renderer.isValid():
        raise ValueError("Qt cannot read the icon's SVG")
    pngs = {}
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        pngs[size] = bytes(data.data())
    return pngs


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A Windows ``.ico`` holding each PNG (sizes up to 256; 256 is written as 0 in the directory)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    directory, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + directory + images


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A macOS ``.icns`` holding each PNG under its element type (:data:`ICNS_TYPES`)."""
    elements = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                        for size in sorted(pngs))
    return b"icns" + struct.pack(">I", 8 + len(elements)) + elements


def make_icons(out: Path, assets: Path) -> list[Path]:
    """Write every icon file under ``out``; the paths written."""
    svg = icon_svg(assets)
    pngs = render_pngs(svg, sorted({*PNG_SIZES, *ICO_SIZES, *ICNS_TYPES}))
    files: dict[Path, bytes] = {
        out / f"{NAME}.svg": svg.encode("utf-8"),
        out / "hicolor" / "scalable" / "apps" / f"{NAME}.svg": svg.encode("utf-8"),
        out / f"{NAME}.ico": ico_bytes({size: pngs[size] for size in ICO_SIZES}),
        out / f"{NAME}.icns": icns_bytes({size: pngs[size] for size in ICNS_TYPES}),
        out / f"{NAME}.png": pngs[256],
    }
    for size in PNG_SIZES:
        files[out / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"] = pngs[size]
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return sorted(files)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the application icon from the trainer's card and chip art.")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "icons", help="folder (default build/icons)")
    args = parser.parse_args(argv)
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from trainer.resources import assets_dir

    try:
        written = make_icons(args.out, assets_dir())
    except (OSError, ValueError) as error:
        print(f"make_icons: {error}", file=sys.stderr)
        return 2
    print(f"make_icons: {len(written)} files in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
