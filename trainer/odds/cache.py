"""Results of the long computations kept in the user's cache folder (``trainer.userdirs.cache_dir``), as JSON.

Only counts and figures of the built-in tables are kept, under a key naming what they were computed from; a
missing, unreadable or foreign file is simply computed again. Nothing here is shipped or committed.

>>> import tempfile
>>> cache = ResultCache(Path(tempfile.mkdtemp()))
>>> cache.load("bad-beat-counts") is None
True
>>> cache.store("bad-beat-counts", {"deals": 1})
>>> cache.load("bad-beat-counts")
{'deals': 1}
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

FORMAT = 1
"""Bumped whenever a cached result's meaning changes; older files are then ignored."""


def default_cache_dir() -> Path:
    """``<user cache>/uth-dealer-trainer/odds``."""
    from trainer import userdirs

    return userdirs.cache_dir() / "odds"


class ResultCache:
    """JSON files in one folder, one per key."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{key}.json"

    def load(self, key: str) -> Any:
        path = self._path(key)
        if path is None:
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
            return None
        return data.get("result")

    def store(self, key: str, result: Any) -> None:
        """Write the result; a folder that cannot be written is not an error (the figure is just not kept)."""
        path = self._path(key)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(".tmp")
            partial.write_text(json.dumps({"format": FORMAT, "key": key, "result": result}), encoding="utf-8")
            os.replace(partial, path)
        except OSError:
            pass
