"""Validation: load records, run every check, keep the diagnostics of the files asked about."""

from __future__ import annotations

from pathlib import Path

from . import checks
from .diagnostics import Diagnostic
from .knowledge import KnowledgeBase, from_documents
from .catalogue.excluded import default_path as excluded_list_path
from .load import KINDS, display_path, load_paths


class UsageError(Exception):
    """Bad usage: exit status 2, with a message for the user."""


def data_root_of(path: Path) -> Path | None:
    """The data/ folder a path belongs to: the parent of its record folder, or itself."""
    path = path.resolve()
    candidates = [path] if path.is_dir() else []
    candidates += list(path.parents)
    for candidate in candidates:
        if candidate.name in KINDS:
            return candidate.parent
        if candidate.is_dir() and any((candidate / folder).is_dir() for folder in KINDS):
            return candidate
    return None


def validate(paths: list[Path], data_dir: Path | None = None) -> tuple[KnowledgeBase, list[Diagnostic]]:
    """Diagnostics for the records at `paths`, checked against the whole data set they belong to."""
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or directory")
    root = data_dir or (data_root_of(paths[0]) if paths else None)
    if root is None:
        if paths:
            root = paths[0] if paths[0].is_dir() else paths[0].parent
        else:
            raise UsageError("no data/ folder here: run from the repository root or pass the data folder")
    if not root.is_dir():
        raise UsageError(f"{root}: not a directory")
    loaded = load_paths([root], root=root)
    extra = [p for p in paths if not _inside(p, root)]
    if extra:
        more = load_paths(extra, root=None)
        loaded.documents += more.documents
        loaded.diagnostics += more.diagnostics
    kb = from_documents(loaded.documents)
    found = sorted(set(loaded.diagnostics) | set(checks.run_all(kb)))
    if paths:
        wanted = {display_path(p) for p in _files(paths)}
        if any(p.resolve() == root.resolve() for p in paths):
            # Checking the whole data set also checks the reviewed list of excluded counter kinds.
            wanted.add(display_path(excluded_list_path(root)))
        wanted_dirs = [display_path(p) for p in paths if p.is_dir()]
        found = [d for d in found if d.path in wanted or any(d.path.startswith(w.rstrip("/") + "/") for w in wanted_dirs)
                 or d.path in wanted_dirs]
    return kb, found


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def _files(paths: list[Path]) -> list[Path]:
    return [p for p in paths if p.is_file()]
