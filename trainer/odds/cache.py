"""Results of the long computations kept in the user's cache folder (``trainer.userdirs.cache_dir``), as JSON.

Only counts and figures are kept, under a key naming what they were computed from. Each file carries a hash of
its inputs (the key and what it was computed from) and a hash of the result as written: a missing, unreadable,
foreign, damaged or edited file is simply computed again, as is one whose figures fail their own sanity check
(the reader's, e.g. :func:`trainer.odds.game.solution_from_cache`). Two writers of one key each write their own
temporary file and the last rename wins. Nothing here is shipped or committed.

>>> import tempfile
>>> cache = ResultCache(Path(tempfile.mkdtemp()))
>>> cache.load("bad-beat-counts") is None
True
>>> cache.store("bad-beat-counts", {"deals": 1})
>>> cache.load("bad-beat-counts")
{'deals': 1}
>>> cache.load("bad-beat-counts", inputs="another table") is None
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

from trainer.userfiles import replaced

FORMAT = 2
"""Bumped whenever a cached result's meaning changes; older files are then ignored (2: hashes added)."""
MAX_ENTRY_BYTES = 20_000_000
"""A cache file is read up to this size (a solved game is about 30 kB); a longer one is computed again."""


def default_cache_dir() -> Path:
    """``<user cache>/uth-dealer-trainer/odds``."""
    from trainer import userdirs

    return userdirs.cache_dir() / "odds"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def inputs_hash(key: str, inputs: str) -> str:
    """The hash a file keeps of what its result was computed from."""
    return _digest(f"{FORMAT}\n{key}\n{inputs}")


def result_hash(result: Any) -> str:
    """The hash of a result as written (sorted keys, no spaces)."""
    return _digest(json.dumps(result, sort_keys=True, separators=(",", ":"), allow_nan=False))


class ResultCache:
    """JSON files in one folder, one per key."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{key}.json"

    def load(self, key: str, inputs: str = "") -> Any:
        """The result kept for ``key`` computed from ``inputs``, or None when there is none that reads and checks."""
        from trainer.userfiles import InputError, read_file_at_most

        path = self._path(key)
        if path is None:
            return None
        try:
            data = json.loads(read_file_at_most(path, MAX_ENTRY_BYTES).decode("utf-8"))
        except (InputError, ValueError, RecursionError):  # missing, too long, not UTF-8, not JSON, nested deep
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
            return None
        if data.get("inputs") != inputs_hash(key, inputs) or "result" not in data:
            return None
        try:
            if data.get("check") != result_hash(data["result"]):
                return None
        except (ValueError, RecursionError):  # NaN or nesting json.dumps cannot write back
            return None
        return data["result"]

    def store(self, key: str, result: Any, inputs: str = "") -> None:
        """Write the result; a folder that cannot be written is not an error (the figure is just not kept)."""
        path = self._path(key)
        if path is None:
            return
        entry = {"format": FORMAT, "key": key, "inputs": inputs_hash(key, inputs), "check": result_hash(result),
                 "result": result}
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            with replaced(path) as partial:
                partial.write_text(json.dumps(entry), encoding="utf-8")
