"""Validation: load records, run every check, keep the diagnostics of the files asked about."""

from __future__ import annotations

from pathlib import Path

from .. import checks, kinds
from ..catalogue.excluded import default_path as excluded_list_path
from ..catalogue.shorthands import default_path as shorthand_list_path
from ..catalogue.stoplist import default_path as stop_list_path
from ..catalogue.terminology_exceptions import default_path as exceptions_list_path
from ..diagnostics import Diagnostic, make
from ..model.knowledge import KnowledgeBase, from_documents
from ..storage import writes
from ..storage.file_digests import FileDigests
from ..storage.load import display_path, has_record_file, load_paths
from .per_file import KeptPerFile


class UsageError(Exception):
    """Bad usage: exit status 2, with a message for the user."""


def data_root_of(path: Path) -> Path | None:
    """The data/ folder a path belongs to: the parent of its record folder, or itself."""
    path = path.resolve()
    candidates = [path] if path.is_dir() else []
    candidates += list(path.parents)
    folders = kinds.folders()
    for candidate in candidates:
        if candidate.name in folders:
            return candidate.parent
        if candidate.is_dir() and any((candidate / folder).is_dir() for folder in folders):
            return candidate
    return None


RECORD_SUFFIXES = (".yaml", ".yml")
# The reviewed lists of catalogue/: checked with the whole data folder beside them, named or not.
REVIEWED_LISTS = (excluded_list_path, shorthand_list_path, stop_list_path, exceptions_list_path)


def list_data_folder(path: Path, data_dir: Path | None = None) -> Path | None:
    """The data folder whose reviewed list `path` is (`<repo>/catalogue/NAME.yaml` beside `<repo>/data`, or
    beside `data_dir`), or None when it is no reviewed list."""
    root = data_dir if data_dir is not None else path.resolve().parent.parent / "data"
    if path.is_file() and root.is_dir() and any(path.resolve() == of(root).resolve() for of in REVIEWED_LISTS):
        return root
    return None


def validate(
    paths: list[Path],
    data_dir: Path | None = None,
    kept: KeptPerFile | None = None,
    digests: FileDigests | None = None,
) -> tuple[KnowledgeBase, list[Diagnostic]]:
    """Diagnostics for the records at `paths`, checked against the whole data set they belong to. `kept`: the
    per-record checks' results kept per file by an earlier run of the same data folder (counterpedia.checks.per_file);
    `digests`: the files' digests of that run (counterpedia.storage.file_digests), by which the parse cache gives
    the records of the files unchanged without reading them.

    A file named that is not a YAML record (E010), or a YAML file outside any data folder (E005), is
    reported, never ignored: `validate /etc/hostname` must not say "no problems found"."""
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or directory")
    if data_dir is not None and not data_dir.is_dir():
        raise UsageError(f"{data_dir}: no such data folder")
    not_records = [p for p in paths if p.is_file() and p.suffix.lower() not in RECORD_SUFFIXES]
    paths = [p for p in paths if p not in not_records]
    found: list[Diagnostic] = [
        make(
            display_path(p),
            (0, 0),
            "E010",
            f"'{p.name}' is not a YAML record: validate reads .yaml files "
            "in the record folders (data/counters, data/rules, …)",
        )
        for p in not_records
    ]
    found += [
        make(display_path(p), (0, 0), "E010", f"'{p}' holds no YAML record (.yaml or .yml): nothing was validated")
        for p in paths
        if p.is_dir() and not has_record_file(p)
    ]
    if not paths:
        return from_documents([]), found
    lists = [p for p in paths if list_data_folder(p, data_dir) is not None]
    if lists:
        return _validate_lists(lists, [p for p in paths if p not in lists], found, data_dir)
    root = data_dir or data_root_of(paths[0])
    if root is None:
        if not paths[0].is_dir():
            # A file outside any data folder: checked alone (its folder is not scanned: it may be /etc).
            loaded = load_paths(paths, root=None)
            kb = from_documents(loaded.documents)
            return kb, sorted(found + loaded.diagnostics + checks.run_all(kb))
        root = paths[0]
    if not root.is_dir():
        raise UsageError(f"{root}: not a directory")
    # The parse cache is written while a forked child checks records: not between the parse and the checks.
    loaded = load_paths([root], root=root, digests=digests, save_later=True)
    extra = [p for p in paths if not _inside(p, root)]
    if extra:
        more = load_paths(extra, root=None)
        loaded.documents += more.documents
        loaded.diagnostics += more.diagnostics
    kb = from_documents(loaded.documents)
    checked = sorted(
        set(loaded.diagnostics) | set(checks.run_all(kb, kept if not extra else None, meanwhile=loaded.save_cache))
    )
    if paths:
        wanted = {display_path(p) for p in _files(paths)}
        if any(p.resolve() == root.resolve() for p in paths):
            # Checking the whole data set also checks the reviewed lists: excluded counter kinds, search shorthands,
            # the auto-linking stop list, the terminology exceptions.
            for list_path in REVIEWED_LISTS:
                wanted.add(display_path(list_path(root)))
        wanted_dirs = [display_path(p) for p in paths if p.is_dir()]
        checked = [
            d
            for d in checked
            if d.path in wanted
            or any(d.path.startswith(w.rstrip("/") + "/") for w in wanted_dirs)
            or d.path in wanted_dirs
        ]
    # Whatever was asked about, a half-applied plan concerns it: always reported.
    return kb, sorted(found + checked + pending_writes(root))


def _validate_lists(
    lists: list[Path], others: list[Path], found: list[Diagnostic], data_dir: Path | None
) -> tuple[KnowledgeBase, list[Diagnostic]]:
    """Reviewed lists named on the command line: the whole data folder beside them is checked (a list's names
    are checked against its records), and the diagnostics of the lists kept, with those of `others`."""
    root = list_data_folder(lists[0], data_dir)
    assert root is not None
    kb, everything = validate([root], root)
    asked = {display_path(p) for p in lists}
    kept = [d for d in everything if d.path in asked] + pending_writes(root)
    if others:
        kb, of_others = validate(others, data_dir)
        kept += of_others
    return kb, sorted(set(found + kept))


def pending_writes(root: Path) -> list[Diagnostic]:
    """The data is not what it seems while a plan is half applied, or while a journal sits in the data folder."""
    found = []
    legacy = writes.legacy_journal(root)
    if legacy is not None:
        found.append(
            make(
                display_path(root),
                (0, 0),
                "E011",
                f"'{legacy.name}' in the data folder is a plan of writes "
                "that no command reads: a commit or a pull request may have brought it in",
            )
        )
    try:
        pending = writes.read_journal(root)
    except writes.UnsafeJournal as error:
        return found + [make(display_path(root), (0, 0), "E012", str(error))]
    if pending is not None:
        command, entries = pending
        shown = ", ".join(display_path(p) for p, _, _ in entries[:3]) + (", …" if len(entries) > 3 else "")
        found.append(
            make(
                display_path(root),
                (0, 0),
                "E012",
                f"an interrupted `{command}` left {len(entries)} "
                f"planned file(s) that may be half written ({shown}); its plan is in "
                f"{writes.journal_path(root)}",
            )
        )
    return found


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def _files(paths: list[Path]) -> list[Path]:
    return [p for p in paths if p.is_file()]
