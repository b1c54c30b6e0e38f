"""The progress screens: the progress screen with its charts, the profile chooser and Today queue, the instructor
dialog, and the PDF report."""

from trainer.gui.progress.instructor import InstructorDialog
from trainer.gui.progress.profiles import ProfileChooser, TodayView
from trainer.gui.progress.screen import ProgressScreen

__all__ = ["InstructorDialog", "ProfileChooser", "ProgressScreen", "TodayView"]
