"""Table sounds through pygame-ce's mixer, kept off the GUI thread and never in the way.

The audio device is opened and the WAV files are loaded once, in a background thread, so the window does not
wait for them; ``play`` only starts a sound, which the mixer then plays by itself. When there is no sound
(no pygame, no audio device, missing or unreadable files) the player says so in one log line and stays
silent: it never raises and never prints a traceback. In use (it opens the audio device, so it is not a doctest)::

    player = SoundPlayer(volume=0.5)
    player.play("deal")                  # True: the sound started

This module does not import Qt, so it also works in tools and tests that run without a window.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from trainer.art import SOUND_NAMES
from trainer.resources import assets_dir

_LOG = logging.getLogger(__name__)

MIXER_RATE, MIXER_BUFFER = 44_100, 512
"""The mixer runs at the sounds' own rate, with a small buffer so that a sound starts at once."""
MIXER_CHANNELS = 16
"""Sounds that may overlap (a quick run of deals, chips on chips)."""


class SoundPlayer:
    """Plays the trainer's short sounds by name (``"deal"``, ``"chips"``, ...; see :data:`SOUND_NAMES`).

    Loading starts in a background thread when the player is made (pass ``start=False`` to start it later
    with :meth:`start`, or on the first :meth:`play`). A sound asked for before loading has finished is
    skipped rather than waited for.
    """

    def __init__(
        self,
        sound_dir: Path | None = None,
        volume: float = 0.7,
        muted: bool = False,
        log: logging.Logger = _LOG,
        *,
        start: bool = True,
    ) -> None:
        self._dir = sound_dir if sound_dir is not None else assets_dir() / "sounds"
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._log = log
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._mixer: Any = None
        self._sounds: dict[str, Any] = {}
        self._unknown: set[str] = set()
        self._off = False
        self._closed = False
        if start:
            self.start()

    # --- state -----------------------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """True once the audio device is open and at least one sound is loaded."""
        return self._ready.is_set() and not self._off and bool(self._sounds)

    @property
    def loaded(self) -> tuple[str, ...]:
        """Names of the sounds that loaded, sorted."""
        return tuple(sorted(self._sounds))

    @property
    def volume(self) -> float:
        """0.0 (silent) to 1.0 (full)."""
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    def set_volume(self, volume: float) -> None:
        """Set the volume of every sound, 0.0 to 1.0 (values outside are clipped)."""
        with self._lock:
            self._volume = _clamp(volume)
            for sound in self._sounds.values():
                sound.set_volume(self._volume)

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also silences sounds already playing."""
        self._muted = bool(muted)
        if self._muted and self.available:
            self._guarded("stopping sounds", self._mixer.stop)

    # --- life cycle ------------------------------------------------------------------------------------

    def start(self) -> None:
        """Open the audio device and load the sounds in a background thread; does nothing the second time."""
        with self._lock:
            if self._thread is not None or self._closed:
                return
            self._thread = threading.Thread(target=self._load, name="sound-loader", daemon=True)
            self._thread.start()

    def wait_until_ready(self, timeout: float | None = None) -> bool:
        """Wait until loading has ended, with sound or without; False if ``timeout`` seconds passed first."""
        self.start()
        return self._ready.wait(timeout)

    def close(self) -> None:
        """Stop all sounds and close the audio device. The player stays silent afterwards."""
        self._closed = True
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        mixer, self._mixer = self._mixer, None
        self._sounds = {}
        if mixer is not None:
            with contextlib.suppress(Exception):
                mixer.stop()
                mixer.quit()

    # --- playing ---------------------------------------------------------------------------------------

    def play(self, name: str) -> bool:
        """Start the sound ``name`` and return at once; True when it started.

        Does nothing when muted, silent, closed, or still loading.
        """
        if self._thread is None:
            self.start()
        if self._muted or self._closed or not self.available:
            return False
        sound = self._sounds.get(name)
        if sound is None:
            if name not in self._unknown:
                self._unknown.add(name)
                self._log.warning("No sound called %r (there are: %s)", name, ", ".join(self.loaded))
            return False
        return self._guarded(f"playing {name!r}", sound.play) is not None

    # --- loading (background thread) -------------------------------------------------------------------

    def _load(self) -> None:
        try:
            try:
                self._mixer = _open_mixer()
            except ImportError as error:
                self._go_silent(f"pygame-ce is not installed ({error})")
                return
            except Exception as error:
                self._go_silent(f"no audio device ({_one_line(error)})")
                return
            sounds, problems = self._load_files()
            with self._lock:
                for sound in sounds.values():
                    sound.set_volume(self._volume)
                self._sounds = sounds
            if not sounds:
                self._go_silent(f"no sound files could be read in {self._dir} ({'; '.join(problems)})")
            elif problems:
                self._log.warning("Some sounds are off: %s", "; ".join(problems))
        finally:
            self._ready.set()

    def _load_files(self) -> tuple[dict[str, Any], list[str]]:
        """Load the expected sounds and any other WAV in the folder; name the ones that failed."""
        names = list(SOUND_NAMES)
        if self._dir.is_dir():
            names += sorted(path.stem for path in self._dir.glob("*.wav") if path.stem not in SOUND_NAMES)
        sounds: dict[str, Any] = {}
        problems: list[str] = []
        for name in names:
            path = self._dir / f"{name}.wav"
            if not path.is_file():
                problems.append(f"{path.name} is missing")
                continue
            try:
                sounds[name] = self._mixer.Sound(str(path))
            except Exception as error:
                problems.append(f"{path.name} is unreadable ({_one_line(error)})")
        self._unknown.update(set(names) - set(sounds))  # already named in the log line about the folder
        return sounds, problems

    def _go_silent(self, reason: str) -> None:
        self._off = True
        self._log.warning("Sound is off: %s", reason)

    def _guarded(self, action: str, call: Any) -> Any:
        """Run a mixer call; on any error go silent with one log line instead of raising."""
        try:
            return call()
        except Exception as error:
            if not self._off:
                self._go_silent(f"{action} failed ({_one_line(error)})")
            return None


def _open_mixer() -> Any:
    """Import pygame quietly and open the mixer; raise what pygame raises when there is no device."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame.mixer

    with _native_stderr_silenced():
        pygame.mixer.init(frequency=MIXER_RATE, size=-16, channels=2, buffer=MIXER_BUFFER)
    pygame.mixer.set_num_channels(MIXER_CHANNELS)
    return pygame.mixer


@contextlib.contextmanager
def _native_stderr_silenced() -> Iterator[None]:
    """On Linux, hide what the C audio libraries write straight to file descriptor 2 while the device opens.

    ALSA prints several lines of its own when there is no sound card; pygame's exception already says what
    went wrong, and that is what the log gets.
    """
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def _clamp(volume: float) -> float:
    value = float(volume)
    if math.isnan(value):
        return 0.0
    return min(1.0, max(0.0, value))


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 160 else text[:157] + "..."
