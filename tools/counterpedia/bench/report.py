"""The figures beside their targets: each section adds rows to a `Summary`, printed as one table at the end.

A verdict is "ok" or "OVER TARGET" and never fails anything: a slow figure is a figure. What fails `make bench`
is a real error (a command that exits non-zero where it should not), collected in `Summary.errors`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from . import machine

OK, OVER = "ok", "OVER TARGET"


def verdict(value: float, target: float, at_most: bool = False) -> str:
    """ "ok" when `value` is under `target` (or equal to it, with at_most), else "OVER TARGET"."""
    return OK if value < target or (at_most and value == target) else OVER


@dataclass
class Row:
    figure: str
    value: str
    target: str = ""
    verdict: str = ""  # "", "ok" or "OVER TARGET"


@dataclass
class Summary:
    rows: list[Row] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add(self, figure: str, value: str, target: str = "", verdict_: str = "") -> None:
        self.rows.append(Row(figure, value, target, verdict_))

    def lines(self) -> list[str]:
        return table(self.rows)


def table(rows: list[Row]) -> list[str]:
    """The rows as aligned columns: figure, value, target, verdict."""
    if not rows:
        return []
    widths = [
        max(len(getattr(r, name)) for r in rows + [Row("figure", "value", "target")])
        for name in ("figure", "value", "target")
    ]
    header = Row("figure", "value", "target", "")
    return [
        f"  {r.figure:<{widths[0]}}  {r.value:>{widths[1]}}  {r.target:<{widths[2]}}  {r.verdict}".rstrip()
        for r in [header] + rows
    ]


def seconds(value: float) -> str:
    return f"{value:.2f} s" if value < 10 else f"{value:.1f} s"


def megabytes(value: float) -> str:
    return f"{value:.0f} MB"


def ratio(value: float) -> str:
    return f"{value:.2f}"


def percent(value: float) -> str:
    return f"{value:+.0%}"


def status_counts(data_dir: Path) -> tuple[dict[str, int], str]:
    """Records per kind from `counterpedia status --json` ({} and what it said when it fails: records it
    could not count)."""
    run = machine.run([*machine.counterpedia_command(), "status", "--json", "--data", str(data_dir)])
    try:
        found = json.loads(run.stdout) if run.ok() else None
    except ValueError:
        found = None
    if not isinstance(found, dict):
        lines = (run.stderr or run.stdout).strip().splitlines()
        return {}, f"counterpedia status --json exited {run.status}: {' / '.join(lines[-3:])}"
    return {kind: entry.get("records", 0) for kind, entry in found.items() if isinstance(entry, dict)}, ""
