"""The figures of one bet on one pay table, as a frozen record, printed as a text table or as JSON.

>>> line = LineFigure("three of a kind", "three of a kind", Fraction(1, 20), "3 to 1", Fraction(4))
>>> line.contribution
Fraction(1, 5)
>>> report = OddsReport("trips", "T", "Test table", "exact", (line,))
>>> report.return_, report.house_edge, report.hit_frequency
(Fraction(1, 5), Fraction(4, 5), Fraction(1, 20))
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

Method = Literal["exact", "simulation"]
Number = Fraction | float


@dataclass(frozen=True)
class LineFigure:
    """One line of a pay table: how often it pays, what it pays and its share of the return.

    ``returned`` is what the player gets back per unit wagered when the line pays (the stake included): 4 for
    "3 to 1", 250 for "250 for 1"; ``contribution`` is ``frequency × returned``.
    """

    hand: str
    label: str
    frequency: Number
    pays: str
    returned: Number

    @property
    def contribution(self) -> Number:
        return self.frequency * self.returned


@dataclass(frozen=True)
class OddsReport:
    """A bet's figures on one pay table. ``return_`` is what comes back per unit wagered (stakes included), the
    house edge ``1 - return_``; both fractions of the wager. ``notes`` say how the figure was reached."""

    bet: str
    table_id: str
    title: str
    method: Method
    lines: tuple[LineFigure, ...]
    standard_error: float | None = None
    notes: tuple[str, ...] = ()
    extra: Mapping[str, object] = field(default_factory=dict)
    return_override: Number | None = None
    hit_override: Number | None = None

    @property
    def return_(self) -> Number:
        if self.return_override is not None:
            return self.return_override
        return sum((line.contribution for line in self.lines), Fraction(0))

    @property
    def house_edge(self) -> Number:
        return 1 - self.return_

    @property
    def hit_frequency(self) -> Number:
        if self.hit_override is not None:
            return self.hit_override
        return sum((line.frequency for line in self.lines), Fraction(0))

    def as_json(self) -> dict[str, object]:
        """The JSON object of ``uth-trainer odds --json`` (fractions of the wager as numbers)."""
        data: dict[str, object] = {
            "bet": self.bet,
            "paytable": self.table_id,
            "title": self.title,
            "method": self.method,
            "return": round(float(self.return_), 12),
            "house_edge": round(float(self.house_edge), 12),
            "hit_frequency": round(float(self.hit_frequency), 12),
            "lines": [
                {"hand": line.hand, "label": line.label, "frequency": round(float(line.frequency), 15),
                 "pays": line.pays, "contribution": round(float(line.contribution), 15)}
                for line in self.lines
            ],
        }
        if self.method == "simulation" or self.standard_error is not None:
            data["standard_error"] = self.standard_error
        if self.notes:
            data["notes"] = list(self.notes)
        data.update(self.extra)
        return data


def percent(value: Number, places: int = 4) -> str:
    """A fraction as a percentage: ``percent(Fraction(1, 8))`` is ``'12.5000 %'``.

    >>> percent(Fraction(1, 8))
    '12.5000 %'
    """
    return f"{float(value) * 100:.{places}f} %"


def one_in(frequency: Number) -> str:
    """``1 in N`` for a frequency, or ``never``."""
    return f"1 in {1 / float(frequency):,.1f}" if frequency else "never"


def report_text(report: OddsReport) -> str:
    """The report as the text table of ``uth-trainer odds``."""
    heading = f"{report.title} ({report.bet}, pay table {report.table_id}), {report.method}"
    rows = [heading, ""]
    rows.append(f"{'line':<30} {'frequency':>14} {'':>18} {'pays':>16} {'contribution':>14}")
    for line in report.lines:
        rows.append(f"{line.label[:30]:<30} {percent(line.frequency, 6):>14} {one_in(line.frequency):>18} "
                    f"{line.pays:>16} {percent(line.contribution, 4):>14}")
    rows.append("")
    rows.append(f"{'return':<16} {percent(report.return_, 4)}")
    edge = f"{'house edge':<16} {percent(report.house_edge, 4)}"
    if report.standard_error is not None:
        edge += f"  (± {report.standard_error * 100:.4f} standard error)"
    rows.append(edge)
    rows.append(f"{'hit frequency':<16} {percent(report.hit_frequency, 4)}")
    rows.extend(report.notes)
    return "\n".join(rows)


def report_json(report: OddsReport) -> str:
    return json.dumps(report.as_json(), indent=2, ensure_ascii=False)
