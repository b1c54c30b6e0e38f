"""Run the round yourself (Train ▸ Run the round): the trainee deals the whole round on the animated table.

:func:`install_run_round` makes the :class:`~trainer.gui.runround.controller.RunRoundController` of a table
host, puts its panel in the prompt area above the round log, and fills a *Run the round (deal it yourself)*
menu: guided (Ctrl+Alt+1), practice (Ctrl+Alt+2), exam (Ctrl+Alt+3), speed (Ctrl+Alt+4), stop (Ctrl+Alt+0),
and *Irregularities now and then* (on by default; exam rounds bring some regardless). Each act of the round has
a key while a round is on (:data:`~trainer.gui.runround.panel.ACT_KEYS`); Help ▸ Keys lists them.

The judging is :class:`~trainer.quiz.run_round.RunRound`'s; this package only shows and asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from trainer.gui.runround.controller import MODE_TITLES, Refresh, RunRoundController
from trainer.gui.runround.panel import ACT_KEYS, KEYS_HELP, RunRoundPanel
from trainer.i18n.translation import N_, _
from trainer.scoring import Mode

if TYPE_CHECKING:
    from trainer.gui.host import TableHost

MODE_ACTIONS: tuple[tuple[str, Mode | None, str, str], ...] = (
    ("runRoundGuided", Mode.GUIDED, N_("&Guided: the next place lit"), "Ctrl+Alt+1"),
    ("runRoundPractice", Mode.PRACTICE, N_("&Practice: each act checked at once"), "Ctrl+Alt+2"),
    ("runRoundExam", Mode.EXAM, N_("&Exam: the review at the end of the round"), "Ctrl+Alt+3"),
    ("runRoundSpeed", Mode.SPEED, N_("&Speed: against the clock"), "Ctrl+Alt+4"),
    ("runRoundOff", None, N_("S&top running rounds"), "Ctrl+Alt+0"),
)
"""Each mode's menu entry: its action's name, the mode, its text (marked; shown with ``_``) and its keys."""


def install_run_round(host: TableHost, menu: QMenu, prompt_area: QWidget, log: QWidget,
                      refresh: Refresh) -> RunRoundController:
    """The run round of ``host``: its panel in ``prompt_area`` (``log`` hidden while it runs), its modes in a
    submenu of ``menu``; ``refresh`` puts a round's felt on the table."""
    controller = RunRoundController(host, prompt_area, log, refresh)
    window = host.window()
    submenu = menu.addMenu("")
    submenu.setObjectName("runRoundMenu")
    group = QActionGroup(window)
    group.setExclusive(True)
    actions: dict[Mode | None, QAction] = {}
    for name, mode, _text, key in MODE_ACTIONS:
        action = QAction(window)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(key))
        action.setCheckable(True)
        action.triggered.connect(lambda _checked=False, m=mode: controller.set_mode(m))
        group.addAction(action)
        window.addAction(action)
        submenu.addAction(action)
        actions[mode] = action
    actions[None].setChecked(True)
    controller.modeChanged.connect(lambda mode: actions[mode].setChecked(True))
    submenu.addSeparator()
    irregular = QAction(window)
    irregular.setObjectName("runRoundIrregular")
    irregular.setCheckable(True)
    controller.irregular = host.settings.run_round_irregularities
    irregular.setChecked(controller.irregular)
    irregular.toggled.connect(lambda on: _remember_irregularities(host, controller, on))
    submenu.addAction(irregular)

    def name_menu() -> None:
        """The submenu and its entries in the current language (at start, and when the language changes)."""
        submenu.setTitle(_("Run the &round (deal it yourself)"))
        submenu.menuAction().setToolTip(submenu.title().replace("&", ""))  # set, not derived: the same after a switch
        for _name, mode, text, key in MODE_ACTIONS:
            action = actions[mode]
            action.setText(_(text))
            tip = (_("Run the whole round yourself on the table: fee, no more bets, COIN IN, every card, the folds, "
                     "the announcement, the settlement, the rack and the count — {mode}").format(
                         mode=_(MODE_TITLES[mode])) if mode is not None
                   else _("Stop running rounds: the table deals and settles its own again"))
            action.setToolTip(f"{tip} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})")
            action.setStatusTip(tip)
        irregular.setText(_("&Irregularities now and then"))
        irregular.setStatusTip(_("Now and then a round brings an irregularity: the shuffler fails, a folded hand "
                                 "does not count two, a card shows the other deck's back (exam rounds bring some "
                                 "anyway)"))

    name_menu()
    controller.also_retranslate(name_menu)
    return controller



def _remember_irregularities(host: TableHost, controller: RunRoundController, on: bool) -> None:
    """The switch takes effect from the next round and is kept in the settings (saved at once)."""
    controller.irregular = on
    if host.settings.run_round_irregularities != on:
        host.change_settings(run_round_irregularities=on, save=True)


__all__ = ["ACT_KEYS", "KEYS_HELP", "RunRoundController", "RunRoundPanel", "install_run_round"]
