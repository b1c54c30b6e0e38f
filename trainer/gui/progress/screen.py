"""The progress screen: a trainee's mastery per skill, accuracy and seconds per decision over time (Qt Charts),
hands per hour in speed mode, the latest exam attempts, and the most frequent mistakes, each with its lesson and a
drill on it.

The screen only shows what the store says; ``lessonRequested(topic)`` and ``drillRequested(drill)`` tell the host
what the trainee wants to open.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import UTC, datetime

from PySide6.QtCharts import QChart, QChartView, QDateTimeAxis, QLineSeries, QValueAxis
from PySide6.QtCore import QDateTime, QLocale, QMargins, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.names import drill_name, exam_name
from trainer.gui.progress.words import day_count, drill_title, item_count, level_name, mistake_kind, topic_name
from trainer.i18n.formats import babel_locale
from trainer.i18n.translation import N_, _
from trainer.scoring import mark_text
from trainer.store.instructor import Attempt, attempts
from trainer.store.mastery import Mastery, mastery
from trainer.store.progress import (
    DayPoint,
    FrequentMistake,
    SpeedPoint,
    by_day,
    frequent_mistakes,
    shown_accuracy,
    speed_by_day,
    totals,
)
from trainer.store.records import Profile
from trainer.store.skills import SkillKind
from trainer.store.store import Store

ALL_SKILLS = N_("All drills")
"""The skill chooser's first entry (every skill together); shown with ``_``."""
EXAMS_SHOWN = 3
"""The latest exam attempts the screen names (the PDF report lists them all)."""
ATTEMPT_KINDS = {"own": N_("own"), "instructor": N_("instructor")}
"""Whose exam an attempt was, as the screen says it (the reports keep the English word)."""
LEVEL_COLOURS = {"new": "#9e9e9e", "learning": "#c77700", "practised": "#2f7fc1", "table-ready": "#2e8b3a"}


def exams_text(kept: Sequence[Attempt]) -> str:
    """The latest attempts, newest first, each with its pass mark and verdict, or ``No exam taken yet.``"""
    if not kept:
        return _("No exam taken yet.")
    lines = []
    for attempt in reversed(kept[-EXAMS_SHOWN:]):
        mark = "" if attempt.pass_mark is None else " " + _("(pass mark {mark})").format(
            mark=f"{mark_text(attempt.pass_mark)} %")
        verdict = _("passed") if attempt.passed else _("not passed")
        lines.append(f"{exam_name(attempt.exam)}, {_(ATTEMPT_KINDS.get(attempt.kind, attempt.kind))}, "
                     f"{attempt.at[:16].replace('T', ' ')}: {attempt.score:.1f} %{mark}, {verdict}")
    return _("Exam attempts ({count}):").format(count=len(kept)) + " " + " · ".join(lines)


def _msecs(day: str) -> int:
    moment = datetime.fromisoformat(day).replace(hour=12, tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def _date_axis(points: Sequence[str]) -> QDateTimeAxis:
    axis = QDateTimeAxis()
    axis.setFormat("d MMM")  # the month's name in the chart's locale (the current language's)
    axis.setTickCount(min(8, max(2, len(points))))
    if points:
        first, last = _msecs(points[0]), _msecs(points[-1])
        if first == last:
            first, last = first - 86_400_000, last + 86_400_000
        axis.setRange(QDateTime.fromMSecsSinceEpoch(first), QDateTime.fromMSecsSinceEpoch(last))
    return axis


def _chart() -> QChart:
    chart = QChart()

    chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
    chart.setMargins(QMargins(4, 4, 4, 4))
    chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
    return chart


def combine_days(points: Sequence[DayPoint], skill: str | None) -> list[DayPoint]:
    """Each day's totals of ``skill`` (None: every skill together)."""
    merged: dict[str, list[float]] = {}
    for point in points:
        if skill is not None and point.skill != skill:
            continue
        entry = merged.setdefault(point.day, [0, 0, 0, 0.0])
        entry[0] += point.items
        entry[1] += point.steps
        entry[2] += point.correct
        entry[3] += point.seconds
    return [DayPoint(day, skill or ALL_SKILLS, int(v[0]), int(v[1]), int(v[2]), v[3])
            for day, v in sorted(merged.items())]


class ProgressScreen(QWidget):
    """A trainee's progress; ``refresh()`` reads the store again."""

    lessonRequested = Signal(str)  # noqa: N815 (a Qt signal)
    drillRequested = Signal(str)  # noqa: N815

    def __init__(self, store: Store, profile: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("progressScreen")
        self.store, self.profile = store, profile
        self._days: list[DayPoint] = []
        self.heading = QLabel()
        self.heading.setObjectName("progressHeading")
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.exams = QLabel()
        self.exams.setObjectName("progressExams")
        self.exams.setTextFormat(Qt.TextFormat.PlainText)
        self.exams.setWordWrap(True)
        self.skill_box = QComboBox()
        self.skill_box.setObjectName("skillBox")
        self.skill_box.currentIndexChanged.connect(self._show_skill)
        self.accuracy_chart = _chart()
        self.accuracy_view = QChartView(self.accuracy_chart)
        self.speed_chart = _chart()
        self.speed_view = QChartView(self.speed_chart)
        for view in (self.accuracy_view, self.speed_view):
            view.setRenderHint(QPainter.RenderHint.Antialiasing)
            view.setMinimumHeight(220)
        self.mastery_table = self._table(6)
        self.mastery_table.setObjectName("masteryTable")
        self.mistakes_table = self._table(5)
        self.mistakes_table.setObjectName("mistakesTable")
        self.skill_label = QLabel()
        chooser = QHBoxLayout()
        chooser.addWidget(self.skill_label)
        chooser.addWidget(self.skill_box, 1)
        grid = QGridLayout()
        grid.addWidget(self.accuracy_view, 0, 0)
        grid.addWidget(self.speed_view, 0, 1)
        grid.addWidget(self.mastery_table, 1, 0)
        grid.addWidget(self.mistakes_table, 1, 1)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.exams)
        layout.addLayout(chooser)
        layout.addLayout(grid, 1)
        self._set_texts()
        self.refresh()

    def _set_texts(self) -> None:
        """The screen's own words (titles, headings) in the current language."""
        for chart in (self.accuracy_chart, self.speed_chart):
            chart.setLocale(QLocale(babel_locale()))

        self.accuracy_chart.setTitle(_("Accuracy and seconds per decision"))
        self.speed_chart.setTitle(_("Hands per hour, speed mode"))
        self.mastery_table.setHorizontalHeaderLabels([_("Skill"), _("Level"), _("Accuracy"), _("Per decision"),
                                                      _("Target"), _("Items")])
        self.mistakes_table.setHorizontalHeaderLabels([_("Mistake"), _("Topic"), _("Times"), "", ""])
        self.skill_label.setText(_("Skill:"))

    def retranslate(self) -> None:
        """The language changed: every text again in the new one."""
        self._set_texts()
        self.refresh()

    @staticmethod
    def _table(columns: int) -> QTableWidget:
        table = QTableWidget(0, columns)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, columns):
            table.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        return table

    def set_profile(self, profile: Profile) -> None:
        self.profile = profile
        self.refresh()

    def refresh(self) -> None:
        summary = totals(self.store, self.profile)
        self.heading.setText(f"<h2>{html.escape(self.profile.name)}</h2>" + html.escape(
            _("{items} on {days}, accuracy {accuracy}, {hours} hours of practice").format(
                items=item_count(summary.items), days=day_count(summary.days), accuracy=shown_accuracy(summary),
                hours=f"{summary.seconds / 3600:.1f}")))
        self._days = by_day(self.store, self.profile)
        skills = sorted({point.skill for point in self._days})
        self.skill_box.blockSignals(True)
        current = self.skill_box.currentData()
        self.skill_box.clear()
        self.skill_box.addItem(_(ALL_SKILLS), None)
        for skill in skills:
            self.skill_box.addItem(drill_name(skill), skill)
        self.skill_box.setCurrentIndex(max(0, self.skill_box.findData(current)))
        self.skill_box.blockSignals(False)
        self._show_skill()
        self._show_speed(speed_by_day(self.store, self.profile))
        self._show_mastery(mastery(self.store, self.profile, SkillKind.DRILL))
        self._show_mistakes(frequent_mistakes(self.store, self.profile, limit=8))
        self.exams.setText(exams_text(attempts(self.store, self.profile)))

    def _show_skill(self) -> None:
        skill = self.skill_box.currentData()
        points = combine_days(self._days, skill if isinstance(skill, str) and skill else None)
        chart = self.accuracy_chart
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        accuracy, pace = QLineSeries(), QLineSeries()
        accuracy.setName(_("Accuracy (%)"))
        pace.setName(_("Seconds per decision"))
        accuracy.setPen(QPen(QColor("#2e8b3a"), 2))
        pace.setPen(QPen(QColor("#2f7fc1"), 2))
        for series in (accuracy, pace):
            series.setPointsVisible(True)  # a single day (the first) is a dot: a line needs two
        for point in points:
            accuracy.append(_msecs(point.day), point.accuracy)
            pace.append(_msecs(point.day), point.seconds_per_decision)
        chart.addSeries(accuracy)
        chart.addSeries(pace)
        dates = _date_axis([point.day for point in points])
        percent = QValueAxis()
        percent.setRange(0, 100)
        percent.setLabelFormat("%d %%")
        seconds = QValueAxis()
        seconds.setRange(0, max([point.seconds_per_decision for point in points] + [1.0]) * 1.2)
        seconds.setLabelFormat(_("%.0f s"))
        seconds.applyNiceNumbers()
        chart.addAxis(dates, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(percent, Qt.AlignmentFlag.AlignLeft)
        chart.addAxis(seconds, Qt.AlignmentFlag.AlignRight)
        for series, axis in ((accuracy, percent), (pace, seconds)):
            series.attachAxis(dates)
            series.attachAxis(axis)

    def _show_speed(self, points: Sequence[SpeedPoint]) -> None:
        chart = self.speed_chart
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        series = QLineSeries()
        series.setName(_("Hands per hour") if points else _("No speed sets yet"))
        series.setPen(QPen(QColor("#8a3ab9"), 2))
        series.setPointsVisible(True)
        for point in points:
            series.append(_msecs(point.day), point.hands_per_hour)
        chart.addSeries(series)
        dates = _date_axis([point.day for point in points])
        rate = QValueAxis()
        rate.setRange(0, max([point.hands_per_hour for point in points] + [60.0]) * 1.2)
        rate.setLabelFormat("%.0f")
        rate.applyNiceNumbers()
        chart.addAxis(dates, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(rate, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(dates)
        series.attachAxis(rate)

    def _show_mastery(self, entries: Sequence[Mastery]) -> None:
        table = self.mastery_table
        table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            cells = (entry.skill.shown_name, level_name(entry.level.value),
                     "—" if entry.accuracy is None else f"{entry.accuracy:.0f} %",
                     "—" if entry.seconds_per_decision is None else f"{entry.seconds_per_decision:.1f} s",
                     f"{entry.skill.target_seconds:g} s", str(entry.items))
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                if column == 1:
                    cell.setForeground(QColor(LEVEL_COLOURS.get(entry.level.value, "#000000")))
                cell.setToolTip(entry.skill.shown_title)
                table.setItem(row, column, cell)

    def _show_mistakes(self, mistakes: Sequence[FrequentMistake]) -> None:
        table = self.mistakes_table
        table.setRowCount(len(mistakes))
        for row, mistake in enumerate(mistakes):
            topic = topic_name(mistake.topic) if mistake.topic else drill_name(mistake.drill)
            for column, text in enumerate((mistake_kind(mistake.kind), topic, str(mistake.count))):
                cell = QTableWidgetItem(text)
                cell.setToolTip(mistake.rule)
                table.setItem(row, column, cell)
            lesson = QPushButton(_("Lesson"))
            lesson.setObjectName(f"lesson-{row}")
            lesson.setToolTip(_("Open the lesson on {topic}").format(topic=topic_name(mistake.lesson)))
            lesson.clicked.connect(lambda _checked=False, topic=mistake.lesson: self.lessonRequested.emit(topic))
            drill = QPushButton(_("Drill"))
            drill.setObjectName(f"drill-{row}")
            drill.setToolTip(_("Practise {drill}").format(drill=drill_title(mistake.drill)))
            drill.clicked.connect(lambda _checked=False, name=mistake.drill: self.drillRequested.emit(name))

            table.setCellWidget(row, 3, lesson)
            table.setCellWidget(row, 4, drill)
