"""The Pay-table lab: choose a bet and a pay table (or edit a copy) and see what it costs the player, exactly.

The window shows each line's frequency, pay and contribution to the return, a bar chart of the contributions,
and the return, house edge and hit frequency. The figures come from :mod:`trainer.odds` (Qt-free); every
computation runs on a worker thread with a progress bar and a Cancel button, so the window never freezes.
``open_paytable_lab(parent)`` opens it (the menu entry calls this).
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from PySide6.QtCharts import QBarCategoryAxis, QBarSet, QChart, QChartView, QHorizontalBarSeries, QValueAxis
from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtGui import QCloseEvent, QPainter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.paytables import PayLine, Paytable, PaytableError, PaytableRegistry, load_paytables
from trainer.engine.words import hand_name, odds_text, paytable_name, source_name
from trainer.gui.drills.hand_view import read_odds, shown_odds
from trainer.i18n.formats import format_number
from trainer.i18n.translation import N_, _
from trainer.odds.game import Cancelled
from trainer.odds.report import LineFigure, OddsReport, percent

Job = Callable[[Callable[[int, int], None], Callable[[], bool]], object]
"""A computation: given a progress callback and a "was it cancelled?" check, returns its result."""

BETS = {"Trips": "trips", "Ultimate Pairs": "pairs", "Bad Beat": "bad_beat", N_("Progressive"): "progressive",
        N_("The game (Ante + Blind + Play)"): "blind"}


STOP_WAIT_MS = 3000
"""Closing the lab waits this long for a cancelled computation to stop (it checks every 0.2 s)."""
_STILL_RUNNING: set[QObject] = set()
"""Threads (and their workers) whose window closed before they stopped: kept alive until they finish."""


def _keep_until_done(thread: QThread, worker: QObject | None) -> None:
    thread.setParent(None)
    kept = {thread} | ({worker} if worker is not None else set())
    _STILL_RUNNING.update(kept)

    def release() -> None:
        _STILL_RUNNING.difference_update(kept)
        thread.deleteLater()

    thread.finished.connect(release)



_NOTES = (
    (re.compile(r"Exact over all ([\d,]+) seven-card hands; Trips pays on the player's best hand, fold or not\."),
     N_("Exact over all {count} seven-card hands; Trips pays on the player's best hand, fold or not.")),
    (re.compile(r"Exact over the ([\d,]+) hole-card hands; Pairs pays on the hole cards alone, fold or not\."),
     N_("Exact over the {count} hole-card hands; Pairs pays on the hole cards alone, fold or not.")),
    (re.compile(r"Exact over all ([\d,]+) deals, the player never folding\. A fold below three of a kind cannot win "
                r"the bet, so with bad_beat_on_fold = \"action\" these figures hold under any strategy\."),
     N_("Exact over all {count} deals, the player never folding. A fold below three of a kind cannot win the bet, "
        "so with a Bad Beat kept in action on a fold these figures hold under any strategy.")),
    (re.compile(r"Exact from the seven-card hand frequencies, a \$?([\d,.]+) wager with the meter at \$?([\d,.]+); "
                r"\"for 1\" pays include the wager\."),
     N_("Exact from the seven-card hand frequencies, a ${count} wager with the meter at ${meter}; \"for 1\" pays "
        "include the wager.")),
    (re.compile(r"The bet breaks even with the meter at ([\d,.]+)\."),
     N_("The bet breaks even with the meter at ${count}.")),
)
"""The odds reports' notes (the engine's English, as ``uth-trainer odds`` prints them) and their texts here."""


def _figure(text: str) -> str:
    """A figure of a note (``133,784,560``, ``9,200.50``) written as the language writes numbers."""
    value = Decimal(text.replace(",", ""))
    return format_number(value, digits=max(0, -value.as_tuple().exponent))  # type: ignore[operator]


def note_text(note: str) -> str:
    """An odds report's note in the current language, its figures as the language writes them; a note not known
    as given."""
    for pattern, text in _NOTES:
        found = pattern.fullmatch(note)
        if found is not None:
            figures = [_figure(group) for group in found.groups()]
            return _(text).format(count=figures[0], meter=figures[-1])
    return note


def one_in_shown(frequency: object) -> str:
    """How often a line pays, ``1 in 30,940.0`` in the current language (``never`` when it cannot)."""
    if not frequency:
        return _("never")
    return _("1 in {number}").format(number=format_number(1 / float(frequency), digits=1))  # type: ignore[arg-type]

class _Worker(QObject):
    """Runs one job on its thread and reports back through signals."""

    progressed = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, job: Job) -> None:
        super().__init__()
        self.job = job
        self.stop = threading.Event()

    @Slot()
    def run(self) -> None:
        try:
            result = self.job(self.progressed.emit, self.stop.is_set)
        except Cancelled:
            self.cancelled.emit()
        except Exception as exc:  # shown in the window in one line, never lost on a thread
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            self.finished.emit(result)


class PaytableLab(QDialog):
    """The lab window. ``computed`` carries each finished :class:`OddsReport` (or the game's figures)."""

    computed = Signal(object)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None, registry: PaytableRegistry | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Pay-table lab"))
        self.registry = registry or load_paytables()
        self._thread: QThread | None = None
        self._worker: _Worker | None = None
        self.report: OddsReport | None = None
        self._build()
        self.bet_box.currentIndexChanged.connect(self._bet_changed)
        self.table_box.currentIndexChanged.connect(self._table_changed)
        self._bet_changed()
        self.resize(1100, 640)

    # -- Layout ----------------------------------------------------------------------------------------------

    def _build(self) -> None:
        self.bet_box = QComboBox()
        for label, kind in BETS.items():
            self.bet_box.addItem(_(label), kind)
        self.table_box = QComboBox()
        self.table_box.setMinimumContentsLength(18)
        self.load_button = QPushButton(_("Load a file…"))
        self.load_button.clicked.connect(self._load_file)
        self.meter = QDoubleSpinBox(decimals=0, maximum=1e9, value=10000, prefix=_("meter "))
        self.wager = QDoubleSpinBox(decimals=2, minimum=0.01, maximum=1e6, value=1, prefix=_("wager "))
        self.compute_button = QPushButton(_("Compute"))
        self.compute_button.setDefault(True)
        self.compute_button.clicked.connect(self.compute)
        top = QHBoxLayout()
        for label, box in ((_("Bet"), self.bet_box), (_("Pay table"), self.table_box)):
            top.addWidget(QLabel(label))
            top.addWidget(box)
        for widget in (self.load_button, self.meter, self.wager):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.compute_button)

        self.lines = QTableWidget(0, 5)
        self.lines.setHorizontalHeaderLabels([_("Line"), _("Pays"), _("Frequency"), _("1 in"), _("Contribution")])
        pays_header = self.lines.horizontalHeaderItem(1)
        if pays_header is not None:
            pays_header.setToolTip(_("Edit a pay to compute an edited copy of the table"))
        self.lines.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.lines.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.lines.verticalHeader().setVisible(False)
        self.lines.itemChanged.connect(self._line_edited)
        self.chart = QChart()
        self.chart.setTitle(_("Each line's contribution to the return"))
        self.chart.legend().setVisible(False)
        self.chart_view = QChartView(self.chart)
        self.chart_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.lines)
        splitter.addWidget(self.chart_view)
        splitter.setSizes([560, 480])

        self.figures = QLabel()
        self.figures.setTextFormat(Qt.TextFormat.RichText)
        self.figures.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.cancel_button = QPushButton(_("Cancel"))
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel)
        bottom = QHBoxLayout()
        bottom.addWidget(self.progress, 1)
        bottom.addWidget(self.cancel_button)
        self.close_button = QPushButton(_("Close"))
        self.close_button.setObjectName("closeLab")
        self.close_button.setToolTip(_("Close the pay-table lab (Escape)"))
        self.close_button.clicked.connect(self.reject)
        bottom.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.figures)
        layout.addLayout(bottom)

    # -- Choosing a table ------------------------------------------------------------------------------------

    @property
    def kind(self) -> str:
        return str(self.bet_box.currentData())

    @property
    def table_id(self) -> str:
        """The id of the pay table chosen."""
        data = self.table_box.currentData()
        return self.table_box.currentText() if data is None else str(data)

    def _bet_changed(self) -> None:
        self.table_box.blockSignals(True)
        self.table_box.clear()
        for table_id in self.registry.ids(self.kind):
            # an id as it is (UTH-01, BBB-02); the one Blind table, named "blind", by its wager's name
            shown = paytable_name("Blind") if table_id == "blind" else table_id
            self.table_box.addItem(shown, table_id)
        self.table_box.blockSignals(False)
        progressive = self.kind == "progressive"
        self.meter.setVisible(progressive)
        self.wager.setVisible(progressive)
        self._table_changed()

    def current_table(self) -> Paytable:
        """The chosen table, with any edits made in the Pays column (then an edited copy)."""
        base = self.registry.get(self.kind, self.table_id)
        lines = []
        edited = False
        for row, line in enumerate(base.lines):
            item = self.lines.item(row, 1)
            text = item.text() if item is not None else odds_text(line.odds)
            if text != odds_text(line.odds):
                edited = True
                line = PayLine(line.hand, line.label, read_odds(text))
            lines.append(line)
        if not edited:
            return base
        return replace(base, id=_("{id} (edited)").format(id=base.id),
                       title=_("{title}, edited copy").format(title=base.title), lines=tuple(lines))

    def _table_changed(self) -> None:
        self.report = None
        table = self.registry.get(self.kind, self.table_id)
        self.lines.blockSignals(True)
        self.lines.setRowCount(len(table.lines))
        for row, line in enumerate(table.lines):
            name = QTableWidgetItem(hand_name(line.label))
            name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.lines.setItem(row, 0, name)
            self.lines.setItem(row, 1, QTableWidgetItem(odds_text(line.odds)))
            for column in (2, 3, 4):
                blank = QTableWidgetItem("")
                blank.setFlags(blank.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.lines.setItem(row, column, blank)
        self.lines.blockSignals(False)
        self.figures.setText(_("<i>{title}</i> ({source}). Press <b>Compute</b>; edit a pay to try a copy.").format(
            title=paytable_name(table.title), source=source_name(table.source)))
        self._chart([])

    def _line_edited(self, item: QTableWidgetItem) -> None:
        if item.column() != 1:
            return
        try:
            read_odds(item.text())
        except ValueError as exc:
            self.figures.setText(f"<span style='color:#b00020'>{exc}</span>")
            self.compute_button.setEnabled(False)
            return
        self.compute_button.setEnabled(self._thread is None)
        self.figures.setText(_("Edited copy: press <b>Compute</b>."))

    def _load_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self, _("Load pay tables"), "",
                                                  _("Pay tables (*.toml *.json)"))
        if path:
            self.load_file(path)

    def load_file(self, path: str) -> bool:
        """Add a user's pay-table file; a bad file is named with its entry and problem under the table."""
        registry = self.registry.copy()
        try:
            added = registry.add_file(path)
        except PaytableError as exc:
            self.figures.setText(f"<span style='color:#b00020'>{exc}</span>")
            return False
        self.registry = registry
        self._bet_changed()
        for table_id in added:
            if table_id in self.registry.ids(self.kind):
                self.table_box.setCurrentIndex(self.table_box.findData(table_id))
        return True

    # -- Computing -------------------------------------------------------------------------------------------

    def compute(self) -> None:
        """Compute the chosen bet on the chosen (or edited) table, off the GUI thread."""
        try:
            table = self.current_table()
        except ValueError as exc:
            self.figures.setText(f"<span style='color:#b00020'>{exc}</span>")
            return
        meter = Decimal(str(self.meter.value())).normalize()
        wager = Decimal(str(self.wager.value())).normalize()
        self.start(_job_for(self.kind, table, meter.quantize(1) if meter == meter.to_integral() else meter,
                            wager.quantize(1) if wager == wager.to_integral() else wager))

    def start(self, job: Job) -> None:
        """Run ``job`` on a worker thread, with the progress bar and Cancel shown."""
        if self._thread is not None:
            return
        thread, worker = QThread(self), _Worker(job)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.progressed.connect(self._progressed)
        worker.finished.connect(self._finished)
        worker.failed.connect(self._failed)
        worker.cancelled.connect(self._cancelled)
        for signal in (worker.finished, worker.failed, worker.cancelled):
            signal.connect(thread.quit)
        thread.finished.connect(self._thread_done)
        self._thread, self._worker = thread, worker
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.cancel_button.setEnabled(True)
        self.compute_button.setEnabled(False)
        thread.start()

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.stop.set()
            self.cancel_button.setEnabled(False)

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)

    def _thread_done(self) -> None:
        if self._thread is not None:
            self._thread.deleteLater()
        if self._worker is not None:
            self._worker.deleteLater()
        self._thread = self._worker = None
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
        self.compute_button.setEnabled(True)

    def _finished(self, result: object) -> None:
        if isinstance(result, OddsReport):
            self.show_report(result)
        self.computed.emit(result)

    def _failed(self, message: str) -> None:
        self.figures.setText("<span style='color:#b00020'>" + _("Could not compute: {message}").format(
            message=message) + "</span>")

    def _cancelled(self) -> None:
        self.figures.setText(_("Cancelled."))
        self.cancelled.emit()

    def _stop_work(self) -> None:
        """Cancel a computation in progress and wait for its thread (the window is going), at most
        :data:`STOP_WAIT_MS`; a thread still running then is kept until it ends, never destroyed running."""
        self.cancel()
        if self._thread is not None:
            self._thread.quit()
            if not self._thread.wait(STOP_WAIT_MS):
                _keep_until_done(self._thread, self._worker)
                self._thread = self._worker = None

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802  (Qt override)
        self._stop_work()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        """Escape or Close: the computation stops too (a dialog closed this way gets no close event)."""
        self._stop_work()
        super().done(result)

    # -- Showing ---------------------------------------------------------------------------------------------

    def show_report(self, report: OddsReport) -> None:
        self.report = report
        self.lines.blockSignals(True)
        shown = [hand_name(line.label) for line in report.lines]
        if [_text(self.lines.item(row, 0)) for row in range(self.lines.rowCount())] != shown:
            # the game: its lines are the decisions, not the Blind's
            self.lines.setRowCount(len(report.lines))
            for row, line in enumerate(report.lines):
                for column, text in ((0, hand_name(line.label)), (1, shown_odds(line.pays)), (2, ""), (3, ""), (4, "")):
                    item = QTableWidgetItem(text)
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                    self.lines.setItem(row, column, item)
        for row, line in enumerate(report.lines):
            for column, text in ((2, percent(line.frequency, 6)), (3, one_in_shown(line.frequency)),
                                 (4, percent(line.contribution, 4))):
                cell = self.lines.item(row, column)
                if cell is not None:
                    cell.setText(text)
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.lines.blockSignals(False)
        notes = "<br>".join(html.escape(note_text(note)) for note in report.notes)
        self.figures.setText(
            _("<b>{title}</b>: return <b>{return_}</b>, house edge <b>{edge}</b>, hit frequency <b>{hits}</b> "
              "({method})").format(title=paytable_name(report.title), return_=percent(report.return_),
                                   edge=percent(report.house_edge), hits=percent(report.hit_frequency),
                                   method=_(METHODS.get(report.method, report.method)))
            + f"<br><small>{notes}</small>")
        self._chart(list(report.lines))

    def _chart(self, lines: list[LineFigure]) -> None:
        self.chart.removeAllSeries()
        for axis in self.chart.axes():
            self.chart.removeAxis(axis)
        if not lines:
            return
        bars = QBarSet(_("contribution, %"))
        for line in reversed(lines):
            bars.append(float(line.contribution) * 100)
        series = QHorizontalBarSeries()
        series.append(bars)
        self.chart.addSeries(series)
        names = QBarCategoryAxis()
        names.append([hand_name(line.label) for line in reversed(lines)])
        values = QValueAxis()
        values.setLabelFormat("%.1f %%")
        values.setRange(0, max(float(line.contribution) * 100 for line in lines) * 1.1 or 1)
        self.chart.addAxis(names, Qt.AlignmentFlag.AlignLeft)
        self.chart.addAxis(values, Qt.AlignmentFlag.AlignBottom)
        series.attachAxis(names)
        series.attachAxis(values)


def _job_for(kind: str, table: Paytable, meter: Decimal, wager: Decimal) -> Job:
    from trainer.odds import sidebets

    def job(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> object:
        if kind == "bad_beat":
            return sidebets.bad_beat_report(table, _bad_beat_counts(progress, cancelled))
        if kind == "blind":
            return _game_report(table, progress, cancelled)
        if cancelled():
            raise Cancelled
        if kind == "trips":
            report = sidebets.trips_report(table)
        elif kind == "pairs":
            report = sidebets.pairs_report(table)
        else:
            report = sidebets.progressive_report(table, meter, wager)
        if cancelled():  # cancelled while it was computed: not shown as if it had been asked for
            raise Cancelled
        return report

    return job


def _bad_beat_counts(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
    from trainer.engine.bad_beat_odds import bad_beat_counts, board_classes

    boards = board_classes()
    step = 4_000
    total = None
    for start in range(0, len(boards), step):
        if cancelled():
            raise Cancelled
        part = bad_beat_counts(boards.part(start, start + step))
        total = part if total is None else total + part
        progress(min(start + step, len(boards)), len(boards))
    return total


def _game_report(blind: Paytable, progress: Callable[[int, int], None], cancelled: Callable[[], bool]
                 ) -> OddsReport:
    """The game under optimal strategy, as a report whose lines are the Blind's (what each pays when it wins);
    the figures are the game's: return per unit wagered in all, house edge per Ante."""
    from trainer.engine.processes import most_workers
    from trainer.odds.cache import ResultCache, default_cache_dir
    from trainer.odds.game import solution_cache_key, solution_from_cache, solution_to_cache, solve_game

    cache = ResultCache(default_cache_dir())
    key = solution_cache_key(blind)
    solution = solution_from_cache(cache.load(key), blind)
    if solution is None:
        # worker processes from a fresh interpreter (engine.processes), never a fork of this threaded process
        solution = solve_game(blind, workers=most_workers(), progress=progress, cancelled=cancelled)
        cache.store(key, solution_to_cache(solution))
    best, simple = solution.optimal, solution.simple
    lines = tuple(LineFigure(hand, _(label), getattr(best, hand),
                             _("Play {multiple}x").format(multiple=play) if play else _("Ante, Blind lost"),
                             Fraction(play) / best.average_play) for hand, label, play in _DECISIONS)
    notes = (_("Optimal strategy: house edge {edge} of the Ante (published {published}), element of risk {risk}; the "
               "simple strategy: {simple}.").format(edge=percent(best.house_edge, 3), published="2.185 %",
                                                   risk=percent(best.element_of_risk, 3),
                                                   simple=percent(simple.house_edge, 3)),
             _("Lines: how often each decision is taken; contribution: its share of the average Play ({antes} "
               "Antes).").format(antes=f"{float(best.average_play):.3f}"))
    return OddsReport("game", "optimal", _("Ante + Blind + Play, optimal strategy"), "exact", lines, notes=notes,
                      return_override=1 - best.house_edge, hit_override=best.wins)


_DECISIONS = (("raise_4x", N_("4x before the flop"), 4), ("raise_3x", N_("3x before the flop"), 3),
              ("raise_2x", N_("2x on the flop"), 2), ("raise_1x", N_("1x on the river"), 1), ("fold", N_("fold"), 0))
METHODS = {"exact": N_("exact"), "simulation": N_("simulation")}
"""How a report's figures were found, as the lab names it."""


def open_paytable_lab(parent: QWidget | None) -> PaytableLab:
    """Open the Pay-table lab (non-modal) and return it."""
    lab = PaytableLab(parent)
    lab.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    lab.show()
    return lab


def _text(item: QTableWidgetItem | None) -> str:
    """The text of a table cell ("" for a cell not filled in)."""
    return item.text() if item is not None else ""
