"""The package's shape: the engine stays free of Qt and pygame, and the wheel carries every data file."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("PySide6", "shiboken6", "pygame")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", ["engine", "drills", "quiz"])
def test_pure_packages_import_nothing_from_qt_or_pygame(package: str) -> None:
    for path in (ROOT / "trainer" / package).rglob("*.py"):
        if package == "drills" and path.parent.name == "gui":
            continue
        bad = {name for name in imported_modules(path) if name.split(".")[0] in FORBIDDEN}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_wheel_ships_pay_tables_assets_and_lessons(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for data in ("trips.toml", "bad_beat.toml", "pairs.toml", "progressive.toml", "collection.toml"):
        assert f"trainer/engine/data/{data}" in names
    assert "trainer/assets/cards/classic/As.svg" in names
    assert "trainer/assets/sounds/deal.wav" in names
    assert any(name.startswith("trainer/lessons/") for name in names)
    assert any(name.endswith("entry_points.txt") for name in names)
