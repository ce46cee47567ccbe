"""`counterpedia import gatherer-rulings` as a provider of the importer skeleton: the set files read, the
evidence gathered, the copy they are identified, and the plan made (importers/skeleton.py runs it)."""

from __future__ import annotations

from pathlib import Path

from ..merge import MergeReport, Workspace, ensure_sources, readable_knowledge
from ..model import ImportFailure
from ..skeleton import Provider, Result
from .evidence import Evidence, candidates
from .plan import GATHERER_SOURCE, Report, plan
from .read import SetFile, read_set

COMMAND = "counterpedia import gatherer-rulings"
SUFFIXES = (".json", ".json.gz", ".json.xz", ".json.bz2")


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
    raise ImportFailure(
        f"{unknown.path}: no source record lists this file (SHA-256 {unknown.sha256} of its decompressed bytes), "
        "so the copy it belongs to cannot be cited: list it in a source record's `files` (as "
        "data/sources/mtgjson3-gatherer-20181107.yaml does), or pass --via ID"
    )


class GathererRulings(Provider):
    """`counterpedia import gatherer-rulings PATH… [--via ID] [--json]`: its report is its own (`Report`), the
    notes on recovery and writes after it."""

    prog = command = COMMAND

    def __init__(self, paths: list[Path], via: str | None):
        self.paths, self.via = paths, via
        self.report = Report()

    def plan(self, data_dir: Path, dry_run: bool) -> Result:
        self.report, workspace = run(data_dir, self.paths, self.via, dry_run)
        return Result(self.report.lines(dry_run), workspace)

    def text(self, result: Result) -> list[str]:
        return result.lines + result.notes

    def as_json(self, result: Result) -> dict:
        return {**self.report.as_json(), "dry_run": result.dry_run, "notes": result.notes}


def run(data_dir: Path, paths: list[Path], via: str | None, dry_run: bool) -> tuple[Report, Workspace]:
    kb = readable_knowledge(data_dir)
    if via is not None and kb.get("source", via) is None:
        raise ImportFailure(f"--via {via}: no such source record in {data_dir}/sources/")
    found = candidates(kb)
    evidence = Evidence.for_candidates(found)
    report = Report()
    read: list[SetFile] = []
    per_file: list[int] = []
    for path in set_files(paths):
        set_file = SetFile(path)
        before = evidence.read
        for ruling in read_set(path, set_file):
            evidence.add(ruling)
        read.append(set_file)
        per_file.append(evidence.read - before)
    if not read:
        raise ImportFailure("no set files (*.json, *.json.gz) in " + ", ".join(str(p) for p in paths))
    report.files = len(read)
    via_id, hashes = copy_of(kb, read, via)
    for set_file, count in zip(read, per_file):
        if count == 0:
            if set_file.sha256 not in hashes:
                raise ImportFailure(
                    f"{set_file.path}: set {set_file.code} has {set_file.cards} card(s) and no rulings: not a file of "
                    f"Gatherer's rulings (a copy whose set truly has none lists the file's SHA-256 in its source record)"
                )
            report.sets_without_rulings.append(set_file.code)
    workspace = Workspace(data_dir)
    ensure_sources(kb, workspace, MergeReport(), {GATHERER_SOURCE["id"]: GATHERER_SOURCE}, COMMAND)
    plan(kb, workspace, found, evidence, via_id, report)
    return report, workspace
