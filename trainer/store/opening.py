"""Opening the progress store a station or a command names: the one way every window and command opens it.

A class store's modules (and psycopg) load only when a class store's URL is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from trainer.i18n.translation import _
from trainer.store.db import StoreError
from trainer.store.records import Profile
from trainer.store.store import Clock, Store, utc_now


def open_store(data_dir: str | Path | None = None, class_url: str | None = None, *, connect: bool = True,
               clock: Clock = utc_now) -> Store:
    """The class store at ``class_url`` (``--store``, Settings ▸ Class store), the station's store in ``data_dir``
    keeping its outbox; without one, the station's own store in ``data_dir`` (None: the user's data folder).

    ``connect`` false (the window): nothing waits for the network, the class store's sender reaches the server in
    the background. :class:`StoreError` (one line) when the store cannot be opened or ``class_url`` is not a
    class store's URL. Without ``class_url`` or ``data_dir``, the class store the station's system settings name
    (:mod:`trainer.store.system`), if any."""
    if not class_url and data_dir is None:
        from trainer.store.system import system_store_url

        class_url = system_store_url()
    if class_url:
        from trainer.store.classdb import is_class_url
        from trainer.store.classroom import ClassStore

        if not is_class_url(class_url):
            raise StoreError(_("a class store's URL starts with postgresql:// "
                               "(postgresql://USER:PASSWORD@HOST/DATABASE)"))
        return ClassStore.open_class(class_url, data_dir, clock=clock, connect=connect)
    return Store.open(data_dir, clock=clock)


def is_class_store(store: Store) -> bool:
    """Whether ``store`` is a training room's class store (its reports add the stations): asked here, of the
    store, so no screen or command tests its type."""
    if type(store) is Store:
        return False  # the class store's modules load only for one
    from trainer.store.classroom import ClassStore

    return isinstance(store, ClassStore)


def save_report_csv(store: Store, profiles: Sequence[Profile], target: str | Path) -> int:
    """The report CSV of ``store`` at ``target``: a class store's with the station of each item; returns the
    number of rows."""
    if is_class_store(store):
        from trainer.store.classroom import ClassStore, save_class_csv

        assert isinstance(store, ClassStore)
        return save_class_csv(store, profiles, target)
    from trainer.store.reports import save_csv

    return save_csv(store, profiles, target)
