"""What a feature of the table window (the quiz panel, a drill on the table, the training menus) may use of it.

A feature is given a :class:`TableHost` (and the menu it fills) instead of reaching into the window: the table
session, the settings, the felt and its sounds, and a few commands. :class:`~trainer.gui.main_window.MainWindow`
is the table host of the application.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QWidget

    from trainer.engine.settlement import Step
    from trainer.gui.table.art import ArtLibrary
    from trainer.gui.table.director import Durations
    from trainer.gui.table.items import ChipStack
    from trainer.gui.table.scene import TableScene
    from trainer.session import TableSession
    from trainer.settings import Settings


class SoundPlayer(Protocol):
    """Plays the trainer's sounds by name (``deal``, ``chips``, ``right``, ``wrong``, …)."""

    def play(self, name: str) -> object: ...

    def set_volume(self, volume: float) -> object: ...

    def set_muted(self, muted: bool) -> object: ...


class TableHost(Protocol):
    """The table window as its features see it. A feature reads the settings and changes them only through
    :meth:`change_settings`; it finds the window's actions through :meth:`action`."""

    session: TableSession
    rng: random.Random
    sound: SoundPlayer | None
    art: ArtLibrary | None
    scene: TableScene | None

    @property
    def settings(self) -> Settings:
        """The settings in force (read-only for a feature: see :meth:`change_settings`)."""
        ...

    def change_settings(self, *, save: bool = False, **changes: Any) -> Settings:
        """The settings with ``changes`` from now on (written at once with ``save``); the settings in force."""
        ...

    def action(self, name: str) -> QAction | None:
        """The window's action named ``name`` (``quizOff``, ``modeRunRound``, …), or None."""
        ...

    @property
    def playing(self) -> bool:
        """True while a round's animation has not finished."""
        ...

    @property
    def timing(self) -> Durations:
        """The animation durations (before the speed factor)."""
        ...

    def new_round(self, *, stepping: bool = False) -> bool: ...

    def play_step(self, step: Step, payout: ChipStack | None = None) -> None:
        """Move the chips of one settlement step the trainee made (``payout``: the chips cut for a pay)."""
        ...

    def notify_once(self, text: str) -> None: ...

    def save_settings(self) -> None: ...

    def window(self) -> QWidget:
        """The window, as the parent of the feature's dialogs."""
        ...


__all__ = ["SoundPlayer", "TableHost"]
