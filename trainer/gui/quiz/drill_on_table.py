"""A settlement drill on the table: the drill's hands dealt on the felt, each settled through the quiz panel.

*Drill on the table…* (Train menu, Ctrl+Shift+D) picks one of the settlement drills (order, qualification,
Blind, Trips, Bad Beat, Pairs Bonus, Progressive, player-dealer), the mode, the number of hands and a seed. Each
hand comes from the scenario generator: :func:`played_round` turns a :class:`Scenario` into the round the
director animates (its deck in dealing order, so every card lands where the scenario says), and
:func:`scenario_layout` is the felt that table needs (banking, positions, side bets, pay tables printed).
While the drill runs the window deals its hands instead of the session's rounds (``window.round_source``); the
quiz records them under the drill's name. After the last hand the user's own table and quiz mode come back.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

from trainer.drills.base import Drill, all_drills
from trainer.drills.scenario_round import Scenario, table_line
from trainer.drills.settlement_drills import DRILLS, SETTLEMENT_TOPICS, SettlementDrill, SettlementItem
from trainer.engine.paytables import load_paytables
from trainer.engine.round import Bets, PlayedRound
from trainer.engine.table import PLAYER_DEALER_POSITIONS
from trainer.scoring import Mode

SEED_RANGE = 1_000_000


def played_round(scenario: Scenario, number: int = 1, deck_colour: str = "red") -> PlayedRound:
    """The scenario as a round the table plays: its deck dealt by its procedure, its seats' decisions."""
    bets = tuple(Bets(seat.seat, seat.ante, seat.trips, seat.bad_beat, seat.pairs, seat.progressive)
                 for seat in scenario.seats)
    return PlayedRound(number, scenario.table, scenario.procedure, scenario.deal(), bets, scenario.decisions(),
                       scenario.seats, scenario.settlement, deck_colour)


def positions(scenario: Scenario) -> int:
    """The seats of the scenario's table: 7 on a house table, 6 or 8 positions on a player-dealer table."""
    table = scenario.table
    if table.is_house:
        return 7
    used = max([seat.seat for seat in scenario.seats] + [table.player_dealer_seat or 1])
    return min(count for count in sorted(PLAYER_DEALER_POSITIONS) if count >= used)


def scenario_layout(scenario: Scenario, *, four_colour: bool = False,
                    deck_backs: tuple[str, str] = ("red", "blue")) -> Any:
    """The felt for the scenario's table: its banking and positions, the side bets its seats make, and the
    pay tables it settles by."""
    from trainer.gui.table import TableLayoutConfig

    table, seats = scenario.table, scenario.seats
    tables = load_paytables()
    offered = {name: any(getattr(seat, name) for seat in seats) for name in ("bad_beat", "pairs", "progressive")}
    shown = [tables.blind(), tables.trips(table.trips_paytable)]
    if offered["bad_beat"]:
        shown.append(tables.bad_beat(table.bad_beat_paytable))
    if offered["pairs"]:
        shown.append(tables.pairs(table.pairs_paytable))
    if offered["progressive"]:
        shown.append(tables.progressive(table.progressive_paytable))
    return TableLayoutConfig(
        banking=table.banking.value,
        seat_count=positions(scenario),
        bad_beat=offered["bad_beat"],
        pairs=offered["pairs"],
        progressive=offered["progressive"],
        paytables=tuple((t.title, tuple((line.label, line.odds.text) for line in t.lines)) for t in shown),
        inscription=table.inscription,
        four_colour=four_colour,
        deck_backs=deck_backs,
    )


class DrillOnTable(QObject):
    """Runs one settlement drill on ``window``'s table: ``count`` hands from ``seed`` in ``mode``."""

    finished = Signal()
    """The set is over (or stopped) and the user's table is back."""

    def __init__(self, window: Any, drill: SettlementDrill, mode: Mode, count: int, seed: int) -> None:
        super().__init__(window)
        self.window = window
        self.drill = drill
        self.mode = mode
        self.count = count
        self.seed = seed
        self.items: list[SettlementItem] = list(drill.items(random.Random(seed), count, mode))
        self.dealt = 0
        self.running = False
        self._previous_mode: Mode | None = None
        self._switching = False

    @property
    def scenario(self) -> Scenario | None:
        """The scenario of the hand dealt last."""
        return self.items[self.dealt - 1].scenario if self.dealt else None

    def start(self) -> bool:
        """Take over the table and deal the first hand; False when a round is playing."""
        window = self.window
        if window.playing:
            window.notify_once("Finish the round on the table first, then start the drill.")
            return False
        quiz = window.quiz
        self._previous_mode = quiz.mode
        self.running = True
        window.round_source = self.next_round
        window.roundFinished.connect(self._round_finished)
        self._switching = True
        quiz.set_mode(None)
        quiz.drill = self.drill.name
        if self.mode is Mode.EXAM:
            quiz.start_exam(self.count)
        else:
            quiz.set_mode(self.mode)
        self._switching = False
        quiz.modeChanged.connect(self._mode_changed)
        if not window.playing:
            window.new_round()
        return True

    def next_round(self) -> tuple[PlayedRound | None, Any]:
        """The next drill hand and its felt (``None, None`` once every hand is dealt: the window's own round)."""
        if self.dealt >= len(self.items):
            return None, None
        scenario = self.items[self.dealt].scenario
        self.dealt += 1
        settings = self.window.settings
        colour = settings.deck_backs[(self.dealt - 1) % 2]
        self.window.table_label.setText(f"Drill {self.drill.name}, hand {self.dealt} of {self.count} · "
                                        f"{table_line(scenario)}")
        layout = scenario_layout(scenario, four_colour=settings.four_colour, deck_backs=settings.deck_backs)
        return played_round(scenario, self.dealt, colour), layout

    def _round_finished(self) -> None:
        if not self.running:  # stopped during a hand: the user's felt once the table has finished it
            self.window.roundFinished.disconnect(self._round_finished)
            self.window._refresh_scene()
            return
        if self.dealt >= len(self.items):
            self.stop()
        elif self.mode is Mode.SPEED and not self.window.continuous_action.isChecked():
            QTimer.singleShot(self.window.next_round_delay_ms(), self._deal_next)

    def _deal_next(self) -> None:
        if self.running and not self.window.playing and self.window.isVisible():
            self.window.new_round()

    def _mode_changed(self, _mode: object) -> None:
        if not self._switching and self.running:
            self._previous_mode = self.window.quiz.mode
            self.stop()

    def stop(self) -> None:
        """Record the set, give the table and the quiz mode back to the user (the hand on the table, if any,
        is finished by the table)."""
        if not self.running:
            return
        self.running = False
        window = self.window
        window.round_source = None
        if not window.playing:
            window.roundFinished.disconnect(self._round_finished)
        quiz = window.quiz
        quiz.modeChanged.disconnect(self._mode_changed)
        previous = self._previous_mode
        if quiz.mode is not None or previous is not None:
            quiz.set_mode(None)
        quiz.drill = "settlement"
        if previous is not None:
            quiz.set_mode(previous)
        if not window.playing:
            window._refresh_scene()  # the user's own felt
        from trainer.gui.main_window import table_summary

        window.table_label.setText(table_summary(window.settings))
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
        self.setWindowTitle("Drill on the table")
        if drills is None:
            drills = {name: drill for name, drill in all_drills().items() if name in SETTLEMENT_TOPICS}
        self.picker = DrillPicker(drills)
        self.picker.count.setValue(5)
        self.picker.start_button.setText("Deal on the table")
        self.picker.chosen.connect(self._chosen)
        layout = QVBoxLayout(self)
        layout.addWidget(self.picker)
        self.resize(720, 560)

    def _chosen(self, drill: Any, mode: Mode, count: int, seed: int | None) -> None:
        self.chosen.emit(drill, mode, count, seed)
        self.accept()


def start_drill(window: Any, drill: SettlementDrill | str, mode: Mode = Mode.PRACTICE, count: int = 5,
                seed: int | None = None) -> DrillOnTable | None:
    """Deal ``drill`` on ``window``'s table (a seed drawn from the window's random source when none is given)."""
    if isinstance(drill, str):
        drill = next(d for d in DRILLS if d.name == drill)
    running = getattr(window, "drill_on_table", None)
    if running is not None and running.running:
        running.stop()
    chosen_seed = seed if seed is not None else window.rng.randrange(SEED_RANGE)
    runner = DrillOnTable(window, drill, mode, max(1, count), chosen_seed)
    window.drill_on_table = runner
    if not runner.start():
        window.drill_on_table = None
        return None
    return runner


def open_drill_on_table(window: Any) -> DrillOnTableDialog:
    """The dialog; Start deals the chosen drill on the table."""
    dialog = DrillOnTableDialog(parent=window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.chosen.connect(lambda drill, mode, count, seed: start_drill(window, drill, mode, count, seed))
    dialog.open()
    return dialog


def install_drill_on_table(window: Any) -> None:
    """*Drill on the table…* (Ctrl+Shift+D) in the window's Train menu (or a menu of its own)."""
    window.drill_on_table = None
    action = QAction("Drill on the &table…", window)
    action.setObjectName("drillOnTable")
    action.setShortcut(QKeySequence("Ctrl+Shift+D"))
    tip = "Settle the hands of a settlement drill on the table, in a mode of your choice"
    action.setToolTip(f"{tip} (Ctrl+Shift+D)")
    action.setStatusTip(tip)
    action.triggered.connect(lambda: open_drill_on_table(window))
    window.addAction(action)
    menu_bar = window.menuBar()
    train = next((a.menu() for a in menu_bar.actions() if a.text() == "T&rain"), None)
    menu = train if train is not None else menu_bar.addMenu("T&rain")
    menu.addAction(action)
    window.drill_on_table_action = action


__all__ = ["DrillOnTable", "DrillOnTableDialog", "install_drill_on_table", "open_drill_on_table", "played_round",
           "scenario_layout", "start_drill"]
