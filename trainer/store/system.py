"""The station's system settings: what ``install-linux.sh --system --store URL`` sets for every user of a computer.

The file is JSON, ``/etc/uth-trainer/settings.json`` (``$UTH_TRAINER_SYSTEM_SETTINGS`` names another), with one
key: ``class_store_url``, the class store every user of the station works on unless they name another
(``--store URL``, ``--data-dir DIR`` for a store of their own, or Settings ▸ Class store). A file that is missing or
cannot be read is no system setting (the trainer goes on as on any computer).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

SYSTEM_SETTINGS = Path("/etc/uth-trainer/settings.json")
SYSTEM_SETTINGS_ENV = "UTH_TRAINER_SYSTEM_SETTINGS"


def system_settings_path() -> Path:
    named = os.environ.get(SYSTEM_SETTINGS_ENV, "").strip()
    return Path(named) if named else SYSTEM_SETTINGS


def system_store_url() -> str | None:
    """The class store's URL of the system settings, or None."""
    try:
        found = json.loads(system_settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    url = found.get("class_store_url") if isinstance(found, dict) else None
    return url if isinstance(url, str) and url.startswith(("postgresql://", "postgres://")) else None
