"""A settlement drill on the table: the drill's hands dealt on the felt, each settled through the quiz panel.

*Drill on the table…* (Train menu, Ctrl+Shift+D) picks one of the settlement drills (order, qualification,
Blind, Trips, Bad Beat, Pairs Bonus, Progressive, player-dealer), the mode, the number of hands and a seed. The
drill is a round source of the table session (:class:`~trainer.session.DrillRounds`): each hand comes from the
scenario generator as the round the table animates (:func:`~trainer.drills.played.played_round`) on the felt its
table needs (:func:`scenario_layout`). The session records the hands under the drill's name and, after the last
hand, gives the user's own table and quiz mode back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMenu, QVBoxLayout, QWidget

from trainer.gui.felt import felt_layout
from trainer.i18n.translation import _
from trainer.scoring import Mode
from trainer.session import DrillEnded, DrillRounds, Event, scenario_felt

if TYPE_CHECKING:  # (the drills load when one is chosen, not with the window: a quicker start)
    from trainer.drills.base import Drill
    from trainer.drills.played import played_round
    from trainer.drills.scenario_round import Scenario
    from trainer.drills.settlement_drills import SettlementDrill, SettlementItem
    from trainer.gui.host import TableHost
    from trainer.gui.table.layout import TableLayoutConfig

SEED_RANGE = 1_000_000


def scenario_layout(scenario: Scenario, *, four_colour: bool = False,
                    deck_backs: tuple[str, str] = ("red", "blue")) -> TableLayoutConfig:
    """The felt for the scenario's table: its banking and positions, the side bets its seats make, and the
    pay tables it settles by."""
    return felt_layout(scenario_felt(scenario), four_colour=four_colour, deck_backs=deck_backs)


class DrillOnTable(QObject):
    """One settlement drill on ``host``'s table: ``count`` hands from ``seed`` in ``mode``, dealt by the table
    session from :attr:`rounds`."""

    finished = Signal()
    """The set is over (or stopped) and the user's table is back."""

    def __init__(self, host: TableHost, drill: SettlementDrill, mode: Mode, count: int, seed: int, *,
                 banking: str | None = None, paytables: Mapping[str, str] | None = None,
                 pass_mark: float | None = None) -> None:
        super().__init__(host.window())
        self.host = host
        self.drill = drill
        self.mode = mode
        self.count = count
        self.seed = seed
        self.pass_mark = pass_mark
        self.rounds = DrillRounds(drill, mode, count, seed, host.settings.deck_backs, banking=banking,
                                  paytables=paytables)

    @property
    def items(self) -> tuple[SettlementItem, ...]:
        return self.rounds.items

    @property
    def dealt(self) -> int:
        """The hands dealt so far."""
        return self.rounds.dealt

    @property
    def scenario(self) -> Scenario | None:
        """The scenario of the hand dealt last."""
        return self.rounds.scenario

    @property
    def running(self) -> bool:
        """True while the table deals the drill's hands."""
        return self.host.session.drill is self.rounds

    def start(self) -> bool:
        """Give the table the drill and deal its first hand; False when a round is playing."""
        host, session = self.host, self.host.session
        if host.playing or not session.can_start_drill():
            host.notify_once(_("Finish the round on the table first, then start the drill."))
            return False
        session.subscribe(self._heard)
        session.start_drill(self.rounds, self.mode, pass_mark=self.pass_mark)
        if not host.playing:
            host.new_round()
        return True

    def stop(self) -> None:
        """Record the set, give the table and the quiz mode back to the user (the hand on the table, if any,
        is finished by the table)."""
        if self.running:
            self.host.session.stop_drill()

    def _heard(self, event: Event) -> None:
        if isinstance(event, DrillEnded) and event.source is self.rounds:
            self.host.session.unsubscribe(self._heard)
            self.finished.emit()


class DrillOnTableDialog(QDialog):
    """The settlement drills grouped by topic, the mode, the number of hands and a seed; Start emits
    :attr:`chosen`."""

    chosen = Signal(object, object, int, object)
    """(drill, mode, hands, seed or None)."""

    def __init__(self, drills: Mapping[str, Drill] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from trainer.gui.drills.picker import DrillPicker

        self.setObjectName("drillOnTableDialog")
        self.setWindowTitle(_("Drill on the table"))
        if drills is None:
            from trainer.drills.base import all_drills
            from trainer.drills.settlement_drills import SETTLEMENT_TOPICS

            drills = {name: drill for name, drill in all_drills().items() if name in SETTLEMENT_TOPICS}
        self.picker = DrillPicker(drills)
        self.picker.count.setValue(5)
        self.picker.start_button.setText(_("Deal on the table"))
        self.picker.chosen.connect(self._chosen)
        layout = QVBoxLayout(self)
        layout.addWidget(self.picker)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(720, 560)

    def _chosen(self, drill: SettlementDrill, mode: Mode, count: int, seed: int | None) -> None:
        self.chosen.emit(drill, mode, count, seed)
        self.accept()


def start_drill(host: TableHost, drill: SettlementDrill | str, mode: Mode = Mode.PRACTICE, count: int = 5,
                seed: int | None = None, *, banking: str | None = None,
                paytables: Mapping[str, str] | None = None, pass_mark: float | None = None) -> DrillOnTable | None:
    """Deal ``drill`` on ``host``'s table (a seed drawn from the host's random source when none is given); a
    drill running is stopped first. ``banking``, ``paytables`` and ``pass_mark`` (an instructor's exam): every
    hand on such a table, the set marked by that pass mark (None, with a message, when the drill deals none)."""
    if isinstance(drill, str):
        from trainer.drills.settlement_drills import DRILLS

        drill = next(d for d in DRILLS if d.name == drill)
    host.session.stop_drill()
    chosen_seed = seed if seed is not None else host.rng.randrange(SEED_RANGE)
    try:
        runner = DrillOnTable(host, drill, mode, max(1, count), chosen_seed, banking=banking, paytables=paytables,
                              pass_mark=pass_mark)
    except ValueError as error:
        host.notify_once(_("The drill cannot be dealt: {error}.").format(error=error))
        return None
    return runner if runner.start() else None


def open_drill_on_table(host: TableHost) -> DrillOnTableDialog:
    """The dialog; Start deals the chosen drill on the table."""
    dialog = DrillOnTableDialog(parent=host.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.chosen.connect(lambda drill, mode, count, seed: start_drill(host, drill, mode, count, seed))
    dialog.open()
    return dialog


def install_drill_on_table(host: TableHost, menu: QMenu) -> QAction:
    """*Drill on the table…* (Ctrl+Shift+D) at the end of ``menu``."""
    window = host.window()
    action = QAction(_("Drill on the &table…"), window)
    action.setObjectName("drillOnTable")
    action.setShortcut(QKeySequence("Ctrl+Shift+D"))
    tip = _("Settle the hands of a settlement drill on the table, in a mode of your choice")
    action.setToolTip(f"{tip} ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
    action.setStatusTip(tip)
    action.triggered.connect(lambda: open_drill_on_table(host))
    window.addAction(action)
    menu.addAction(action)
    return action


def __getattr__(name: str) -> object:
    """``played_round`` (:func:`trainer.drills.played.played_round`), loaded with the drills on first use."""
    if name == "played_round":
        from trainer.drills.played import played_round

        return played_round
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DrillOnTable", "DrillOnTableDialog", "install_drill_on_table", "open_drill_on_table", "played_round",
           "scenario_layout", "start_drill"]
