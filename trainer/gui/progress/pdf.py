"""The PDF report, drawn with Qt's own PDF writer: per trainee a table of skills with mastery, the exam attempts,
the most frequent mistakes and a chart of accuracy per day.

The layout is HTML in a ``QTextDocument`` printed by ``QPdfWriter``; the chart is painted with ``QPainter``
into an image the document holds as a resource. Works without a screen (Qt's offscreen platform).
"""

from __future__ import annotations

import html
import sys
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt, QUrl
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

from trainer.drills.names import drill_name, exam_name, topic_name
from trainer.gui.progress.words import (
    day_count,
    item_count,
    level_name,
    mistake_kind,
    step_count,
    wrong_attempt_count,
)
from trainer.i18n.formats import babel_locale, format_day, format_moment
from trainer.i18n.translation import _, pgettext
from trainer.scoring import mark_text
from trainer.store.mastery import Mastery
from trainer.store.progress import DayPoint, shown_accuracy
from trainer.store.reports import TraineeReport
from trainer.store.safepath import WriteError, written

LEVEL_COLOURS = {"new": "#9e9e9e", "learning": "#e08a00", "practised": "#2f7fc1", "table-ready": "#2e8b3a"}
_app: QGuiApplication | None = None


def short_day(day: str) -> str:
    """An ISO day as a chart's axis writes it: ``Nov 26``, ``26 nov``."""
    from babel.dates import format_skeleton

    return format_skeleton("MMMd", date.fromisoformat(day[:10]), locale=babel_locale())


def _application() -> None:
    """A Qt application for the fonts (the command line has none): a plain one, unless the process has the widgets
    loaded (a window may be made later, and Qt aborts at a widget made under an application without them)."""
    global _app
    if QGuiApplication.instance() is None:
        if "PySide6.QtWidgets" in sys.modules:
            from PySide6.QtWidgets import QApplication

            _app = QApplication(sys.argv[:1] or ["uth-trainer"])
        else:
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
                painter.drawText(QRectF(x - 10, bottom + 4, step + 20, 16), Qt.AlignmentFlag.AlignHCenter,
                                 short_day(day))
    painter.drawText(QRectF(left, bottom + 20, width - left, 16), Qt.AlignmentFlag.AlignLeft,
                     _("Accuracy per day (steps right of steps), last 30 days practised"))
    painter.end()
    return image


def _mastery_rows(entries: Sequence[Mastery]) -> str:
    rows = []
    for entry in entries:
        colour = LEVEL_COLOURS.get(entry.level.value, "#000000")
        accuracy = "—" if entry.accuracy is None else f"{entry.accuracy:.0f} %"
        pace = "—" if entry.seconds_per_decision is None else f"{entry.seconds_per_decision:.1f} s"
        rows.append(f"<tr><td>{html.escape(entry.skill.shown_name)}</td><td style='color:{colour}'><b>"
                    f"{html.escape(level_name(entry.level.value))}</b></td><td align=right>{accuracy}</td>"
                    f"<td align=right>{pace}</td>"
                    f"<td align=right>{entry.skill.target_seconds:g} s</td><td align=right>{entry.items}</td></tr>")
    return "".join(rows)


def _stations_html(report: TraineeReport) -> list[str]:
    """On a class store, the stations the trainee's items came from (nothing on a station's own store)."""
    if report.stations is None:
        return []
    if not report.stations:
        return [_heading(_("Stations")) + "<p>" + html.escape(_("No items on the class store yet.")) + "</p>"]
    rows = "".join(f"<tr><td>{html.escape(seen.station)}</td><td align=right>{seen.items}</td>"
                   f"<td>{html.escape(_moment(seen.last))}</td></tr>" for seen in report.stations)
    head = _header_row(((_("Station"), "left"), (_("Items"), "right"), (_("Last item"), "left")))
    return [_heading(_("Stations")) + f"<table border=1 cellspacing=0 cellpadding=3 width=100%>{head}{rows}</table>"]


def report_html(report: TraineeReport, chart: str, *, new_page: bool = False) -> str:
    """One trainee's part of the report as HTML (``chart``: the resource name of the chart image)."""
    totals = report.totals
    name = html.escape(report.profile.name)
    head = _header_row(((_("Skill"), "left"), (_("Level"), "left"), (_("Accuracy"), "right"),
                        (_("Per decision"), "right"), (_("Target"), "right"), (_("Items"), "right")))
    span = (_("{first} to {last}").format(first=format_day(date.fromisoformat(totals.first[:10])),
                                          last=format_day(date.fromisoformat(totals.last[:10])))
            if totals.first and totals.last else _("no practice yet"))
    brk = " style='page-break-before: always'" if new_page else ""
    said = html.escape
    parts = [f"<h1{brk}>{name}</h1>",
             "<p>" + said(_("{items} on {days} ({span}); accuracy {accuracy}; {hours} hours of practice.").format(
                 items=item_count(totals.items), days=day_count(totals.days), span=span,
                 accuracy=shown_accuracy(totals), hours=f"{totals.seconds / 3600:.1f}")) + "</p>",
             "<p>" + said(_("{correct} of {steps} right; {wrong} wrong ({left} of them left to the table); {attempts}.")
                          .format(
                 correct=totals.correct, steps=step_count(totals.steps), wrong=step_count(totals.steps_wrong),
                 left=totals.left_to_table, attempts=wrong_attempt_count(totals.wrong_attempts))) + "</p>",
             *_stations_html(report),
             _heading(_("Mastery per drill")),
             f"<table border=1 cellspacing=0 cellpadding=3 width=100%>{head}{_mastery_rows(report.drills)}</table>",
             _heading(_("Mastery per situation")),
             f"<table border=1 cellspacing=0 cellpadding=3 width=100%>{head}"
             f"{_mastery_rows(report.situations)}</table>",
             _heading(_("Exam attempts"))]
    if report.attempts:
        set_by = {"instructor": pgettext("exam set by", "instructor"), "own": pgettext("exam set by", "own")}
        minutes, verdicts = _("{minutes} min"), {True: _("passed"), False: _("not passed")}
        rows = "".join(
            f"<tr><td>{said(exam_name(attempt.exam))}</td><td>{said(set_by.get(attempt.kind, attempt.kind))}</td>"
            f"<td>{said(_moment(attempt.at))}</td>"
            f"<td align=right>{attempt.score:.1f} %</td>"
            f"<td align=right>{'—' if attempt.pass_mark is None else f'{mark_text(attempt.pass_mark)} %'}</td>"
            f"<td align=right>{attempt.correct}/{attempt.steps}</td>"
            f"<td align=right>{attempt.mistakes}</td>"
            f"<td align=right>{said(minutes.format(minutes=f'{attempt.seconds / 60:.1f}'))}</td>"
            f"<td>{said(verdicts[attempt.passed])}</td></tr>"
            for attempt in report.attempts)
        head = _header_row(((_("Exam"), "left"), (pgettext("column", "Set by"), "left"), (_("Date"), "left"),
                            (_("Score"), ""), (_("Pass mark"), ""), (_("Steps"), ""), (_("Mistakes"), ""),
                            (_("Time"), ""), (_("Result"), "left")))
        parts.append(f"<table border=1 cellspacing=0 cellpadding=3 width=100%>{head}{rows}</table>")
    else:
        parts.append("<p>" + said(_("No exam taken yet.")) + "</p>")
    parts.append(_heading(_("Most frequent mistakes")))
    if report.mistakes:
        parts.append("<ol>" + "".join(
            f"<li><b>{said(mistake_kind(mistake.kind))}</b> "
            f"({said(topic_name(mistake.topic) if mistake.topic else drill_name(mistake.drill))}) × "
            f"{mistake.count}: {said(mistake.rule)}</li>" for mistake in report.mistakes) + "</ol>")
    else:
        parts.append("<p>" + said(_("No mistakes recorded.")) + "</p>")
    parts.append(_heading(_("Accuracy over time")) + f"<p><img src='{chart}' width=640></p>")
    return "".join(parts)


def _heading(text: str) -> str:
    return f"<h2>{html.escape(text)}</h2>"


def _header_row(columns: Sequence[tuple[str, str]]) -> str:
    """A table's header row: each column's heading (in the current language) and its alignment."""
    return "<tr>" + "".join(f"<th{f' align={align}' if align else ''}>{html.escape(text)}</th>"
                            for text, align in columns) + "</tr>"


def _moment(at: str) -> str:
    """A stored moment (ISO) as the language writes a day and time; as stored when it does not read."""
    try:
        return format_moment(datetime.fromisoformat(at))
    except ValueError:
        return at[:16].replace("T", " ")


def build_document(reports: Sequence[TraineeReport], title: str | None = None) -> QTextDocument:
    """The report as a document: ``title`` (a class report) then each trainee, each from a new page."""
    _application()
    document = QTextDocument()
    document.setDefaultFont(QFont("DejaVu Sans", 9))
    parts = []
    if title:
        stations = any(report.stations is not None for report in reports)  # a class store's: a station column
        rows = "".join(f"<tr><td>{html.escape(report.profile.name)}</td><td align=right>{report.totals.items}</td>"
                       f"<td align=right>{shown_accuracy(report.totals)}</td>"
                       f"<td align=right>{sum(1 for entry in report.drills if entry.level.value == 'table-ready')}"
                       f"</td><td align=right>{sum(1 for attempt in report.attempts if attempt.passed)}</td>"
                       + (f"<td>{html.escape(', '.join(seen.station for seen in report.stations or ()))}</td>"
                          if stations else "") + "</tr>"
                       for report in reports)
        head = _header_row(((_("Trainee"), "left"), (_("Items"), ""), (_("Accuracy"), ""),
                            (_("Drills table-ready"), ""), (_("Exams passed"), ""),
                            *(((_("Stations"), "left"),) if stations else ())))
        parts.append(f"<h1>{html.escape(title)}</h1><table border=1 cellspacing=0 cellpadding=3 width=100%>"
                     f"{head}{rows}</table>")
    for number, report in enumerate(reports):
        name = f"chart-{number}.png"
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), accuracy_chart(report.days))
        parts.append(report_html(report, name, new_page=bool(parts)))
    document.setHtml("".join(parts))
    return document


def write_table_pdf(title: str, heads: Sequence[str], rows: Sequence[Sequence[str]], target: str | Path, *,
                    keep: Iterable[Path] = ()) -> int:
    """``title`` and one table (``heads``, then ``rows``) as PDF (A4) the safe way; returns the number of pages."""
    _application()
    document = QTextDocument()
    document.setDefaultFont(QFont("DejaVu Sans", 9))
    head = "".join(f"<th align=left>{html.escape(text)}</th>" for text in heads)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    document.setHtml(f"<h1>{html.escape(title)}</h1><table border=1 cellspacing=0 cellpadding=3 width=100%>"
                     f"<tr>{head}</tr>{body}</table>")
    return _print(document, target, title, keep)


def write_pdf(reports: Sequence[TraineeReport], target: str | Path, title: str | None = None, *,
              keep: Iterable[Path] = ()) -> int:
    """Write the report to ``target`` as PDF (A4) the safe way (never over one of ``keep``); returns the number of
    pages. The PDF is made in memory and checked whole (QPdfWriter says nothing of a write that failed), then
    written by :func:`~trainer.store.safepath.written`: a full disk raises :class:`WriteError` and leaves the file
    that was there as it was."""
    document = build_document(reports, title)
    return _print(document, target, title or (reports[0].profile.name if reports else _("Report")), keep)


def _print(document: QTextDocument, target: str | Path, title: str, keep: Iterable[Path]) -> int:
    """``document`` as PDF (A4) at ``target``: made in memory, checked whole, then written safely."""
    made = QBuffer()
    made.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(made)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
    writer.setTitle(title)
    writer.setCreator("UTH Dealer Trainer")
    writer.setResolution(96)  # the document lays out in screen-like pixels: 9 pt text reads as 9 pt
    layout = writer.pageLayout().paintRectPixels(writer.resolution())
    document.setPageSize(QSizeF(layout.width(), layout.height()))
    document.print_(writer)
    del writer  # the PDF is complete once the writer is gone
    pdf = bytes(made.data().data())
    if not (pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")):
        raise WriteError(_("cannot write {path}: the PDF could not be made").format(path=target))
    with written(target, keep=keep) as partial:
        with open(partial, "wb") as out:
            out.write(pdf)
        if partial.stat().st_size != len(pdf):
            raise WriteError(_("cannot write {path}: only part of the PDF was written").format(path=target))
    return document.pageCount()
