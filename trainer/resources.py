"""Where the trainer's shipped files are: found from the package, never from the working directory."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    """``trainer/<name>`` inside an installed wheel, else ``<repository>/<name>`` in a source checkout."""
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def assets_dir() -> Path:
    """The folder of card, chip and sound files."""
    return _shipped("assets")


def lessons_dir() -> Path:
    """The folder of lesson files."""
    return _shipped("lessons")


def engine_data_dir() -> Path:
    """The pay tables, collection schedules and other rule data of the engine."""
    return _PACKAGE / "engine" / "data"
