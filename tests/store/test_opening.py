"""One way to open the progress store (``trainer.store.opening.open_store``) for the window and every command: the
station's own store, or the class store of a class store's URL; anything else refused in one line, and the window
then opens the station's own store and says why."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.cli import main
from trainer.store import Store, StoreError
from trainer.store.opening import is_class_store, open_store


def test_without_a_url_the_stations_own_store_opens_in_the_data_folder(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        assert type(store) is Store and not is_class_store(store)
        assert store.path.parent == tmp_path


@pytest.mark.parametrize("url", ["sqlite:///progress.db", "http://room/store", "room"])
def test_a_url_that_is_not_a_class_stores_is_refused_in_one_line(url: str, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"postgresql://") as raised:
        open_store(tmp_path, url)
    assert "\n" not in str(raised.value)


def test_the_commands_and_the_window_refuse_it_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.gui.progress_wiring import open_progress_store

    data = str(tmp_path)
    assert main(["--data-dir", data, "--store", "http://room/store", "profile", "list"]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "postgresql://" in err and "Traceback" not in err
    store, problem = open_progress_store(data, "http://room/store")
    assert store is not None and type(store) is Store, "the station's own store opens"
    assert problem is not None and "postgresql://" in problem and "own progress store is open" in problem
    store.close()
