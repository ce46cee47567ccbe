"""One importer's run, measured as a user runs it (time, CPU, peak memory: machine.run), into a copy of the data
folder from which the records that import made are removed first, so that it writes them all again as a first
import would. `bench.memory` (import mtgjson of one AllPrintings.json) and `bench.scryfall_cards` (import scryfall
--cards of the shared set files) are this with their own command line and files."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import machine


def without_imported(data_dir: Path, out: Path, folders: tuple[str, ...], header: str) -> tuple[Path, int]:
    """A copy of `data_dir` (and the catalogue beside it) at OUT/data, minus the records of `folders` whose first line
    starts with `header` (the line an import writes at the top of each record it creates); how many were removed."""
    copy = out / "data"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(data_dir, copy)
    catalogue = Path(data_dir).resolve().parent / "catalogue"
    if catalogue.is_dir() and not (out / "catalogue").exists():
        shutil.copytree(catalogue, out / "catalogue")
    removed = 0
    for folder in folders:
        for path in (copy / folder).rglob("*.yaml"):
            with path.open(encoding="utf-8") as stream:
                if stream.readline().startswith(header):
                    path.unlink()
                    removed += 1
    return copy, removed


@dataclass
class Outcome:
    run: machine.Run
    written: int | None  # the files the import wrote (from its own report)


def run(arguments: list[str], copy: Path) -> Outcome:
    """`counterpedia ARGUMENTS… --data COPY` in a child process."""
    done = machine.run([*machine.counterpedia_command(), *arguments, "--data", str(copy)])
    written = None
    for line in done.stdout.splitlines():
        if line.startswith("wrote ") and line.split()[1].isdigit():
            written = int(line.split()[1])
    return Outcome(done, written)


def report(
    label: str, what: str, done: machine.Run, result: str, target_mb: float, say: Callable[[str], object] = print
) -> bool:
    """One line: `label` (the command) `what` (on which files, into which copy): its time, `result` (what it did, from
    its own report) and peak memory against `target_mb`; False when it failed."""
    if not done.ok():
        lines = (done.stderr or done.stdout).strip().splitlines()
        say(f"  {label}: FAILED (exit {done.status}): {' / '.join(lines[-3:])}")
        return False
    verdict = "ok" if done.peak_mb < target_mb else "OVER TARGET"
    say(
        f"  {label} {what}: {done.seconds:.1f} s ({done.cpu:.1f} s of CPU), {result}; "
        f"peak memory {done.peak_mb:.0f} MB (target < {target_mb:.0f} MB: {verdict})"
    )
    return True


def wrote(written: int | None) -> str:
    return f"wrote {written if written is not None else '?'} file(s)"
