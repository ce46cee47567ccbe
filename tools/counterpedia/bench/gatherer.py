"""`make bench` section gatherer: the time and peak memory of `counterpedia import gatherer-rulings` on the shared
MTGJSON 3 copy (230 set files), into a copy of the data whose Gatherer-proven rulings are put back as `import mtgjson`
wrote them, so that the import does its whole work again (read, match, plan, write)."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from . import import_run, machine

SHARED_SETS = (
    Path(__file__).resolve().parents[3].parent
    / "shared"
    / "data"
    / "external"
    / "mtgjson-v3-gatherer-20181107"
    / "sets"
)
TARGET_PEAK_MB = 500.0
_PROVEN = re.compile(r"^(\s+)status: official\n\1source: wotc-gatherer\n(\1version: \"[\d-]+\"\n)\1via: [\w-]+\n", re.M)


def unproven_copy(data_dir: Path, out: Path) -> tuple[Path, int]:
    """A copy of the data in which every ruling proven from Gatherer is a community ruling of MTGJSON 5 again."""
    copy = out / "data"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(data_dir, copy)
    demoted = 0
    for path in (copy / "cards").rglob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        if "wotc-gatherer" not in text:
            continue
        new, count = _PROVEN.subn(r"\1status: community\n\1source: mtgjson-rulings-20220425\n\2", text)
        new = new.replace("    source: wotc-gatherer\n", "    source: mtgjson-rulings-20220425\n")
        demoted += count
        path.write_text(new, encoding="utf-8")
    return copy, demoted


@dataclass
class Figures:
    files: int
    demoted: int
    run: machine.Run
    upgraded: str


def measure(data_dir: Path, scratch: Path) -> Figures:
    copy, demoted = unproven_copy(data_dir, scratch / "gatherer")
    run = machine.run(
        [*machine.counterpedia_command(), "import", "gatherer-rulings", str(SHARED_SETS), "--data", str(copy)]
    )
    upgraded = next((line for line in run.stdout.splitlines() if line.startswith("upgraded to official")), "?")
    shutil.rmtree(scratch / "gatherer", ignore_errors=True)
    return Figures(len(list(SHARED_SETS.glob("*.json*"))), demoted, run, upgraded)


def report(figures: Figures, say=print) -> bool:
    return import_run.report(
        "import gatherer-rulings",
        f"of {figures.files} MTGJSON 3 set files into a copy of the "
        f"data with its {figures.demoted:,} Gatherer-proven rulings unproven again",
        figures.run,
        figures.upgraded,
        TARGET_PEAK_MB,
        say,
    )
