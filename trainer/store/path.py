"""The newcomer's path, kept per trainee: which steps are done (lesson, watch, guided, practice, exam).

The guided, practice and exam steps are done once an item was scored in that mode (speed counts as practice);
reading the lesson and watching a hand score nothing, so they are marked in the store's settings, per profile.

>>> import tempfile
>>> from trainer.scoring import ItemResult, Mode
>>> with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
...     ana = store.add_profile("Ana")
...     _ = store.record_item(ana, ItemResult("blind", "blind/flush/680499", 6, 6, mode=Mode.GUIDED))
...     mark_step(store, ana, "lesson")
...     sorted(steps_done(store, ana))
['guided', 'lesson']
"""

from __future__ import annotations

import json

from trainer.scoring import Mode
from trainer.store.records import Profile
from trainer.store.store import Store

MARKED_STEPS = frozenset({"lesson", "watch"})
"""The steps that score nothing, so are marked when done."""
MODE_STEPS = {Mode.GUIDED.value: "guided", Mode.PRACTICE.value: "practice", Mode.EXAM.value: "exam",
              Mode.SPEED.value: "practice"}
"""The step an item scored in each mode does."""


def _key(profile: Profile) -> str:
    return f"path/{profile.uid}"


def marked_steps(store: Store, profile: Profile) -> frozenset[str]:
    """The steps marked done for ``profile`` (the lesson read, a hand watched)."""
    row = store.connection.execute("SELECT value FROM setting WHERE key = ?", (_key(profile),)).fetchone()
    if row is None:
        return frozenset()
    try:
        found = json.loads(row[0])
    except ValueError:
        return frozenset()
    return frozenset(step for step in found if step in MARKED_STEPS) if isinstance(found, list) else frozenset()


def mark_step(store: Store, profile: Profile, step: str) -> None:
    """Mark ``step`` (``lesson`` or ``watch``) done for ``profile``; marking it again changes nothing."""
    if step not in MARKED_STEPS:
        raise ValueError(f"only {', '.join(sorted(MARKED_STEPS))} are marked; the others come from the items")
    marked = marked_steps(store, profile)
    if step in marked:
        return
    store.keep_setting(_key(profile), json.dumps(sorted(marked | {step})))


def steps_done(store: Store, profile: Profile) -> frozenset[str]:
    """Every step of the path ``profile`` has done: the modes of the items scored, and the marked steps."""
    modes = store.connection.execute("SELECT DISTINCT mode FROM item WHERE profile_id = ?", (profile.id,)).fetchall()
    return frozenset(MODE_STEPS[row[0]] for row in modes if row[0] in MODE_STEPS) | marked_steps(store, profile)
