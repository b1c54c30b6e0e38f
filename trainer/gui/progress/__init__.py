"""The progress screens: the progress screen with its charts, the profile chooser and Today queue, the instructor
dialog, and the PDF report. Each is imported when first used (Qt Charts only when a chart is shown), so the table
window starts without them."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trainer.gui.progress.instructor import InstructorDialog
    from trainer.gui.progress.profiles import ProfileChooser, TodayView, TraineePanel
    from trainer.gui.progress.screen import ProgressScreen

_HOMES = {"InstructorDialog": "instructor", "ProfileChooser": "profiles", "TodayView": "profiles",
          "TraineePanel": "profiles", "ProgressScreen": "screen"}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(f"trainer.gui.progress.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["InstructorDialog", "ProfileChooser", "ProgressScreen", "TodayView", "TraineePanel"]
