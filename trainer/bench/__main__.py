"""``python -m trainer.bench NAME [ARGS]`` runs the benchmark ``trainer.bench.NAME`` (its ``main(argv)``).

Each benchmark is a module of this package with a ``main(argv) -> int`` function; with no name, the list.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Sequence

import trainer.bench


def benchmark_names() -> list[str]:
    """The benchmarks there are: the public modules of this package."""
    return sorted(
        module.name
        for module in pkgutil.iter_modules(trainer.bench.__path__)
        if not module.name.startswith("_") and not module.ispkg
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    names = benchmark_names()
    usage = f"usage: python -m trainer.bench NAME [ARGS]   (NAME: {', '.join(names) or 'none yet'})"
    if not args or args[0] in ("-h", "--help"):
        print(usage)
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name not in names:
        print(f"no benchmark named {name!r}\n{usage}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"trainer.bench.{name}")
    status = module.main(rest)
    return int(status or 0)


if __name__ == "__main__":
    sys.exit(main())
