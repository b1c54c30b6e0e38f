"""``python -m trainer.art``: (re)write the cards, chips and sounds into ``assets/``.

``--check`` writes nothing and exits with status 1 when a file in ``assets/`` differs from what the code
makes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from trainer.art import generate, generated_files
from trainer.resources import assets_dir


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.art", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="folder to write into (default: assets/)")
    parser.add_argument("--check", action="store_true", help="only report files that would change")
    args = parser.parse_args(argv)
    out_dir: Path = args.out or assets_dir()
    if args.check:
        stale = [
            str(relative)
            for relative, data in sorted(generated_files().items())
            if not (out_dir / relative).is_file() or (out_dir / relative).read_bytes() != data
        ]
        for name in stale:
            print(f"out of date: {name}")
        return 1 if stale else 0
    written = generate(out_dir)
    print(f"wrote {len(written)} files under {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
