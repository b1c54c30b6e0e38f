"""``uth-trainer --store URL`` as a station runs it: with no command the window opens on the class store (and ends
when stopped, as Quit does); a URL that is not a class store's is one line."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from tests.processes import ctrl_c_interrupts

REPO = Path(__file__).resolve().parents[2]
COMMAND = "import sys; from trainer.cli import main; sys.exit(main())"
"""The ``uth-trainer`` entry point (``trainer.cli:main``), as the installed command runs it."""


def _env(tmp_path: Path, station: str) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SDL_AUDIODRIVER="dummy", UTH_TRAINER_STATION=station)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        env[name] = str(tmp_path / name.lower())
    return env


def _sessions(owner: str, user: str) -> int:
    with psycopg.connect(owner) as connection:
        row = connection.execute("SELECT count(*) FROM pg_stat_activity WHERE usename = %s AND "
                                 "application_name = 'uth-trainer'", (user,)).fetchone()
    return int(row[0]) if row else 0


def test_the_command_with_a_store_and_no_command_opens_the_window_on_the_class_store_and_stops_cleanly(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, station = class_urls
    user = station.split("://", 1)[1].split(":", 1)[0]
    data = tmp_path / "station"
    child = subprocess.Popen([sys.executable, "-c", COMMAND, "--data-dir", str(data), "--store", station],
                             env=_env(tmp_path, "front-1"), cwd=REPO, text=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, preexec_fn=ctrl_c_interrupts)
    try:
        deadline = time.monotonic() + 60
        while _sessions(owner, user) < 2 and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)  # the sender's connection, then the screens' once it reached the server
        assert _sessions(owner, user) == 2
        child.send_signal(signal.SIGTERM)
        status = child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    stderr = child.stderr.read() if child.stderr else ""
    assert status == 0, stderr
    assert "Traceback" not in stderr
    assert _sessions(owner, user) == 0  # every connection closed on the way out
    with sqlite3.connect(data / "progress.sqlite3") as local:  # the station's copy, with its outbox
        tables = {row[0] for row in local.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"class_outbox", "class_outbox_other"} <= tables


@pytest.mark.parametrize("url", ["postgresql://nobody@127.0.0.1:1/nowhere?sslmode=bogus", "mysql://db/room"])
def test_the_command_with_a_bad_store_url_says_so_in_one_line(tmp_path: Path, url: str) -> None:
    result = subprocess.run([sys.executable, "-c", COMMAND, "--data-dir", str(tmp_path), "--store", url,
                             "profile", "list"], env=_env(tmp_path, "front-1"), cwd=REPO, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("uth-trainer"), result.stderr
    assert "Traceback" not in result.stderr


def test_the_system_settings_name_the_class_store_of_every_user_of_a_station(
        tmp_path: Path, class_urls: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from trainer.store.classroom import ClassStore
    from trainer.store.opening import open_store
    from trainer.store.system import SYSTEM_SETTINGS_ENV, system_store_url

    _owner, _instructor, station = class_urls
    settings = tmp_path / "settings.json"
    monkeypatch.setenv(SYSTEM_SETTINGS_ENV, str(settings))
    assert system_store_url() is None  # no file: no system setting
    settings.write_text(json.dumps({"class_store_url": station}), encoding="utf-8")
    assert system_store_url() == station
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with open_store() as store:
        assert isinstance(store, ClassStore) and store.online
    with open_store(tmp_path / "own") as store:
        assert not isinstance(store, ClassStore)  # a store of one's own, named, is that store


def test_a_pgpass_others_may_read_is_named_with_the_chmod_that_makes_it_used(
        tmp_path: Path, class_urls: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from urllib.parse import unquote, urlsplit

    from trainer.cli import main

    _owner, _instructor, station = class_urls
    parts = urlsplit(station)
    pgpass = tmp_path / "pgpass"
    pgpass.write_text(f"{parts.hostname}:{parts.port}:*:{parts.username}:{unquote(parts.password or '')}\n")
    monkeypatch.setenv("PGPASSFILE", str(pgpass))
    bare = station.replace(f":{parts.password}@", "@")
    for mode, works in ((0o644, False), (0o600, True)):
        pgpass.chmod(mode)
        assert (main(["class", "status", bare]) == 0) is works
        said = capsys.readouterr().err
        if not works:
            assert said.splitlines()[-1].endswith(f"is not used while others may read it: chmod 600 {pgpass}")


def test_names_and_places_with_control_characters_are_shown_escaped(
        class_urls: tuple[str, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.cli import main

    owner, _instructor, station = class_urls
    with psycopg.connect(owner, autocommit=True) as connection:  # a row an older trainer let a station name
        connection.execute("INSERT INTO profile (uid, name, created) VALUES ('p', 'Ana', 'now')")
        connection.execute("INSERT INTO item (uid, profile_id, at, drill, situation, mode, steps, correct, seconds, "
                           "station) VALUES ('i', 1, '2025-03-03T09:00:00+00:00', 'blind', 'blind', 'practice', 6, 6, "
                           "1.0, E'st\\x1b[2J')")
    assert main(["class", "status", station]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "'st\\x1b[2J': 1 items" in out
    assert main(["class", "status", "postgresql://st@127.0.0.1:1/ro%07om"]) == 2
    err = capsys.readouterr().err
    assert "\x07" not in err and "\\x07" in err
