"""The test suite's wall time (issue 19): `make test`, as a contributor runs it, in a child process of its own.

`make test` runs every test in parallel across the machine's cores (pytest-xdist) and prints its 15 slowest
tests; the bench runs it once, measures its wall time and CPU time (the run's processes together), and prints
its closing line and those slowest tests beside the target. A failing test suite is an error of the bench.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from . import machine

TARGET_SECONDS = 360.0  # issue 19: under 6 minutes on this 2-core machine
_CLOSING = re.compile(r"^(?:=+ )?(?P<counts>\d+ \w+(?:, \d+ \w+)*) in [\d.]+s(?: \([\d:]+\))?(?: =+)?$", re.M)
_WORKERS = re.compile(r"^created: (\d+)/\d+ workers?$", re.M)
_SLOWEST = re.compile(r"^=+ slowest (\d+ )?durations =+$", re.M)


@dataclass
class Figures:
    run: machine.Run | None
    counts: dict[str, int] = field(default_factory=dict)  # {"passed": 1517, "skipped": 8, …}
    workers: int | None = None  # None: not run in parallel
    slowest: list[str] = field(default_factory=list)  # pytest's lines: "12.34s call     tests/…::test_x"
    reason: str = ""  # why it was not measured

    def ok(self) -> bool:
        return self.run is not None and self.run.ok()

    def error(self) -> str:
        """What failed, for the bench's errors ("" when the suite passed or was not run)."""
        if self.run is None or self.run.ok():
            return ""
        counts = ", ".join(f"{n} {what}" for what, n in self.counts.items()) or "no closing line"
        return f"make test exited {self.run.status} ({counts})"


def counts(output: str) -> dict[str, int]:
    """{"passed": 1517, "skipped": 8} from pytest's closing line (the last one), {} when there is none."""
    closing = list(_CLOSING.finditer(output))
    if not closing:
        return {}
    return {what: int(n) for n, what in re.findall(r"(\d+) (\w+)", closing[-1]["counts"])}


def workers(output: str) -> int | None:
    found = _WORKERS.search(output)
    return int(found.group(1)) if found else None


def slowest(output: str) -> list[str]:
    """The lines of pytest's "slowest durations" section."""
    header = _SLOWEST.search(output)
    if not header:
        return []
    lines = []
    for line in output[header.end() :].lstrip("\n").splitlines():
        if not re.match(r"^\d+(\.\d+)?s ", line):
            break
        lines.append(line)
    return lines


def measure(project: Path, make: str | None = None) -> Figures:
    """Run `make test` in `project` once, to its end."""
    make = make or shutil.which("make")
    if make is None:
        return Figures(None, reason="make is not installed")
    if not (Path(project) / "Makefile").is_file():
        return Figures(None, reason=f"no Makefile in {project}")
    run = machine.run([make, "--no-print-directory", "-C", str(project), "test"])
    output = run.stdout + run.stderr
    return Figures(run, counts(output), workers(output), slowest(output))


def report(figures: Figures) -> None:
    if figures.run is None:
        print(f"  not measured: {figures.reason}")
        return
    run = figures.run
    parallel = f"{figures.workers} workers" if figures.workers else "one process"
    print(
        f"  make test ({parallel}): {run.seconds:.1f} s wall, {run.cpu:.1f} s CPU "
        f"(target < {TARGET_SECONDS:.0f} s); exit {run.status}"
    )
    print("  " + (", ".join(f"{n} {what}" for what, n in figures.counts.items()) or "no pytest closing line"))
    if figures.slowest:
        print(f"  its {len(figures.slowest)} slowest tests:")
        for line in figures.slowest:
            print(f"    {line}")
    if not run.ok():
        tail = (run.stdout + run.stderr).strip().splitlines()[-20:]
        print("  the end of its output:\n" + "\n".join(f"    {line}" for line in tail))
