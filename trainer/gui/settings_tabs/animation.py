"""The Settings dialog's *Animation & sound* tab: the animation speed, the volume and mute."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QSlider, QWidget

from trainer.gui.settings_tabs.form import ErrorRows, combo, form_of
from trainer.i18n.translation import _
from trainer.settings import SPEED_STEPS, speed_text


class AnimationTab(QWidget):
    """The speed box, the volume slider with its percentage (:attr:`volume_text`) and the mute box."""

    def __init__(self, rows: ErrorRows) -> None:
        super().__init__()
        form = form_of(self)
        self.speed = combo([(speed_text(s), s) for s in SPEED_STEPS], "animation_speed")
        self.volume = QSlider(Qt.Orientation.Horizontal)
        self.volume.setObjectName("volume")
        self.volume.setRange(0, 100)
        self.volume.setMinimumWidth(200)
        self.volume_text = QLabel()
        volume_row = QWidget()
        volume_layout = QHBoxLayout(volume_row)
        volume_layout.setContentsMargins(0, 0, 0, 0)
        volume_layout.addWidget(self.volume, 1)
        volume_layout.addWidget(self.volume_text)
        self.muted = QCheckBox(_("Mute all sounds"))
        self.muted.setObjectName("muted")
        rows.add(form, _("Animation &speed:"), self.speed, "animation_speed")
        rows.add(form, _("&Volume:"), volume_row, "volume")
        rows.add(form, "", self.muted, "muted")
