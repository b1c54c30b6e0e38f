"""A station on a class store: the same answers as its own store, the room's commands, one-line errors, and
nothing lost or counted twice when the server is not there."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from tests.store.conftest import Clock, hand
from tests.typed import of_kind
from trainer.bench.pg_server import LocalServer, free_port
from trainer.cli import main
from trainer.scoring import Mode, SetResult
from trainer.store import Store
from trainer.store.classdb import pg_migrations
from trainer.store.classroom import ClassStore
from trainer.store.dialect import PgConnection
from trainer.store.instructor import Exam, attempts, record_attempt, save_exam
from trainer.store.learning import my_mistakes, today
from trainer.store.mastery import mastery
from trainer.store.path import mark_step, steps_done
from trainer.store.progress import Totals, by_day, frequent_mistakes, speed_by_day, totals
from trainer.store.records import ItemId, StoredItem

TOP = len(pg_migrations())
"""The class store's schema version: the top of its ladder (one rung for each of the station's)."""


def _score_a_week(store: Store, clock: Clock) -> None:
    """The same trainee's week, whatever the store: right and wrong hands, a hand dealt again, a speed set."""
    ana = store.profile_or_new("Ana")
    for _day in range(3):
        for number in range(4):
            store.record_item(ana, hand("blind", "flush", 100 + number, correct=6 if number % 2 else 4,
                                        seconds=10.0 + number))
            clock.advance(minutes=3)
        store.record_item(ana, hand("trips", "full-house", 7, drill="trips", correct=5, seconds=30.0))
        store.record_item(ana, hand("blind", "flush", 101, correct=6, seconds=9.0, mode=Mode.SPEED))
        clock.advance(days=1)
    mark_step(store, ana, "lesson")


def _screens(store: Store) -> dict[str, object]:
    ana = store.profile("ana")
    return {
        "items": [replace(item, id=ItemId(0), uid="") for item in store.items(ana)],
        "mastery": mastery(store, ana, include_new=True),
        "today": today(store, ana),
        "mistakes": my_mistakes(store, ana),
        "days": by_day(store, ana, skill_column="situation"),
        "speed": speed_by_day(store, ana),
        "totals": totals(store, ana),
        "frequent": frequent_mistakes(store, ana),
        "path": steps_done(store, ana),
        "attempts": [replace(attempt, uid="") for attempt in attempts(store, ana)],
    }


def test_the_class_store_answers_every_screen_as_the_stations_own_store_does(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    _owner, instructor, station = class_urls
    exam = Exam("Final", "blind", hands=4, pass_mark=75.0, time_limit_minutes=10.0)
    answers = []
    stores: tuple[tuple[Callable[[Clock], Store], Clock], ...] = (
        (lambda c: Store.open(tmp_path / "alone", clock=c), Clock()),
        (lambda c: ClassStore.open_class(station, tmp_path / "station", clock=c), Clock()))
    for opened, clock in stores:
        with opened(clock) as store:
            _score_a_week(store, clock)
            if isinstance(store, ClassStore):
                with ClassStore.open_class(instructor, tmp_path / "desk") as desk:
                    saved = save_exam(desk, exam)
            else:
                saved = save_exam(store, exam)
            sitting = SetResult("blind", Mode.EXAM, [hand(seed=9, correct=3)] * 4)
            record_attempt(store, store.profile("Ana"), saved, sitting, seconds=200.0)
            answers.append(_screens(store))
    alone, shared = answers
    assert len(of_kind(alone["items"], list)) == 18 and of_kind(alone["totals"], Totals).items == 18
    for key in alone:
        assert shared[key] == alone[key], key


def test_a_week_scored_offline_and_sent_in_one_batch_answers_as_the_stations_own_store(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    """The batched insert (one statement an item, the review cards worked out for the whole batch) keeps what
    the one-item-at-a-time store keeps: the items, their mistakes, the day and mistake totals, the cards."""
    _owner, _instructor, station = class_urls
    alone_clock, shared_clock = Clock(), Clock()
    with Store.open(tmp_path / "alone", clock=alone_clock) as alone:
        _score_a_week(alone, alone_clock)
        expected = _screens(alone)
    with ClassStore.open_class(_with_port(station, free_port()), tmp_path / "station", clock=shared_clock) as away:
        _score_a_week(away, shared_clock)
        assert away.waiting() == 18
    with ClassStore.open_class(station, tmp_path / "station", clock=shared_clock) as store:
        assert store.waiting() == 0 and store.online
        with store.local.transact() as connection:  # sent again: the server keeps each item once
            connection.execute("INSERT INTO class_outbox (uid) SELECT uid FROM item")
        assert store.flush() == 0
        found = _screens(store)
    for key in ("items", "mastery", "today", "mistakes", "days", "speed", "totals", "frequent"):
        assert found[key] == expected[key], key


def test_class_init_hands_out_the_station_url_last_and_status_counts_each_station(
        tmp_path: Path, owner_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["class", "init", owner_url]) == 0
    out = capsys.readouterr().out.splitlines()
    station = out[-1]
    assert re.fullmatch(r"postgresql://room\d+_st_station-1:[^@]+@127\.0\.0\.1:\d+/room\d+", station)
    assert main(["class", "add-station", owner_url, "north"]) == 0
    north = capsys.readouterr().out.splitlines()[-1]
    for name, url in (("north", north), ("south", station)):
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("UTH_TRAINER_STATION", "south")  # a name the station gives itself counts for nothing
            patch.setattr("sys.stdin", io.StringIO("5\n5\n"))
            assert main(["--data-dir", str(tmp_path / name), "--store", url, "quiz", "--topic", "payouts-1",
                         "--count", "2", "--seed", "3", "--profile", "Bo"]) == 0
    capsys.readouterr()
    assert main(["class", "status", station]) == 0
    status = capsys.readouterr().out.splitlines()
    assert status[0].endswith(f"schema {TOP} (this trainer writes {TOP})")
    assert status[1] == "1 trainee, 4 items from 2 stations"
    assert [line.split(" items")[0] for line in status[2:]] == ["  north: 2", "  station-1: 2"]
    assert main(["class", "stations", owner_url]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in listed] == ["north", "station-1", "instructor"]
    assert listed[0].startswith("north: 2 items, last item 20")
    # init again: nothing to climb, every password kept (every station still signs in)
    assert main(["class", "init", owner_url]) == 0
    again = capsys.readouterr().out.splitlines()
    assert f"was already a class store (schema {TOP})" in again[0]
    assert again[1] == "Every password is unchanged (3 logins; uth-trainer class stations URL lists them)"
    assert not any("postgresql://" in line for line in again)
    assert main(["class", "status", station]) == 0 and main(["class", "status", north]) == 0
    capsys.readouterr()
    # a station removed cannot sign in any more; its items stay, under its name
    assert main(["class", "remove-station", owner_url, "north"]) == 0
    assert main(["class", "status", north]) == 2
    assert "wrong password for" in capsys.readouterr().err
    assert main(["class", "stations", owner_url]) == 0
    assert "(removed " in capsys.readouterr().out.splitlines()[0]
    assert main(["class", "add-station", owner_url, "st\x1b[2J"]) == 2
    assert "'st\\x1b[2J' cannot name a station" in capsys.readouterr().err


def test_report_and_profile_on_a_class_store_cover_every_station(
        tmp_path: Path, class_urls: tuple[str, str, str], add_station: Callable[[str], str],
        capsys: pytest.CaptureFixture[str]) -> None:
    _owner, _instructor, station = class_urls
    for folder, name in (("a", "Ana"), ("b", "Bo"), ("c", "Ana")):
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("UTH_TRAINER_STATION", "station-b")  # (what a station calls itself is not what is kept)
            with ClassStore.open_class(add_station(f"station-{folder}"), tmp_path / folder) as store:
                store.record_item(store.profile_or_new(name), hand(seed=len(folder) + ord(folder)))
    assert main(["--data-dir", str(tmp_path / "d"), "--store", station, "report", "--format", "csv",
                 "--out", str(tmp_path / "class.csv")]) == 0
    rows = (tmp_path / "class.csv").read_text().splitlines()
    assert capsys.readouterr().out.startswith("Wrote 3 items")
    assert rows[0].endswith(",mistakes,wrong attempts,steps left to the table,station")
    assert sorted((row.split(",")[0], row.split(",")[-1]) for row in rows[1:]) == [
        ("Ana", "station-a"), ("Ana", "station-c"), ("Bo", "station-b")]
    assert main(["--data-dir", str(tmp_path / "d"), "--store", station, "profile", "list"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        f"Ana  2 items, last {rows[1].split(',')[1][:10]}", f"Bo  1 item, last {rows[1].split(',')[1][:10]}"]


def _with_port(url: str, port: int) -> str:
    return re.sub(r":\d+/", f":{port}/", url)


def _server_items(url: str) -> list[tuple[str, int]]:
    with psycopg.connect(url) as connection:
        return [(row[0], row[1]) for row in connection.execute(
            "SELECT item.uid, day_total.items FROM item JOIN day_total ON day_total.profile_id = item.profile_id "
            "ORDER BY item.id").fetchall()]


def test_a_quiz_while_the_server_is_away_says_so_and_how_many_items_wait(
        tmp_path: Path, class_urls: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    away = _with_port(class_urls[2], free_port())
    monkeypatch.setattr("sys.stdin", io.StringIO("5\n5\n"))
    assert main(["--data-dir", str(tmp_path), "--store", away, "quiz", "--topic", "payouts-1", "--count", "2",
                 "--seed", "3", "--profile", "Lu"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("uth-trainer: Class store: offline, 0 items waiting (cannot reach the class store")
    assert err[-1] == "uth-trainer: Class store: offline, 2 items waiting"


def test_a_station_tries_an_absent_server_again_less_and_less_often(
        tmp_path: Path, class_urls: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.store import classroom

    now = [0.0]
    tries: list[float] = []
    real_open = classroom.open_server

    def counted(url: str, *, timeout: int | None = None) -> object:
        tries.append(now[0])
        return real_open(url, timeout=timeout)

    monkeypatch.setattr(classroom, "open_server", counted)
    away = _with_port(class_urls[2], free_port())
    with ClassStore.open_class(away, tmp_path / "st", monotonic=lambda: now[0]) as store:
        mo = store.profile_or_new("Mo")
        for second in range(0, 40):  # an item a second while the server is away
            now[0] = float(second)
            store.record_item(mo, hand(seed=second))
        assert store.waiting() == 40
        # at the start, then 5 s, 10 s and 20 s after each failed try
        assert tries == [0.0, 0.0, 5.0, 15.0, 35.0]
    assert tries[5:] == [39.0]  # and once more as the command ends, items waiting


def test_items_scored_while_the_server_is_away_are_sent_later_in_order_exactly_once(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, station = class_urls
    away = _with_port(station, free_port())
    with ClassStore.open_class(away, tmp_path / "st") as store:
        assert store.status == "Class store: offline, 0 items waiting"
        assert any("working from this station's copy" in notice for notice in store.notices)
        cy = store.profile_or_new("Cy")
        for seed in range(3):
            store.record_item(cy, hand(seed=seed))
        assert store.waiting() == 3 and store.status == "Class store: offline, 3 items waiting"
        scored = [item.uid for item in store.items(cy)]
    assert _server_items(owner) == []
    with ClassStore.open_class(station, tmp_path / "st") as store:
        assert store.waiting() == 0
        assert store.status == "Class store: sent"
        # the station stopped after the server kept them and before it forgot them: they are sent again
        with store.local.transact() as connection:
            connection.executemany("INSERT INTO class_outbox (uid) VALUES (?)", [(uid,) for uid in scored])
        assert store.flush() == 0 and store.waiting() == 0
    assert _server_items(owner) == [(uid, 3) for uid in scored]


def test_a_station_keeps_scoring_while_the_server_is_stopped_and_sends_it_all_after(
        tmp_path: Path, class_urls: tuple[str, str, str], pg_server: LocalServer) -> None:
    owner, _instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "st") as store:
        dee = store.profile_or_new("Dee")
        store.record_item(dee, hand(seed=1))
        pg_server.stop()
        try:
            for seed in range(2, 5):
                store.record_item(dee, hand(seed=seed))
            assert store.status == "Class store: offline, 3 items waiting"
        finally:
            pg_server.start()
        store.record_item(dee, hand(seed=5))
        store.flush(now=True)  # (else the server is tried again a few seconds after it went away)
        assert store.waiting() == 0 and store.status == "Class store: sent"
        assert [item.seed for item in store.items(dee)] == [1, 2, 3, 4, 5]
    assert [count for _uid, count in _server_items(owner)] == [5] * 5


def test_a_trainee_finds_their_progress_at_another_station_even_when_the_server_is_then_down(
        tmp_path: Path, class_urls: tuple[str, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    _owner, _instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "first") as store:
        eve = store.profile_or_new("Eve")
        for seed in range(4):
            store.record_item(eve, hand(seed=seed, correct=6 if seed else 3))
        expected = _screens_of_eve(store)
    assert main(["--data-dir", str(tmp_path / "second"), "--store", station, "profile", "show", "Eve"]) == 0
    online = capsys.readouterr().out
    away = _with_port(station, free_port())
    assert main(["--data-dir", str(tmp_path / "second"), "--store", away, "profile", "show", "Eve"]) == 0
    offline = capsys.readouterr()
    assert offline.out == online and online.startswith("Eve: 4 items")
    assert "Class store: offline, 0 items waiting" in offline.err
    with Store.open(tmp_path / "second") as copy:
        assert _screens_of_eve(copy) == expected


def _screens_of_eve(store: Store) -> tuple[object, ...]:
    eve = store.profile("Eve")
    return (mastery(store, eve), today(store, eve), my_mistakes(store, eve), totals(store, eve))


def test_class_upload_sends_a_stations_history_once(tmp_path: Path, class_urls: tuple[str, str, str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    owner, _instructor, station = class_urls
    with Store.open(tmp_path / "st") as local:
        for name in ("Fay", "Gus"):
            person = local.add_profile(name)
            for seed in range(3):
                local.record_item(person, hand(seed=seed))
    argv = ["--data-dir", str(tmp_path / "st"), "--store", station, "class", "upload"]
    assert main(argv) == 0
    assert capsys.readouterr().out.endswith("2 trainees, 6 items added, 0 already there\n")
    assert main(argv) == 0
    assert capsys.readouterr().out.endswith("2 trainees, 0 items added, 6 already there\n")
    assert [count for _uid, count in _server_items(owner)] == [3] * 6


@pytest.mark.parametrize("problem, message", [
    ("password", "wrong password for room{n}_st_station-1 on the class store 127.0.0.1:{port}/room{n}"),
    ("unreachable", "cannot reach the class store at 127.0.0.1:{free}/room{n}"),
    ("not a class store", "127.0.0.1:{port}/postgres is not a class store"),
    ("newer", "the class store 127.0.0.1:{port}/room{n} has a newer schema (99; this trainer knows up to {top})"),
])
def test_a_class_store_that_cannot_be_used_is_one_line(
        tmp_path: Path, class_urls: tuple[str, str, str], pg_server: LocalServer,
        capsys: pytest.CaptureFixture[str], problem: str, message: str) -> None:
    owner, _instructor, station = class_urls
    number = re.search(r"/room(\d+)$", owner).group(1)  # type: ignore[union-attr]
    free = free_port()
    url = {"password": re.sub(r":[^:@/]+@", ":wrong@", station), "unreachable": _with_port(station, free),
           "not a class store": pg_server.url(), "newer": station}[problem]
    if problem == "newer":
        with psycopg.connect(owner, autocommit=True) as connection:
            connection.execute("UPDATE uth_class_store SET version = 99")
    expected = message.format(n=number, port=pg_server.port, free=free, top=TOP)
    if problem == "unreachable":  # a station goes on from its own copy; the instructor's status cannot
        assert main(["--data-dir", str(tmp_path), "--store", url, "profile", "list"]) == 0
        assert main(["class", "status", url]) == 2
        command = "class status"
    else:
        assert main(["--data-dir", str(tmp_path), "--store", url, "profile", "list"]) == 2
        command = "profile"
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith(f"uth-trainer {command}: ") and expected in err.splitlines()[-1]
    assert "Traceback" not in err and "wrong" not in err.replace("wrong password", "")


def test_the_password_may_come_from_a_pgpass_file_instead_of_the_url(
        tmp_path: Path, class_urls: tuple[str, str, str], pg_server: LocalServer,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _owner, _instructor, station = class_urls
    user, password, database = re.fullmatch(r"postgresql://([^:]+):([^@]+)@[^/]+/(\w+)", station).groups()  # type: ignore[union-attr]
    secrets = tmp_path / "pgpass"
    secrets.write_text(f"127.0.0.1:{pg_server.port}:{database}:{user}:{password}\n", encoding="utf-8")
    secrets.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(secrets))
    assert main(["class", "status", f"postgresql://{user}@127.0.0.1:{pg_server.port}/{database}"]) == 0
    assert capsys.readouterr().out.startswith(f"Class store 127.0.0.1:{pg_server.port}/{database}: schema {TOP}")


def test_a_profile_exported_elsewhere_is_imported_into_the_class_store_once(
        tmp_path: Path, class_urls: tuple[str, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    _owner, _instructor, station = class_urls
    with Store.open(tmp_path / "home") as home:
        hal = home.add_profile("Hal")
        for seed in range(3):
            home.record_item(hal, hand(seed=seed, correct=6 if seed else 2))
        expected = (mastery(home, hal), my_mistakes(home, hal), totals(home, hal))
    assert main(["--data-dir", str(tmp_path / "home"), "profile", "export", "Hal", str(tmp_path / "hal.json")]) == 0
    argv = ["--data-dir", str(tmp_path / "st"), "--store", station, "profile", "import", str(tmp_path / "hal.json")]
    assert main(argv) == 0
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == ["Hal: 3 items and 0 exam attempts added",
                                                        "Hal: 0 items and 0 exam attempts added"]
    with ClassStore.open_class(station, tmp_path / "other") as shared:
        hal = shared.profile("Hal")
        assert (mastery(shared, hal), my_mistakes(shared, hal), totals(shared, hal)) == expected


def test_a_trainee_who_signs_in_at_a_new_station_while_the_server_is_away_is_one_trainee_after(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "usual") as store:
        store.record_item(store.profile_or_new("Ivy"), hand(seed=1))
    with ClassStore.open_class(_with_port(station, free_port()), tmp_path / "new") as store:
        store.record_item(store.profile_or_new("Ivy"), hand(seed=2))
    with ClassStore.open_class(station, tmp_path / "new") as store:
        assert store.waiting() == 0
        assert [profile.name for profile in store.profiles()] == ["Ivy"]
        assert [item.seed for item in store.items(store.profile("Ivy"))] == [1, 2]
        store.record_item(store.profile("Ivy"), hand(seed=3))
        assert [profile.name for profile in store.local.profiles()] == ["Ivy"]
    assert [count for _uid, count in _server_items(owner)] == [3] * 3


def test_grade_with_a_profile_keeps_the_graded_hand_on_the_class_store(
        tmp_path: Path, class_urls: tuple[str, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    _owner, _instructor, station = class_urls
    sample = Path(__file__).resolve().parent.parent.parent / "packaging" / "samples" / "grade.json"
    assert main(["--data-dir", str(tmp_path / "st"), "--store", station, "grade", "--profile", "Jo",
                 str(sample)]) == 0
    assert '"error"' not in capsys.readouterr().out
    with ClassStore.open_class(station, tmp_path / "desk") as desk:
        items = desk.items(desk.profile("Jo"))
    assert [(item.drill, item.mode.value, item.correct == item.steps) for item in items] == [("grade", "exam", True)]


def test_a_server_lost_in_the_middle_of_sending_leaves_the_items_waiting_and_sends_them_once_after(
        tmp_path: Path, class_urls: tuple[str, str, str], pg_server: LocalServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    owner, _instructor, station = class_urls
    from trainer.store import outbox

    with ClassStore.open_class(_with_port(station, free_port()), tmp_path / "st") as store:
        kim = store.profile_or_new("Kim")
        for seed in range(3):
            store.record_item(kim, hand(seed=seed, correct=4))
    real_put = outbox.put_batch
    sent: list[str] = []

    def put_then_lose_the_server(server: PgConnection, items: list[tuple[int, StoredItem]]) -> int:
        added = real_put(server, items)  # the batch is in the server's transaction, not yet committed
        sent.extend(item.uid for _profile, item in items)
        with psycopg.connect(pg_server.url(), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (server.raw.info.backend_pid,))
        return added

    monkeypatch.setattr(outbox, "put_batch", put_then_lose_the_server)
    with ClassStore.open_class(station, tmp_path / "st") as store:
        assert len(sent) == 3
        assert store.waiting() == 3 and store.status.startswith("Class store: offline, 3 items waiting")
        monkeypatch.setattr(outbox, "put_batch", real_put)
        assert store.flush(now=True) == 3
        assert store.waiting() == 0
    assert [count for _uid, count in _server_items(owner)] == [3] * 3


def test_tls_is_used_when_the_url_asks_for_it(tmp_path: Path, class_urls: tuple[str, str, str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    _owner, _instructor, station = class_urls
    with ClassStore.open_class(station + "?sslmode=require", tmp_path / "st") as store:
        assert store.connection.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").fetchone()[0]
    with ClassStore.open_class(station + "?sslmode=disable", tmp_path / "st") as store:
        assert not store.connection.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").fetchone()[0]
    assert main(["class", "status", station + "?sslmode=verify-full"]) == 2  # a self-signed certificate
    err = capsys.readouterr().err
    assert err.startswith("uth-trainer class status: TLS to the class store 127.0.0.1:") and err.count("\n") == 1


def test_class_init_with_a_stations_url_is_refused_in_one_line(
        class_urls: tuple[str, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    _owner, _instructor, station = class_urls
    assert main(["class", "init", station]) == 2
    err = capsys.readouterr().err
    assert err.startswith("uth-trainer class init: the user of this URL may not set up 127.0.0.1:")
    assert err.rstrip().endswith("use the database owner's URL, a user that may create roles")
    assert err.count("\n") == 1


def test_an_instructors_deletion_survives_class_upload_and_every_report_counts_the_same(
        tmp_path: Path, class_urls: tuple[str, str, str], capsys: pytest.CaptureFixture[str]) -> None:
    import csv

    from trainer.store.progress import totals
    from trainer.store.reports import class_report

    _owner, instructor, station = class_urls
    data = tmp_path / "station"
    with ClassStore.open_class(station, data) as store:
        ana = store.profile_or_new("Ana")
        for seed in range(5):
            store.record_item(ana, hand(seed=seed, correct=5 if seed == 0 else 6))
        assert store.waiting() == 0
    with psycopg.connect(instructor, autocommit=True) as connection:  # two deleted in SQL, as an instructor may
        connection.execute("DELETE FROM item WHERE id IN (SELECT id FROM item ORDER BY at LIMIT 2)")
    capsys.readouterr()
    for _ in range(2):
        assert main(["--data-dir", str(data), "--store", station, "class", "upload"]) == 0
        assert ", 0 items added, 5 already there" in capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path / "desk"), "--store", instructor, "report", "--format", "csv",
                 "--out", str(tmp_path / "class.csv")]) == 0
    rows = list(csv.reader((tmp_path / "class.csv").read_text(encoding="utf-8").splitlines()))[1:]
    with ClassStore.open_class(instructor, tmp_path / "desk") as desk:
        reported = class_report(desk)
        shown = totals(desk, desk.profile("Ana"))
    with ClassStore.open_class(station, data) as store:  # the station's own copy forgets them too
        store.find_profile("Ana")
        mine = totals(store.local, store.local.profile("Ana"))
    assert len(rows) == reported[0].totals.items == shown.items == mine.items == 3
    assert reported[0].totals.steps_wrong == shown.steps_wrong == mine.steps_wrong == 0


def test_a_command_sends_what_waits_before_it_exits(tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    owner, _instructor, station = class_urls
    now = [0.0]
    store = ClassStore.open_class(station, tmp_path / "st", monotonic=lambda: now[0])
    try:
        ana = store.profile_or_new("Ana")
        assert store.server is not None
        store.server.close()  # the server went away a moment ago: the next try is a few seconds off
        store._next_try = 60.0
        store.record_item(ana, hand(seed=1))
        assert store.waiting() == 1
    finally:
        store.close()  # the command ends: one more try, now
    with psycopg.connect(owner) as connection:
        assert connection.execute("SELECT count(*) FROM item").fetchone() == (1,)


def test_a_trainee_the_server_knows_by_name_is_that_trainee_not_a_second_one(
        tmp_path: Path, class_urls: tuple[str, str, str]) -> None:
    owner, instructor, station = class_urls
    with ClassStore.open_class(station, tmp_path / "st") as store:
        store.record_item(store.profile_or_new("root"), hand(seed=1))
    with ClassStore.open_class(instructor, tmp_path / "desk") as desk:  # the desk's copy made "root" offline
        mine = desk.local.add_profile("root")
        found = desk.server_profile(mine)
        assert found.name == "root" and desk.local.profile("root").uid == found.uid
    with psycopg.connect(owner) as connection:
        assert connection.execute("SELECT name::text FROM profile").fetchall() == [("root",)]
