"""Reading the YAML records from disk with ruamel.yaml, keeping positions for diagnostics."""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.constructor import DuplicateKeyError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from .. import diagnostics as diag
from .. import kinds
from .file_digests import FileDigests, TooLarge, read_up_to
from .parse_cache import ParseCache, pickled
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

    The data comes from the fast (C) loader, or from the parse cache; the node tree that knows line and column is
    composed (by the C parser too: 100 times faster than the round-trip loader on a 10 MB file) only when a
    position is asked for, which is rare: when there is something to report. So is the text: a document from the
    parse cache holds its file's bytes, decoded when first asked for."""

    path: str  # as shown in diagnostics (relative to the working directory when possible)
    kind: str | None
    data: dict[str, Any]
    stem: str
    text: str | bytes = field(
        default="", repr=False, compare=False
    )  # the file's text, or its UTF-8 bytes until `source` is read
    # The SHA-256 of the file's bytes (b"" when not known): what the text is, without reading it.
    digest: bytes = field(default=b"", repr=False, compare=False)
    _tree: Node | None = field(default=None, repr=False, compare=False)

    @property
    def source(self) -> str:
        """The file's text ("" when there is none)."""
        if isinstance(self.text, bytes):
            self.text = self.text.decode("utf-8")  # bytes the parse cache keeps only after they decoded once
        return self.text

    @property
    def has_source(self) -> bool:
        return bool(self.text)

    @property
    def tree(self) -> Node | None:
        """The composed YAML nodes of the source (None when there is no source to read positions from)."""
        if self._tree is None and self.text:
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
        self._listed: dict[tuple[str, str], tuple[str | None, str | None]] = {}  # by (top, folder): see `listed`
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
        return _kind_of_parts(parts)

    def listed(self, top: Path, relative: str) -> tuple[str, str | None]:
        """(shown, kind) of the file `relative` (a path with "/") found by walking the folder `top` and not a link:
        what `display` and `kind` give, worked out on text once per folder (no path objects: 5,700 files cost 1 s of
        them)."""
        folder, _, name = relative.rpartition("/")
        known = self._listed.get((str(top), folder))
        if known is None:
            base = self._folders.get(str(top))
            if base is None:
                base = self._folders[str(top)] = top.resolve()
            resolved = _joined(str(base), folder) if folder else str(base)
            shown = _relative(resolved, str(self.cwd))  # of the folder; None: not below the working directory
            within = _relative(resolved, str(self.root)) if self.root is not None else None
            # the folders below the data folder, or every folder when the file is not below it (as `kind`)
            parts = resolved.split("/") if within is None else [] if within == "." else within.split("/")
            known = self._listed[(str(top), folder)] = (shown, _kind_of_parts([*parts, name]))
        shown, kind = known
        if shown is None:
            return (_joined(str(top), relative) if str(top) != "." else relative), kind
        return (name if shown == "." else f"{shown}/{name}"), kind


def _kind_of_parts(parts: tuple[str, ...] | list[str]) -> str | None:
    """The kind of the nearest folder named after one (the last part is the file)."""
    folders = kinds.folders()
    for part in reversed(parts[:-1]):
        if part in folders:
            return folders[part]
    return None


def _joined(folder: str, relative: str) -> str:
    return folder + relative if folder.endswith("/") else f"{folder}/{relative}"


def _relative(path: str, base: str) -> str | None:
    """`path` relative to `base` (both resolved), or None when it is not below it (Path.relative_to on text)."""
    if path == base:
        return "."
    prefix = base if base.endswith("/") else base + "/"
    return path[len(prefix) :] if path.startswith(prefix) else None


def read_document(
    path: Path, root: Path | None = None, cache: ParseCache | None = None, paths: Paths | None = None
) -> tuple[Document | None, Problems]:
    found = _read_or_pending(_named(path, paths or Paths(root)), cache, None)
    if isinstance(found, _Pending):
        return _parsed(found, cache)
    return found


@dataclass(frozen=True)
class _File:
    """A record file to read: where it is, as shown in diagnostics, its kind and stem."""

    path: str  # as listed: what is opened, and what file_digests remembers it by
    shown: str
    kind: str | None
    name: str
    listed: bool = False  # found by walking a folder and not a link: its digest may be remembered

    @property
    def stem(self) -> str:  # as Path.stem
        dot = self.name.rfind(".")
        return self.name[:dot] if 0 < dot < len(self.name) - 1 else self.name


def _named(path: Path, paths: Paths) -> _File:
    """A file named by its path (not found by a walk): shown and classified as `Paths` says."""
    resolved = paths.resolve(path)
    return _File(str(path), paths.display(path, resolved), paths.kind(path, resolved), Path(path).name)


@dataclass(frozen=True)
class _Pending:
    """A file read, not in the parse cache: what `_parse_pending` decodes and parses."""

    raw: bytes  # the file's bytes
    shown: str
    stem: str
    kind: str | None
    digest: bytes


# What parsing a pending file gives: its data or None, its problems, and its data pickled for the parse cache (None
# when the cache keeps nothing). From a forked child, the data may be None beside its pickle: see `_sent`.
Parsed = tuple[dict[str, Any] | None, Problems, bytes | None]


def _parse_pending(pending: _Pending, kept: bool = False) -> Parsed:
    """`kept`: the parse cache keeps what is parsed, so the data is pickled here, as soon as it is parsed (and in
    the forked child for the child's files: not once more by the parent after it). The bytes are decoded here too,
    in the child for its files: the parent keeps their bytes, decoded only if a diagnostic needs a position."""
    try:
        source = pending.raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return None, [_undecodable(pending.shown, pending.raw, error)], None
    document, problems = parse_document(source, pending.shown, pending.stem, pending.kind)
    if document is None:
        return None, problems, None
    return document.data, problems, pickled(document.data) if kept else None  # the text stays with the caller


def _sent(outcome: Parsed) -> Parsed:
    """What a forked child sends of a file's outcome: the data's pickle alone when there is one (`_parsed`
    unpickles it), not the data pickled a second time beside it."""
    data, problems, blob = outcome
    return (None, problems, blob) if blob is not None else outcome


def _parsed(
    pending: _Pending, cache: ParseCache | None, outcome: Parsed | None = None
) -> tuple[Document | None, Problems]:
    data, problems, blob = (
        outcome if outcome is not None else _parse_pending(pending, cache is not None and cache.keeps)
    )
    if data is None and blob is not None:
        data = pickle.loads(blob)  # from the forked child (`_sent`): our own process, so nothing foreign
    if data is None:
        return None, problems
    document = Document(pending.shown, pending.kind, data, pending.stem, pending.raw, pending.digest)
    if cache is not None and not problems:
        cache.put(pending.digest, pending.raw, data, blob)
    return document, problems


def _read_or_pending(
    file: _File, cache: ParseCache | None, digests: FileDigests | None
) -> tuple[Document | None, Problems] | _Pending:
    read: tuple[bytes, bytes] | None = None  # (bytes, digest) read by `digests` this run
    if cache is not None and digests is not None and file.listed:
        # A file whose digest is remembered under what lstat says of it is neither read nor decoded.
        try:
            status = os.lstat(file.path)
            digest = digests.digest(file.path, status, MAX_FILE_BYTES) if stat.S_ISREG(status.st_mode) else None
        except (OSError, TooLarge):
            digest = None  # read below, and reported as it is
        found = cache.get(digest) if digest is not None else None
        if found is not None:
            return Document(file.shown, file.kind, found[0], file.stem, found[1], digest or b""), []
        read = digests.take(file.path, status) if digest is not None else None
    if read is not None:
        raw, digest = read  # a regular file, within MAX_FILE_BYTES: what read_record_bytes would have read
    else:
        try:
            raw = read_record_bytes(Path(file.path))
        except RecordTooLarge as error:
            return None, [diag.make(file.shown, (0, 0), "E013", str(error))]
        except OSError as error:
            return None, [diag.make(file.shown, (0, 0), "E004", f"cannot read the file: {error.strerror or error}")]
        digest = b""
    digest = digest or hashlib.sha256(raw).digest()
    if cache is not None:  # counterpedia.storage.parse_cache: the data of a file whose exact bytes were parsed before
        found = cache.get(digest)
        if found is not None:
            try:  # bytes that do not decode are reported, whatever a snapshot says of them
                source = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                return None, [_undecodable(file.shown, raw, error)]
            return Document(file.shown, file.kind, found[0], file.stem, source, digest), []
    return _Pending(raw, file.shown, file.stem, file.kind, digest)  # decoded with the parse, forked or not


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
        raw = read_up_to(stream, os.fstat(stream.fileno()).st_size, MAX_FILE_BYTES)
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


def _undecodable(shown: str, raw: bytes, error: UnicodeDecodeError) -> diag.Diagnostic:
    return diag.make(shown, _byte_position(raw, error.start), "E004", _decoding_problem(raw, error))


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
    # A plain record (nearly all of them), read three times faster. First: it reads events one by one (libyaml's
    # parser keeps its own stack, so 100,000 levels cannot crash it) and gives up past MAX_DEPTH, so what it
    # reads needs no depth guard (the guard's scan of every line was a third of the parse's time).
    plain = read_plain(source)
    if plain is not UNSURE:
        return Document(shown, kind, plain[0], stem, source), []
    if might_be_too_deep(source):  # before the C loader, whose composer recurses: 100,000 levels crash it
        problem = depth_problem(source)
        if problem is not None:
            return None, [diag.make(shown, problem.position, problem.code, problem.message)]
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


def _nothing() -> None:
    pass


@dataclass
class LoadResult:
    documents: list[Document] = field(default_factory=list)
    diagnostics: list[diag.Diagnostic] = field(default_factory=list)
    # Writes the parse cache's snapshot, when `load_paths` was asked to leave it to the caller (`save_later`).
    save_cache: Callable[[], None] = _nothing


RECORD_SUFFIXES = (".yaml", ".yml")


def _walk(top: str) -> list[tuple[str, bool]]:
    """(path relative to `top` with "/", whether it is a link) of each file under `top` named like a record, as
    `record_files` lists them: the .yaml files, then the .yml ones, each sorted as paths are. Folders that are links
    are not entered (as Path.rglob); anything named like a record but a folder (through a link too) is not a file."""
    found: list[tuple[str, bool]] = []

    def visit(folder: str, prefix: str) -> None:
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except PermissionError:  # as Path.rglob: a folder that cannot be listed is left out
            return
        for entry in entries:
            name = entry.name
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_folder = False
            if is_folder:
                visit(entry.path, f"{prefix}{name}/")
            elif name.endswith(RECORD_SUFFIXES):
                link = entry.is_symlink()
                if not (link and os.path.isdir(entry.path)):
                    found.append((prefix + name, link))

    visit(top, "")
    # rglob("*.yaml"), then rglob("*.yml"), each sorted as Path objects are: part by part
    found.sort(key=lambda item: (item[0].endswith(".yml"), item[0].split("/")))
    return found


def _files(paths: list[Path], where: Paths) -> list[_File]:
    files: list[_File] = []
    for path in paths:
        if not path.is_dir():
            files.append(_named(path, where))
            continue
        top = Path(path)
        for relative, link in _walk(str(top)):
            if link:  # shown and classified as where it leads (Paths.resolve)
                files.append(_named(top / relative, where))
            else:
                shown, kind = where.listed(top, relative)
                files.append(_File(_child(top, relative), shown, kind, relative.rpartition("/")[2], listed=True))
    return files


def _child(top: Path, relative: str) -> str:
    """str(top / relative), without the path object."""
    folder = str(top)
    return relative if folder == "." else _joined(folder, relative)


def record_files(paths: list[Path]) -> list[Path]:
    """The record files of these paths: a folder's files named like records, each file named as it is. Anything
    named like a record but a folder is a record file: a FIFO or a link to /dev/zero is reported (E004), never
    skipped in silence nor read forever."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(Path(_child(path, relative)) for relative, _ in _walk(str(path)))
        else:
            files.append(path)
    return files


def has_record_file(folder: Path) -> bool:
    """Whether `record_files([folder])` would find any file: stops at the first (not a sorted list of thousands)."""
    return any(not p.is_dir() for pattern in ("*.yaml", "*.yml") for p in folder.rglob(pattern))


def load_paths(
    paths: list[Path], root: Path | None = None, digests: FileDigests | None = None, save_later: bool = False
) -> LoadResult:
    """The documents of the record files at `paths` (folders walked), and the problems met reading them. With the
    whole data folder `root`, the parse cache is used; `digests`: the files' digests remembered by an earlier run
    (counterpedia.storage.file_digests), by which a file the cache holds is neither read nor decoded. `save_later`:
    the parse cache is written by the caller (`LoadResult.save_cache`: `validate` writes it while a forked child
    checks records), not before returning."""
    result = LoadResult()
    cache = (
        ParseCache(root) if root is not None and any(Path(p).resolve() == Path(root).resolve() for p in paths) else None
    )
    files = _files(paths, Paths(root))
    found = [_read_or_pending(file, cache, digests) for file in files]
    # What the cache does not hold is parsed, in two processes when that is safe and pays (a fresh clone).
    pending = [item for item in found if isinstance(item, _Pending)]
    kept = cache is not None and cache.keeps
    outcomes = iter(map_in_two(partial(_parse_pending, kept=kept), pending, sent=_sent))
    for file, item in zip(files, found):
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
                    f"'{file.name}' is not in a record folder ({', '.join(kinds.folders())})",
                )
            )
            continue
        result.documents.append(document)
    if cache is not None:
        if save_later:
            result.save_cache = cache.save
        else:
            cache.save()
    return result
