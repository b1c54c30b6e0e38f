"""The sound player: plays with SDL's dummy driver, and falls silent with one log line when it cannot play."""

from __future__ import annotations

import ast
import logging
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import pytest

from trainer.art import SOUND_NAMES
from trainer.gui import sound as sound_module
from trainer.gui.sound import SoundPlayer
from trainer.resources import assets_dir

SOUND_DIR = assets_dir() / "sounds"
READY_TIMEOUT = 10.0


class MakePlayer(Protocol):
    """The ``make_player`` fixture: a ready player with these settings."""

    def __call__(self, *, sound_dir: Path | None = None, volume: float = 0.7, muted: bool = False) -> SoundPlayer:
        ...


@pytest.fixture
def make_player() -> Iterator[MakePlayer]:
    """Make players that are closed (and the mixer shut) at the end of the test."""
    players: list[SoundPlayer] = []

    def make(*, sound_dir: Path | None = None, volume: float = 0.7, muted: bool = False) -> SoundPlayer:
        player = SoundPlayer(sound_dir, volume, muted)
        players.append(player)
        assert player.wait_until_ready(READY_TIMEOUT)
        return player

    yield make
    for player in players:
        player.close()


def _sound_is_off_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if "ound" in record.getMessage()]


def test_sounds_load_and_play_with_the_dummy_driver(make_player: MakePlayer, caplog: pytest.LogCaptureFixture) -> None:
    player = make_player()
    assert player.available
    assert player.loaded == tuple(sorted(SOUND_NAMES))
    for name in SOUND_NAMES:
        assert player.play(name), name
    assert caplog.records == []


def test_loading_waits_for_start_when_asked(make_player: MakePlayer) -> None:
    player = SoundPlayer(start=False)
    try:
        assert not player.available
        assert player.wait_until_ready(READY_TIMEOUT)
        assert player.available
    finally:
        player.close()


def test_volume_reaches_every_sound_and_is_clipped(make_player: MakePlayer) -> None:
    player = make_player(volume=0.25)
    assert all(abs(sound.get_volume() - 0.25) < 0.01 for sound in player._sounds.values())
    player.set_volume(0.6)
    assert player.volume == 0.6
    assert all(abs(sound.get_volume() - 0.6) < 0.01 for sound in player._sounds.values())
    player.set_volume(1.7)
    assert player.volume == 1.0
    player.set_volume(-3)
    assert player.volume == 0.0
    player.set_volume(float("nan"))
    assert player.volume == 0.0


def test_muted_player_plays_nothing_until_unmuted(make_player: MakePlayer) -> None:
    player = make_player(muted=True)
    assert player.muted
    assert not player.play("deal")
    player.set_muted(False)
    assert player.play("deal")
    player.set_muted(True)
    assert not player.play("chips")


def test_failing_audio_device_makes_the_player_silent_with_one_log_line(
    make_player: MakePlayer, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    def no_device(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = make_player()
    assert not player.available
    assert not player.play("deal")
    player.set_volume(0.2)
    player.set_muted(True)
    player.set_muted(False)
    assert not player.play("chips")
    assert _sound_is_off_lines(caplog) == ["Sound is off: no audio device (Couldn't open audio device)"]
    assert all(record.exc_info is None for record in caplog.records)


def test_missing_and_unreadable_files_are_named_in_one_line_and_the_rest_still_play(
    make_player: MakePlayer, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    shutil.copy(SOUND_DIR / "deal.wav", tmp_path / "deal.wav")
    (tmp_path / "chips.wav").write_bytes(b"not a wave file")
    player = make_player(sound_dir=tmp_path)
    assert player.available
    assert player.play("deal")
    assert not player.play("chips")
    (line,) = _sound_is_off_lines(caplog)
    assert line.startswith("Some sounds are off: ")
    assert "chips.wav is unreadable" in line and "flip.wav is missing" in line


def test_folder_without_sounds_makes_the_player_silent(
    make_player: MakePlayer, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    player = make_player(sound_dir=tmp_path / "nowhere")
    assert not player.available
    assert not player.play("deal")
    (line,) = _sound_is_off_lines(caplog)
    assert line.startswith("Sound is off: no sound files could be read in ")


def test_unknown_sound_name_is_logged_once(make_player: MakePlayer, caplog: pytest.LogCaptureFixture) -> None:
    player = make_player()
    assert not player.play("applause")
    assert not player.play("applause")
    assert [record.getMessage() for record in caplog.records] == [
        "No sound called 'applause' (there are: " + ", ".join(sorted(SOUND_NAMES)) + ")"
    ]


def test_a_failing_play_turns_sound_off_instead_of_raising(
    make_player: MakePlayer, caplog: pytest.LogCaptureFixture
) -> None:
    player = make_player()

    class Broken:
        def play(self) -> None:
            raise RuntimeError("mixer gone")

        def set_volume(self, _volume: float) -> None:
            pass

    player._sounds["deal"] = Broken()
    assert not player.play("deal")
    assert not player.play("flip")
    assert _sound_is_off_lines(caplog) == ["Sound is off: playing 'deal' failed (mixer gone)"]


def test_closed_player_is_silent(make_player: MakePlayer) -> None:
    player = make_player()
    player.close()
    assert not player.play("deal")
    player.close()


def test_nonexistent_audio_driver_in_a_fresh_process_logs_one_line_and_no_traceback() -> None:
    script = textwrap.dedent(
        """
        import logging
        from trainer.gui.sound import SoundPlayer

        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
        player = SoundPlayer()
        assert player.wait_until_ready(10)
        print("played" if player.play("deal") else "silent", player.available)
        """
    )
    environment = {**os.environ, "SDL_AUDIODRIVER": "no-such-driver"}
    environment.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environment, timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "silent False"
    assert result.stderr.splitlines() == [
        "WARNING Sound is off: no audio device (Audio target 'no-such-driver' not available)"
    ]


def test_sound_module_does_not_import_qt() -> None:
    tree = ast.parse(Path(sound_module.__file__).read_text(encoding="utf-8"))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [name for name in imported if name.startswith(("PySide6", "shiboken6"))]


def test_default_logger_is_the_module_logger() -> None:
    assert SoundPlayer.__init__.__defaults__[-1] is logging.getLogger("trainer.gui.sound")  # type: ignore[index]
