"""The PDF report, drawn with Qt's own PDF writer: per trainee a table of skills with mastery, the exam attempts,
the most frequent mistakes and a chart of accuracy per day.

The layout is HTML in a ``QTextDocument`` printed by ``QPdfWriter``; the chart is painted with ``QPainter``
into an image the document holds as a resource. Works without a screen (Qt's offscreen platform).
"""

from __future__ import annotations

import html
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextDocument,
)

from trainer.store.mastery import Mastery
from trainer.store.progress import DayPoint
from trainer.store.reports import TraineeReport
from trainer.store.safepath import written

LEVEL_COLOURS = {"new": "#9e9e9e", "learning": "#e08a00", "practised": "#2f7fc1", "table-ready": "#2e8b3a"}
_app: QGuiApplication | None = None


def counted(number: int, word: str) -> str:
    """``1 day``, ``2 days``: a count and its noun, singular for one.

    >>> counted(1, "day"), counted(0, "item"), counted(30, "day")
    ('1 day', '0 items', '30 days')
    """
    return f"{number} {word}{'' if number == 1 else 's'}"


def _application() -> None:
    """A Qt application for the fonts (the command line has none)."""
    global _app
    if QGuiApplication.instance() is None:
        _app = QGuiApplication(sys.argv[:1] or ["uth-trainer"])


def accuracy_chart(days: Sequence[DayPoint], width: int = 900, height: int = 260) -> QImage:
    """Steps right per day (all skills), as bars with the day's items under them; the last 30 days practised."""
    totals: dict[str, list[int]] = {}
    for point in days:
        entry = totals.setdefault(point.day, [0, 0, 0])
        entry[0] += point.correct
        entry[1] += point.steps
        entry[2] += point.items
    shown = sorted(totals.items())[-30:]
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    left, top, bottom = 48.0, 16.0, height - 40.0
    painter.setPen(QPen(QColor("#555555"), 1))
    painter.setFont(QFont("DejaVu Sans", 9))
    for percent in (0, 50, 100):
        y = bottom - (bottom - top) * percent / 100
        painter.drawLine(QPointF(left, y), QPointF(width - 8.0, y))
        painter.drawText(QRectF(0, y - 8, left - 6, 16), Qt.AlignmentFlag.AlignRight, f"{percent} %")
    if shown:
        step = (width - left - 8.0) / len(shown)
        for number, (day, (correct, steps, _items)) in enumerate(shown):
            accuracy = 100.0 * correct / steps if steps else 100.0
            x = left + number * step
            bar = QRectF(x + step * 0.15, bottom - (bottom - top) * accuracy / 100, step * 0.7,
                         (bottom - top) * accuracy / 100)
            painter.fillRect(bar, QColor("#2e8b3a" if accuracy >= 90 else "#e08a00"))
            if number % max(1, len(shown) // 10) == 0:
                painter.drawText(QRectF(x - 10, bottom + 4, step + 20, 16), Qt.AlignmentFlag.AlignHCenter, day[5:])
    painter.drawText(QRectF(left, bottom + 20, width - left, 16), Qt.AlignmentFlag.AlignLeft,
                     "Accuracy per day (steps right of steps), last 30 days practised")
    painter.end()
    return image


def _mastery_rows(entries: Sequence[Mastery]) -> str:
    rows = []
    for entry in entries:
        colour = LEVEL_COLOURS.get(entry.level.value, "#000000")
        accuracy = "—" if entry.accuracy is None else f"{entry.accuracy:.0f} %"
        pace = "—" if entry.seconds_per_decision is None else f"{entry.seconds_per_decision:.1f} s"
        rows.append(f"<tr><td>{html.escape(entry.skill.name)}</td><td style='color:{colour}'><b>"
                    f"{entry.level.value}</b></td><td align=right>{accuracy}</td><td align=right>{pace}</td>"
                    f"<td align=right>{entry.skill.target_seconds:g} s</td><td align=right>{entry.items}</td></tr>")
    return "".join(rows)


def _stations_html(report: TraineeReport) -> list[str]:
    """On a class store, the stations the trainee's items came from (nothing on a station's own store)."""
    if report.stations is None:
        return []
    if not report.stations:
        return ["<h2>Stations</h2><p>No items on the class store yet.</p>"]
    rows = "".join(f"<tr><td>{html.escape(seen.station)}</td><td align=right>{seen.items}</td>"
                   f"<td>{html.escape(seen.last[:16].replace('T', ' '))}</td></tr>" for seen in report.stations)
    return ["<h2>Stations</h2><table border=1 cellspacing=0 cellpadding=3 width=100%><tr><th align=left>Station"
            f"</th><th align=right>Items</th><th align=left>Last item</th></tr>{rows}</table>"]


def report_html(report: TraineeReport, chart: str, *, new_page: bool = False) -> str:
    """One trainee's part of the report as HTML (``chart``: the resource name of the chart image)."""
    totals = report.totals
    name = html.escape(report.profile.name)
    head = ("<tr><th align=left>Skill</th><th align=left>Level</th><th align=right>Accuracy</th>"
            "<th align=right>Per decision</th><th align=right>Target</th><th align=right>Items</th></tr>")
    span = f"{totals.first[:10]} to {totals.last[:10]}" if totals.first and totals.last else "no practice yet"
    brk = " style='page-break-before: always'" if new_page else ""
    parts = [f"<h1{brk}>{name}</h1>",
             f"<p>{counted(totals.items, 'item')} on {counted(totals.days, 'day')} ({span}); "
             f"accuracy {totals.accuracy:.1f} %; "
             f"{totals.seconds / 3600:.1f} hours of practice.</p>",
             f"<p>{totals.correct} of {counted(totals.steps, 'step')} right; {counted(totals.steps_wrong, 'step')} "
             f"wrong ({totals.left_to_table} of them left to the table); "
             f"{counted(totals.wrong_attempts, 'wrong attempt')}.</p>",
             *_stations_html(report),
             "<h2>Mastery per drill</h2>",
             f"<table border=1 cellspacing=0 cellpadding=3 width=100%>{head}{_mastery_rows(report.drills)}</table>",
             "<h2>Mastery per situation</h2>",
             f"<table border=1 cellspacing=0 cellpadding=3 width=100%>{head}"
             f"{_mastery_rows(report.situations)}</table>",
             "<h2>Exam attempts</h2>"]
    if report.attempts:
        rows = "".join(
            f"<tr><td>{html.escape(attempt.exam)}</td><td>{attempt.kind}</td>"
            f"<td>{attempt.at[:16].replace('T', ' ')}</td>"
            f"<td align=right>{attempt.score:.1f} %</td>"
            f"<td align=right>{'—' if attempt.pass_mark is None else f'{attempt.pass_mark:.0f} %'}</td>"
            f"<td align=right>{attempt.correct}/{attempt.steps}</td>"
            f"<td align=right>{attempt.mistakes}</td><td align=right>{attempt.seconds / 60:.1f} min</td>"
            f"<td>{'passed' if attempt.passed else 'not passed'}</td></tr>" for attempt in report.attempts)
        parts.append("<table border=1 cellspacing=0 cellpadding=3 width=100%><tr><th align=left>Exam</th>"
                     "<th align=left>Set by</th><th align=left>Date</th><th>Score</th><th>Pass mark</th>"
                     "<th>Steps</th><th>Mistakes</th><th>Time</th>"
                     f"<th align=left>Result</th></tr>{rows}</table>")
    else:
        parts.append("<p>No exam taken yet.</p>")
    parts.append("<h2>Most frequent mistakes</h2>")
    if report.mistakes:
        parts.append("<ol>" + "".join(
            f"<li><b>{html.escape(mistake.kind)}</b> ({html.escape(mistake.topic or mistake.drill)}) × "
            f"{mistake.count}: {html.escape(mistake.rule)}</li>" for mistake in report.mistakes) + "</ol>")
    else:
        parts.append("<p>No mistakes recorded.</p>")
    parts.append(f"<h2>Accuracy over time</h2><p><img src='{chart}' width=640></p>")
    return "".join(parts)


def build_document(reports: Sequence[TraineeReport], title: str | None = None) -> QTextDocument:
    """The report as a document: ``title`` (a class report) then each trainee, each from a new page."""
    _application()
    document = QTextDocument()
    document.setDefaultFont(QFont("DejaVu Sans", 9))
    parts = []
    if title:
        stations = any(report.stations is not None for report in reports)  # a class store's: a station column
        rows = "".join(f"<tr><td>{html.escape(report.profile.name)}</td><td align=right>{report.totals.items}</td>"
                       f"<td align=right>{report.totals.accuracy:.1f} %</td>"
                       f"<td align=right>{sum(1 for entry in report.drills if entry.level.value == 'table-ready')}"
                       f"</td><td align=right>{sum(1 for attempt in report.attempts if attempt.passed)}</td>"
                       + (f"<td>{html.escape(', '.join(seen.station for seen in report.stations or ()))}</td>"
                          if stations else "") + "</tr>"
                       for report in reports)
        parts.append(f"<h1>{html.escape(title)}</h1><table border=1 cellspacing=0 cellpadding=3 width=100%>"
                     "<tr><th align=left>Trainee</th><th>Items</th><th>Accuracy</th><th>Drills table-ready</th>"
                     f"<th>Exams passed</th>{'<th align=left>Stations</th>' if stations else ''}</tr>{rows}</table>")
    for number, report in enumerate(reports):
        name = f"chart-{number}.png"
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), accuracy_chart(report.days))
        parts.append(report_html(report, name, new_page=bool(parts)))
    document.setHtml("".join(parts))
    return document


def write_pdf(reports: Sequence[TraineeReport], target: str | Path, title: str | None = None, *,
              keep: Iterable[Path] = ()) -> int:
    """Write the report to ``target`` as PDF (A4) the safe way (never over one of ``keep``); returns the number of
    pages."""
    document = build_document(reports, title)
    with written(target, keep=keep) as partial:
        writer = QPdfWriter(str(partial))
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                         QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
        writer.setTitle(title or (reports[0].profile.name if reports else "Report"))
        writer.setCreator("UTH Dealer Trainer")
        writer.setResolution(96)  # the document lays out in screen-like pixels: 9 pt text reads as 9 pt
        layout = writer.pageLayout().paintRectPixels(writer.resolution())
        document.setPageSize(QSizeF(layout.width(), layout.height()))
        document.print_(writer)
        del writer  # the file is complete once the writer is gone
    return document.pageCount()
