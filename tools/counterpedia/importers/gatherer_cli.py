"""`counterpedia import gatherer-rulings PATH… [--via ID] [--data DIR] [--dry-run] [--json]`.

Exit status: 0 done (review items are reported, not errors), 1 bad input or a write that could not be done
(nothing written), 2 bad usage (no such file or folder, an unknown --via)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..model.knowledge import load
from ..storage.writes import WriteError, apply_plan, journal_path, recover
from .gatherer.evidence import Evidence, candidates
from .gatherer.plan import GATHERER_SOURCE, Report, plan
from .gatherer.read import GathererFormatError, SetFile, read_set
from .merge import MergeReport, Workspace, ensure_sources

COMMAND = "counterpedia import gatherer-rulings"
PROG = COMMAND
SUFFIXES = (".json", ".json.gz", ".json.xz", ".json.bz2")


class GathererImportError(Exception):
    """Bad input: exit 1, nothing written."""


def set_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.is_file() and p.name.endswith(SUFFIXES))
        else:
            files.append(path)
    return files


def copy_of(kb, files: list[SetFile], via: str | None) -> tuple[str, set[str]]:
    """The source record of the copy the files are, and the SHA-256 it lists: --via, else the record whose
    `files` lists every file's SHA-256 (of its decompressed bytes)."""
    listed: dict[str, set[str]] = {}
    for source in kb.all("source"):
        hashes = {f.get("sha256") for f in source.data.get("files") or [] if isinstance(f, dict)}
        listed[source.id] = {h for h in hashes if isinstance(h, str)}
    if via is not None:
        return via, listed.get(via, set())
    for source_id, hashes in sorted(listed.items()):
        if hashes and all(f.sha256 in hashes for f in files):
            return source_id, hashes
    unknown = next(f for f in files if not any(f.sha256 in h for h in listed.values()))
    raise GathererImportError(
        f"{unknown.path}: no source record lists this file (SHA-256 {unknown.sha256} of its decompressed bytes), "
        "so the copy it belongs to cannot be cited: list it in a source record's `files` (as "
        "data/sources/mtgjson3-gatherer-20181107.yaml does), or pass --via ID")


def run(data_dir: Path, paths: list[Path], via: str | None, dry_run: bool) -> tuple[Report, Workspace]:
    kb, _problems = load(data_dir)
    if via is not None and kb.get("source", via) is None:
        raise GathererImportError(f"--via {via}: no such source record in {data_dir}/sources/")
    found = candidates(kb)
    evidence = Evidence.for_candidates(found)
    report = Report()
    read: list[SetFile] = []
    per_file: list[int] = []
    for path in set_files(paths):
        set_file = SetFile(path)
        before = evidence.read
        try:
            for ruling in read_set(path, set_file):
                evidence.add(ruling)
        except GathererFormatError as error:
            raise GathererImportError(str(error)) from None
        read.append(set_file)
        per_file.append(evidence.read - before)
    if not read:
        raise GathererImportError("no set files (*.json, *.json.gz) in " + ", ".join(str(p) for p in paths))
    report.files = len(read)
    via_id, hashes = copy_of(kb, read, via)
    for set_file, count in zip(read, per_file):
        if count == 0:
            if set_file.sha256 not in hashes:
                raise GathererImportError(
                    f"{set_file.path}: set {set_file.code} has {set_file.cards} card(s) and no rulings: not a file of "
                    f"Gatherer's rulings (a copy whose set truly has none lists the file's SHA-256 in its source record)")
            report.sets_without_rulings.append(set_file.code)
    workspace = Workspace(data_dir)
    ensure_sources(kb, workspace, MergeReport(), {GATHERER_SOURCE["id"]: GATHERER_SOURCE}, COMMAND)
    plan(kb, workspace, found, evidence, via_id, report)
    return report, workspace


def cmd_import_gatherer(args) -> int:
    data_dir = Path(args.data) if args.data else Path("data")
    if not data_dir.is_dir():
        print(f"{PROG}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)", file=sys.stderr)
        return 2
    paths = [Path(p) for p in args.paths]
    for path in paths:
        if not path.exists():
            print(f"{PROG}: {path}: no such file or folder", file=sys.stderr)
            return 2
    notes = []
    try:
        if not args.dry_run:
            recovered = recover(data_dir)
            if recovered is not None:
                notes.append(f"finished the interrupted `{recovered.recovered_from}` first ({len(recovered.written)} file(s) written)")
        elif journal_path(data_dir).is_file():
            notes.append(f"note: an interrupted command left {journal_path(data_dir)}: run without --dry-run to finish it first")
        report, workspace = run(data_dir, paths, args.via, args.dry_run)
        writes = workspace.writes()
        if args.dry_run:
            notes.append(f"would write {len(writes)} file(s) (dry run: nothing written)")
        else:
            written = apply_plan(data_dir, writes, COMMAND)
            notes.append(f"wrote {len(written.written)} file(s)")
    except (GathererImportError, WriteError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        print(f"{PROG}: nothing was written", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({**report.as_json(), "dry_run": bool(args.dry_run), "notes": notes}, ensure_ascii=False, indent=1))
    else:
        for line in report.lines(args.dry_run) + notes:
            print(line)
    return 0


def add_parser(import_sub) -> None:
    g = import_sub.add_parser(
        "gatherer-rulings",
        help="prove which imported rulings are Wizards of the Coast's: MTGJSON 3 set files (Gatherer's rulings)",
        description="Read MTGJSON 3 set files (plain or .gz; files or folders), whose rulings were copied from Gatherer, "
                    "Wizards of the Coast's card database. A ruling imported from MTGJSON 5 that the same card has there, "
                    "with the same date and the same text (apostrophes, quotes and spaces made the same), becomes official, "
                    "citing Gatherer with the copy as `via`; nothing else of it changes. A looser match (another date, "
                    "\"mana value\" read as \"converted mana cost\", another card's ruling) is only noted for review. "
                    "A ruling edited by hand is never changed. See docs/editors/catalogue.md.",
    )
    g.add_argument("paths", metavar="PATH", nargs="+", help="MTGJSON 3 set files (KLD.json, KLD.json.gz) or folders of them")
    g.add_argument("--via", metavar="ID", help="the source record of the copy the files are (default: the one whose "
                                               "`files` lists their SHA-256)")
    g.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    g.add_argument("--dry-run", action="store_true", help="report what would change, write nothing")
    g.add_argument("--json", action="store_true", help="print the report as JSON")
    g.set_defaults(func=cmd_import_gatherer)
