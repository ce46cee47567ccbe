"""Reading the YAML records from disk with ruamel.yaml, keeping positions for diagnostics."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.constructor import DuplicateKeyError
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from . import diagnostics as diag

# Folder name -> record kind.
KINDS = {
    "counters": "counter",
    "rules": "rule",
    "rulings": "ruling",
    "cards": "card",
    "mechanics": "mechanic",
    "terms": "term",
    "sources": "source",
}
FOLDERS = {kind: folder for folder, kind in KINDS.items()}


@dataclass
class Document:
    """One YAML record as read from disk: its plain data, and a way back to positions.

    The data comes from the fast (C) loader; the round-trip tree that knows line and column is
    parsed only when a position is asked for, which is rare: when there is something to report."""

    path: str  # as shown in diagnostics (relative to the working directory when possible)
    kind: str | None
    data: object
    stem: str
    source: str = ""
    _tree: object = field(default=None, repr=False, compare=False)

    @property
    def tree(self):
        if self._tree is None:
            self._tree = yaml_loader().load(self.source) if self.source else self.data
        return self._tree

    def position(self, keys: tuple = ()) -> tuple[int, int]:
        """0-based (line, column) of the value at `keys` (or of the nearest ancestor that has one)."""
        return locate(self.tree, keys)

    def key_position(self, keys: tuple) -> tuple[int, int]:
        return key_position(self.tree, keys)


def yaml_loader() -> YAML:
    """The round-trip loader: slow, but it keeps positions (and it reports errors the way editors see them)."""
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    return yaml


def fast_loader() -> YAML:
    """The C loader when ruamel.yaml.clib is installed (10x faster on our records), else pure Python."""
    yaml = YAML(typ="safe", pure=False)
    yaml.allow_duplicate_keys = False
    return yaml


def locate(node: object, keys: tuple) -> tuple[int, int]:
    position = (0, 0)
    if hasattr(node, "lc"):
        position = (node.lc.line, node.lc.col)
    for key in keys:
        if isinstance(node, CommentedMap) and key in node:
            position = node.lc.value(key) if node[key] is not None and not isinstance(node[key], (dict, list)) else node.lc.key(key)
            node = node[key]
        elif isinstance(node, CommentedSeq) and isinstance(key, int) and 0 <= key < len(node):
            position = node.lc.item(key)
            node = node[key]
        else:
            break
    return position


def key_position(node: object, keys: tuple) -> tuple[int, int]:
    """Position of the last key itself (for "unexpected key" and "missing key" diagnostics)."""
    *parents, last = keys or (None,)
    for key in parents:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return locate(node, ())
    if isinstance(node, CommentedMap) and last in node:
        return node.lc.key(last)
    return locate(node, ())


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def kind_of(path: Path, root: Path | None) -> str | None:
    parts = path.resolve().parts
    if root is not None:
        try:
            parts = path.resolve().relative_to(root.resolve()).parts
        except ValueError:
            pass
    for part in reversed(parts[:-1]):
        if part in KINDS:
            return KINDS[part]
    return None


def read_document(path: Path, root: Path | None = None, cache=None) -> tuple[Document | None, list[diag.Diagnostic]]:
    shown = display_path(path)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return None, [diag.make(shown, (0, 0), "E004", f"cannot read the file: {error}")]
    if cache is not None:  # counterpedia.parse_cache: the data of a file whose exact text was parsed before
        data = cache.get(source)
        if isinstance(data, dict):
            return Document(shown, kind_of(path, root), data, path.stem, source), []
    document, problems = parse_document(source, shown, path.stem, kind_of(path, root))
    if cache is not None and document is not None and not problems:
        cache.put(source, document.data)
    return document, problems


def parse_document(source: str, shown: str, stem: str, kind: str | None) -> tuple[Document | None, list[diag.Diagnostic]]:
    try:
        data = fast_loader().load(source)
    except YAMLError:
        return None, _syntax_problems(source, shown)
    if not isinstance(data, dict):
        return None, [diag.make(shown, (0, 0), "E003", "the file does not hold a mapping of fields")]
    return Document(shown, kind, data, stem, source), []


def _syntax_problems(source: str, shown: str) -> list[diag.Diagnostic]:
    """Locate a YAML error with the round-trip parser, whose messages and marks editors know."""
    try:
        yaml_loader().load(source)
    except DuplicateKeyError as error:
        mark = error.problem_mark
        return [diag.make(shown, (mark.line, mark.column), "E002", _one_line(error.problem))]
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        position = (mark.line, mark.column) if mark else (0, 0)
        return [diag.make(shown, position, "E001", _one_line(error.problem or str(error)))]
    except YAMLError as error:
        return [diag.make(shown, (0, 0), "E001", _one_line(str(error)))]
    return [diag.make(shown, (0, 0), "E001", "the YAML could not be read")]


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


@dataclass
class LoadResult:
    documents: list[Document] = field(default_factory=list)
    diagnostics: list[diag.Diagnostic] = field(default_factory=list)


def record_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
            files.extend(sorted(p for p in path.rglob("*.yml") if p.is_file()))
        else:
            files.append(path)
    return files


def load_paths(paths: list[Path], root: Path | None = None) -> LoadResult:
    from .parse_cache import ParseCache

    result = LoadResult()
    cache = ParseCache(root) if root is not None and any(Path(p).resolve() == Path(root).resolve() for p in paths) else None
    for path in record_files(paths):
        document, problems = read_document(path, root, cache)
        result.diagnostics.extend(problems)
        if document is None:
            continue
        if document.kind is None:
            result.diagnostics.append(
                diag.make(document.path, (0, 0), "E005", f"'{path.name}' is not in a record folder ({', '.join(KINDS)})")
            )
            continue
        result.documents.append(document)
    if cache is not None:
        cache.save()
    return result
