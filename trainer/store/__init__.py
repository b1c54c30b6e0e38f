"""The progress store: profiles, every scored item, mastery, review scheduling, exams and reports (no Qt here)."""

from trainer.store.db import default_data_dir, schema_version, store_path
from trainer.store.errors import STORE_FAILURES, StoreError
from trainer.store.records import Identity, Profile, Replay, ReplayKind, StoredItem, identify
from trainer.store.store import Store

__all__ = ["STORE_FAILURES", "Identity", "Profile", "Replay", "ReplayKind", "Store", "StoreError", "StoredItem",
           "default_data_dir", "identify", "schema_version", "store_path"]
