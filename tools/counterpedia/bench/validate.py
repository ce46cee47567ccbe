"""`counterpedia validate` against `check-jsonschema`, on the same files with the same schemas, in one run.

check-jsonschema (PyPI; `make bench` installs it) is run once per schema, on every file of that kind
(each a process, as a pre-commit hook runs it). Ours runs every check on the whole data set: the schemas,
and the checks across records that no schema can express. Ours is measured cold (no cache, as after a fresh
clone or an import that changed every file), warm with nothing changed since the last run (its diagnostics are
replayed: counterpedia.checks.incremental), and warm after one record was edited (a copy of the data folder, one
card file edited before each run: its parse cache, the files' remembered digests and the per-file results of the
last run, all but the edited file's of which match; its whole kept result does not).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from .. import checks
from ..catalogue.excluded import default_path
from ..storage import schema_model
from ..storage.load import record_files, schema_kind
from . import machine

TARGET_RATIO = 0.2
TARGET_SECONDS = 2.0


@dataclass
class Figures:
    files: int
    cold: list[machine.Run]
    warm: list[machine.Run]
    edited: list[machine.Run]
    peer: list[machine.Run] | None  # one run per schema; None when check-jsonschema is not installed
    peer_reason: str = ""

    @staticmethod
    def median(runs: list[machine.Run], attribute: str = "seconds") -> float:
        return statistics.median(getattr(r, attribute) for r in runs)

    @property
    def peer_seconds(self) -> float:
        return sum(r.seconds for r in self.peer or [])

    @property
    def peer_cpu(self) -> float:
        return sum(r.cpu for r in self.peer or [])


def schema_dir() -> Path:
    return Path(__file__).resolve().parents[1] / "schemas"


def files_by_schema(data_dir: Path) -> dict[str, list[Path]]:
    """Every file `counterpedia validate DATA` reads, by the schema that applies to it."""

    groups: dict[str, list[Path]] = {}
    for path in record_files([data_dir]):
        kind = schema_kind(path, data_dir)
        if kind is not None:
            groups.setdefault(kind, []).append(path)
    excluded = default_path(data_dir)
    if excluded.is_file():
        groups.setdefault("excluded-counters", []).append(excluded)
    return groups


def check_jsonschema() -> str | None:
    found = Path(sys.executable).with_name("check-jsonschema")
    return str(found) if found.exists() else shutil.which("check-jsonschema")


def peer_runs(data_dir: Path) -> list[machine.Run]:
    """check-jsonschema on each kind's files, against that kind's schema (references resolved beside it)."""
    executable = check_jsonschema()
    runs = []
    for kind, paths in sorted(files_by_schema(data_dir).items()):
        schema = schema_dir() / schema_model.file_of(kind)
        command = [str(executable), "--base-uri", schema.as_uri(), "--schemafile", str(schema), *map(str, paths)]
        runs.append(machine.run(command))
    return runs


def ours(data_dir: Path, cache: Path, cold: bool) -> machine.Run:
    if cold and cache.exists():
        shutil.rmtree(cache)
    return machine.run([*machine.counterpedia_command(), "validate", str(data_dir)], env={"XDG_CACHE_HOME": str(cache)})


def one_edit_runs(data_dir: Path, scratch: Path, cache: Path, runs: int) -> list[machine.Run]:
    """Validate a copy of the data folder (with the reviewed lists beside it) after editing one card before each
    run (a comment line added: a new text, the same record), with the caches of the run before."""
    copy = scratch / "validate-edit"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(data_dir, copy / "data", symlinks=True)
    lists = data_dir.resolve().parent / "catalogue"
    if lists.is_dir():
        shutil.copytree(lists, copy / "catalogue", symlinks=True)
    ours(copy / "data", cache, cold=False)  # the caches of the run before the edit
    files = record_files([copy / "data"])
    edited = next((p for p in files if schema_kind(p, copy / "data") == "card"), files[0])
    measured = []
    for number in range(1, runs + 1):
        text = edited.read_text(encoding="utf-8")
        separator = "" if text.endswith("\n") else "\n"
        edited.write_text(f"{text}{separator}# edited by make bench ({number})\n", encoding="utf-8")
        measured.append(ours(copy / "data", cache, cold=False))
    shutil.rmtree(copy)
    return measured


def measure(data_dir: Path, scratch: Path, runs: int = 3, peer: bool = True) -> Figures:
    cache = scratch / "validate-cache"
    cold = [ours(data_dir, cache, cold=True) for _ in range(runs)]
    warm = [ours(data_dir, cache, cold=False) for _ in range(runs)]
    edited = one_edit_runs(data_dir, scratch, cache, runs)
    files = sum(len(p) for p in files_by_schema(data_dir).values())
    if not peer:
        return Figures(files, cold, warm, edited, None, "not run")
    if check_jsonschema() is None:
        return Figures(
            files,
            cold,
            warm,
            edited,
            None,
            "check-jsonschema is not installed (pip install check-jsonschema; `make bench` installs it)",
        )
    return Figures(files, cold, warm, edited, peer_runs(data_dir))


LABELS = {
    "cold": "cold (no cache)",
    "warm": "warm, nothing changed (the kept result of the last run)",
    "edited": "warm, one card edited (the parse cache and the per-file results of the last run)",
}


def labelled(figures: Figures) -> list[tuple[str, list[machine.Run]]]:
    return [("cold", figures.cold), ("warm", figures.warm), ("edited", figures.edited)]


def report(figures: Figures, say=print) -> None:
    for label, runs in labelled(figures):
        status = {r.status for r in runs}
        say(
            f"  counterpedia validate, {LABELS[label]}: "
            f"{Figures.median(runs):.2f} s (median of {len(runs)}; {Figures.median(runs, 'cpu'):.2f} s of CPU), "
            f"peak {max(r.peak_mb for r in runs):.0f} MB, exit {','.join(map(str, sorted(status)))}; target < "
            f"{TARGET_SECONDS:.0f} s: {'ok' if Figures.median(runs) < TARGET_SECONDS else 'OVER TARGET'}"
        )
    say(f"    ({figures.files:,} files; the JSON Schemas and {len(checks.REGISTRY) - 1} checks across records)")
    if figures.peer is None:
        say(f"  check-jsonschema: not measured: {figures.peer_reason}")
        return
    failed = [r for r in figures.peer if not r.ok()]
    say(
        f"  check-jsonschema {len(figures.peer)} runs (one per schema), the same {figures.files:,} files: "
        f"{figures.peer_seconds:.2f} s ({figures.peer_cpu:.2f} s of CPU), peak "
        f"{max(r.peak_mb for r in figures.peer):.0f} MB"
        + (f"; {len(failed)} run(s) reported problems" if failed else "")
    )
    for label, runs in labelled(figures):
        ratio = Figures.median(runs) / figures.peer_seconds if figures.peer_seconds else float("nan")
        cpu_ratio = Figures.median(runs, "cpu") / figures.peer_cpu if figures.peer_cpu else float("nan")
        say(
            f"  ours {label} / check-jsonschema: {ratio:.2f} (CPU: {cpu_ratio:.2f}); target <= {TARGET_RATIO}: "
            f"{'ok' if ratio <= TARGET_RATIO else 'OVER TARGET'}"
        )


if __name__ == "__main__":  # python -m counterpedia.bench.validate [DATA]
    import tempfile

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory(prefix="counterpedia-bench-") as scratch_name:
        report(measure(Path(sys.argv[1] if len(sys.argv) > 1 else "data"), Path(scratch_name)))
