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

from . import machine

TARGET_PEAK_MB = 500.0
HEADER = "# Added by `counterpedia import scryfall --cards`"
VIA = "scryfall-sets-20251103"
SHARED_SETS = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "external" / VIA / "sets"


def set_files(folder: Path = SHARED_SETS) -> list[Path]:
    if not folder.is_dir():  # beside a worktree's folder (/work/wt/NAME) rather than the main checkout
        folder = Path(__file__).resolve().parents[3].parent.parent / "shared" / "data" / "external" / VIA / "sets"
    return sorted(p for p in folder.glob("*.json*") if p.is_file())


def without_imported_records(data_dir: Path, out: Path) -> tuple[Path, int]:
    copy = out / "data"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(data_dir, copy)
    catalogue = Path(data_dir).resolve().parent / "catalogue"
    if catalogue.is_dir() and not (out / "catalogue").exists():
        shutil.copytree(catalogue, out / "catalogue")
    removed = 0
    for folder in ("cards", "counters"):
        for path in (copy / folder).rglob("*.yaml"):
            with path.open(encoding="utf-8") as stream:
                if stream.readline().startswith(HEADER):
                    path.unlink()
                    removed += 1
    return copy, removed


@dataclass
class Figures:
    files: int
    removed: int
    run: machine.Run
    written: int | None


def measure(data_dir: Path, scratch: Path, files: list[Path]) -> Figures:
    scratch.mkdir(parents=True, exist_ok=True)
    copy, removed = without_imported_records(data_dir, scratch / "import-scryfall")
    run = machine.run([*machine.counterpedia_command(), "import", "scryfall", "--cards", *map(str, files),
                       "--via", VIA, "--data", str(copy)])
    written = None
    for line in run.stdout.splitlines():
        if line.startswith("wrote ") and line.split()[1].isdigit():
            written = int(line.split()[1])
    shutil.rmtree(scratch / "import-scryfall", ignore_errors=True)
    return Figures(len(files), removed, run, written)


def report(figures: Figures, say=print) -> bool:
    run = figures.run
    if not run.ok():
        lines = (run.stderr or run.stdout).strip().splitlines()
        say(f"  import scryfall --cards: FAILED (exit {run.status}): {' / '.join(lines[-3:])}")
        return False
    verdict = "ok" if run.peak_mb < TARGET_PEAK_MB else "OVER TARGET"
    say(f"  import scryfall --cards of the {figures.files} shared set files into a copy of the data minus its "
        f"{figures.removed:,} records that import made: {run.seconds:.1f} s ({run.cpu:.1f} s of CPU), wrote "
        f"{figures.written if figures.written is not None else '?'} file(s); peak memory {run.peak_mb:.0f} MB "
        f"(target < {TARGET_PEAK_MB:.0f} MB: {verdict})")
    return True
