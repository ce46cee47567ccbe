"""Reading the YAML records from disk with ruamel.yaml, keeping positions for diagnostics."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.constructor import DuplicateKeyError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from .. import diagnostics as diag
from .. import kinds
from .parse_cache import ParseCache
from .parse_many import map_in_two
from .yamlevents import UNSURE
from .yamlevents import read as read_plain
from .yamlio import fast_loader, yaml_loader
from .yamlshape import depth_problem, might_be_too_deep, problem_of, unreadable_scalar

# A path inside a record's data: keys and list indexes, e.g. ("rules", 3, "text").
Keys = tuple[Any, ...]
Problems = list[diag.Diagnostic]


def schema_kind(path: Path, root: Path | None = None) -> str | None:
    """The schema a YAML file follows: its record kind, or that of a known file outside data/."""
    return kind_of(path, root) or kinds.OTHER_FILES.get(Path(path).name)


@dataclass
class Document:
    """One YAML record as read from disk: its plain data, and a way back to positions.

    The data comes from the fast (C) loader; the node tree that knows line and column is composed
    (by the C parser too: 100 times faster than the round-trip loader on a 10 MB file) only when a
    position is asked for, which is rare: when there is something to report."""

    path: str  # as shown in diagnostics (relative to the working directory when possible)
    kind: str | None
    data: dict[str, Any]
    stem: str
    source: str = ""
    _tree: Node | None = field(default=None, repr=False, compare=False)
    # The data is JSON as it is (counterpedia.storage.yamlevents): the parse cache stores it without converting it.
    json_ready: bool = field(default=False, repr=False, compare=False)

    @property
    def tree(self) -> Node | None:
        """The composed YAML nodes of the source (None when there is no source to read positions from)."""
        if self._tree is None and self.source:
            self._tree = fast_loader().compose(self.source)
        return self._tree

    def position(self, keys: Keys = ()) -> tuple[int, int]:
        """0-based (line, column) of the value at `keys` (or of the nearest ancestor that has one)."""
        return locate_node(self.tree, keys)

    def key_position(self, keys: Keys) -> tuple[int, int]:
        return key_node_position(self.tree, keys)


def locate(node: Any, keys: Keys) -> tuple[int, int]:
    """0-based (line, column) of the value at `keys` in a round-trip tree (CommentedMap), or of the nearest
    ancestor found."""
    position: tuple[int, int] = (0, 0)
    if hasattr(node, "lc"):
        position = (node.lc.line, node.lc.col)
    for key in keys:
        if isinstance(node, CommentedMap) and key in node:
            position = (
                node.lc.value(key)
                if node[key] is not None and not isinstance(node[key], (dict, list))
                else node.lc.key(key)
            )
            node = node[key]
        elif isinstance(node, CommentedSeq) and isinstance(key, int) and 0 <= key < len(node):
            position = node.lc.item(key)
            node = node[key]
        else:
            break
    return position


def _mark(node: Node) -> tuple[int, int]:
    return (node.start_mark.line, node.start_mark.column)


def _entry(node: Node, key: object) -> tuple[Node, Node] | None:
    """The (key node, value node) of `key` in a composed mapping, or None."""
    if not isinstance(node, MappingNode):
        return None
    wanted = "" if key is None else str(key).lower() if isinstance(key, bool) else str(key)
    for key_node, value_node in node.value:
        if isinstance(key_node, ScalarNode) and (
            key_node.value == wanted or (key is None and key_node.value in ("~", "null"))
        ):
            return key_node, value_node
        if (
            isinstance(key, tuple)
            and isinstance(key_node, SequenceNode)
            and [getattr(item, "value", None) for item in key_node.value] == [str(k) for k in key]
        ):
            return key_node, value_node  # `? [en, fr]`: the safe loader makes the list a tuple
    return None


def _is_plain_value(node: Node) -> bool:
    return isinstance(node, ScalarNode) and not str(node.tag).endswith(":null")


def locate_node(node: Node | None, keys: Keys) -> tuple[int, int]:
    """As `locate`, on composed nodes: a scalar's own position, a mapping's or list's (or null's) key."""
    if node is None:
        return (0, 0)
    position = _mark(node)
    for key in keys:
        entry = _entry(node, key)
        if entry is not None:
            key_node, value_node = entry
            position = _mark(value_node) if _is_plain_value(value_node) else _mark(key_node)
            node = value_node
        elif isinstance(node, SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
            node = node.value[key]
            position = _mark(node)
        else:
            break
    return position


def key_node_position(node: Node | None, keys: Keys) -> tuple[int, int]:
    """Position of the last key itself (for "unexpected key" and "missing key" diagnostics)."""
    if node is None:
        return (0, 0)
    *parents, last = keys or (None,)
    for key in parents:
        entry = _entry(node, key)
        if entry is not None:
            node = entry[1]
        elif isinstance(node, SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
            node = node.value[key]
        else:
            return _mark(node)
    entry = _entry(node, last)
    return _mark(entry[0]) if entry is not None else _mark(node)


def display_path(path: Path) -> str:
    return Paths().display(path)


def kind_of(path: Path, root: Path | None) -> str | None:
    return Paths(root).kind(path)


class Paths:
    """Where the files of one load are: `path.resolve()` computed once per folder, not five times per file
    (3,300 files: 0.4 s saved), with the same results."""

    def __init__(self, root: Path | None = None):
        self._folders: dict[str, Path] = {}
        self.cwd = Path.cwd().resolve()
        self.root = root.resolve() if root is not None else None

    def resolve(self, path: Path) -> Path:
        path = Path(path)
        if path.name in ("", ".", ".."):
            return path.resolve()
        if path.is_symlink():
            # A link to another record of the data folder is that record (shown and classified as its target
            # says); a link to a file outside it is known by where it is named: a record linked from outside the
            # repository is still that record of the data folder (its diagnostics shown, its kind known).
            target = path.resolve()
            if self.root is None or target == self.root or self.root in target.parents:
                return target
        key = str(path.parent)
        folder = self._folders.get(key)
        if folder is None:
            folder = self._folders[key] = path.parent.resolve()
        return folder / path.name

    def display(self, path: Path, resolved: Path | None = None) -> str:
        """As shown in diagnostics: relative to the working directory when possible."""
        try:
            return str((resolved or self.resolve(path)).relative_to(self.cwd))
        except ValueError:
            return str(path)

    def kind(self, path: Path, resolved: Path | None = None) -> str | None:
        """The record kind of a file: the nearest folder named after a kind, below the data folder."""
        parts = (resolved or self.resolve(path)).parts
        if self.root is not None:
            try:
                parts = (resolved or self.resolve(path)).relative_to(self.root).parts
            except ValueError:
                pass
        folders = kinds.folders()
        for part in reversed(parts[:-1]):
            if part in folders:
                return folders[part]
        return None


def read_document(
    path: Path, root: Path | None = None, cache: ParseCache | None = None, paths: Paths | None = None
) -> tuple[Document | None, Problems]:
    found = _read_or_pending(path, root, cache, paths)
    if isinstance(found, _Pending):
        return _parsed(found, cache)
    return found


@dataclass(frozen=True)
class _Pending:
    """A file read and decoded, not in the parse cache: what `parse_document` needs."""

    source: str
    shown: str
    stem: str
    kind: str | None


# What parsing a pending file gives: (its data, whether it is JSON as it is) or None, and its problems.
Parsed = tuple[tuple[dict[str, Any], bool] | None, Problems]


def _parse_pending(pending: _Pending) -> Parsed:
    document, problems = parse_document(pending.source, pending.shown, pending.stem, pending.kind)
    if document is None:
        return None, problems
    return (document.data, document.json_ready), problems  # the source stays with the caller: not sent twice


def _parsed(
    pending: _Pending, cache: ParseCache | None, outcome: Parsed | None = None
) -> tuple[Document | None, Problems]:
    data, problems = outcome if outcome is not None else _parse_pending(pending)
    if data is None:
        return None, problems
    document = Document(pending.shown, pending.kind, data[0], pending.stem, pending.source, json_ready=data[1])
    if cache is not None and not problems:
        cache.put(pending.source, document.data, document.json_ready)
    return document, problems


def _read_or_pending(
    path: Path, root: Path | None, cache: ParseCache | None, paths: Paths | None
) -> tuple[Document | None, Problems] | _Pending:
    paths = paths or Paths(root)
    resolved = paths.resolve(path)
    shown = paths.display(path, resolved)
    kind = paths.kind(path, resolved)
    try:
        raw = read_record_bytes(path)
    except RecordTooLarge as error:
        return None, [diag.make(shown, (0, 0), "E013", str(error))]
    except OSError as error:
        return None, [diag.make(shown, (0, 0), "E004", f"cannot read the file: {error.strerror or error}")]
    try:
        source = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return None, [diag.make(shown, _byte_position(raw, error.start), "E004", _decoding_problem(raw, error))]
    if cache is not None:  # counterpedia.storage.parse_cache: the data of a file whose exact text was parsed before
        data = cache.get(source)
        if isinstance(data, dict):
            return Document(shown, kind, data, path.stem, source), []
    return _Pending(source, shown, path.stem, kind)


# The largest record is 46 KB (data/rules/counters.yaml): a file of several megabytes is not a record, and
# reading it (a 5-million-item list: 52 s, 1.9 GB) would only find that out slowly. /dev/zero never ends.
MAX_FILE_BYTES = 4 * 1024 * 1024


class RecordTooLarge(OSError):
    """A file far larger than any record: not read."""


def read_record_bytes(path: Path) -> bytes:
    """The bytes of a record file: a regular file (a FIFO, a device such as /dev/zero or a symbolic link to
    one is refused: OSError) of at most MAX_FILE_BYTES (RecordTooLarge)."""
    if not _regular(path):
        _refuse(path)
    with open(path, "rb") as stream:
        raw = stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise RecordTooLarge(
            f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB, "
            "far larger than any record (a few KB): not read"
        )
    return raw


def _regular(path: Path) -> bool:
    return stat.S_ISREG(os.stat(path).st_mode)


def _refuse(path: Path) -> None:
    mode = os.stat(path).st_mode
    what = (
        "a named pipe (FIFO)"
        if stat.S_ISFIFO(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a folder"
        if stat.S_ISDIR(mode)
        else "not a regular file"
    )
    raise OSError(0, f"it is {what}, not a regular file: a record is a text file")


_OTHER_ENCODINGS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def _byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    """0-based line and column (in characters) of a byte offset."""
    line = raw.count(b"\n", 0, offset)
    start = raw.rfind(b"\n", 0, offset) + 1
    return line, len(raw[start:offset].decode("utf-8", errors="replace"))


def _decoding_problem(raw: bytes, error: UnicodeDecodeError) -> str:
    for mark, encoding in _OTHER_ENCODINGS:
        if raw.startswith(mark):
            return f"the file is {encoding} text: save it as UTF-8"
    return f"byte 0x{raw[error.start]:02x} is not UTF-8 ({error.reason}): save the file as UTF-8"


def parse_document(
    source: str, shown: str, stem: str, kind: str | None
) -> tuple[Document | None, list[diag.Diagnostic]]:
    if might_be_too_deep(source):  # checked first: the C loader crashes on 100,000 levels
        problem = depth_problem(source)
        if problem is not None:
            return None, [diag.make(shown, problem.position, problem.code, problem.message)]
    plain = read_plain(source)  # a plain record (nearly all of them), read three times faster
    if plain is not UNSURE:
        return Document(shown, kind, plain[0], stem, source, json_ready=plain[1]), []
    try:
        data = fast_loader().load(source)
    except YAMLError as error:
        return None, _syntax_problems(source, shown, error)
    except RecursionError:
        return None, [diag.make(shown, (0, 0), "E006", "values nest too deeply to be read")]
    except (ValueError, OverflowError) as error:  # a number of 100,000 digits, a date past year 9999…
        return None, [
            diag.make(shown, unreadable_scalar(source), "E001", f"a value cannot be read: {_one_line(str(error))}")
        ]
    if not isinstance(data, dict):
        what = "a list" if isinstance(data, list) else "nothing" if data is None else f"a single value ({_brief(data)})"
        return None, [diag.make(shown, (0, 0), "E003", f"the file holds {what}, not a mapping of fields")]
    problem = problem_of(data, source)
    if problem is not None:
        return None, [diag.make(shown, problem.position, problem.code, problem.message)]
    return Document(shown, kind, data, stem, source), []


def _brief(value: object, limit: int = 40) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[: limit - 1] + "…"


# What the fast (safe) loader refuses that the round-trip one accepts: each its own code and hint.
_CONSTRUCTOR_PROBLEMS = (
    ("could not determine a constructor for the tag", "E007"),
    ("found unhashable key", "E008"),
)


def _syntax_problems(source: str, shown: str, fast_error: YAMLError | None = None) -> list[diag.Diagnostic]:
    """Locate a YAML error with the round-trip parser, whose messages and marks editors know; what it
    accepts (tags, mappings as keys, escapes that are not characters), with the fast loader's own."""
    try:
        yaml_loader().load(source)
    except DuplicateKeyError as error:
        mark = error.problem_mark
        return [diag.make(shown, (mark.line, mark.column), "E002", _one_line(error.problem))]
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        position = (mark.line, mark.column) if mark else (0, 0)
        problem = _one_line(error.problem or str(error))
        if error.context and problem.startswith("but "):  # "but found another document": say what was expected
            problem = f"{_one_line(error.context)}, {problem}"
        return [diag.make(shown, position, "E001", problem)]
    except ReaderError as error:  # a character YAML does not allow (a NUL, a control character)
        return [
            diag.make(
                shown,
                _char_position(source, error.position),
                "E001",
                f"character U+{error.character:04X} is not allowed in YAML ({error.reason}): remove it"
                if isinstance(error.character, int)
                else _one_line(str(error)),
            )
        ]
    except YAMLError as error:
        return [diag.make(shown, (0, 0), "E001", _one_line(str(error)))]
    except RecursionError:
        pass
    if isinstance(fast_error, MarkedYAMLError):
        mark = fast_error.problem_mark or fast_error.context_mark
        position = (mark.line, mark.column) if mark else (0, 0)
        problem = _one_line(fast_error.problem or str(fast_error))
        for text, code in _CONSTRUCTOR_PROBLEMS:
            if text in problem:
                if code == "E007":
                    tag = problem.split("tag", 1)[1].strip(" '")
                    tag = tag.replace("tag:yaml.org,2002:", "!!")
                    return [diag.make(shown, position, code, f"the tag {_brief(tag, 60)} asks YAML to build an object")]
                return [diag.make(shown, position, code, "a mapping or a list is used as a key here")]
        if "invalid Unicode character escape" in problem:
            problem += " (\\ud800 to \\udfff are halves of UTF-16 pairs, not characters: write the character itself)"
        return [diag.make(shown, position, "E001", problem)]
    return [diag.make(shown, (0, 0), "E001", "the YAML could not be read")]


def _char_position(source: str, index: int) -> tuple[int, int]:
    line = source.count("\n", 0, index)
    return line, index - (source.rfind("\n", 0, index) + 1)


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
            # Anything named like a record but a folder is a record file: a FIFO or a link to /dev/zero is reported
            # (E004), never skipped in silence nor read forever.
            files.extend(sorted(p for p in path.rglob("*.yaml") if not p.is_dir()))
            files.extend(sorted(p for p in path.rglob("*.yml") if not p.is_dir()))
        else:
            files.append(path)
    return files


def has_record_file(folder: Path) -> bool:
    """Whether `record_files([folder])` would find any file: stops at the first (not a sorted list of thousands)."""
    return any(not p.is_dir() for pattern in ("*.yaml", "*.yml") for p in folder.rglob(pattern))


def load_paths(paths: list[Path], root: Path | None = None) -> LoadResult:
    result = LoadResult()
    cache = (
        ParseCache(root) if root is not None and any(Path(p).resolve() == Path(root).resolve() for p in paths) else None
    )
    where = Paths(root)
    files = record_files(paths)
    found = [_read_or_pending(path, root, cache, where) for path in files]
    # What the cache does not hold is parsed, in two processes when that is safe and pays (a fresh clone).
    pending = [item for item in found if isinstance(item, _Pending)]
    outcomes = iter(map_in_two(_parse_pending, pending))
    for path, item in zip(files, found):
        document, problems = _parsed(item, cache, next(outcomes)) if isinstance(item, _Pending) else item
        result.diagnostics.extend(problems)
        if document is None:
            continue
        if document.kind is None:
            result.diagnostics.append(
                diag.make(
                    document.path,
                    (0, 0),
                    "E005",
                    f"'{path.name}' is not in a record folder ({', '.join(kinds.folders())})",
                )
            )
            continue
        result.documents.append(document)
    if cache is not None:
        cache.save()
    return result
