"""Help ▸ Keys (every shortcut of the window and of the settlement panel) and Help ▸ About (the version and the
rules sources). Both close with Escape or their Close button."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer import __version__
from trainer.gui.quiz.keys import KEYS_HELP
from trainer.gui.runround.panel import KEYS_HELP as RUN_ROUND_KEYS
from trainer.gui.table.magnifier import MAGNIFIER_KEYS_ROW
from trainer.i18n.translation import N_, _

RULES_SOURCES = (
    N_("California Bureau of Gambling Control: Ultimate Texas Hold'em (player-dealer) and its Bad Beat Bonus "
       "version"),
    N_("Washington State Gambling Commission: house-banked Ultimate Texas Hold'em with the Progressive, Bad Beat "
       "and Ultimate Pairs bonuses"),
    N_("The ACE shuffler manual: the dealing procedure of a shuffler dealing two cards at a time"),
    N_("The trainer's rules notes, where the documents are silent or disagree (each lesson says so)"),
)
"""The documents the engine's rules come from, as the About box names them."""


def shortcut_rows(actions: Iterable[QAction]) -> list[tuple[str, str]]:
    """(keys, what they do) for every action with a shortcut, in the order given, each once."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    for action in actions:
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        if not keys or keys in seen:
            continue
        seen.add(keys)
        what = (action.statusTip() or action.text()).replace("&", "")
        rows.append((keys, what))
    return rows


def _dialog(parent: QWidget | None, name: str, title: str) -> tuple[QDialog, QVBoxLayout]:
    dialog = QDialog(parent)
    dialog.setObjectName(name)
    dialog.setWindowTitle(title)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    layout = QVBoxLayout(dialog)
    return dialog, layout


def _close_box(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    box.rejected.connect(dialog.reject)
    return box


def keys_dialog(actions: Iterable[QAction], parent: QWidget | None = None) -> QDialog:
    """Every shortcut of the window's ``actions``, then the keys of the settlement panel and of a run round."""
    dialog, layout = _dialog(parent, "keysDialog", _("Keys · UTH Dealer Trainer"))
    rows = [*shortcut_rows(actions), (_(MAGNIFIER_KEYS_ROW[0]), _(MAGNIFIER_KEYS_ROW[1]))]
    table = QTableWidget(len(rows), 2)
    table.setObjectName("keysTable")
    table.setHorizontalHeaderLabels([_("Keys"), _("What they do")])
    table.verticalHeader().hide()
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for row, (keys, what) in enumerate(rows):
        table.setItem(row, 0, QTableWidgetItem(keys))
        table.setItem(row, 1, QTableWidgetItem(what))
    header = table.horizontalHeader()
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # the column fits the window: no heading cut
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setWordWrap(True)
    table.resizeRowsToContents()
    # a description wraps to the column's width, known once the dialog is laid out: the rows grow with it
    header.sectionResized.connect(lambda *_change: table.resizeRowsToContents())
    panel = QLabel(_("Settling a hand yourself — {keys}").format(keys=_(KEYS_HELP).removeprefix(_("Keys — "))))
    panel.setObjectName("panelKeys")
    panel.setWordWrap(True)
    run_round = QLabel(_(RUN_ROUND_KEYS))
    run_round.setObjectName("runRoundKeys")
    run_round.setWordWrap(True)
    layout.addWidget(table, 1)
    layout.addWidget(panel)
    layout.addWidget(run_round)
    layout.addWidget(_close_box(dialog))
    dialog.resize(720, 620)
    return dialog


def about_dialog(parent: QWidget | None = None) -> QDialog:
    """The trainer's version and the rules sources."""
    dialog, layout = _dialog(parent, "aboutDialog", _("About UTH Dealer Trainer"))
    sources = "".join(f"<li>{_(source)}</li>" for source in RULES_SOURCES)
    text = QLabel(
        f"<h3>UTH Dealer Trainer {__version__}</h3>"
        + "<p>" + _("Learn to run and settle Ultimate Texas Hold'em: watch a hand dealt, then settle it as a dealer "
                    "must, in the right order, with the right action and amount on every wager.") + "</p>"
        + "<p><b>" + _("The rules come from:") + f"</b></p><ul>{sources}</ul>"
        + "<p>" + _("The pay tables and collection schedules are data files shipped with the trainer. "
                    "Works offline; nothing is sent anywhere.") + "</p>"
    )
    text.setObjectName("aboutText")
    text.setWordWrap(True)
    text.setTextFormat(Qt.TextFormat.RichText)
    layout.addWidget(text)
    layout.addWidget(_close_box(dialog))
    dialog.resize(560, 380)
    return dialog
