"""Where the trainer's shipped files are: found from the package, never from the working directory.

Three layouts hold the same files at the same places under one ``trainer`` folder:

* an installed wheel: ``site-packages/trainer/{assets,lessons,engine/data}``;
* the frozen application (PyInstaller, ``packaging/uth-trainer.spec``): ``<sys._MEIPASS>/trainer/...``, the
  spec copying every data file of the package and the top-level ``assets/`` and ``lessons/`` there;
* a source checkout: ``trainer/engine/data`` in the package, ``assets/`` and ``lessons/`` at the top of the
  repository.

>>> (engine_data_dir() / "trips.toml").is_file()
True
>>> (assets_dir() / "chips" / "chip-5.svg").is_file(), (lessons_dir() / "trips.md").is_file()
(True, True)
"""

from __future__ import annotations

import sys
from pathlib import Path


def package_dir() -> Path:
    """The ``trainer`` folder that holds the shipped files: inside the frozen application's bundle
    (``sys._MEIPASS``) when frozen, else the folder of this package."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "trainer"
    return Path(__file__).resolve().parent


def is_frozen() -> bool:
    """True in the frozen application (PyInstaller), False when run from an installed package or a checkout."""
    return bool(getattr(sys, "frozen", False) and getattr(sys, "_MEIPASS", None))


def _shipped(name: str) -> Path:
    """``trainer/<name>`` inside an installed wheel or the frozen application, else ``<repository>/<name>``
    in a source checkout."""
    package = package_dir()
    inside = package / name
    if inside.is_dir():
        return inside
    return package.parent / name


def assets_dir() -> Path:
    """The folder of card, chip and sound files."""
    return _shipped("assets")


def lessons_dir() -> Path:
    """The folder of lesson files."""
    return _shipped("lessons")


def engine_data_dir() -> Path:
    """The pay tables, collection schedules and other rule data of the engine."""
    return package_dir() / "engine" / "data"
