"""`counterpedia validate` without doing again what an earlier run did: its diagnostics are kept under a digest
of everything they depend on, and a run whose inputs have that digest prints them as they were.

The inputs of a run over a data folder are: the text of every file under the data folder (and the names of its
folders: an empty one is reported), the reviewed lists of `catalogue/` beside it, the package itself (each of its
files' path, size and modification time: the checks, the schemas, the messages), the versions of Python, ruamel.yaml
and jsonschema, the `COUNTERPEDIA_*` settings, the working directory (paths are shown relative to it) and the
arguments. File texts are hashed (SHA-256), never trusted by date alone: a file's digest is remembered under its
size, modification and change times and inode (counterpedia.storage.file_digests), and read again when any of
them changed. A half-applied write (E011, E012) is looked for
on every run, never kept. Anything the digest cannot vouch for (a link, a FIFO or a device in the data folder, a file
outside it, a reviewed list named on the command line) is validated as without a cache.

The result is exactly what the uncached run prints: the cache only ever replays the output of the same inputs.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path

from .. import __version__
from ..diagnostics import Diagnostic
from ..model.knowledge import KnowledgeBase
from ..storage.file_digests import FileDigests, TooLarge
from ..storage.load import MAX_FILE_BYTES
from ..storage.result_cache import ResultCache, from_rows, result_file, rows
from .per_file import KeptPerFile
from .validate import RECORD_SUFFIXES, REVIEWED_LISTS, data_root_of, list_data_folder, pending_writes, validate

FORMAT = 1
NO_CACHE = "COUNTERPEDIA_NO_CACHE"  # the parse cache's switch, which turns this one off too
PENDING_CODES = frozenset({"E011", "E012"})  # pending_writes: looked for on every run
PACKAGE = Path(__file__).resolve().parents[1]


class _Unvouched(Exception):
    """An input the digest cannot vouch for: validate without the cache."""


def cacheable_root(paths: list[Path], data_dir: Path | None) -> Path | None:
    """The data folder of a run the cache may answer: every path an existing record file or folder of one data
    folder, no reviewed list among them; None otherwise (that run is validated as without a cache)."""
    if not paths or any(not p.exists() or p.is_symlink() for p in paths):
        return None
    if data_dir is not None and not data_dir.is_dir():
        return None
    if any(p.is_file() and p.suffix.lower() not in RECORD_SUFFIXES for p in paths):
        return None
    if any(list_data_folder(p, data_dir) is not None for p in paths):
        return None
    root = data_dir or data_root_of(paths[0])
    if root is None or not root.is_dir():
        return None
    resolved = root.resolve()
    for path in paths:
        target = path.resolve()
        if target != resolved and resolved not in target.parents:
            return None
    return root


def _file_digest(path: str, digests: FileDigests, status: os.stat_result | None = None) -> bytes:
    """The file's digest (`status`: its lstat, when the caller has it already)."""
    try:
        return digests.digest(path, status or os.lstat(path), MAX_FILE_BYTES)
    except TooLarge:
        raise _Unvouched(path) from None  # too large to be a record (E004): validated afresh, never read whole


def _tree_digest(root: Path, digest, digests: FileDigests) -> None:
    """Every folder and file under `root`, each record file by its text (the others by name: validate does not
    read them); a link or a special file cannot be vouched for."""
    for folder, folders, files in os.walk(root):
        folders.sort()
        relative = os.fsencode(os.path.relpath(folder, root))
        digest.update(b"D" + relative + b"\0")
        prefix = b"" if relative == b"." else relative + b"/"
        for name in sorted(files) + [f for f in folders if os.path.islink(os.path.join(folder, f))]:
            path = os.path.join(folder, name)
            status = os.lstat(path)
            if not stat.S_ISREG(status.st_mode):
                raise _Unvouched(path)
            digest.update(b"F" + prefix + os.fsencode(name) + b"\0")
            if name.endswith(RECORD_SUFFIXES):
                digest.update(_file_digest(path, digests, status))


def _package_digest(digest) -> None:
    for folder, folders, files in os.walk(PACKAGE):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(files):
            path = os.path.join(folder, name)
            status = os.stat(path)
            digest.update(f"{os.path.relpath(path, PACKAGE)}\0{status.st_size}\0{status.st_mtime_ns}\0".encode())


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "-"


def context_key() -> str:
    """The digest of what every check's result depends on besides the data and the arguments: the package's files,
    the versions of Python and the libraries, the `COUNTERPEDIA_*` settings and the working directory."""
    digest = hashlib.sha256()
    settings = sorted((k, v) for k, v in os.environ.items() if k.startswith("COUNTERPEDIA_") and k != NO_CACHE)
    digest.update(
        repr(
            (
                FORMAT,
                __version__,
                sys.version,
                _version("ruamel.yaml"),
                _version("jsonschema"),
                settings,
                str(Path.cwd().resolve()),
            )
        ).encode("utf-8", "surrogateescape")
    )
    _package_digest(digest)
    return digest.hexdigest()


def inputs_key(
    paths: list[Path], data_dir: Path | None, root: Path, digests: FileDigests | None = None, context: str = ""
) -> str:
    """The digest of everything a validate run of `paths` over the data folder `root` depends on. `digests`: the
    files' digests remembered by an earlier run (a file whose signature changed is read again); `context`: the
    `context_key()` of this run (computed when not given)."""
    digests = digests if digests is not None else FileDigests(None)
    digest = hashlib.sha256()
    digest.update(
        repr(
            (
                context or context_key(),
                [str(p) for p in paths],
                [str(p.resolve()) for p in paths],
                str(data_dir) if data_dir is not None else None,
                str(root.resolve()),
            )
        ).encode("utf-8", "surrogateescape")
    )
    _tree_digest(root, digest, digests)
    for list_path in REVIEWED_LISTS:
        path = list_path(root)
        digest.update(b"L" + os.fsencode(str(path)) + b"\0")
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise _Unvouched(str(path))
        if path.is_file():
            digest.update(_file_digest(str(path), digests))
    return digest.hexdigest()


def _stored(diagnostics: list[Diagnostic]) -> list[list[object]]:
    return rows([d for d in diagnostics if d.code not in PENDING_CODES])


def diagnostics(
    paths: list[Path],
    data_dir: Path | None = None,
    use_cache: bool = True,
    outlive: Callable[[object], None] = lambda _kb: None,
) -> list[Diagnostic]:
    """What `validate(paths, data_dir)` reports, from the cache when its inputs have not changed since it was
    kept. `use_cache=False`: validated afresh, and nothing read from or written to any cache. `outlive`: given the
    knowledge base validated, when one was (the console script keeps it rather than free it as the process ends)."""
    if not use_cache:
        with uncached():
            return _checked(validate(paths, data_dir), outlive)
    root = cacheable_root(paths, data_dir) if not os.environ.get(NO_CACHE) else None
    if root is None:
        return _checked(validate(paths, data_dir), outlive)
    digests = FileDigests(result_file(root, "digests"))
    try:
        context = context_key()
        key = inputs_key(paths, data_dir, root, digests, context)
    except (_Unvouched, OSError):
        return _checked(validate(paths, data_dir), outlive)
    cache = ResultCache(result_file(root, "validated"))
    kept = from_rows(cache.get(key))
    if kept is not None:
        digests.save()
        return sorted(kept + pending_writes(root))
    per_file = KeptPerFile(result_file(root, "checked-files"), context)
    found = _checked(validate(paths, data_dir, per_file, digests), outlive)
    per_file.save()
    try:  # the files read again are only those whose signature changed meanwhile
        unchanged = inputs_key(paths, data_dir, root, digests, context) == key
    except (_Unvouched, OSError):
        unchanged = False
    digests.save()
    if unchanged:  # a file saved while the run read the data: its result is not kept under either text
        cache.put(key, _stored(found))
    return found


def _checked(validated: tuple[KnowledgeBase, list[Diagnostic]], outlive: Callable[[object], None]) -> list[Diagnostic]:
    outlive(validated[0])
    return validated[1]


@contextmanager
def uncached() -> Iterator[None]:
    """No cache read or written while inside (the parse cache included): `validate --no-cache`."""
    before = os.environ.get(NO_CACHE)
    os.environ[NO_CACHE] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ[NO_CACHE]
        else:
            os.environ[NO_CACHE] = before
