"""The table's artwork: card faces and backs and chips, read from SVG files and kept as pixmaps.

Every file is read once through a shared :class:`QSvgRenderer`; pixmaps are rendered at the size the screen
needs (device pixels, so high-DPI screens stay sharp) and cached, so an animation frame never renders SVG.
A missing or unreadable file raises :class:`AssetError` naming it; the application shows that as a message.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ElementTree
from collections import OrderedDict
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from trainer.gui.table.money import CHIP_DENOMINATIONS
from trainer.gui.table.pixmaps import DevicePixmaps

DECK_STYLES = {False: "classic", True: "four-colour"}
"""Folder of the card faces under ``cards/``: classic (two colours) or four-colour."""
CARD_NAMES = tuple(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
_PIXMAP_CACHE_SIZE = 600
_SIZE_STEP = 8
"""Pixmap heights are rounded up to a multiple of this many pixels, so small zoom changes reuse them."""


class AssetError(Exception):
    """An artwork file that is missing or cannot be read; ``path`` names it and ``reason`` says why."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"Cannot use the artwork file {self.path}: {reason}")


def chip_file_name(denomination: Decimal) -> str:
    """``chip-0.5.svg``, ``chip-25.svg``: the value in plain dollars, no trailing zeros.

    >>> chip_file_name(Decimal("0.50")), chip_file_name(Decimal(1000))
    ('chip-0.5.svg', 'chip-1000.svg')
    """
    text = format(denomination.normalize(), "f")
    return f"chip-{text}.svg"


class ArtLibrary:
    """Card faces, card backs and chips from ``assets_dir`` (normally :func:`trainer.resources.assets_dir`).

    Files: ``cards/classic/As.svg`` … (and ``cards/four-colour/``), ``cards/back-<colour>.svg``,
    ``chips/chip-<value>.svg``. :meth:`check` reads every file a table needs and raises :class:`AssetError`
    for the first that is missing or unreadable; drawing reads a file only once.
    """

    def __init__(self, assets_dir: Path | str) -> None:
        self.assets_dir = Path(assets_dir)
        if not self.assets_dir.is_dir():
            raise AssetError(self.assets_dir, "the artwork folder does not exist")
        self._renderers: dict[Path, QSvgRenderer] = {}
        self._pixmaps: OrderedDict[tuple[Path, int, int], QPixmap] = OrderedDict()
        self._colours: dict[Path, QColor] = {}
        self.drawings = DevicePixmaps()
        """Whole drawings of the table's items kept in device pixels and shared between items that look
        alike: turned cards (by side and turn), chip stacks (by amount)."""

    # -- file names ------------------------------------------------------------------------------------------

    def face_path(self, card: object, four_colour: bool = False) -> Path:
        """The face of ``card`` (a :class:`~trainer.engine.cards.Card` or text such as ``"As"``)."""
        return self.assets_dir / "cards" / DECK_STYLES[bool(four_colour)] / f"{card}.svg"

    def back_path(self, colour: str) -> Path:
        return self.assets_dir / "cards" / f"back-{colour}.svg"

    def chip_path(self, denomination: Decimal) -> Path:
        return self.assets_dir / "chips" / chip_file_name(Decimal(denomination))

    def table_files(self, four_colour: bool, deck_backs: Iterable[str]) -> list[Path]:
        """Every file a table drawn with this deck style and these backs uses."""
        files = [self.face_path(name, four_colour) for name in CARD_NAMES]
        files += [self.back_path(colour) for colour in deck_backs]
        files += [self.chip_path(value) for value in CHIP_DENOMINATIONS]
        return files

    def check(self, four_colour: bool, deck_backs: Iterable[str], *, faces: bool = True) -> None:
        """Read every file the table needs (without ``faces``: all but the card faces, which an empty table does
        not show; :meth:`check_faces` reads them); :class:`AssetError` for the first missing or unreadable one."""
        files = self.table_files(four_colour, deck_backs)
        for path in files if faces else files[len(CARD_NAMES):]:
            self.renderer(path)

    def check_faces(self, four_colour: bool) -> None:
        """Read the 52 faces of the deck style; :class:`AssetError` for the first missing or unreadable one."""
        for name in CARD_NAMES:
            self.renderer(self.face_path(name, four_colour))

    # -- reading and rendering -------------------------------------------------------------------------------

    def renderer(self, path: Path) -> QSvgRenderer:
        """The shared renderer of ``path``, read on first use."""
        renderer = self._renderers.get(path)
        if renderer is None:
            renderer = _read_svg(path)
            self._renderers[path] = renderer
        return renderer

    def pixmap(self, path: Path, width: float, height: float, device_scale: float) -> QPixmap:
        """``path`` rendered for a ``width`` × ``height`` area shown at ``device_scale`` pixels per unit."""
        px_h = max(_SIZE_STEP, math.ceil(height * device_scale / _SIZE_STEP) * _SIZE_STEP)
        px_w = max(1, round(px_h * width / height))
        key = (path, px_w, px_h)
        pixmap = self._pixmaps.get(key)
        if pixmap is not None:
            self._pixmaps.move_to_end(key)
            return pixmap
        image = QImage(px_w, px_h, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.renderer(path).render(painter, QRectF(0, 0, px_w, px_h))
        painter.end()
        pixmap = QPixmap.fromImage(image)
        self._pixmaps[key] = pixmap
        if len(self._pixmaps) > _PIXMAP_CACHE_SIZE:
            self._pixmaps.popitem(last=False)
        return pixmap

    def body_colour(self, path: Path) -> QColor:
        """The main colour of a chip (sampled between its centre inlay and edge spots), for side views."""
        colour = self._colours.get(path)
        if colour is None:
            image = self.pixmap(path, 100, 100, 1.0).toImage()
            colour = image.pixelColor(image.width() // 2, round(image.height() * 0.14))
            self._colours[path] = colour
        return colour


def _read_svg(path: Path) -> QSvgRenderer:
    """Read and check one SVG file without letting Qt print parser warnings."""
    if not path.is_file():
        raise AssetError(path, "the file is missing")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise AssetError(path, f"the file cannot be read ({error.strerror or error})") from error
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise AssetError(path, f"the file is not a well-formed SVG image ({error})") from error
    if not root.tag.endswith("svg"):
        raise AssetError(path, f"the file is not an SVG image (its root element is <{root.tag}>)")
    renderer = QSvgRenderer(QByteArray(data))
    if not renderer.isValid():
        raise AssetError(path, "the SVG image cannot be drawn")
    return renderer
