"""The import's time and peak memory on one AllPrintings.json, made from MTGJSON's set files (issue 8 and 14).

`all_printings(files, out)` writes MTGJSON's AllPrintings shape, `{"data": {"<SET>": set, …}, "meta": …}`
(keys sorted, as MTGJSON writes them), from per-set files (`{"data": set, "meta": …}`, plain or compressed),
one set at a time: the sets are those of the files, as they are in them. `measure` runs
`counterpedia import mtgjson` on it as a user runs it, in a child process, into a copy of the data folder
where every card the import created is removed first (so the import writes them all again, as a first
import would). The shared set files are `../shared/data/external/mtgjson-v5-sets-20220425/sets/`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..importers.jsonstream import open_text
from . import import_run, machine

TARGET_PEAK_MB = 500.0
IMPORT_HEADER = "# Added by `counterpedia import mtgjson`"
SHARED_SETS = (
    Path(__file__).resolve().parents[3].parent / "shared" / "data" / "external" / "mtgjson-v5-sets-20220425" / "sets"
)


class AllPrintingsError(ValueError):
    """A set file cannot go into an AllPrintings (not a set file, or a set code twice)."""


def set_files(folder: Path = SHARED_SETS) -> list[Path]:
    return sorted(p for p in Path(folder).glob("*.json*") if p.is_file())


def _read_set_file(path: Path) -> tuple[dict, dict]:
    with open_text(path) as stream:
        document = json.load(stream)
    data, meta = document.get("data") if isinstance(document, dict) else None, None
    if isinstance(document, dict):
        meta = document.get("meta")
    if not isinstance(data, dict) or not isinstance(data.get("code"), str) or not isinstance(meta, dict):
        raise AllPrintingsError(f'{path}: not an MTGJSON set file ({{"data": set, "meta": …}})')
    return data, meta


def all_printings(files: Iterable[Path], out: Path) -> list[str]:
    """Write `out` as an AllPrintings.json holding the set of each file, by set code; returns the codes."""
    by_code: dict[str, Path] = {}
    for path in files:  # a first pass for the codes: the sets are written in code order, as MTGJSON does
        data, _meta = _read_set_file(Path(path))
        if data["code"] in by_code:
            raise AllPrintingsError(f"set {data['code']} is in both {by_code[data['code']]} and {path}")
        by_code[data["code"]] = Path(path)
    meta = None
    with open(out, "w", encoding="utf-8") as stream:
        stream.write('{"data": {')
        for number, code in enumerate(sorted(by_code)):
            data, file_meta = _read_set_file(by_code[code])
            meta = meta or file_meta
            stream.write((", " if number else "") + json.dumps(code) + ": ")
            json.dump(data, stream, ensure_ascii=False)
        stream.write('}, "meta": ' + json.dumps(meta or {}, ensure_ascii=False) + "}\n")
    return sorted(by_code)


def without_imported_cards(data_dir: Path, out: Path) -> tuple[Path, int]:
    """A copy of `data_dir` (and the catalogue beside it) at OUT/data, minus the cards the import created."""
    return import_run.without_imported(data_dir, out, ("cards",), IMPORT_HEADER)


@dataclass
class Figures:
    sets: int
    megabytes: float  # the AllPrintings file's size
    removed: int  # imported cards removed from the copy before the import
    run: machine.Run
    written: int | None  # files the import wrote (from its own report)


def measure(data_dir: Path, scratch: Path, files: list[Path] | None = None) -> Figures:
    files = set_files() if files is None else files
    if not files:
        raise AllPrintingsError(f"no MTGJSON set files in {SHARED_SETS}")
    scratch.mkdir(parents=True, exist_ok=True)
    target = scratch / "AllPrintings.json"
    codes = all_printings(files, target)
    copy, removed = without_imported_cards(data_dir, scratch / "import")
    outcome = import_run.run(["import", "mtgjson", str(target)], copy)
    size = target.stat().st_size / 1024 / 1024
    target.unlink()
    return Figures(len(codes), size, removed, outcome.run, outcome.written)


def report(figures: Figures, say=print) -> bool:
    """Print the figures; False when the import failed."""
    return import_run.report(
        "import mtgjson of one AllPrintings.json",
        f"({figures.sets} sets, {figures.megabytes:.0f} MB, made from the shared set files) into a "
        f"copy of the data minus its {figures.removed:,} imported cards",
        figures.run,
        import_run.wrote(figures.written),
        TARGET_PEAK_MB,
        say,
    )
