"""The one importer skeleton: a provider plans, `run_import` does the rest.

    provider.read()                    the inputs that can be checked before anything is touched
       │                               (memory import's batches); ImportFailure: exit 1
       ▼
    writing(data_dir)                  the data folder's write lock (not for --dry-run): the one place an
       │                               import takes it
       ▼
    writes.recover                     an interrupted command's plan finished first (--dry-run: only noted)
       ▼
    provider.plan(data_dir, dry_run)   reads and selects, then plans every edit into a Workspace (or a list
       │                               of FileWrite) and the report's lines: nothing written
       ▼
    writes.apply_plan                  journaled, atomic (--dry-run: "would write N file(s)")
       ▼
    provider.text / provider.as_json   the report, on standard output; the exit status: 0 done (conflicts and
                                       review items are reported, not errors), 1 malformed input or a write
                                       that could not be done, 2 bad usage (`Usage`, before anything runs)

A provider is a small class (see `Provider`): its `prog` (the command, as messages name it), `command` (as
the journal and the lock name it) and `plan`. docs/editors/architecture.md ("An importer") shows a whole one;
tests/importers/test_skeleton.py runs it.
"""

from __future__ import annotations

import contextlib
import json
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Any

from .. import diagnostics as diag
from ..catalogue.excluded import ExcludedListError, default_path, load_excluded
from ..storage import writes
from ..storage.writes import FileWrite, WriteError, WriteReport, apply_plan, journal_path, recover
from .merge import Workspace
from .model import ImportFailure, is_date


class Usage(Exception):
    """Bad usage (no such file or folder, a bad option): exit status 2, nothing run."""


@dataclass
class Result:
    """What an import planned and did: the one result of every importer."""

    lines: list[str] = field(default_factory=list)  # the provider's report, in order
    workspace: Workspace | None = None  # the records edited or created
    planned: list[FileWrite] | None = None  # or the writes themselves (a provider that formats its own files)
    notes: list[str] = field(default_factory=list)  # run_import's: the recovery, then the dry run or the writes
    written: int = 0
    unchanged: int = 0
    dry_run: bool = False
    data: dict[str, Any] = field(default_factory=dict)  # the provider's own figures for --json

    def writes(self) -> list[FileWrite]:
        if self.planned is not None:
            return self.planned
        return self.workspace.writes() if self.workspace is not None else []


class Provider(ABC):
    """One source of data. Override `plan` (and `read` when inputs can be checked before the data folder is
    touched); the class attributes adjust the report's wording where a command has always had its own."""

    prog = "counterpedia import"  # the command as messages name it
    command = "counterpedia import"  # the command as the journal names it
    journal_note = ""  # said after the note on an interrupted plan, with --dry-run

    @property
    def lock_name(self) -> str:
        """The command as the write lock names it ("import mtgjson")."""
        return self.prog.removeprefix("counterpedia ")

    def read(self) -> None:
        """Read and check what can be before the data folder is touched. Raises ImportFailure."""
        return None  # most providers read their inputs as they plan: a stream, after the recovery

    @abstractmethod
    def plan(self, data_dir: Path, dry_run: bool) -> Result:
        """Read the inputs, select, and plan every change (nothing written). Raises ImportFailure."""

    def would_write(self, result: Result, count: int) -> str:
        return f"would write {count} file(s) (dry run: nothing written)"

    def wrote(self, result: Result, report: WriteReport) -> str:
        return f"wrote {len(report.written)} file(s)"

    def text(self, result: Result) -> list[str]:
        """The report as lines: by default the notes on recovery first, then the provider's, then the writes."""
        recovery, outcome = result.notes[:-1], result.notes[-1:]
        return recovery + result.lines + outcome

    def as_json(self, result: Result) -> dict[str, Any]:
        return {**result.data, "lines": result.lines, "dry_run": result.dry_run, "notes": result.notes}


def execute(provider: Provider, data_dir: Path, dry_run: bool = False) -> Result:
    """Recover, plan, then write (or not, with --dry-run). Raises ImportFailure or WriteError (nothing written,
    or what a write that failed half way left: `outcome`). The lock is the caller's (`run_import`)."""
    data_dir = Path(data_dir)
    notes = []
    if dry_run:
        if journal_path(data_dir).is_file():
            notes.append(
                f"note: an interrupted command left {journal_path(data_dir)}: run without --dry-run to finish "
                f"it first{provider.journal_note}"
            )
    else:
        recovered = recover(data_dir)
        if recovered is not None:
            notes.append(
                f"finished the interrupted `{recovered.recovered_from}` first "
                f"({len(recovered.written)} file(s) written)"
            )
    result = provider.plan(data_dir, dry_run)
    result.dry_run = dry_run
    planned = result.writes()
    if dry_run:
        notes.append(provider.would_write(result, len(planned)))
    else:
        report = apply_plan(data_dir, planned, provider.command)
        result.written, result.unchanged = len(report.written), len(report.unchanged)
        notes.append(provider.wrote(result, report))
    result.notes = notes + result.notes
    return result


def outcome(error: BaseException) -> str:
    """What a failed import left: nothing, or (a write that failed half way: a full disk) part of its plan, which
    the journal keeps for the next run."""
    cause = error if isinstance(error, WriteError) else error.__cause__
    if isinstance(cause, WriteError) and cause.written:
        return (
            f"{len(cause.written)} file(s) were written before the failure and {len(cause.pending)} were not; "
            "the plan is kept: run the command again, or `counterpedia recover`, to finish it"
        )
    return "nothing was written"


def run_import(provider: Provider, data_dir: Path, dry_run: bool = False, as_json: bool = False) -> int:
    """The whole command: read, lock, recover, plan, write, report. Returns the exit status (0 or 1)."""
    prog = provider.prog
    try:
        provider.read()
    except ImportFailure as error:
        _failed(prog, error)
        return 1
    try:
        lock = writes.writing(data_dir, provider.lock_name) if not dry_run else contextlib.nullcontext()
        with lock:
            try:
                result = execute(provider, data_dir, dry_run)
            except (ImportFailure, WriteError) as error:
                _failed(prog, error)
                return 1
    except WriteError as error:  # the lock: another writer (Busy), or a folder where it cannot be taken
        print(f"{prog}: {error}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(provider.as_json(result), ensure_ascii=False, indent=1))
    else:
        for line in provider.text(result):
            print(line)
    return 0


def _failed(prog: str, error: Exception) -> None:
    if isinstance(error, ImportFailure) and error.problems:
        print(diag.render_all(error.problems), file=sys.stderr)
    else:
        print(f"{prog}: {error}", file=sys.stderr)
    print(f"{prog}: {outcome(error)}", file=sys.stderr)


# -- the command line's share: the arguments every import takes ---------------------------------------------------


def command(function: Callable[..., int]) -> Callable[..., int]:
    """A command function whose bad usage (`Usage`) is said on standard error with exit status 2."""

    @wraps(function)
    def run(args: Any, *rest: Any) -> int:
        try:
            return function(args, *rest)
        except Usage as error:
            print(error, file=sys.stderr)
            return 2

    return run


def data_folder(prog: str, args: Any) -> Path:
    """--data DIR (default data/), which must be a folder."""
    data_dir = Path(args.data) if getattr(args, "data", None) else Path("data")
    if not data_dir.is_dir():
        raise Usage(f"{prog}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)")
    return data_dir


def input_files(prog: str, paths: Iterable[str], folders: bool = False) -> list[Path]:
    """The input files named on the command line, each of which must be a file (or, with `folders`, a folder)."""
    found = [Path(p) for p in paths]
    for path in found:
        if not (path.exists() if folders else path.is_file()):
            raise Usage(f"{prog}: {path}: no such file{' or folder' if folders else ''}")
    return found


def date_option(prog: str, value: str | None) -> str | None:
    """--version YYYY-MM-DD: a real day, or None when not given."""
    if value and not is_date(value):
        raise Usage(f"{prog}: --version {value!r} is not a YYYY-MM-DD date")
    return value


def excluded_names(data_dir: Path) -> list[str]:
    """The names of the catalogue's excluded list (catalogue/excluded.yaml beside the data folder); none when it is
    missing or unreadable (the validator reports it; an import does not depend on it)."""
    path = default_path(data_dir)
    if not path.is_file():
        return []
    try:
        return [entry["name"] for entry in load_excluded(path)]
    except ExcludedListError:
        return []


def add_common(parser: Any, dry_run_help: str = "report what would be added, write nothing") -> None:
    """--data DIR and --dry-run, as every import takes them."""
    parser.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    parser.add_argument("--dry-run", action="store_true", help=dry_run_help)
