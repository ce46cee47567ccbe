"""The data folder as the preview keeps it: every file's parsed document, read again only when the file changes.

Reading a changed file (and checking it against its schema) is quick; checking the whole data takes seconds, so
the preview shows an edit first and checks after (`check`). A file that does not validate is then shown at its
last valid version (its pages show that version, with the file's diagnostics above them); a file that never
validated is shown as it is when it is in its schema's shape, else not at all until it is."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ... import checks
from ...catalogue.excluded import default_path
from ...checks import schema
from ...diagnostics import ERROR, Diagnostic
from ...model.knowledge import KnowledgeBase, from_documents
from ...storage.load import Document, load_paths, record_files

Stamp = tuple[int, int, int]
# A record that is not in its schema's shape is never shown as it is (a value of another type would break its
# pages): only its last valid version, if it had one.
MALFORMED = ("E101",)


def _stamp(path: Path | str) -> Stamp | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_size, status.st_ino)


def key(path: str | Path) -> str:
    """A file's key: its absolute path (diagnostics and documents name it relative to the working folder)."""
    return os.path.abspath(path)


@dataclass
class Change:
    """The files read again, and the errors of the data now, by file."""

    paths: list[str] = field(default_factory=list)
    errors: dict[str, list[Diagnostic]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.paths)


class DataState:
    def __init__(self, data_dir: Path):
        self.data_dir = data_dir.resolve()
        self.stamps: dict[str, Stamp] = {}
        self.order: list[str] = []  # every record file, in the order a full load reads them
        self.scanned: list[str] = []
        self.current: dict[str, Document] = {}  # each file as it is now (when it parses)
        self.parse_errors: dict[str, list[Diagnostic]] = {}
        self.valid: dict[str, Document] = {}  # each file's last version that had no error
        self.shown: dict[str, Document] = {}  # what the pages show
        self.errors: dict[str, list[Diagnostic]] = {}  # the errors of the data, by file (parse errors, checks)
        self.kb = KnowledgeBase()

    def _scan(self) -> dict[str, Stamp]:
        """Every record file's stamp (and the catalogue's); `scanned`: the record files in the order a full load reads
        them (listed again only when a file was added or removed)."""
        stamps = {}
        for folder, dirs, names in os.walk(self.data_dir):
            dirs.sort()
            for name in names:
                if name.endswith((".yaml", ".yml")):
                    path = os.path.join(folder, name)
                    stamp = _stamp(path)
                    if stamp is not None:
                        stamps[key(path)] = stamp
        catalogue = default_path(self.data_dir)
        stamp = _stamp(catalogue)
        if stamp is not None:
            stamps[key(catalogue)] = stamp
        if stamps.keys() != self.stamps.keys() or not self.scanned:
            self.scanned = [key(p) for p in record_files([self.data_dir])]
        return stamps

    def _read(self, paths: list[Path], shape: bool = False) -> None:
        """Parse files; `shape`: also check each record against its kind's schema (the pages are made from it
        before the whole data is checked: a value of another type than the schema's would break them)."""
        result = load_paths(paths, root=self.data_dir)
        problems = list(result.diagnostics)
        if shape:
            problems += schema.check(from_documents(result.documents))
        for diagnostic in problems:
            if diagnostic.severity == ERROR:
                self.parse_errors.setdefault(key(diagnostic.path), []).append(diagnostic)
        for document in result.documents:
            self.current[key(document.path)] = document

    def _compose(self, documents: dict[str, Document]) -> KnowledgeBase:
        """The knowledge base of these documents: the records of the files not read again are the previous state's
        (the same objects), so that an edit costs what it changed (render/tracking compares records by identity)."""
        return from_documents([documents[p] for p in self.order if p in documents], previous=self.kb)

    def load(self) -> Change:
        """Read every file (the parse cache helps); shown as they are until `check` has run."""
        self.stamps = self._scan()
        self.order = self.scanned
        self._read([self.data_dir])
        self.shown = dict(self.current)
        self.errors = {path: sorted(found) for path, found in self.parse_errors.items()}
        self.kb = self._compose(self.shown)
        return Change(list(self.order), self.errors)

    def reload(self) -> Change:
        """Read again the files that changed since the last (re)load; an edit is shown before it is checked."""
        stamps = self._scan()
        changed = sorted(p for p in set(stamps) | set(self.stamps) if stamps.get(p) != self.stamps.get(p))
        self.stamps = stamps
        if not changed:
            return Change()
        self.order = self.scanned
        catalogue = key(default_path(self.data_dir))
        for path in changed:
            self.current.pop(path, None)
            self.parse_errors.pop(path, None)
            self.errors.pop(path, None)
            if path in stamps and path != catalogue:
                self._read([Path(path)], shape=True)
            if path in self.current and path not in self.parse_errors:
                self.shown[path] = self.current[path]
            elif path in self.valid and path in stamps:
                self.shown[path] = self.valid[path]  # does not parse: its last valid version
            else:
                self.shown.pop(path, None)
                self.valid.pop(path, None)
            if path in self.parse_errors:
                self.errors[path] = sorted(self.parse_errors[path])
        self.kb = self._compose(self.shown)
        return Change(changed, self.errors)

    def check(self) -> bool:
        """Check the data as it is now; each file with errors is shown at its last valid version. Whether what
        the pages show changed."""
        problems = [d for found in self.parse_errors.values() for d in found if d.code != "E101"]  # again below
        problems += checks.run_all(self._compose(self.current))
        errors: dict[str, list[Diagnostic]] = {}
        for diagnostic in problems:
            if diagnostic.severity == ERROR:
                errors.setdefault(key(diagnostic.path), []).append(diagnostic)
        self.errors = {path: sorted(set(found)) for path, found in errors.items()}
        shown: dict[str, Document] = {}
        for path in self.order:
            document = self.current.get(path)
            if document is not None and path not in self.errors:
                self.valid[path] = document
                shown[path] = document
            elif path in self.valid:
                shown[path] = self.valid[path]
            elif document is not None and not any(d.code in MALFORMED for d in self.errors[path]):
                shown[path] = document  # never valid, but in its schema's shape: shown as it is
        moved = shown.keys() != self.shown.keys() or any(shown[p] is not self.shown[p] for p in shown)
        self.shown = shown
        if moved:
            self.kb = self._compose(self.shown)
        return moved

    def records_of(self, path: str) -> list[tuple[str, str]]:
        """(kind, id) of the records of one file, in the knowledge base shown."""
        document = self.shown.get(path)
        return [(r.kind, r.id) for r in self.kb if document is not None and r.document is document]
