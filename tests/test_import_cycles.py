"""No import cycles in the trainer: the modules' import graph (every ``import`` and ``from … import`` a module
runs when it is loaded or type-checked, function-level imports included) has no cycle, so every layer can be read,
tested and loaded on its own (the engine under the quiz core, the session under the GUI)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "trainer"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The trainer modules ``path`` imports (a package's name when it imports the package itself)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(path): path for path in ROOT.rglob("*.py")}
    known = set(paths)
    return {name: imported(path, name, known) for name, path in paths.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as the modules along it, or None (a package's ``__init__`` importing its own
    submodules, and a submodule importing its package, are the same module and not a cycle)."""
    white, grey, black = 0, 1, 2
    colour = dict.fromkeys(graph, white)
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = grey
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt.startswith(node + ".") or node.startswith(nxt + "."):
                continue
            if colour[nxt] == grey:
                return [*stack[stack.index(nxt):], nxt]
            if colour[nxt] == white and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        colour[node] = black
        return None

    for node in sorted(graph):
        if colour[node] == white and (cycle := visit(node)):
            return cycle
    return None


def test_find_cycle_finds_a_cycle_and_passes_a_tree() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_module_of_the_trainer_imports_itself_round_a_cycle() -> None:
    graph = import_graph()
    assert "trainer.gui.main_window" in graph and "trainer.engine.settlement" in graph
    cycle = find_cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])
