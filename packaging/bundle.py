"""What the frozen application carries besides Python modules: read by ``packaging/uth-trainer.spec`` and the tests.

Every data file of the ``trainer`` package ships (any file under ``trainer/`` that is not Python source or byte
code: pay tables, SQL migrations, whatever is added later), at the same place under ``trainer/`` as in the wheel;
so do the folders the wheel force-includes from the top of the repository (``assets/`` → ``trainer/assets``,
``lessons/`` → ``trainer/lessons``, read from ``pyproject.toml`` so the two never disagree). The frozen app then
finds them through ``trainer/resources.py`` exactly as the installed package does.

>>> from pathlib import Path
>>> pairs = data_files(Path(__file__).resolve().parent.parent)
>>> ("trainer/engine/data", "trips.toml") in {(dest, Path(src).name) for src, dest in pairs}
True
"""

from __future__ import annotations

import tomllib
from pathlib import Path

CODE_SUFFIXES = frozenset({".py", ".pyc", ".pyo", ".pyd", ".so"})
"""Files under ``trainer/`` that are code (PyInstaller freezes the modules itself), never copied as data."""
SKIPPED_DIRS = frozenset({"__pycache__"})

APP_NAME = "uth-trainer"
"""The executable's and the one-folder application's name, and the desktop entry's (``uth-trainer.desktop``)."""

APP_ID = "org.uthtrainer.UthDealerTrainer"
"""The AppStream component id and the macOS bundle identifier."""

QT_MODULES = ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg", "PySide6.QtCharts",
              "PySide6.QtPrintSupport")
"""Qt modules the app uses, some imported only inside functions; listed so their libraries and plugins always
ship (Qt Charts for the progress charts, QtPrintSupport and the PDF writer of QtGui for the reports)."""

EXCLUDED_PACKAGES = ("trainer.bench",)
"""Parts of ``trainer`` left out of the app: the benchmarks need the test tools and are run from a checkout."""


def _is_data(path: Path, folder: Path) -> bool:
    inside = path.relative_to(folder).parts
    return path.is_file() and path.suffix not in CODE_SUFFIXES and not SKIPPED_DIRS.intersection(inside)


def _walk(folder: Path, dest: str) -> list[tuple[str, str]]:
    """``(source file, destination folder)`` for every data file under ``folder``, ``dest`` standing for it."""
    pairs = []
    for path in sorted(folder.rglob("*")):
        if _is_data(path, folder):
            sub = path.parent.relative_to(folder).as_posix()
            pairs.append((str(path), dest if sub == "." else f"{dest}/{sub}"))
    return pairs


def force_included(root: Path) -> dict[str, str]:
    """The wheel's ``force-include`` table of ``pyproject.toml``: source folder → folder inside the wheel."""
    with open(root / "pyproject.toml", "rb") as handle:
        config = tomllib.load(handle)
    table = config.get("tool", {}).get("hatch", {}).get("build", {}).get("targets", {}).get("wheel", {})
    return dict(table.get("force-include", {}))


def data_files(root: Path) -> list[tuple[str, str]]:
    """Every data file the app ships as PyInstaller ``datas``: ``(source file, destination folder)`` pairs."""
    pairs = _walk(root / "trainer", "trainer")
    for source, dest in force_included(root).items():
        path = root / source
        if path.is_dir():
            pairs.extend(_walk(path, dest))
        elif path.is_file():
            pairs.append((str(path), str(Path(dest).parent.as_posix())))
    return pairs


def excluded(module: str) -> bool:
    """True for a module of :data:`EXCLUDED_PACKAGES`."""
    return any(module == name or module.startswith(name + ".") for name in EXCLUDED_PACKAGES)
