"""The generated artwork and sounds: deterministic, committed up to date, complete and readable."""

from __future__ import annotations

import doctest
import io
import struct
import wave
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import trainer.art
from trainer.art import (
    BACK_COLOURS,
    CHIP_DENOMINATIONS,
    DECK_STYLES,
    SOUND_NAMES,
    chip_file_name,
    generate,
    generated_files,
)
from trainer.engine.cards import FULL_DECK
from trainer.resources import assets_dir

ASSETS = assets_dir()
CARD_FACES = [f"{card}.svg" for card in FULL_DECK]
ALL_SVGS = (
    [ASSETS / "cards" / style / name for style in DECK_STYLES for name in CARD_FACES]
    + [ASSETS / "cards" / f"back-{colour}.svg" for colour in BACK_COLOURS]
    + [ASSETS / "chips" / chip_file_name(value) for value in CHIP_DENOMINATIONS]
)
SOUNDS = [ASSETS / "sounds" / f"{name}.wav" for name in SOUND_NAMES]


def _tree(root: Path) -> dict[str, bytes]:
    files = sorted(path for path in root.rglob("*") if path.is_file())
    return {str(path.relative_to(root)): path.read_bytes() for path in files}


def _samples(data: bytes) -> tuple[int, ...]:
    with wave.open(io.BytesIO(data)) as sound:
        frames = sound.readframes(sound.getnframes())
    return struct.unpack(f"<{len(frames) // 2}h", frames)


def test_generator_writes_the_same_bytes_every_time(tmp_path: Path) -> None:
    generate(tmp_path / "first")
    generate(tmp_path / "second")
    first, second = _tree(tmp_path / "first"), _tree(tmp_path / "second")
    assert first == second
    assert len(first) == 2 * 52 + len(BACK_COLOURS) + len(CHIP_DENOMINATIONS) + len(SOUND_NAMES) + 1


def test_regenerating_into_a_filled_folder_removes_stale_files_only_of_its_own_kinds(tmp_path: Path) -> None:
    generate(tmp_path)
    (tmp_path / "cards" / "classic" / "Xx.svg").write_text("<svg/>")
    (tmp_path / "cards" / "notes.txt").write_text("keep me")
    generate(tmp_path)
    assert not (tmp_path / "cards" / "classic" / "Xx.svg").exists()
    assert (tmp_path / "cards" / "notes.txt").read_text() == "keep me"


def test_committed_assets_match_the_generator() -> None:
    """Whoever changes trainer/art must run ``python -m trainer.art`` and commit the result."""
    stale = []
    for relative, data in generated_files().items():
        committed = ASSETS / relative
        if not committed.is_file():
            stale.append(f"{relative} (missing)")
        elif committed.suffix == ".wav":
            # Sine and exp come from the platform's maths library; allow a last-bit rounding difference.
            ours, theirs = _samples(data), _samples(committed.read_bytes())
            if len(ours) != len(theirs) or any(abs(a - b) > 1 for a, b in zip(ours, theirs, strict=True)):
                stale.append(str(relative))
        elif committed.read_bytes() != data:
            stale.append(str(relative))
    assert not stale, "run `python -m trainer.art` and commit assets/: " + ", ".join(stale)


@pytest.mark.parametrize("style", DECK_STYLES)
def test_each_deck_style_has_the_52_faces(style: str) -> None:
    assert sorted(path.name for path in (ASSETS / "cards" / style).glob("*.svg")) == sorted(CARD_FACES)


def test_card_backs_chips_sounds_and_licence_are_present() -> None:
    for path in [*ALL_SVGS, *SOUNDS, ASSETS / "LICENSE-art.txt"]:
        assert path.is_file(), path
    assert "trainer/art" in (ASSETS / "LICENSE-art.txt").read_text(encoding="utf-8")


def test_chip_file_names_follow_the_dollar_value() -> None:
    names = [chip_file_name(value) for value in CHIP_DENOMINATIONS]
    assert names == [
        "chip-0.5.svg", "chip-1.svg", "chip-5.svg", "chip-25.svg",
        "chip-100.svg", "chip-500.svg", "chip-1000.svg", "chip-5000.svg", "chip-25000.svg",
    ]


def test_every_svg_is_well_formed_xml_of_the_right_size() -> None:
    for path in ALL_SVGS:
        root = ET.parse(path).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg", path
        expected = "0 0 100 100" if path.parent.name == "chips" else "0 0 250 350"
        assert root.get("viewBox") == expected, path


@pytest.mark.gui
def test_every_svg_renders_with_qt_without_warnings(qapp: Any) -> None:
    from PySide6.QtCore import QRectF, Qt, qInstallMessageHandler
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    messages: list[str] = []
    previous = qInstallMessageHandler(lambda _kind, _context, message: messages.append(message))
    try:
        for path in ALL_SVGS:
            renderer = QSvgRenderer(str(path))
            assert renderer.isValid(), path
            height = 60 if path.parent.name == "chips" else 84
            image = QImage(60, height, QImage.Format.Format_ARGB32)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            renderer.render(painter, QRectF(0, 0, 60, height))
            painter.end()
            assert image.pixelColor(30, 30).alpha() == 255, f"{path} drew nothing in its middle"
    finally:
        qInstallMessageHandler(previous)
    assert messages == []


@pytest.mark.parametrize("path", SOUNDS, ids=SOUND_NAMES)
def test_sounds_are_short_gentle_mono_16_bit_44k1_wavs(path: Path) -> None:
    with wave.open(str(path)) as sound:
        assert (sound.getnchannels(), sound.getsampwidth(), sound.getframerate()) == (1, 2, 44_100)
        seconds = sound.getnframes() / sound.getframerate()
    assert 0.05 <= seconds <= 0.4
    samples = _samples(path.read_bytes())
    assert max(abs(s) for s in samples) < 0.6 * 32767, "too loud for hours of listening"
    assert abs(samples[0]) < 50 and abs(samples[-1]) < 50, "starts or ends with a click"


def test_sounds_are_small_in_total() -> None:
    assert sum(path.stat().st_size for path in SOUNDS) < 300_000


def test_art_doctests() -> None:
    assert doctest.testmod(trainer.art).failed == 0
