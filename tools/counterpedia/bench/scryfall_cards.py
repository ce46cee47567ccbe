"""The time and peak memory of `counterpedia import scryfall --cards` on the shared Scryfall set files (issue 18).

`measure` runs the import as a user runs it, in a child process, on every file of
`../shared/data/external/scryfall-sets-20251103/sets/`, into a copy of the data folder (and the catalogue
beside it) where every card record and counter record that import created is removed first: the import writes
them all again, as the first import did.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from . import import_run, machine

TARGET_PEAK_MB = 500.0
HEADER = "# Added by `counterpedia import scryfall --cards`"
VIA = "scryfall-sets-20251103"
SHARED_SETS = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "external" / VIA / "sets"


def set_files(folder: Path = SHARED_SETS) -> list[Path]:
    if not folder.is_dir():  # beside a worktree's folder (/work/wt/NAME) rather than the main checkout
        folder = Path(__file__).resolve().parents[3].parent.parent / "shared" / "data" / "external" / VIA / "sets"
    return sorted(p for p in folder.glob("*.json*") if p.is_file())


def without_imported_records(data_dir: Path, out: Path) -> tuple[Path, int]:
    return import_run.without_imported(data_dir, out, ("cards", "counters"), HEADER)


@dataclass
class Figures:
    files: int
    removed: int
    run: machine.Run
    written: int | None


def measure(data_dir: Path, scratch: Path, files: list[Path]) -> Figures:
    scratch.mkdir(parents=True, exist_ok=True)
    copy, removed = without_imported_records(data_dir, scratch / "import-scryfall")
    outcome = import_run.run(["import", "scryfall", "--cards", *map(str, files), "--via", VIA], copy)
    shutil.rmtree(scratch / "import-scryfall", ignore_errors=True)
    return Figures(len(files), removed, outcome.run, outcome.written)


def report(figures: Figures, say=print) -> bool:
    return import_run.report(
        "import scryfall --cards",
        f"of the {figures.files} shared set files into a copy of the "
        f"data minus its {figures.removed:,} records that import made",
        figures.run,
        import_run.wrote(figures.written),
        TARGET_PEAK_MB,
        say,
    )
