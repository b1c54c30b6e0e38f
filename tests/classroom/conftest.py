"""Class store tests: one real PostgreSQL server for the whole session (the system's initdb/pg_ctl in a temporary
folder, on a free port), and a fresh database for each test that asks for one."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest

from trainer.bench.pg_server import LocalServer

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[LocalServer]:
    server = LocalServer(fsync=False, tls=True)
    try:
        server.start()
        yield server
    finally:
        server.destroy()


@pytest.fixture
def owner_url(pg_server: LocalServer) -> str:
    """The owner's URL of a new, empty database (not yet a class store)."""
    return pg_server.create_database(f"room{next(_numbers)}")


@pytest.fixture
def class_urls(owner_url: str) -> tuple[str, str, str]:
    """A class store made by ``class init``: the owner's, the instructor's and the station's URLs."""
    from trainer.store.classdb import connect, make_roles, migrate

    with connect(owner_url) as connection:
        migrate(connection)
        roles = make_roles(connection, owner_url)
    return owner_url, roles.instructor_url, roles.station_url


@pytest.fixture
def add_station(class_urls: tuple[str, str, str]) -> Callable[[str], str]:
    """Add a station by name to the class store of ``class_urls`` (``class add-station``); its URL."""
    from trainer.store.classdb import add_member, connect

    def add(name: str) -> str:
        with connect(class_urls[0]) as connection:
            return add_member(connection, class_urls[0], "station", name)

    return add
