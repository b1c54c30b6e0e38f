"""The trainer's layers, checked over every module of every package.

The rule:

- Only ``trainer.gui`` imports PySide6, shiboken6 or pygame, or imports ``trainer.gui``. The exceptions are the
  entry points that start the GUI: the ``uth-trainer`` command (``trainer.cli``, which opens the table and hands the
  ``report`` command its PDF renderer) and the GUI benchmarks (``trainer.bench.gui``, ``trainer.bench.store``,
  ``trainer.bench.felt_layout``).
  Everything else (engine, quiz, drills, session, store, odds, settings, art, the command modules) runs without Qt.
- The engine imports nothing of the trainer above it: only ``trainer.engine`` itself and the leaves below
  everything (``trainer.resources``: where data files are; ``trainer.jsonin``: reading JSON input;
  ``trainer.userfiles``: reading a file the user names up to a bound; ``trainer.i18n``: the language texts are
  shown in; the package ``trainer`` itself, which holds the version), which import nothing of the trainer above
  them.
- The command line (``trainer.cli``) is the top: nothing but itself, ``python -m trainer`` and the benchmarks
  imports it (the ``settle`` JSON contract, ``trainer.settle_io``, stays below it: the quiz grades with it).
- The window (``trainer.gui``) runs no SQL: it imports neither ``sqlite3`` nor ``psycopg`` nor the store's modules
  that hold a connection (``trainer.store.db``, ``dialect``, ``classdb``); it asks the store.

Every ``import`` counts, function-level and ``TYPE_CHECKING`` ones included: a lazy import still loads the layer.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "trainer"
GUI_LIBRARIES = ("PySide6", "shiboken6", "pygame")
GUI_ENTRY_POINTS = {"trainer.cli", "trainer.bench.gui", "trainer.bench.store", "trainer.bench.felt_layout"}
LEAVES = ("trainer", "trainer.resources", "trainer.jsonin", "trainer.userfiles", "trainer.i18n")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module name ``path`` imports, relative imports made absolute (``from x import y`` gives ``x.y``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


@cache
def modules() -> dict[str, set[str]]:
    return {module_name(path): imports_of(path) for path in sorted(ROOT.rglob("*.py"))}


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def engine_may_import(name: str) -> bool:
    return name in LEAVES or any(within(name, low) for low in ("trainer.engine", *LEAVES[1:]))


def gui_imports(imported: set[str]) -> set[str]:
    return {name for name in imported if name.split(".")[0] in GUI_LIBRARIES or within(name, "trainer.gui")}


def test_the_rule_sees_gui_imports_and_relative_engine_imports() -> None:
    assert gui_imports({"PySide6.QtGui", "pygame", "trainer.gui.app", "trainer.guide", "os"}) == {
        "PySide6.QtGui", "pygame", "trainer.gui.app"}
    found = imports_of(ROOT / "engine" / "settlement.py")
    assert any(within(name, "trainer.engine") for name in found)
    assert engine_may_import("trainer.jsonin") and engine_may_import("trainer.engine.cards")
    assert not engine_may_import("trainer.quiz.grade") and not engine_may_import("trainer.settings")


def test_only_the_gui_and_its_entry_points_import_qt_pygame_or_the_gui() -> None:
    graph = modules()
    assert "trainer.store.store" in graph and "trainer.engine.round" in graph
    wrong = {name: sorted(gui_imports(imported)) for name, imported in graph.items()
             if not within(name, "trainer.gui") and name not in GUI_ENTRY_POINTS and gui_imports(imported)}
    assert not wrong, wrong


@pytest.mark.parametrize("leaf", LEAVES)
def test_the_leaves_under_the_engine_import_nothing_of_the_trainer(leaf: str) -> None:
    imported = modules()[leaf]
    assert not {name for name in imported if within(name, "trainer")}, sorted(imported)


def test_the_engine_imports_nothing_of_the_trainer_above_it() -> None:
    graph = modules()
    wrong = {name: sorted(other for other in imported
                          if within(other, "trainer") and not engine_may_import(other))
             for name, imported in graph.items() if within(name, "trainer.engine")}
    assert not {name: found for name, found in wrong.items() if found}, wrong


def test_only_userdirs_imports_appdirs_which_ships_no_types() -> None:
    users = sorted(name for name, imported in modules().items() if "appdirs" in imported)
    assert users == ["trainer.userdirs"]


def test_nothing_below_the_command_line_imports_it() -> None:
    """``trainer.cli`` is the top: only itself, ``python -m trainer`` and the benchmarks import it."""
    top = ("trainer.cli", "trainer.__main__", "trainer.bench")
    wrong = {name: sorted(other for other in imported if within(other, "trainer.cli"))
             for name, imported in modules().items() if not any(within(name, each) for each in top)}
    assert "trainer.quiz.grade" in wrong
    assert not {name: found for name, found in wrong.items() if found}


def test_the_language_package_imports_nothing_of_the_trainer_but_itself() -> None:
    """Every layer shows text, the engine's rule lines included: ``trainer.i18n`` stays below them all."""
    found = {name: sorted(other for other in imported if within(other, "trainer") and not within(other, "trainer.i18n"))
             for name, imported in modules().items() if within(name, "trainer.i18n")}
    assert "trainer.i18n.translation" in found
    assert not {name: wrong for name, wrong in found.items() if wrong}, found


SQL_LEVEL = ("sqlite3", "psycopg", "trainer.store.db", "trainer.store.dialect", "trainer.store.classdb")
"""What holds a connection or speaks SQL: the store's own business. The window asks the store (its methods,
:mod:`trainer.store.recorder`, :data:`trainer.store.errors.STORE_FAILURES`) and runs no SQL of its own."""


def sql_imports(imported: set[str]) -> set[str]:
    return {name for name in imported if any(within(name, low) for low in SQL_LEVEL)}


def test_the_rule_sees_sql_level_imports() -> None:
    assert sql_imports({"sqlite3", "psycopg.errors", "trainer.store.classdb.where", "trainer.store.store",
                        "trainer.store.errors.StoreError", "trainer.store.dbx"}) == {
        "sqlite3", "psycopg.errors", "trainer.store.classdb.where"}


def test_no_module_of_the_window_imports_sqlite3_psycopg_or_the_stores_sql_level() -> None:
    graph = modules()
    assert "trainer.gui.progress.instructor" in graph and "trainer.gui.progress_wiring" in graph
    wrong = {name: sorted(sql_imports(imported)) for name, imported in graph.items()
             if within(name, "trainer.gui") and sql_imports(imported)}
    assert not wrong, wrong
