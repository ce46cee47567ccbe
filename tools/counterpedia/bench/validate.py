"""`counterpedia validate` against `check-jsonschema`, on the same files with the same schemas, in one run.

check-jsonschema (PyPI; `make bench` installs it) is run once per schema, on every file of that kind
(each a process, as a pre-commit hook runs it). Ours runs every check on the whole data set: the schemas,
and the checks across records that no schema can express. Ours is measured cold (no parse cache, as
after a fresh clone or an import that changed every file) and warm (the cache of the last run).
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


def measure(data_dir: Path, scratch: Path, runs: int = 3, peer: bool = True) -> Figures:
    cache = scratch / "validate-cache"
    cold = [ours(data_dir, cache, cold=True) for _ in range(runs)]
    warm = [ours(data_dir, cache, cold=False) for _ in range(runs)]
    files = sum(len(p) for p in files_by_schema(data_dir).values())
    if not peer:
        return Figures(files, cold, warm, None, "not run")
    if check_jsonschema() is None:
        return Figures(
            files,
            cold,
            warm,
            None,
            "check-jsonschema is not installed (pip install check-jsonschema; `make bench` installs it)",
        )
    return Figures(files, cold, warm, peer_runs(data_dir))


def report(figures: Figures, say=print) -> None:
    for label, runs in (("cold", figures.cold), ("warm", figures.warm)):
        status = {r.status for r in runs}
        say(
            f"  counterpedia validate, {label} ({'no parse cache' if label == 'cold' else 'parse cache of the last run'}): "
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
    for label, runs in (("cold", figures.cold), ("warm", figures.warm)):
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
